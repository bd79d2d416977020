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
	onMessage := js.FuncOf(func(_ js.Value, args []js.Value) any {
		p.message(args[0].Get("data"))
		return nil
	})
	for range n {
		w := p.start.Invoke(onMessage)
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
	msg := map[string]any{
		"type": "test", "gen": gen, "robots": browser.JSBytes(job.Robots),
		"crawler": job.In.Crawler, "token": job.In.Token, "status": job.In.Status, "robotsURL": job.In.RobotsURL,
		"asGiven": job.AsGiven,
	}
	send := func() {
		for _, w := range p.Workers {
			w.Call("postMessage", msg)
		}
	}
	if p.ListVersion == job.ListVersion {
		send()
		return
	}
	// A new list: its segments go out a few per task, round robin, so the
	// page stays responsive while a million URLs are handed over.
	p.ListVersion = 0
	next, seg := 0, 0
	for _, w := range p.Workers {
		w.Call("postMessage", map[string]any{"type": "list", "reset": true, "start": 0, "urls": browser.JSBytes(nil)})
	}
	p.sender = browser.RunSliced(func(deadline time.Time) bool {
		for next < job.URLs.Len() && time.Now().Before(deadline) {
			end := min(next+segmentURLs, job.URLs.Len())
			urls := browser.JSBytes([]byte(job.URLs.Span(next, end)))
			p.Workers[seg%len(p.Workers)].Call("postMessage",
				map[string]any{"type": "list", "reset": false, "start": next, "urls": urls},
				[]any{urls.Get("buffer")})
			next, seg = end, seg+1
		}
		return next == job.URLs.Len()
	}, func() {
		p.ListVersion = job.ListVersion
		send()
	})
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
