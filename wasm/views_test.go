//go:build js && wasm

package main

import (
	"testing"

	"robotstester/engine"
	"robotstester/wasm/matrix"
	"robotstester/wasm/model"
	"robotstester/wasm/store"
)

func TestViewFieldsTravelInLinks(t *testing.T) {
	s := model.Saved{
		Robots: "User-agent: *\nDisallow: /private\n", URLs: "https://example.com/",
		View: "diff", Preset: "google", Columns: "MyBot, GPTBot",
		Other: "User-agent: *\r\nDisallow: /\xff\r\n", OtherName: "live.txt",
		Expect: string((&engine.Expectations{Cases: []engine.Case{{Agent: "GPTBot", Crawler: "GPTBot", URL: "https://example.com/", Allowed: false}}}).JSON()),
	}
	frag, err := store.EncodeFragment(s)
	if err != nil {
		t.Fatal(err)
	}
	got, present, err := store.DecodeFragment(frag)
	if err != nil || !present || got != s {
		t.Errorf("round trip: %#v, %v, %v; want %#v", got, present, err, s)
	}
}

// A state from a link made before the views existed (permalink_test.go
// reads one) opens as it did: results view, default columns.
func TestStatesFromBeforeTheViewsOpenTheResults(t *testing.T) {
	s := model.Saved{Robots: "User-agent: *\nDisallow: /x\n", Crawler: "GPTBot", URLs: "/x"}
	if matrix.PresetID(s) != "ai" || currentTabFor(s) != "results" {
		t.Errorf("an old link opens preset %q and view %q, want ai and results", matrix.PresetID(s), currentTabFor(s))
	}
}

func currentTabFor(in model.Saved) string {
	old := store.Page
	defer func() { store.Page = old }()
	store.Page = store.NewState(in)
	return currentTab().id
}
