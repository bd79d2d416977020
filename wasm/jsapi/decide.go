//go:build js && wasm

package jsapi

import "unsafe"

// A handle's testMany(agent, urls, {compact: true}) called from
// JavaScript straight into an exported function, as a handle's test is
// (exports.go): the wrapper (handles.js) joins a piece of the array into
// one string, writes the agent and it as UTF-8 into the input buffer, and
// copies the verdicts out of two buffers the module keeps. What crosses
// is bytes and numbers: no js.Value a URL, no string made of the piece
// (syscall/js's String would encode it into a copy), and no typed array
// made from Go.
//
//	write agent, then the piece's URLs joined by "\n", at in
//	robotsTesterDecide(id, agentLen, textLen, count)  // 0, or -1: ask the js.Func
//	copy count flags (1 allowed) from words[dFlags], count int32 lines from words[dLines]
//
// The URLs are matched as given, as the compact answer's are
// (engine.Tester's DecideLines: Decide, a cell of the matrix, of each
// line).

// The decide answer's words, in answer.words.
const (
	dFlags = iota // the address of the flags, a byte a URL
	dLines        // the address of the lines, an int32 a URL
)

// decided is the last piece's verdicts.
var decided struct {
	flags []byte
	lines []int32
}

// robotsTesterDecide decides the count URLs of the input buffer, after
// the agent (agentLen bytes), textLen bytes a URL a line, for handle id,
// into decided, whose addresses it writes in the answer's words. It
// returns 0, or -1 when id names no file, the lengths do not fit the
// buffer, the text holds another count of lines (a URL held a line
// break), or another call took its place (startExport): the wrapper then asks the js.Func, which reads the piece item
// by item or says why.
//
//go:wasmexport robotsTesterDecide
func robotsTesterDecide(id, agentLen, textLen, count int32) int32 {
	if !startExport() {
		return -1
	}
	f := parsed.get(int(id))
	if f == nil || agentLen < 0 || textLen < 0 || count < 1 || int64(agentLen)+int64(textLen) > int64(len(exportIn)) {
		return -1
	}
	t := f.testerFor(readAgentBytes(exportIn[:agentLen]))
	// Read in place: DecideLines keeps nothing of a URL.
	text := unsafe.String(unsafe.SliceData(exportIn[agentLen:]), textLen)
	n := int(count)
	if cap(decided.flags) < n {
		decided.flags, decided.lines = make([]byte, n), make([]int32, n)
	}
	flags, lines := decided.flags[:n], decided.lines[:n]
	if !t.DecideLines(text, flags, lines) {
		return -1
	}
	w := &answer.words
	w[dFlags] = int32(uintptr(unsafe.Pointer(unsafe.SliceData(flags))))
	w[dLines] = int32(uintptr(unsafe.Pointer(unsafe.SliceData(lines))))
	return 0
}
