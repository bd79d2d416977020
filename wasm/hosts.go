//go:build js && wasm

package main

import "robotstester/wasm/browserhost"

// The page and its workers map international host names with the browser's
// URL parser (the engine's js/wasm build has no IDNA tables), installed
// before main so the wasm-side tests map them too.
func init() {
	browserhost.Install()
}
