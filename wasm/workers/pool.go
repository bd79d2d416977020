//go:build js && wasm

package workers

import (
	"syscall/js"
	"time"

	"robotstester/wasm/browser"
	"robotstester/wasm/store"
)

// NewRunner is a worker pool when the page can start workers, else a
// sliced runner.
func NewRunner(receive func(gen, start int, flags []uint8, lines []int32)) store.Runner {
	if p := newWorkerPool(receive); p != nil {
		return p
	}
	return &store.SlicedRunner{Receive: receive}
}

// WorkerPool tests with one worker per core (at most maxWorkers), each
// holding part of the list. The protocol, also open to other views that
// test many URLs, is plain messages:
//
//	page → worker {type: "list", reset, start, urls: Uint8Array}
//	    a segment of the list (URLs joined by LF) whose first URL is list
//	    index start; reset drops the segments held before
//	page → worker {type: "test", gen, robots: Uint8Array, crawler, token, status, robotsURL, asGiven}
//	    test every URL held (as given, or as a browser would send it); a
//	    newer test or a cancel stops an older one
//	page → worker {type: "cancel"}
//	worker → page {type: "results", gen, start, flags: Uint8Array, lines: Int32Array}
//	    verdicts of URLs start…, flags as in verdicts.go (buffers transferred)
//	worker → page {type: "error", message}
type WorkerPool struct {
	start       js.Value   // loader.js's __robotsTesterStartWorker
	Workers     []js.Value // started by the first test
	receive     func(gen, start int, flags []uint8, lines []int32)
	ListVersion int                // the list the workers hold, 0 for none
	sender      *browser.SlicedJob // sends a new list's segments, then the test
	// A worker that cannot run (a browser or a policy that refuses it)
	// would leave its URLs untested: the pool is then broken, and tests
	// through fallback, on the page.
	Broken   bool
	fallback *store.SlicedRunner
	lastGen  int
	lastJob  store.TestJob

	importing *importRun // the file a worker reads (workerimport.go)

	flags []uint8 // a results message's verdicts, reused
	lines []int32

	onMessage js.Func // the workers' onmessage, released by Close
}

// maxWorkers bounds the pool: each worker holds a copy of the engine and
// of its part of the list.
const maxWorkers = 4

// segmentURLs is how many URLs one list message carries: joining and
// copying them takes a few milliseconds.
const segmentURLs = 32768

func newWorkerPool(receive func(gen, start int, flags []uint8, lines []int32)) *WorkerPool {
	start := js.Global().Get("__robotsTesterStartWorker")
	if start.Type() != js.TypeFunction {
		return nil
	}
	return &WorkerPool{start: start, receive: receive, fallback: &store.SlicedRunner{Receive: receive}}
}

// startWorkers starts the workers, one per core: not with the page, whose
// first paint would wait for them, but when a long list first needs them.
// It reports whether any started.
func (p *WorkerPool) startWorkers() bool {
	if len(p.Workers) > 0 {
		return true
	}
	n := min(max(js.Global().Get("navigator").Get("hardwareConcurrency").Int(), 1), maxWorkers)
	p.onMessage = js.FuncOf(func(_ js.Value, args []js.Value) any {
		p.message(args[0].Get("data"))
		return nil
	})
	for range n {
		w := p.start.Invoke(p.onMessage)
		if !w.Truthy() {
			break
		}
		p.Workers = append(p.Workers, w)
	}
	return len(p.Workers) > 0
}

// Start starts the workers, for a view that runs work of its own in them
// (the AI view's policy, aiview/workerpolicy.go), and reports whether they
// run.
func (p *WorkerPool) Start() bool { return !p.Broken && p.startWorkers() }

func (p *WorkerPool) Name() string {
	if p.Broken {
		return p.fallback.Name()
	}
	return "workers"
}

// Views that run work of their own in the workers (the Readers view,
// workerreaders.go) take their messages here, and hear when the workers
// break, so this package imports no view; main wires them.
var (
	messageHandlers = map[string]func(data js.Value){}
	brokenHandlers  []func()
)

// HandleMessage has messages of type typ from the workers go to h.
func HandleMessage(typ string, h func(data js.Value)) { messageHandlers[typ] = h }

// OnWorkersBroken has h run when a worker cannot run and the pool falls
// back to the page.
func OnWorkersBroken(h func()) { brokenHandlers = append(brokenHandlers, h) }

func (p *WorkerPool) message(data js.Value) {
	switch data.Get("type").String() {
	case "results":
		// Into buffers kept for the next chunk (receive copies them): a
		// million verdicts are no garbage for the page's collector.
		f := data.Get("flags")
		p.flags = browser.Grow(p.flags, f.Length())
		js.CopyBytesToGo(p.flags, f)
		p.lines = browser.Int32sInto(p.lines, data.Get("lines"))
		p.receive(data.Get("gen").Int(), data.Get("start").Int(), p.flags, p.lines)
	case "scope":
		p.scopeMessage(data)
	case "import-progress", "import-text", "import-done", "import-error":
		p.importMessage(data)
	case "lint":
		p.lintMessage(data)
	default:
		if h := messageHandlers[data.Get("type").String()]; h != nil {
			h(data)
		}
	case "error":
		js.Global().Get("console").Call("error", "robots.txt tester worker: "+data.Get("message").String())
		if data.Get("fatal").Truthy() && !p.Broken {
			p.Cancel()
			p.Broken = true
			p.fallback.Test(p.lastGen, p.lastJob)
			for _, h := range brokenHandlers {
				h()
			}
			scopeOnPage()
			lintsWorkersBroke()
		}
	}
}

func (p *WorkerPool) Test(gen int, job store.TestJob) {
	p.Cancel()
	p.lastGen, p.lastJob = gen, job
	if p.Broken || !p.startWorkers() {
		p.Broken = true
		p.fallback.Test(gen, job)
		return
	}
	if p.ListVersion == job.ListVersion {
		p.sendTest(gen, job)
		return
	}
	p.sendList(job.URLs.Len(), func(at, to int) js.Value {
		return browser.JSBytes([]byte(job.URLs.Span(at, to)))
	}, func() {
		p.ListVersion = job.ListVersion
		p.sendTest(gen, job)
	})
}

// TestList is Test for a list of n URLs the page does not hold (the
// script API's, held in JavaScript): segment(at, to) gives URLs at…to-1
// joined by LF as a Uint8Array, made when it is sent, so the list never
// enters the page's WebAssembly memory, which would keep that size for the
// page's life. job.URLs is not read. It reports false, testing nothing,
// when no worker can run.
func (p *WorkerPool) TestList(gen int, job store.TestJob, n int, segment func(at, to int) js.Value) bool {
	p.Cancel()
	if p.Broken || !p.startWorkers() {
		return false
	}
	// A break now cannot test on the page a list the page does not hold:
	// the fallback tests nothing, and the caller hears of the break
	// (OnWorkersBroken).
	p.lastGen, p.lastJob = gen, store.TestJob{}
	p.sendList(n, segment, func() { p.sendTest(gen, job) })
	return true
}

// sendList hands a new list of n URLs to the workers, segment by segment,
// a few per task and round robin, so the page stays responsive while a
// million URLs are handed over; then runs then.
func (p *WorkerPool) sendList(n int, segment func(at, to int) js.Value, then func()) {
	p.ListVersion = 0
	next, seg := 0, 0
	for _, w := range p.Workers {
		w.Call("postMessage", map[string]any{"type": "list", "reset": true, "start": 0, "urls": browser.JSBytes(nil)})
	}
	p.sender = browser.RunSliced(func(deadline time.Time) bool {
		for next < n && time.Now().Before(deadline) {
			end := min(next+segmentURLs, n)
			urls := segment(next, end)
			p.Workers[seg%len(p.Workers)].Call("postMessage",
				map[string]any{"type": "list", "reset": false, "start": next, "urls": urls},
				[]any{urls.Get("buffer")})
			next, seg = end, seg+1
		}
		return next == n
	}, then)
}

// sendTest has every worker test the list it holds for job.
func (p *WorkerPool) sendTest(gen int, job store.TestJob) {
	msg := map[string]any{
		"type": "test", "gen": gen, "robots": browser.JSBytes(job.Robots),
		"crawler": job.In.Crawler, "token": job.In.Token, "status": job.In.Status, "robotsURL": job.In.RobotsURL,
		"asGiven": job.AsGiven,
	}
	for _, w := range p.Workers {
		w.Call("postMessage", msg)
	}
}

// Close ends the workers and forgets the last job; the next test starts
// new ones. A worker's WebAssembly memory never shrinks, so a pool that
// ran one long job is let go once idle (the script API's, scriptasync.go),
// and the browser takes that memory back.
func (p *WorkerPool) Close() {
	p.Cancel()
	for _, w := range p.Workers {
		w.Call("terminate")
	}
	if len(p.Workers) > 0 {
		p.onMessage.Release()
	}
	p.Workers, p.ListVersion, p.lastJob = nil, 0, store.TestJob{}
}

func (p *WorkerPool) Cancel() {
	p.fallback.Cancel()
	if p.sender != nil && !p.sender.Stopped {
		// The workers hold part of a list: it is sent again next time.
		p.sender.Stop()
		p.ListVersion = 0
	}
	for _, w := range p.Workers {
		w.Call("postMessage", map[string]any{"type": "cancel"})
	}
}
