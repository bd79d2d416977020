//go:build js && wasm

package main

import (
	"strings"

	"robotstester/engine"
)

// The store is the one place the page's state changes. Components read it
// and dispatch actions; every action ends in at most one recompute and one
// render request. Derived data follows the engine's one-way flow: the
// robots.txt bytes are parsed (and linted) once per change, then each URL is
// tested once.

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
	rows       []row
	sent       sentCache // each URL's encoded form and scope
	generation int       // recomputes so far
	pending    bool      // an edit waits for its debounce
	reparse    bool      // the waiting edit changed the robots.txt

	edits    debouncer
	onChange func() // asks the page to render; nil in tests
	// onPending tells the page an edit waits for its debounce, which only
	// the results table shows (data-settled); nil in tests.
	onPending func()

	lintedCut engine.Cut // the cut of the linted bytes
}

var store = newState(exampleState)

func newState(in Saved) *state {
	s := &state{selected: -1, edits: debouncer{delay: debounceDelay}}
	s.replace(in)
	return s
}

// replace swaps in a whole new state (example, permalink, draft, opened
// file) and recomputes everything.
func (s *state) replace(in Saved) {
	s.edits.cancel()
	s.pending = false
	s.in = in
	s.parse()
	s.lintNow()
	s.bom = in.Robots[:s.robots.BOM]
	s.eol = lineEnding(in.Robots)
	s.editorText = in.Robots[s.robots.BOM:]
	s.editorVersion++
	s.selected, s.focusLine = -1, 0
	s.test()
	s.changed()
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
	if text == s.in.URLs {
		return
	}
	s.in.URLs = text
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

// selectRow selects row i (clamped to the rows there are) and marks its
// deciding line.
func (s *state) selectRow(i int) {
	if len(s.rows) == 0 {
		return
	}
	i = max(0, min(i, len(s.rows)-1))
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
	s.edits.schedule(s.flush)
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
	s.edits.cancel()
	s.pending = false
	if s.reparse {
		s.parse()
		s.focusLine = 0
	}
	s.test()
	s.changed()
	if s.linted != s.robots {
		nextTask(func() {
			if s.linted != s.robots {
				s.lintNow()
				s.changed()
			}
		})
	}
}

func (s *state) parse() {
	s.reparse = false
	s.cut = engine.FetchLimit([]byte(s.in.Robots))
	s.robots = engine.Parse(s.cut.Body)
}

// lintNow lints the current parse: what Googlebot reads, with the cut
// when the file is over 500 KiB.
func (s *state) lintNow() {
	s.lint, s.linted, s.lintedCut = engine.LintCut(s.cut, s.robots), s.robots, s.cut
}

func (s *state) test() {
	s.rows = buildRows(s.robots, s.in, &s.sent)
	if s.selected >= len(s.rows) {
		s.selected = len(s.rows) - 1
	}
	s.generation++
}

func (s *state) changed() {
	if s.onChange != nil {
		s.onChange()
	}
}

// urlLines splits the URL list: one URL or path per line (LF, CR or CRLF,
// as an imported file may have), blank lines and surrounding spaces dropped.
func urlLines(text string) []string {
	var out []string
	for _, line := range strings.FieldsFunc(text, func(r rune) bool { return r == '\n' || r == '\r' }) {
		if u := strings.TrimSpace(line); u != "" {
			out = append(out, u)
		}
	}
	return out
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

// currentRows are the results as the CSV and JSON exports write them.
func currentRows() []ExportRow {
	s := store
	_, outcome := serverAnswer(s.in.Status)
	crawler := s.in.Token
	if c, ok := pickedCrawler(s.in); ok {
		crawler = c.Name
	}
	out := make([]ExportRow, len(s.rows))
	for i, r := range s.rows {
		reason := outcome.Reason
		if r.Override == "" {
			reason = s.robots.Explain(r.Result).Verdict
		}
		verdict := "blocked"
		if r.Allowed {
			verdict = "allowed"
		}
		out[i] = ExportRow{
			URL: r.Input, TestedAs: r.TestedAs, Crawler: crawler, Verdict: verdict,
			Line: r.Line, Rule: r.Rule, Group: r.Group, Reason: reason, Scope: r.OffScope.Reason,
		}
	}
	return out
}
