//go:build js && wasm

package main

import (
	"syscall/js"

	"robotstester/engine"
)

// A long robots.txt is linted in a worker (workerPool): Google's findings
// and the other readers' (portabilityDiagnostics) of a 500 KiB file take
// 50 to 120 ms the first time in a page, in code the browser has not yet
// compiled for speed, and tens of milliseconds after every edit. The page
// shows the verdicts meanwhile, as it does while it lints on its own
// thread (store.lintLater), which it still does for a short file, or when
// no worker can run.
//
//	page → worker {type: "lint", id, robots: Uint8Array}
//	worker → page {type: "lint", id, lint, others}
//	    the findings of the bytes Googlebot reads of robots, each
//	    [line, col, severity, code, message]; a lint the worker has not
//	    started when a newer one comes gets no answer

// workerLintBytes is the robots.txt size from which a worker lints it.
const workerLintBytes = maxEditBytes

// workerLints are the lints asked of a worker, by id, until they come.
var workerLints = map[int]func(lint, others engine.Diagnostics){}

var lastLintID int

// lint asks the first worker for the findings of robots (the bytes as
// typed), and calls done with them when they come. It reports whether a
// worker was asked.
func (p *workerPool) lint(robots []byte, done func(lint, others engine.Diagnostics)) bool {
	if p.broken || !p.startWorkers() {
		return false
	}
	// A lint asked before is of an older parse: its findings would be
	// dropped, and the worker drops it if it has not started it.
	clear(workerLints)
	lastLintID++
	workerLints[lastLintID] = done
	p.workers[0].Call("postMessage", map[string]any{"type": "lint", "id": lastLintID, "robots": jsBytes(robots)})
	return true
}

// lintMessage hands a worker's findings to the lint that asked for them.
func (p *workerPool) lintMessage(data js.Value) {
	id := data.Get("id").Int()
	done, ok := workerLints[id]
	if !ok {
		return
	}
	delete(workerLints, id)
	done(diagnosticsFromJS(data.Get("lint")), diagnosticsFromJS(data.Get("others")))
}

// lintsWorkersBroke lints on the page what the workers were asked to, when
// they cannot run.
func lintsWorkersBroke() {
	if len(workerLints) > 0 {
		clear(workerLints)
		store.lintLater()
	}
}

// lintInWorker lints the robots.txt of a "lint" message, in a later task,
// and posts its findings back; a newer lint asked meanwhile replaces it.
func lintInWorker(data js.Value) {
	waiting := workerLintNext.Truthy()
	workerLintNext = data
	if waiting {
		return
	}
	yieldTask(func() {
		data := workerLintNext
		workerLintNext = js.Undefined()
		body := make([]byte, data.Get("robots").Length())
		js.CopyBytesToGo(body, data.Get("robots"))
		cut := engine.FetchLimit(body)
		r := engine.Parse(cut.Body)
		js.Global().Call("postMessage", map[string]any{
			"type": "lint", "id": data.Get("id").Int(),
			"lint": diagnosticsToJS(engine.LintCut(cut, r)), "others": diagnosticsToJS(portabilityDiagnostics(r)),
		})
	})
}

// workerLintNext is the lint asked of this worker that waits for its task.
var workerLintNext js.Value

func diagnosticsToJS(ds engine.Diagnostics) []any {
	out := make([]any, len(ds))
	for i, d := range ds {
		out[i] = []any{d.Line, d.Col, int(d.Severity), d.Code, d.Message}
	}
	return out
}

func diagnosticsFromJS(a js.Value) engine.Diagnostics {
	n := a.Length()
	if n == 0 {
		return nil
	}
	out := make(engine.Diagnostics, n)
	for i := range n {
		d := a.Index(i)
		out[i] = engine.Diagnostic{
			Line: d.Index(0).Int(), Col: d.Index(1).Int(), Severity: engine.Severity(d.Index(2).Int()),
			Code: d.Index(3).String(), Message: d.Index(4).String(),
		}
	}
	return out
}
