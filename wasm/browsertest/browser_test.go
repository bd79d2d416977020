//go:build !js

package browsertest

// Browser tests: the real page (wasm/ compiled to WebAssembly, web/ assets,
// served by the tester's own binary, built and started as a user would:
// tester_test.go) driven in headless Chromium through chromedp.
//
// The harness is shared with other test files of this package:
//
//	base := serveSite(t)        // the tester's binary on a free port of 127.0.0.1
//	ctx := newBrowser(t)        // one Chromium tab for the whole test function
//	a := openApp(t, ctx, base)  // navigate and wait for body[data-ready=true]
//	a.setText("#robots", body)  // set a field's value and fire input/change
//	rows := a.waitRows("…", func(rows []resultRow) bool { … })
//	screenshot(t, ctx, "name")  // testdata/screenshots/name.png (in this folder)
//
// Without Chromium or without web/app.wasm the tests skip with the reason,
// except under CI=true, where they fail: the browser tests must run in CI.

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"robotstester/engine/sharedtest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// updateScreenshot rewrites the pictures of the repository's testdata/: the
// README's (testdata/screenshot.png, TestBrowserReadmeScreenshot) and the
// workbench's at 1280 and 390 px (testdata/screenshots/, workbench_browser_test.go):
// go test -run 'ReadmeScreenshot|Workbench|PhoneVerdictFirst' -update-screenshot ./wasm/browsertest
var updateScreenshot = flag.Bool("update-screenshot", false, "rewrite the repository's testdata/ pictures from the tests that take them")

// browserTimeout bounds one test function's browser: Chromium is killed when
// it runs out, so a hung page fails the test instead of hanging `make test`.
const browserTimeout = 2 * time.Minute

// settleTimeout bounds one wait for the page to show something. A wait
// ends as soon as the page shows it; the bound is generous because make
// test runs the other readers' five-minute sweep beside these tests, and
// on two cores a page then takes many times its usual time (CI saw 15 s
// run out on a 4 MiB file's scroll and on a long file's lint).
const settleTimeout = 40 * time.Second

// chromiumPath is the browser the tests drive: $CHROMIUM_PATH, else the
// Debian package's /usr/bin/chromium.
func chromiumPath() string {
	if p := os.Getenv("CHROMIUM_PATH"); p != "" {
		return p
	}
	return "/usr/bin/chromium"
}

// cannotRun skips the test, or fails it under CI=true, where a browser test
// that does not run is a failure.
func cannotRun(t testing.TB, format string, args ...any) {
	t.Helper()
	msg := fmt.Sprintf(format, args...)
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s (CI=true: browser tests must run)", msg)
	}
	t.Skip(msg + "; skipping the browser test")
}

// requireBrowser checks that the browser and the wasm build are there.
func requireBrowser(t testing.TB) {
	t.Helper()
	if testing.Short() {
		cannotRun(t, "-short was given")
	}
	if _, err := os.Stat(chromiumPath()); err != nil {
		cannotRun(t, "Chromium not found at %s (set CHROMIUM_PATH, or apt-get install chromium)", chromiumPath())
	}
	if _, err := os.Stat(filepath.Join(root, "web", "app.wasm")); err != nil {
		cannotRun(t, "web/app.wasm is not built (run make wasm)")
	}
}

// singleFileName is the one-file offline build make dist writes
// (wasm/build/dist.go).
const singleFileName = "robots-tester.html"

// buildDist writes the offline builds into out as make dist does, with the
// build tool: go run ./wasm/build -dist out.
func buildDist(t testing.TB, out string) {
	t.Helper()
	cmd := exec.Command("go", "run", "./wasm/build", "-dist", out)
	cmd.Dir = root
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run ./wasm/build -dist: %v\n%s", err, msg)
	}
}

// newBrowser starts a headless Chromium with a fresh profile and returns the
// context of its one tab. The browser is killed when the test ends or after
// browserTimeout (or just before the test binary's own deadline). What the
// page wrote to its console is logged when the test fails.
func newBrowser(t testing.TB) context.Context {
	t.Helper()
	requireBrowser(t)
	timeout := browserTimeout
	if d, ok := t.(interface{ Deadline() (time.Time, bool) }); ok {
		if deadline, set := d.Deadline(); set && time.Until(deadline)-5*time.Second < timeout {
			timeout = time.Until(deadline) - 5*time.Second
		}
	}
	limited, cancelLimit := context.WithTimeout(context.Background(), timeout)
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromiumPath()),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 900),
	)
	alloc, cancelAlloc := chromedp.NewExecAllocator(limited, opts...)
	ctx, cancelTab := chromedp.NewContext(alloc)
	if err := chromedp.Do(ctx); err != nil {
		cancelTab()
		cancelAlloc()
		cancelLimit()
		cannotRun(t, "Chromium at %s did not start: %v", chromiumPath(), err)
	}

	var mu sync.Mutex
	var console []string
	done := make(chan struct{})
	messages := chromedp.Console(ctx) // subscribes now, before the first page loads
	go func() {
		defer close(done)
		for m, err := range messages {
			if err != nil {
				return
			}
			mu.Lock()
			console = append(console, fmt.Sprintf("console.%s: %s", m.Type, m.Text))
			mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		mu.Lock()
		if t.Failed() {
			for _, line := range console {
				t.Log(line)
			}
		}
		mu.Unlock()
		cancelTab()
		cancelAlloc()
		cancelLimit()
		<-done
	})
	return ctx
}

// screenshot saves the tab's viewport as testdata/screenshots/<name>.png
// (git-ignored), for a person to look at after a run.
func screenshot(t testing.TB, ctx context.Context, name string) {
	t.Helper()
	saveScreenshot(t, ctx, filepath.Join("testdata", "screenshots", name+".png"))
}

func saveScreenshot(t testing.TB, ctx context.Context, path string) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Errorf("screenshot %s: %v", path, err)
		return
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// app drives the tester page loaded in a tab. Its methods fail the test with
// what the page showed when something does not happen in time.
type app struct {
	t   testing.TB
	ctx context.Context
}

// openApp loads the page at base and waits until the wasm runs.
func openApp(t testing.TB, ctx context.Context, base string) *app {
	t.Helper()
	a := &app{t: t, ctx: ctx}
	if err := chromedp.Do(ctx, chromedp.Navigate(base)); err != nil {
		t.Fatalf("loading %s: %v", base, err)
	}
	waitFor(a, "the page to start (body[data-ready=true])",
		`document.body !== null && document.body.dataset.ready === "true"`,
		func(ready bool) bool { return ready })
	return a
}

// js evaluates a JavaScript expression in the page and decodes its value.
func js[T any](a *app, expr string) T {
	a.t.Helper()
	v, err := chromedp.Run(a.ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		a.t.Fatalf("evaluating %.200s: %v\n%s", expr, err, a.describe())
	}
	return v
}

// call evaluates the JavaScript function fn applied to args (JSON-encoded).
func call[T any](a *app, fn string, args ...any) T {
	a.t.Helper()
	parts := make([]string, len(args))
	for i, arg := range args {
		b, err := json.Marshal(arg)
		if err != nil {
			a.t.Fatal(err)
		}
		parts[i] = string(b)
	}
	return js[T](a, "("+fn+")("+strings.Join(parts, ",")+")")
}

// waitFor polls expr until ok accepts its value, and returns that value. On
// timeout the test fails with the last value and what the page showed.
func waitFor[T any](a *app, what, expr string, ok func(T) bool) T {
	a.t.Helper()
	deadline := time.Now().Add(settleTimeout)
	var last T
	var lastErr error
	for {
		v, err := chromedp.Run(a.ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
		if err == nil && ok(v) {
			return v
		}
		last, lastErr = v, err
		if time.Now().After(deadline) || a.ctx.Err() != nil {
			break
		}
		time.Sleep(25 * time.Millisecond)
	}
	got, _ := json.Marshal(last)
	if lastErr != nil {
		got = []byte(lastErr.Error())
	}
	a.t.Fatalf("timed out after %v waiting for %s; last value: %s\n%s", settleTimeout, what, got, a.describe())
	return last
}

// flushJS runs the UI's pending debounced update now when the page offers
// the hook (window.__robotsTesterFlush), so tests need not wait it out.
const flushJS = `if (typeof window.__robotsTesterFlush === "function") window.__robotsTesterFlush();`

// setText sets the value of the input or textarea sel and dispatches input
// and change events, as typing or pasting would.
func (a *app) setText(sel, value string) {
	a.t.Helper()
	ok := call[bool](a, `(sel, value) => {
		const el = document.querySelector(sel);
		if (!el) return false;
		el.focus();
		el.value = value;
		el.dispatchEvent(new Event("input", {bubbles: true}));
		el.dispatchEvent(new Event("change", {bubbles: true}));
		`+flushJS+`
		return true;
	}`, sel, value)
	if !ok {
		a.t.Fatalf("no element %s on the page\n%s", sel, a.describe())
	}
}

// choose selects, in the select sel, the first option whose value equals
// want, else the first whose value or label matches the regular expression
// pattern (when not empty), and fires input and change. It returns the
// chosen option's value.
func (a *app) choose(sel, want, pattern string) string {
	a.t.Helper()
	got := call[string](a, `(sel, want, pattern) => {
		const el = document.querySelector(sel);
		if (!el) return "\u0000no element";
		const opts = Array.from(el.options);
		let o = opts.find(o => o.value === want);
		if (!o && pattern !== "") {
			const re = new RegExp(pattern, "i");
			o = opts.find(o => re.test(o.value) || re.test(o.textContent));
		}
		if (!o) return "\u0000no option; options: " + opts.map(o => JSON.stringify(o.value)).join(", ");
		el.focus();
		el.value = o.value;
		el.dispatchEvent(new Event("input", {bubbles: true}));
		el.dispatchEvent(new Event("change", {bubbles: true}));
		`+flushJS+`
		return o.value;
	}`, sel, want, pattern)
	if strings.HasPrefix(got, "\x00") {
		a.t.Fatalf("choosing %q (or /%s/) in %s: %s\n%s", want, pattern, sel, got[1:], a.describe())
	}
	return got
}

// crawler picks a crawler of the catalogue by name (exactly, else the first
// whose name starts with it), or the custom token when name is "".
func (a *app) crawler(name string) string {
	a.t.Helper()
	if name == "" {
		return a.choose("select#crawler", "", "")
	}
	return a.choose("select#crawler", name, "^"+regexp.QuoteMeta(name))
}

// resultRow is one tr.result of table#results as the page shows it.
type resultRow struct {
	Index, Verdict, Line, Scope                       string // data-index, data-verdict, data-line, data-scope
	URL, TestedAs, VerdictText, LineText, Rule, Group string // cell texts
	ScopeText                                         string
}

// rowsJS reads every result row from the DOM. The table is virtual (only
// the rows in view are in the DOM): when it has more rows than that, the
// scroller is moved through them, a scroll event at each stop so the page
// writes the rows there at once, and back to where it was.
const rowsJS = `(() => {
	const read = tr => {
		const cell = s => { const e = tr.querySelector(s); return e ? e.textContent.trim() : ""; };
		return {
			Index: tr.dataset.index ?? "", Verdict: tr.dataset.verdict ?? "",
			Line: tr.dataset.line ?? "", Scope: tr.dataset.scope ?? "",
			URL: cell("td.url"), TestedAs: cell("td.tested-as"), VerdictText: cell("td.verdict"),
			LineText: cell("td.line"), Rule: cell("td.rule"), Group: cell("td.group"), ScopeText: cell("td.scope"),
		};
	};
	const table = document.querySelector("table#results");
	const inDOM = () => Array.from(table.querySelectorAll("tbody tr.result"));
	const count = Number(table.getAttribute("aria-rowcount") || 1) - 1;
	const wrap = table.closest(".table-wrap");
	if (!wrap || inDOM().length >= count || count > 20000) return inDOM().map(read);
	const byPos = new Map();
	const was = wrap.scrollTop;
	const step = Math.max(wrap.clientHeight / 2, 1);
	for (let y = 0; ; y += step) {
		wrap.scrollTop = y;
		wrap.dispatchEvent(new Event("scroll"));
		for (const tr of inDOM()) byPos.set(Number(tr.dataset.pos), read(tr));
		if (byPos.size >= count || y > wrap.scrollHeight) break;
	}
	wrap.scrollTop = was;
	wrap.dispatchEvent(new Event("scroll"));
	return Array.from(byPos.keys()).sort((a, b) => a - b).map(k => byPos.get(k));
})()`

// waitRows polls the result rows until ok accepts them.
func (a *app) waitRows(what string, ok func([]resultRow) bool) []resultRow {
	a.t.Helper()
	return waitFor(a, what, rowsJS, ok)
}

// load replaces the robots.txt and the URL list and waits for one row per
// URL, each showing its URL. The URL list is emptied first (and the empty
// table awaited), so the rows that come back were computed after the new
// robots.txt was in place.
func (a *app) load(robots string, urls ...string) []resultRow {
	a.t.Helper()
	a.setText("textarea#urls", "")
	a.waitRows("the results to empty", func(rows []resultRow) bool { return len(rows) == 0 })
	a.setText("textarea#robots", robots)
	a.setText("textarea#urls", strings.Join(urls, "\n"))
	return a.waitRows(fmt.Sprintf("one row for each of %q", urls), func(rows []resultRow) bool {
		if len(rows) != len(urls) {
			return false
		}
		for i, r := range rows {
			if !strings.Contains(r.URL, urls[i]) {
				return false
			}
		}
		return true
	})
}

// selectRow clicks row i of the results.
func (a *app) selectRow(i int) {
	a.t.Helper()
	sel := fmt.Sprintf(`table#results tbody tr.result[data-index="%d"]`, i)
	if err := chromedp.Do(a.ctx, chromedp.Click(chromedp.CSS(sel))); err != nil {
		a.t.Fatalf("clicking %s: %v\n%s", sel, err, a.describe())
	}
}

// openFindings opens the findings panel (its counts are the button that
// opens it, issue 22), where the findings are buttons to click.
func (a *app) openFindings() {
	a.t.Helper()
	if js[string](a, `(document.querySelector("#diag-counts") || {getAttribute: () => "none"}).getAttribute("aria-expanded")`) == "true" {
		return
	}
	if err := chromedp.Do(a.ctx, chromedp.Click(chromedp.CSS("#diag-counts"))); err != nil {
		a.t.Fatalf("clicking #diag-counts: %v\n%s", err, a.describe())
	}
	waitFor(a, "the findings panel open", `!document.querySelector("#findings-panel").hidden`, func(open bool) bool { return open })
}

// decided is what the editor and the why panel show for the selected row.
type decided struct {
	Line, Text, Winner, GroupChoice string
	Matches                         []string
}

const decidedJS = `(() => {
	const d = document.querySelector("#decided-line");
	const text = s => { const e = document.querySelector(s); return e ? e.textContent.trim() : ""; };
	return {
		Line: d ? (d.dataset.line ?? "") : "", Text: d ? d.textContent : "",
		Winner: text("#why .winner"), GroupChoice: text("#why .group-choice"),
		Matches: Array.from(document.querySelectorAll("#why .matches li")).map(li => li.textContent.trim()),
	};
})()`

// waitDecided waits until the editor marks line (as a number) as deciding.
func (a *app) waitDecided(line int) decided {
	a.t.Helper()
	want := strconv.Itoa(line)
	return waitFor(a, "#decided-line[data-line="+want+"]", decidedJS, func(d decided) bool { return d.Line == want })
}

// describe summarises the page for failure messages.
func (a *app) describe() string {
	v, err := chromedp.Run(a.ctx, chromedp.Evaluate[string](`(() => {
		const text = (s, n) => { const e = document.querySelector(s); return e ? e.textContent.replace(/\s+/g, " ").trim().slice(0, n) : "(none)"; };
		const rows = Array.from(document.querySelectorAll("table#results tbody tr.result")).slice(0, 8)
			.map(tr => tr.outerHTML.replace(/\s+/g, " ").slice(0, 400));
		return [
			"page: data-ready=" + (document.body ? document.body.dataset.ready : "(no body)") + "; #app-status: " + text("#app-status", 300),
			"rows (" + document.querySelectorAll("table#results tbody tr.result").length + ", first 8):", ...rows,
			"#why: " + text("#why", 600), "#outcome: " + text("#outcome", 300),
			"#token-reading: " + text("#token-reading", 200), "#diagnostics: " + text("#diagnostics", 600),
		].join("\n");
	})()`))
	if err != nil {
		return "(could not read the page: " + err.Error() + ")"
	}
	return v
}

// robotsLine returns line n (1-based) of a robots.txt as the editor shows it.
func robotsLine(body string, n int) string {
	lines := strings.Split(strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(body), "\n")
	return lines[n-1]
}

// checkRow asserts a row's verdict (data-verdict and the visible word) and
// its deciding line (data-line and td.line; 0 means no rule matched).
func checkRow(t testing.TB, r resultRow, verdict string, line int) {
	t.Helper()
	checkVerdict(t, r, verdict)
	if line == 0 {
		if r.Line != "0" && r.Line != "" {
			t.Errorf("%s: data-line %q, want no deciding line (0 or empty)", r.URL, r.Line)
		}
		if strings.ContainsAny(r.LineText, "123456789") {
			t.Errorf("%s: td.line %q, want no line number", r.URL, r.LineText)
		}
		return
	}
	if r.Line != strconv.Itoa(line) || r.LineText != strconv.Itoa(line) {
		t.Errorf("%s: data-line %q, td.line %q, want %d", r.URL, r.Line, r.LineText, line)
	}
}

// checkVerdict asserts a row's data-verdict and the word it shows.
func checkVerdict(t testing.TB, r resultRow, verdict string) {
	t.Helper()
	word := map[string]string{"allowed": "Allowed", "blocked": "Blocked"}[verdict]
	if r.Verdict != verdict || !strings.Contains(r.VerdictText, word) {
		t.Errorf("%s: verdict %q (shown %q), want %q (%s)", r.URL, r.Verdict, r.VerdictText, verdict, word)
	}
}

// sharedPath is ../shared/<sub...>, the project's ground truth; see
// sharedtest.Dir for when a test skips or fails without it.
func sharedPath(t testing.TB, sub ...string) string {
	t.Helper()
	return sharedtest.Dir(t, sub...)
}

// specTable returns the rows of the first markdown table under the heading
// that starts with heading in a spec file, each row as its cells.
func specTable(t testing.TB, file, heading string) [][]string {
	t.Helper()
	f, err := os.Open(sharedPath(t, "spec", file))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows [][]string
	in, header := false, 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(line, "#"):
			if in && len(rows) > 0 {
				return rows
			}
			in = strings.HasPrefix(strings.TrimLeft(line, "# "), heading)
		case in && strings.HasPrefix(line, "|"):
			header++
			if header <= 2 { // the header row and the |---| row
				continue
			}
			cells := strings.Split(strings.Trim(line, "|"), "|")
			for i := range cells {
				cells[i] = strings.TrimSpace(cells[i])
			}
			rows = append(rows, cells)
		case in && len(rows) > 0:
			return rows
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(rows) == 0 {
		t.Fatalf("%s: no table under a heading starting %q", file, heading)
	}
	return rows
}

// codeSpans returns the `quoted` parts of a table cell.
func codeSpans(cell string) []string {
	var spans []string
	for _, m := range regexp.MustCompile("`([^`]*)`").FindAllStringSubmatch(cell, -1) {
		spans = append(spans, m[1])
	}
	return spans
}

// TestBrowserWhichRuleWins runs every worked example of "Which rule wins"
// (google-crawling.md §6) through the page: the robots.txt is
// "user-agent: *", "allow: A", "disallow: D" (lines 1-3), so the deciding
// line is 2 for an allow verdict and 3 for a disallow. It checks the row,
// then selects it and checks the highlighted line and the why panel.
func TestBrowserWhichRuleWins(t *testing.T) {
	examples := specTable(t, "google-crawling.md", "6. Which rule wins")
	if len(examples) != 11 {
		t.Fatalf("google-crawling.md §6 has %d examples, this test was written for 11: read the table again", len(examples))
	}
	a := openApp(t, newBrowser(t), serveSite(t))
	a.crawler("Googlebot")
	a.setText("input#robots-url", "")
	for i, ex := range examples {
		url, allow, disallow, verdict := codeSpans(ex[0]), codeSpans(ex[1]), codeSpans(ex[2]), ex[3]
		if len(url) != 1 || len(allow) != 1 || len(disallow) != 1 || (verdict != "allow" && verdict != "disallow") {
			t.Fatalf("§6 row %d is not URL | allow | disallow | verdict: %q", i+1, ex)
		}
		robots := "user-agent: *\nallow: " + allow[0] + "\ndisallow: " + disallow[0] + "\n"
		want, line, pattern := "allowed", 2, allow[0]
		if verdict == "disallow" {
			want, line, pattern = "blocked", 3, disallow[0]
		}
		t.Run(fmt.Sprintf("%d %s allow %s disallow %s", i+1, url[0], allow[0], disallow[0]), func(t *testing.T) {
			a.t = t
			r := a.load(robots, url[0])[0]
			checkRow(t, r, want, line)
			if !strings.Contains(r.Rule, pattern) {
				t.Errorf("td.rule %q does not show the winning pattern %q", r.Rule, pattern)
			}
			a.selectRow(0)
			d := a.waitDecided(line)
			if got, wantText := strings.TrimRight(d.Text, "\r\n"), robotsLine(robots, line); got != wantText {
				t.Errorf("#decided-line text %q, want line %d %q", got, line, wantText)
			}
			if !strings.Contains(d.Winner, "line "+strconv.Itoa(line)) {
				t.Errorf("#why .winner %q does not name line %d", d.Winner, line)
			}
			if len(d.Matches) == 0 {
				t.Errorf("#why .matches lists no matching rule")
			}
			if i == 0 {
				screenshot(t, a.ctx, "which-rule-wins")
			}
		})
	}
}

// TestBrowserManyMatchingRules loads 3,000 groups for Googlebot, each
// blocking /p, and a last one allowing /p/x: one URL matches all 3,001
// rules, and the last decides. The group cell names the first groups and
// counts the rest; the why panel lists the first 100 matches and the
// deciding one, and says how many it left out.
func TestBrowserManyMatchingRules(t *testing.T) {
	var b strings.Builder
	for range 3000 {
		b.WriteString("User-agent: Googlebot\nDisallow: /p\n")
	}
	b.WriteString("User-agent: Googlebot\nAllow: /p/x\n")
	a := openApp(t, newBrowser(t), serveSite(t))
	a.crawler("Googlebot")
	a.setText("input#robots-url", "")
	r := a.load(b.String(), "/p/x")[0]
	checkRow(t, r, "allowed", 6002)
	if !strings.HasSuffix(r.Group, "and 2995 more groups") {
		t.Errorf("td.group %q, want the first six groups and \"and 2995 more groups\"", r.Group)
	}
	a.selectRow(0)
	d := a.waitDecided(6002)
	if len(d.Matches) != 101 || !strings.HasPrefix(d.Matches[100], "Line 6002") {
		t.Errorf("#why .matches has %d items, the last %q; want 101, the last the allow on line 6002", len(d.Matches), d.Matches[len(d.Matches)-1])
	}
	hidden := js[string](a, `document.querySelector("#why .matches-hidden")?.textContent ?? ""`)
	if !strings.Contains(hidden, "3001 rules match") || !strings.Contains(hidden, "other 2900") {
		t.Errorf("#why .matches-hidden %q, want that 3001 rules match and 2900 are not listed", hidden)
	}
}

// TestBrowserPathMatching runs the pattern table of "Path matching"
// (google-crawling.md §5): for each pattern P, "user-agent: *" then
// "disallow: P" (line 2); the URLs it matches are blocked by line 2, the
// others allowed with no deciding line. Cells in prose without a `code`
// URL are skipped; "same as `X`" takes the URLs of X's row.
func TestBrowserPathMatching(t *testing.T) {
	table := specTable(t, "google-crawling.md", "5. Path matching")
	byPattern := map[string][]string{}
	for _, row := range table {
		if p := codeSpans(row[0]); len(p) == 1 {
			byPattern[p[0]] = row
		}
	}
	urlsOf := func(row []string, col int) []string {
		cell := row[col]
		if strings.HasPrefix(cell, "same as") {
			if other, ok := byPattern[codeSpans(cell)[0]]; ok {
				cell = other[col]
			}
		}
		return codeSpans(cell)
	}
	a := openApp(t, newBrowser(t), serveSite(t))
	a.crawler("Googlebot")
	a.setText("input#robots-url", "")
	for _, row := range table {
		pattern := codeSpans(row[0])[0]
		matches, others := urlsOf(row, 1), urlsOf(row, 2)
		if len(matches)+len(others) == 0 {
			continue
		}
		t.Run(pattern, func(t *testing.T) {
			a.t = t
			rows := a.load("user-agent: *\ndisallow: "+pattern+"\n", append(matches, others...)...)
			for i, r := range rows {
				if i < len(matches) {
					checkRow(t, r, "blocked", 2)
				} else {
					checkRow(t, r, "allowed", 0)
				}
			}
			if pattern == "/fish" {
				screenshot(t, a.ctx, "path-matching")
			}
		})
	}
}

// examplePage is a small robots.txt exercising the page's panels. Line 5
// misspells Disallow (Google reads it anyway; the linter should say so).
const examplePage = `user-agent: *
disallow: /private/
allow: /private/public-page.html

dissallow: /tmp/

user-agent: AdsBot-Google
disallow: /ads-only/

sitemap: https://example.com/sitemap.xml
`

// TestBrowserPage walks the page's panels with one robots.txt: verdicts,
// the highlighted line and the why panel, a diagnostic that jumps to its
// line, the scope flag, the server-answer outcomes, the custom token
// reading, AdsBot ignoring *, and the keyboard (Tab to the results, arrows
// to move, Enter and Space to select).
func TestBrowserPage(t *testing.T) {
	ctx := newBrowser(t)
	a := openApp(t, ctx, serveSite(t))
	a.crawler("Googlebot")
	a.setText("input#robots-url", "")
	urls := []string{
		"https://example.com/private/secret.html",
		"https://example.com/private/public-page.html",
		"https://example.com/tmp/x",
		"https://example.com/",
	}
	rows := a.load(examplePage, urls...)

	t.Run("verdicts", func(t *testing.T) {
		a.t = t
		checkRow(t, rows[0], "blocked", 2)
		checkRow(t, rows[1], "allowed", 3)
		checkRow(t, rows[2], "blocked", 5)
		checkRow(t, rows[3], "allowed", 0)
		if !strings.Contains(rows[0].Rule, "/private/") {
			t.Errorf("row 0 td.rule %q, want the rule /private/", rows[0].Rule)
		}
		if !strings.Contains(rows[1].TestedAs, "/private/public-page.html") {
			t.Errorf("row 1 td.tested-as %q, want the path /private/public-page.html", rows[1].TestedAs)
		}
		if rows[0].Group == "" {
			t.Errorf("row 0 td.group is empty, want the group used (user-agent: * on line 1)")
		}
	})

	t.Run("select row", func(t *testing.T) {
		a.t = t
		a.selectRow(1)
		d := a.waitDecided(3)
		if got := strings.TrimRight(d.Text, "\r\n"); got != robotsLine(examplePage, 3) {
			t.Errorf("#decided-line text %q, want line 3 %q", got, robotsLine(examplePage, 3))
		}
		if !strings.Contains(d.Winner, "line 3") {
			t.Errorf("#why .winner %q does not name line 3", d.Winner)
		}
		if d.GroupChoice == "" {
			t.Errorf("#why .group-choice is empty, want how the group was chosen")
		}
		if len(d.Matches) != 2 {
			t.Errorf("#why .matches has %d items %q, want the 2 matching rules (lines 2 and 3)", len(d.Matches), d.Matches)
		}
		screenshot(t, ctx, "select-row")
	})

	t.Run("diagnostic jumps to its line", func(t *testing.T) {
		a.t = t
		waitFor(a, `button.diag[data-line="5"] for "dissallow"`,
			`document.querySelectorAll('#diagnostics button.diag[data-line="5"]').length`,
			func(n int) bool { return n > 0 })
		for _, d := range js[[][2]string](a, `Array.from(document.querySelectorAll("#diagnostics button.diag")).map(b => [b.dataset.line, b.textContent.trim()])`) {
			if !strings.Contains(d[1], "line "+d[0]) {
				t.Errorf("diagnostic %q (data-line %s) does not name its line", d[1], d[0])
			}
		}
		if n := js[int](a, `document.querySelectorAll('.marker[data-line="5"]').length`); n == 0 {
			t.Errorf("no .marker[data-line=5] in the editor for the diagnostic on line 5")
		}
		counts := js[string](a, `(document.querySelector("#diag-counts") || {textContent: ""}).textContent.trim()`)
		if !regexp.MustCompile(`[1-9]`).MatchString(counts) {
			t.Errorf("#diag-counts %q shows no finding", counts)
		}
		sitemaps := js[[]string](a, `Array.from(document.querySelectorAll("#sitemaps li")).map(li => li.textContent.trim())`)
		if len(sitemaps) != 1 || !strings.Contains(sitemaps[0], "https://example.com/sitemap.xml") {
			t.Errorf("#sitemaps li %q, want the sitemap of line 10", sitemaps)
		}
		js[bool](a, `(() => { const t = document.querySelector("textarea#robots"); t.setSelectionRange(0, 0); t.blur(); return true; })()`)
		a.openFindings()
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#diagnostics button.diag[data-line="5"]`))); err != nil {
			t.Fatal(err)
		}
		waitFor(a, "the editor caret on line 5 after clicking its diagnostic", `(() => {
			const t = document.querySelector("textarea#robots");
			return t.value.slice(0, t.selectionStart).split("\n").length;
		})()`, func(line int) bool { return line == 5 })
		screenshot(t, ctx, "diagnostic")
	})

	t.Run("scope", func(t *testing.T) {
		a.t = t
		a.setText("input#robots-url", "https://example.com/robots.txt")
		a.setText("textarea#urls", "https://example.com/private/x\nhttp://other.example.com/private/x")
		got := a.waitRows("the second URL flagged out of scope", func(rows []resultRow) bool {
			return len(rows) == 2 && rows[1].Scope == "out" && strings.Contains(rows[1].URL, "other.example.com")
		})
		if got[0].Scope == "out" || got[0].ScopeText != "" {
			t.Errorf("https://example.com/private/x is governed by https://example.com/robots.txt, but its row says out of scope: %q", got[0].ScopeText)
		}
		// http://other.example.com differs from https://example.com by its
		// host and its scheme, which the engine names both, the host first.
		if got[1].ScopeText != "Other host and scheme" {
			t.Errorf("the out-of-scope row's td.scope %q, want the compact marker \"Other host and scheme\"", got[1].ScopeText)
		}
		summary := waitFor(a, "#scope-summary", `(document.querySelector("#scope-summary") || {textContent: ""}).textContent.trim()`,
			func(s string) bool { return s != "" })
		if want := "1 URL is on another host with another scheme: tested against this file anyway; each host and scheme has its own robots.txt."; summary != want {
			t.Errorf("#scope-summary %q, want %q", summary, want)
		}
		screenshot(t, ctx, "scope")
		a.setText("input#robots-url", "")
	})

	a.t = t
	a.setText("textarea#urls", strings.Join(urls, "\n"))
	a.waitRows("the four URLs back", func(rows []resultRow) bool { return len(rows) == 4 && rows[3].URL != "" })

	t.Run("server answer", func(t *testing.T) {
		a.t = t
		all := func(verdict string) func([]resultRow) bool {
			return func(rows []resultRow) bool {
				for _, r := range rows {
					if r.Verdict != verdict {
						return false
					}
				}
				return len(rows) == 4
			}
		}
		a.choose("select#status", "", `\b5(xx|0[0-9])\b`)
		for _, r := range a.waitRows("every row blocked after a 5xx", all("blocked")) {
			checkVerdict(t, r, "blocked")
		}
		outcome := js[string](a, `(document.querySelector("#outcome") || {textContent: ""}).textContent.trim()`)
		if len(outcome) < 10 {
			t.Errorf("#outcome %q gives no reason for the 5xx", outcome)
		}
		screenshot(t, ctx, "status-5xx")
		a.choose("select#status", "", `\b404\b`)
		for _, r := range a.waitRows("every row allowed after a 404", all("allowed")) {
			checkVerdict(t, r, "allowed")
		}
		a.choose("select#status", "", `\b200\b`)
		a.waitRows("row 0 blocked again after a 200", func(rows []resultRow) bool { return len(rows) == 4 && rows[0].Verdict == "blocked" })
	})

	t.Run("custom token reading", func(t *testing.T) {
		a.t = t
		a.crawler("")
		a.setText("input#token", "Googlebot Images")
		waitFor(a, "#token-reading to say `Googlebot Images` is read as `Googlebot`",
			`(document.querySelector("#token-reading") || {textContent: ""}).textContent`,
			func(s string) bool {
				return strings.Contains(s, "Googlebot Images") && readAsGooglebot.MatchString(s)
			})
		got := a.waitRows("row 0 blocked for the token Googlebot", func(rows []resultRow) bool { return len(rows) == 4 && rows[0].Verdict == "blocked" })
		checkRow(t, got[0], "blocked", 2)
		screenshot(t, ctx, "token-reading")
	})

	t.Run("AdsBot ignores *", func(t *testing.T) {
		a.t = t
		a.crawler("AdsBot")
		got := a.waitRows("AdsBot allowed on /private/secret.html (it ignores the * group)", func(rows []resultRow) bool {
			return len(rows) == 4 && rows[0].Verdict == "allowed"
		})
		checkRow(t, got[0], "allowed", 0)
		a.setText("textarea#urls", "https://example.com/ads-only/x")
		got = a.waitRows("AdsBot blocked on /ads-only/x by its own group", func(rows []resultRow) bool {
			return len(rows) == 1 && rows[0].Verdict == "blocked"
		})
		checkRow(t, got[0], "blocked", 8)
		a.setText("textarea#urls", "https://example.com/private/secret.html")
		a.waitRows("AdsBot's row for /private/secret.html", func(rows []resultRow) bool {
			return len(rows) == 1 && strings.Contains(rows[0].URL, "/private/secret.html")
		})
		a.selectRow(0)
		choice := waitFor(a, "#why .group-choice", decidedJS, func(d decided) bool { return d.GroupChoice != "" }).GroupChoice
		if !strings.Contains(choice, "*") {
			t.Errorf("#why .group-choice %q does not explain that * is ignored", choice)
		}
		screenshot(t, ctx, "adsbot")
	})

	t.Run("keyboard", func(t *testing.T) {
		a.t = t
		a.crawler("Googlebot")
		a.setText("textarea#urls", strings.Join(urls, "\n"))
		a.waitRows("the four URLs for Googlebot", func(rows []resultRow) bool { return len(rows) == 4 && rows[0].Verdict == "blocked" })
		js[bool](a, `(() => { document.activeElement && document.activeElement.blur(); return true; })()`)
		focused := func() string {
			return js[string](a, `(() => {
				const e = document.activeElement;
				const tr = e && e.closest && e.closest("table#results tbody tr.result");
				return tr ? tr.dataset.index : (e && e.closest && e.closest("table#results") ? "table" : "");
			})()`)
		}
		at := ""
		for range 80 {
			if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Tab)); err != nil {
				t.Fatal(err)
			}
			if at = focused(); at != "" {
				break
			}
		}
		if at == "" {
			t.Fatalf("80 presses of Tab never reached table#results\n%s", a.describe())
		}
		if at == "table" {
			if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowDown)); err != nil {
				t.Fatal(err)
			}
			at = focused()
		}
		first, err := strconv.Atoi(at)
		if err != nil || first > 2 {
			t.Fatalf("Tab reached the results on %q, want a row near the top", at)
		}
		if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowDown)); err != nil {
			t.Fatal(err)
		}
		want := strconv.Itoa(first + 1)
		waitFor(a, "ArrowDown to move to row "+want, `(() => {
			const tr = document.activeElement && document.activeElement.closest && document.activeElement.closest("tr.result");
			return tr ? tr.dataset.index : "";
		})()`, func(s string) bool { return s == want })
		if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
			t.Fatal(err)
		}
		lines := []int{2, 3, 5, 0} // the deciding line of each URL
		line := lines[first+1]
		if line == 0 {
			t.Fatalf("row %d has no deciding line to check", first+1)
		}
		d := a.waitDecided(line)
		if !strings.Contains(d.Winner, "line "+strconv.Itoa(line)) {
			t.Errorf("after Enter on row %d, #why .winner %q does not name line %d", first+1, d.Winner, line)
		}
		if first+2 < len(urls) && lines[first+2] != 0 {
			if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowDown+" ")); err != nil {
				t.Fatal(err)
			}
			a.waitDecided(lines[first+2])
		}
		screenshot(t, ctx, "keyboard")
	})
}

// readAsGooglebot matches "read as `Googlebot`", not "read as `Googlebot Images`".
var readAsGooglebot = regexp.MustCompile(`read as\W*Googlebot([^ \w-]|$)`)

func mustAtoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// TestBrowserNarrow loads the page 375 px wide with long URLs: the page
// body must not scroll sideways.
func TestBrowserNarrow(t *testing.T) {
	ctx := newBrowser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(375, 812, chromedp.EmulateMobile)); err != nil {
		t.Fatal(err)
	}
	a := openApp(t, ctx, serveSite(t))
	a.crawler("Googlebot")
	a.setText("input#robots-url", "")
	a.load(examplePage,
		"https://example.com/private/a-very-long-path/that-goes/on-and-on/and-on/index.html?with=query&and=more-parameters",
		"https://example.com/")
	a.selectRow(0)
	a.waitDecided(2)
	width := js[int](a, `document.documentElement.scrollWidth`)
	if width > 375 {
		wide := js[[]string](a, `Array.from(document.querySelectorAll("body *")).filter(e => e.getBoundingClientRect().right > 376)
			.slice(0, 8).map(e => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (e.className && typeof e.className === "string" ? "." + e.className.split(" ").join(".") : "") + " right=" + Math.round(e.getBoundingClientRect().right))`)
		t.Errorf("at 375 px the page is %d px wide; elements past the edge: %q", width, wide)
	}
	screenshot(t, ctx, "narrow-375")
}

// TestBrowserReadmeScreenshot shows the page's first-run example at
// 1280×800 with a blocked row selected: the workbench shows the row, its
// deciding line and why at once, the page unscrolled. With
// -update-screenshot it rewrites testdata/screenshot.png for the README.
func TestBrowserReadmeScreenshot(t *testing.T) {
	ctx := newBrowser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800)); err != nil {
		t.Fatal(err)
	}
	a := openApp(t, ctx, serveSite(t))
	rows := a.waitRows("the first-run example's results with a blocked row", func(rows []resultRow) bool {
		for _, r := range rows {
			if r.Verdict == "blocked" {
				return true
			}
		}
		return false
	})
	for i, r := range rows {
		if r.Verdict == "blocked" {
			a.selectRow(i)
			d := a.waitDecided(mustAtoi(r.Line))
			if !strings.Contains(d.Winner, "line "+r.Line) {
				t.Errorf("#why .winner %q does not name line %s", d.Winner, r.Line)
			}
			break
		}
	}
	if s := js[[]float64](a, pageScrollJS); s[0] != 0 || s[1] != 0 || s[2] != 0 {
		t.Errorf("the page itself scrolled to %v", s)
	}
	screenshot(t, ctx, "readme")
	if *updateScreenshot {
		saveScreenshot(t, ctx, filepath.Join(root, "testdata", "screenshot.png"))
	}
}
