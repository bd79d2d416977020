//go:build js && wasm

package main

import (
	"errors"
	"math"
	"sync"
	"syscall/js"
)

// heightMessage is the postMessage type an embedding page listens for.
const heightMessage = "robots-tester:height"

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
	s, _, _ := decodeFragment(locationHash())
	return on("embed") || s.Embed, on("readonly") || s.ReadOnly
})

// embedMode reports whether the page runs in the compact layout for an
// <iframe>.
func embedMode() bool {
	embed, _ := embedFlags()
	return embed
}

// readOnlyMode reports whether the embedded editor is read-only. It only
// applies in embed mode: the full tester is always editable.
func readOnlyMode() bool {
	embed, readOnly := embedFlags()
	return embed && readOnly
}

// openFullLink is the address of the full tester holding s: this page,
// without its embed query, with s in the fragment.
func openFullLink(s Saved) (string, error) {
	s.Embed, s.ReadOnly = false, false
	frag, err := encodeFragment(s)
	if err != nil {
		return "", err
	}
	return pageAddress() + frag, nil
}

// shareLink is the permalink of s for the page as it is opened now (embed
// flags kept in the state, so a link made in embed mode embeds the same way).
func shareLink(s Saved) (string, error) {
	frag, err := encodeFragment(s)
	if err != nil {
		return "", err
	}
	return pageAddress() + frag, nil
}

// pageAddress is the page's address without query and fragment.
func pageAddress() string {
	loc := js.Global().Get("location")
	if loc.Get("protocol").String() == "file:" {
		return "file://" + loc.Get("pathname").String()
	}
	return loc.Get("origin").String() + loc.Get("pathname").String()
}

// copyLink builds the permalink of s and copies it to the clipboard. done
// gets the link even when copying failed (the UI shows it to copy by hand);
// err is a sentence for the user.
func copyLink(s Saved, done func(link string, err error)) {
	link, err := shareLink(s)
	if err != nil {
		done("", err)
		return
	}
	clip := js.Global().Get("navigator").Get("clipboard")
	if clip.IsUndefined() {
		done(link, errClipboard)
		return
	}
	var ok, fail js.Func
	release := func() { ok.Release(); fail.Release() }
	ok = js.FuncOf(func(js.Value, []js.Value) any {
		release()
		done(link, nil)
		return nil
	})
	fail = js.FuncOf(func(js.Value, []js.Value) any {
		release()
		done(link, errClipboard)
		return nil
	})
	clip.Call("writeText", link).Call("then", ok, fail)
}

var errClipboard = errors.New("The browser did not let the page copy the link: select the link shown here and copy it yourself.")

// reportHeight tells the embedding page the height of the content each time
// it changes, so the <iframe> can fit it without a scroll bar:
//
//	{type: "robots-tester:height", height: N}
//
// The message goes to any origin ("*"): it carries a number and nothing of
// the user's robots.txt. Outside an <iframe> it does nothing.
func reportHeight() {
	win := js.Global()
	if win.Get("parent").Equal(win) {
		return
	}
	body := win.Get("document").Get("body")
	last := -1
	post := func() {
		// The body's box plus its margins: the document's own height,
		// which, unlike scrollHeight, also shrinks when content goes.
		style := win.Call("getComputedStyle", body)
		px := func(v string) float64 { return win.Call("parseFloat", style.Get(v)).Float() }
		h := body.Call("getBoundingClientRect").Get("height").Float() + px("marginTop") + px("marginBottom")
		n := int(math.Ceil(h))
		if n == last {
			return
		}
		last = n
		win.Get("parent").Call("postMessage", map[string]any{"type": heightMessage, "height": n}, "*")
	}
	post()
	if ro := win.Get("ResizeObserver"); !ro.IsUndefined() {
		ro.New(js.FuncOf(func(js.Value, []js.Value) any {
			post()
			return nil
		})).Call("observe", body)
	}
}
