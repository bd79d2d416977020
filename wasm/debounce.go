//go:build js && wasm

package main

import "time"

// debounceDelay is how long typing must pause before the engine runs again:
// short enough to feel live, long enough that a burst of keystrokes costs one
// Parse.
const debounceDelay = 150 * time.Millisecond

// debouncer runs the last scheduled function once the delay has passed
// without a new schedule. In js/wasm Go runs on the browser's single thread,
// so the timer's goroutine never runs at the same time as an event handler.
type debouncer struct {
	delay time.Duration
	timer *time.Timer
}

func (d *debouncer) schedule(fn func()) {
	d.cancel()
	d.timer = time.AfterFunc(d.delay, fn)
}

func (d *debouncer) cancel() {
	if d.timer != nil {
		d.timer.Stop()
		d.timer = nil
	}
}
