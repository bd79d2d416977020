//go:build js && wasm

// Command wasm is the robots.txt tester's page: a Vecty UI over package
// engine, compiled to WebAssembly. It renders and dispatches; every verdict,
// line and sentence comes from the engine.
package main

import (
	"syscall/js"

	"github.com/hexops/vecty"
)

func main() {
	page := &Page{}
	store.onChange = func() { vecty.Rerender(page) }
	if err := vecty.RenderInto("#app", page); err != nil {
		fail("The tester could not start: " + err.Error() + ". Reload the page.")
		return
	}
	// Tests and benchmarks run the pending recompute at once instead of
	// waiting out the debounce.
	js.Global().Set("__robotsTesterFlush", js.FuncOf(func(js.Value, []js.Value) any {
		store.flush()
		return nil
	}))
	doc := js.Global().Get("document")
	if st := doc.Call("getElementById", "app-status"); st.Truthy() {
		st.Set("hidden", true)
	}
	doc.Get("body").Get("dataset").Set("ready", "true")
	select {}
}

// fail shows why the page cannot run, where the loading message was.
func fail(msg string) {
	if st := js.Global().Get("document").Call("getElementById", "app-status"); st.Truthy() {
		st.Set("textContent", msg)
		st.Set("hidden", false)
	}
}
