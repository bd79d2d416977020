//go:build js && wasm

package jsapi

import (
	"unsafe"

	"robotstester/engine"
)

// Parse, a handle's test and release called from JavaScript straight
// into the module's exported functions, not through a js.Func: a js.Func
// call wakes Go's scheduler and reads its event, its this and each
// argument with a call back into JavaScript, and each argument string is
// encoded by the browser's TextEncoder into a copy: an empty js.Func took
// 17 µs a call under Node on a loaded machine (issue 26), an exported
// function 0.08 µs. The wrappers of handles.js (appended to wasm_exec.js;
// the loaders give them the module's exports) write the robots.txt, or
// the agent and the URL, as UTF-8 into the input buffer with
// TextEncoder.encodeInto, call the function, and decode a test's answer,
// Verdict's JSON, from the output buffer, which JSON.parse turns into the
// object, as Verdict does. Numbers are all that cross: a pointer, lengths
// and the handle's id.
//
//	in := robotsTesterInput(n)                          // the input buffer, n bytes at least
//	write the robots.txt at in; id := robotsTesterParse(n)
//	write agent, then url, at in                        // TextEncoder.encodeInto
//	n := robotsTesterTest(id, agentLen, urlLen)         // the answer's length, -1 for no such handle
//	JSON.parse(decode(robotsTesterAnswer(), n))
//	robotsTesterRelease(id)
//
// Go's collector does not move what it allocated, so the buffers stay
// where their address says while Go keeps them, until the next
// robotsTesterInput grows the input; the wrapper makes its views again
// after each call, since the module's memory may have grown.

// exportIn is the input buffer of the exported calls.
var exportIn []byte

// robotsTesterInput makes the input buffer n bytes long at least and
// returns its address.
//
//go:wasmexport robotsTesterInput
func robotsTesterInput(n int32) int32 {
	if n < 1 {
		n = 1
	}
	if int(n) > cap(exportIn) {
		exportIn = make([]byte, n)
	}
	return int32(uintptr(unsafe.Pointer(&exportIn[:1][0])))
}

// robotsTesterParse parses the n bytes of the input buffer as a robots.txt
// and returns the new handle's id, or -1 when n does not fit the buffer.
//
//go:wasmexport robotsTesterParse
func robotsTesterParse(n int32) int32 {
	if n < 0 || int(n) > len(exportIn) {
		return -1
	}
	// No copy of ours: Parse copies the bytes into the file's text (a
	// string) and keeps nothing of the buffer the next call writes over.
	return int32(addParsed(engine.Parse(exportIn[:n])))
}

// robotsTesterRelease frees handle id's file; an id released twice is no
// error.
//
//go:wasmexport robotsTesterRelease
func robotsTesterRelease(id int32) {
	release(int(id))
}

// robotsTesterTest answers handle id's test of the agent and URL in the
// input buffer (agentLen bytes, then urlLen) as Verdict's JSON text, left
// in the output buffer (robotsTesterAnswer); it returns the text's
// length, or -1 when id names no file (or the lengths do not fit the
// buffer), for the wrapper to ask the js.Func, which says why in a
// sentence.
//
//go:wasmexport robotsTesterTest
func robotsTesterTest(id, agentLen, urlLen int32) int32 {
	r := parsed[int(id)]
	if r == nil || agentLen < 0 || urlLen < 0 || int64(agentLen)+int64(urlLen) > int64(len(exportIn)) {
		return -1
	}
	agent := exportIn[:agentLen]
	url := string(exportIn[agentLen : agentLen+urlLen])
	verdictBuf = appendVerdict(verdictBuf[:0], r, readAgentBytes(agent), url)
	return int32(len(verdictBuf))
}

// robotsTesterAnswer is the address of the last answer robotsTesterTest
// wrote.
//
//go:wasmexport robotsTesterAnswer
func robotsTesterAnswer() int32 {
	if len(verdictBuf) == 0 {
		return 0
	}
	return int32(uintptr(unsafe.Pointer(&verdictBuf[0])))
}

// readAgentBytes is ReadAgentCached for a name given as bytes, which it
// copies only when the name differs from the last one.
func readAgentBytes(name []byte) Agent {
	if agentCache.set && agentCache.name == string(name) {
		return agentCache.agent
	}
	return ReadAgentCached(string(name))
}
