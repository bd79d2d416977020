//go:build js && wasm

package storage

import (
	"fmt"
	"strings"
	"syscall/js"
	"testing"

	"robotstester/wasm/model"
	"robotstester/wasm/store"
)

// fakeBrowser gives Node the parts of window the storage code reads: a
// location with the given fragment, a history and a working localStorage.
func fakeBrowser(t *testing.T, hash string) {
	t.Helper()
	js.Global().Call("eval", `(hash => {
		globalThis.location = {search: "", hash, pathname: "/tester/", protocol: "http:", origin: "http://tester.test"};
		globalThis.history = {replaceState(_, __, url) { location.hash = ""; globalThis.replacedWith = url; }};
		const items = new Map();
		globalThis.localStorage = {
			getItem: k => items.has(k) ? items.get(k) : null,
			setItem: (k, v) => { items.set(k, String(v)); },
			removeItem: k => { items.delete(k); },
		};
	})`).Invoke(hash)
	t.Cleanup(func() {
		for _, name := range []string{"location", "history", "localStorage", "replacedWith"} {
			js.Global().Delete(name)
		}
	})
}

func TestLinkWinsOverTheDraftAndKeepsIt(t *testing.T) {
	link := model.Saved{Robots: "User-agent: *\r\nDisallow: /link\r\n", URLs: "/link"}
	frag, err := store.EncodeFragment(link)
	if err != nil {
		t.Fatal(err)
	}
	fakeBrowser(t, frag)
	draft := model.Saved{Robots: "\xef\xbb\xbfUser-agent: *\nDisallow: /mine\n", Token: "mybot"}
	if err := saveDraft(draft); err != nil {
		t.Fatal(err)
	}

	got, from, err := OpeningState()
	if err != nil || from != OriginLink || got != link {
		t.Fatalf("openingState = %+v, %v, %v; want the link's state", got, from, err)
	}
	if url := js.Global().Get("replacedWith").String(); url != "/tester/" {
		t.Errorf("the address bar became %q; want the page without the fragment", url)
	}
	if prev, ok := PreviousDraft(); !ok || prev != draft {
		t.Fatalf("previousDraft = %+v, %v; want the draft the link displaced", prev, ok)
	}
	saveDraft(link) // the UI saves what it shows
	if restored, ok := RestorePreviousDraft(); !ok || restored != draft {
		t.Errorf("restorePreviousDraft = %+v, %v; want the displaced draft", restored, ok)
	}
	if d, _ := LoadDraft(); d != draft {
		t.Errorf("after restoring, the draft is %+v", d)
	}
	if _, ok := PreviousDraft(); ok {
		t.Errorf("the displaced draft is still offered after it was restored")
	}

	// Without a link, the draft opens; a damaged link says so and the draft opens.
	if got, from, err := OpeningState(); err != nil || from != OriginDraft || got != draft {
		t.Errorf("openingState without a link = %+v, %v, %v; want the draft", got, from, err)
	}
	js.Global().Get("location").Set("hash", frag[:len(frag)/2])
	if got, from, err := OpeningState(); err == nil || from != OriginDraft || got != draft {
		t.Errorf("openingState with a damaged link = %+v, %v, %v; want the draft and an error", got, from, err)
	}
}

func TestStorageFailuresAreReportedNotPanics(t *testing.T) {
	fakeBrowser(t, "")
	js.Global().Call("eval", `localStorage.setItem = () => { const e = new Error("quota"); e.name = "QuotaExceededError"; throw e; }`)
	err := saveDraft(model.Saved{Robots: "x"})
	if err == nil || !strings.Contains(err.Error(), "QuotaExceededError") || !strings.Contains(err.Error(), "download") {
		t.Errorf("saveDraft with a full quota = %v; want a sentence naming the problem and the way out", err)
	}

	// Storage disabled: reading window.localStorage itself throws.
	js.Global().Call("eval", `Object.defineProperty(globalThis, "localStorage", {configurable: true, get() { throw new DOMException("denied", "SecurityError"); }})`)
	if _, ok := LoadDraft(); ok {
		t.Errorf("loadDraft found a draft in disabled storage")
	}
	if err := saveDraft(model.Saved{Robots: "x"}); err == nil || !strings.Contains(err.Error(), "SecurityError") {
		t.Errorf("saveDraft with storage disabled = %v; want the SecurityError reported", err)
	}
	if s, from, err := OpeningState(); from != OriginNone || err != nil || s != (model.Saved{}) {
		t.Errorf("openingState with storage disabled = %+v, %v, %v; want nothing saved", s, from, err)
	}
}

// Without the browser's compression streams a link is neither made nor
// opened, and each says so with what to do; a draft cannot be saved.
func TestNoCompressionStreams(t *testing.T) {
	fakeBrowser(t, "")
	frag, err := store.EncodeFragment(model.Saved{Robots: "User-agent: *\nDisallow: /x\n"})
	if err != nil {
		t.Fatal(err)
	}
	g := js.Global()
	cs, ds := g.Get("CompressionStream"), g.Get("DecompressionStream")
	g.Delete("CompressionStream")
	g.Delete("DecompressionStream")
	t.Cleanup(func() { g.Set("CompressionStream", cs); g.Set("DecompressionStream", ds) })

	if _, err := store.EncodeFragment(model.Saved{Robots: "x"}); err == nil || !strings.Contains(err.Error(), "could not be made") || !strings.Contains(err.Error(), "update it") {
		t.Errorf("encodeFragment without CompressionStream: %v", err)
	}
	if _, present, err := store.DecodeFragment(frag); !present || err == nil || !strings.Contains(err.Error(), "cannot be opened here") {
		t.Errorf("decodeFragment without DecompressionStream: present %v, %v", present, err)
	}
	if err := saveDraft(model.Saved{Robots: "x"}); err == nil || !strings.Contains(err.Error(), "refused to keep your draft") {
		t.Errorf("saveDraft without CompressionStream: %v", err)
	}
	if err := WriteDraftNow(model.Saved{Robots: "x"}); err != nil {
		t.Errorf("the draft written as the page goes away needs no stream: %v", err)
	}
	if d, ok := LoadDraft(); !ok || d.Robots != "x" {
		t.Errorf("the uncompressed draft reads back as %+v, %v", d, ok)
	}
}

// The draft degrades to the robots.txt and settings when the storage
// refuses the list (a full quota), and says so.
func TestDraftDropsTheListWhenStorageIsFull(t *testing.T) {
	fakeBrowser(t, "")
	js.Global().Call("eval", `(() => {
		const set = localStorage.setItem;
		localStorage.setItem = (k, v) => { if (v.length > 200) throw new DOMException("full", "QuotaExceededError"); set(k, v); };
	})()`)
	var b strings.Builder
	for i := range 2000 {
		fmt.Fprintf(&b, "/%x\n", i*2654435761)
	}
	in := model.Saved{Robots: "User-agent: *\nDisallow: /x\n", URLs: b.String()}
	note, err := SaveDraftWithin(in, nil, WriteDraft(nil))
	if err != nil || note != listNotKept {
		t.Fatalf("saveDraftWithin = %q, %v; want the list left out and a note", note, err)
	}
	if d, ok := LoadDraft(); !ok || d.Robots != in.Robots || d.URLs != "" {
		t.Errorf("the draft is %+v, %v; want the robots.txt without the list", d, ok)
	}
}
