//go:build js && wasm

package store

import (
	"testing"

	"robotstester/wasm/model"
)

// Picking a crawler sets the token field to its token, and a link made
// then reproduces both (issue 22: GPTBot picked, "Googlebot" in the field).
func TestPickedCrawlerAndTokenAreOneState(t *testing.T) {
	s := NewState(model.ExampleState)
	s.PickCrawler("GPTBot")
	if s.In.Token != "GPTBot" {
		t.Fatalf("GPTBot picked: the token field says %q", s.In.Token)
	}
	frag, err := EncodeFragment(s.In)
	if err != nil {
		t.Fatal(err)
	}
	got, _, err := DecodeFragment(frag)
	if err != nil || got.Crawler != "GPTBot" || got.Token != "GPTBot" {
		t.Errorf("the link opens crawler %q, token %q (%v); want GPTBot both", got.Crawler, got.Token, err)
	}
	// An older link naming a crawler and another token opens as the crawler.
	old := model.ExampleState
	old.Crawler, old.Token = "GPTBot", "Googlebot"
	s.Replace(old)
	if s.In.Token != "GPTBot" {
		t.Errorf("a link with GPTBot and Googlebot opens with the token %q", s.In.Token)
	}
}

// A new site session drops what was derived from the site before and
// keeps the file before, named for what replaced it.
func TestNewSiteDropsTheSiteBefore(t *testing.T) {
	s := NewState(model.ExampleState)
	var hooked []string
	s.OnNewSite(func(in *model.Saved) { hooked = append(hooked, in.Robots) })

	fetched := s.In
	fetched.Robots, fetched.RobotsURL, fetched.Status = "User-agent: *\nDisallow: /a\n", "http://a.test/robots.txt", "redirect-ok"
	fetched.Other, fetched.OtherName = "User-agent: *\n", "an unrelated earlier file"
	s.NewSite(fetched, FromFetch, "http://a.test/robots.txt")
	if s.In.RobotsURL != "http://a.test/robots.txt" || s.In.Status != "redirect-ok" {
		t.Errorf("a fetch's own Served at and answer were dropped: %q, %q", s.In.RobotsURL, s.In.Status)
	}
	if s.In.Other != "" || s.In.OtherName != "" {
		t.Errorf("the comparison with %q outlived the fetch", s.In.OtherName)
	}
	if p := s.Session.Previous; p == nil || p.Name != "the file before this fetch" || p.Saved.Robots != model.ExampleState.Robots {
		t.Errorf("the file before the fetch is %+v, want the example named \"the file before this fetch\"", p)
	}
	if s.Session.From != "fetched from http://a.test/robots.txt" {
		t.Errorf("the file's origin is %q", s.Session.From)
	}

	// An answer with no file: the editor keeps A's, still named as A's.
	b := s.In
	b.RobotsURL, b.Status = "http://b.test/robots.txt", "500"
	s.NewSite(b, FromFetch, "http://b.test/robots.txt")
	if s.Session.Previous != nil || s.Session.From != "fetched from http://a.test/robots.txt" {
		t.Errorf("after an answer with no file: previous %+v, from %q; want none, and A's file still named A's", s.Session.Previous, s.Session.From)
	}

	pasted := s.In
	pasted.Robots = "User-agent: *\nDisallow: /c\n"
	s.NewSite(pasted, FromPaste, "")
	if s.In.RobotsURL != "" || s.In.Status != "" {
		t.Errorf("a pasted file kept B's Served at %q and answer %q", s.In.RobotsURL, s.In.Status)
	}
	if p := s.Session.Previous; p == nil || p.Name != "the file before this paste" || p.Saved.RobotsURL != "http://b.test/robots.txt" {
		t.Errorf("the file before the paste is %+v", p)
	}
	if len(hooked) != 3 || hooked[2] != pasted.Robots {
		t.Errorf("the panels heard of %d sessions (%q), want 3", len(hooked), hooked)
	}
}
