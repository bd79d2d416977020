package model

import (
	"strings"
	"testing"

	"robotstester/engine"
)

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
		var v Verdicts
		v.Reset(len(tc.allowed), 3)
		for i := range tc.tested {
			var f uint8
			if tc.allowed[i] {
				f = FlagAllowed
			}
			v.Set(i, f, 0)
		}
		v.Stopped = tc.stopped
		if got := v.Summary(); got != tc.want {
			t.Errorf("summary of %d URLs, %d tested = %q, want %q", len(tc.allowed), tc.tested, got, tc.want)
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
