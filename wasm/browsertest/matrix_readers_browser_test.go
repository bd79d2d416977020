//go:build !js

package browsertest

import (
	"context"
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

// Every part of the matrix follows the reading chosen, not only the cells:
// "Disallow /" has no colon, which Google reads and RFC 9309 (GPTBot's
// assumed reader) does not, so Google blocks all but /ok and GPTBot's own
// reader blocks nothing. In each crawler's own reading the row filter, the
// crawler summary (root verdict and counts), both exports and the why panel
// say what GPTBot's reader decides; each of them would show Google's
// blocking if it followed Google's reading.
func TestBrowserMatrixReadersEverywhere(t *testing.T) {
	a, ctx := openGooglebotGPTBotMatrix(t, "User-agent: *\nDisallow /\nAllow: /ok\n",
		"https://example.com/private/a\nhttps://example.com/doc.pdf\nhttps://example.com/ok")
	shownRowsJS := `Array.from(document.querySelectorAll("table#matrix tbody tr th.url")).map(th => th.textContent)`
	gptSummaryJS := `(() => { const tr = document.querySelector('#matrix-summary tr[data-col="1"]');
		return tr.dataset.root + " " + Array.from(tr.querySelectorAll("td.count")).map(td => td.textContent).join("/"); })()`

	// Google's reading: Googlebot and GPTBot agree on every URL.
	a.choose("#matrix-rows", "differ", "")
	waitFor(a, "no row in Google's reading", shownRowsJS, func(r []string) bool { return len(r) == 0 })
	if got := js[string](a, gptSummaryJS); got != "blocked 1/2" {
		t.Errorf("Google's reading: GPTBot's summary %q, want the root blocked, 1 allowed, 2 blocked", got)
	}

	a.choose("#matrix-read-as", "own", "")
	waitFor(a, "the reader reading", `(() => { const p = document.getElementById("matrix-reader-status"); return p ? p.dataset.ready : ""; })()`,
		func(s string) bool { return s == "true" })
	rows := waitFor(a, "the rows the crawlers disagree on", shownRowsJS, func(r []string) bool { return len(r) > 0 })
	if strings.Join(rows, "|") != "https://example.com/private/a|https://example.com/doc.pdf" {
		t.Errorf("own reading: the crawlers disagree on %q, want /private/a and /doc.pdf (Googlebot blocks them, GPTBot's reader does not)", rows)
	}
	if got := js[string](a, gptSummaryJS); got != "allowed 3/0" {
		t.Errorf("own reading: GPTBot's summary %q, want the root allowed, 3 allowed, 0 blocked", got)
	}
	if got := js[string](a, `document.querySelector('#matrix-summary tr[data-col="1"] td.reader').textContent`); got != "reads as rfc9309 (assumed)" {
		t.Errorf("own reading: GPTBot's reader in the summary %q", got)
	}

	csv := string(download(a, "#matrix-csv"))
	if !strings.Contains(csv, "GPTBot,GPTBot line,GPTBot reader") ||
		!strings.Contains(csv, "https://example.com/private/a,/private/a,blocked,2,google,allowed,0,rfc9309 (assumed)") {
		t.Errorf("own reading: the CSV export\n%s", csv)
	}
	jsonExport := string(download(a, "#matrix-json"))
	if !strings.Contains(jsonExport, `"readAs": "own"`) || !strings.Contains(jsonExport, `"reader": "rfc9309", "readerAssumed": true, "rootVerdict": "allowed", "rootAllowed": true, "allowed": 3, "blocked": 0`) {
		t.Errorf("own reading: the JSON export\n%s", jsonExport)
	}

	a.click(`table#matrix td[data-row="0"][data-col="1"]`)
	verdict := waitFor(a, "the reader's verdict in the why panel", `(() => { const p = document.getElementById("matrix-own-verdict"); return p ? p.dataset.verdict + " " + p.textContent : ""; })()`,
		func(s string) bool { return s != "" })
	if !strings.HasPrefix(verdict, "allowed ✓ Allowed") {
		t.Errorf("own reading: the why panel's verdict for GPTBot on /private/a is %q, want its reader's: allowed", verdict)
	}
	if open := js[bool](a, `document.getElementById("matrix-google-why").open`); open {
		t.Errorf("Google's explanation, for comparison, is open by default")
	}
	if got := js[string](a, `document.querySelector("#matrix-why .winner").id`); got != "matrix-own-verdict" {
		t.Errorf("the first verdict in the why panel is %q, not the reader's", got)
	}
	screenshot(t, ctx, "matrix-readers-everywhere")

	// A Googlebot cell in the same reading: Google's explanation stands.
	a.click(`table#matrix td[data-row="0"][data-col="0"]`)
	waitFor(a, "Google's explanation for Googlebot", `!document.getElementById("matrix-own-verdict") && !!document.querySelector("#matrix-why .winner")`, func(b bool) bool { return b })
}

// In each crawler's own reading the groups a column obeys, and its pins,
// are its reader's. RFC 9309 (GPTBot's assumed reader) skips the
// user-agent line "GPTBot/1.0" (not a product token), so its "Allow: /ok"
// joins the "*" group: GPTBot obeys "*" and is blocked from /private/a,
// where Google's reading has it obey its own group and be allowed. A pin
// "allowed" on that cell holds in Google's reading and fails in GPTBot's
// own; the header, the summary, the JSON export and the why panel say
// which groups apply in the reading shown.
func TestBrowserMatrixReadersObeysAndPins(t *testing.T) {
	a, ctx := openGooglebotGPTBotMatrix(t, "User-agent: *\nDisallow: /\n\nUser-agent: GPTBot/1.0\nAllow: /ok\n",
		"https://example.com/private/a\nhttps://example.com/ok")
	obeysJS := `[document.querySelector('table#matrix thead th[data-col="1"] .obeys').textContent,
		document.querySelector('#matrix-summary tr[data-col="1"] td.obeys').textContent,
		document.querySelector('table#matrix thead th[data-col="1"]').title]`
	pinJS := `(() => { const td = document.querySelector('table#matrix td[data-row="0"][data-col="1"]');
		return td.dataset.verdict + " " + td.dataset.pass + " " + td.textContent; })()`
	if got := js[[]string](a, obeysJS); got[0] != "GPTBot (line 4)" || got[1] != "GPTBot (line 4)" {
		t.Errorf("Google's reading: GPTBot obeys %q, want its own group at line 4", got)
	}
	a.click(`table#matrix td[data-row="0"][data-col="1"]`)
	a.click("#pin-allowed")
	waitFor(a, "the pin, holding in Google's reading", pinJS, func(s string) bool { return strings.HasPrefix(s, "allowed true") && strings.Contains(s, "pinned ✓") })
	failingJS := `(() => { const s = document.querySelector("#matrix-status .failing-pins"); return s ? s.textContent.trim() : ""; })()`
	if note := js[string](a, failingJS); note != "" {
		t.Errorf("Google's reading: the status says %q, but the pin holds", note)
	}

	a.choose("#matrix-read-as", "own", "")
	waitFor(a, "the reader reading", `(() => { const p = document.getElementById("matrix-reader-status"); return p ? p.dataset.ready : ""; })()`,
		func(s string) bool { return s == "true" })
	got := js[[]string](a, obeysJS)
	if got[0] != "* (line 1)" || got[1] != "* (line 1)" || !strings.Contains(got[2], "RFC 9309") {
		t.Errorf("own reading: GPTBot obeys %q, want the * group at line 1, as RFC 9309 reads the file", got)
	}
	if pin := js[string](a, pinJS); !strings.HasPrefix(pin, "blocked false") || !strings.Contains(pin, "⚠ expected allowed") {
		t.Errorf("own reading: the pinned cell shows %q, want blocked and the pin failing", pin)
	}
	if note := js[string](a, failingJS); !strings.HasPrefix(note, "1 expectation failing in this reading") {
		t.Errorf("own reading: the status says %q of the failing pin", note)
	}
	state := waitFor(a, "the pin's state", `(() => { const p = document.getElementById("pin-state"); return p ? p.textContent : ""; })()`, func(s string) bool { return s != "" })
	if state != "Pinned: expected allowed, but the draft says blocked." {
		t.Errorf("own reading: the pin's state says %q", state)
	}
	if why := js[string](a, `document.getElementById("matrix-own-obeys").textContent`); !strings.Contains(why, "* group") || !strings.Contains(why, "line 1") {
		t.Errorf("own reading: the why panel says GPTBot obeys %q", why)
	}
	if j := string(download(a, "#matrix-json")); !strings.Contains(j, `"obeys": "* (line 1)", "obeysLines": [1]`) {
		t.Errorf("own reading: the JSON export\n%s", j)
	}
	screenshot(t, ctx, "matrix-readers-obeys-pins")

	a.choose("#matrix-read-as", "", "")
	waitFor(a, "Google's reading again", pinJS, func(s string) bool { return strings.HasPrefix(s, "allowed true") })
	if got := js[[]string](a, obeysJS); got[0] != "GPTBot (line 4)" {
		t.Errorf("Google's reading again: GPTBot obeys %q", got)
	}
}

// openGooglebotGPTBotMatrix opens the page on robots and urls, with the
// matrix tab showing two columns, Googlebot and GPTBot, and downloads
// captured.
func openGooglebotGPTBotMatrix(t *testing.T, robots, urls string) (*app, context.Context) {
	t.Helper()
	ctx := newBrowser(t)
	denyDownloads(t, ctx)
	a := openApp(t, ctx, serveSite(t))
	captureDownloads(a)
	a.setText("textarea#robots", robots)
	a.setText("textarea#urls", urls)
	a.openTab("matrix")
	a.choose("#matrix-preset", "none", "")
	a.setText("#matrix-columns", "Googlebot, GPTBot")
	waitFor(a, "the two columns", `document.querySelectorAll("table#matrix thead th[data-col]").length`, func(n int) bool { return n == 2 })
	return a, ctx
}
