//go:build js && wasm

package main

import (
	"errors"
	"strings"
	"testing"
)

// The autosave compresses a large file a piece at a time: pausing between
// pieces gives the draft an unpaused save gives, and a pause that gives up
// (the state changed meanwhile) saves nothing.
func TestPausedDraftSave(t *testing.T) {
	fakeBrowser(t, "")
	in := Saved{Robots: "User-agent: *\n" + numbered("Disallow: /section-", 20000), URLs: "/a\n/b\n"}
	pauses := 0
	note, err := saveDraftWithin(in, nil, func() bool { pauses++; return true })
	if err != nil || note != "" {
		t.Fatalf("paused save: note %q, err %v", note, err)
	}
	if want := len(in.Robots)/packPiece - 1; pauses < want {
		t.Errorf("%d pauses while compressing %d bytes; want at least %d", pauses, len(in.Robots), want)
	}
	if d, ok := loadDraft(); !ok || d != in {
		t.Fatalf("the paused save's draft does not read back as the state saved")
	}
	whole, _ := encodeStatePaused(in, nil)
	paused, _ := encodeStatePaused(in, func() bool { return true })
	if whole != paused {
		t.Error("compressing in pieces gives another encoding than at once")
	}

	changed := in
	changed.Robots = strings.Replace(in.Robots, "/section-1\n", "/changed\n", 1)
	_, err = saveDraftWithin(changed, nil, func() bool { return false })
	if !errors.Is(err, errDraftStale) {
		t.Errorf("a save whose pause gives up: err %v, want errDraftStale", err)
	}
	if d, _ := loadDraft(); d != in {
		t.Error("a save that gave up replaced the draft")
	}
}
