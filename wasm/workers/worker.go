//go:build js && wasm

package workers

import (
	"syscall/js"

	"robotstester/engine"
	"robotstester/wasm/browser"
	"robotstester/wasm/model"
)

// The same program runs in a Web Worker (started by web/loader.js from the
// page's compiled module) as the page's tester: it holds part of the URL
// list, tests it against the robots.txt the page sends and posts the
// verdicts back in chunks. The messages are described at WorkerPool
// (runner.go).

// InWorker reports whether this copy of the program runs in a worker:
// loader.js sets __robotsTesterWorker in the worker's global scope.
func InWorker() bool {
	return js.Global().Get("__robotsTesterWorker").Truthy()
}

// segment is a run of the list: URL k of urls is list index start+k.
type segment struct {
	Start int
	URLs  model.URLList
	// What a browser sends for each of the first known URLs, for
	// sentFor: sentURL[k] is "" when it is the URL as typed (most are),
	// and out[k] says the file does not govern it. Not kept as sent
	// values: a worker holds a million of them.
	sentURL []string
	out     []bool
	known   int
}

// sent is what is tested for URL k, made once per robots.txt URL.
func (s *segment) sent(k int, robotsURL string) model.Sent {
	u := s.URLs.At(k)
	if k < s.known {
		v := model.Sent{URL: u}
		if s.sentURL[k] != "" {
			v.URL = s.sentURL[k]
		}
		if s.out[k] {
			// The verdict reads only that the file does not govern it.
			v.Scope = engine.ScopeResult{Code: engine.ScopeHost}
		}
		return v
	}
	if s.sentURL == nil {
		s.sentURL, s.out = make([]string, s.URLs.Len()), make([]bool, s.URLs.Len())
	}
	v := model.NewSent(u, robotsURL)
	s.sentURL[k], s.out[k] = "", v.Scope.Code != ""
	if v.URL != u {
		s.sentURL[k] = v.URL
	}
	s.known = k + 1
	return v
}

// WorkerState is the worker's list and its current test.
type WorkerState struct {
	Segments []segment
	sentFor  string // the robots.txt URL the segments' sent forms are for
	gen      int    // the test running, 0 for none
}

// chunkURLs is how many verdicts one results message carries: a few
// milliseconds of testing, so a newer test waits little for the worker.
const chunkURLs = 4096

// RunWorker answers the page's messages until the worker is closed.
func RunWorker() {
	w := &WorkerState{}
	global := js.Global()
	handle := func(data js.Value) {
		defer func() {
			if r := recover(); r != nil {
				global.Call("postMessage", map[string]any{"type": "error", "message": browser.Describe(r)})
			}
		}()
		w.handle(data)
	}
	// Messages that came while the program started wait in the inbox.
	inbox := global.Get("__robotsTesterInbox")
	for i := range inbox.Length() {
		handle(inbox.Index(i))
	}
	global.Set("onmessage", js.FuncOf(func(_ js.Value, args []js.Value) any {
		handle(args[0].Get("data"))
		return nil
	}))
	global.Delete("__robotsTesterInbox")
	select {}
}

// workerHandlers take the messages of the views that run work of their
// own in the workers (the Readers view's "readers", workerreaders.go);
// main wires them before the worker starts.
var workerHandlers = map[string]func(w *WorkerState, data js.Value){}

// HandleInWorker has messages of type typ to a worker go to h.
func HandleInWorker(typ string, h func(w *WorkerState, data js.Value)) { workerHandlers[typ] = h }

func (w *WorkerState) handle(data js.Value) {
	switch data.Get("type").String() {
	case "list":
		if data.Get("reset").Bool() {
			w.Segments, w.gen = nil, 0
			stopWorkerScope()
		}
		raw := make([]byte, data.Get("urls").Length())
		js.CopyBytesToGo(raw, data.Get("urls"))
		if len(raw) > 0 {
			w.Segments = append(w.Segments, segment{Start: data.Get("start").Int(), URLs: model.JoinedURLs(string(raw))})
		}
	case "test":
		body := make([]byte, data.Get("robots").Length())
		js.CopyBytesToGo(body, data.Get("robots"))
		in := model.Saved{
			Crawler: data.Get("crawler").String(), Token: data.Get("token").String(),
			Status: data.Get("status").String(), RobotsURL: data.Get("robotsURL").String(),
		}
		w.gen = data.Get("gen").Int()
		if in.RobotsURL != w.sentFor {
			for k := range w.Segments {
				w.Segments[k].known = 0
			}
			w.sentFor = in.RobotsURL
		}
		w.run(w.gen, model.NewTester(engine.Parse(body), in), data.Get("asGiven").Truthy())
	case "cancel":
		w.gen = 0
	case "scope":
		w.scopeInWorker(data.Get("id").Int(), data.Get("robotsURL").String())
	case "lint":
		lintInWorker(data)
	case "import":
		importInWorker(data.Get("file"))
	case "import-cancel":
		if workerImport != nil {
			workerImport.Cancel()
		}
	default:
		if h := workerHandlers[data.Get("type").String()]; h != nil {
			h(w, data)
		}
	}
}

// run tests every URL held, a chunk per task, while gen is the current
// test.
func (w *WorkerState) run(gen int, t model.Tester, asGiven bool) {
	seg, next := 0, 0
	var chunk func()
	chunk = func() {
		if w.gen != gen {
			return
		}
		for seg < len(w.Segments) && next == w.Segments[seg].URLs.Len() {
			seg, next = seg+1, 0
		}
		if seg == len(w.Segments) {
			return
		}
		s := &w.Segments[seg]
		end := min(next+chunkURLs, s.URLs.Len())
		flags, lines := make([]byte, end-next), make([]int32, end-next)
		for k := next; k < end; k++ {
			v := model.Sent{URL: s.URLs.At(k)}
			if !asGiven {
				v = s.sent(k, w.sentFor)
			}
			flags[k-next], lines[k-next] = t.Verdict(v)
		}
		postResults(gen, s.Start+next, flags, lines)
		next = end
		browser.YieldTask(chunk)
	}
	chunk()
}

// postResults sends a chunk's verdicts, transferring the arrays' buffers.
func postResults(gen, start int, flags []byte, lines []int32) {
	f := browser.JSBytes(flags)
	raw := make([]byte, 4*len(lines))
	for i, l := range lines {
		raw[4*i], raw[4*i+1], raw[4*i+2], raw[4*i+3] = byte(l), byte(l>>8), byte(l>>16), byte(l>>24)
	}
	l := js.Global().Get("Int32Array").New(browser.JSBytes(raw).Get("buffer"))
	js.Global().Call("postMessage", map[string]any{
		"type": "results", "gen": gen, "start": start, "flags": f, "lines": l,
	}, []any{f.Get("buffer"), l.Get("buffer")})
}
