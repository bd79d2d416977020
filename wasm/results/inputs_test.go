//go:build js && wasm

package results

import (
	"strings"
	"testing"

	"robotstester/wasm/model"
	"robotstester/wasm/store"
)

// servedAtURLs are two URLs on en.wikipedia.org and a path.
var servedAtURLs = "https://en.wikipedia.org/wiki/Main_Page\nhttps://en.wikipedia.org/w/index.php?title=Special:Search\n/wiki/Robots.txt\n"

// The example sets no "Served at": it follows the example's URLs, and then
// a person's own, so no example value is left once they bring theirs.
func TestServedAtFollowsTheURLs(t *testing.T) {
	s := store.NewState(model.ExampleState)
	if s.In.RobotsURL != "" || s.Sent.Scope.Following != "https://www.example.com/robots.txt" {
		t.Errorf("the example: Served at %q following %q, want empty, following https://www.example.com/robots.txt", s.In.RobotsURL, s.Sent.Scope.Following)
	}
	s.EditRobots("User-agent: *\nDisallow: /w/\n")
	s.EditURLs(servedAtURLs)
	s.Flush()
	if s.In.RobotsURL != "" || s.Sent.Scope.Following != "https://en.wikipedia.org/robots.txt" {
		t.Errorf("Wikipedia's URLs: Served at %q following %q, want empty, following https://en.wikipedia.org/robots.txt", s.In.RobotsURL, s.Sent.Scope.Following)
	}
	for _, r := range s.AllRows() {
		if r.Scope != "" || r.OffScope.Reason != "" {
			t.Errorf("%s is flagged %q (%q) though nobody said where the file is served", r.Input, r.Scope, r.OffScope.Reason)
		}
	}
	if got := s.Sent.Scope.Summary; got != "" {
		t.Errorf("scope summary %q, want none", got)
	}
	if note := servedAtNote(s.In.RobotsURL, s.Sent.Scope); !strings.Contains(note, "follows the URLs") || !strings.Contains(note, "https://en.wikipedia.org/robots.txt") {
		t.Errorf("the note under Served at %q does not say it follows en.wikipedia.org", note)
	}
	s.EditURLs(servedAtURLs + "HTTPS://EN.Wikipedia.org:443/wiki/X\n")
	s.Flush()
	if s.Sent.Scope.Following != "https://en.wikipedia.org/robots.txt" {
		t.Errorf("the same site written another way: following %q", s.Sent.Scope.Following)
	}
	s.EditURLs(servedAtURLs + "https://de.wikipedia.org/wiki/Hauptseite\n")
	s.Flush()
	if s.Sent.Scope.Following != "" {
		t.Errorf("URLs on two hosts: following %q, want none", s.Sent.Scope.Following)
	}
}

// While a long list's hosts are being read, the note under an empty
// "Served at" says so, not that the URLs have no one host.
func TestServedAtNoteWhileTheHostsAreRead(t *testing.T) {
	working := servedAtNote("", model.ListScope{Working: true})
	if !strings.Contains(working, "reading the URLs' hosts") {
		t.Errorf("while reading: %q", working)
	}
	if none := servedAtNote("", model.ListScope{}); none == working || strings.Contains(none, "reading") {
		t.Errorf("once read, with no one host: %q", none)
	}
	if typed := servedAtNote("https://example.com/", model.ListScope{Working: true}); strings.Contains(typed, "reading") {
		t.Errorf("a typed Served at: %q", typed)
	}
}
