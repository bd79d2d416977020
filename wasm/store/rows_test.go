//go:build js && wasm

package store

import (
	"testing"

	"robotstester/wasm/model"
)

func TestRowsOfTheExample(t *testing.T) {
	s := NewState(model.ExampleState)
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

func TestRowsFlagURLsTheFileDoesNotGovern(t *testing.T) {
	in := model.ExampleState
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
		in := model.ExampleState
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
	in := model.ExampleState
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
