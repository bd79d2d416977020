//go:build !js

package browsertest

// Browser tests of embed.js, the documentation widgets: a docs page on a
// second loopback origin loads embed.js from the tester's server (under a
// sub-path) and marks its examples with <pre data-robots-tester>.

import (
	"context"
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"robotstester/engine"
	"robotstester/engine/catalogue"
)

// embedSite serves the tester under /tester/ on one loopback origin and
// counts the requests for the engine (core.wasm).
type embedSite struct {
	base        string // ends in "/tester/"
	coreFetches atomic.Int64
}

func serveEmbedSite(t testing.TB) *embedSite {
	t.Helper()
	s := &embedSite{}
	base := behind(t, func(next http.Handler) http.Handler {
		site := http.StripPrefix("/tester", next)
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasSuffix(r.URL.Path, "/core.wasm") && r.Method == http.MethodGet {
				s.coreFetches.Add(1)
			}
			site.ServeHTTP(w, r)
		})
	}, "-fetch=false")
	s.base = base + "tester/"
	if _, bench := t.(*testing.B); bench {
		// Benchmarks measure the transfer as served once compression is
		// done (the server compresses after it starts).
		waitCompressed(t, s.base)
	}
	return s
}

// docsExample is one marked block of the docs page.
type docsExample struct {
	robots, agent, urls string
}

// docsExamples are n examples; example i blocks /private<i> and allows the
// rest, so each widget's verdicts are its own. The last has no data-agent
// (the widget offers a crawler picker) and a group for GPTBot.
func docsExamples(n int) []docsExample {
	ex := make([]docsExample, n)
	for i := range ex {
		ex[i] = docsExample{
			robots: fmt.Sprintf("# Example %d\nUser-agent: *\nDisallow: /private%d\n", i+1, i+1),
			agent:  "Googlebot",
			urls:   fmt.Sprintf("/private%d/x /public/y", i+1),
		}
	}
	if n > 1 {
		ex[n-1] = docsExample{robots: "User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n", urls: "/article"}
	}
	return ex
}

// docsCSP is the Content-Security-Policy the README tells a docs site to
// send, for the tester at origin; the docs page's own inline <style> needs
// its 'unsafe-inline', which the widgets do not.
func docsCSP(origin string) string {
	return "default-src 'self'; script-src 'self' " + origin + " 'wasm-unsafe-eval'; connect-src 'self' " + origin +
		"; style-src 'self' 'unsafe-inline'"
}

// hostileCSS is a docs theme that resets every element and paints the page
// dark, with rules that would wreck a widget they could reach.
const hostileCSS = `
body * { all: unset; }
html, body { background: #101418; color: #c8ccd0; font: italic 22px/2.2 Georgia, serif; margin: 0;
	letter-spacing: 3px; word-spacing: 12px; text-transform: uppercase; text-indent: 40px; cursor: wait; }
h1, p, pre, main, section { display: block; margin: 12px; }
pre { white-space: pre; font-family: monospace; border: 1px dashed #556; padding: 8px; }
textarea, select, ul, li, span, label, a { color: #ff00ff !important; font-size: 40px !important; display: inline !important; }
div { color: #ff00ff !important; font-size: 40px !important; }
.spacer { display: block; height: 2400px; }
`

// docsPage is a docs-like page with the examples, each between paragraphs;
// with script, it loads embed.js from tester (ending in "/"). spacer puts
// the examples below the fold.
func docsPage(tester string, examples []docsExample, script bool, spacer bool) string {
	var b strings.Builder
	b.WriteString("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\n")
	b.WriteString(`<meta name="viewport" content="width=device-width, initial-scale=1">` + "\n")
	b.WriteString("<title>Robots.txt guide</title><style>" + hostileCSS + "</style>\n")
	if script {
		b.WriteString(`<script src="` + tester + `embed.js" defer></script>` + "\n")
	}
	b.WriteString("</head><body><main><h1>Writing robots.txt rules</h1>\n")
	if spacer {
		b.WriteString(`<div class="spacer"></div>` + "\n")
	}
	for i, ex := range examples {
		fmt.Fprintf(&b, "<p>Example %d: what the rules below allow.</p>\n<pre data-robots-tester", i+1)
		if ex.agent != "" {
			fmt.Fprintf(&b, ` data-agent="%s"`, html.EscapeString(ex.agent))
		}
		fmt.Fprintf(&b, ` data-urls="%s">%s</pre>`+"\n", html.EscapeString(ex.urls), html.EscapeString(ex.robots))
	}
	b.WriteString("<p>End of the guide.</p></main></body></html>\n")
	return b.String()
}

// serveDocs serves the page at /docs.html on another loopback origin, with
// the README's CSP unless plain.
func serveDocs(t testing.TB, tester *embedSite, doc string) string {
	return serveDocsWith(t, tester, doc, true)
}

func serveDocsWith(t testing.TB, tester *embedSite, doc string, csp bool) string {
	t.Helper()
	origin := strings.TrimSuffix(tester.base, "/tester/")
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/docs.html" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		if csp {
			w.Header().Set("Content-Security-Policy", docsCSP(origin))
		}
		fmt.Fprint(w, doc)
	}))
	t.Cleanup(srv.Close)
	if strings.TrimSuffix(srv.URL, "/") == origin {
		t.Fatalf("the docs page and the tester share the origin %s", origin)
	}
	return srv.URL + "/docs.html"
}

// widgetState is what one widget shows.
type widgetState struct {
	State, Scheme, Robots, URLs, Status, Open string
	Verdicts, Lines, Words                    []string
	Marked                                    []int // the editor's highlighted lines
	Options                                   int   // crawler picker options, 0 without a picker
}

const widgetsJS = `Array.from(document.querySelectorAll("robots-tester")).map(h => {
	const r = h.shadowRoot;
	const q = s => r.querySelector(s);
	const lis = Array.from(r.querySelectorAll("li"));
	return {
		State: h.getAttribute("data-state") || "", Scheme: h.getAttribute("data-scheme") || "",
		Robots: r.querySelectorAll("textarea")[0].value, URLs: r.querySelectorAll("textarea")[1].value,
		Status: q(".status").textContent,
		Open: q(".foot a").getAttribute("data-link") === "current" ? q(".foot a").href : "",
		Verdicts: lis.map(li => li.dataset.verdict), Lines: lis.map(li => li.dataset.line),
		Words: lis.map(li => li.querySelector(".verdict").textContent),
		Marked: Array.from(r.querySelectorAll(".marks div")).map((d, i) => d.className ? i + 1 : 0).filter(Boolean),
		Options: q("select") ? q("select").options.length : 0,
	};
})`

// editWidget sets textarea k (0 the robots.txt, 1 the URLs) of widget i.
func editWidget(a *app, i, k int, value string) {
	a.t.Helper()
	call[bool](a, `(i, k, v) => {
		const ta = document.querySelectorAll("robots-tester")[i].shadowRoot.querySelectorAll("textarea")[k];
		ta.focus();
		ta.value = v;
		ta.dispatchEvent(new Event("input", {bubbles: true}));
		return true;
	}`, i, k, value)
}

// openDocs navigates to the docs page and waits for its n widgets (not
// yet started when they are below the fold).
func openDocs(t testing.TB, ctx context.Context, url string, n int) *app {
	t.Helper()
	a := &app{t: t, ctx: ctx}
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	waitFor(a, fmt.Sprintf("%d widgets", n), `document.querySelectorAll("robots-tester").length`, func(got int) bool { return got == n })
	return a
}

// scrollThrough brings every widget into view in turn, as a reader would.
func scrollThrough(a *app) {
	a.t.Helper()
	js[bool](a, `(async () => {
		for (const h of document.querySelectorAll("robots-tester")) {
			h.scrollIntoView();
			await new Promise(r => requestAnimationFrame(() => setTimeout(r, 30)));
		}
		return true;
	})()`)
}

// TestBrowserEmbedWidgets: ten examples on a hostile dark docs page on
// another origin all upgrade, share one engine download, keep their verdicts
// to themselves, resist the page's CSS, fit a phone, and link to the full
// tester with their state.
func TestBrowserEmbedWidgets(t *testing.T) {
	ctx := newBrowser(t)
	tester := serveEmbedSite(t)
	examples := docsExamples(10)
	a := openDocs(t, ctx, serveDocs(t, tester, docsPage(tester.base, examples, true, true)), 10)
	// The examples are below the fold: nothing is fetched before a reader
	// gets near one.
	if got := js[int](a, `robotsTesterEmbed.engineLoads`); got != 0 || tester.coreFetches.Load() != 0 {
		t.Errorf("the engine was loaded (%d loads, %d fetches) before any widget came near the viewport", got, tester.coreFetches.Load())
	}
	scrollThrough(a)
	widgets := waitFor(a, "every widget ready", widgetsJS, func(ws []widgetState) bool {
		for _, w := range ws {
			if w.State != "ready" {
				return false
			}
		}
		return len(ws) == 10
	})
	for i, w := range widgets[:9] {
		if strings.Join(w.Verdicts, ",") != "blocked,allowed" || strings.Join(w.Lines, ",") != "3,0" {
			t.Errorf("widget %d shows %v on lines %v; want blocked (line 3), allowed (no rule)", i+1, w.Verdicts, w.Lines)
		}
		if !strings.Contains(w.Words[0], "Blocked") || !strings.Contains(w.Words[1], "Allowed") {
			t.Errorf("widget %d words %q: the verdict must be said in words, not colour alone", i+1, w.Words)
		}
		if fmt.Sprint(w.Marked) != "[3]" {
			t.Errorf("widget %d highlights lines %v; want [3], the deciding line", i+1, w.Marked)
		}
		if w.Robots != examples[i].robots {
			t.Errorf("widget %d editor holds %q; want the example %q", i+1, w.Robots, examples[i].robots)
		}
		if w.Scheme != "dark" {
			t.Errorf("widget %d scheme %q on a dark page; want dark", i+1, w.Scheme)
		}
	}
	if got := tester.coreFetches.Load(); got != 1 {
		t.Errorf("core.wasm was fetched %d times for 10 widgets; want 1", got)
	}
	checkHandleTest(t, a, "robotsTesterCore")
	if got := js[int](a, `performance.getEntriesByType("resource").filter(e => e.name.endsWith("/core.wasm")).length`); got != 1 {
		t.Errorf("the page has %d resource entries for core.wasm; want 1", got)
	}
	if got := js[int](a, `robotsTesterEmbed.engineLoads`); got != 1 {
		t.Errorf("robotsTesterEmbed.engineLoads = %d; want 1", got)
	}

	// The crawler picker of the last example: Googlebot obeys "*", GPTBot
	// has its own group.
	last := widgets[9]
	if last.Options < 20 || strings.Join(last.Verdicts, ",") != "allowed" {
		t.Errorf("the example without data-agent has %d crawler options and verdicts %v; want the catalogue and allowed for Googlebot", last.Options, last.Verdicts)
	}
	call[bool](a, `name => {
		const sel = document.querySelectorAll("robots-tester")[9].shadowRoot.querySelector("select");
		sel.value = Array.from(sel.options).find(o => o.value === name).value;
		sel.dispatchEvent(new Event("change", {bubbles: true}));
		return true;
	}`, "GPTBot")
	waitFor(a, "GPTBot blocked by line 2 in the last widget", widgetsJS, func(ws []widgetState) bool {
		return strings.Join(ws[9].Verdicts, ",") == "blocked" && strings.Join(ws[9].Lines, ",") == "2"
	})

	// An edit in widget 3 changes its verdicts and no other widget's.
	editWidget(a, 2, 0, "User-agent: *\nDisallow: /\n")
	after := waitFor(a, "widget 3 blocking everything", widgetsJS, func(ws []widgetState) bool {
		return strings.Join(ws[2].Verdicts, ",") == "blocked,blocked"
	})
	if fmt.Sprint(after[2].Marked) != "[2]" || strings.Join(after[2].Lines, ",") != "2,2" {
		t.Errorf("widget 3 after the edit: lines %v, highlighted %v; want line 2 for both", after[2].Lines, after[2].Marked)
	}
	for i, w := range after {
		if i == 2 || i == 9 {
			continue
		}
		if strings.Join(w.Verdicts, ",") != "blocked,allowed" || w.Robots != examples[i].robots {
			t.Errorf("editing widget 3 changed widget %d: %v, %q", i+1, w.Verdicts, w.Robots)
		}
	}
	editWidget(a, 2, 1, "/anything\n/private3/x")
	after = waitFor(a, "widget 3 testing its new URLs, and its link", widgetsJS, func(ws []widgetState) bool {
		return len(ws[2].Verdicts) == 2 && strings.Contains(ws[2].Status, "2 URLs: 0 allowed, 2 blocked") && ws[2].Open != ""
	})

	// "line 2" selects the deciding line in the editor.
	sel := js[string](a, `(() => {
		const r = document.querySelectorAll("robots-tester")[2].shadowRoot;
		r.querySelector("li button.goto").click();
		const ta = r.querySelector("textarea");
		return (r.activeElement === ta ? "" : "not focused: ") + ta.value.slice(ta.selectionStart, ta.selectionEnd);
	})()`)
	if sel != "Disallow: /" {
		t.Errorf("the line button selected %q; want the focused editor's line 2, Disallow: /", sel)
	}

	// Reset brings widget 3's example back.
	js[bool](a, `(document.querySelectorAll("robots-tester")[2].shadowRoot.querySelector("button.reset").click(), true)`)
	reset := waitFor(a, "widget 3 reset", widgetsJS, func(ws []widgetState) bool {
		return strings.Join(ws[2].Verdicts, ",") == "blocked,allowed"
	})
	if reset[2].Robots != examples[2].robots || reset[2].URLs != "/private3/x\n/public/y" {
		t.Errorf("after Reset widget 3 holds %q and %q; want its example", reset[2].Robots, reset[2].URLs)
	}
	if js[bool](a, `!document.querySelectorAll("robots-tester")[2].shadowRoot.querySelector("button.reset").hidden`) {
		t.Errorf("Reset stays shown on an unchanged example")
	}

	// A block the page adds later (a docs app rendering a new page) is
	// upgraded on request, on the same engine.
	call[bool](a, `text => {
		const pre = document.createElement("pre");
		pre.setAttribute("data-robots-tester", "");
		pre.setAttribute("data-agent", "Bingbot");
		pre.setAttribute("data-urls", "/late");
		pre.setAttribute("data-readonly", "");
		pre.textContent = text;
		document.querySelector("main").append(pre);
		robotsTesterEmbed.upgrade();
		robotsTesterEmbed.upgrade(); // twice: still one widget
		document.querySelectorAll("robots-tester")[10].scrollIntoView();
		return true;
	}`, "User-agent: bingbot\nDisallow: /late\n")
	late := waitFor(a, "the late widget", widgetsJS, func(ws []widgetState) bool { return len(ws) == 11 && ws[10].State == "ready" })
	if strings.Join(late[10].Verdicts, ",") != "blocked" || strings.Join(late[10].Lines, ",") != "2" {
		t.Errorf("the late widget shows %v on lines %v; want blocked by line 2", late[10].Verdicts, late[10].Lines)
	}
	if got := tester.coreFetches.Load(); got != 1 {
		t.Errorf("core.wasm was fetched %d times after a late widget; want 1", got)
	}
	if !js[bool](a, `document.querySelectorAll("robots-tester")[10].shadowRoot.querySelector("textarea").readOnly`) {
		t.Errorf("data-readonly left the late widget's robots.txt editable")
	}
	js[bool](a, `(document.querySelectorAll("robots-tester")[0].scrollIntoView(), true)`)

	// The page's CSS reaches neither the widget's layout nor its type.
	look := js[map[string]any](a, `(() => {
		const h = document.querySelectorAll("robots-tester")[0];
		const r = h.shadowRoot;
		const ta = r.querySelector("textarea");
		const w = r.querySelector(".w");
		const pre = document.querySelectorAll("pre[data-robots-tester]")[0];
		return {
			hostDisplay: getComputedStyle(h).display, height: h.getBoundingClientRect().height,
			font: getComputedStyle(ta).fontFamily, size: getComputedStyle(ta).fontSize,
			color: getComputedStyle(ta).color, bg: getComputedStyle(w).backgroundColor,
			liDisplay: getComputedStyle(r.querySelector("li")).display,
			inherited: ["letterSpacing", "wordSpacing", "textTransform", "textIndent", "fontStyle", "cursor"]
				.map(p => getComputedStyle(r.querySelector("li .why")).getPropertyValue(p.replace(/[A-Z]/g, c => "-" + c.toLowerCase()))).join(" "),
			preShown: pre.getBoundingClientRect().height,
		};
	})()`)
	if look["hostDisplay"] != "block" || look["size"] != "13px" || !strings.Contains(fmt.Sprint(look["font"]), "monospace") ||
		look["color"] == "rgb(255, 0, 255)" || look["liDisplay"] != "list-item" || look["preShown"].(float64) != 0 ||
		look["height"].(float64) < 150 || look["bg"] != "rgb(22, 24, 28)" || look["inherited"] != "normal 0px none 0px normal auto" {
		t.Errorf("the page's CSS broke the widget or its <pre> still shows: %v", look)
	}

	// The permalink opens the same state in the full tester.
	open := after[2].Open
	if !strings.HasPrefix(open, tester.base+"#v1.") {
		t.Fatalf("Open in the full tester points to %q; want %s#v1.…", open, tester.base)
	}
	shoot := func(width, height int, name string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(width), int64(height))); err != nil {
			t.Fatal(err)
		}
		js[bool](a, `(document.querySelectorAll("robots-tester")[0].scrollIntoView(), true)`)
		wide := js[map[string]float64](a, `(() => {
			const h = document.querySelectorAll("robots-tester")[0];
			return {host: h.getBoundingClientRect().right, view: document.documentElement.clientWidth,
				scroll: document.documentElement.scrollWidth};
		})()`)
		if wide["host"] > wide["view"]+0.5 || wide["scroll"] > wide["view"]+0.5 {
			t.Errorf("at %d px the widget or the page overflows: %v", width, wide)
		}
		screenshot(t, ctx, name)
	}
	shoot(1280, 900, "embed-widgets-1280")
	shoot(375, 812, "embed-widgets-375")
	shoot(320, 640, "embed-widgets-320")

	if err := chromedp.Do(ctx, chromedp.Navigate(open)); err != nil {
		t.Fatal(err)
	}
	full := &app{t: t, ctx: ctx}
	waitFor(full, "the full tester to start", `document.body !== null && document.body.dataset.ready === "true"`, func(b bool) bool { return b })
	if got := js[string](full, `document.querySelector("textarea#robots").value`); got != "User-agent: *\nDisallow: /\n" {
		t.Errorf("the full tester opened with robots.txt %q; want widget 3's", got)
	}
	rows := full.waitRows("widget 3's two URLs", func(rows []resultRow) bool { return len(rows) == 2 })
	checkRow(t, rows[0], "blocked", 2)
	checkRow(t, rows[1], "blocked", 2)
}

// TestBrowserEmbedWithoutScript: the same page without embed.js shows its
// examples as plain code blocks.
func TestBrowserEmbedWithoutScript(t *testing.T) {
	ctx := newBrowser(t)
	tester := serveEmbedSite(t)
	examples := docsExamples(3)
	a := openDocs(t, ctx, serveDocs(t, tester, docsPage(tester.base, examples, false, false)), 0)
	texts := waitFor(a, "the plain code blocks", `Array.from(document.querySelectorAll("pre")).map(p => p.getBoundingClientRect().height > 0 ? p.textContent : "")`,
		func(v []string) bool { return len(v) == 3 })
	for i, got := range texts {
		if strings.TrimSpace(got) != strings.TrimSpace(examples[i].robots) {
			t.Errorf("code block %d reads %q; want %q", i+1, got, examples[i].robots)
		}
	}
	if n := js[int](a, `document.querySelectorAll("robots-tester").length`); n != 0 {
		t.Errorf("%d widgets without the script", n)
	}
	screenshot(t, ctx, "embed-without-script")
}

// TestBrowserEmbedIframeCompact: ?embed shows the editor, the URLs, the
// verdicts and the deciding sentence; the findings and the other fields
// come back with the toggle, which says whether it is expanded.
func TestBrowserEmbedIframeCompact(t *testing.T) {
	ctx := newBrowser(t)
	base := serveSite(t)
	a := openApp(t, ctx, base)
	a.load("User-agent: *\nDisallow: /private\nDissallow: /typo\n", "https://example.com/private/a", "https://example.com/open")
	js[bool](a, `document.querySelector("#copy-link").click(), true`)
	link := waitFor(a, "the link in #share-message[data-link]", `document.querySelector("#share-message").dataset.link || ""`,
		func(s string) bool { return s != "" })
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(480, 700)); err != nil {
		t.Fatal(err)
	}
	a = openApp(t, ctx, base+"?embed"+link[strings.Index(link, "#"):])
	rows := a.waitRows("the embed's two rows", func(rows []resultRow) bool { return len(rows) == 2 })
	checkRow(t, rows[0], "blocked", 2)
	const shownJS = `(() => {
		const shown = s => { const e = document.querySelector(s); return !!e && e.getClientRects().length > 0; };
		return {
			editor: shown("textarea#robots"), urls: shown("textarea#urls"), crawler: shown("select#crawler"),
			verdict: shown("tr.result td.verdict"), line: shown("tr.result td.line"), winner: shown("#why .winner"),
			findings: shown("#diagnostics"), status: shown("select#status"), robotsURL: shown("#robots-url"),
			token: shown("#token"), rule: shown("tr.result td.rule"), group: shown("#why .group-choice"),
			tabs: shown("[role=tablist]"),
			expanded: document.querySelector("#embed-more").getAttribute("aria-expanded") === "true",
		};
	})()`
	compact := waitFor(a, "the deciding sentence", shownJS, func(m map[string]bool) bool { return m["winner"] })
	for _, k := range []string{"editor", "urls", "crawler", "verdict", "line", "winner"} {
		if !compact[k] {
			t.Errorf("the compact embed hides its %s", k)
		}
	}
	for _, k := range []string{"findings", "status", "robotsURL", "token", "rule", "group", "tabs", "expanded"} {
		if compact[k] {
			t.Errorf("the compact embed shows %s before the toggle", k)
		}
	}
	waitFor(a, "the toggle to count the file's one warning", `document.querySelector("#embed-more").textContent`,
		func(s string) bool { return s == "Show findings (1 warning) and details" })
	screenshot(t, ctx, "embed-iframe-compact")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#embed-more"))); err != nil {
		t.Fatal(err)
	}
	more := waitFor(a, "the details after the toggle", shownJS, func(m map[string]bool) bool { return m["expanded"] })
	for _, k := range []string{"findings", "status", "robotsURL", "token", "rule", "group", "tabs"} {
		if !more[k] {
			t.Errorf("the toggle did not bring back %s", k)
		}
	}
	screenshot(t, ctx, "embed-iframe-more")
}

// workerPage runs core.wasm in a Worker made from a Blob, as a page's own
// worker would, and answers window.runWorker(robots, agent, urls) with the
// worker's typed arrays as plain arrays, and the names of their types.
const workerPage = `<!doctype html><meta charset="utf-8"><title>worker</title>
<script>
const base = BASE;
const source = ` + "`" + `
importScripts(${JSON.stringify(base)} + "wasm_exec.js");
const go = new Go();
const started = WebAssembly.instantiateStreaming(fetch(${JSON.stringify(base)} + "core.wasm"), go.importObject)
	.then(r => { go.run(r.instance); return robotsTesterCore.ready; });
onmessage = async (e) => {
	const core = await started;
	const h = core.parse(new TextEncoder().encode(e.data.robots));
	const r = core.testMany(h, e.data.agent, e.data.urls);
	core.release(h);
	postMessage({allowed: r.allowed, line: r.line, stale: core.test(h, "Googlebot", "/").error || ""}, [r.allowed.buffer, r.line.buffer]);
};
` + "`" + `;
const worker = new Worker(URL.createObjectURL(new Blob([source], {type: "text/javascript"})));
window.runWorker = (robots, agent, urls) => new Promise((resolve, reject) => {
	worker.onmessage = (e) => resolve({
		Allowed: Array.from(e.data.allowed), Line: Array.from(e.data.line),
		Types: e.data.allowed.constructor.name + "," + e.data.line.constructor.name, Stale: e.data.stale,
	});
	worker.onerror = (e) => reject(new Error(e.message));
	worker.postMessage({robots, agent, urls});
});
</script>`

// TestBrowserCoreInWorker: core.wasm runs in a Worker and answers a list of
// URLs in typed arrays, each verdict and line the engine's own.
func TestBrowserCoreInWorker(t *testing.T) {
	ctx := newBrowser(t)
	tester := serveEmbedSite(t)
	// The page's own inline script and Blob worker are its business; no CSP.
	docs := serveDocsWith(t, tester, strings.Replace(workerPage, "BASE", strconv.Quote(tester.base), 1), false)
	a := &app{t: t, ctx: ctx}
	if err := chromedp.Do(ctx, chromedp.Navigate(docs)); err != nil {
		t.Fatal(err)
	}
	robots := "User-agent: *\nDisallow: /private\nAllow: /private/ok\n\nUser-agent: GPTBot\nDisallow: /\n"
	var urls []string
	for i := range 1000 {
		urls = append(urls, fmt.Sprintf("https://example.com/%s/%d?q=%d", []string{"private", "private/ok", "public", "Private"}[i%4], i, i))
	}
	r := engine.Parse([]byte(robots))
	for _, agent := range []string{"Googlebot", "GPTBot", "somebot"} {
		got := call[struct {
			Allowed, Line []int
			Types, Stale  string
		}](a, `(robots, agent, urls) => runWorker(robots, agent, urls.join("\n"))`, robots, agent, urls)
		if got.Types != "Uint8Array,Uint32Array" || len(got.Allowed) != len(urls) || len(got.Line) != len(urls) {
			t.Fatalf("%s: the worker answered %s with %d verdicts and %d lines; want typed arrays for %d URLs", agent, got.Types, len(got.Allowed), len(got.Line), len(urls))
		}
		if !strings.Contains(got.Stale, "released") {
			t.Errorf("%s: testing a released handle said %q; want a sentence saying it was released", agent, got.Stale)
		}
		crawler, named := catalogue.FindCrawler(agent)
		for i, u := range urls {
			var want engine.Result
			if named {
				want = r.TestCrawler(crawler, engine.EncodeURL(u).URL)
			} else {
				want = r.Test(agent, engine.EncodeURL(u).URL)
			}
			if (got.Allowed[i] == 1) != want.Allowed || got.Line[i] != want.Line {
				t.Errorf("%s %s: the worker says allowed=%d line %d; the engine says %v line %d", agent, u, got.Allowed[i], got.Line[i], want.Allowed, want.Line)
				break
			}
		}
	}
}

// TestBrowserEmbedFollowsScheme: the widget takes the scheme of the
// background it sits on, follows a page that switches its theme by a class,
// and falls back to the reader's preference where the page paints nothing.
func TestBrowserEmbedFollowsScheme(t *testing.T) {
	ctx := newBrowser(t)
	tester := serveEmbedSite(t)
	doc := strings.Replace(docsPage(tester.base, docsExamples(1), true, false), hostileCSS,
		"body.dark main { background: #15171a; color: #ddd; }", 1)
	a := openDocs(t, ctx, serveDocsWith(t, tester, doc, true), 1)
	waitFor(a, "the widget ready", widgetsJS, func(ws []widgetState) bool { return ws[0].State == "ready" })
	prefer := func(scheme string) {
		t.Helper()
		err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
				Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}},
			})
			return err
		}))
		if err != nil {
			t.Fatal(err)
		}
	}
	const schemeJS = `(() => {
		const h = document.querySelector("robots-tester");
		return h.getAttribute("data-scheme") + " " + getComputedStyle(h.shadowRoot.querySelector(".w")).backgroundColor;
	})()`
	steps := []struct {
		what, prefer, bodyClass, want string
	}{
		{"a page that paints nothing, for a reader who prefers light", "light", "", "light rgb(255, 255, 255)"},
		{"the same page, for a reader who prefers dark", "dark", "", "dark rgb(22, 24, 28)"},
		{"a page switched to its dark theme by a class, reader preferring light", "light", "dark", "dark rgb(22, 24, 28)"},
		{"the page switched back", "light", "", "light rgb(255, 255, 255)"},
	}
	for _, st := range steps {
		prefer(st.prefer)
		call[bool](a, `c => (document.body.className = c, true)`, st.bodyClass)
		waitFor(a, st.what+": "+st.want, schemeJS, func(got string) bool { return got == st.want })
	}

	// Keyboard and screen reader: every control is reachable by Tab and
	// named, and each verdict is a word.
	names := js[[]string](a, `(() => {
		const r = document.querySelector("robots-tester").shadowRoot;
		const name = e => e.getAttribute("aria-label") || (e.labels && e.labels[0] ? e.labels[0].textContent : "") || e.textContent;
		return Array.from(r.querySelectorAll("textarea, select, a")).map(e => (e.tabIndex >= 0 ? "" : "untabbable ") + name(e).trim());
	})()`)
	if len(names) != 3 || !strings.HasPrefix(names[0], "robots.txt") || !strings.HasPrefix(names[1], "URLs to test") || names[2] != "Open in the full tester (opens in a new tab)" {
		t.Errorf("the widget's controls are %q; want the named editor, URL list and link, all reachable by Tab", names)
	}
	words := js[string](a, `document.querySelector("robots-tester").shadowRoot.querySelector("li .verdict").innerText`)
	if !strings.HasSuffix(words, "Blocked") {
		t.Errorf("the first verdict reads %q; want the word Blocked", words)
	}
	screenshot(t, ctx, "embed-scheme-light")
}

// TestBrowserEmbedRefusedByCSP: on a page whose policy forbids WebAssembly,
// each widget says what to add to the policy and keeps its example
// editable; one refused engine is tried once.
func TestBrowserEmbedRefusedByCSP(t *testing.T) {
	ctx := newBrowser(t)
	tester := serveEmbedSite(t)
	origin := strings.TrimSuffix(tester.base, "/tester/")
	doc := docsPage(tester.base, docsExamples(3), true, false)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Content-Security-Policy", "script-src 'self' "+origin+"; connect-src 'self' "+origin+"; style-src 'unsafe-inline'")
		fmt.Fprint(w, doc)
	}))
	defer srv.Close()
	a := openDocs(t, ctx, srv.URL+"/docs.html", 3)
	ws := waitFor(a, "every widget failed, with a link", widgetsJS, func(ws []widgetState) bool {
		for _, w := range ws {
			if w.State != "failed" || w.Open == "" {
				return false
			}
		}
		return true
	})
	for i, w := range ws {
		if !strings.Contains(w.Status, "'wasm-unsafe-eval'") || w.Robots == "" || len(w.Verdicts) != 0 {
			t.Errorf("widget %d: status %q, editor %q, verdicts %v; want the fix named and the example kept", i+1, w.Status, w.Robots, w.Verdicts)
		}
	}
	if !strings.HasPrefix(ws[0].Open, tester.base+"#v1.") {
		t.Errorf("the failed widget links to %q; want the full tester with its state", ws[0].Open)
	}
	if got := js[bool](a, `document.querySelector("robots-tester").shadowRoot.querySelector("textarea").readOnly`); got {
		t.Errorf("the failed widget's editor is read-only")
	}
	if got := tester.coreFetches.Load(); got != 1 {
		t.Errorf("core.wasm was fetched %d times; want 1", got)
	}
	screenshot(t, ctx, "embed-refused-by-csp")
}

// TestBrowserEmbedLinkWithoutCompressionStream: where the browser has no
// CompressionStream, the link is written with DEFLATE's stored blocks, and
// the full tester reads it, a file longer than one block (64 KiB) included.
func TestBrowserEmbedLinkWithoutCompressionStream(t *testing.T) {
	ctx := newBrowser(t)
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
			Source: `if (location.pathname === "/docs.html") { delete window.CompressionStream; }`,
		})
		return err
	}))
	if err != nil {
		t.Fatal(err)
	}
	tester := serveEmbedSite(t)
	var long strings.Builder
	long.WriteString("User-agent: *\n")
	for i := 0; long.Len() < 70000; i++ {
		fmt.Fprintf(&long, "Disallow: /section-%05d/é\n", i)
	}
	long.WriteString("Allow: /section-00001/é/open\n")
	examples := []docsExample{{robots: long.String(), agent: "Googlebot", urls: "/section-00001/é/open/x /section-00002/é/x"}}
	a := openDocs(t, ctx, serveDocs(t, tester, docsPage(tester.base, examples, true, false)), 1)
	if js[bool](a, `typeof CompressionStream !== "undefined"`) {
		t.Fatal("CompressionStream is still defined on the docs page")
	}
	ws := waitFor(a, "the widget and its link", widgetsJS, func(ws []widgetState) bool { return ws[0].State == "ready" && ws[0].Open != "" })
	if strings.Join(ws[0].Verdicts, ",") != "allowed,blocked" {
		t.Errorf("the long example shows %v; want allowed, blocked", ws[0].Verdicts)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(ws[0].Open)); err != nil {
		t.Fatal(err)
	}
	full := &app{t: t, ctx: ctx}
	waitFor(full, "the full tester to start", `document.body !== null && document.body.dataset.ready === "true"`, func(b bool) bool { return b })
	// Read by Download: a file this long is shown read-only, not in the
	// textarea (wasm/editorview.go).
	captureDownloads(full)
	if got := download(full, "#download"); string(got) != long.String() {
		t.Errorf("the full tester opened a %d-byte file; want the widget's %d bytes", len(got), long.Len())
	}
	rows := full.waitRows("the two URLs", func(rows []resultRow) bool { return len(rows) == 2 })
	checkVerdict(t, rows[0], "allowed")
	checkVerdict(t, rows[1], "blocked")
}

// TestBrowserEmbedReadmeScreenshot shows one widget on a plain light docs
// page: the guide's classic `Disallow: /*.pdf$` example. With
// -update-screenshot it rewrites testdata/embed-screenshot.png for the
// README.
func TestBrowserEmbedReadmeScreenshot(t *testing.T) {
	ctx := newBrowser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(720, 640)); err != nil {
		t.Fatal(err)
	}
	tester := serveEmbedSite(t)
	doc := `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Blocking PDFs</title>
<script src="` + tester.base + `embed.js" defer></script>
<style>body { font: 17px/1.6 Georgia, serif; max-width: 680px; margin: 16px auto; color: #222; }</style></head>
<body><p>The <code>$</code> anchors a rule to the end of the URL: this blocks every PDF but the guides.</p>
<pre data-robots-tester data-agent="Googlebot" data-urls="/files/report.pdf /files/report.pdf?download=1 /guides/setup.pdf">User-agent: *
Disallow: /*.pdf$
Allow: /guides/*.pdf$</pre></body></html>`
	a := openDocs(t, ctx, serveDocs(t, tester, doc), 1)
	ws := waitFor(a, "the widget ready", widgetsJS, func(ws []widgetState) bool { return ws[0].State == "ready" })
	if got := strings.Join(ws[0].Verdicts, ",") + " " + strings.Join(ws[0].Lines, ","); got != "blocked,allowed,allowed 2,0,3" {
		t.Errorf("the PDF example shows %s; want blocked (line 2), allowed (the query ends the URL past $), allowed (line 3, longer)", got)
	}
	box := js[page.Viewport](a, `(() => {
		const r = document.querySelector("robots-tester").getBoundingClientRect();
		return {x: r.x + scrollX - 8, y: r.y + scrollY - 8, width: r.width + 16, height: r.height + 16, scale: 1};
	})()`)
	var png []byte
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		shot, err := cdp.Call(ctx, tg, page.CaptureScreenshot, page.CaptureScreenshotParams{Clip: &box})
		png = shot.Data
		return err
	}))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "screenshots", "embed-readme.png")
	if *updateScreenshot {
		path = filepath.Join(root, "testdata", "embed-screenshot.png")
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestBrowserEmbedReadmeUpgradeSnippet runs the README's client-side
// upgrade of `pre > code.language-robots` (what Markdown renderers write,
// highlighter spans included) on a page, so the snippet stays true.
func TestBrowserEmbedReadmeUpgradeSnippet(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	start := strings.Index(string(readme), "<script>\n    for (const pre of document.querySelectorAll(\"pre\"))")
	if start < 0 {
		t.Fatal("README.md has no client-side upgrade snippet for .language-robots blocks")
	}
	end := strings.Index(string(readme)[start:], "</script>")
	snippet := string(readme)[start : start+end+len("</script>")]

	ctx := newBrowser(t)
	tester := serveEmbedSite(t)
	doc := `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Generated page</title></head><body>
<p>Jekyll with Rouge: the class on a wrapper, attributes from kramdown on it.</p>
<div class="language-robots highlighter-rouge" data-urls="/private/x /public/y"><div class="highlight"><pre class="highlight"><code><span class="k">User-agent</span>: *
<span class="k">Disallow</span>: /private
</code></pre></div></div>
<p>markdown-it: the class on the code.</p>
<pre><code class="language-robots" data-agent="GPTBot" data-urls="/a"><span>User-agent: GPTBot</span>
Disallow: /a
</code></pre>
<pre><code class="language-go">package main</code></pre>
` + snippet + `
<script src="` + tester.base + `embed.js" defer></script>
</body></html>`
	a := openDocs(t, ctx, serveDocsWith(t, tester, doc, false), 2)
	ws := waitFor(a, "the upgraded blocks ready", widgetsJS, func(ws []widgetState) bool { return ws[0].State == "ready" && ws[1].State == "ready" })
	if ws[0].Robots != "User-agent: *\nDisallow: /private\n" || strings.Join(ws[0].Verdicts, ",") != "blocked,allowed" {
		t.Errorf("the Jekyll block holds %q with verdicts %v; want the rules without the highlighter's markup, blocked then allowed", ws[0].Robots, ws[0].Verdicts)
	}
	if ws[1].Robots != "User-agent: GPTBot\nDisallow: /a\n" || strings.Join(ws[1].Verdicts, ",") != "blocked" {
		t.Errorf("the markdown-it block holds %q with verdicts %v; want GPTBot blocked from /a", ws[1].Robots, ws[1].Verdicts)
	}
	if js[int](a, `document.querySelectorAll("pre:not([hidden])").length`) != 1 {
		t.Errorf("the Go block was touched, or the robots block still shows")
	}
}
