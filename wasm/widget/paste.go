//go:build js && wasm

package widget

import (
	"strings"
	"syscall/js"
	"time"

	"github.com/hexops/vecty"

	"robotstester/wasm/browser"
	"robotstester/wasm/model"
)

// LongPaste keeps a paste that would make a textarea's text longer than
// MaxEditBytes out of it: the browser would lay the whole text out in the
// paste's task. The text (the textarea's, as bytes turns the parts before
// and after the selection, with the paste in place of the selection) is
// read into Go a piece at a time, in slices, and given to done. It reports
// whether it took the paste.
func LongPaste(ev *vecty.Event, bytes func(before, after string) (string, string), done func(text string)) bool {
	data := ev.Get("clipboardData")
	if !data.Truthy() {
		return false
	}
	area := ev.Target
	value := js.Global().Get("Object").Invoke(area.Get("value"))
	start, end := area.Get("selectionStart").Int(), area.Get("selectionEnd").Int()
	// A String object: its length is read without copying the text.
	pasted := js.Global().Get("Object").Invoke(data.Call("getData", "text/plain"))
	n := pasted.Get("length").Int()
	if area.Get("textLength").Int()-(end-start)+n <= model.MaxEditBytes {
		return false
	}
	ev.Call("preventDefault")
	before, after := bytes(value.Call("substring", 0, start).String(), value.Call("substring", end).String())
	var b strings.Builder
	at := 0
	browser.RunSliced(func(deadline time.Time) bool {
		if b.Cap() == 0 {
			// Megabytes, which can start a collection: not in the
			// paste's own task.
			b.Grow(len(before) + n + len(after))
			b.WriteString(before)
		}
		for at < n && time.Now().Before(deadline) {
			var piece string
			piece, at = browser.NextPiece(pasted, at, n)
			b.WriteString(piece)
		}
		return at == n
	}, func() {
		b.WriteString(after)
		done(b.String())
	})
	return true
}
