//go:build js && wasm

package browser

import (
	"errors"
	"syscall/js"
)

// readFile reads a File (from a file picker or a drop) as bytes, exactly:
// arrayBuffer, never text, which would decode the bytes and lose CRLF, BOM
// or invalid UTF-8. done runs on the browser's event loop.
func readFile(file js.Value, done func(name string, data []byte, err error)) {
	name := file.Get("name").String()
	var then, fail js.Func
	release := func() { then.Release(); fail.Release() }
	then = js.FuncOf(func(_ js.Value, args []js.Value) any {
		release()
		buf := js.Global().Get("Uint8Array").New(args[0])
		data := make([]byte, buf.Get("length").Int())
		js.CopyBytesToGo(data, buf)
		done(name, data, nil)
		return nil
	})
	fail = js.FuncOf(func(_ js.Value, args []js.Value) any {
		release()
		done(name, nil, errors.New(name+" could not be read ("+args[0].Call("toString").String()+"): open it again, or paste its text."))
		return nil
	})
	file.Call("arrayBuffer").Call("then", then, fail)
}

// WatchFileInput calls done with the bytes of each file chosen in an
// <input type=file>, then clears the input so choosing the same file again
// reads it again.
func WatchFileInput(input js.Value, done func(name string, data []byte, err error)) {
	input.Call("addEventListener", "change", js.FuncOf(func(js.Value, []js.Value) any {
		files := input.Get("files")
		if files.Length() > 0 {
			readFile(files.Index(0), done)
		}
		input.Set("value", "")
		return nil
	}))
}

// WatchDrop makes el a drop target for one file (a robots.txt dragged onto
// the editor): the dropped file's bytes go to done, and text drops keep the
// browser's own behaviour.
func WatchDrop(el js.Value, done func(name string, data []byte, err error)) {
	hasFile := func(ev js.Value) bool {
		dt := ev.Get("dataTransfer")
		if dt.IsNull() || dt.IsUndefined() {
			return false
		}
		types := dt.Get("types")
		for i := range types.Length() {
			if types.Index(i).String() == "Files" {
				return true
			}
		}
		return false
	}
	el.Call("addEventListener", "dragover", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if hasFile(args[0]) {
			args[0].Call("preventDefault")
			args[0].Get("dataTransfer").Set("dropEffect", "copy")
		}
		return nil
	}))
	el.Call("addEventListener", "drop", js.FuncOf(func(_ js.Value, args []js.Value) any {
		ev := args[0]
		if !hasFile(ev) {
			return nil
		}
		ev.Call("preventDefault")
		files := ev.Get("dataTransfer").Get("files")
		if files.Length() > 0 {
			readFile(files.Index(0), done)
		}
		return nil
	}))
}

// DownloadBytes offers data as a file download. The Blob is built from a
// Uint8Array, not a string, so the bytes saved are the bytes given (a string
// would be re-encoded as UTF-8).
func DownloadBytes(name, mime string, data []byte) {
	buf := js.Global().Get("Uint8Array").New(len(data))
	js.CopyBytesToJS(buf, data)
	blob := js.Global().Get("Blob").New([]any{buf}, map[string]any{"type": mime})
	url := js.Global().Get("URL").Call("createObjectURL", blob)
	doc := js.Global().Get("document")
	a := doc.Call("createElement", "a")
	a.Set("href", url)
	a.Set("download", name)
	a.Get("style").Set("display", "none")
	doc.Get("body").Call("appendChild", a)
	a.Call("click")
	a.Call("remove")
	// Revoke after the click has been handled: revoking at once can cancel
	// the download in some browsers.
	var revoke js.Func
	revoke = js.FuncOf(func(js.Value, []js.Value) any {
		js.Global().Get("URL").Call("revokeObjectURL", url)
		revoke.Release()
		return nil
	})
	js.Global().Call("setTimeout", revoke, 1000)
}

// WatchFileOnce wires the file input with the given ID, once: a view's
// Mount runs each time its tab opens.
func WatchFileOnce(id string, done func(name string, data []byte, err error)) {
	el := js.Global().Get("document").Call("getElementById", id)
	if !el.Truthy() || el.Get("dataset").Get("watched").Truthy() {
		return
	}
	el.Get("dataset").Set("watched", "true")
	WatchFileInput(el, done)
}
