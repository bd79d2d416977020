//go:build js && wasm

package main

import (
	"strings"
	"syscall/js"
	"testing"

	"robotstester/wasm/model"
	"robotstester/wasm/storage"
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
	if err := storage.SaveDraft(draft); err != nil {
		t.Fatal(err)
	}

	got, from, err := storage.OpeningState()
	if err != nil || from != storage.OriginLink || got != link {
		t.Fatalf("openingState = %+v, %v, %v; want the link's state", got, from, err)
	}
	if url := js.Global().Get("replacedWith").String(); url != "/tester/" {
		t.Errorf("the address bar became %q; want the page without the fragment", url)
	}
	if prev, ok := storage.PreviousDraft(); !ok || prev != draft {
		t.Fatalf("previousDraft = %+v, %v; want the draft the link displaced", prev, ok)
	}
	storage.SaveDraft(link) // the UI saves what it shows
	if restored, ok := storage.RestorePreviousDraft(); !ok || restored != draft {
		t.Errorf("restorePreviousDraft = %+v, %v; want the displaced draft", restored, ok)
	}
	if d, _ := storage.LoadDraft(); d != draft {
		t.Errorf("after restoring, the draft is %+v", d)
	}
	if _, ok := storage.PreviousDraft(); ok {
		t.Errorf("the displaced draft is still offered after it was restored")
	}

	// Without a link, the draft opens; a damaged link says so and the draft opens.
	if got, from, err := storage.OpeningState(); err != nil || from != storage.OriginDraft || got != draft {
		t.Errorf("openingState without a link = %+v, %v, %v; want the draft", got, from, err)
	}
	js.Global().Get("location").Set("hash", frag[:len(frag)/2])
	if got, from, err := storage.OpeningState(); err == nil || from != storage.OriginDraft || got != draft {
		t.Errorf("openingState with a damaged link = %+v, %v, %v; want the draft and an error", got, from, err)
	}
}

func TestStorageFailuresAreReportedNotPanics(t *testing.T) {
	fakeBrowser(t, "")
	js.Global().Call("eval", `localStorage.setItem = () => { const e = new Error("quota"); e.name = "QuotaExceededError"; throw e; }`)
	err := storage.SaveDraft(model.Saved{Robots: "x"})
	if err == nil || !strings.Contains(err.Error(), "QuotaExceededError") || !strings.Contains(err.Error(), "download") {
		t.Errorf("saveDraft with a full quota = %v; want a sentence naming the problem and the way out", err)
	}

	// Storage disabled: reading window.localStorage itself throws.
	js.Global().Call("eval", `Object.defineProperty(globalThis, "localStorage", {configurable: true, get() { throw new DOMException("denied", "SecurityError"); }})`)
	if _, ok := storage.LoadDraft(); ok {
		t.Errorf("loadDraft found a draft in disabled storage")
	}
	if err := storage.SaveDraft(model.Saved{Robots: "x"}); err == nil || !strings.Contains(err.Error(), "SecurityError") {
		t.Errorf("saveDraft with storage disabled = %v; want the SecurityError reported", err)
	}
	if s, from, err := storage.OpeningState(); from != storage.OriginNone || err != nil || s != (model.Saved{}) {
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
	if err := storage.SaveDraft(model.Saved{Robots: "x"}); err == nil || !strings.Contains(err.Error(), "refused to keep your draft") {
		t.Errorf("saveDraft without CompressionStream: %v", err)
	}
	if err := storage.WriteDraftNow(model.Saved{Robots: "x"}); err != nil {
		t.Errorf("the draft written as the page goes away needs no stream: %v", err)
	}
	if d, ok := storage.LoadDraft(); !ok || d.Robots != "x" {
		t.Errorf("the uncompressed draft reads back as %+v, %v", d, ok)
	}
}
