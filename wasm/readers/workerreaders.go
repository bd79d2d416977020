//go:build js && wasm

package readers

import (
	otherreaders "robotstester/engine/readers"
	"syscall/js"
	"time"

	"robotstester/engine"
	"robotstester/engine/catalogue"
	"robotstester/wasm/browser"
	"robotstester/wasm/model"
	"robotstester/wasm/store"
	"robotstester/wasm/workers"
)

// The Readers view's comparison in the Web Workers that already hold the
// list (runner.go, worker.go): each worker compares its part of the list
// with every reader and sends, per URL, one byte of flags per reader
// (otherreaders.ReaderRow.AppendFlags). The page counts them (ReaderTally) and
// orders the rows; it makes again only the rows it shows. Messages:
//
//	page → worker {type: "readers", gen, robots: Uint8Array, crawler, token}
//	    compare every URL held; a newer "readers" or a "readers-cancel"
//	    stops an older one
//	page → worker {type: "readers-cancel"}
//	worker → page {type: "readers-results", gen, start, flags: Uint8Array}
//	    the flags of URLs start…, len(otherreaders.Readers()) bytes a URL

// workerReadersGen is the comparison a worker runs, 0 for none.
var workerReadersGen int

// readerChunkURLs is how many URLs one readers-results message carries:
// some tens of milliseconds of the worker's time.
const readerChunkURLs = 512

// CompareInWorker runs a "readers" message, a chunk per task.
func CompareInWorker(w *workers.WorkerState, data js.Value) {
	body := make([]byte, data.Get("robots").Length())
	js.CopyBytesToGo(body, data.Get("robots"))
	in := model.Saved{Crawler: data.Get("crawler").String(), Token: data.Get("token").String()}
	gen := data.Get("gen").Int()
	workerReadersGen = gen
	files := otherreaders.ParseAll(body, engine.Parse(body))
	var crawler *catalogue.Crawler
	if c, ok := model.PickedCrawler(in); ok {
		crawler = &c
	}
	segments := w.Segments
	seg, next := 0, 0
	var chunk func()
	chunk = func() {
		if workerReadersGen != gen {
			return
		}
		for seg < len(segments) && next == segments[seg].URLs.Len() {
			seg, next = seg+1, 0
		}
		if seg == len(segments) {
			return
		}
		s := &segments[seg]
		end := min(next+readerChunkURLs, s.URLs.Len())
		flags := make([]byte, 0, (end-next)*len(files))
		for k := next; k < end; k++ {
			flags = otherreaders.CompareReader(files, crawler, in.Token, sentURL(s.URLs.At(k)), nil).AppendFlags(flags)
		}
		f := browser.JSBytes(flags)
		js.Global().Call("postMessage", map[string]any{"type": "readers-results", "gen": gen, "start": s.Start + next, "flags": f}, []any{f.Get("buffer")})
		next = end
		browser.YieldTask(chunk)
	}
	chunk()
}

// startInWorkers sends the comparison to the workers when they hold this
// list, and reports whether it did.
func (r *readerRun) startInWorkers() bool {
	p, ok := store.Page.Runner.(*workers.WorkerPool)
	if !ok || p.Broken || len(p.Workers) == 0 || p.ListVersion == 0 || p.ListVersion != store.Page.ListVersion {
		return false
	}
	s := store.Page
	msg := map[string]any{"type": "readers", "gen": r.generation, "robots": browser.JSBytes(s.Cut.Body),
		"crawler": s.In.Crawler, "token": s.In.Token}
	for _, w := range p.Workers {
		w.Call("postMessage", msg)
	}
	r.inWorkers = true
	return true
}

// cancelReadersInWorkers stops the workers' comparison.
func cancelReadersInWorkers() {
	if p, ok := store.Page.Runner.(*workers.WorkerPool); ok {
		for _, w := range p.Workers {
			w.Call("postMessage", map[string]any{"type": "readers-cancel"})
		}
	}
}

// receivedFlags is the buffer ReceiveReaders copies a message's flags into.
var receivedFlags []byte

// ReceiveReaders counts a readers-results message of the current
// comparison.
func ReceiveReaders(data js.Value) {
	r := &readers
	if data.Get("gen").Int() != r.generation || !r.inWorkers {
		return
	}
	begin := time.Now()
	defer func() { r.longest = max(r.longest, time.Since(begin)) }()
	// One buffer for every message: the page's own allocations are what
	// make its garbage collector run, within its tasks.
	n := data.Get("flags").Length()
	if cap(receivedFlags) < n {
		receivedFlags = make([]byte, n)
	}
	flags := receivedFlags[:n]
	js.CopyBytesToGo(flags, data.Get("flags"))
	per := len(r.files)
	start := data.Get("start").Int()
	for j := 0; (j+1)*per <= len(flags); j++ {
		i := start + j
		if i >= len(r.state) || r.state[i] != 0 {
			continue
		}
		r.mark(i, r.tally.AddFlags(flags[j*per:(j+1)*per]))
	}
	if r.done() {
		r.finish()
		return
	}
	r.progress()
}

// ReadersWorkersBroke goes on in slices when the workers fail midway: the
// URLs they compared stay counted.
func ReadersWorkersBroke() {
	if r := &readers; r.inWorkers {
		r.inWorkers = false
		r.sync()
	}
}

// CancelInWorker stops the worker's comparison.
func CancelInWorker(*workers.WorkerState, js.Value) { workerReadersGen = 0 }
