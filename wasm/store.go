//go:build js && wasm

package main

import (
	"time"

	"robotstester/engine"
	"robotstester/wasm/browser"
)

// The store is the one place the page's state changes. Components read it
// and dispatch actions; every action ends in at most one recompute and one
// render request. Derived data follows the engine's one-way flow: the
// robots.txt bytes are parsed (and linted) once per change, then each URL is
// tested once.
//
// A long list is tested off the page's thread (runner.go: workers, else
// slices), and its verdicts arrive later, a chunk at a time (receive), as
// one byte and one line number per URL (verdicts.go). What the table shows
// comes from those: the filter and sort (filters.go), the rule hit counts
// (hits.go) and the rows in view (results.go, virtual.go), each made again
// from this thread's parse when shown (row). The URL list itself is one
// text (urllist.go), never a string per URL.

// state is the store: what a person chose (Saved: what is saved, linked and
// restored), the editor's bookkeeping and what the engine derived from them.
type state struct {
	in Saved

	// The editor shows editorText, set only when the bytes are replaced from
	// outside (example, link, file): typing never writes the textarea back.
	editorText    string
	editorVersion int
	bom, eol      string // how an edit is turned back into bytes

	selected  int // index of the selected row, -1 for none
	focusLine int // a line a diagnostic pointed at, 0 for none

	message string // the last file or sharing outcome, a sentence
	link    string // the permalink that message is about, "" for none
	// previousDraft: a link displaced the autosaved draft, which can be
	// restored.
	previousDraft bool

	cut    engine.Cut     // where Googlebot's 500 KiB read ends
	robots *engine.Robots // the bytes Googlebot reads, parsed
	// lint holds the findings in linted, which is robots except for the
	// moment between an edit's results and its findings: the results come
	// first (see flush).
	lint       engine.Diagnostics
	linted     *engine.Robots
	lintedBy   string    // "page", or "worker" (workerlint.go)
	sent       sentCache // each URL's encoded form and scope (short lists)
	generation int       // recomputes so far
	// hitLines' list and the generation it is of.
	hitLinesList []int
	hitLinesOf   int
	pending      bool // an edit waits for its debounce
	reparse      bool // the waiting edit changed the robots.txt

	// The URL list as tested: split from in.URLs, or a list too long for
	// the text box (imported, and then in.URLs is empty).
	list         urlList
	listText     string             // the in.URLs list was split from
	listVersion  int                // bumped whenever list changes
	listImported bool               // list is imported's, not split from listText
	imported     *importedList      // a large list read from a file, nil for none
	tester       tester             // what this recompute tests with
	res          verdicts           // the verdict of every URL of list
	shown        rowCache           // the rows the table and the why panel showed
	exportNames  rowNames           // the rule and group texts the exports wrote
	table        tableView          // filter, sort and the order shown
	runner       runner             // tests long lists off the main thread; nil: at once
	testedBy     string             // "page" (at once), or the runner's name
	scopeOf      scopeKey           // what s.sent.scope was worked out for
	scopeJob     *browser.SlicedJob // works it out for a long list

	edits       browser.Debouncer
	progressDue bool   // a progress render is scheduled
	onChange    func() // asks the page to render; nil in tests
	// onPending tells the page an edit waits for its debounce, which only
	// the results table shows (data-settled); nil in tests.
	onPending func()
	// onProgress shows a long run's progress, which only the results
	// show: rendering the whole page ten times a second would cost more.
	onProgress func()
	// onFilter brings the table back to its first row; nil in tests.
	onFilter func()
	// lintElsewhere asks a worker to lint a long robots.txt (workerlint.go)
	// and reports whether one was asked; nil in tests.
	lintElsewhere func(robots []byte, done func(lint, others engine.Diagnostics)) bool

	lintedCut engine.Cut         // the cut of the linted bytes
	others    engine.Diagnostics // the lines other readers read otherwise in linted (readers.go)

	// parseInSlices: replace parses a long robots.txt in slices (the page;
	// tests replace at once). parsing is that parse while it runs, and
	// before the robots.txt the editor still shows meanwhile.
	parseInSlices bool
	parsing       *browser.SlicedJob
	before        string
	// prepareText does, in a slice of its own, what the render that shows
	// a new long text would do first (the viewer's lines, editorview.go);
	// nil in tests.
	prepareText func(text string)
}

var store = newState(exampleState)

func newState(in Saved) *state {
	s := &state{selected: -1, edits: browser.Debouncer{Delay: browser.DebounceDelay}}
	s.replace(in)
	s.lintNow() // the page's first paint shows the findings
	return s
}

// replace swaps in a whole new state (example, permalink, draft, opened
// file) and recomputes everything.
//
// In the page, a robots.txt longer than maxEditBytes is parsed first, in
// slices (engine.StartParse), as an edit waits for its debounce: the page
// shows the state before, marked pending, until the new one is parsed. Its
// first parse would otherwise hold the page 50 ms or more, in code the
// browser has not yet compiled for speed.
func (s *state) replace(in Saved) { s.replaceThen(in, nil) }

// replaceThen is replace, then runs then (when not nil) once the new state
// shows, unless a newer replace came first.
func (s *state) replaceThen(in Saved, then func()) {
	if in.URLs != "" {
		// A state with a list of its own (the example, a link, a draft)
		// replaces a long list kept aside.
		s.imported = nil
	}
	s.edits.Cancel()
	s.parsing.Stop()
	if !s.parseInSlices || len(in.Robots) <= maxEditBytes {
		s.parsing, s.before, s.in = nil, "", in
		s.parse()
		s.replaced()
		if then != nil {
			then()
		}
		return
	}
	s.reparse = true
	if !s.pending {
		s.pending = true
		if s.onPending != nil {
			s.onPending()
		}
	}
	if s.parsing == nil {
		s.before = s.in.Robots
	}
	s.in = in
	text := in.Robots
	var cut engine.Cut
	var parsing *engine.Parsing
	var robots *engine.Robots
	ahead := 0 // the steps done after the parse
	s.parsing = browser.RunSliced(func(deadline time.Time) bool {
		if parsing == nil {
			// In a slice of its own: the cut counts the lines of the
			// whole text (4 MiB: some tens of milliseconds the first time).
			cut = engine.FetchLimitString(text)
			parsing = engine.StartParse(cut.Body)
			return false
		}
		for robots == nil {
			if robots = parsing.Continue(browser.CheckEvery); robots == nil && time.Now().After(deadline) {
				return false
			}
		}
		// Then, each in a slice of its own, what the render that shows
		// the text would do first: the rule index the crawler's groups
		// are tested through, and the viewer's lines. The render comes
		// in a slice after those.
		switch ahead++; ahead {
		case 1:
			return false
		case 2:
			newTester(robots, s.in).verdict(sent{url: "/"})
			return false
		case 3:
			if s.prepareText != nil {
				s.prepareText(text[robots.BOM:])
			}
			return false
		}
		return true
	}, func() {
		s.parsing, s.before = nil, ""
		if s.in.Robots != text {
			// Edited meanwhile: the edit's flush parses.
			s.flush()
			return
		}
		s.reparse, s.cut, s.robots = false, cut, robots
		s.replaced()
		if then != nil {
			then()
		}
	})
}

// editorRobots is the robots.txt the editor shows: while a replaced one is
// parsed (replace), still the one before it, whose parse the page shows.
func (s *state) editorRobots() string {
	if s.parsing != nil {
		return s.before
	}
	return s.in.Robots
}

// replaced recomputes everything for a state replace has parsed.
func (s *state) replaced() {
	s.pending = false
	s.bom = s.in.Robots[:s.robots.BOM]
	s.eol = lineEnding(s.in.Robots)
	s.editorText = s.in.Robots[s.robots.BOM:]
	s.editorVersion++
	s.selected, s.focusLine = -1, 0
	s.test()
	s.changed()
	s.lintLater()
}

// importList replaces the URL list with one read from a file or pasted: a
// short one goes into the text box; a long one is kept aside (see
// importedList), so the text box never holds megabytes.
func (s *state) importList(name string, urls urlList) {
	in := s.in
	if urls.Len() <= maxTypedURLs {
		// The text box shows it: a new text for the fields.
		in.URLs = urls.text
		s.imported = nil
		s.replace(in)
		return
	}
	// Only the list changes: the editor keeps its text, and the results
	// start again from the top. The typed list waits for clearImported.
	typed := s.in.URLs
	if s.imported != nil {
		typed = s.imported.typed
	}
	s.in.URLs = ""
	s.imported = &importedList{name: name, urls: urls, typed: typed}
	s.selected = -1
	s.now(false)
}

// clearImported drops a long imported list: the text box is back, with
// the list typed before it.
func (s *state) clearImported() {
	if s.imported == nil {
		return
	}
	in := s.in
	in.URLs = s.imported.typed
	s.imported = nil
	s.replace(in)
}

// givenList is the URL list as the person last gave it: the text box's, or
// a long list's kept aside.
func (s *state) givenList() string {
	if s.imported != nil {
		return s.imported.urls.text
	}
	return s.in.URLs
}

// editRobots records the editor's text after a keystroke; the engine runs
// once typing pauses.
func (s *state) editRobots(text string) {
	robots := editorBytes(text, s.bom, s.eol)
	if robots == s.in.Robots {
		return
	}
	s.in.Robots = robots
	s.later(true)
}

func (s *state) editURLs(text string) {
	if text == s.in.URLs && s.imported == nil {
		return
	}
	s.in.URLs, s.imported = text, nil
	s.later(false)
}

func (s *state) editToken(token string) {
	if token == s.in.Token && s.in.Crawler == "" {
		return
	}
	s.in.Token, s.in.Crawler = token, ""
	s.later(false)
}

func (s *state) editRobotsURL(u string) {
	if u == s.in.RobotsURL {
		return
	}
	s.in.RobotsURL = u
	s.later(false)
}

// pickCrawler and pickStatus come from selects: nothing to wait for.
func (s *state) pickCrawler(name string) {
	s.in.Crawler = name
	s.now(false)
}

func (s *state) pickStatus(id string) {
	s.in.Status = id
	s.now(false)
}

// selectRow selects the row at position pos of the table as shown
// (clamped to the rows there are) and marks its deciding line.
func (s *state) selectRow(pos int) {
	n := s.table.count(s)
	if n == 0 {
		return
	}
	i := s.table.index(max(0, min(pos, n-1)))
	if i == s.selected && s.focusLine == 0 {
		return
	}
	s.selected, s.focusLine = i, 0
	s.changed()
}

// notify shows the outcome of a file or sharing action.
func (s *state) notify(message, link string) {
	s.message, s.link = message, link
	s.changed()
}

// focusOn marks a line a diagnostic points at.
func (s *state) focusOn(line int) {
	s.focusLine = line
	s.changed()
}

func (s *state) later(robotsChanged bool) {
	s.reparse = s.reparse || robotsChanged
	if !s.pending {
		s.pending = true
		if s.onPending != nil {
			s.onPending()
		}
	}
	s.edits.Schedule(s.flush)
}

func (s *state) now(robotsChanged bool) {
	s.reparse = s.reparse || robotsChanged
	s.flush()
}

// flush runs what the pending edits need: the fetch limit and Parse when
// the bytes changed, then one Test per URL. The results are shown at once;
// Lint runs in the next task, so on a 500 KiB file the verdicts do not wait
// for the findings.
func (s *state) flush() {
	s.edits.Cancel()
	if s.parsing != nil {
		// A replaced robots.txt is being parsed: that parse recomputes.
		return
	}
	s.pending = false
	if s.reparse {
		s.parse()
		s.focusLine = 0
	}
	s.test()
	s.changed()
	s.lintLater()
}

// lintLater lints the parse after the verdicts are shown, when it is not
// linted yet: a long file in a worker (workerlint.go); else on this thread
// in two tasks, each well under 50 ms on a 500 KiB file once the browser
// has compiled the code for speed: the other readers' findings (kept by
// portabilityDiagnostics), then Google's and the render of both. A newer
// parse drops them: it lints itself.
func (s *state) lintLater() {
	if s.linted == s.robots {
		return
	}
	robots, cut := s.robots, s.cut
	if s.lintElsewhere != nil && len(s.in.Robots) >= workerLintBytes {
		// Asked in a task of its own: the first time, the workers start.
		text := s.in.Robots
		browser.NextTask(func() {
			if s.robots != robots || s.linted == robots {
				return
			}
			asked := s.lintElsewhere([]byte(text), func(lint, others engine.Diagnostics) {
				if s.robots == robots && s.linted != robots {
					s.lint, s.others, s.linted, s.lintedCut = lint, others, robots, cut
					s.lintedBy = "worker"
					s.changed()
				}
			})
			if !asked {
				s.lintOnPage(robots)
			}
		})
		return
	}
	s.lintOnPage(robots)
}

// lintOnPage lints robots on this thread, if it is still the parse shown.
func (s *state) lintOnPage(robots *engine.Robots) {
	browser.NextTask(func() {
		if s.robots != robots || s.linted == robots {
			return
		}
		portabilityDiagnostics(robots)
		browser.NextTask(func() {
			if s.robots == robots && s.linted != robots {
				s.lintNow()
				s.changed()
			}
		})
	})
}

func (s *state) parse() {
	s.reparse = false
	s.cut = engine.FetchLimitString(s.in.Robots)
	s.robots = engine.Parse(s.cut.Body)
}

// lintNow lints the current parse: what Googlebot reads, with the cut
// when the file is over 500 KiB.
func (s *state) lintNow() {
	s.lint, s.linted, s.lintedCut = engine.LintCut(s.cut, s.robots), s.robots, s.cut
	s.others = portabilityDiagnostics(s.robots)
	s.lintedBy = "page"
}

// test tests every URL of the list: a short list at once, a long one by
// the runner, whose verdicts arrive later (receive). Either way the rows
// in view are made here, on demand, from the same parse (row).
func (s *state) test() {
	s.generation++
	s.splitList()
	s.tester = newTester(s.robots, s.in)
	s.shown.reset()
	s.exportNames = rowNames{}
	n := s.list.Len()
	if s.selected >= n {
		s.selected = n - 1
	}
	s.res.reset(n, len(s.robots.Lines))
	if s.runner != nil && n > syncLimit {
		s.runner.test(s.generation, s.job())
		s.testedBy = s.runner.name()
		if (scopeKey{s.listVersion, s.in.RobotsURL}) != s.scopeOf {
			// Worked out again once the verdicts are in (scanScope): the
			// workers need the cores first.
			s.sent.scope = listScope{working: true}
		}
	} else {
		s.testedBy = "page"
		if s.runner != nil {
			s.runner.cancel()
		}
		s.testAll()
	}
	s.table.refresh(s)
}

// testAll tests the whole list now, keeping each URL's sent form for the
// next recompute.
func (s *state) testAll() {
	c := &s.sent
	if c.robotsURL != s.in.RobotsURL {
		c.byInput = nil
	}
	kept := make(map[string]sent, s.list.Len())
	var ls listScope
	for i := range s.list.Len() {
		u := s.list.At(i)
		v := c.get(u, s.in.RobotsURL)
		kept[u] = v
		ls.add(v)
		flags, line := s.tester.verdict(v)
		s.res.set(i, flags, line)
	}
	ls.done()
	c.robotsURL, c.byInput, c.scope = s.in.RobotsURL, kept, ls
	s.scopeOf = scopeKey{s.listVersion, s.in.RobotsURL}
}

// A scoper is a runner that can also work out a list's scope where the
// list is held (the worker pool, workerscope.go); it reports whether it
// took the work, else onPage does it.
type scoper interface {
	scope(listVersion int, robotsURL string, done func(listScope), onPage func()) bool
}

// scopeKey is what a list's scope (listScope) depends on.
type scopeKey struct {
	listVersion int
	robotsURL   string
}

// scanScope works out the list's scope, when the list or the robots.txt
// URL changed since it last did: in the workers that hold the list
// (workerscope.go), else on this thread in slices.
func (s *state) scanScope() {
	key := scopeKey{s.listVersion, s.in.RobotsURL}
	if key == s.scopeOf {
		return
	}
	s.scopeOf = key
	s.scopeJob.Stop()
	s.sent.scope = listScope{working: true}
	done := func(ls listScope) {
		if s.scopeOf == key {
			ls.done()
			s.sent.scope = ls
			s.changed()
		}
	}
	onPage := func() {
		var ls listScope
		next, list, robotsURL := 0, s.list, s.in.RobotsURL
		s.scopeJob = browser.RunSliced(func(deadline time.Time) bool {
			for ; next < list.Len(); next++ {
				if next%64 == 0 && time.Now().After(deadline) {
					return false
				}
				ls.add(newSent(list.At(next), robotsURL))
			}
			return true
		}, func() { done(ls) })
	}
	if p, ok := s.runner.(scoper); ok && p.scope(key.listVersion, key.robotsURL, done, onPage) {
		return
	}
	onPage()
}

// splitList splits the URL text into the list when it changed.
func (s *state) splitList() {
	switch {
	case s.imported != nil:
		if !s.listImported || s.list.text != s.imported.urls.text || s.list.Len() != s.imported.urls.Len() {
			s.list, s.listText, s.listImported = s.imported.urls, "", true
			s.listVersion++
		}
	case s.listImported || s.listText != s.in.URLs || s.list.ends == nil:
		s.list, s.listText, s.listImported = splitURLs(s.in.URLs), s.in.URLs, false
		s.listVersion++
	}
}

// job is what the runner needs to test the list for this recompute.
func (s *state) job() testJob {
	return testJob{
		robots: s.cut.Body, in: s.in, tester: s.tester,
		urls: s.list, listVersion: s.listVersion,
	}
}

// receive records verdicts a runner sent for URLs start, start+1, …; those
// of an older recompute are dropped.
func (s *state) receive(gen, start int, flags []uint8, lines []int32) {
	if gen != s.generation {
		return
	}
	for k, f := range flags {
		s.res.set(start+k, f, lines[k])
	}
	if s.res.done() {
		// Only the results show the verdicts that came: the rest of the
		// page is as the recompute left it.
		s.table.refresh(s)
		s.resultsChanged()
		s.scanScope()
		return
	}
	s.progress()
}

// progress asks for one render of the progress within the next 100 ms,
// however many chunks arrive: rendering the page for each would cost more
// than the chunks.
func (s *state) progress() {
	if s.progressDue {
		return
	}
	s.progressDue = true
	time.AfterFunc(100*time.Millisecond, func() {
		s.progressDue = false
		if !s.res.done() {
			s.table.refreshIfCheap(s)
			if s.onProgress != nil {
				s.onProgress()
			} else {
				s.changed()
			}
		}
	})
}

// resultsChanged shows a change that only the results show (how far an
// import has read, the verdicts a runner sent), as progress does.
func (s *state) resultsChanged() {
	if s.onProgress != nil {
		s.onProgress()
		return
	}
	s.changed()
}

// cancelTest stops a long run; the verdicts so far stay.
func (s *state) cancelTest() {
	if s.res.done() || s.runner == nil {
		return
	}
	s.runner.cancel()
	s.res.stopped = true
	s.table.refresh(s)
	// The list's scope needs no verdict: it is worked out all the same.
	s.scanScope()
	s.changed()
}

// row is the whole answer for URL i of the list, made from the engine when
// first shown in this recompute.
func (s *state) row(i int) row {
	if r, ok := s.shown.get(i); ok {
		return r
	}
	u := s.list.At(i)
	r := s.tester.row(u, s.sent.get(u, s.in.RobotsURL), &s.shown.names)
	s.shown.put(i, r)
	return r
}

// selectedRow is the selected row, if one is.
func (s *state) selectedRow() (row, bool) {
	if s.selected < 0 || s.selected >= s.list.Len() {
		return row{}, false
	}
	return s.row(s.selected), true
}

// allRows are the rows of the whole list, in list order.
func (s *state) allRows() []row {
	rows := make([]row, s.list.Len())
	for i := range rows {
		rows[i] = s.row(i)
	}
	return rows
}

// syncLimit is the longest list tested at once, in the task of the change:
// about 5 ms of testing, less than handing it to a worker costs.
const syncLimit = 2000

func (s *state) changed() {
	if s.onChange != nil {
		s.onChange()
	}
}

// currentSaved is the state to save or link: the robots.txt as exact bytes,
// including an edit still waiting for its debounce.
func currentSaved() Saved {
	return store.in
}

// applySaved replaces the whole state and shows it.
func applySaved(in Saved) {
	store.replace(in)
}

// exportRows are URLs from ≤ i < to of the list as the exports write them.
func (s *state) exportRows(from, to int) []ExportRow {
	_, outcome := serverAnswer(s.in.Status)
	crawler := s.in.Token
	if c, ok := pickedCrawler(s.in); ok {
		crawler = c.Name
	}
	out := make([]ExportRow, 0, to-from)
	for i := from; i < to; i++ {
		u := s.list.At(i)
		// Not s.row: a million rows would not stay in its cache.
		r := s.tester.row(u, s.sent.get(u, s.in.RobotsURL), &s.exportNames)
		reason := outcome.Reason
		if r.Override == "" {
			reason = s.robots.Explain(r.Result).Verdict
		}
		verdict := "blocked"
		if r.Allowed {
			verdict = "allowed"
		}
		out = append(out, ExportRow{
			URL: r.Input, TestedAs: r.TestedAs, Crawler: crawler, Verdict: verdict,
			Line: r.Line, Rule: r.Rule, Group: r.Group, Reason: reason, Scope: r.OffScope.Reason,
		})
	}
	return out
}
