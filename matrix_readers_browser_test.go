package main

import (
	"strings"
	"testing"
)

// The matrix read as each crawler's own reader: on a file Google reads
// more leniently than RFC 9309 (a rule without its colon, a pattern not
// starting with "/"), GPTBot's column (RFC 9309, assumed) allows what
// Googlebot's blocks, and the grid says so in words; the header names the
// reader, marked assumed; the why panel gives the reader's reason.
func TestBrowserMatrixReaders(t *testing.T) {
	robots := "User-agent: *\nDisallow /private\nDisallow: *.pdf\n"
	ctx := newBrowser(t)
	a := openApp(t, ctx, serveSite(t))
	a.setText("textarea#robots", robots)
	a.setText("textarea#urls", "https://example.com/private/a\nhttps://example.com/doc.pdf\nhttps://example.com/ok")
	a.openTab("matrix")
	a.choose("#matrix-preset", "none", "")
	a.setText("#matrix-columns", "Googlebot, GPTBot")
	waitFor(a, "the two columns", `document.querySelectorAll("table#matrix thead th[data-col]").length`, func(n int) bool { return n == 2 })
	if got := js[int](a, `document.querySelectorAll("table#matrix td[data-differs]").length`); got != 0 {
		t.Errorf("Google's reading marks %d cells as differing", got)
	}
	a.choose("#matrix-read-as", "own", "")
	waitFor(a, "the reader reading", `(() => { const p = document.getElementById("matrix-reader-status"); return p ? p.dataset.ready : ""; })()`,
		func(s string) bool { return s == "true" })
	headers := js[[]string](a, `Array.from(document.querySelectorAll("table#matrix thead th[data-col] .reader")).map(s => s.textContent)`)
	if strings.Join(headers, "|") != "reads as google|reads as rfc9309 (assumed)" {
		t.Errorf("the headers name the readers %q", headers)
	}
	type cell struct{ Row, Col, Verdict, Differs, Reader, Text string }
	cells := js[[]cell](a, `Array.from(document.querySelectorAll("table#matrix td[role=gridcell]")).map(td => ({
		Row: td.dataset.row, Col: td.dataset.col, Verdict: td.dataset.verdict, Differs: td.dataset.differs, Reader: td.dataset.reader,
		Text: td.textContent.trim()}))`)
	// Google blocks /private/a (line 2) and /doc.pdf (line 3); RFC 9309
	// reads neither line, so GPTBot may fetch both.
	want := map[string]cell{
		"0 0": {Verdict: "blocked", Differs: "false", Reader: "google"},
		"1 0": {Verdict: "blocked", Differs: "false", Reader: "google"},
		"2 0": {Verdict: "allowed", Differs: "false", Reader: "google"},
		"0 1": {Verdict: "allowed", Differs: "true", Reader: "rfc9309"},
		"1 1": {Verdict: "allowed", Differs: "true", Reader: "rfc9309"},
		"2 1": {Verdict: "allowed", Differs: "false", Reader: "rfc9309"},
	}
	if len(cells) != len(want) {
		t.Fatalf("%d cells, want %d: %+v", len(cells), len(want), cells)
	}
	for _, c := range cells {
		w := want[c.Row+" "+c.Col]
		if c.Verdict != w.Verdict || c.Differs != w.Differs || c.Reader != w.Reader {
			t.Errorf("row %s, column %s: %+v, want %+v", c.Row, c.Col, c, w)
		}
		if marked := strings.Contains(c.Text, "≠ Google: blocked"); marked != (w.Differs == "true") {
			t.Errorf("row %s, column %s says %q: the difference from Google must be marked in words exactly when it differs", c.Row, c.Col, c.Text)
		}
	}
	if status := js[string](a, `document.getElementById("matrix-reader-status").textContent`); !strings.Contains(status, "2 cells differ from Google") {
		t.Errorf("the status says %q", status)
	}
	a.click(`table#matrix td[data-row="0"][data-col="1"]`)
	why := waitFor(a, "the reader's reason", `(() => { const p = document.getElementById("matrix-reader-why"); return p ? p.textContent : ""; })()`,
		func(s string) bool { return s != "" })
	if !strings.Contains(why, "RFC 9309 (strict) (assumed), which differs from Google") {
		t.Errorf("the why panel says %q", why)
	}
	screenshot(t, ctx, "matrix-readers")
	// Back to Google's reading: today's grid, nothing marked.
	a.choose("#matrix-read-as", "", "")
	waitFor(a, "Google's reading", `document.querySelectorAll("table#matrix td[data-differs], table#matrix th .reader").length`, func(n int) bool { return n == 0 })
}
