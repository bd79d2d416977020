//go:build js && wasm

// Package jsapi turns JavaScript arguments into engine calls and engine
// answers into plain JavaScript values, for the programs that expose the
// engine to scripts (wasm/core's robotsTesterCore, wasm/script's
// robotsTester). It decides nothing itself: every verdict, line and
// sentence comes from package engine, and nothing here touches the DOM, so
// it runs in a window and in a Worker alike.
//
//	api.parse(robotsTxt) ──a loop or encodeInto, robotsTesterParse, engine.Parse or Reparse of a released file──▶ a handle (handles.js, exports.go, handles.go)
//	handle.test(agent, url) ──a loop or encodeInto, robotsTesterTest: engine.Tester, WhyKey──▶ answer words + the texts not sent before ──▶ the object (exports.go, handles.js)
//	                         rules by line and reasons by number kept per handle, their texts by number for every handle (texts.go),
//	                         the group sentence by its number (group.go)
//	each exported call first lets Go's collector finish marking when it marks (marking.go)
//	handle.testMany(agent, urls, {compact}) ──pieces joined, encodeInto, robotsTesterDecide: engine.Tester's Decide──▶ verdict buffers ──▶ typed arrays (decide.go, handles.js)
//	handle.testMany(agent, urls) and other lists ──pieces joined by the browser──▶ JSON texts, or typed arrays (many.go)
//
// What crosses the boundary is few and large: a call into JavaScript from
// Go, or into Go through a js.Func, costs more than a test, so parse, a
// handle's test and its compact testMany are exported functions given
// numbers (exports.go, decide.go), whose
// object is made in JavaScript from numbers and strings sent once; the
// js.Funcs' objects are one JSON text, not a property set per field; and a
// list is one string a piece, not a string per URL.
package jsapi
