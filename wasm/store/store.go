//go:build js && wasm

package store

import (
	"slices"
	"time"

	"robotstester/engine"
	"robotstester/wasm/browser"
	"robotstester/wasm/model"
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

// State is the store: what a person chose (Saved: what is saved, linked and
// restored), the editor's bookkeeping and what the engine derived from them.
type State struct {
	In model.Saved

	// The editor shows EditorText, set only when the bytes are replaced from
	// outside (example, link, file): typing never writes the textarea back.
	EditorText    string
	EditorVersion int
	BOM, EOL      string // how an edit is turned back into bytes

	// TokenVersion counts the times the token was set from outside its
	// field (a crawler picked), which is then written into it.
	TokenVersion int

	Selected  int // index of the selected row, -1 for none
	FocusLine int // a line a diagnostic pointed at, 0 for none
	// Quick is the one-URL test's URL (quick.go), FindingsOpen whether
	// the findings panel is open: the page's, never saved.
	Quick        string
	FindingsOpen bool

	Message string // the last file or sharing outcome, a sentence
	Link    string // the permalink that message is about, "" for none
	// PreviousDraft: a link displaced the autosaved draft, which can be
	// restored.
	PreviousDraft bool

	Cut    engine.Cut     // where Googlebot's 500 KiB read ends
	Robots *engine.Robots // the bytes Googlebot reads, parsed
	// Lint holds the findings in linted, which is robots except for the
	// moment between an edit's results and its findings: the results come
	// first (see flush).
	Lint       engine.Diagnostics
	Linted     *engine.Robots
	LintedBy   string          // "page", or "worker" (workerlint.go)
	Sent       model.SentCache // each URL's encoded form and scope (short lists)
	Generation int             // recomputes so far
	// HitLines' list and the generation it is of.
	hitLinesList []int
	hitLinesOf   int
	Pending      bool // an edit waits for its debounce
	Reparse      bool // the waiting edit changed the robots.txt

	// The URL list as tested: split from in.URLs, or a list too long for
	// the text box (imported, and then in.URLs is empty).
	List         model.URLList
	listText     string              // the in.URLs list was split from
	ListVersion  int                 // bumped whenever list changes
	listImported bool                // list is imported's, not split from listText
	Imported     *model.ImportedList // a large list read from a file, nil for none
	tester       model.Tester        // what this recompute tests with
	Res          model.Verdicts      // the verdict of every URL of list
	shown        model.RowCache      // the rows the table and the why panel showed
	exportNames  model.RowNames      // the rule and group texts the exports wrote
	Table        TableView           // filter, sort and the order shown
	Runner       Runner              // tests long lists off the main thread; nil: at once
	TestedBy     string              // "page" (at once), or the runner's name
	scopeOf      scopeKey            // what s.sent.scope was worked out for
	scopeJob     *browser.SlicedJob  // works it out for a long list

	edits       browser.Debouncer
	progressDue bool   // a progress render is scheduled
	OnChange    func() // asks the page to render; nil in tests
	// OnPending tells the page an edit waits for its debounce, which only
	// the results table shows (data-settled); nil in tests.
	OnPending func()
	// OnProgress shows a long run's progress, which only the results
	// show: rendering the whole page ten times a second would cost more.
	OnProgress func()
	// OnFilter brings the table back to its first row; nil in tests.
	OnFilter func()
	// LintElsewhere asks a worker to lint a long robots.txt (workerlint.go)
	// and reports whether one was asked; nil in tests.
	LintElsewhere func(robots []byte, done func(lint, others engine.Diagnostics)) bool

	LintedCut engine.Cut         // the cut of the linted bytes
	Others    engine.Diagnostics // the lines other readers read otherwise in linted (readers.go)

	// ParseInSlices: replace parses a long robots.txt in slices (the page;
	// tests replace at once). parsing is that parse while it runs, and
	// before the robots.txt the editor still shows meanwhile.
	ParseInSlices bool
	parsing       *browser.SlicedJob
	before        string
	// PrepareText does, in a slice of its own, what the render that shows
	// a new long text would do first (the viewer's lines, editorview.go);
	// nil in tests.
	PrepareText func(text string)

	// Live is the last live fetch that put its text in the editor, nil
	// for none; the diff view compares with it.
	Live *LiveFile
	// Session is the site session (session.go): the file before it is a
	// version the diff view offers, and the fetch's Undo restores.
	Session      Session
	newSiteHooks []func(in *model.Saved)
}

// LiveFile is a robots.txt fetched from a live site and put in the editor.
type LiveFile struct {
	Body string // the bytes fetched
	From string // the URL the fetch ended at
}

var Page = NewState(model.ExampleState)

func NewState(in model.Saved) *State {
	s := &State{Selected: -1, edits: browser.Debouncer{Delay: browser.DebounceDelay}}
	s.Replace(in)
	s.LintNow() // the page's first paint shows the findings
	return s
}

// Replace swaps in a whole new state (example, permalink, draft, opened
// file) and recomputes everything.
//
// In the page, a robots.txt longer than MaxEditBytes is parsed first, in
// slices (engine.StartParse), as an edit waits for its debounce: the page
// shows the state before, marked pending, until the new one is parsed. Its
// first parse would otherwise hold the page 50 ms or more, in code the
// browser has not yet compiled for speed.
func (s *State) Replace(in model.Saved) { s.ReplaceThen(in, nil) }

// ReplaceThen is replace, then runs then (when not nil) once the new state
// shows, unless a newer replace came first.
func (s *State) ReplaceThen(in model.Saved, then func()) {
	// A link or draft of an older page may name a crawler and another
	// token: the crawler wins, as the tests always did.
	in = model.WithPickedToken(in)
	if in.URLs != "" {
		// A state with a list of its own (the example, a link, a draft)
		// replaces a long list kept aside.
		s.Imported = nil
	}
	s.edits.Cancel()
	s.parsing.Stop()
	if !s.ParseInSlices || len(in.Robots) <= model.MaxEditBytes {
		s.parsing, s.before, s.In = nil, "", in
		s.parse()
		s.replaced()
		if then != nil {
			then()
		}
		return
	}
	s.Reparse = true
	if !s.Pending {
		s.Pending = true
		if s.OnPending != nil {
			s.OnPending()
		}
	}
	if s.parsing == nil {
		s.before = s.In.Robots
	}
	s.In = in
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
			model.NewTester(robots, s.In).Verdict(model.Sent{URL: "/"})
			return false
		case 3:
			if s.PrepareText != nil {
				s.PrepareText(text[robots.BOM:])
			}
			return false
		}
		return true
	}, func() {
		s.parsing, s.before = nil, ""
		if s.In.Robots != text {
			// Edited meanwhile: the edit's flush parses.
			s.Flush()
			return
		}
		s.Reparse, s.Cut, s.Robots = false, cut, robots
		s.replaced()
		if then != nil {
			then()
		}
	})
}

// EditorRobots is the robots.txt the editor shows: while a replaced one is
// parsed (replace), still the one before it, whose parse the page shows.
func (s *State) EditorRobots() string {
	if s.parsing != nil {
		return s.before
	}
	return s.In.Robots
}

// replaced recomputes everything for a state replace has parsed.
func (s *State) replaced() {
	s.Pending = false
	s.BOM = s.In.Robots[:s.Robots.BOM]
	s.EOL = model.LineEnding(s.In.Robots)
	s.EditorText = s.In.Robots[s.Robots.BOM:]
	s.EditorVersion++
	s.Selected, s.FocusLine = -1, 0
	s.test()
	s.Changed()
	s.LintLater()
}

// ImportList replaces the URL list with one read from a file or pasted: a
// short one goes into the text box; a long one is kept aside (see
// ImportedList), so the text box never holds megabytes.
func (s *State) ImportList(name string, urls model.URLList) {
	in := s.In
	if urls.Len() <= model.MaxTypedURLs {
		// The text box shows it: a new text for the fields.
		in.URLs = urls.Text
		s.Imported = nil
		s.Replace(in)
		return
	}
	// Only the list changes: the editor keeps its text, and the results
	// start again from the top. The typed list waits for ClearImported.
	typed := s.In.URLs
	if s.Imported != nil {
		typed = s.Imported.Typed
	}
	s.In.URLs = ""
	s.Imported = &model.ImportedList{Name: name, URLs: urls, Typed: typed}
	s.Selected = -1
	s.Now(false)
}

// ClearImported drops a long imported list: the text box is back, with
// the list typed before it.
func (s *State) ClearImported() {
	if s.Imported == nil {
		return
	}
	in := s.In
	in.URLs = s.Imported.Typed
	s.Imported = nil
	s.Replace(in)
}

// GivenList is the URL list as the person last gave it: the text box's, or
// a long list's kept aside.
func (s *State) GivenList() string {
	if s.Imported != nil {
		return s.Imported.URLs.Text
	}
	return s.In.URLs
}

// EditRobots records the editor's text after a keystroke; the engine runs
// once typing pauses.
func (s *State) EditRobots(text string) {
	robots := model.EditorBytes(text, s.BOM, s.EOL)
	if robots == s.In.Robots {
		return
	}
	s.In.Robots = robots
	s.later(true)
}

func (s *State) EditURLs(text string) {
	if text == s.In.URLs && s.Imported == nil {
		return
	}
	s.In.URLs, s.Imported = text, nil
	s.later(false)
}

func (s *State) EditToken(token string) {
	if token == s.In.Token && s.In.Crawler == "" {
		return
	}
	s.In.Token, s.In.Crawler = token, ""
	s.later(false)
}

func (s *State) EditRobotsURL(u string) {
	if u == s.In.RobotsURL {
		return
	}
	s.In.RobotsURL = u
	s.later(false)
}

// PickCrawler and PickStatus come from selects: nothing to wait for.
// A crawler picked also sets the token field to its token, so the picker,
// the field and a link made now say the same (issue 22).
func (s *State) PickCrawler(name string) {
	s.In.Crawler = name
	s.In = model.WithPickedToken(s.In)
	s.TokenVersion++
	s.Now(false)
}

func (s *State) PickStatus(id string) {
	s.In.Status = id
	s.Now(false)
}

// SelectRow selects the row at position pos of the table as shown
// (clamped to the rows there are) and marks its deciding line.
func (s *State) SelectRow(pos int) {
	n := s.Table.Count(s)
	if n == 0 {
		return
	}
	i := s.Table.Index(max(0, min(pos, n-1)))
	if i == s.Selected && s.FocusLine == 0 {
		return
	}
	s.Selected, s.FocusLine = i, 0
	s.Changed()
}

// views are the IDs of the page's views, the results first; Saved.View
// names the open one, "" for the results.
var views = []string{"results", "matrix", "diff", "readers", "ai"}

// View is the open view: Saved.View, the results when it names none.
func (s *State) View() string {
	if s.In.View != "" && slices.Contains(views, s.In.View) {
		return s.In.View
	}
	return views[0]
}

// OpenView opens the view with the given ID.
func (s *State) OpenView(id string) {
	if id == views[0] {
		id = ""
	}
	if s.In.View == id {
		return
	}
	s.In.View = id
	s.Changed()
}

// Notify shows the outcome of a file or sharing action.
func (s *State) Notify(message, link string) {
	s.Message, s.Link = message, link
	s.Changed()
}

// FocusOn marks a line a diagnostic points at.
func (s *State) FocusOn(line int) {
	s.FocusLine = line
	s.Changed()
}

func (s *State) later(robotsChanged bool) {
	s.Reparse = s.Reparse || robotsChanged
	if !s.Pending {
		s.Pending = true
		if s.OnPending != nil {
			s.OnPending()
		}
	}
	s.edits.Schedule(s.Flush)
}

func (s *State) Now(robotsChanged bool) {
	s.Reparse = s.Reparse || robotsChanged
	s.Flush()
}

// Flush runs what the pending edits need: the fetch limit and Parse when
// the bytes changed, then one Test per URL. The results are shown at once;
// Lint runs in the next task, so on a 500 KiB file the verdicts do not wait
// for the findings.
func (s *State) Flush() {
	s.edits.Cancel()
	if s.parsing != nil {
		// A replaced robots.txt is being parsed: that parse recomputes.
		return
	}
	s.Pending = false
	if s.Reparse {
		s.parse()
		s.FocusLine = 0
	}
	s.test()
	s.Changed()
	s.LintLater()
}

// LintLater lints the parse after the verdicts are shown, when it is not
// linted yet: a long file in a worker (workerlint.go); else on this thread
// in two tasks, each well under 50 ms on a 500 KiB file once the browser
// has compiled the code for speed: the other readers' findings (kept by
// PortabilityDiagnostics), then Google's and the render of both. A newer
// parse drops them: it lints itself.
func (s *State) LintLater() {
	if s.Linted == s.Robots {
		return
	}
	robots, cut := s.Robots, s.Cut
	if s.LintElsewhere != nil && len(s.In.Robots) >= model.WorkerLintBytes {
		// Asked in a task of its own: the first time, the workers start.
		text := s.In.Robots
		browser.NextTask(func() {
			if s.Robots != robots || s.Linted == robots {
				return
			}
			asked := s.LintElsewhere([]byte(text), func(lint, others engine.Diagnostics) {
				if s.Robots == robots && s.Linted != robots {
					s.Lint, s.Others, s.Linted, s.LintedCut = lint, others, robots, cut
					s.LintedBy = "worker"
					s.Changed()
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
func (s *State) lintOnPage(robots *engine.Robots) {
	browser.NextTask(func() {
		if s.Robots != robots || s.Linted == robots {
			return
		}
		PortabilityDiagnostics(robots)
		browser.NextTask(func() {
			if s.Robots == robots && s.Linted != robots {
				s.LintNow()
				s.Changed()
			}
		})
	})
}

func (s *State) parse() {
	s.Reparse = false
	s.Cut = engine.FetchLimitString(s.In.Robots)
	s.Robots = engine.Parse(s.Cut.Body)
}

// LintNow lints the current parse: what Googlebot reads, with the cut
// when the file is over 500 KiB.
func (s *State) LintNow() {
	s.Lint, s.Linted, s.LintedCut = engine.LintCut(s.Cut, s.Robots), s.Robots, s.Cut
	s.Others = PortabilityDiagnostics(s.Robots)
	s.LintedBy = "page"
}

// test tests every URL of the list: a short list at once, a long one by
// the runner, whose verdicts arrive later (receive). Either way the rows
// in view are made here, on demand, from the same parse (row).
func (s *State) test() {
	s.Generation++
	s.splitList()
	s.tester = model.NewTester(s.Robots, s.In)
	s.shown.Reset()
	s.exportNames = model.RowNames{}
	n := s.List.Len()
	if s.Selected >= n {
		s.Selected = n - 1
	}
	s.Res.Reset(n, len(s.Robots.Lines))
	if s.Runner != nil && n > syncLimit {
		s.Runner.Test(s.Generation, s.job())
		s.TestedBy = s.Runner.Name()
		if (scopeKey{s.ListVersion, s.In.RobotsURL}) != s.scopeOf {
			// Worked out again once the verdicts are in (scanScope): the
			// workers need the cores first.
			s.Sent.Scope = model.ListScope{Working: true}
		}
	} else {
		s.TestedBy = "page"
		if s.Runner != nil {
			s.Runner.Cancel()
		}
		s.testAll()
	}
	s.Table.refresh(s)
}

// testAll tests the whole list now, keeping each URL's sent form for the
// next recompute.
func (s *State) testAll() {
	c := &s.Sent
	if c.RobotsURL != s.In.RobotsURL {
		c.ByInput = nil
	}
	kept := make(map[string]model.Sent, s.List.Len())
	var ls model.ListScope
	for i := range s.List.Len() {
		u := s.List.At(i)
		v := c.Get(u, s.In.RobotsURL)
		kept[u] = v
		ls.Add(v)
		flags, line := s.tester.Verdict(v)
		s.Res.Set(i, flags, line)
	}
	ls.Done()
	c.RobotsURL, c.ByInput, c.Scope = s.In.RobotsURL, kept, ls
	s.scopeOf = scopeKey{s.ListVersion, s.In.RobotsURL}
}

// A scoper is a runner that can also work out a list's scope where the
// list is held (the worker pool, workerscope.go); it reports whether it
// took the work, else onPage does it.
type scoper interface {
	Scope(listVersion int, robotsURL string, done func(model.ListScope), onPage func()) bool
}

// scopeKey is what a list's scope (ListScope) depends on.
type scopeKey struct {
	listVersion int
	robotsURL   string
}

// scanScope works out the list's scope, when the list or the robots.txt
// URL changed since it last did: in the workers that hold the list
// (workerscope.go), else on this thread in slices.
func (s *State) scanScope() {
	key := scopeKey{s.ListVersion, s.In.RobotsURL}
	if key == s.scopeOf {
		return
	}
	s.scopeOf = key
	s.scopeJob.Stop()
	s.Sent.Scope = model.ListScope{Working: true}
	done := func(ls model.ListScope) {
		if s.scopeOf == key {
			ls.Done()
			s.Sent.Scope = ls
			s.Changed()
		}
	}
	onPage := func() {
		var ls model.ListScope
		next, list, robotsURL := 0, s.List, s.In.RobotsURL
		s.scopeJob = browser.RunSliced(func(deadline time.Time) bool {
			for ; next < list.Len(); next++ {
				if next%64 == 0 && time.Now().After(deadline) {
					return false
				}
				ls.Add(model.NewSent(list.At(next), robotsURL))
			}
			return true
		}, func() { done(ls) })
	}
	if p, ok := s.Runner.(scoper); ok && p.Scope(key.listVersion, key.robotsURL, done, onPage) {
		return
	}
	onPage()
}

// splitList splits the URL text into the list when it changed.
func (s *State) splitList() {
	switch {
	case s.Imported != nil:
		if !s.listImported || s.List.Text != s.Imported.URLs.Text || s.List.Len() != s.Imported.URLs.Len() {
			s.List, s.listText, s.listImported = s.Imported.URLs, "", true
			s.ListVersion++
		}
	case s.listImported || s.listText != s.In.URLs || s.List.Ends == nil:
		s.List, s.listText, s.listImported = model.SplitURLs(s.In.URLs), s.In.URLs, false
		s.ListVersion++
	}
}

// job is what the runner needs to test the list for this recompute.
func (s *State) job() TestJob {
	return TestJob{
		Robots: s.Cut.Body, In: s.In, Tester: s.tester,
		URLs: s.List, ListVersion: s.ListVersion,
	}
}

// Receive records verdicts a runner sent for URLs start, start+1, …; those
// of an older recompute are dropped.
func (s *State) Receive(gen, start int, flags []uint8, lines []int32) {
	if gen != s.Generation {
		return
	}
	for k, f := range flags {
		s.Res.Set(start+k, f, lines[k])
	}
	if s.Res.Done() {
		// Only the results show the verdicts that came: the rest of the
		// page is as the recompute left it.
		s.Table.refresh(s)
		s.ResultsChanged()
		s.scanScope()
		return
	}
	s.progress()
}

// progress asks for one render of the progress within the next 100 ms,
// however many chunks arrive: rendering the page for each would cost more
// than the chunks.
func (s *State) progress() {
	if s.progressDue {
		return
	}
	s.progressDue = true
	time.AfterFunc(100*time.Millisecond, func() {
		s.progressDue = false
		if !s.Res.Done() {
			s.Table.refreshIfCheap(s)
			if s.OnProgress != nil {
				s.OnProgress()
			} else {
				s.Changed()
			}
		}
	})
}

// ResultsChanged shows a change that only the results show (how far an
// import has read, the verdicts a runner sent), as progress does.
func (s *State) ResultsChanged() {
	if s.OnProgress != nil {
		s.OnProgress()
		return
	}
	s.Changed()
}

// CancelTest stops a long run; the verdicts so far stay.
func (s *State) CancelTest() {
	if s.Res.Done() || s.Runner == nil {
		return
	}
	s.Runner.Cancel()
	s.Res.Stopped = true
	s.Table.refresh(s)
	// The list's scope needs no verdict: it is worked out all the same.
	s.scanScope()
	s.Changed()
}

// Row is the whole answer for URL i of the list, made from the engine when
// first shown in this recompute.
func (s *State) Row(i int) model.Row {
	if r, ok := s.shown.Get(i); ok {
		return r
	}
	u := s.List.At(i)
	r := s.tester.Row(u, s.Sent.Get(u, s.In.RobotsURL), &s.shown.Names)
	s.shown.Put(i, r)
	return r
}

// SelectedRow is the selected row, if one is.
func (s *State) SelectedRow() (model.Row, bool) {
	if s.Selected < 0 || s.Selected >= s.List.Len() {
		return model.Row{}, false
	}
	return s.Row(s.Selected), true
}

// AllRows are the rows of the whole list, in list order.
func (s *State) AllRows() []model.Row {
	rows := make([]model.Row, s.List.Len())
	for i := range rows {
		rows[i] = s.Row(i)
	}
	return rows
}

// syncLimit is the longest list tested at once, in the task of the change:
// about 5 ms of testing, less than handing it to a worker costs.
const syncLimit = 2000

func (s *State) Changed() {
	if s.OnChange != nil {
		s.OnChange()
	}
}

// CurrentSaved is the state to save or link: the robots.txt as exact bytes,
// including an edit still waiting for its debounce.
func CurrentSaved() model.Saved {
	return Page.In
}

// ApplySaved replaces the whole state and shows it.
func ApplySaved(in model.Saved) {
	Page.Replace(in)
}

// ExportRows are URLs from ≤ i < to of the list as the exports write them.
func (s *State) ExportRows(from, to int) []model.ExportRow {
	_, outcome := model.ServerAnswer(s.In.Status)
	crawler := s.In.Token
	if c, ok := model.PickedCrawler(s.In); ok {
		crawler = c.Name
	}
	out := make([]model.ExportRow, 0, to-from)
	for i := from; i < to; i++ {
		u := s.List.At(i)
		// Not s.row: a million rows would not stay in its cache.
		r := s.tester.Row(u, s.Sent.Get(u, s.In.RobotsURL), &s.exportNames)
		reason := outcome.Reason
		if r.Override == "" {
			// A CSV or JSON cell is plain text: no code spans.
			reason = engine.Plain(s.Robots.Explain(r.Result).Verdict)
		}
		verdict := "blocked"
		if r.Allowed {
			verdict = "allowed"
		}
		out = append(out, model.ExportRow{
			URL: r.Input, TestedAs: r.TestedAs, Crawler: crawler, Verdict: verdict,
			Line: r.Line, Rule: r.Rule, Group: r.Group, Reason: reason, Scope: r.OffScope.Reason,
		})
	}
	return out
}
