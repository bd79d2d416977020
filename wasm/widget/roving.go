//go:build js && wasm

package widget

import (
	"syscall/js"

	"github.com/hexops/vecty"
)

// A list of buttons written as HTML (the rule hits, the findings) is one
// stop in the Tab order: its first button has tabindex 0, the others -1,
// and the arrow keys, Home and End move the focus inside it, taking the
// Tab stop along (WAI-ARIA Authoring Practices, "Managing focus within
// components using a roving tabindex"). Issue 22: 48 Tab presses took a
// person from the Results tab to the filter, one per rule hit and finding.

// RovingTabindex is the tabindex attribute of the item at index i of such
// a list, as its HTML is written.
func RovingTabindex(i int) string {
	if i == 0 {
		return ` tabindex="0"`
	}
	return ` tabindex="-1"`
}

// RovingKey moves the focus among the items (matched by items) of the list
// (matched by list) that holds the key event's target, and reports whether
// the key was one it handles. Items not shown (in a closed details) are
// skipped.
func RovingKey(ev *vecty.Event, list, items string) bool {
	target := ev.Target
	box := target.Call("closest", list)
	if !box.Truthy() || !target.Call("matches", items).Bool() {
		return false
	}
	all := box.Call("querySelectorAll", items)
	var shown []js.Value
	at := -1
	for i := range all.Length() {
		el := all.Index(i)
		if el.Call("getClientRects").Length() == 0 {
			continue
		}
		if el.Equal(target) {
			at = len(shown)
		}
		shown = append(shown, el)
	}
	if at < 0 {
		return false
	}
	next := at
	switch ev.Get("key").String() {
	case "ArrowDown", "ArrowRight":
		next = min(at+1, len(shown)-1)
	case "ArrowUp", "ArrowLeft":
		next = max(at-1, 0)
	case "Home":
		next = 0
	case "End":
		next = len(shown) - 1
	default:
		return false
	}
	ev.Call("preventDefault")
	for i := range all.Length() {
		all.Index(i).Call("setAttribute", "tabindex", "-1")
	}
	shown[next].Call("setAttribute", "tabindex", "0")
	shown[next].Call("focus")
	return true
}
