//go:build js && wasm

package script

import (
	"encoding/binary"
	"strings"
	"syscall/js"
	"time"

	"robotstester/engine"
	"robotstester/wasm/browser"
	"robotstester/wasm/model"
	"robotstester/wasm/store"
	"robotstester/wasm/workers"
)

// robotsTester.testManyAsync(robotsTxt, agent, urls) tests a long list in
// the page's workers and never holds the page: it returns a Promise of the
// compact answer of testMany(…, {compact: true}). Calls run one after the
// other.

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
	allowed         []byte
	lines           []byte // little-endian int32s
	left            int
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
	if c, ok := engine.FindCrawler(agent); ok {
		in = model.Saved{Crawler: c.Name}
	}
	var executor js.Func
	executor = js.FuncOf(func(_ js.Value, a []js.Value) any {
		executor.Release()
		resolve, reject := a[0], a[1]
		readScriptList(args[2], func(urls model.URLList) {
			j := &scriptJob{
				job: store.TestJob{
					Robots: []byte(robots.Body), In: in, Tester: model.NewTester(robots, in),
					URLs: urls, AsGiven: true,
				},
				allowed: make([]byte, urls.Len()), lines: make([]byte, 4*urls.Len()), left: urls.Len(),
				resolve: resolve, reject: reject,
			}
			scriptJobs.queue = append(scriptJobs.queue, j)
			nextScriptJob()
		})
		return nil
	})
	return js.Global().Get("Promise").New(executor)
}

// scriptPiece is how many URLs of the array are read into Go at once.
const scriptPiece = 16384

// readScriptList reads an array of URLs as one text, a piece at a time in
// slices: a million strings are tens of megabytes to convert. The array
// is copied first, so a caller that changes it later changes nothing.
func readScriptList(arr js.Value, done func(model.URLList)) {
	arr = arr.Call("slice")
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
	}
	scriptJobs.running = j
	scriptJobs.gen++
	j.job.ListVersion = -scriptJobs.gen // a new list for every call
	scriptJobs.runner.Test(scriptJobs.gen, j.job)
}

// receiveScript records verdicts for the running call.
func receiveScript(gen, start int, flags []uint8, lines []int32) {
	j := scriptJobs.running
	if j == nil || gen != scriptJobs.gen {
		return
	}
	for k, f := range flags {
		i := start + k
		if f&model.FlagAllowed != 0 {
			j.allowed[i] = 1
		}
		binary.LittleEndian.PutUint32(j.lines[4*i:], uint32(lines[k]))
	}
	j.left -= len(flags)
	if j.left <= 0 {
		scriptJobs.running = nil
		j.finish()
		nextScriptJob()
	}
}

// finish resolves the call's Promise with the compact answer.
func (j *scriptJob) finish() {
	j.resolve.Invoke(map[string]any{
		"count":   len(j.allowed),
		"allowed": browser.JSBytes(j.allowed),
		"lines":   js.Global().Get("Int32Array").New(browser.JSBytes(j.lines).Get("buffer")),
	})
}
