//go:build js && wasm

package main

import (
	"strings"
	"testing"

	"robotstester/engine"
)

func TestRowsOfTheExample(t *testing.T) {
	s := newState(exampleState)
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
	if len(s.rows) != len(want) {
		t.Fatalf("%d rows, want %d", len(s.rows), len(want))
	}
	for i, w := range want {
		r := s.rows[i]
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
	got := urlLines("  /a \r\n\n\t\n/b\r/c")
	if strings.Join(got, "|") != "/a|/b|/c" {
		t.Fatalf("urlLines = %q", got)
	}
}

func TestSummarySentence(t *testing.T) {
	tests := []struct {
		rows []row
		want string
	}{
		{nil, "No URLs to test: add one per line."},
		{[]row{{Allowed: true}}, "1 URL: 1 allowed, 0 blocked"},
		{[]row{{Allowed: true}, {}, {}}, "3 URLs: 1 allowed, 2 blocked"},
	}
	for _, tc := range tests {
		if got := summary(tc.rows); got != tc.want {
			t.Errorf("summary of %d rows = %q, want %q", len(tc.rows), got, tc.want)
		}
	}
}

func TestRowHTMLEscapesAndLeavesTheSelectionOut(t *testing.T) {
	rows := []row{
		{Input: `/<script>"&`, TestedAs: `/<script>"&`, Allowed: true},
		{Input: "/b", TestedAs: "/b", Line: 3, Rule: "Disallow: /b", Group: "* (line 1)", Scope: "other host"},
	}
	wants := [][]string{
		{`data-index="0" data-verdict="allowed" data-line="0" tabindex="-1"`, `&lt;script&gt;&#34;&amp;`},
		{`data-index="1" data-verdict="blocked" data-line="3" data-scope="out" tabindex="-1"`,
			`<td class="line" role="cell">3</td>`, `<td class="scope" role="cell">other host</td>`},
	}
	for i, r := range rows {
		var b strings.Builder
		newRowView(r).write(&b, i)
		h := b.String()
		if strings.Contains(h, "<script>") {
			t.Fatal("a URL's text reached the HTML unescaped")
		}
		if strings.Contains(h, "selected") || strings.Contains(h, "aria-current") {
			t.Errorf("row %d carries selection marks: %s", i, h)
		}
		for _, want := range wants[i] {
			if !strings.Contains(h, want) {
				t.Errorf("row %d HTML lacks %s: %s", i, want, h)
			}
		}
	}
}

func TestRowsFlagURLsTheFileDoesNotGovern(t *testing.T) {
	in := exampleState
	in.RobotsURL = "https://www.example.com/robots.txt"
	in.URLs = "https://www.example.com/a\nhttp://www.example.com/a\n/path\nhttps://shop.example.com/\n"
	s := newState(in)
	for i, out := range []bool{false, true, false, true} {
		if got := s.rows[i].Scope != ""; got != out {
			t.Errorf("row %d (%s): flagged %v, want %v (reason %q)", i, s.rows[i].Input, got, out, s.rows[i].Scope)
		}
	}
	in.RobotsURL = ""
	s = newState(in)
	for i, r := range s.rows {
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
		in := exampleState
		in.Status = tc.status
		s := newState(in)
		for i, want := range tc.allowed {
			r := s.rows[i]
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
	in := exampleState
	in.Robots = "User-agent: *\nDisallow: /caf%C3%A9\nDisallow: /a%20b\n"
	in.URLs = "https://www.example.com/café\n/a b\nhttps://www.example.com/plain\n"
	s := newState(in)
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
		r := s.rows[i]
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
