//go:build js && wasm

package store

import (
	"strings"
	"testing"

	"robotstester/wasm/model"
)

var wikipediaURLs = "https://en.wikipedia.org/wiki/Main_Page\nhttps://en.wikipedia.org/w/index.php?title=Special:Search\n/wiki/Robots.txt\n"

// A typed "Served at" flags each URL on another host with a compact
// marker; the sentence is said once for the list, and in full only in the
// why panel (OffScope.Reason).
func TestOffScopeRowsGetAMarkerAndOneSummary(t *testing.T) {
	in := model.ExampleState
	in.URLs = wikipediaURLs
	in.RobotsURL = "https://www.example.com/robots.txt"
	s := NewState(in)
	for i, want := range []string{"Other host", "Other host", ""} {
		r := s.AllRows()[i]
		if r.Scope != want {
			t.Errorf("%s: marker %q, want %q", r.Input, r.Scope, want)
		}
		if want != "" && !strings.Contains(r.OffScope.Reason, "each host has its own robots.txt") {
			t.Errorf("%s: the why panel's sentence %q does not give the rule", r.Input, r.OffScope.Reason)
		}
	}
	if got, want := s.Sent.Scope.Summary, "2 URLs are on other hosts: tested against this file anyway; each host has its own robots.txt."; got != want {
		t.Errorf("scope summary %q, want %q", got, want)
	}
	if s.Sent.Scope.Following != "" {
		t.Errorf("a typed Served at still follows the URLs: %q", s.Sent.Scope.Following)
	}
	if got := currentRowsOf(s)[0].Scope; !strings.Contains(got, "en.wikipedia.org") {
		t.Errorf("the export's scope %q, want the engine's full sentence", got)
	}
}

// currentRowsOf is what the exports write for s.
func currentRowsOf(s *State) []model.ExportRow {
	return s.ExportRows(0, s.List.Len())
}

// A draft or link saved while the example still set "Served at" loses that
// value when none of its URLs is on the example's site.
func TestAnOldExampleServedAtIsDropped(t *testing.T) {
	old := model.Saved{Robots: "User-agent: *\n", URLs: wikipediaURLs, RobotsURL: model.PastExampleRobotsURL}
	if got := model.DropExampleLeftover(old).RobotsURL; got != "" {
		t.Errorf("Wikipedia URLs with the old example's Served at: kept %q", got)
	}
	old.URLs = "https://www.example.com/a\n"
	if got := model.DropExampleLeftover(old).RobotsURL; got != model.PastExampleRobotsURL {
		t.Errorf("a list on www.example.com lost its Served at: %q", got)
	}
	typed := model.Saved{URLs: wikipediaURLs, RobotsURL: "https://example.org/robots.txt"}
	if got := model.DropExampleLeftover(typed).RobotsURL; got != typed.RobotsURL {
		t.Errorf("a typed Served at was dropped: %q", got)
	}
}
