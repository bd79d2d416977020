//go:build js && wasm

package store

import (
	"time"

	"robotstester/wasm/browser"
	"robotstester/wasm/model"
)

// A runner tests a long URL list without blocking the page: in Web Workers
// (WorkerPool, started from the page's own compiled program, see
// web/loader.js and worker.go), or where there are none in slices on the
// page's thread (SlicedRunner). Verdicts go to the store as they arrive
// (state.receive), tagged with the recompute they answer, so a change made
// meanwhile drops them.
type Runner interface {
	Test(gen int, job TestJob)
	Cancel()
	Name() string // how it tests, for table#results[data-tested-by]
}

// TestJob is one recompute's testing.
type TestJob struct {
	Robots      []byte       // the bytes Googlebot reads (FetchLimit's cut)
	In          model.Saved  // crawler, token, server answer, robots.txt URL
	Tester      model.Tester // the page's own tester, for the sliced runner
	URLs        model.URLList
	ListVersion int // which list urls is: the workers keep theirs
	// AsGiven matches each URL as given (the script API), not as a browser
	// would send what a person typed (the page).
	AsGiven bool
}

// sentFor is what job tests for URL u.
func (job TestJob) sentFor(u string) model.Sent {
	if job.AsGiven {
		return model.Sent{URL: u}
	}
	return model.NewSent(u, job.In.RobotsURL)
}

// SlicedRunner tests on the page's thread, a slice at a time.
type SlicedRunner struct {
	Receive func(gen, start int, flags []uint8, lines []int32)
	job     *browser.SlicedJob
}

func (r *SlicedRunner) Test(gen int, job TestJob) {
	r.Cancel()
	next := 0
	flags, lines := make([]uint8, 0, 1024), make([]int32, 0, 1024)
	r.job = browser.RunSliced(func(deadline time.Time) bool {
		start := next
		flags, lines = flags[:0], lines[:0]
		for ; next < job.URLs.Len(); next++ {
			if next%64 == 0 && time.Now().After(deadline) {
				break
			}
			f, l := job.Tester.Verdict(job.sentFor(job.URLs.At(next)))
			flags, lines = append(flags, f), append(lines, l)
		}
		r.Receive(gen, start, flags, lines)
		return next == job.URLs.Len()
	}, nil)
}

func (r *SlicedRunner) Cancel() { r.job.Stop() }

func (r *SlicedRunner) Name() string { return "slices" }
