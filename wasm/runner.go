//go:build js && wasm

package main

import (
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
