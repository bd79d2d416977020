//go:build js && wasm

package jsapi

import (
	"runtime"
	"testing"
)

// startMarking allocates until Go's collector starts marking, and stops
// there: js/wasm runs no other goroutine until this one yields, so the
// collection is left marking, as an exported call that allocated leaves
// it when it returns to JavaScript.
func startMarking(t *testing.T) {
	t.Helper()
	runtime.GC() // a cycle of its own: the next starts with the allocations below
	var keep [][]byte
	for i := 0; !writeBarrier.enabled; i++ {
		if i == 1<<24 {
			t.Fatal("16M allocations started no collection")
		}
		keep = append(keep, make([]byte, 512))
		if len(keep) == 4096 {
			keep = keep[:0]
		}
	}
	runtime.KeepAlive(keep)
}

// parseReleaseOnce parses and releases a small file through the exported
// calls, which allocate nothing once a released file is there to reuse
// (TestReleasedFileIsTheNextParse): no allocation helps the collector
// mark, so only the scheduler can.
func parseReleaseOnce(t *testing.T, text string) {
	t.Helper()
	if n := copy(exportIn, text); n < len(text) {
		t.Fatal("the input buffer is too small")
	}
	id := robotsTesterParse(0, int32(len(text)))
	if id < 0 {
		t.Fatal("robotsTesterParse gave -1")
	}
	robotsTesterRelease(id)
}

// A collection that an exported call left marking ends while exported
// calls alone follow, none of which allocates.
func TestExportedCallsLetTheCollectorFinish(t *testing.T) {
	text := "User-agent: *\nDisallow: /private\n"
	robotsTesterInput(int32(len(text)))
	parseReleaseOnce(t, text) // the spare file, made once
	startMarking(t)
	const most = 1_000_000
	calls := 0
	for writeBarrier.enabled {
		if calls == most {
			t.Fatalf("the collector still marks after %d exported calls", most)
		}
		parseReleaseOnce(t, text)
		calls++
	}
	t.Logf("marking ended after %d exported calls", calls)
}

// A call that yielded to the collector, during which a goroutine made
// another exported call (which wrote its own input into the buffer),
// answers -1 for the wrapper to ask the js.Func, not from the other's
// input; with the collector idle, it does not yield at all.
func TestExportedCallGivesWayToACallMadeWhileItYielded(t *testing.T) {
	text := "User-agent: *\nDisallow: /private\n"
	robotsTesterInput(int32(len(text)))
	for _, marking := range []bool{false, true} {
		runtime.GC()
		copy(exportIn, text)
		// The goroutine and its channels are made before the collector
		// starts: their allocations could help it finish marking before
		// the parse (seen once in a CI run).
		ready, done := make(chan bool), make(chan bool)
		go func() {
			<-ready
			robotsTesterInput(1) // another script's call, made in this goroutine's turn
			close(done)
		}()
		if marking {
			startMarking(t)
		}
		// js/wasm has one thread and does not preempt: the goroutine runs
		// only once this one yields.
		close(ready)
		id := robotsTesterParse(0, int32(len(text)))
		if marking && id != -1 {
			t.Errorf("a parse that yielded while another call ran gave handle %d, not -1", id)
		}
		if !marking && id < 0 {
			t.Errorf("a parse with the collector idle gave %d", id)
		}
		robotsTesterRelease(id)
		<-done
	}
}
