//go:build js && wasm

package main

import (
	"syscall/js"
	"time"

	"robotstester/wasm/browser"
)

// A runner tests a long URL list without blocking the page: in Web Workers
// (workerPool, started from the page's own compiled program, see
// web/loader.js and worker.go), or where there are none in slices on the
// page's thread (slicedRunner). Verdicts go to the store as they arrive
// (state.receive), tagged with the recompute they answer, so a change made
// meanwhile drops them.
type runner interface {
	test(gen int, job testJob)
	cancel()
	name() string // how it tests, for table#results[data-tested-by]
}

// testJob is one recompute's testing.
type testJob struct {
	robots      []byte // the bytes Googlebot reads (FetchLimit's cut)
	in          Saved  // crawler, token, server answer, robots.txt URL
	tester      tester // the page's own tester, for the sliced runner
	urls        urlList
	listVersion int // which list urls is: the workers keep theirs
	// asGiven matches each URL as given (the script API), not as a browser
	// would send what a person typed (the page).
	asGiven bool
}

// sentFor is what job tests for URL u.
func (job testJob) sentFor(u string) sent {
	if job.asGiven {
		return sent{url: u}
	}
	return newSent(u, job.in.RobotsURL)
}

// newRunner is a worker pool when the page can start workers, else a
// sliced runner.
func newRunner(receive func(gen, start int, flags []uint8, lines []int32)) runner {
	if p := newWorkerPool(receive); p != nil {
		return p
	}
	return &slicedRunner{receive: receive}
}

// slicedRunner tests on the page's thread, a slice at a time.
type slicedRunner struct {
	receive func(gen, start int, flags []uint8, lines []int32)
	job     *browser.SlicedJob
}

func (r *slicedRunner) test(gen int, job testJob) {
	r.cancel()
	next := 0
	flags, lines := make([]uint8, 0, 1024), make([]int32, 0, 1024)
	r.job = browser.RunSliced(func(deadline time.Time) bool {
		start := next
		flags, lines = flags[:0], lines[:0]
		for ; next < job.urls.Len(); next++ {
			if next%64 == 0 && time.Now().After(deadline) {
				break
			}
			f, l := job.tester.verdict(job.sentFor(job.urls.At(next)))
			flags, lines = append(flags, f), append(lines, l)
		}
		r.receive(gen, start, flags, lines)
		return next == job.urls.Len()
	}, nil)
}

func (r *slicedRunner) cancel() { r.job.Stop() }

func (r *slicedRunner) name() string { return "slices" }

// workerPool tests with one worker per core (at most maxWorkers), each
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
type workerPool struct {
	start       js.Value   // loader.js's __robotsTesterStartWorker
	workers     []js.Value // started by the first test
	receive     func(gen, start int, flags []uint8, lines []int32)
	listVersion int                // the list the workers hold, 0 for none
	sender      *browser.SlicedJob // sends a new list's segments, then the test
	// A worker that cannot run (a browser or a policy that refuses it)
	// would leave its URLs untested: the pool is then broken, and tests
	// through fallback, on the page.
	broken   bool
	fallback *slicedRunner
	lastGen  int
	lastJob  testJob

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

func newWorkerPool(receive func(gen, start int, flags []uint8, lines []int32)) *workerPool {
	start := js.Global().Get("__robotsTesterStartWorker")
	if start.Type() != js.TypeFunction {
		return nil
	}
	return &workerPool{start: start, receive: receive, fallback: &slicedRunner{receive: receive}}
}

// startWorkers starts the workers, one per core: not with the page, whose
// first paint would wait for them, but when a long list first needs them.
// It reports whether any started.
func (p *workerPool) startWorkers() bool {
	if len(p.workers) > 0 {
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
		p.workers = append(p.workers, w)
	}
	return len(p.workers) > 0
}

func (p *workerPool) name() string {
	if p.broken {
		return p.fallback.name()
	}
	return "workers"
}

func (p *workerPool) message(data js.Value) {
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
	case "readers-results":
		receiveReaders(data)
	case "lint":
		p.lintMessage(data)
	case "error":
		js.Global().Get("console").Call("error", "robots.txt tester worker: "+data.Get("message").String())
		if data.Get("fatal").Truthy() && !p.broken {
			p.cancel()
			p.broken = true
			p.fallback.test(p.lastGen, p.lastJob)
			readersWorkersBroke()
			scopeOnPage()
			lintsWorkersBroke()
		}
	}
}

func (p *workerPool) test(gen int, job testJob) {
	p.cancel()
	p.lastGen, p.lastJob = gen, job
	if p.broken || !p.startWorkers() {
		p.broken = true
		p.fallback.test(gen, job)
		return
	}
	msg := map[string]any{
		"type": "test", "gen": gen, "robots": browser.JSBytes(job.robots),
		"crawler": job.in.Crawler, "token": job.in.Token, "status": job.in.Status, "robotsURL": job.in.RobotsURL,
		"asGiven": job.asGiven,
	}
	send := func() {
		for _, w := range p.workers {
			w.Call("postMessage", msg)
		}
	}
	if p.listVersion == job.listVersion {
		send()
		return
	}
	// A new list: its segments go out a few per task, round robin, so the
	// page stays responsive while a million URLs are handed over.
	p.listVersion = 0
	next, seg := 0, 0
	for _, w := range p.workers {
		w.Call("postMessage", map[string]any{"type": "list", "reset": true, "start": 0, "urls": browser.JSBytes(nil)})
	}
	p.sender = browser.RunSliced(func(deadline time.Time) bool {
		for next < job.urls.Len() && time.Now().Before(deadline) {
			end := min(next+segmentURLs, job.urls.Len())
			urls := browser.JSBytes([]byte(job.urls.span(next, end)))
			p.workers[seg%len(p.workers)].Call("postMessage",
				map[string]any{"type": "list", "reset": false, "start": next, "urls": urls},
				[]any{urls.Get("buffer")})
			next, seg = end, seg+1
		}
		return next == job.urls.Len()
	}, func() {
		p.listVersion = job.listVersion
		send()
	})
}

func (p *workerPool) cancel() {
	p.fallback.cancel()
	if p.sender != nil && !p.sender.Stopped {
		// The workers hold part of a list: it is sent again next time.
		p.sender.Stop()
		p.listVersion = 0
	}
	for _, w := range p.workers {
		w.Call("postMessage", map[string]any{"type": "cancel"})
	}
}
