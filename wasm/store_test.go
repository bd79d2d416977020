//go:build js && wasm

package main

import (
	"strings"
	"testing"
	"time"

	"robotstester/engine"
)

func TestTypingBurstParsesOnceWhenFlushed(t *testing.T) {
	s := newState(exampleState)
	parsed, gen := s.robots, s.generation
	s.editRobots("User-agent: *\nDisallow: /a")
	s.editRobots("User-agent: *\nDisallow: /ab")
	s.editRobots("User-agent: *\nDisallow: /abc")
	if s.robots != parsed || s.generation != gen {
		t.Fatalf("the engine ran before the debounce: generation %d → %d", gen, s.generation)
	}
	if !s.pending {
		t.Fatal("an edit is waiting but pending is false")
	}
	s.flush()
	if s.robots == parsed {
		t.Fatal("flush did not parse the edited robots.txt")
	}
	if s.generation != gen+1 {
		t.Fatalf("three keystrokes cost %d recomputes, want 1", s.generation-gen)
	}
	if s.pending {
		t.Fatal("pending is still true after flush")
	}
	if got := s.robots.RuleText(2); got != "Disallow: /abc" {
		t.Fatalf("line 2 parsed as %q, want the last edit", got)
	}
}

func TestDebounceRunsTheEngineAfterThePause(t *testing.T) {
	s := newState(exampleState)
	s.edits.delay = time.Millisecond
	done := make(chan int, 8)
	s.onChange = func() {
		if !s.pending {
			done <- s.generation
		}
	}
	gen := s.generation
	s.editURLs("/a\n/b\n")
	select {
	case g := <-done:
		if g != gen+1 || len(s.allRows()) != 2 {
			t.Fatalf("after the pause: generation %d, %d rows; want %d and 2", g, len(s.allRows()), gen+1)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the debounced recompute never ran")
	}
}

func TestOnlyARobotsChangeReparses(t *testing.T) {
	s := newState(exampleState)
	parsed := s.robots
	s.editURLs("/nogooglebot/x\n")
	s.editToken("Bingbot")
	s.editRobotsURL("https://example.com/")
	s.flush()
	if s.robots != parsed {
		t.Fatal("changing URLs, token and site re-parsed the robots.txt")
	}
	if len(s.allRows()) != 1 || !s.allRows()[0].Allowed {
		t.Fatalf("Bingbot on /nogooglebot/x: rows %+v, want one allowed row", s.allRows())
	}
}

func TestEditorBytesKeepTheOriginalsLineEndingsAndBOM(t *testing.T) {
	tests := []struct {
		name, original, typed, want string
	}{
		{"CRLF file stays CRLF", "User-agent: *\r\nDisallow: /a\r\n", "User-agent: *\nDisallow: /b\n", "User-agent: *\r\nDisallow: /b\r\n"},
		{"CR file stays CR", "User-agent: *\rDisallow: /a\r", "User-agent: *\nDisallow: /b\n", "User-agent: *\rDisallow: /b\r"},
		{"mixed breaks become LF", "User-agent: *\r\nDisallow: /a\n", "User-agent: *\nDisallow: /b\n", "User-agent: *\nDisallow: /b\n"},
		{"BOM is kept", "\xef\xbb\xbfUser-agent: *\n", "User-agent: x\n", "\xef\xbb\xbfUser-agent: x\n"},
		{"BOM and CRLF together", "\xef\xbb\xbfUser-agent: *\r\n", "User-agent: x\n", "\xef\xbb\xbfUser-agent: x\r\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := exampleState
			in.Robots = tc.original
			s := newState(in)
			if s.editorText != tc.original[len(s.bom):] {
				t.Fatalf("editor shows %q, want the file without its BOM", s.editorText)
			}
			s.editRobots(tc.typed)
			if got := currentSavedOf(s).Robots; got != tc.want {
				t.Fatalf("bytes after the edit %q, want %q", got, tc.want)
			}
		})
	}
}

func TestUneditedBytesStayExact(t *testing.T) {
	in := exampleState
	in.Robots = "User-agent: *\r\nDisallow: /caf\xe9\t# latin-1\r"
	s := newState(in)
	if got := currentSavedOf(s).Robots; got != in.Robots {
		t.Fatalf("saved %q, want the original bytes %q", got, in.Robots)
	}
	v := s.editorVersion
	s.editURLs("/x\n")
	s.flush()
	if s.editorVersion != v {
		t.Fatal("a URL edit rewrote the editor's text")
	}
}

func TestSelectRowClampsAndResets(t *testing.T) {
	s := newState(exampleState)
	if s.selected != -1 {
		t.Fatalf("a fresh state selects row %d, want none", s.selected)
	}
	s.selectRow(99)
	if s.selected != len(s.allRows())-1 {
		t.Fatalf("selecting past the end gave row %d, want the last (%d)", s.selected, len(s.allRows())-1)
	}
	s.selectRow(-5)
	if s.selected != 0 {
		t.Fatalf("selecting before the start gave row %d, want 0", s.selected)
	}
	s.focusOn(4)
	s.selectRow(0)
	if s.focusLine != 0 {
		t.Fatal("selecting a row kept the diagnostic's line mark")
	}
	s.editURLs("/only\n")
	s.flush()
	if s.selected != 0 {
		t.Fatalf("after the list shrank to one row the selection is %d, want 0", s.selected)
	}
	s.replace(exampleState)
	if s.selected != -1 {
		t.Fatal("replacing the state kept the old selection")
	}
}

// currentSavedOf is currentSaved for a store that is not the page's.
func currentSavedOf(s *state) Saved {
	saved := store
	store = s
	defer func() { store = saved }()
	return currentSaved()
}

func TestAFileOverTheFetchLimitIsParsedUpToTheCut(t *testing.T) {
	in := exampleState
	in.Robots = "User-agent: *\n" + strings.Repeat("Disallow: /padding\n", 30000) + "Disallow: /late\n"
	in.URLs = "/late\n/padding\n"
	s := newState(in)
	if !s.cut.Truncated || len(s.robots.Body) != engine.GooglebotFetchLimit {
		t.Fatalf("a %d-byte file: truncated %v, parsed %d bytes; want the first %d", len(in.Robots), s.cut.Truncated, len(s.robots.Body), engine.GooglebotFetchLimit)
	}
	if !s.allRows()[0].Allowed || s.allRows()[1].Allowed {
		t.Fatalf("/late allowed=%v, /padding allowed=%v: want the rule past the cut ignored", s.allRows()[0].Allowed, s.allRows()[1].Allowed)
	}
	if currentSavedOf(s).Robots != in.Robots {
		t.Fatal("the cut changed the bytes kept for the editor and the links")
	}
}

func TestLintRunsOncePerRobotsChange(t *testing.T) {
	in := exampleState
	in.Robots = "User-agent: *\nDissallow: /x\n"
	s := newState(in)
	if len(s.lint) == 0 {
		t.Fatal("a misspelt Disallow gave no finding")
	}
	first := &s.lint[0]
	s.editURLs("/y\n")
	s.flush()
	if &s.lint[0] != first {
		t.Fatal("a URL edit re-ran Lint")
	}
}

func TestAnEditShowsItsResultsBeforeItsFindings(t *testing.T) {
	in := exampleState
	in.Robots = "User-agent: *\nDisallow: /x\n"
	in.URLs = "/x\n"
	s := newState(in)
	if len(s.lint) != 0 {
		t.Fatalf("the clean file has findings: %v", s.lint)
	}
	s.editRobots("User-agent: *\nDissallow: /y\n")
	s.flush()
	if !s.allRows()[0].Allowed || s.linted == s.robots {
		t.Fatalf("after the flush: /x allowed=%v, linted=%v; want the new verdict at once and Lint left for the next task", s.allRows()[0].Allowed, s.linted == s.robots)
	}
	// Sleeping lets the JavaScript event loop run the next task; the minute
	// only stops a hang, never a slow machine.
	for start := time.Now(); s.linted != s.robots && time.Since(start) < time.Minute; {
		time.Sleep(time.Millisecond)
	}
	if s.linted != s.robots || len(s.lint) == 0 {
		t.Fatalf("Lint did not run on the edit in a later task (linted=%v, %d findings)", s.linted == s.robots, len(s.lint))
	}
}

// In the page a long robots.txt is parsed in slices before it replaces the
// state: until then the page shows the state before, pending, and the
// editor its text; then everything is as a replace at once makes it. A
// newer replace drops an older one, and an edit made meanwhile is parsed
// once the replaced text is.
func TestLongReplaceParsesInSlices(t *testing.T) {
	long := func(rule string) string {
		return "User-agent: *\n" + rule + "\n" + strings.Repeat("Disallow: /padding/x\n", 8000)
	}
	wait := func(s *state, what string) {
		t.Helper()
		for start := time.Now(); s.parsing != nil; time.Sleep(10 * time.Millisecond) {
			if time.Since(start) > time.Minute {
				t.Fatalf("%s: the parse in slices never ended (a minute passed: a hang)", what)
			}
		}
	}
	s := newState(exampleState)
	s.parseInSlices = true
	before, shown := s.robots, s.in.Robots
	in := s.in
	in.Robots = long("Disallow: /a")
	then := 0
	s.replaceThen(in, func() { then++ })
	if s.robots != before || !s.pending || s.editorRobots() != shown || then != 0 {
		t.Fatalf("at once: robots kept %v, pending %v, editor shows the text before %v, then ran %d times",
			s.robots == before, s.pending, s.editorRobots() == shown, then)
	}
	s.flush() // a flush meanwhile leaves it to the parse
	if s.robots != before {
		t.Fatal("a flush while the replaced text is parsed parsed it at once")
	}
	wait(s, "one replace")
	want := newState(in)
	if s.pending || then != 1 || s.editorRobots() != in.Robots || s.editorText != want.editorText ||
		len(s.robots.Lines) != len(want.robots.Lines) || s.robots.RuleText(2) != "Disallow: /a" {
		t.Fatalf("after the parse: pending %v, then ran %d times, line 2 %q, %d lines (want %d)",
			s.pending, then, s.robots.RuleText(2), len(s.robots.Lines), len(want.robots.Lines))
	}
	if got, w := s.row(0), want.row(0); got.Allowed != w.Allowed || got.Line != w.Line {
		t.Errorf("row 0: allowed %v line %d, want %v line %d as a replace at once", got.Allowed, got.Line, w.Allowed, w.Line)
	}

	// A newer replace drops the older; its then does not run.
	first, second := in, in
	first.Robots, second.Robots = long("Disallow: /first"), long("Disallow: /second")
	dropped := false
	s.replaceThen(first, func() { dropped = true })
	s.replace(second)
	wait(s, "two replaces")
	if dropped || s.robots.RuleText(2) != "Disallow: /second" {
		t.Errorf("after two replaces: the first's then ran %v, line 2 %q", dropped, s.robots.RuleText(2))
	}

	// An edit while the parse runs is what the page shows after it.
	third := in
	third.Robots = long("Disallow: /third")
	s.replace(third)
	s.editRobots(long("Disallow: /typed"))
	wait(s, "a replace and an edit")
	if s.robots.RuleText(2) != "Disallow: /typed" || s.pending {
		t.Errorf("after an edit during the parse: line 2 %q, pending %v", s.robots.RuleText(2), s.pending)
	}

	// A short text replaces at once.
	short := in
	short.Robots = "User-agent: *\nDisallow: /short\n"
	s.replace(short)
	if s.parsing != nil || s.robots.RuleText(2) != "Disallow: /short" {
		t.Errorf("a short text was not parsed at once")
	}
}
