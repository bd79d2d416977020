//go:build js && wasm

package store

import (
	"testing"

	"robotstester/wasm/model"
)

// The one-URL test answers as the list would for the same URL, follows the
// crawler and the server answer, and leaves the list alone.
func TestQuickRowAnswersAsTheListDoes(t *testing.T) {
	s := NewState(model.ExampleState)
	if _, ok := s.QuickRow(); ok {
		t.Fatal("an empty one-URL field has an answer")
	}
	s.EditURLs("https://www.example.com/nogooglebot/page.html\n/products/")
	s.Flush()
	list := s.AllRows()
	for i, u := range []string{"https://www.example.com/nogooglebot/page.html", "  /products/  "} {
		s.EditQuick(u)
		got, ok := s.QuickRow()
		if !ok {
			t.Fatalf("%q: no answer", u)
		}
		if got.Allowed != list[i].Allowed || got.Line != list[i].Line || got.Rule != list[i].Rule || got.TestedAs != list[i].TestedAs {
			t.Errorf("%q: the one-URL test says allowed=%v by line %d (%q), the list allowed=%v by line %d (%q)",
				u, got.Allowed, got.Line, got.Rule, list[i].Allowed, list[i].Line, list[i].Rule)
		}
	}
	if s.List.Len() != 2 {
		t.Errorf("the one-URL test changed the list to %d URLs", s.List.Len())
	}
	s.EditQuick("https://www.example.com/nogooglebot/page.html")
	if r, _ := s.QuickRow(); r.Allowed || r.Line != 2 {
		t.Fatalf("Googlebot on /nogooglebot/page.html: allowed=%v line %d, want blocked by line 2", r.Allowed, r.Line)
	}
	s.EditRobotsURL("https://www.example.com/robots.txt")
	s.Flush()
	s.EditQuick("https://shop.example.com/nogooglebot/")
	if r, _ := s.QuickRow(); r.Scope == "" {
		t.Error("a URL on another host than where the file is served is not flagged by the one-URL test")
	}
	s.EditQuick("https://www.example.com/nogooglebot/page.html")
	s.PickCrawler("Bingbot")
	if r, _ := s.QuickRow(); !r.Allowed {
		t.Error("Bingbot (the * group allows all) is blocked by the one-URL test: it kept Googlebot")
	}
	s.PickStatus("503")
	if r, _ := s.QuickRow(); r.Allowed || r.Override == "" {
		t.Errorf("after a 503 the one-URL test says allowed=%v, override %q; want blocked by the server answer", r.Allowed, r.Override)
	}
}

func TestToggleFindingsOpensAndCloses(t *testing.T) {
	s := NewState(model.ExampleState)
	renders := 0
	s.OnChange = func() { renders++ }
	if s.FindingsOpen {
		t.Fatal("the findings panel starts open")
	}
	s.ToggleFindings()
	s.ToggleFindings()
	if s.FindingsOpen || renders != 2 {
		t.Errorf("after two toggles: open %v, %d renders; want closed, 2", s.FindingsOpen, renders)
	}
}
