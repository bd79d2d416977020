//go:build js && wasm

package storage

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"robotstester/wasm/model"
	"robotstester/wasm/store"
)

// The autosave compresses the draft with the browser's CompressionStream; a
// state that changed while it was compressed is not saved, and the draft
// before it stays.
func TestCompressedDraftSave(t *testing.T) {
	fakeBrowser(t, "")
	rules := []byte("User-agent: *\n")
	for i := range 20000 {
		rules = append(strconv.AppendInt(append(rules, "Disallow: /section-"...), int64(i), 10), '\n')
	}
	in := model.Saved{Robots: string(rules), URLs: "/a\n/b\n"}
	note, err := SaveDraftWithin(in, nil, WriteDraft(func() bool { return true }))
	if err != nil || note != "" {
		t.Fatalf("compressed save: note %q, err %v", note, err)
	}
	stored := storedString(draftKey)
	if !strings.HasPrefix(stored, store.StateVersion) || len(stored) > len(in.Robots)/4 {
		t.Errorf("the draft of %d bytes is stored in %d characters (%.12q…); want it compressed, as %s…", len(in.Robots), len(stored), stored, store.StateVersion)
	}
	if d, ok := LoadDraft(); !ok || d != in {
		t.Fatalf("the compressed draft does not read back as the state saved")
	}

	changed := in
	changed.Robots = strings.Replace(in.Robots, "/section-1\n", "/changed\n", 1)
	_, err = SaveDraftWithin(changed, nil, WriteDraft(func() bool { return false }))
	if !errors.Is(err, ErrDraftStale) {
		t.Errorf("a save whose state went stale: err %v, want errDraftStale", err)
	}
	if d, _ := LoadDraft(); d != in {
		t.Error("a save that went stale replaced the draft")
	}
}

// The draft written as the page goes away is not compressed (nothing may
// wait then), reads back the same, and a later compressed save replaces it.
func TestDraftWrittenNow(t *testing.T) {
	fakeBrowser(t, "")
	in := model.Saved{Robots: "\xef\xbb\xbfUser-agent: *\r\nDisallow: /é\xff\n", URLs: "/a\n", Crawler: "Googlebot", Embed: false, ReadAs: "own"}
	if _, err := SaveDraftWithin(in, nil, WriteDraftNow); err != nil {
		t.Fatal(err)
	}
	if stored := storedString(draftKey); !strings.HasPrefix(stored, rawDraftPrefix) {
		t.Errorf("the draft written now is stored as %.20q…; want %s…", stored, rawDraftPrefix)
	}
	if d, ok := LoadDraft(); !ok || d != in {
		t.Fatalf("the draft written now reads back as %+v, %v", d, ok)
	}
	// A damaged raw draft is no draft, not a panic.
	storageSet(draftKey, rawDraftPrefix+"!!")
	if _, ok := LoadDraft(); ok {
		t.Error("a raw draft that is not base64url was read")
	}
	storageSet(draftKey, rawDraftPrefix+"AX8")
	if _, ok := LoadDraft(); ok {
		t.Error("a raw draft whose field runs past its end was read")
	}
	if err := saveDraft(in); err != nil {
		t.Fatal(err)
	}
	if stored := storedString(draftKey); !strings.HasPrefix(stored, store.StateVersion) {
		t.Errorf("a compressed save after it stored %.20q…", stored)
	}
}

// Expectations too many for the browser's storage are left out of the
// draft, with a note that says to import their file again; the rest is
// kept, and a few expectations are kept too.
func TestDraftLeavesOutTooManyExpectations(t *testing.T) {
	fakeBrowser(t, "")
	in := model.Saved{Robots: "User-agent: *\n", URLs: "/a\n", Expect: strings.Repeat(" ", maxDraftExpectBytes+1)}
	note, err := SaveDraftWithin(in, nil, WriteDraftNow)
	if err != nil || note != pinsNotKept {
		t.Fatalf("%d bytes of expectations: note %q, err %v", len(in.Expect), note, err)
	}
	if d, ok := LoadDraft(); !ok || d.Expect != "" || d.Robots != in.Robots || d.URLs != in.URLs {
		t.Errorf("the draft kept %d bytes of expectations, or lost the rest: %+v", len(d.Expect), ok)
	}
	in.Expect = `{"cases": [{"agent": "a", "url": "/x", "expected": "blocked"}]}`
	if note, err := SaveDraftWithin(in, nil, WriteDraftNow); err != nil || note != "" {
		t.Fatalf("one expectation: note %q, err %v", note, err)
	}
	if d, _ := LoadDraft(); d != in {
		t.Errorf("one expectation: the draft reads back as %+v", d)
	}
}
