//go:build js && wasm

package store

import (
	"strings"
	"testing"
	"time"

	"robotstester/engine"
	"robotstester/wasm/model"
)

func TestTypingBurstParsesOnceWhenFlushed(t *testing.T) {
	s := NewState(model.ExampleState)
	parsed, gen := s.Robots, s.Generation
	s.EditRobots("User-agent: *\nDisallow: /a")
	s.EditRobots("User-agent: *\nDisallow: /ab")
	s.EditRobots("User-agent: *\nDisallow: /abc")
	if s.Robots != parsed || s.Generation != gen {
		t.Fatalf("the engine ran before the debounce: generation %d → %d", gen, s.Generation)
	}
	if !s.Pending {
		t.Fatal("an edit is waiting but pending is false")
	}
	s.Flush()
	if s.Robots == parsed {
		t.Fatal("flush did not parse the edited robots.txt")
	}
	if s.Generation != gen+1 {
		t.Fatalf("three keystrokes cost %d recomputes, want 1", s.Generation-gen)
	}
	if s.Pending {
		t.Fatal("pending is still true after flush")
	}
	if got := s.Robots.RuleText(2); got != "Disallow: /abc" {
		t.Fatalf("line 2 parsed as %q, want the last edit", got)
	}
}

func TestDebounceRunsTheEngineAfterThePause(t *testing.T) {
	s := NewState(model.ExampleState)
	s.edits.Delay = time.Millisecond
	done := make(chan int, 8)
	s.OnChange = func() {
		if !s.Pending {
			done <- s.Generation
		}
	}
	gen := s.Generation
	s.EditURLs("/a\n/b\n")
	select {
	case g := <-done:
		if g != gen+1 || len(s.AllRows()) != 2 {
			t.Fatalf("after the pause: generation %d, %d rows; want %d and 2", g, len(s.AllRows()), gen+1)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the debounced recompute never ran")
	}
}

func TestOnlyARobotsChangeReparses(t *testing.T) {
	s := NewState(model.ExampleState)
	parsed := s.Robots
	s.EditURLs("/nogooglebot/x\n")
	s.EditToken("Bingbot")
	s.EditRobotsURL("https://example.com/")
	s.Flush()
	if s.Robots != parsed {
		t.Fatal("changing URLs, token and site re-parsed the robots.txt")
	}
	if len(s.AllRows()) != 1 || !s.AllRows()[0].Allowed {
		t.Fatalf("Bingbot on /nogooglebot/x: rows %+v, want one allowed row", s.AllRows())
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
			in := model.ExampleState
			in.Robots = tc.original
			s := NewState(in)
			if s.EditorText != tc.original[len(s.BOM):] {
				t.Fatalf("editor shows %q, want the file without its BOM", s.EditorText)
			}
			s.EditRobots(tc.typed)
			if got := currentSavedOf(s).Robots; got != tc.want {
				t.Fatalf("bytes after the edit %q, want %q", got, tc.want)
			}
		})
	}
}

func TestUneditedBytesStayExact(t *testing.T) {
	in := model.ExampleState
	in.Robots = "User-agent: *\r\nDisallow: /caf\xe9\t# latin-1\r"
	s := NewState(in)
	if got := currentSavedOf(s).Robots; got != in.Robots {
		t.Fatalf("saved %q, want the original bytes %q", got, in.Robots)
	}
	v := s.EditorVersion
	s.EditURLs("/x\n")
	s.Flush()
	if s.EditorVersion != v {
		t.Fatal("a URL edit rewrote the editor's text")
	}
}

func TestSelectRowClampsAndResets(t *testing.T) {
	s := NewState(model.ExampleState)
	if s.Selected != -1 {
		t.Fatalf("a fresh state selects row %d, want none", s.Selected)
	}
	s.SelectRow(99)
	if s.Selected != len(s.AllRows())-1 {
		t.Fatalf("selecting past the end gave row %d, want the last (%d)", s.Selected, len(s.AllRows())-1)
	}
	s.SelectRow(-5)
	if s.Selected != 0 {
		t.Fatalf("selecting before the start gave row %d, want 0", s.Selected)
	}
	s.FocusOn(4)
	s.SelectRow(0)
	if s.FocusLine != 0 {
		t.Fatal("selecting a row kept the diagnostic's line mark")
	}
	s.EditURLs("/only\n")
	s.Flush()
	if s.Selected != 0 {
		t.Fatalf("after the list shrank to one row the selection is %d, want 0", s.Selected)
	}
	s.Replace(model.ExampleState)
	if s.Selected != -1 {
		t.Fatal("replacing the state kept the old selection")
	}
}

// currentSavedOf is currentSaved for a store that is not the page's.
func currentSavedOf(s *State) model.Saved {
	saved := Page
	Page = s
	defer func() { Page = saved }()
	return CurrentSaved()
}

func TestAFileOverTheFetchLimitIsParsedUpToTheCut(t *testing.T) {
	in := model.ExampleState
	in.Robots = "User-agent: *\n" + strings.Repeat("Disallow: /padding\n", 30000) + "Disallow: /late\n"
	in.URLs = "/late\n/padding\n"
	s := NewState(in)
	if !s.Cut.Truncated || len(s.Robots.Body) != engine.GooglebotFetchLimit {
		t.Fatalf("a %d-byte file: truncated %v, parsed %d bytes; want the first %d", len(in.Robots), s.Cut.Truncated, len(s.Robots.Body), engine.GooglebotFetchLimit)
	}
	if !s.AllRows()[0].Allowed || s.AllRows()[1].Allowed {
		t.Fatalf("/late allowed=%v, /padding allowed=%v: want the rule past the cut ignored", s.AllRows()[0].Allowed, s.AllRows()[1].Allowed)
	}
	if currentSavedOf(s).Robots != in.Robots {
		t.Fatal("the cut changed the bytes kept for the editor and the links")
	}
}

func TestLintRunsOncePerRobotsChange(t *testing.T) {
	in := model.ExampleState
	in.Robots = "User-agent: *\nDissallow: /x\n"
	s := NewState(in)
	if len(s.Lint) == 0 {
		t.Fatal("a misspelt Disallow gave no finding")
	}
	first := &s.Lint[0]
	s.EditURLs("/y\n")
	s.Flush()
	if &s.Lint[0] != first {
		t.Fatal("a URL edit re-ran Lint")
	}
}

func TestAnEditShowsItsResultsBeforeItsFindings(t *testing.T) {
	in := model.ExampleState
	in.Robots = "User-agent: *\nDisallow: /x\n"
	in.URLs = "/x\n"
	s := NewState(in)
	if len(s.Lint) != 0 {
		t.Fatalf("the clean file has findings: %v", s.Lint)
	}
	s.EditRobots("User-agent: *\nDissallow: /y\n")
	s.Flush()
	if !s.AllRows()[0].Allowed || s.Linted == s.Robots {
		t.Fatalf("after the flush: /x allowed=%v, linted=%v; want the new verdict at once and Lint left for the next task", s.AllRows()[0].Allowed, s.Linted == s.Robots)
	}
	// Sleeping lets the JavaScript event loop run the next task; the minute
	// only stops a hang, never a slow machine.
	for start := time.Now(); s.Linted != s.Robots && time.Since(start) < time.Minute; {
		time.Sleep(time.Millisecond)
	}
	if s.Linted != s.Robots || len(s.Lint) == 0 {
		t.Fatalf("Lint did not run on the edit in a later task (linted=%v, %d findings)", s.Linted == s.Robots, len(s.Lint))
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
	wait := func(s *State, what string) {
		t.Helper()
		for start := time.Now(); s.parsing != nil; time.Sleep(10 * time.Millisecond) {
			if time.Since(start) > time.Minute {
				t.Fatalf("%s: the parse in slices never ended (a minute passed: a hang)", what)
			}
		}
	}
	s := NewState(model.ExampleState)
	s.ParseInSlices = true
	before, shown := s.Robots, s.In.Robots
	in := s.In
	in.Robots = long("Disallow: /a")
	then := 0
	s.ReplaceThen(in, func() { then++ })
	if s.Robots != before || !s.Pending || s.EditorRobots() != shown || then != 0 {
		t.Fatalf("at once: robots kept %v, pending %v, editor shows the text before %v, then ran %d times",
			s.Robots == before, s.Pending, s.EditorRobots() == shown, then)
	}
	s.Flush() // a flush meanwhile leaves it to the parse
	if s.Robots != before {
		t.Fatal("a flush while the replaced text is parsed parsed it at once")
	}
	wait(s, "one replace")
	want := NewState(in)
	if s.Pending || then != 1 || s.EditorRobots() != in.Robots || s.EditorText != want.EditorText ||
		len(s.Robots.Lines) != len(want.Robots.Lines) || s.Robots.RuleText(2) != "Disallow: /a" {
		t.Fatalf("after the parse: pending %v, then ran %d times, line 2 %q, %d lines (want %d)",
			s.Pending, then, s.Robots.RuleText(2), len(s.Robots.Lines), len(want.Robots.Lines))
	}
	if got, w := s.Row(0), want.Row(0); got.Allowed != w.Allowed || got.Line != w.Line {
		t.Errorf("row 0: allowed %v line %d, want %v line %d as a replace at once", got.Allowed, got.Line, w.Allowed, w.Line)
	}

	// A newer replace drops the older; its then does not run.
	first, second := in, in
	first.Robots, second.Robots = long("Disallow: /first"), long("Disallow: /second")
	dropped := false
	s.ReplaceThen(first, func() { dropped = true })
	s.Replace(second)
	wait(s, "two replaces")
	if dropped || s.Robots.RuleText(2) != "Disallow: /second" {
		t.Errorf("after two replaces: the first's then ran %v, line 2 %q", dropped, s.Robots.RuleText(2))
	}

	// An edit while the parse runs is what the page shows after it.
	third := in
	third.Robots = long("Disallow: /third")
	s.Replace(third)
	s.EditRobots(long("Disallow: /typed"))
	wait(s, "a replace and an edit")
	if s.Robots.RuleText(2) != "Disallow: /typed" || s.Pending {
		t.Errorf("after an edit during the parse: line 2 %q, pending %v", s.Robots.RuleText(2), s.Pending)
	}

	// A short text replaces at once.
	short := in
	short.Robots = "User-agent: *\nDisallow: /short\n"
	s.Replace(short)
	if s.parsing != nil || s.Robots.RuleText(2) != "Disallow: /short" {
		t.Errorf("a short text was not parsed at once")
	}
}
