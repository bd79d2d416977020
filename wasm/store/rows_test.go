//go:build js && wasm

package store

import (
	"strings"
	"testing"

	"robotstester/engine"
)

func TestRowsOfTheExample(t *testing.T) {
	s := NewState(ExampleState)
	want := []struct {
		input   string
		allowed bool
		line    int
		rule    string
	}{
		{"https://www.example.com/", true, 0, ""},
		{"https://www.example.com/nogooglebot/", false, 2, "Disallow: /nogooglebot/"},
		{"https://www.example.com/nogooglebot/page.html", false, 2, "Disallow: /nogooglebot/"},
		{"/products/shoes?color=red", true, 0, ""},
	}
	if len(s.AllRows()) != len(want) {
		t.Fatalf("%d rows, want %d", len(s.AllRows()), len(want))
	}
	for i, w := range want {
		r := s.AllRows()[i]
		if r.Input != w.input || r.Allowed != w.allowed || r.Line != w.line || r.Rule != w.rule {
			t.Errorf("row %d = %q allowed=%v line %d rule %q; want %q allowed=%v line %d rule %q",
				i, r.Input, r.Allowed, r.Line, r.Rule, w.input, w.allowed, w.line, w.rule)
		}
		if r.Group != "Googlebot (line 1)" {
			t.Errorf("row %d group %q, want the Googlebot group at line 1", i, r.Group)
		}
	}
}

func TestGroupTextNamesTheGlobalGroupWhenItApplies(t *testing.T) {
	r := engine.Parse([]byte("User-agent: a\nUser-agent: *\nDisallow: /x\n\nUser-agent: b\nDisallow: /\n"))
	if got := groupText(r, r.Test("zzz", "/x")); got != "* (line 2)" {
		t.Errorf("unknown crawler: group %q, want * (line 2)", got)
	}
	if got := groupText(r, r.Test("A", "/x")); got != "a (line 1)" {
		t.Errorf("crawler a: group %q, want a (line 1)", got)
	}
	if got := groupText(engine.Parse(nil), engine.Parse(nil).Test("a", "/")); got != "" {
		t.Errorf("empty file: group %q, want none", got)
	}
}

func TestURLLinesDropBlanksAndSpaces(t *testing.T) {
	got := SplitURLs("  /a \r\n\n\t\n/b\r/c")
	if got.Text != "/a\n/b\n/c" || got.Len() != 3 || got.At(1) != "/b" || got.Span(1, 3) != "/b\n/c" {
		t.Fatalf("splitURLs = %+v", got)
	}
}

func TestSummarySentence(t *testing.T) {
	tests := []struct {
		allowed []bool // one per URL; all tested unless stopped
		tested  int
		stopped bool
		want    string
	}{
		{nil, 0, false, "No URLs to test: add one per line."},
		{[]bool{true}, 1, false, "1 URL: 1 allowed, 0 blocked"},
		{[]bool{true, false, false}, 3, false, "3 URLs: 1 allowed, 2 blocked"},
		{make([]bool, 4000), 4000, false, "4,000 URLs: 0 allowed, 4,000 blocked"},
		{[]bool{true, false, false, false}, 1, false, "Testing 4 URLs: 25% done, 1 allowed, 0 blocked so far."},
		{[]bool{true, false, false, false}, 2, true, "Testing stopped after 2 of 4 URLs: 1 allowed, 1 blocked. Press Test the rest to finish."},
	}
	for _, tc := range tests {
		var v verdicts
		v.reset(len(tc.allowed), 3)
		for i := range tc.tested {
			var f uint8
			if tc.allowed[i] {
				f = FlagAllowed
			}
			v.set(i, f, 0)
		}
		v.Stopped = tc.stopped
		if got := v.Summary(); got != tc.want {
			t.Errorf("summary of %d URLs, %d tested = %q, want %q", len(tc.allowed), tc.tested, got, tc.want)
		}
	}
}

func TestRowsFlagURLsTheFileDoesNotGovern(t *testing.T) {
	in := ExampleState
	in.RobotsURL = "https://www.example.com/robots.txt"
	in.URLs = "https://www.example.com/a\nhttp://www.example.com/a\n/path\nhttps://shop.example.com/\n"
	s := NewState(in)
	for i, out := range []bool{false, true, false, true} {
		if got := s.AllRows()[i].Scope != ""; got != out {
			t.Errorf("row %d (%s): flagged %v, want %v (reason %q)", i, s.AllRows()[i].Input, got, out, s.AllRows()[i].Scope)
		}
	}
	in.RobotsURL = ""
	s = NewState(in)
	for i, r := range s.AllRows() {
		if r.Scope != "" {
			t.Errorf("row %d flagged %q with no robots.txt URL given", i, r.Scope)
		}
	}
}

func TestServerAnswerOverridesTheRules(t *testing.T) {
	tests := []struct {
		status  string
		allowed []bool
	}{
		{"200", []bool{true, false, false, true}},
		{"", []bool{true, false, false, true}},
		{"404", []bool{true, true, true, true}},
		{"503", []bool{false, false, false, false}},
	}
	for _, tc := range tests {
		in := ExampleState
		in.Status = tc.status
		s := NewState(in)
		for i, want := range tc.allowed {
			r := s.AllRows()[i]
			if r.Allowed != want {
				t.Errorf("status %q, %s: allowed %v, want %v", tc.status, r.Input, r.Allowed, want)
			}
			overridden := tc.status == "404" || tc.status == "503"
			if (r.Override != "") != overridden || overridden && r.Line != 0 {
				t.Errorf("status %q, %s: override %q line %d", tc.status, r.Input, r.Override, r.Line)
			}
		}
	}
}

func TestRowsTestWhatABrowserSends(t *testing.T) {
	in := ExampleState
	in.Robots = "User-agent: *\nDisallow: /caf%C3%A9\nDisallow: /a%20b\n"
	in.URLs = "https://www.example.com/café\n/a b\nhttps://www.example.com/plain\n"
	s := NewState(in)
	want := []struct {
		testedAs string
		allowed  bool
		notes    bool
	}{
		{"/caf%C3%A9", false, true},
		{"/a%20b", false, true},
		{"/plain", true, false},
	}
	for i, w := range want {
		r := s.AllRows()[i]
		if r.TestedAs != w.testedAs || r.Allowed != w.allowed || (len(r.Encoding) > 0) != w.notes {
			t.Errorf("%q: tested as %q allowed=%v notes %q; want %q allowed=%v notes=%v", r.Input, r.TestedAs, r.Allowed, r.Encoding, w.testedAs, w.allowed, w.notes)
		}
	}
}

// The group column names the first groups of a merged list and counts the
// rest: a file can hold thousands of groups for one crawler.
func TestGroupTextCountsManyGroups(t *testing.T) {
	var b strings.Builder
	for range 10 {
		b.WriteString("User-agent: Googlebot\nDisallow: /x\n\n")
	}
	r := engine.Parse([]byte(b.String()))
	got := groupText(r, r.Test("Googlebot", "/x"))
	want := "Googlebot (line 1), Googlebot (line 4), Googlebot (line 7), Googlebot (line 10), Googlebot (line 13), Googlebot (line 16), and 4 more groups"
	if got != want {
		t.Errorf("group text %q, want %q", got, want)
	}
}
