//go:build js && wasm

package jsapi

import (
	"runtime"
	_ "unsafe" // go:linkname
)

// Go's collector marks on the program's only thread, and in js/wasm its
// worker gets a turn only when the scheduler runs: when JavaScript calls
// a js.Func, or a timer fires. The exported calls never get there. A
// collection started by an exported call that allocated (a large file's
// parse) then marks until the page next calls a js.Func, which a script
// testing URL after URL may never do; all that while each pointer
// written goes through the write barrier, and the page's robotsTester
// (the program of the page, whose collections are larger) answered in
// twice the time of robotsTesterCore's (issue 26, 0366.txt's parse and
// first answer: 5.80 µs against 2.90).
//
// So an exported call that finds the collector marking yields once to
// the scheduler first, which gives the mark worker its share of the
// thread (a quarter of the time since marking began): the collection
// ends as it would in a program whose goroutines take turns.

// writeBarrier is the runtime's flag of that name, on while the collector
// marks. The runtime keeps it for packages outside (go.dev/issue/67401:
// "do not remove or change the type signature").
//
//go:linkname writeBarrier runtime.writeBarrier
var writeBarrier struct {
	enabled bool
	pad     [3]byte
	alignme uint64
}

// exportCalls counts the exported calls that read or write the input
// buffer.
var exportCalls uint32

// startExport starts an exported call that reads the input buffer,
// letting the collector mark first when it marks. It is false when
// another exported call ran while this one yielded: JavaScript that a
// goroutine's turn ran may have called one, whose input took this call's
// place. The call then returns -1, and the wrapper asks the js.Func,
// which reads its arguments from JavaScript.
func startExport() bool {
	exportCalls++
	if !writeBarrier.enabled {
		return true
	}
	n := exportCalls
	runtime.Gosched()
	return exportCalls == n
}
