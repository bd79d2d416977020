//go:build js && wasm

package storage

import (
	"encoding/base64"
	"errors"
	"strings"
	"syscall/js"

	"robotstester/wasm/browser"
	"robotstester/wasm/model"
	"robotstester/wasm/store"
)

// localStorage keys. The draft is what the user last had on screen; the
// draft before link is the draft a permalink displaced, kept so opening a
// colleague's link never costs the user their own work.
const (
	draftKey      = "robots-tester.draft"
	beforeLinkKey = "robots-tester.draft-before-link"
)

// rawDraftPrefix marks a draft kept uncompressed: the one written as the
// page goes away (WriteDraftNow), when nothing may wait for the browser's
// compression. It is the binary layout in base64url after the prefix.
const rawDraftPrefix = "raw." + store.StateVersion

// storageProblem says the browser refused to keep the draft, and why.
func storageProblem(why string) error {
	return errors.New("The browser refused to keep your draft (" + why + "): it will be lost when the tab closes, so download the robots.txt to keep it.")
}

// Origin says where the opening state came from.
type Origin int

const (
	OriginNone  Origin = iota // nothing saved: the UI shows its example
	OriginLink                // a permalink in the address
	OriginDraft               // the autosaved draft
)

// OpeningState is the state the page opens with: a permalink wins over the
// draft. The draft it displaces is kept under beforeLinkKey (see
// previousDraft) and the fragment is cleared from the address bar, so a
// reload shows the draft, which the UI saves from then on. A damaged link is
// reported in err and the draft opens instead. It waits for the browser to
// inflate the link: call it from a goroutine.
//
// In embed mode the link is only read: the embedding page's state must not
// replace the user's own draft on this origin.
func OpeningState() (s model.Saved, from Origin, err error) {
	s, present, err := store.DecodeFragment(locationHash())
	if present && err == nil {
		if !EmbedMode() {
			if draft, ok := LoadDraft(); ok && draft != s {
				storageSet(beforeLinkKey, storedString(draftKey))
			}
			loc := js.Global().Get("location")
			js.Global().Get("history").Call("replaceState", nil, "", loc.Get("pathname").String()+loc.Get("search").String())
		}
		return s, OriginLink, nil
	}
	if draft, ok := LoadDraft(); ok {
		return draft, OriginDraft, err
	}
	return model.Saved{}, OriginNone, err
}

// saveDraft keeps s as the draft, compressed. It does nothing in embed
// mode (see OpeningState). The error is a sentence for the user: private
// modes and full quotas make localStorage refuse. It waits for the
// browser's compression: call it from a goroutine.
func saveDraft(s model.Saved) error { return WriteDraft(nil)(s) }

// A draftWriter keeps a state as the draft: WriteDraft's compressed, or
// WriteDraftNow's as it is.
type draftWriter func(model.Saved) error

// WriteDraft compresses the draft; when stillCurrent, if set, says a newer
// state arrived meanwhile, it saves nothing and returns ErrDraftStale.
func WriteDraft(stillCurrent func() bool) draftWriter {
	return func(s model.Saved) error {
		if EmbedMode() {
			return nil
		}
		enc, err := store.EncodeState(s)
		if err != nil {
			return storageProblem(err.Error())
		}
		if stillCurrent != nil && !stillCurrent() {
			return ErrDraftStale
		}
		return storageSet(draftKey, enc)
	}
}

// WriteDraftNow keeps the draft uncompressed, without waiting: for the
// pagehide event, after which a page may not run again. The next save
// compresses it.
func WriteDraftNow(s model.Saved) error {
	if EmbedMode() {
		return nil
	}
	return storageSet(draftKey, rawDraftPrefix+base64.RawURLEncoding.EncodeToString(store.StateLayout(s)))
}

// ErrDraftStale ends a draft save that a newer state made stale.
var ErrDraftStale = errors.New("a newer state is to be saved")

// maxDraftURLBytes is the longest URL list the draft keeps. localStorage
// holds about 5 MB an origin, and compressing a longer list for every
// save would hold the page for more than a frame.
const maxDraftURLBytes = 256 << 10

// SaveDraftWithin keeps s as the draft, without its URL list when the list
// is too long for the browser's storage (or the storage refuses it with
// the list). note then says so, with what to do; imported names a long
// imported list, which drafts never carry. err is write's.
func SaveDraftWithin(s model.Saved, imported *model.ImportedList, write draftWriter) (note string, err error) {
	if imported != nil {
		note = "The autosaved draft keeps the robots.txt and settings, not the " + model.Number(imported.URLs.Len()) +
			" URLs imported from " + imported.Name + " (too many for the browser's storage): import the file again after a reload."
	}
	if len(s.URLs) > maxDraftURLBytes {
		s.URLs = ""
		note = listNotKept
	}
	if len(s.Expect) > maxDraftExpectBytes {
		// An imported file of many thousands of cases: the file keeps
		// them, and storage would refuse them with the rest.
		s.Expect = ""
		note = strings.TrimSpace(note + " " + pinsNotKept)
	}
	err = write(s)
	if err != nil && !errors.Is(err, ErrDraftStale) && s.URLs != "" {
		// A full quota: the list is what takes the room.
		s.URLs = ""
		if write(s) == nil {
			return listNotKept, nil
		}
	}
	return note, err
}

// maxDraftExpectBytes is the longest Saved.Expect the draft keeps: about
// 10,000 pins, which compress into far less than localStorage holds.
const maxDraftExpectBytes = 1 << 20

// pinsNotKept says the draft left the matrix's expectations out.
const pinsNotKept = "The autosaved draft keeps the robots.txt and settings, not the expectations (over 10,000, too many for the browser's storage): import their file again after a reload."

// listNotKept says the draft lost its URL list.
const listNotKept = "The autosaved draft keeps the robots.txt and settings, not the URL list (too long for the browser's storage): keep the list in a file, or Export the results, to have it after a reload."

// LoadDraft is the autosaved draft, if there is a readable one.
func LoadDraft() (model.Saved, bool) {
	return storageState(draftKey)
}

// PreviousDraft is the draft a permalink displaced, if any: the UI offers to
// restore it.
func PreviousDraft() (model.Saved, bool) {
	return storageState(beforeLinkKey)
}

// RestorePreviousDraft makes the displaced draft the draft again and returns
// it for the UI to apply. Call it from a goroutine (storageState).
func RestorePreviousDraft() (model.Saved, bool) {
	s, ok := PreviousDraft()
	if !ok {
		return model.Saved{}, false
	}
	storageSet(draftKey, storedString(beforeLinkKey))
	forgetPreviousDraft()
	return s, true
}

// forgetPreviousDraft drops the displaced draft once the user declines it.
func forgetPreviousDraft() {
	withStorage(func(ls js.Value) { ls.Call("removeItem", beforeLinkKey) })
}

// WatchLinks applies the state of a permalink pasted into the address bar of
// an open tab, where only the fragment changes and the page does not reload.
func WatchLinks(apply func(model.Saved), fail func(error)) {
	js.Global().Call("addEventListener", "hashchange", js.FuncOf(func(js.Value, []js.Value) any {
		go func() {
			s, from, err := OpeningState()
			switch {
			case err != nil:
				fail(err)
			case from == OriginLink:
				apply(s)
			}
		}()
		return nil
	}))
}

func locationHash() string {
	return js.Global().Get("location").Get("hash").String()
}

// storageState is the state stored under key, compressed or raw. It waits
// for the browser to inflate it: call it from a goroutine.
func storageState(key string) (model.Saved, bool) {
	enc := storedString(key)
	if enc == "" {
		return model.Saved{}, false
	}
	var s model.Saved
	var err error
	if raw, ok := strings.CutPrefix(enc, rawDraftPrefix); ok {
		var layout []byte
		if layout, err = base64.RawURLEncoding.DecodeString(raw); err == nil {
			s, err = store.ReadLayout(layout)
		}
	} else {
		s, err = store.DecodeState(enc)
	}
	return s, err == nil
}

// storedString is the string stored under key, "" when there is none.
func storedString(key string) string {
	var enc string
	withStorage(func(ls js.Value) {
		if v := ls.Call("getItem", key); v.Type() == js.TypeString {
			enc = v.String()
		}
	})
	return enc
}

func storageSet(key, value string) error {
	return withStorage(func(ls js.Value) { ls.Call("setItem", key, value) })
}

// withStorage runs f with window.localStorage. Reading the property itself
// throws where storage is disabled (blocked cookies, a sandboxed iframe), and
// setItem throws when the quota is full. syscall/js turns an exception in a
// Call into a panic, recovered here into an error; an exception in a Get
// would end the program, so the property is read through Reflect.get, a call.
func withStorage(f func(ls js.Value)) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = storageProblem(browser.Describe(r))
		}
	}()
	ls := js.Global().Get("Reflect").Call("get", js.Global(), "localStorage")
	if ls.IsUndefined() || ls.IsNull() {
		return storageProblem("no localStorage")
	}
	f(ls)
	return nil
}
