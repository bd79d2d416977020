//go:build js && wasm

package browser

import (
	"syscall/js"
	"time"
)

// Work too long for one task of the browser's event loop (filtering a
// million URLs by text, sorting them by URL, testing them where no worker
// can) runs in slices: each slice stops when its time is up and the next
// one runs in a later task, so the page keeps answering input in between.

// SliceBudget is how long one slice may run: well under the 50 ms after
// which a task counts as long (W3C Long Tasks API), leaving the browser
// room for the input, layout and paint that wait behind it.
const SliceBudget = 8 * time.Millisecond

// SlicedJob is one piece of sliced work: step does one slice of it and
// reports whether it is finished. A job is stopped by its owner, between
// slices. (step takes no time.Time: a type reachable from an interface
// that mentions time.Time keeps time's formatting code, about 12 KB of
// app.wasm as Brotli, issue 9; wasmdeps_test.go checks.)
type SlicedJob struct {
	step    func() (finished bool)
	done    func()
	Stopped bool
}

// RunSliced starts job: its first slice runs in a later task.
func RunSliced(step func(deadline time.Time) bool, done func()) *SlicedJob {
	j := &SlicedJob{step: func() bool { return step(time.Now().Add(SliceBudget)) }, done: done}
	YieldTask(j.slice)
	return j
}

func (j *SlicedJob) slice() {
	if j.Stopped {
		return
	}
	if !j.step() {
		YieldTask(j.slice)
		return
	}
	j.Stopped = true
	if j.done != nil {
		j.done()
	}
}

// Stop ends the job before its next slice; done is not called.
func (j *SlicedJob) Stop() {
	if j != nil {
		j.Stopped = true
	}
}

// CheckEvery is how many items a slice handles between looks at the
// clock: reading the time from WebAssembly is a call into JavaScript.
const CheckEvery = 256

// YieldTask runs fn in a later task. A MessageChannel message is a task
// with no delay, where setTimeout(fn, 0) is clamped to 4 ms once nested
// (HTML Standard, timers: "nesting level"), which would waste half of each
// slice's time.
func YieldTask(fn func()) {
	tasks.queue = append(tasks.queue, fn)
	if !tasks.port.Truthy() {
		ch := js.Global().Get("MessageChannel").New()
		tasks.port = ch.Get("port2")
		ch.Get("port1").Set("onmessage", js.FuncOf(func(js.Value, []js.Value) any {
			fn := tasks.queue[0]
			tasks.queue = tasks.queue[1:]
			fn()
			return nil
		}))
	}
	tasks.port.Call("postMessage", nil)
}

// LaterTask waits, on a goroutine, until a later task of the event loop:
// the page runs in between.
func LaterTask() {
	wait := make(chan struct{})
	YieldTask(func() { close(wait) })
	<-wait
}

// tasks are the functions YieldTask queued, one message each.
var tasks struct {
	port  js.Value
	queue []func()
}
