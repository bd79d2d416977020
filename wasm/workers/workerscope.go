//go:build js && wasm

package workers

import (
	"syscall/js"
	"time"

	"robotstester/engine"
	"robotstester/wasm/browser"
	"robotstester/wasm/model"
)

// A long list's scope (the summary of the URLs the file does not govern,
// and the robots.txt an empty "Served at" follows) is worked out by the
// workers that hold the list, each for its own segments, once the
// verdicts are in; the page merges their parts (ListScope.merge) and the
// engine sums them up (engine.ScopeTally). Every URL is read as a browser
// sends it (NewSent → engine.EncodeURL, engine.Scope): a million of them
// take seconds, which the page's thread could only spend in slices.
// Messages (beside WorkerPool's):
//
//	page → worker {type: "scope", id, robotsURL}
//	    work out the scope of every URL held; a newer request, or a new
//	    list, stops an older one
//	worker → page {type: "scope", id, origin, mixed, codes: [], reasons: [], counts: []}
//	    the worker's part: the origin its URLs share ("" for none), whether
//	    they have two or one cannot be read, and how many it holds of each
//	    Scope code the file does not govern, with the engine's reason for
//	    the first of them

// scopeAsk is the scope the page waits for from the workers.
type scopeAsk struct {
	id      int
	waiting int // workers yet to answer
	part    model.ListScope
	done    func(model.ListScope)
	onPage  func() // works it out on the page instead, if a worker fails
}

var (
	scopeAsks  int       // requests so far: the id of the latest
	scopeAsked *scopeAsk // nil when none waits
)

// Scope asks the workers for the scope of the list they hold, for
// robotsURL, and reports whether it could: they must hold listVersion.
// done gets the merged parts, not yet summed up (ListScope.done); should
// a worker fail first, onPage is run instead.
func (p *WorkerPool) Scope(listVersion int, robotsURL string, done func(model.ListScope), onPage func()) bool {
	scopeAsked = nil
	if p.Broken || len(p.Workers) == 0 || p.ListVersion != listVersion {
		return false
	}
	scopeAsks++
	scopeAsked = &scopeAsk{id: scopeAsks, waiting: len(p.Workers), done: done, onPage: onPage}
	for _, w := range p.Workers {
		w.Call("postMessage", map[string]any{"type": "scope", "id": scopeAsks, "robotsURL": robotsURL})
	}
	return true
}

// scopeMessage merges one worker's part; the last one ends the request.
func (p *WorkerPool) scopeMessage(data js.Value) {
	ask := scopeAsked
	if ask == nil || data.Get("id").Int() != ask.id {
		return
	}
	part := model.ListScope{Origin: data.Get("origin").String(), Mixed: data.Get("mixed").Bool()}
	codes, reasons, counts := data.Get("codes"), data.Get("reasons"), data.Get("counts")
	for i := range codes.Length() {
		part.Off = append(part.Off, model.ScopeCount{
			First: engine.ScopeResult{Code: codes.Index(i).String(), Reason: reasons.Index(i).String()},
			N:     counts.Index(i).Int(),
		})
	}
	ask.part.Merge(part)
	if ask.waiting--; ask.waiting == 0 {
		scopeAsked = nil
		ask.done(ask.part)
	}
}

// scopeOnPage hands the scope the workers were asked for to the page: one
// of them failed, and its part would never come.
func scopeOnPage() {
	if ask := scopeAsked; ask != nil {
		scopeAsked = nil
		ask.onPage()
	}
}

// workerScopeJob is the scope a worker works out, nil when none.
var workerScopeJob *browser.SlicedJob

// stopWorkerScope stops it: the list it reads is being replaced.
func stopWorkerScope() {
	workerScopeJob.Stop()
	workerScopeJob = nil
}

// scopeInWorker works out the scope of the segments held, in slices so
// that a test or a cancel waiting behind it is read between them, and
// posts the part.
func (w *WorkerState) scopeInWorker(id int, robotsURL string) {
	stopWorkerScope()
	segments := w.Segments
	seg, next := 0, 0
	var ls model.ListScope
	workerScopeJob = browser.RunSliced(func(deadline time.Time) bool {
		for seg < len(segments) {
			urls := segments[seg].URLs
			for ; next < urls.Len(); next++ {
				if next%browser.CheckEvery == 0 && time.Now().After(deadline) {
					return false
				}
				ls.Add(model.NewSent(urls.At(next), robotsURL))
			}
			seg, next = seg+1, 0
		}
		return true
	}, func() {
		workerScopeJob = nil
		codes, reasons, counts := make([]any, len(ls.Off)), make([]any, len(ls.Off)), make([]any, len(ls.Off))
		for i, c := range ls.Off {
			codes[i], reasons[i], counts[i] = c.First.Code, c.First.Reason, c.N
		}
		js.Global().Call("postMessage", map[string]any{
			"type": "scope", "id": id, "origin": ls.Origin, "mixed": ls.Mixed,
			"codes": codes, "reasons": reasons, "counts": counts,
		})
	})
}
