//go:build js && wasm

package workers

import (
	"encoding/binary"
	"math"
	"syscall/js"

	"robotstester/engine"
	"robotstester/wasm/browser"
	"robotstester/wasm/store"
)

// A long robots.txt is linted in a worker (WorkerPool): Google's findings
// and the other readers' (PortabilityDiagnostics) of a 500 KiB file take
// 50 to 120 ms the first time in a page, in code the browser has not yet
// compiled for speed, and tens of milliseconds after every edit. The page
// shows the verdicts meanwhile, as it does while it lints on its own
// thread (store.LintLater), which it still does for a short file, or when
// no worker can run.
//
//	page → worker {type: "lint", id, robots: Uint8Array}
//	worker → page {type: "lint", id, lint: Uint8Array, others: Uint8Array}
//	    the findings of the bytes Googlebot reads of robots, packed
//	    (diagnosticsToJS); a lint the worker has not
//	    started when a newer one comes gets no answer

// workerLint is the lint asked of a worker last, until its findings come:
// one asked before it is of an older parse, whose findings the page would
// drop (and the worker drops it if it has not started it).
var workerLint struct {
	id   int
	done func(lint, others engine.Diagnostics) // nil when none waits
}

// Lint asks the first worker for the findings of robots (the bytes as
// typed), and calls done with them when they come. It reports whether a
// worker was asked.
func (p *WorkerPool) Lint(robots []byte, done func(lint, others engine.Diagnostics)) bool {
	if p.Broken || !p.startWorkers() {
		return false
	}
	w := &workerLint
	w.id, w.done = w.id+1, done
	p.Workers[0].Call("postMessage", map[string]any{"type": "lint", "id": w.id, "robots": browser.JSBytes(robots)})
	return true
}

// lintMessage hands a worker's findings to the lint that asked for them.
func (p *WorkerPool) lintMessage(data js.Value) {
	w := &workerLint
	if w.done == nil || data.Get("id").Int() != w.id {
		return
	}
	done := w.done
	w.done = nil
	done(diagnosticsFromJS(data.Get("lint")), diagnosticsFromJS(data.Get("others")))
}

// lintsWorkersBroke lints on the page what the workers were asked to, when
// they cannot run.
func lintsWorkersBroke() {
	if workerLint.done != nil {
		workerLint.done = nil
		store.Page.LintLater()
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
	browser.YieldTask(func() {
		data := workerLintNext
		workerLintNext = js.Undefined()
		body := make([]byte, data.Get("robots").Length())
		js.CopyBytesToGo(body, data.Get("robots"))
		cut := engine.FetchLimit(body)
		r := engine.Parse(cut.Body)
		js.Global().Call("postMessage", map[string]any{
			"type": "lint", "id": data.Get("id").Int(),
			"lint": diagnosticsToJS(engine.LintCut(cut, r)), "others": diagnosticsToJS(store.PortabilityDiagnostics(r)),
		})
	})
}

// workerLintNext is the lint asked of this worker that waits for its task.
var workerLintNext js.Value

// diagnosticsToJS packs findings into one Uint8Array, for the page to read
// in one copy: as arrays of fields, thousands of findings were tens of
// thousands of calls into JavaScript to read (15 ms and more in one task).
// Each finding is its line, column and severity as uvarints, then its code
// and its message, each a uvarint length and the bytes.
func diagnosticsToJS(ds engine.Diagnostics) js.Value { return browser.JSBytes(packDiagnostics(ds)) }

func packDiagnostics(ds engine.Diagnostics) []byte {
	var b []byte
	for _, d := range ds {
		b = binary.AppendUvarint(b, uint64(d.Line))
		b = binary.AppendUvarint(b, uint64(d.Col))
		b = binary.AppendUvarint(b, uint64(d.Severity))
		b = binary.AppendUvarint(b, uint64(len(d.Code)))
		b = append(b, d.Code...)
		b = binary.AppendUvarint(b, uint64(len(d.Message)))
		b = append(b, d.Message...)
	}
	return b
}

// diagnosticsFromJS reads what diagnosticsToJS packed; nil for bytes that
// are not such a packing.
func diagnosticsFromJS(a js.Value) engine.Diagnostics {
	b := make([]byte, a.Length())
	js.CopyBytesToGo(b, a)
	return unpackDiagnostics(b)
}

func unpackDiagnostics(b []byte) engine.Diagnostics {
	var out engine.Diagnostics
	next := func() (int, bool) {
		v, n := binary.Uvarint(b)
		if n <= 0 || v > math.MaxInt32 {
			return 0, false
		}
		b = b[n:]
		return int(v), true
	}
	text := func() (string, bool) {
		n, ok := next()
		if !ok || n > len(b) {
			return "", false
		}
		t := string(b[:n])
		b = b[n:]
		return t, true
	}
	for len(b) > 0 {
		line, ok1 := next()
		col, ok2 := next()
		sev, ok3 := next()
		code, ok4 := text()
		msg, ok5 := text()
		if !ok1 || !ok2 || !ok3 || !ok4 || !ok5 {
			return nil
		}
		out = append(out, engine.Diagnostic{Line: line, Col: col, Severity: engine.Severity(sev), Code: code, Message: msg})
	}
	return out
}
