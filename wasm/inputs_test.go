//go:build js && wasm

package main

import (
	"strings"
	"testing"
)

// servedAtURLs are two URLs on en.wikipedia.org and a path.
var servedAtURLs = "https://en.wikipedia.org/wiki/Main_Page\nhttps://en.wikipedia.org/w/index.php?title=Special:Search\n/wiki/Robots.txt\n"

// The example sets no "Served at": it follows the example's URLs, and then
// a person's own, so no example value is left once they bring theirs.
func TestServedAtFollowsTheURLs(t *testing.T) {
	s := newState(exampleState)
	if s.in.RobotsURL != "" || s.sent.scope.following != "https://www.example.com/robots.txt" {
		t.Errorf("the example: Served at %q following %q, want empty, following https://www.example.com/robots.txt", s.in.RobotsURL, s.sent.scope.following)
	}
	s.editRobots("User-agent: *\nDisallow: /w/\n")
	s.editURLs(servedAtURLs)
	s.flush()
	if s.in.RobotsURL != "" || s.sent.scope.following != "https://en.wikipedia.org/robots.txt" {
		t.Errorf("Wikipedia's URLs: Served at %q following %q, want empty, following https://en.wikipedia.org/robots.txt", s.in.RobotsURL, s.sent.scope.following)
	}
	for _, r := range s.allRows() {
		if r.Scope != "" || r.OffScope.Reason != "" {
			t.Errorf("%s is flagged %q (%q) though nobody said where the file is served", r.Input, r.Scope, r.OffScope.Reason)
		}
	}
	if got := s.sent.scope.summary; got != "" {
		t.Errorf("scope summary %q, want none", got)
	}
	if note := servedAtNote(s.in.RobotsURL, s.sent.scope); !strings.Contains(note, "follows the URLs") || !strings.Contains(note, "https://en.wikipedia.org/robots.txt") {
		t.Errorf("the note under Served at %q does not say it follows en.wikipedia.org", note)
	}
	s.editURLs(servedAtURLs + "HTTPS://EN.Wikipedia.org:443/wiki/X\n")
	s.flush()
	if s.sent.scope.following != "https://en.wikipedia.org/robots.txt" {
		t.Errorf("the same site written another way: following %q", s.sent.scope.following)
	}
	s.editURLs(servedAtURLs + "https://de.wikipedia.org/wiki/Hauptseite\n")
	s.flush()
	if s.sent.scope.following != "" {
		t.Errorf("URLs on two hosts: following %q, want none", s.sent.scope.following)
	}
}

// While a long list's hosts are being read, the note under an empty
// "Served at" says so, not that the URLs have no one host.
func TestServedAtNoteWhileTheHostsAreRead(t *testing.T) {
	working := servedAtNote("", listScope{working: true})
	if !strings.Contains(working, "reading the URLs' hosts") {
		t.Errorf("while reading: %q", working)
	}
	if none := servedAtNote("", listScope{}); none == working || strings.Contains(none, "reading") {
		t.Errorf("once read, with no one host: %q", none)
	}
	if typed := servedAtNote("https://example.com/", listScope{working: true}); strings.Contains(typed, "reading") {
		t.Errorf("a typed Served at: %q", typed)
	}
}
