//go:build js && wasm

package matrix

import (
	"time"
	"unsafe"

	"robotstester/engine"
	"robotstester/wasm/browser"
	"robotstester/wasm/store"
)

// Reading and checking the pins. A few hundred are read from Saved.Expect
// and checked against the draft at once, when the page next shows them; a
// larger set (an imported file of 100,000 cases is about 9 MB) in slices of
// browser.SliceBudget (issue 20: no main-thread task over 50 ms), during
// which the panel says it is checking and the last results stay shown.
// The engine reads (engine.StartReadExpectations) and decides each case
// (engine.Case.Test); this file only cuts the work into slices and keeps
// what came out, with an index by cell for the grid.
//
//	Saved.Expect ──read──▶ cases ──Case.Test against the draft──▶ results (failing first) + index by cell

// pinCache is the pins read and checked, and what they were checked
// against.
type pinCache struct {
	text  string        // the Saved.Expect cases were read from
	cases []engine.Case // read from text
	own   map[string]*engine.Robots

	ready   bool                      // results are for checked and robots
	checked string                    // the Saved.Expect results are for
	robots  *engine.Robots            // the draft results are for
	of      []engine.Case             // the cases results are of
	ofOwn   map[string]*engine.Robots // their own robots.txt files, parsed
	results []pinResult               // failing first
	columns []string                  // the column keys results name
	index   pinIndex                  // results by cell
	failing int
	gen     int // checks installed so far: results are the same while it is

	work      *pinWork // the check running in slices, nil for none
	importing *pinWork // the import running in slices, nil for none
	top       int      // the first pin the list writes
}

// pinResult is one pin checked against the draft, with no pointer in it:
// the collector need not walk 100,000 of them (each of its cycles is one
// long task in WebAssembly), and they take 16 bytes each, not the 350 of
// an engine.CaseResult. pinCaseResult makes the engine's value for the
// few shown.
type pinResult struct {
	c       int32 // the case, an index into pinCache.of
	col     int32 // its column key, an index into pinCache.columns
	line    int32 // the line that decided, 0 for none
	pass    bool
	allowed bool // the verdict the draft gives
}

var pins pinCache

// pinWork is a reading or check running in slices, and what it is for.
type pinWork struct {
	name   string // the file being imported, "" for the pins
	text   string
	robots *engine.Robots
	job    *browser.SlicedJob
}

// syncPinBytes is the longest Saved.Expect read and checked at once: 700
// one-line cases (as the page exports them) take a few milliseconds.
const syncPinBytes = 64 << 10

// sameText reports whether a and b are the same text, cheaply when they
// are the same string (WebAssembly's comparison goes byte by byte).
func sameText(a, b string) bool {
	return len(a) == len(b) && (len(a) == 0 || unsafe.StringData(a) == unsafe.StringData(b) || a == b)
}

// checkedPins are the pins checked against the draft, failing first: at
// once for a small set, else the last ones checked while a check runs in
// slices (pinsChecking).
func checkedPins() []pinResult {
	s, p := store.Page, &pins
	if p.ready && p.robots == s.Robots && sameText(p.checked, s.In.Expect) {
		// The same string from now on: the next look compares pointers.
		p.checked = s.In.Expect
		return p.results
	}
	if w := p.work; w != nil && w.robots == s.Robots && sameText(w.text, s.In.Expect) {
		return p.results
	}
	p.work.stop()
	p.work = nil
	text, robots := s.In.Expect, s.Robots
	if len(text) <= syncPinBytes {
		cases := pinCases()
		c := newPinCheck(cases, robots, p.own)
		c.step(time.Now().Add(time.Hour))
		p.install(text, cases, c)
		return p.results
	}
	p.work = startPinWork("", text, robots, func(exp *engine.Expectations, c *pinCheck, _ error) {
		// A damaged Saved.Expect (which only a hand-edited link can
		// hold) reads as no pins.
		p.work = nil
		p.install(text, exp.Cases, c)
		store.Page.Changed()
	})
	return p.results
}

// pinCaseResult is pin i of checkedPins as the engine's value; its Result
// holds only the verdict and the line (engine.Case.Test gives the rest).
func pinCaseResult(i int) engine.CaseResult {
	p := &pins
	r := p.results[i]
	k := p.of[r.c]
	robots := p.robots
	if k.HasRobots {
		robots = p.ofOwn[string(k.Robots)]
	}
	return engine.CaseResult{Case: k, Robots: robots, Result: engine.Result{Allowed: r.allowed, Line: int(r.line)}, Pass: r.pass}
}

// pinsChecking reports whether a check runs in slices: the results shown
// are an older draft's or pins'.
func pinsChecking() bool { return pins.work != nil }

// pinCases are the cases of Saved.Expect as read.
func pinCases() []engine.Case {
	p := &pins
	if !sameText(p.text, store.Page.In.Expect) {
		p.text, p.cases, p.own = store.Page.In.Expect, readPins(store.Page.In.Expect).Cases, map[string]*engine.Robots{}
	}
	p.text = store.Page.In.Expect
	return p.cases
}

// startPinWork reads text, unless it is the text the pins were read
// from, and checks its cases against robots, in slices; then finish hears
// what was read, the check and how the reading went (an error names the
// file as name; then nothing was read and the check holds no cases).
func startPinWork(name, text string, robots *engine.Robots, finish func(*engine.Expectations, *pinCheck, error)) *pinWork {
	p := &pins
	w := &pinWork{name: name, text: text, robots: robots}
	var reading *engine.ExpectReading
	var c *pinCheck
	var exp *engine.Expectations
	var readErr error
	if sameText(p.text, text) {
		exp = &engine.Expectations{Cases: p.cases}
		c = newPinCheck(exp.Cases, robots, p.own)
	}
	w.job = browser.RunSliced(func(deadline time.Time) bool {
		if c == nil && reading == nil {
			reading = engine.StartReadExpectations(name, text)
		}
		for c == nil {
			if reading.Continue(browser.CheckEvery) {
				if exp, readErr = reading.Result(); readErr != nil {
					exp = &engine.Expectations{}
				}
				c = newPinCheck(exp.Cases, robots, nil)
				break
			}
			if time.Now().After(deadline) {
				return false
			}
		}
		return c.step(deadline)
	}, func() { finish(exp, c, readErr) })
	return w
}

func (w *pinWork) stop() {
	if w != nil {
		w.job.Stop()
	}
}

// install keeps a finished check as the pins shown.
func (p *pinCache) install(text string, cases []engine.Case, c *pinCheck) {
	p.text, p.cases, p.own = text, cases, c.own
	p.ready, p.checked, p.robots, p.of, p.ofOwn = true, text, c.robots, cases, c.own
	p.results, p.columns, p.index, p.failing = c.results, c.columns, c.index, c.failing
	p.gen++
	p.top = min(p.top, max(0, len(p.results)-1))
}

// pinCheck checks cases against a draft, a slice at a time: each case,
// then the results ordered failing first, then the index by cell.
type pinCheck struct {
	cases  []engine.Case
	robots *engine.Robots
	own    map[string]*engine.Robots

	checked []pinResult // in the cases' order
	results []pinResult // failing first
	columns []string
	index   pinIndex
	// The index in columns of each agent's and crawler's key.
	byAgent, byCrawler map[string]int32
	failing            int
	stage              int // 0 checking, 1 ordering the failing, 2 the passing, 3 indexing
	next               int // the next item of the stage
}

func newPinCheck(cases []engine.Case, robots *engine.Robots, own map[string]*engine.Robots) *pinCheck {
	if own == nil {
		own = map[string]*engine.Robots{}
	}
	return &pinCheck{
		cases: cases, robots: robots, own: own,
		checked: make([]pinResult, len(cases)),
		results: make([]pinResult, 0, len(cases)),
		byAgent: map[string]int32{}, byCrawler: map[string]int32{},
		index: pinIndex{at: make(map[uint64]int32, len(cases))},
	}
}

// step works until deadline and reports whether the check is done.
func (c *pinCheck) step(deadline time.Time) bool {
	for n := 0; c.stage < 4; n++ {
		if n%browser.CheckEvery == browser.CheckEvery-1 && time.Now().After(deadline) {
			return false
		}
		if c.next == len(c.cases) {
			c.stage, c.next = c.stage+1, 0
			continue
		}
		i := c.next
		c.next++
		switch c.stage {
		case 0:
			c.check(i)
		case 1, 2:
			// Failing pins first, each kind in the order pinned.
			if r := c.checked[i]; r.pass == (c.stage == 2) {
				c.results = append(c.results, r)
			}
		case 3:
			if i == 0 {
				c.checked = nil
			}
			c.index.add(c.cases, c.columns, c.results, i)
		}
	}
	return true
}

// check tests case i against the draft, or against its own robots.txt.
func (c *pinCheck) check(i int) {
	k := c.cases[i]
	r := c.robots
	if k.HasRobots {
		if r = c.own[string(k.Robots)]; r == nil {
			r = engine.Parse(k.Robots)
			c.own[string(k.Robots)] = r
		}
	}
	res := k.Test(r)
	c.checked[i] = pinResult{c: int32(i), col: c.column(k), line: int32(res.Line), pass: res.Allowed == k.Allowed, allowed: res.Allowed}
	if !c.checked[i].pass {
		c.failing++
	}
}

// column is the index of caseColumn(k) in columns, each key once.
func (c *pinCheck) column(k engine.Case) int32 {
	seen, name := c.byAgent, k.Agent
	if k.Crawler != "" {
		seen, name = c.byCrawler, k.Crawler
	}
	col, ok := seen[name]
	if !ok {
		col = int32(len(c.columns))
		c.columns = append(c.columns, caseColumn(k))
		seen[name] = col
	}
	return col
}

// pinIndex finds the pin of a cell among the results. It keeps a hash of
// each pin's cell, not its URL: 100,000 strings in a map are 100,000 more
// pointers for the collector to follow in each of its cycles. A hash two
// cells share (FNV-1a, 64 bits: in practice never) is marked, and a cell
// with it is looked for pin by pin.
type pinIndex struct {
	at      map[uint64]int32 // the last result of each cell's hash
	collide map[uint64]bool  // hashes of more than one cell
}

// cellHash is the FNV-1a hash of a cell's URL and column key.
func cellHash(k pinKey) uint64 {
	h := uint64(14695981039346656037)
	for _, s := range [2]string{k.url, k.column} {
		for i := 0; i < len(s); i++ {
			h = (h ^ uint64(s[i])) * 1099511628211
		}
		h = (h ^ 0xff) * 1099511628211 // no byte of a string is 0xff alone: the two parts never run together
	}
	return h
}

// keyOf is the cell of result i.
func keyOf(cases []engine.Case, columns []string, results []pinResult, i int) pinKey {
	r := results[i]
	return pinKey{cases[r.c].URL, columns[r.col]}
}

// add indexes result i; a later pin of the same cell wins, as it would
// in the page's map of old.
func (x *pinIndex) add(cases []engine.Case, columns []string, results []pinResult, i int) {
	key := keyOf(cases, columns, results, i)
	h := cellHash(key)
	if j, ok := x.at[h]; ok && keyOf(cases, columns, results, int(j)) != key {
		if x.collide == nil {
			x.collide = map[uint64]bool{}
		}
		x.collide[h] = true
	}
	x.at[h] = int32(i)
}

// find is the result of the cell key, -1 for none.
func (x *pinIndex) find(cases []engine.Case, columns []string, results []pinResult, key pinKey) int {
	h := cellHash(key)
	if x.collide[h] {
		for i := len(results) - 1; i >= 0; i-- {
			if keyOf(cases, columns, results, i) == key {
				return i
			}
		}
		return -1
	}
	if i, ok := x.at[h]; ok && keyOf(cases, columns, results, int(i)) == key {
		return int(i)
	}
	return -1
}
