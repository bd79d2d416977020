//go:build js && wasm

package store

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"robotstester/wasm/model"
)

// A list too long for a link is left out of it, and the note says so; a
// list that fits is carried whole.
func TestLinkLeavesOutAListTooLong(t *testing.T) {
	var b strings.Builder
	for i := 0; b.Len() <= maxLinkURLBytes; i++ {
		fmt.Fprintf(&b, "https://example.com/%x/%d\n", i*2654435761, i)
	}
	in := model.Saved{Robots: "User-agent: *\nDisallow: /x\n", URLs: b.String()}
	got, note := LinkState(in, nil)
	if got.URLs != "" || got.Robots != in.Robots || !strings.Contains(note, "not the URL list") {
		t.Errorf("a %d-byte list: link state keeps %d bytes of URLs, note %q", len(in.URLs), len(got.URLs), note)
	}
	in.URLs = "/a\n/b\n"
	if got, note := LinkState(in, nil); got != in || note != "" {
		t.Errorf("a short list: %+v, note %q; want it carried whole", got, note)
	}
	got, note = LinkState(model.Saved{Robots: in.Robots}, &model.ImportedList{Name: "big.csv", URLs: model.URLList{Ends: make([]int32, 20000)}})
	if !strings.Contains(note, "20,000 URLs imported from big.csv") || got.Robots != in.Robots {
		t.Errorf("an imported list: note %q", note)
	}
}

// Expectations too many for a link are left out of it, with a note that
// says to export them; a few are carried.
func TestLinkLeavesOutTooManyExpectations(t *testing.T) {
	in := model.Saved{Robots: "User-agent: *\nDisallow: /x\n", URLs: "/a\n", Expect: strings.Repeat(" ", maxLinkExpectBytes+1)}
	got, note := LinkState(in, nil)
	if got.Expect != "" || got.URLs != in.URLs || !strings.Contains(note, "leaves out the expectations") || !strings.Contains(note, "Export them") {
		t.Errorf("%d bytes of expectations: link state keeps %d, note %q", len(in.Expect), len(got.Expect), note)
	}
	in.Expect = `{"cases": [{"agent": "a", "url": "/x", "expected": "blocked"}]}`
	if got, note := LinkState(in, nil); got != in || note != "" {
		t.Errorf("one expectation: %+v, note %q; want it carried", got, note)
	}
}

// A long list is filtered and sorted in slices with the same answer as at
// once.
func TestFiltersAndSortsAgreeSlicedAndAtOnce(t *testing.T) {
	in := model.ExampleState
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
	s := NewState(in)
	for _, v := range []TableView{
		{Verdict: "blocked", Sort: SortURL},
		{Line: 3, Sort: SortVerdict},
		{Text: "page-1", Sort: SortLine},
		{Line: NoRuleLine},
	} {
		w := newViewWork(s, &v)
		for !w.Step(time.Now().Add(time.Hour)) {
		}
		sliced := newViewWork(s, &v)
		steps := 0
		for !sliced.Step(time.Now()) {
			steps++
		}
		if fmt.Sprint(w.Out) != fmt.Sprint(sliced.Out) {
			t.Errorf("%+v: sliced order differs from the order at once", v)
		}
		for k := 1; k < len(w.Out); k++ {
			a, b := s.Row(int(w.Out[k-1])), s.Row(int(w.Out[k]))
			if v.Sort == SortURL && a.Input > b.Input || v.Sort == SortLine && a.Line > b.Line && b.Line != 0 {
				t.Errorf("%+v: %s (line %d) before %s (line %d)", v, a.Input, a.Line, b.Input, b.Line)
				break
			}
		}
		for _, i := range w.Out {
			r := s.Row(int(i))
			if v.Verdict == "blocked" && r.Allowed || v.Line > 0 && r.Line != v.Line || v.Line == NoRuleLine && r.Line != 0 ||
				v.Text != "" && !strings.Contains(strings.ToLower(r.Input), v.Text) {
				t.Errorf("%+v keeps %s (allowed %v, line %d)", v, r.Input, r.Allowed, r.Line)
				break
			}
		}
		if len(w.Out) == 0 {
			t.Errorf("%+v keeps no row", v)
		}
	}
}

// The hit counts count each URL once, by the line that decided it.
func TestHitCountsByDecidingLine(t *testing.T) {
	in := model.ExampleState
	in.Robots = "User-agent: *\nDisallow: /a\nDisallow: /never\nAllow: /a/b\n"
	in.URLs = "/a\n/a/1\n/a/b\n/c\n"
	s := NewState(in)
	want := map[int]int{2: 2, 3: 0, 4: 1}
	for _, h := range s.HitRules() {
		if h.Hits != want[h.Line] {
			t.Errorf("line %d decided %d URLs, want %d", h.Line, h.Hits, want[h.Line])
		}
		delete(want, h.Line)
	}
	if len(want) > 0 || s.Res.NoRule != 1 {
		t.Errorf("rules not listed: %v; no rule decided %d URLs, want 1", want, s.Res.NoRule)
	}
}

// An export written a part at a time is the export written at once.
func TestExportInPartsIsTheWholeExport(t *testing.T) {
	in := model.ExampleState
	in.URLs = "/a\n/nogooglebot/x\n/b\n/c,d\n/e\n"
	s := NewState(in)
	rows := s.ExportRows(0, s.List.Len())
	for _, f := range []ExportFormat{CSVExport, JSONExport} {
		var b bytes.Buffer
		f.Open(&b)
		for from := 0; from < len(rows); from += 2 {
			f.Rows(&b, s.ExportRows(from, min(from+2, len(rows))), from == 0)
		}
		f.Close(&b, true)
		if whole := f.Whole(rows); !bytes.Equal(b.Bytes(), whole) {
			t.Errorf("%s in parts:\n%s\nat once:\n%s", f.Name, b.Bytes(), whole)
		}
	}
}

func TestJoinedURLsReadWhatSplitURLsWrote(t *testing.T) {
	l := model.SplitURLs(" /a\r\n\r\n/b \n\t/c\r")
	j := model.JoinedURLs(l.Span(1, 3))
	if j.Len() != 2 || j.At(0) != "/b" || j.At(1) != "/c" {
		t.Errorf("joinedURLs(%q) = %+v", l.Span(1, 3), j)
	}
	if model.JoinedURLs("").Len() != 0 {
		t.Errorf("joinedURLs of nothing holds URLs")
	}
}

// A long list kept aside, from a file, a paste or the sitemaps, gives the
// typed list back when dropped, even after a second long list.
func TestDroppingALongListBringsBackTheTypedOne(t *testing.T) {
	s := NewState(model.Saved{Robots: "User-agent: *\nDisallow: /x\n", URLs: "/typed\n/x"})
	long := func(prefix string) model.URLList {
		var lb model.ListBuilder
		for i := range model.MaxTypedURLs + 1 {
			lb.Add(fmt.Sprintf("/%s/%d", prefix, i))
		}
		return lb.List()
	}
	first, second := long("a"), long("b")
	s.ImportList("sitemap_index.xml", first)
	if s.In.URLs != "" || s.GivenList() != first.Text || s.List.Len() != first.Len() {
		t.Fatalf("after a long list: text box %q, %d URLs tested", s.In.URLs, s.List.Len())
	}
	s.ImportList("big.csv", second)
	if s.GivenList() != second.Text {
		t.Fatalf("the second long list is not the one given")
	}
	s.ClearImported()
	if s.Imported != nil || s.In.URLs != "/typed\n/x" || s.GivenList() != s.In.URLs || s.List.Len() != 2 {
		t.Errorf("after Type a list instead: text box %q, %d URLs tested; want the typed list back", s.In.URLs, s.List.Len())
	}
}
