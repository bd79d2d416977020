//go:build js && wasm

package browser

import (
	"syscall/js"

	"github.com/hexops/vecty"
)

// RenderNow renders the components in the current task. Vecty v0.6.0 only batches
// renders to the next animation frame (vecty.Rerender), so a recompute's
// rows would show up to a frame before the deciding line and the why panel
// that go with them, and every change would wait for that frame. For the
// length of the call, window.requestAnimationFrame keeps the callbacks
// Vecty asks for instead, and they run at once, until Vecty's batch is
// empty and it asks for no more. So every render goes through RenderNow: a
// vecty.Rerender elsewhere would have Vecty wait for a real frame, and
// RenderNow's renders with it (Vecty asks for one frame at a time).
func RenderNow(cs ...vecty.Component) {
	w := js.Global()
	native := w.Get("requestAnimationFrame")
	var frames []js.Value
	grab := js.FuncOf(func(_ js.Value, args []js.Value) any {
		frames = append(frames, args[0])
		return len(frames)
	})
	w.Set("requestAnimationFrame", grab)
	defer func() {
		w.Set("requestAnimationFrame", native)
		grab.Release()
	}()
	for _, c := range cs {
		vecty.Rerender(c)
	}
	for len(frames) > 0 {
		frame := frames[0]
		frames = frames[1:]
		frame.Invoke(w.Get("performance").Call("now"))
	}
}
