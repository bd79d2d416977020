//go:build !js

package browsertest

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// Browser tests of the matrix, diff and expectations views (wasm/views.go,
// matrix.go, diff.go, expect.go).

// matrixCell is one cell of table#matrix as the page shows it.
type matrixCell struct {
	Row, Col, Verdict, Line, Text, Expected, Pass string
}

const matrixCellsJS = `Array.from(document.querySelectorAll("table#matrix td[role=gridcell]")).map(td => ({
	Row: td.dataset.row, Col: td.dataset.col, Verdict: td.dataset.verdict, Line: td.dataset.line,
	Text: td.textContent.trim(), Expected: td.dataset.expected ?? "", Pass: td.dataset.pass ?? "",
}))`

// matrixHeaders are the crawler names and what each obeys, from the grid's
// header.
const matrixHeadersJS = `Array.from(document.querySelectorAll("table#matrix thead th[data-col]")).map(th => [
	th.querySelector(".name").textContent, th.querySelector(".obeys").textContent])`

func (a *app) openTab(id string) {
	a.t.Helper()
	if err := chromedp.Do(a.ctx, chromedp.Click(chromedp.CSS("#tab-"+id))); err != nil {
		a.t.Fatalf("clicking the %s tab: %v\n%s", id, err, a.describe())
	}
	waitFor(a, "the "+id+" view", `document.querySelector("#tab-`+id+`").getAttribute("aria-selected") === "true" && document.getElementById("app").dataset.view === "`+id+`"`,
		func(ok bool) bool { return ok })
}

func (a *app) click(sel string) {
	a.t.Helper()
	if err := chromedp.Do(a.ctx, chromedp.Click(chromedp.CSS(sel))); err != nil {
		a.t.Fatalf("clicking %s: %v\n%s", sel, err, a.describe())
	}
}

// The AI-crawler matrix on a real file of the corpus (with GPTBot and CCBot
// groups) agrees, cell by cell, with the script API's verdict for that
// crawler and URL; only a window of the 300 rows is in the DOM; selecting a
// cell marks its deciding line and explains it.
func TestBrowserMatrixAICrawlers(t *testing.T) {
	body, err := os.ReadFile(sharedPath(t, "corpus", "real", "0075.txt"))
	if err != nil {
		t.Fatal(err)
	}
	list, err := os.ReadFile(sharedPath(t, "corpus", "urls", "0075.txt"))
	if err != nil {
		t.Fatal(err)
	}
	urls := strings.Fields(string(list))
	robots := string(body)
	ctx := newBrowser(t)
	a := openApp(t, ctx, serveSite(t))
	// 300 URLs: the results table may show only a window of them, so the
	// matrix is awaited instead.
	a.setText("textarea#robots", robots)
	a.setText("textarea#urls", strings.Join(urls, "\n"))
	a.openTab("matrix")
	waitFor(a, "the matrix of 300 URLs", `document.getElementById("matrix").getAttribute("aria-rowcount")`, func(n string) bool { return n == "301" })
	if hidden := js[bool](a, `getComputedStyle(document.getElementById("results-section")).display === "none"`); !hidden {
		t.Error("the results stay visible under the matrix view")
	}
	cells := waitFor(a, "the matrix", matrixCellsJS, func(c []matrixCell) bool { return len(c) > 0 })
	headers := js[[][2]string](a, matrixHeadersJS)
	names := map[string]int{}
	for i, h := range headers {
		names[h[0]] = i
	}
	for _, want := range []string{"GPTBot", "OAI-SearchBot", "ChatGPT-User", "ClaudeBot", "Claude-User", "PerplexityBot", "CCBot", "Google-Extended", "Applebot-Extended", "Bytespider", "Meta-ExternalAgent", "Amazonbot"} {
		if _, ok := names[want]; !ok {
			t.Errorf("the AI preset has no %s column; headers %v", want, headers)
		}
	}
	if got := headers[names["GPTBot"]][1]; got != "GPTBot (line 358)" {
		t.Errorf("GPTBot's header says it obeys %q, want GPTBot (line 358)", got)
	}
	if got := headers[names["CCBot"]][1]; got != "CCBot (line 176)" {
		t.Errorf("CCBot's header says it obeys %q, want CCBot (line 176)", got)
	}
	rows := map[string]bool{}
	for _, c := range cells {
		rows[c.Row] = true
	}
	if len(rows) >= len(urls) || len(rows) > 60 {
		t.Errorf("%d of %d rows are in the DOM: the grid should write only a window", len(rows), len(urls))
	}
	// Each cell against the script API (TestCrawler through another path).
	type scriptResult struct {
		Allowed bool
		Line    int
	}
	for name, col := range names {
		got := call[[]scriptResult](a, `(robots, agent, urls) => robotsTester.testMany(robots, agent, urls)`, robots, name, urls[:len(rows)])
		for _, c := range cells {
			if c.Col != strconv.Itoa(col) {
				continue
			}
			r := got[mustAtoi(c.Row)]
			verdict := "blocked"
			if r.Allowed {
				verdict = "allowed"
			}
			if c.Verdict != verdict || c.Line != strconv.Itoa(r.Line) || !strings.Contains(c.Text, verdict) {
				t.Errorf("%s, %s: the cell shows %s line %s (%q); the script API says %s line %d", name, urls[mustAtoi(c.Row)], c.Verdict, c.Line, c.Text, verdict, r.Line)
			}
		}
	}
	summary := js[[]string](a, `Array.from(document.querySelectorAll("#matrix-summary tbody tr")).map(tr => tr.textContent)`)
	if len(summary) != len(headers) || !strings.Contains(strings.Join(summary, "\n"), "GPTBotGPTBot (line 358)") {
		t.Errorf("the crawler summary has %d rows for %d crawlers: %q", len(summary), len(headers), summary)
	}
	// Select GPTBot's cell of the first blocked URL: its line is marked and
	// explained.
	var pick *matrixCell
	for i, c := range cells {
		if c.Col == strconv.Itoa(names["GPTBot"]) && c.Verdict == "blocked" {
			pick = &cells[i]
			break
		}
	}
	if pick == nil {
		t.Fatal("GPTBot has no blocked URL in view")
	}
	a.click(fmt.Sprintf(`table#matrix td[data-row="%s"][data-col="%s"]`, pick.Row, pick.Col))
	band := waitFor(a, "the deciding line band", `(() => { const b = document.querySelector("#view-decided-line"); return b ? b.dataset.line : ""; })()`,
		func(l string) bool { return l != "" })
	if band != pick.Line {
		t.Errorf("the editor marks line %s, the cell says %s", band, pick.Line)
	}
	why := js[string](a, `document.querySelector("#matrix-why").textContent`)
	if !strings.Contains(why, "Why: GPTBot") || !strings.Contains(why, "Blocked by line "+pick.Line) || !strings.Contains(why, "GPTBot obeys") {
		t.Errorf("the why panel says %q", why)
	}
	// The arrow keys move the selection.
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowDown)); err != nil {
		t.Fatal(err)
	}
	waitFor(a, "the selection to move down", `(() => { const td = document.querySelector("table#matrix td.selected"); return td ? td.dataset.row : ""; })()`,
		func(r string) bool { return r == strconv.Itoa(mustAtoi(pick.Row)+1) })
	screenshot(t, ctx, "matrix-ai-crawlers")

	// Scrolling writes the rows brought into view, in the middle and at the end.
	js[bool](a, `(() => { const w = document.getElementById("matrix-wrap"); w.scrollTop = 150 * 34; w.dispatchEvent(new Event("scroll")); return true; })()`)
	waitFor(a, "row 150", `!!document.querySelector('table#matrix td[data-row="150"]') && !document.querySelector('table#matrix td[data-row="0"]')`, func(ok bool) bool { return ok })
	js[bool](a, `(() => { const w = document.getElementById("matrix-wrap"); w.scrollTop = w.scrollHeight; w.dispatchEvent(new Event("scroll")); return true; })()`)
	waitFor(a, "the last row", `!!document.querySelector('table#matrix td[data-row="`+strconv.Itoa(len(urls)-1)+`"]')`, func(ok bool) bool { return ok })

	// Only the URLs the crawlers disagree on.
	a.choose("#matrix-rows", "differ", "")
	differ := waitFor(a, "the rows the crawlers disagree on", matrixCellsJS, func(c []matrixCell) bool { return len(c) > 0 })
	byRow := map[string]map[string]bool{}
	for _, c := range differ {
		if byRow[c.Row] == nil {
			byRow[c.Row] = map[string]bool{}
		}
		byRow[c.Row][c.Verdict] = true
	}
	for row, verdicts := range byRow {
		if !verdicts["allowed"] || !verdicts["blocked"] {
			t.Errorf("row %s is shown as a disagreement but has only %v", row, verdicts)
		}
	}
	a.choose("#matrix-rows", "", "")

	// A server answer that decides alone is said above the matrix.
	a.choose("select#status", "", "503|5\\d\\d")
	waitFor(a, "the server note", `(() => { const p = document.querySelector("#server-note"); return p ? p.textContent : ""; })()`,
		func(s string) bool {
			return strings.Contains(s, "The verdicts below are what the file's rules would decide.")
		})
	a.choose("select#status", "200", "^200")
	waitFor(a, "no server note", `!document.querySelector("#server-note")`, func(ok bool) bool { return ok })

	// A typed token and another preset.
	a.setText("#matrix-columns", "MyBot, Googlebot Image")
	waitFor(a, "the typed columns", matrixHeadersJS, func(h [][2]string) bool {
		return len(h) == len(headers)+2 && h[len(h)-2][0] == "MyBot" && h[len(h)-1][0] == "Googlebot Image"
	})
	a.choose("#matrix-preset", "google", "")
	waitFor(a, "Google's crawlers", matrixHeadersJS, func(h [][2]string) bool { return len(h) > 0 && h[0][0] == "Googlebot (Smartphone / Desktop)" })
}

// A diff between two versions: the gutter marks the added lines, the group
// change is told, and the flips are exactly those of the two versions.
func TestBrowserDiffTwoVersions(t *testing.T) {
	before := "User-agent: *\nDisallow: /private\n"
	after := "User-agent: *\nDisallow: /private\n\n# AI crawlers\nUser-agent: GPTBot\nDisallow: /\n"
	ctx := newBrowser(t)
	a := openApp(t, ctx, serveSite(t))
	a.load(after, "https://example.com/", "https://example.com/private/x", "https://example.com/blog/")
	a.openTab("diff")
	a.setText("#diff-other", before)
	waitFor(a, "the diff", `document.querySelector("#diff-summary").dataset.hunks`, func(n string) bool { return n == "1" })
	summary := js[string](a, `document.querySelector("#diff-summary").textContent`)
	if !strings.Contains(summary, "2 verdicts flip: 2 newly blocked, 0 newly allowed.") {
		t.Errorf("summary %q", summary)
	}
	groups := js[string](a, `document.querySelector("#diff-groups").textContent`)
	if !strings.Contains(groups, "GPTBot now obeys the group at line 5 (GPTBot), not * (line 1).") {
		t.Errorf("group changes: %q", groups)
	}
	flips := js[[]string](a, `Array.from(document.querySelectorAll("#diff-flips tr[data-flip]")).map(tr => tr.textContent)`)
	if len(flips) != 2 || !strings.Contains(flips[0], "https://example.com/GPTBot") || !strings.Contains(flips[1], "https://example.com/blog/GPTBot") ||
		!strings.Contains(flips[0], "✕ blocked line 6 Disallow: /") {
		t.Errorf("flips: %q", flips)
	}
	marks := js[[]string](a, `Array.from(document.querySelectorAll(".diff-mark")).map(m => m.dataset.kind + m.dataset.line)`)
	if strings.Join(marks, " ") != "added3 added4 added5 added6" {
		t.Errorf("gutter marks %v, want lines 3-6 added", marks)
	}
	a.click(`#diff-flips tr[data-flip="0"]`)
	waitFor(a, "the flip's deciding line", `(() => { const b = document.querySelector("#view-decided-line"); return b ? b.dataset.line : ""; })()`,
		func(l string) bool { return l == "6" })
	screenshot(t, ctx, "diff-two-versions")
	js[bool](a, `(scrollTo(0, 0), true)`)
	screenshot(t, ctx, "diff-gutter")

	// A comment changes lines, not verdicts.
	a.setText("#diff-other", after+"# reviewed\n")
	waitFor(a, "no flips", `document.querySelector("#diff-summary").textContent`, func(s string) bool {
		return strings.Contains(s, "No URL changes verdict for these crawlers.")
	})
	if marks := js[[]string](a, `Array.from(document.querySelectorAll(".diff-mark")).map(m => m.dataset.kind + m.dataset.line)`); strings.Join(marks, " ") != "removed7" {
		t.Errorf("gutter marks %v, want a removal above line 7", marks)
	}
	// Leaving the view leaves the gutter as it was.
	a.openTab("results")
	if n := js[int](a, `document.querySelectorAll(".diff-mark").length`); n != 0 {
		t.Errorf("%d diff marks stay in the gutter under the results", n)
	}
}

// A long version to compare with, pasted into the diff's field, is kept out
// of it (the browser would lay it out in the paste's task): the view says
// how long it is, compares it whole, and can clear it.
func TestBrowserDiffLongVersion(t *testing.T) {
	after := "User-agent: *\nDisallow: /private\n"
	before := after + strings.Repeat("# padding so that the file is long\n", 3000) + "User-agent: GPTBot\nDisallow: /\n"
	ctx := newBrowser(t)
	a := openApp(t, ctx, serveSite(t))
	a.load(after, "https://example.com/", "https://example.com/blog/")
	a.openTab("diff")
	if !call[bool](a, pasteJS, "#diff-other", before) {
		t.Fatal("the long paste was not taken from the diff's field (preventDefault)")
	}
	note := waitFor(a, "the long version's note", `(document.querySelector("#diff-other-long") || {textContent: ""}).textContent`,
		func(s string) bool { return s != "" })
	if want := "is " + strconv.Itoa(len(before)/1024) + " KiB, 3,005 lines: too long to show here"; !strings.Contains(note, want) ||
		js[bool](a, `!!document.querySelector("textarea#diff-other")`) {
		t.Errorf("note %q (want %q), or the field still on the page", note, want)
	}
	// GPTBot was blocked from everything before; the draft has no group
	// for it.
	waitFor(a, "the diff of the long version", `document.querySelector("#diff-summary").textContent`, func(s string) bool {
		return strings.Contains(s, "2 verdicts flip: 0 newly blocked, 2 newly allowed.")
	})
	screenshot(t, ctx, "diff-long-version")
	a.click("#diff-other-clear")
	waitFor(a, "the field back, empty", `(() => { const t = document.querySelector("textarea#diff-other"); return t ? t.value : "gone"; })()`,
		func(v string) bool { return v == "" })
}

// Failing expectations are counted and listed first, marked in the grid,
// and kept by the autosave with the diff's other version.
func TestBrowserFailingExpectations(t *testing.T) {
	robots := "User-agent: *\nDisallow: /private\n\nUser-agent: GPTBot\nDisallow: /\n"
	ctx := newBrowser(t)
	base := serveSite(t)
	a := openApp(t, ctx, base)
	a.load(robots, "https://example.com/", "https://example.com/private/x")
	a.openTab("matrix")
	headers := waitFor(a, "the matrix", matrixHeadersJS, func(h [][2]string) bool { return len(h) > 0 })
	col := -1
	for i, h := range headers {
		if h[0] == "GPTBot" {
			col = i
		}
	}
	// GPTBot is blocked from /: pin it as expected allowed (fails), and
	// ClaudeBot's / as allowed (passes).
	a.click(fmt.Sprintf(`table#matrix td[data-row="0"][data-col="%d"]`, col))
	a.click("#pin-allowed")
	waitFor(a, "one failing expectation", `document.querySelector("#expect-summary").dataset.failing`, func(n string) bool { return n == "1" })
	a.click(fmt.Sprintf(`table#matrix td[data-row="0"][data-col="%d"]`, col+3))
	a.click("#pin-allowed")
	waitFor(a, "two expectations", `document.querySelector("#expect-summary").dataset.total`, func(n string) bool { return n == "2" })
	summary := js[string](a, `document.querySelector("#expect-summary").textContent`)
	if summary != "2 expectations: 1 failing, 1 passing." {
		t.Errorf("summary %q", summary)
	}
	items := js[[]string](a, `Array.from(document.querySelectorAll("#expect-list li")).map(li => li.dataset.pass + " " + li.textContent)`)
	if len(items) != 2 || !strings.HasPrefix(items[0], "false ✕ fails: GPTBot https://example.com/: expected allowed; Blocked by line 5") {
		t.Errorf("the failing expectation should come first: %q", items)
	}
	cell := js[matrixCell](a, fmt.Sprintf(`(%s).find(c => c.Row === "0" && c.Col === "%d")`, matrixCellsJS, col))
	if cell.Expected != "allowed" || cell.Pass != "false" || !strings.Contains(cell.Text, "⚠ expected allowed") {
		t.Errorf("the failing cell shows %+v", cell)
	}
	a.choose("#matrix-rows", "pinned", "")
	waitFor(a, "only the pinned URL", `[...new Set(Array.from(document.querySelectorAll("table#matrix td[data-row]")).map(td => td.dataset.row))].join(",")`,
		func(rows string) bool { return rows == "0" })
	// The list's URLs are on example.com; served at www.example.com, the
	// file does not govern them, and the rows say so.
	a.setText("input#robots-url", "https://www.example.com/robots.txt")
	waitFor(a, "the scope marker", `!!document.querySelector("table#matrix th.url.out")`, func(ok bool) bool { return ok })
	if title := js[string](a, `(() => { const th = document.querySelector("table#matrix th.url.out"); return th ? th.title : ""; })()`); !strings.Contains(title, "www.example.com") {
		t.Errorf("a URL the file does not govern is not marked: %q", title)
	}
	screenshot(t, ctx, "expectations-failing")

	// Fix the file: the expectation passes.
	a.setText("textarea#robots", "User-agent: *\nDisallow: /private\n\nUser-agent: GPTBot\nDisallow: /private\n")
	waitFor(a, "no failing expectation", `document.querySelector("#expect-summary").dataset.failing`, func(n string) bool { return n == "0" })

	// The pins, the view and the other version survive a reload (autosave).
	a.openTab("diff")
	a.setText("#diff-other", robots)
	waitFor(a, "the diff", `document.querySelector("#diff-summary").dataset.hunks`, func(n string) bool { return n == "1" })
	js[bool](a, `(dispatchEvent(new Event("pagehide")), true)`)
	a = openApp(t, ctx, base)
	waitFor(a, "the diff view restored", `(() => { const s = document.querySelector("#diff-summary"); return s ? s.dataset.hunks : ""; })()`, func(n string) bool { return n == "1" })
	if got := js[string](a, `document.querySelector("#diff-other").value`); got != robots {
		t.Errorf("the other version came back as %q", got)
	}
	a.openTab("matrix")
	waitFor(a, "the pins restored", `document.querySelector("#expect-summary").dataset.total`, func(n string) bool { return n == "2" })
}

// An expectations file imports as pins; a bad one is refused with its file,
// line and case named, and the pins stay.
func TestBrowserImportExpectations(t *testing.T) {
	dir := t.TempDir()
	good := dir + "/robots.expect.json"
	bad := dir + "/bad.json"
	if err := os.WriteFile(good, []byte(`{"robots": "User-agent: *\nAllow: /\n", "cases": [
  {"agent": "Googlebot", "url": "https://example.com/private/x", "expected": "allowed"},
  {"crawler": "GPTBot", "url": "https://example.com/", "expected": "blocked"}
]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, []byte("{\"cases\": [\n  {\"agent\": \"a\", \"url\": \"/\", \"expected\": \"yes\"}\n]}"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := newBrowser(t)
	a := openApp(t, ctx, serveSite(t))
	a.load("User-agent: *\nDisallow: /private\n", "https://example.com/")
	a.openTab("matrix")
	if err := chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.CSS("input#expect-import"), []string{good})); err != nil {
		t.Fatal(err)
	}
	waitFor(a, "two pins", `document.querySelector("#expect-summary").textContent`, func(s string) bool {
		return s == "2 expectations: 2 failing, 0 passing."
	})
	if msg := js[string](a, `document.querySelector("#expect-message").textContent`); !strings.Contains(msg, "Imported 2 expectations from robots.expect.json. Its robots.txt was not loaded") {
		t.Errorf("message %q", msg)
	}
	if err := chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.CSS("input#expect-import"), []string{bad})); err != nil {
		t.Fatal(err)
	}
	waitFor(a, "the refusal", `document.querySelector("#expect-message").textContent`, func(s string) bool {
		return s == "bad.json:2: case 1: \"expected\" is `yes`: write \"allowed\" or \"blocked\"."
	})
	if s := js[string](a, `document.querySelector("#expect-summary").textContent`); s != "2 expectations: 2 failing, 0 passing." {
		t.Errorf("a refused file changed the pins: %q", s)
	}
}

// On a phone the matrix and the diff scroll inside their boxes: the page
// itself stays 375 px wide.
func TestBrowserMatrixNarrow(t *testing.T) {
	ctx := newBrowser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(375, 812, chromedp.EmulateMobile)); err != nil {
		t.Fatal(err)
	}
	a := openApp(t, ctx, serveSite(t))
	a.load("User-agent: *\nDisallow: /private\n\nUser-agent: GPTBot\nDisallow: /\n",
		"https://example.com/private/a-very-long-path/that-goes/on-and-on/index.html?with=query", "https://example.com/")
	for _, view := range []string{"matrix", "diff"} {
		a.openTab(view)
		if view == "diff" {
			a.setText("#diff-other", "User-agent: *\nDisallow: /\n")
			waitFor(a, "the diff", `document.querySelector("#diff-summary").dataset.flips`, func(n string) bool { return n != "" })
		}
		if width := js[int](a, `document.documentElement.scrollWidth`); width > 375 {
			wide := js[[]string](a, `Array.from(document.querySelectorAll("body *")).filter(e => e.getBoundingClientRect().right > 376 && !e.closest(".table-wrap"))
				.slice(0, 8).map(e => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + " right=" + Math.round(e.getBoundingClientRect().right))`)
			t.Errorf("%s view: at 375 px the page is %d px wide; elements past the edge: %q", view, width, wide)
		}
		screenshot(t, ctx, "narrow-"+view)
	}
}
