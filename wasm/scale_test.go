//go:build js && wasm

package main

import (
	"bytes"
	"fmt"
	"strings"
	"syscall/js"
	"testing"
	"time"
)

// A list too long for a link is left out of it, and the note says so; a
// list that fits is carried whole.
func TestLinkLeavesOutAListTooLong(t *testing.T) {
	var b strings.Builder
	for i := 0; b.Len() <= maxLinkURLBytes; i++ {
		fmt.Fprintf(&b, "https://example.com/%x/%d\n", i*2654435761, i)
	}
	in := Saved{Robots: "User-agent: *\nDisallow: /x\n", URLs: b.String()}
	got, note := linkState(in, nil)
	if got.URLs != "" || got.Robots != in.Robots || !strings.Contains(note, "not the URL list") {
		t.Errorf("a %d-byte list: link state keeps %d bytes of URLs, note %q", len(in.URLs), len(got.URLs), note)
	}
	in.URLs = "/a\n/b\n"
	if got, note := linkState(in, nil); got != in || note != "" {
		t.Errorf("a short list: %+v, note %q; want it carried whole", got, note)
	}
	got, note = linkState(Saved{Robots: in.Robots}, &importedList{name: "big.csv", urls: urlList{ends: make([]int32, 20000)}})
	if !strings.Contains(note, "20,000 URLs imported from big.csv") || got.Robots != in.Robots {
		t.Errorf("an imported list: note %q", note)
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
	in := Saved{Robots: "User-agent: *\nDisallow: /x\n", URLs: b.String()}
	note, err := saveDraftWithin(in, nil, writeDraft(nil))
	if err != nil || note != listNotKept {
		t.Fatalf("saveDraftWithin = %q, %v; want the list left out and a note", note, err)
	}
	if d, ok := loadDraft(); !ok || d.Robots != in.Robots || d.URLs != "" {
		t.Errorf("the draft is %+v, %v; want the robots.txt without the list", d, ok)
	}
}

// A long list is filtered and sorted in slices with the same answer as at
// once.
func TestFiltersAndSortsAgreeSlicedAndAtOnce(t *testing.T) {
	in := exampleState
	in.Robots = "User-agent: *\nDisallow: /private/\nAllow: /private/open/\nDisallow: /*.pdf$\n"
	var urls []string
	for i := range 3000 {
		switch {
		case i%7 == 0:
			urls = append(urls, fmt.Sprintf("/private/open/%d", 3000-i))
		case i%3 == 0:
			urls = append(urls, fmt.Sprintf("/private/%d", i))
		case i%2 == 0:
			urls = append(urls, fmt.Sprintf("/Page-%d.pdf", i))
		default:
			urls = append(urls, fmt.Sprintf("/page-%d.html", i))
		}
	}
	in.URLs = strings.Join(urls, "\n")
	s := newState(in)
	for _, v := range []tableView{
		{verdict: "blocked", sort: sortURL},
		{line: 3, sort: sortVerdict},
		{text: "page-1", sort: sortLine},
		{line: noRuleLine},
	} {
		w := newViewWork(s, &v)
		for !w.step(time.Now().Add(time.Hour)) {
		}
		sliced := newViewWork(s, &v)
		steps := 0
		for !sliced.step(time.Now()) {
			steps++
		}
		if fmt.Sprint(w.out) != fmt.Sprint(sliced.out) {
			t.Errorf("%+v: sliced order differs from the order at once", v)
		}
		for k := 1; k < len(w.out); k++ {
			a, b := s.row(int(w.out[k-1])), s.row(int(w.out[k]))
			if v.sort == sortURL && a.Input > b.Input || v.sort == sortLine && a.Line > b.Line && b.Line != 0 {
				t.Errorf("%+v: %s (line %d) before %s (line %d)", v, a.Input, a.Line, b.Input, b.Line)
				break
			}
		}
		for _, i := range w.out {
			r := s.row(int(i))
			if v.verdict == "blocked" && r.Allowed || v.line > 0 && r.Line != v.line || v.line == noRuleLine && r.Line != 0 ||
				v.text != "" && !strings.Contains(strings.ToLower(r.Input), v.text) {
				t.Errorf("%+v keeps %s (allowed %v, line %d)", v, r.Input, r.Allowed, r.Line)
				break
			}
		}
		if len(w.out) == 0 {
			t.Errorf("%+v keeps no row", v)
		}
	}
}

// The hit counts count each URL once, by the line that decided it.
func TestHitCountsByDecidingLine(t *testing.T) {
	in := exampleState
	in.Robots = "User-agent: *\nDisallow: /a\nDisallow: /never\nAllow: /a/b\n"
	in.URLs = "/a\n/a/1\n/a/b\n/c\n"
	s := newState(in)
	want := map[int]int{2: 2, 3: 0, 4: 1}
	for _, h := range s.hitRules() {
		if h.hits != want[h.line] {
			t.Errorf("line %d decided %d URLs, want %d", h.line, h.hits, want[h.line])
		}
		delete(want, h.line)
	}
	if len(want) > 0 || s.res.noRule != 1 {
		t.Errorf("rules not listed: %v; no rule decided %d URLs, want 1", want, s.res.noRule)
	}
}

// An export written a part at a time is the export written at once.
func TestExportInPartsIsTheWholeExport(t *testing.T) {
	in := exampleState
	in.URLs = "/a\n/nogooglebot/x\n/b\n/c,d\n/e\n"
	s := newState(in)
	rows := s.exportRows(0, s.list.Len())
	for _, f := range []exportFormat{csvExport, jsonExport} {
		var b bytes.Buffer
		f.open(&b)
		for from := 0; from < len(rows); from += 2 {
			f.rows(&b, s.exportRows(from, min(from+2, len(rows))), from == 0)
		}
		f.close(&b, true)
		if whole := f.whole(rows); !bytes.Equal(b.Bytes(), whole) {
			t.Errorf("%s in parts:\n%s\nat once:\n%s", f.name, b.Bytes(), whole)
		}
	}
}

func TestJoinedURLsReadWhatSplitURLsWrote(t *testing.T) {
	l := splitURLs(" /a\r\n\r\n/b \n\t/c\r")
	j := joinedURLs(l.span(1, 3))
	if j.Len() != 2 || j.At(0) != "/b" || j.At(1) != "/c" {
		t.Errorf("joinedURLs(%q) = %+v", l.span(1, 3), j)
	}
	if joinedURLs("").Len() != 0 {
		t.Errorf("joinedURLs of nothing holds URLs")
	}
}

// A long list kept aside, from a file, a paste or the sitemaps, gives the
// typed list back when dropped, even after a second long list.
func TestDroppingALongListBringsBackTheTypedOne(t *testing.T) {
	s := newState(Saved{Robots: "User-agent: *\nDisallow: /x\n", URLs: "/typed\n/x"})
	long := func(prefix string) urlList {
		var lb listBuilder
		for i := range maxTypedURLs + 1 {
			lb.add(fmt.Sprintf("/%s/%d", prefix, i))
		}
		return lb.list()
	}
	first, second := long("a"), long("b")
	s.importList("sitemap_index.xml", first)
	if s.in.URLs != "" || s.givenList() != first.text || s.list.Len() != first.Len() {
		t.Fatalf("after a long list: text box %q, %d URLs tested", s.in.URLs, s.list.Len())
	}
	s.importList("big.csv", second)
	if s.givenList() != second.text {
		t.Fatalf("the second long list is not the one given")
	}
	s.clearImported()
	if s.imported != nil || s.in.URLs != "/typed\n/x" || s.givenList() != s.in.URLs || s.list.Len() != 2 {
		t.Errorf("after Type a list instead: text box %q, %d URLs tested; want the typed list back", s.in.URLs, s.list.Len())
	}
}
