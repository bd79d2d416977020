//go:build js && wasm

package main

import (
	"encoding/binary"
	"strings"
	"syscall/js"

	"robotstester/engine"
)

// robotsTester.testManyAsync(robotsTxt, agent, urls) tests a long list in
// the page's workers and never holds the page: it returns a Promise of the
// compact answer of testMany(…, {compact: true}). Calls run one after the
// other.

// scriptJobs are the testManyAsync calls waiting or running.
var scriptJobs struct {
	runner  runner
	queue   []*scriptJob
	gen     int
	running *scriptJob
}

// scriptJob is one testManyAsync call.
type scriptJob struct {
	job             testJob
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
	in := Saved{Token: agent}
	if c, ok := engine.FindCrawler(agent); ok {
		in = Saved{Crawler: c.Name}
	}
	urls := scriptList(args[2])
	j := &scriptJob{
		job: testJob{
			robots: []byte(robots.Body), in: in, tester: newTester(robots, in),
			urls: urls, asGiven: true,
		},
		allowed: make([]byte, urls.Len()), lines: make([]byte, 4*urls.Len()), left: urls.Len(),
	}
	var executor js.Func
	executor = js.FuncOf(func(_ js.Value, a []js.Value) any {
		executor.Release()
		j.resolve, j.reject = a[0], a[1]
		scriptJobs.queue = append(scriptJobs.queue, j)
		nextScriptJob()
		return nil
	})
	return js.Global().Get("Promise").New(executor)
}

// scriptList reads an array of URLs as one text (see scriptURLs).
func scriptList(arr js.Value) urlList {
	n := arr.Length()
	if n == 0 {
		return urlList{}
	}
	joined := arr.Call("join", "\n").String()
	if strings.Count(joined, "\n") != n-1 {
		var lb listBuilder
		for i := range n {
			// A line break inside a URL is not one a browser sends:
			// read it as a space would be, escaped.
			lb.add(strings.ReplaceAll(arr.Index(i).String(), "\n", "%0A"))
		}
		return lb.list()
	}
	return joinedURLs(joined)
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
		scriptJobs.runner = newRunner(receiveScript)
	}
	scriptJobs.running = j
	scriptJobs.gen++
	j.job.listVersion = -scriptJobs.gen // a new list for every call
	scriptJobs.runner.test(scriptJobs.gen, j.job)
}

// receiveScript records verdicts for the running call.
func receiveScript(gen, start int, flags []uint8, lines []int32) {
	j := scriptJobs.running
	if j == nil || gen != scriptJobs.gen {
		return
	}
	for k, f := range flags {
		i := start + k
		if f&flagAllowed != 0 {
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
		"allowed": jsBytes(j.allowed),
		"lines":   js.Global().Get("Int32Array").New(jsBytes(j.lines).Get("buffer")),
	})
}
