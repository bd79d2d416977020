//go:build js && wasm

package readers

import (
	otherreaders "robotstester/engine/readers"
	"time"

	"robotstester/engine"
	"robotstester/engine/catalogue"
	"robotstester/wasm/browser"
	"robotstester/wasm/model"
	"robotstester/wasm/store"
)

// The Readers view's comparison of the whole URL list: every URL tested by
// every reader (otherreaders.CompareReader), in the Web Workers when they hold
// the list (workerreaders.go), else in slices of the page's thread
// (sliced.go) while the Readers tab is open, so a list of 100,000 URLs
// never blocks the page. What is kept per URL is whether its readers agree,
// which gives its place in the order shown (disagreements first, each part
// in list order), and a tally (otherreaders.ReaderTally); the rows in view are
// made again from the engine (row). A change of the file, the list or the
// crawler (a new store generation) drops the comparison under way and
// starts again.

// readerRun is the comparison of one store generation.
type readerRun struct {
	generation int // the store generation compared; 0 for none yet
	files      []otherreaders.ReaderFile
	crawler    *catalogue.Crawler // the picked crawler, nil for the typed token
	agent      string
	findings   []otherreaders.PortabilityFinding
	list       model.URLList

	state    []uint8 // per list index: 0 not compared yet, else urlDisagree or urlAgree
	compared int     // URLs compared
	cursor   int     // the slices' next list index
	disagree []int32 // list indices of the URLs readers disagree on, in list order
	agree    []int32 // and of the others: both as of the last order
	tally    otherreaders.ReaderTally
	// inWorkers: the workers compare the list (workerreaders.go) and
	// their flags arrive by receive.
	inWorkers bool
	by        string // "workers" or "slices": where it ran last (for tests)
	starting  bool   // the start waits for the view's frame (AfterPaint)

	job       *browser.SlicedJob
	cancelled bool // a person stopped it: it waits for "Compare the rest"
	started   time.Time
	elapsed   time.Duration // time from the start to the last URL (benchmarks read it)
	longest   time.Duration // the longest slice, handling of a worker's message or finish, each with its render
	version   int           // bumped whenever the rows shown change
	rendered  time.Time     // the last progress render

	rows     map[int]otherreaders.ReaderRow // rows made for the view, by list index
	selected int                            // list index of the selected row, -1 for none
}

var readers = readerRun{selected: -1}

// A URL's state in readerRun.state.
const (
	urlDisagree = 1 + iota
	urlAgree
)

// readerRowsPerCheck is how many URLs a slice compares between looks at
// the clock: one URL is seven readers' tests, some tens of microseconds.
const readerURLsPerCheck = 16

// readerProgressEvery is how often a long comparison shows its progress:
// each time costs the page a render of the view and, when the rows in
// view changed, writing them again.
const readerProgressEvery = 500 * time.Millisecond

// sync brings the comparison up to the store: a new generation starts
// again; the same one goes on where it stopped, unless a person stopped it.
// Called when the Readers view renders, so only while its tab is open.
func (r *readerRun) sync() {
	s := store.Page
	if r.generation != s.Generation {
		r.job.Stop()
		if r.inWorkers {
			cancelReadersInWorkers()
		}
		*r = readerRun{generation: s.Generation, files: store.ReaderFiles(), agent: s.In.Token,
			findings: store.PortabilityOf(s.Robots), list: s.List,
			state: make([]uint8, s.List.Len()), started: time.Now(), version: r.version + 1, selected: -1}
		if c, ok := model.PickedCrawler(s.In); ok {
			r.crawler = &c
		}
	}
	if r.done() || r.cancelled || r.inWorkers || r.starting || r.job != nil && !r.job.Stopped {
		return
	}
	// The view shows first: its frames (the view, then its first rows,
	// a few a frame: ReaderTable.shownCount) are
	// laid out before the comparison starts, so that their layout does not
	// share the CPU with it (AfterPaint, whenFilled). Between them the first rows are
	// made, and made final where a slice can (settleFirstRows): rows
	// written as the workers' first results arrived were laid out while
	// the workers (and V8 optimising their code) took both cores, a task
	// of 25-50 ms of CPU stretched past 150 ms (BENCH_TRACE traces of
	// BenchmarkBrowserReaders100k); made in the task that opens the tab,
	// they made it long by themselves.
	r.starting = true
	gen := r.generation
	browser.AfterPaint(func() {
		if r.generation != gen {
			return // a newer comparison, scheduled by its own sync
		}
		if store.Page.View() == "readers" && r.settleFirstRows(time.Now().Add(browser.SliceBudget)) && len(readersShown) > 0 {
			ReaderTable.Sync()
			browser.RenderNow(readersShown...)
		}
		browser.AfterPaint(func() {
			ReaderTable.whenFilled(func() {
				if r.generation != gen {
					return
				}
				r.starting = false
				if r.done() || r.cancelled || store.Page.View() != "readers" {
					return // the view starts it again when it shows
				}
				r.start()
			})
		})
	})
}

// readerFirstRows is how many rows at the top of the view are made final
// before the comparison leaves for the workers: more than a window holds
// (virtual.go writes about a screenful and its overscan).
const readerFirstRows = 64

// settleFirstRows goes on comparing the list in order, until the deadline,
// until readerFirstRows URLs disagree: disagreements come first, in list
// order, so once a prefix of the list holds that many the top rows no
// longer change, and the rows in view are not written again (a layout of
// some hundreds of elements) while the workers hold the cores. It reports
// whether it compared any URL.
func (r *readerRun) settleFirstRows(deadline time.Time) bool {
	from := r.cursor
	for r.cursor < len(r.state) && r.tally.Disagree < readerFirstRows {
		for k := 0; k < readerURLsPerCheck && r.cursor < len(r.state); k++ {
			r.compareNext()
		}
		if time.Now().After(deadline) {
			break
		}
	}
	if r.cursor == from {
		return false
	}
	r.order()
	if r.done() {
		r.elapsed = time.Since(r.started)
	}
	return true
}

// settleMore settles the first rows for one more slice while the
// comparison waits to start (the table fills a few rows a frame then, and
// the page's thread is free between frames), so that the rows in view are
// final before the workers' results arrive: else their first progress
// rewrote every row in view while the workers held both cores. It reports
// whether it compared any URL.
func (r *readerRun) settleMore() bool {
	if !r.starting || r.done() || r.cancelled || r.tally.Disagree >= readerFirstRows || store.Page.View() != "readers" {
		return false
	}
	return r.settleFirstRows(time.Now().Add(browser.SliceBudget))
}

// compareNext compares the URL at the cursor, unless it is compared
// already, and moves the cursor on.
func (r *readerRun) compareNext() {
	if i := r.cursor; r.state[i] == 0 {
		row := r.compare(i)
		r.tally.Add(row)
		r.mark(i, row.Agree())
	}
	r.cursor++
}

// start runs the comparison in the workers, else in slices.
func (r *readerRun) start() {
	if r.startInWorkers() {
		r.by = "workers"
		return
	}
	r.by = "slices"
	r.job = browser.RunSliced(r.step, r.finish)
}

// finish shows the whole comparison: the view alone renders, as nothing
// else in the page shows it.
func (r *readerRun) finish() {
	begin := time.Now()
	defer func() { r.longest = max(r.longest, time.Since(begin)) }()
	r.elapsed = time.Since(r.started)
	r.inWorkers = false
	r.order()
	if len(readersShown) > 0 {
		ReaderTable.Sync()
		browser.RenderNow(readersShown...)
	}
}

// progress shows the comparison so far, at most every
// readerProgressEvery.
func (r *readerRun) progress() {
	if time.Since(r.rendered) < readerProgressEvery {
		return
	}
	r.rendered = time.Now()
	r.order()
	if len(readersShown) > 0 {
		ReaderTable.Sync()
		browser.RenderNow(readersShown...)
	}
}

// order puts the URLs compared in the order shown: disagreements first,
// each part in list order.
func (r *readerRun) order() {
	before := ReaderTable.shownIndices()
	r.disagree, r.agree = r.disagree[:0], r.agree[:0]
	for i, st := range r.state {
		switch st {
		case urlDisagree:
			r.disagree = append(r.disagree, int32(i))
		case urlAgree:
			r.agree = append(r.agree, int32(i))
		}
	}
	if !ReaderTable.showsIndices(before) {
		// Rows in view changed: they are written again (else only the
		// padding follows the count, and the rows stay as written).
		r.version++
	}
}

// mark records list index i as compared, once.
func (r *readerRun) mark(i int, agree bool) {
	r.state[i] = urlDisagree
	if agree {
		r.state[i] = urlAgree
	}
	r.compared++
}

// step compares URLs until the deadline and reports whether every URL is
// compared. A newer generation or a closed tab stops it; the view starts
// it again when it shows.
func (r *readerRun) step(deadline time.Time) bool {
	if r.generation != store.Page.Generation || store.Page.View() != "readers" {
		r.job.Stop()
		return false
	}
	begin := time.Now()
	defer func() { r.longest = max(r.longest, time.Since(begin)) }()
	for r.cursor < len(r.state) {
		for k := 0; k < readerURLsPerCheck && r.cursor < len(r.state); k++ {
			r.compareNext()
		}
		if time.Now().After(deadline) {
			break
		}
	}
	if r.done() {
		return true
	}
	r.progress()
	return false
}

// compare is the engine's comparison of list URL i, as a browser sends it
// (the results table tests the same).
func (r *readerRun) compare(i int) otherreaders.ReaderRow {
	return otherreaders.CompareReader(r.files, r.crawler, r.agent, sentURL(r.list.At(i)), r.findings)
}

// sentURL is what a browser sends for u, as NewSent reads it, without the
// scope the readers do not need.
func sentURL(u string) string {
	if enc := engine.EncodeURL(u); enc.Err == "" {
		return enc.URL
	}
	return u
}

func (r *readerRun) done() bool { return r.generation != 0 && r.compared == len(r.state) }

// running reports whether the comparison is under way (not done, not
// stopped by a person).
func (r *readerRun) running() bool { return !r.done() && !r.cancelled }

// cancel stops the comparison; the rows and counts cover the URLs compared.
func (r *readerRun) cancel() {
	r.job.Stop()
	if r.inWorkers {
		cancelReadersInWorkers()
		r.inWorkers = false
	}
	r.cancelled = true
	r.order()
	store.Page.Changed()
}

// resume compares the rest after a cancel.
func (r *readerRun) resume() {
	r.cancelled = false
	store.Page.Changed()
}

// count is how many rows are shown: the URLs compared so far.
func (r *readerRun) count() int { return len(r.disagree) + len(r.agree) }

// index is the list index of the row shown at position pos.
func (r *readerRun) index(pos int) int {
	if pos < len(r.disagree) {
		return int(r.disagree[pos])
	}
	return int(r.agree[pos-len(r.disagree)])
}

// position is where list index i is shown, -1 when it is not.
func (r *readerRun) position(i int) int {
	for p, k := range r.disagree {
		if int(k) == i {
			return p
		}
	}
	for p, k := range r.agree {
		if int(k) == i {
			return len(r.disagree) + p
		}
	}
	return -1
}

// maxReaderRowsKept bounds the rows kept for the view: a screenful and the
// rows scrolled past lately.
const maxReaderRowsKept = 1024

// row is list index i's row, made by the engine again when shown.
func (r *readerRun) row(i int) otherreaders.ReaderRow {
	if row, ok := r.rows[i]; ok {
		return row
	}
	if r.rows == nil || len(r.rows) >= maxReaderRowsKept {
		r.rows = make(map[int]otherreaders.ReaderRow, 128)
	}
	row := r.compare(i)
	r.rows[i] = row
	return row
}
