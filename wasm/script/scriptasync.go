//go:build js && wasm

package script

import (
	"encoding/binary"
	"runtime"
	"strings"
	"sync"
	"syscall/js"
	"time"

	"robotstester/engine/catalogue"
	"robotstester/wasm/browser"
	"robotstester/wasm/model"
	"robotstester/wasm/store"
	"robotstester/wasm/workers"
)

// robotsTester.testManyAsync(robotsTxt, agent, urls) tests a long list in
// workers of its own and never holds the page: it returns a Promise of the
// compact answer of testMany(…, {compact: true}). Calls run one after the
// other. The list stays in JavaScript: its segments are joined and encoded
// by the browser as they are sent (workers.WorkerPool.TestList) and the
// verdicts go into typed arrays the browser allocated, so a million URLs
// never enter the page's WebAssembly memory, which never shrinks; the
// workers, which do hold the list, are let go when idle (letWorkersGo).
// Where no worker runs, the list is read into the page and tested there.

// scriptJobs are the testManyAsync calls waiting or running.
var scriptJobs struct {
	runner  store.Runner
	queue   []*scriptJob
	gen     int
	running *scriptJob
}

// scriptJob is one testManyAsync call.
type scriptJob struct {
	job             store.TestJob
	urls            js.Value // the caller's array, copied
	n               int
	allowed, lines  js.Value // the answer: a Uint8Array and an Int32Array of n
	left            int
	inWorkers       bool // the workers were handed the list from JavaScript
	resolve, reject js.Value
}

// testManyAsync answers one call: its arguments as testMany's.
func testManyAsync(args []js.Value) any {
	robots, agent, err := scriptArgs(args)
	if err == "" && !js.Global().Get("Array").Call("isArray", args[2]).Bool() {
		err = "robotsTester.testManyAsync(robotsTxt, agent, urls): urls must be an array of strings."
	}
	if err != "" {
		return js.Global().Get("Promise").Call("reject", js.Global().Get("Error").New(err))
	}
	in := model.Saved{Token: agent}
	if c, ok := catalogue.FindCrawler(agent); ok {
		in = model.Saved{Crawler: c.Name}
	}
	// Copied now, so a caller that changes the array later changes nothing.
	urls := args[2].Call("slice")
	n := urls.Length()
	var executor js.Func
	executor = js.FuncOf(func(_ js.Value, a []js.Value) any {
		executor.Release()
		j := &scriptJob{
			job: store.TestJob{
				Robots: []byte(robots.Body), In: in, Tester: model.NewTester(robots, in), AsGiven: true,
			},
			urls: urls, n: n, left: n,
			allowed: js.Global().Get("Uint8Array").New(n), lines: js.Global().Get("Int32Array").New(n),
			resolve: a[0], reject: a[1],
		}
		scriptJobs.queue = append(scriptJobs.queue, j)
		nextScriptJob()
		return nil
	})
	return js.Global().Get("Promise").New(executor)
}

// segment is URLs at…to-1 of the job's list joined by LF and encoded as
// UTF-8, by the browser. A URL holding a line break (not one a browser
// sends) would split in two: the segment's URLs are then read one by one,
// the break escaped, as readScriptList reads them.
func (j *scriptJob) segment(at, to int) js.Value {
	part := j.urls.Call("slice", at, to)
	joined := part.Call("join", "\n")
	if stringSplit.Call("call", joined, "\n").Length() != to-at {
		urls := make([]string, to-at)
		for k := range urls {
			urls[k] = strings.ReplaceAll(part.Index(k).String(), "\n", "%0A")
		}
		return browser.JSBytes([]byte(strings.Join(urls, "\n")))
	}
	return utf8Encoder.Call("encode", joined)
}

// stringSplit is String.prototype.split (syscall/js calls methods of
// objects only), and utf8Encoder the browser's TextEncoder.
var (
	stringSplit = js.Global().Get("String").Get("prototype").Get("split")
	utf8Encoder = js.Global().Get("TextEncoder").New()
)

// scriptPiece is how many URLs of the array are read into Go at once.
const scriptPiece = 16384

// readScriptList reads an array of URLs as one text, a piece at a time in
// slices: a million strings are tens of megabytes to convert.
func readScriptList(arr js.Value, done func(model.URLList)) {
	n, at := arr.Length(), 0
	var lb model.ListBuilder
	browser.RunSliced(func(deadline time.Time) bool {
		for at < n && time.Now().Before(deadline) {
			to := min(at+scriptPiece, n)
			part := arr.Call("slice", at, to)
			// Joined by the browser, the piece crosses in one call; a URL
			// holding a line break (not one a browser sends) makes the
			// join ambiguous, and the piece is then read item by item,
			// the break escaped.
			joined := part.Call("join", "\n").String()
			if strings.Count(joined, "\n") == to-at-1 {
				for k := at; k < to; k++ {
					i := strings.IndexByte(joined, '\n')
					if i < 0 {
						i = len(joined)
					}
					lb.Add(joined[:i])
					joined = joined[min(i+1, len(joined)):]
				}
			} else {
				for k := range to - at {
					lb.Add(strings.ReplaceAll(part.Index(k).String(), "\n", "%0A"))
				}
			}
			at = to
		}
		return at == n
	}, func() { done(lb.List()) })
}

// nextScriptJob starts the next waiting call when none runs.
func nextScriptJob() {
	if scriptJobs.running != nil || len(scriptJobs.queue) == 0 {
		return
	}
	j := scriptJobs.queue[0]
	scriptJobs.queue = scriptJobs.queue[1:]
	if j.left == 0 {
		j.finish()
		nextScriptJob()
		return
	}
	if scriptJobs.runner == nil {
		scriptJobs.runner = workers.NewRunner(receiveScript)
		workersBrokenOnce()
	}
	scriptJobs.running = j
	runScriptJob(j)
}

// runScriptJob hands the running call's list to the workers from
// JavaScript, or, where none runs, reads it into the page and tests it
// there.
func runScriptJob(j *scriptJob) {
	scriptJobs.gen++
	gen := scriptJobs.gen
	j.job.ListVersion = -gen // a new list for every call
	if pool, ok := scriptJobs.runner.(*workers.WorkerPool); ok && pool.TestList(gen, j.job, j.n, j.segment) {
		j.inWorkers = true
		return
	}
	j.inWorkers = false
	readScriptList(j.urls, func(urls model.URLList) {
		if scriptJobs.running == j && scriptJobs.gen == gen {
			j.job.URLs = urls
			scriptJobs.runner.Test(gen, j.job)
		}
	})
}

// workersBrokenOnce has a call whose list the workers held start again on
// the page when a worker cannot run: the page never held that list.
var workersBrokenOnce = sync.OnceFunc(func() {
	workers.OnWorkersBroken(func() {
		if j := scriptJobs.running; j != nil && j.inWorkers {
			j.left = j.n
			runScriptJob(j)
		}
	})
})

// receiveScript records verdicts for the running call, into its typed
// arrays.
func receiveScript(gen, start int, flags []uint8, lines []int32) {
	j := scriptJobs.running
	if j == nil || gen != scriptJobs.gen {
		return
	}
	allowed := scriptBuf.allowed[:0]
	lineBytes := scriptBuf.lines[:0]
	for k, f := range flags {
		var a byte
		if f&model.FlagAllowed != 0 {
			a = 1
		}
		allowed = append(allowed, a)
		lineBytes = binary.LittleEndian.AppendUint32(lineBytes, uint32(lines[k]))
	}
	scriptBuf.allowed, scriptBuf.lines = allowed, lineBytes
	js.CopyBytesToJS(j.allowed.Call("subarray", start, start+len(flags)), allowed)
	js.CopyBytesToJS(js.Global().Get("Uint8Array").New(j.lines.Get("buffer"), 4*start, 4*len(flags)), lineBytes)
	j.left -= len(flags)
	if j.left <= 0 {
		scriptJobs.running = nil
		j.finish()
		nextScriptJob()
		if scriptJobs.running == nil {
			letWorkersGo(scriptJobs.gen)
		}
	}
}

// scriptBuf holds one results message's verdicts on their way into the
// answer, kept for the next.
var scriptBuf struct{ allowed, lines []byte }

// idleWorkers is how long the script API's workers are kept after its
// last call: long enough for a script's next call to find them, short
// enough that a million-URL run's memory is given back (issue 26: within
// 100 MB of before, 10 s after).
const idleWorkers = 3 * time.Second

// letWorkersGo ends the script API's workers when no call came after the
// one numbered gen within idleWorkers: their memory, a copy of the engine
// and of the list each, goes back to the browser.
func letWorkersGo(gen int) {
	time.AfterFunc(idleWorkers, func() {
		if scriptJobs.gen != gen || scriptJobs.running != nil || len(scriptJobs.queue) > 0 {
			return
		}
		if pool, ok := scriptJobs.runner.(interface{ Close() }); ok {
			pool.Close()
		}
		scriptJobs.runner = nil
		// The JavaScript values the calls held (each list, its segments
		// as sent, the answers' arrays) stay alive in wasm_exec.js until
		// Go's finalizers let them go, which only a collection runs; a
		// list's run allocates little in Go, so none may come for long:
		// a million URLs kept 71 MB of the renderer 10 s after.
		runtime.GC()
	})
}

// finish resolves the call's Promise with the compact answer.
func (j *scriptJob) finish() {
	j.resolve.Invoke(map[string]any{"count": j.n, "allowed": j.allowed, "lines": j.lines})
}
