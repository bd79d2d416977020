//go:build js && wasm

package browser

import "syscall/js"

// AfterPaint runs fn in a task after the browser has laid out and painted
// the page as it is now. Work that would compete with that frame for the
// CPU waits for it: a Readers tab just opened is laid out (some tens of
// milliseconds) before its comparison starts, as the comparison's first
// URLs make V8 compile the engine's hot functions again, optimised, on
// background threads that take the machine's cores from the page
// (dynamic tiering; BENCH_TRACE traces show it as wasm module-compiler
// jobs during the long tasks).
//
// The first hop is a task so that the frame asked for is a real one even
// when called within RenderNow, which takes requestAnimationFrame's
// callbacks for itself while it renders (render.go); a task posted from
// the frame's callback runs once that frame is painted.
func AfterPaint(fn func()) {
	YieldTask(func() {
		var frame js.Func
		frame = js.FuncOf(func(js.Value, []js.Value) any {
			frame.Release()
			YieldTask(fn)
			return nil
		})
		js.Global().Call("requestAnimationFrame", frame)
	})
}
