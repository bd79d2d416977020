//go:build js && wasm

package storage

import (
	"sync"
	"syscall/js"

	"robotstester/wasm/store"
)

// embedFlags reads, once, how the page was opened: "?embed" (any value but
// "0" or "false") or an embed flag in the fragment state selects the compact
// layout; "&readonly" or the read-only flag locks the editor.
var embedFlags = sync.OnceValues(func() (embed, readOnly bool) {
	params := js.Global().Get("URLSearchParams").New(js.Global().Get("location").Get("search"))
	on := func(name string) bool {
		if !params.Call("has", name).Bool() {
			return false
		}
		v := params.Call("get", name).String()
		return v != "0" && v != "false"
	}
	s, _, _ := store.DecodeFragment(locationHash())
	return on("embed") || s.Embed, on("readonly") || s.ReadOnly
})

// EmbedMode reports whether the page runs in the compact layout for an
// <iframe>.
func EmbedMode() bool {
	embed, _ := embedFlags()
	return embed
}

// ReadOnlyMode reports whether the embedded editor is read-only. It only
// applies in embed mode: the full tester is always editable.
func ReadOnlyMode() bool {
	embed, readOnly := embedFlags()
	return embed && readOnly
}
