//go:build js && wasm

// Package jsapi turns JavaScript arguments into engine calls and engine
// answers into plain JavaScript values, for the programs that expose the
// engine to scripts (wasm/core today). It decides nothing itself: every
// verdict, line and sentence comes from package engine, and nothing here
// touches the DOM, so it runs in a window and in a Worker alike.
package jsapi
