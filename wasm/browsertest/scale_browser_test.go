//go:build !js

package browsertest

// Browser tests for long URL lists (issue 9): the virtual results table
// (keyboard navigation across the edge of the rows in the DOM, selection,
// filters, the rule hit counts as a filter), and a large import, canceled,
// then completed.

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// scaleRobots has one rule that decides no URL of scaleURLs (line 5).
const scaleRobots = `user-agent: *
disallow: /private/
allow: /private/open/
disallow: /*.pdf$
disallow: /never-used/
`

// scaleURL is URL i of a generated list: a page, a private page, an open
// private page or a PDF, so that lines 2, 3 and 4 and no rule decide.
func scaleURL(i int) string {
	switch {
	case i%7 == 0:
		return fmt.Sprintf("https://example.com/private/open/%d", i)
	case i%3 == 0:
		return fmt.Sprintf("https://example.com/private/%d", i)
	case i%11 == 0:
		return fmt.Sprintf("https://example.com/doc-%d.pdf", i)
	}
	return fmt.Sprintf("https://example.com/page-%d", i)
}

// scaleLine is the line that decides scaleURL(i), 0 for none.
func scaleLine(i int) int {
	switch {
	case i%7 == 0:
		return 3
	case i%3 == 0:
		return 2
	case i%11 == 0:
		return 4
	}
	return 0
}

func scaleURLs(n int) []string {
	urls := make([]string, n)
	for i := range urls {
		urls[i] = scaleURL(i)
	}
	return urls
}

// tableState is what the virtual table shows.
type tableState struct {
	RowCount  int      // table#results[aria-rowcount], the head row included
	DOMRows   int      // tr.result elements in the DOM
	Settled   string   // table#results[data-settled]
	Summary   string   // #summary
	Shown     string   // #shown-count
	Focused   string   // data-pos of the focused row, "" when none
	Selected  []string // data-index of rows marked selected
	FirstPos  int      // data-pos of the first row in the DOM
	RowIndexs []string // aria-rowindex of the first and last rows in the DOM
}

const tableStateJS = `(() => {
	const table = document.querySelector("table#results");
	const rows = Array.from(table.querySelectorAll("tbody tr.result"));
	const text = s => { const e = document.querySelector(s); return e ? e.textContent.trim() : ""; };
	const f = document.activeElement && document.activeElement.closest && document.activeElement.closest("tr.result");
	return {
		RowCount: Number(table.getAttribute("aria-rowcount")), DOMRows: rows.length,
		Settled: table.dataset.settled || "", Summary: text("#summary"), Shown: text("#shown-count"),
		Focused: f ? f.dataset.pos : "",
		Selected: rows.filter(r => r.classList.contains("selected")).map(r => r.dataset.index),
		FirstPos: rows.length ? Number(rows[0].dataset.pos) : -1,
		RowIndexs: rows.length ? [rows[0].getAttribute("aria-rowindex"), rows[rows.length - 1].getAttribute("aria-rowindex")] : [],
	};
})()`

func (a *app) table(what string, ok func(tableState) bool) tableState {
	a.t.Helper()
	return waitFor(a, what, tableStateJS, ok)
}

func (a *app) key(k string) {
	a.t.Helper()
	if err := chromedp.Do(a.ctx, chromedp.KeyEvent(k)); err != nil {
		a.t.Fatal(err)
	}
}

// waitWhy waits for the why panel to explain url.
func (a *app) waitWhy(url string) {
	a.t.Helper()
	waitFor(a, "#why about "+url, `(document.querySelector("#why-title code") || {textContent: ""}).textContent`,
		func(s string) bool { return s == url })
}

// focusTable puts the keyboard focus on the results table, as Tab does.
func (a *app) focusTable() {
	a.t.Helper()
	js[bool](a, `(() => { document.querySelector("table#results").focus(); return true; })()`)
}

func TestBrowserVirtualTable(t *testing.T) {
	const n = 5000
	ctx := newBrowser(t)
	a := openApp(t, ctx, serveSite(t))
	a.crawler("Googlebot")
	a.setText("input#robots-url", "")
	a.setText("textarea#robots", scaleRobots)
	a.setText("textarea#urls", strings.Join(scaleURLs(n), "\n"))
	st := a.table("5,000 URLs tested", func(s tableState) bool {
		return s.Settled == "true" && strings.HasPrefix(s.Summary, "5,000 URLs:")
	})
	if st.RowCount != n+1 {
		t.Errorf("aria-rowcount %d, want %d (the rows and the head row)", st.RowCount, n+1)
	}
	if by := js[string](a, `document.querySelector("table#results").dataset.testedBy`); by != "workers" {
		t.Errorf("the list was tested by %q, want workers", by)
	}
	if st.DOMRows == 0 || st.DOMRows > 200 {
		t.Errorf("%d rows in the DOM for %d URLs, want some and at most 200", st.DOMRows, n)
	}
	blocked := 0
	for i := range n {
		if l := scaleLine(i); l == 2 || l == 4 {
			blocked++
		}
	}
	if want := fmt.Sprintf("5,000 URLs: %s allowed, %s blocked", commas(n-blocked), commas(blocked)); st.Summary != want {
		t.Errorf("#summary %q, want %q", st.Summary, want)
	}

	t.Run("keyboard across the virtual edge", func(t *testing.T) {
		a.t = t
		a.focusTable()
		a.key(kb.ArrowDown)
		a.table("ArrowDown from the table selects row 0", func(s tableState) bool {
			return s.Focused == "0" && len(s.Selected) == 1 && s.Selected[0] == "0"
		})
		last := st.DOMRows + 5 // past the rows written at first
		for range last {
			a.key(kb.ArrowDown)
		}
		got := a.table(fmt.Sprintf("ArrowDown ×%d reaches row %d", last, last), func(s tableState) bool {
			return s.Focused == strconv.Itoa(last)
		})
		if got.FirstPos == 0 {
			t.Errorf("after moving to row %d the DOM still starts at row 0: the window did not move", last)
		}
		if idx := js[string](a, `document.activeElement.getAttribute("aria-rowindex")`); idx != strconv.Itoa(last+2) {
			t.Errorf("the focused row %d has aria-rowindex %s, want %d (the head row is 1)", last, idx, last+2)
		}
		a.waitWhy(scaleURL(last))
		a.key(kb.End)
		a.table("End reaches the last row", func(s tableState) bool {
			return s.Focused == strconv.Itoa(n-1) && contains(s.Selected, strconv.Itoa(n-1)) && s.RowIndexs[1] == strconv.Itoa(n+1)
		})
		a.waitWhy(scaleURL(n - 1))
		a.key(kb.PageUp)
		up := a.table("PageUp moves a screen up", func(s tableState) bool {
			f, _ := strconv.Atoi(s.Focused)
			return s.Focused != "" && f < n-1 && f > n-60
		})
		a.key(kb.Home)
		a.table("Home reaches row 0", func(s tableState) bool { return s.Focused == "0" && s.FirstPos == 0 })
		a.key(kb.PageDown)
		a.table("PageDown moves a screen down", func(s tableState) bool {
			f, _ := strconv.Atoi(s.Focused)
			return f > 0 && f == n-1-mustAtoi(up.Focused)
		})
		screenshot(t, ctx, "virtual-table-keyboard")
	})

	t.Run("filters", func(t *testing.T) {
		a.t = t
		a.choose("select#filter-verdict", "blocked", "")
		got := a.table("blocked only", func(s tableState) bool { return s.RowCount == blocked+1 })
		for _, r := range js[[]string](a, `Array.from(document.querySelectorAll("tbody tr.result")).map(tr => tr.dataset.verdict)`) {
			if r != "blocked" {
				t.Fatalf("blocked only shows a %s row", r)
			}
		}
		if !strings.Contains(got.Shown, commas(blocked)+" of 5,000") {
			t.Errorf("#shown-count %q, want %s of 5,000", got.Shown, commas(blocked))
		}
		a.choose("select#filter-verdict", "allowed", "")
		a.table("allowed only", func(s tableState) bool { return s.RowCount == n-blocked+1 })
		a.choose("select#filter-verdict", "", "")
		a.setText("input#filter-text", "DOC-")
		docs := 0
		for i := range n {
			if strings.Contains(scaleURL(i), "doc-") {
				docs++
			}
		}
		a.table("URLs containing doc- (any case)", func(s tableState) bool { return s.RowCount == docs+1 })
		a.setText("input#filter-text", "")
		a.choose("select#sort-by", "url", "")
		a.table("sorted by URL", func(s tableState) bool { return s.RowCount == n+1 && s.Settled == "true" })
		urls := js[[]string](a, `Array.from(document.querySelectorAll("tbody tr.result td.url")).map(td => td.textContent)`)
		for i := 1; i < len(urls); i++ {
			if urls[i-1] > urls[i] {
				t.Fatalf("sorted by URL, %q comes before %q", urls[i-1], urls[i])
			}
		}
		a.choose("select#sort-by", "line", "")
		a.table("sorted by line", func(s tableState) bool { return s.Settled == "true" })
		first := js[string](a, `document.querySelector("tbody tr.result").dataset.line`)
		if first != "2" {
			t.Errorf("sorted by line, the first row's line is %s, want 2", first)
		}
		a.choose("select#sort-by", "verdict", "")
		a.table("sorted by verdict", func(s tableState) bool { return s.Settled == "true" })
		if v := js[string](a, `document.querySelector("tbody tr.result").dataset.verdict`); v != "blocked" {
			t.Errorf("sorted by verdict, the first row is %s, want blocked", v)
		}
		a.choose("select#sort-by", "", "")
		a.setText("input#filter-line", "4")
		a.table("the rows line 4 decided", func(s tableState) bool { return s.RowCount == countLine(n, 4)+1 })
		a.setText("input#filter-line", "")
		a.table("every row back", func(s tableState) bool { return s.RowCount == n+1 })
		screenshot(t, ctx, "virtual-table-filters")
	})

	t.Run("hit counts filter the table", func(t *testing.T) {
		a.t = t
		hits := js[map[string]string](a, `Object.fromEntries(Array.from(document.querySelectorAll("#hits button.hit")).map(b => [b.dataset.line, b.dataset.hits]))`)
		want := map[int]int{}
		for i := range n {
			want[scaleLine(i)]++
		}
		for line, k := range map[string]int{"2": want[2], "3": want[3], "4": want[4], "5": 0, "-1": want[0]} {
			if hits[line] != strconv.Itoa(k) {
				t.Errorf("hit count of line %s is %q, want %d (all: %v)", line, hits[line], k, hits)
			}
		}
		unused := js[string](a, `document.querySelector('#hits button.hit[data-line="5"]').textContent`)
		if !strings.Contains(unused, "line 5") || !strings.Contains(unused, "decides no URL of this list") {
			t.Errorf("line 5's entry %q does not say it decides no URL of this list", unused)
		}
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#hits button.hit[data-line="3"]`))); err != nil {
			t.Fatal(err)
		}
		a.table("the rows line 3 decided", func(s tableState) bool { return s.RowCount == want[3]+1 })
		for _, l := range js[[]string](a, `Array.from(document.querySelectorAll("tbody tr.result")).map(tr => tr.dataset.line)`) {
			if l != "3" {
				t.Fatalf("filtered on line 3, a row shows line %s", l)
			}
		}
		pressed := js[string](a, `document.querySelector('#hits button.hit[data-line="3"]').getAttribute("aria-pressed")`)
		if pressed != "true" {
			t.Errorf("the line 3 count's aria-pressed is %q, want true", pressed)
		}
		screenshot(t, ctx, "virtual-table-hits")
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#filter-line-clear`))); err != nil {
			t.Fatal(err)
		}
		a.table("every row back", func(s tableState) bool { return s.RowCount == n+1 })
	})
}

// countLine is how many of the first n generated URLs line decides.
func countLine(n, line int) int {
	k := 0
	for i := range n {
		if scaleLine(i) == line {
			k++
		}
	}
	return k
}

func commas(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// writeURLFile writes n generated URLs, gzipped when name ends in .gz.
func writeURLFile(t testing.TB, name string, n int) string {
	t.Helper()
	var b bytes.Buffer
	for i := range n {
		b.WriteString(scaleURL(i))
		b.WriteByte('\n')
	}
	data := b.Bytes()
	if strings.HasSuffix(name, ".gz") {
		var z bytes.Buffer
		w := gzip.NewWriter(&z)
		w.Write(data)
		w.Close()
		data = z.Bytes()
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// importFile chooses path in the Import URLs file input.
func (a *app) importFile(path string) {
	a.t.Helper()
	if err := chromedp.Do(a.ctx, chromedp.SetUploadFiles(`input#import-urls`, []string{path})); err != nil {
		a.t.Fatal(err)
	}
}

func TestBrowserLargeImport(t *testing.T) {
	const n = 1000000
	path := writeURLFile(t, "urls.txt.gz", n)
	ctx := newBrowser(t)
	a := openApp(t, ctx, serveSite(t))
	a.crawler("Googlebot")
	a.setText("input#robots-url", "")
	a.setText("textarea#robots", scaleRobots)

	t.Run("cancel", func(t *testing.T) {
		a.t = t
		a.importFile(path)
		waitFor(a, "the import's Cancel button", `!!document.querySelector("#cancel-import")`, func(ok bool) bool { return ok })
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#cancel-import`))); err != nil {
			t.Fatal(err)
		}
		waitFor(a, "the import canceled", `document.querySelector("#share-message").textContent`, func(s string) bool {
			return strings.Contains(s, "canceled")
		})
		if st := js[tableState](a, tableStateJS); st.RowCount > 100 {
			t.Errorf("after canceling, the table has %d rows: the list changed", st.RowCount-1)
		}
		screenshot(t, ctx, "large-import-canceled")
	})

	t.Run("import", func(t *testing.T) {
		a.t = t
		a.importFile(path)
		st := a.table("a million URLs tested", func(s tableState) bool {
			return s.Settled == "true" && strings.HasPrefix(s.Summary, "1,000,000 URLs:")
		})
		if st.DOMRows > 200 {
			t.Errorf("%d rows in the DOM at a million URLs, want at most 200", st.DOMRows)
		}
		if st.RowCount != n+1 {
			t.Errorf("aria-rowcount %d, want %d", st.RowCount, n+1)
		}
		note := js[string](a, `(document.querySelector("#imported-list") || {textContent: ""}).textContent`)
		if !strings.Contains(note, "1,000,000 URLs imported from urls.txt.gz") {
			t.Errorf("#imported-list %q does not name the file and its size", note)
		}
		hits := js[string](a, `document.querySelector('#hits button.hit[data-line="3"]').dataset.hits`)
		want := 0
		for i := range n {
			if scaleLine(i) == 3 {
				want++
			}
		}
		if hits != strconv.Itoa(want) {
			t.Errorf("line 3 decided %s URLs, want %d", hits, want)
		}
		a.focusTable()
		a.key(kb.End)
		a.table("End reaches the millionth row", func(s tableState) bool { return s.Focused == strconv.Itoa(n-1) })
		a.waitWhy(scaleURL(n - 1))
		screenshot(t, ctx, "large-import")

		// A million rows filtered and sorted in slices.
		a.setText("input#filter-text", "doc-")
		a.table("the PDFs of a million URLs", func(s tableState) bool { return s.Settled == "true" && s.RowCount == countLine(n, 4)+1 })
		a.setText("input#filter-text", "")
		a.choose("select#sort-by", "url", "")
		a.table("a million URLs sorted", func(s tableState) bool { return s.Settled == "true" && s.RowCount == n+1 })
		urls := js[[]string](a, `Array.from(document.querySelectorAll("tbody tr.result td.url")).map(td => td.textContent)`)
		if len(urls) == 0 || urls[0] != "https://example.com/doc-100001.pdf" {
			t.Errorf("sorted by URL, the first row is %q, want https://example.com/doc-100001.pdf", urls)
		}
		a.choose("select#sort-by", "", "")
	})

	t.Run("cancel testing", func(t *testing.T) {
		a.t = t
		a.setText("textarea#robots", scaleRobots+"disallow: /page-1\n")
		waitFor(a, "testing's Cancel button", `!!document.querySelector("#cancel-test")`, func(ok bool) bool { return ok })
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#cancel-test`))); err != nil {
			t.Fatal(err)
		}
		a.table("testing stopped", func(s tableState) bool { return strings.HasPrefix(s.Summary, "Testing stopped after") })
		screenshot(t, ctx, "large-import-testing-stopped")
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#resume-test`))); err != nil {
			t.Fatal(err)
		}
		a.table("testing finished", func(s tableState) bool {
			return s.Settled == "true" && strings.HasPrefix(s.Summary, "1,000,000 URLs:")
		})
	})
}

// TestBrowserScaleOffline runs a list long enough for the workers in the
// one-file build opened from file://, where the worker's script is a Blob
// of the inlined wasm_exec.js: every verdict must come back.
func TestBrowserScaleOffline(t *testing.T) {
	out := t.TempDir()
	buildDist(t, out)
	ctx := newBrowser(t)
	a := openApp(t, ctx, "file://"+filepath.ToSlash(filepath.Join(out, singleFileName)))
	a.crawler("Googlebot")
	a.setText("input#robots-url", "")
	a.setText("textarea#robots", scaleRobots)
	a.setText("textarea#urls", strings.Join(scaleURLs(4000), "\n"))
	st := a.table("4,000 URLs tested", func(s tableState) bool {
		return s.Settled == "true" && strings.HasPrefix(s.Summary, "4,000 URLs:")
	})
	if by := js[string](a, `document.querySelector("table#results").dataset.testedBy`); by != "workers" {
		t.Errorf("the list was tested by %q, want workers", by)
	}
	hits := js[string](a, `document.querySelector('#hits button.hit[data-line="2"]').dataset.hits`)
	want := 0
	for i := range 4000 {
		if scaleLine(i) == 2 {
			want++
		}
	}
	if hits != strconv.Itoa(want) {
		t.Errorf("line 2 decided %s URLs, want %d (%+v)", hits, want, st)
	}
}

// pasteURLs pastes urls into the URL list as Ctrl+V would, replacing it.
func (a *app) pasteURLs(urls []string) {
	a.t.Helper()
	call[bool](a, `text => {
		const t = document.querySelector("textarea#urls");
		t.focus();
		t.select();
		const data = new DataTransfer();
		data.setData("text/plain", text);
		t.dispatchEvent(new ClipboardEvent("paste", {clipboardData: data, bubbles: true, cancelable: true}));
		return true;
	}`, strings.Join(urls, "\n"))
}

// TestBrowserLongListPasteAndExport pastes more URLs than the text box
// keeps: the list is kept aside and tested whole, and the CSV export,
// written in slices, holds every row.
func TestBrowserLongListPasteAndExport(t *testing.T) {
	const n = 12000
	ctx := newBrowser(t)
	denyDownloads(t, ctx)
	a := openApp(t, ctx, serveSite(t))
	a.crawler("Googlebot")
	a.setText("input#robots-url", "")
	a.setText("textarea#robots", scaleRobots)
	a.setText("textarea#urls", "/typed-first")
	a.pasteURLs(scaleURLs(n))
	a.table("12,000 URLs tested", func(s tableState) bool {
		return s.Settled == "true" && strings.HasPrefix(s.Summary, "12,000 URLs:")
	})
	if js[bool](a, `!!document.querySelector("textarea#urls")`) {
		t.Errorf("the text box still shows after pasting %d URLs", n)
	}
	note := js[string](a, `document.querySelector("#imported-list").textContent`)
	if !strings.Contains(note, "12,000 URLs") {
		t.Errorf("#imported-list %q does not give the list's size", note)
	}
	// "Served at" is empty: it follows the URLs, all on one site, which a
	// long list's scope (worked out in slices) finds.
	waitFor(a, "the Served at note naming the list's site", `document.querySelector("#robots-url-note").textContent`, func(s string) bool {
		return strings.Contains(s, "https://example.com/robots.txt")
	})
	captureDownloads(a)
	csv := strings.Split(strings.TrimRight(string(download(a, "#export-csv")), "\r\n"), "\r\n")
	if len(csv) != n+1 {
		t.Fatalf("the CSV export has %d lines, want a header and %d rows", len(csv), n)
	}
	if !strings.HasPrefix(csv[1], scaleURL(0)+",") || !strings.Contains(csv[n], scaleURL(n-1)) {
		t.Errorf("the CSV rows are not the list in order: first %q, last %q", csv[1], csv[n])
	}
	if want := "blocked,2,"; !strings.Contains(csv[4], want) {
		t.Errorf("row 3 (%s) reads %q, want it blocked by line 2", scaleURL(3), csv[4])
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#copy-link"))); err != nil {
		t.Fatal(err)
	}
	waitFor(a, "the link's note that the list is not in it", `document.querySelector("#share-message").textContent`, func(s string) bool {
		return strings.Contains(s, "not the 12,000 URLs imported from the pasted list")
	})
	screenshot(t, ctx, "long-list-pasted")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#clear-imported"))); err != nil {
		t.Fatal(err)
	}
	// The list typed before the paste is back in the text box.
	a.table("the typed list back", func(s tableState) bool { return strings.HasPrefix(s.Summary, "1 URL:") })
	if got := js[string](a, `document.querySelector("textarea#urls").value`); got != "/typed-first" {
		t.Errorf("after Back to the list you typed, the text box holds %q, want the list typed before the paste", got)
	}
}

// TestBrowserScaleWithoutWorkers takes Worker away from the page: a long
// list is then tested on the page in slices, with the same verdicts.
func TestBrowserScaleWithoutWorkers(t *testing.T) {
	a, _ := openScalePage(t, "delete window.Worker;")
	a.setText("textarea#urls", strings.Join(scaleURLs(4000), "\n"))
	a.table("4,000 URLs tested", func(s tableState) bool {
		return s.Settled == "true" && strings.HasPrefix(s.Summary, "4,000 URLs:")
	})
	if by := js[string](a, `document.querySelector("table#results").dataset.testedBy`); by != "slices" {
		t.Errorf("without workers the list was tested by %q, want slices", by)
	}
	if hits := js[string](a, `document.querySelector('#hits button.hit[data-line="3"]').dataset.hits`); hits != strconv.Itoa(countLine(4000, 3)) {
		t.Errorf("line 3 decided %s URLs, want %d", hits, countLine(4000, 3))
	}
}

// TestBrowserRowsHarnessReadsVirtualRows checks the harness's waitRows on
// a list longer than the rows in view: every row comes back, in order.
func TestBrowserRowsHarnessReadsVirtualRows(t *testing.T) {
	const n = 300
	a := openApp(t, newBrowser(t), serveSite(t))
	a.crawler("Googlebot")
	a.setText("input#robots-url", "")
	urls := scaleURLs(n)
	rows := a.load(scaleRobots, urls...)
	if inDOM := js[int](a, `document.querySelectorAll("table#results tbody tr.result").length`); inDOM >= n {
		t.Fatalf("%d of %d rows in the DOM: the table is not virtual, so this test shows nothing", inDOM, n)
	}
	for i, r := range rows {
		if r.Index != strconv.Itoa(i) || !strings.Contains(r.URL, urls[i]) {
			t.Fatalf("row %d reads as index %s, URL %q; want %s", i, r.Index, r.URL, urls[i])
		}
		if l := scaleLine(i); l != 0 && r.Line != strconv.Itoa(l) {
			t.Errorf("row %d: line %s, want %d", i, r.Line, l)
		}
	}
}
