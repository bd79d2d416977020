//go:build js && wasm

package browser

import (
	"syscall/js"
	"time"
)

// DebounceDelay is how long typing must pause before the engine runs again:
// short enough to feel live, long enough that a burst of keystrokes costs one
// Parse.
const DebounceDelay = 150 * time.Millisecond

// Debouncer runs the last scheduled function once the delay has passed
// without a new schedule. In js/wasm Go runs on the browser's single thread,
// so the timer's goroutine never runs at the same time as an event handler.
type Debouncer struct {
	Delay time.Duration
	timer *time.Timer
}

func (d *Debouncer) Schedule(fn func()) {
	d.Cancel()
	d.timer = time.AfterFunc(d.Delay, fn)
}

func (d *Debouncer) Cancel() {
	if d.timer != nil {
		d.timer.Stop()
		d.timer = nil
	}
}

// NextTask runs fn in a later task of the browser's event loop, after the
// current one has returned and the page could update. A Go timer cannot do
// that: before it returns to JavaScript, the js/wasm scheduler runs every
// goroutine that is ready, a timer that is due included.
func NextTask(fn func()) {
	var cb js.Func
	cb = js.FuncOf(func(js.Value, []js.Value) any {
		cb.Release()
		fn()
		return nil
	})
	js.Global().Call("setTimeout", cb, 0)
}
