//go:build js && wasm

package main

import "robotstester/wasm/browserhost"

// core.wasm maps international host names with the browser's
// URL parser (the engine's js/wasm build has no IDNA tables), installed
// before main, so its tests map them too.
func init() {
	browserhost.Install()
}
