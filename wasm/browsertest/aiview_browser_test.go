//go:build !js

package browsertest

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// Browser tests of the AI view (wasm/aiview) and robotsTester.audit
// (wasm/script/scriptaudit.go).

// aiCrawler is one crawler of the AI view's operator rows.
type aiCrawler struct {
	Name, Operator, Root, Line, Obeys string
	Fetcher, FetcherVerdict           string
}

const aiCrawlersJS = `Array.from(document.querySelectorAll("#ai-operators .ai-crawler")).map(li => {
	const f = li.querySelector(".ai-fetcher");
	return {Name: li.dataset.crawler, Operator: li.closest(".ai-operator").dataset.operator, Root: li.dataset.root,
		Line: li.dataset.line, Obeys: li.dataset.obeys,
		Fetcher: f ? f.dataset.fetcher : "", FetcherVerdict: f ? f.dataset.verdict : ""};
})`

// aiFinding is one item of the view's findings.
type aiFinding struct{ Code, Line, Text string }

const aiFindingsJS = `Array.from(document.querySelectorAll("#ai-findings li")).map(li => ({Code: li.dataset.code, Line: li.dataset.line, Text: li.textContent}))`

// openAI opens the AI tab and waits for its rows.
func (a *app) openAI() []aiCrawler {
	a.t.Helper()
	a.openTab("ai")
	waitFor(a, "the AI view's answers brought up to the page", `document.querySelector("#view-ai .ai-view[aria-busy=true]") === null`, func(done bool) bool { return done })
	return waitFor(a, "the AI view's rows", aiCrawlersJS, func(c []aiCrawler) bool { return len(c) > 0 })
}

// scrollBoxes are the elements of the AI view that scroll by themselves:
// the view must read whole with the page's own scroll.
// The view panel itself (#view-ai) is the workbench's answers pane, which
// scrolls inside itself as every view does at 1024 px and wider (issue
// 22); what the view must not add is a scroll box of its own inside it.
const aiScrollBoxesJS = `Array.from(document.querySelectorAll("#view-ai *")).filter(e => {
	const s = getComputedStyle(e);
	return /(auto|scroll)/.test(s.overflowY + s.overflowX) && (e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1);
}).map(e => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + "." + String(e.className).split(" ").join("."))`

// BBC's real robots.txt (corpus 0173) blocks anthropic-ai and Claude-Web,
// tokens Anthropic's crawlers no longer send: the AI view shows ClaudeBot
// allowed by the * group, the findings at both lines, and activating a
// line marks it in the editor. The tab is reached with the keyboard; the
// view has no scroll box of its own at 1280×800 and fits 390 px.
func TestBrowserAIViewBBC(t *testing.T) {
	body, err := os.ReadFile(sharedPath(t, "corpus", "real", "0173.txt"))
	if err != nil {
		t.Fatal(err)
	}
	ctx := newBrowser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800)); err != nil {
		t.Fatal(err)
	}
	a := openApp(t, ctx, serveSite(t))
	a.setText("textarea#robots", string(body))
	a.setText("textarea#urls", "https://www.bbc.co.uk/news\nhttps://www.bbc.co.uk/iplayer/")
	// The keyboard: from the Readers tab, the arrow key opens the AI tab.
	a.openTab("readers")
	js[bool](a, `(document.getElementById("tab-readers").focus(), true)`)
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight)); err != nil {
		t.Fatal(err)
	}
	waitFor(a, "the AI tab opened by the arrow key", `document.activeElement.id === "tab-ai" && document.getElementById("app").dataset.view === "ai"`, func(ok bool) bool { return ok })
	if label := js[string](a, `document.getElementById("view-ai").getAttribute("aria-labelledby")`); label != "tab-ai" {
		t.Errorf("the AI panel is labelled by %q, want tab-ai", label)
	}
	crawlers := waitFor(a, "the AI view's rows", aiCrawlersJS, func(c []aiCrawler) bool { return len(c) > 0 })
	byName := map[string]aiCrawler{}
	for _, c := range crawlers {
		byName[c.Name] = c
	}
	if c := byName["ClaudeBot"]; c.Root != "allowed" || c.Operator != "Anthropic" {
		t.Errorf("ClaudeBot: %+v, want allowed at / in Anthropic's row", c)
	}
	if c := byName["GPTBot"]; c.Root != "blocked" || c.Line != "93" {
		t.Errorf("GPTBot: %+v, want blocked by line 93", c)
	}
	if text := js[string](a, `document.querySelector("#ai-operators [data-crawler=ClaudeBot] .ai-root").textContent`); !strings.Contains(text, "✓ allowed") {
		t.Errorf("ClaudeBot's verdict reads %q: a symbol and a word, not a colour alone", text)
	}
	headline := js[string](a, `document.getElementById("ai-headline").textContent`)
	if !strings.Contains(headline, "AI training: ") || !strings.Contains(headline, "AI search: ") {
		t.Errorf("headline %q", headline)
	}
	findings := js[[]aiFinding](a, aiFindingsJS)
	var retired []string
	for _, f := range findings {
		if f.Code == "ai-retired-token" {
			retired = append(retired, f.Line)
		}
	}
	if !slices.Equal(retired, []string{"104", "107"}) {
		t.Fatalf("ai-retired-token findings at lines %v, want 104 (Claude-Web) and 107 (anthropic-ai); findings: %+v", retired, findings)
	}
	// The rows are markup (aiview/operators.go): a line button in them,
	// pressed with the keyboard, still marks its line, shows itself
	// pressed and keeps the focus.
	const gptLineJS = `document.querySelector("#ai-operators [data-crawler=GPTBot] .ai-root button.ai-line")`
	js[bool](a, `(`+gptLineJS+`.focus(), true)`)
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
		t.Fatal(err)
	}
	waitFor(a, "the editor's band at GPTBot's line 93", `(() => { const b = document.querySelector("#view-decided-line"); return b ? b.dataset.line : ""; })()`,
		func(s string) bool { return s == "93" })
	if pressed := js[string](a, gptLineJS+`.getAttribute("aria-pressed")`); pressed != "true" {
		t.Errorf("GPTBot's line button after Enter: aria-pressed=%q, want true", pressed)
	}
	if focused := js[bool](a, `document.activeElement === `+gptLineJS); !focused {
		t.Errorf("after Enter on GPTBot's line button the focus is on %s", js[string](a, `document.activeElement.outerHTML.slice(0, 120)`))
	}
	a.click(`#ai-findings li[data-line="107"] button.ai-line`)
	band := waitFor(a, "the editor's band at line 107", `(() => { const b = document.querySelector("#view-decided-line"); return b ? b.dataset.line : ""; })()`,
		func(s string) bool { return s == "107" })
	if band != "107" {
		t.Errorf("band at %s", band)
	}
	if boxes := js[[]string](a, aiScrollBoxesJS); len(boxes) > 0 {
		t.Errorf("at 1280×800 the AI view scrolls inside %v", boxes)
	}
	js[bool](a, `(document.getElementById("tab-ai").scrollIntoView({block: "start"}), true)`)
	screenshot(t, ctx, "ai-view-1280")
	if *updateScreenshot {
		saveScreenshot(t, ctx, filepath.Join(root, "testdata", "ai-view-1280.png"))
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile)); err != nil {
		t.Fatal(err)
	}
	waitFor(a, "the page within 390 px", `document.documentElement.scrollWidth`, func(w int) bool { return w <= 390 })
	if boxes := js[[]string](a, aiScrollBoxesJS); len(boxes) > 0 {
		t.Errorf("at 390 px the AI view scrolls inside %v", boxes)
	}
	js[bool](a, `(document.getElementById("ai-headline").scrollIntoView({block: "start"}), true)`)
	screenshot(t, ctx, "ai-view-390")
	if *updateScreenshot {
		saveScreenshot(t, ctx, filepath.Join(root, "testdata", "ai-view-390.png"))
	}
}

// A file that blocks only Google-Extended: the control token is blocked,
// Googlebot, which fetches the pages, is allowed, and the note says what
// Google-Extended governs.
func TestBrowserAIViewControlToken(t *testing.T) {
	ctx := newBrowser(t)
	a := openApp(t, ctx, serveSite(t))
	a.setText("textarea#robots", "User-agent: *\nDisallow: /private\n\nUser-agent: Google-Extended\nDisallow: /\n")
	var ext aiCrawler
	for _, c := range a.openAI() {
		if c.Name == "Google-Extended" {
			ext = c
		}
	}
	if ext.Root != "blocked" || ext.Line != "5" || ext.Fetcher != "Googlebot" || ext.FetcherVerdict != "allowed" {
		t.Errorf("Google-Extended: %+v, want blocked by line 5, Googlebot allowed", ext)
	}
	var note []aiFinding
	for _, f := range js[[]aiFinding](a, aiFindingsJS) {
		if f.Code == "ai-control-token" {
			note = append(note, f)
		}
	}
	if len(note) != 1 || note[0].Line != "4" || !strings.Contains(note[0].Text, "does not keep Googlebot out") {
		t.Errorf("control-token notes %+v, want one at line 4 saying Googlebot is still allowed", note)
	}
	if h := js[string](a, `document.querySelector("#ai-headline [data-purpose=ai-control]").textContent`); h != "Control tokens: Google-Extended blocked" {
		t.Errorf("control tokens' headline %q", h)
	}
	// The server's answer changes nothing the file says, but the view
	// says what it means, and stops saying it when it is a 200 again.
	const noteJS = `(document.getElementById("ai-server-note") || {textContent: ""}).textContent`
	a.choose("select#status", "", `\b404\b`)
	waitFor(a, "the AI view's note on a 404", noteJS, func(s string) bool { return strings.Contains(s, "Server answer: ") })
	a.choose("select#status", "200", "^200")
	waitFor(a, "no server note on a 200", noteJS, func(s string) bool { return s == "" })
}

// On a sample of corpus files (the native test, wasm/model, covers all
// 386), each crawler of the AI view has the verdict and deciding line at
// / that the Matrix's summary shows for it with every crawler as columns.
func TestBrowserAIViewEqualsMatrix(t *testing.T) {
	ctx := newBrowser(t)
	a := openApp(t, ctx, serveSite(t))
	for _, file := range []string{"0045.txt", "0075.txt", "0173.txt", "0184.txt", "0252.txt"} {
		body, err := os.ReadFile(sharedPath(t, "corpus", "real", file))
		if err != nil {
			t.Fatal(err)
		}
		a.setText("textarea#robots", string(body))
		a.setText("textarea#urls", "https://example.com/")
		crawlers := a.openAI()
		a.openTab("matrix")
		a.choose("#matrix-preset", "all", "")
		type summaryRow struct{ Name, Root, Line string }
		rows := waitFor(a, "the matrix summary", `Array.from(document.querySelectorAll("#matrix-summary tbody tr")).map(tr => ({
			Name: tr.querySelector("th").textContent, Root: tr.dataset.root,
			Line: (tr.querySelector("td.verdict .ln")?.textContent ?? "").replace("line ", "")}))`,
			func(r []summaryRow) bool { return len(r) > len(crawlers) })
		matrix := map[string]summaryRow{}
		for _, r := range rows {
			matrix[r.Name] = r
		}
		for _, c := range crawlers {
			m, ok := matrix[c.Name]
			line := c.Line
			if line == "0" {
				line = ""
			}
			if !ok || m.Root != c.Root || m.Line != line {
				t.Errorf("%s: %s in the AI view is %s (line %s), in the Matrix %+v", file, c.Name, c.Root, c.Line, m)
			}
		}
	}
}

// A policy chosen in the page: the change proposed lists every flip at /
// (the AI training crawlers, OpenAI's left allowed), Apply puts it in the
// editor and the view then shows them blocked, Undo restores the exact
// text, CRLF line breaks and all.
func TestBrowserAIPolicyApplyUndo(t *testing.T) {
	ctx := newBrowser(t)
	a := openApp(t, ctx, serveSite(t))
	captureDownloads(a)
	original := "User-agent: *\r\nDisallow: /private\r\n\r\nUser-agent: CCBot\r\nAllow: /\r\n"
	path := filepath.Join(t.TempDir(), "robots.txt")
	if err := os.WriteFile(path, []byte(original), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.CSS("input#open-file"), []string{path})); err != nil {
		t.Fatal(err)
	}
	waitFor(a, "the opened file in the editor", `document.getElementById("robots").value`,
		func(s string) bool { return s == strings.ReplaceAll(original, "\r\n", "\n") })
	a.openAI()
	a.choose("#ai-policy-ai-training", "blocked", "")
	a.choose("#ai-policy-OpenAI", "allowed", "")
	flips := waitFor(a, "the proposed change's flips", `Array.from(document.querySelectorAll("#ai-flips li")).map(li => li.dataset.crawler + "@" + li.dataset.url + "=" + li.dataset.verdict)`,
		func(f []string) bool { return len(f) > 0 })
	if by := js[string](a, `document.getElementById("ai-proposal").dataset.by`); by != "page" {
		t.Errorf("a short file's proposal was written by the %s, want the page", by)
	}
	js[bool](a, `(document.getElementById("ai-policy").scrollIntoView({block: "start"}), true)`)
	screenshot(t, ctx, "ai-policy")
	var training []string
	for _, c := range js[[]aiCrawler](a, aiCrawlersJS) {
		purpose := js[string](a, `document.querySelector('#ai-operators [data-crawler="`+c.Name+`"] .ai-purpose').textContent`)
		if strings.Contains(purpose, "AI training") && c.Root == "allowed" && c.Operator != "OpenAI" && c.Obeys != "0" {
			training = append(training, c.Name+"@/=blocked")
		}
	}
	var atRoot []string
	for _, f := range flips {
		name, _, _ := strings.Cut(f, "@")
		if !slices.Contains(training, name+"@/=blocked") {
			t.Errorf("the flip %s is of a crawler the policy does not move", f)
		}
		if strings.Contains(f, "@/=") {
			atRoot = append(atRoot, f)
		}
	}
	slices.Sort(atRoot)
	slices.Sort(training)
	if len(training) == 0 || !slices.Equal(atRoot, training) {
		t.Errorf("the flips at / %v, want the AI training crawlers but OpenAI's blocked %v", atRoot, training)
	}
	a.click("#ai-apply")
	waitFor(a, "the AI training crawlers blocked but GPTBot", `document.querySelector("#ai-headline [data-purpose=ai-training]").dataset.allowed`,
		func(n string) bool { return n == "1" })
	if gpt := js[string](a, `document.querySelector("#ai-operators [data-crawler=GPTBot]").dataset.root`); gpt != "allowed" {
		t.Errorf("GPTBot is %s after a policy that allows OpenAI", gpt)
	}
	applied := string(download(a, "#download"))
	if !strings.HasPrefix(applied, "User-agent: *\r\nDisallow: /private\r\n\r\nUser-agent: CCBot\r\nUser-agent: ClaudeBot\r\n") ||
		!strings.HasSuffix(applied, "\r\nDisallow: /\r\n") || strings.Contains(applied, "Allow: /\r\n") || strings.Count(applied, "\n") != strings.Count(applied, "\r\n") {
		t.Errorf("the file after Apply (CCBot's own group reused, CRLF kept):\n%q", applied)
	}
	a.click("#ai-undo")
	waitFor(a, "CCBot allowed again", `document.querySelector("#ai-operators [data-crawler=CCBot]").dataset.root`,
		func(s string) bool { return s == "allowed" })
	if got := string(download(a, "#download")); got != original {
		t.Errorf("after Undo the file is\n%q\nwant the exact bytes before\n%q", got, original)
	}
	if gone := js[bool](a, `document.getElementById("ai-undo") === null`); !gone {
		t.Error("Undo is still offered after undoing")
	}
}

// robotsTester.audit gives the object `audit -json` prints, on corpus
// files and with URLs.
func TestBrowserScriptAuditEqualsCommand(t *testing.T) {
	bin := testerBinary(t)
	ctx := newBrowser(t)
	a := openApp(t, ctx, serveSite(t))
	urls := []string{"https://example.com/", "https://example.com/news/x"}
	for _, file := range []string{"0001.txt", "0045.txt", "0080.txt", "0173.txt", "0184.txt", "0252.txt"} {
		path := sharedPath(t, "corpus", "real", file)
		body, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bin, "audit", "-robots", path, "-json", "-url", urls[0], "-url", urls[1])
		out, err := cmd.Output()
		if err != nil && cmd.ProcessState.ExitCode() != 1 { // 1: a warning found
			t.Fatalf("audit %s: %v", file, err)
		}
		var want, got any
		if err := json.Unmarshal(out, &want); err != nil {
			t.Fatal(err)
		}
		page := call[string](a, `(body, urls) => JSON.stringify(robotsTester.audit(body, urls))`, string(body), urls)
		if err := json.Unmarshal([]byte(page), &got); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: robotsTester.audit differs from audit -json:\npage: %.600s\ncommand: %.600s", file, page, out)
		}
	}
	if e := js[string](a, `robotsTester.audit(42).error`); !strings.Contains(e, "robotsTester.audit(robotsTxt") {
		t.Errorf("a wrong argument gives %q", e)
	}
}

// A long file's policy is written in a worker (aiview/workerpolicy.go):
// the page shows the same kind of proposal, applies it, and Undo restores
// the exact bytes.
func TestBrowserAIPolicyLongFileInWorker(t *testing.T) {
	path := sharedPath(t, "corpus", "real", "0018.txt")
	original, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx := newBrowser(t)
	a := openApp(t, ctx, serveSite(t))
	captureDownloads(a)
	if err := chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.CSS("input#open-file"), []string{path})); err != nil {
		t.Fatal(err)
	}
	a.openAI()
	waitFor(a, "the long file in the page", `document.getElementById("ai-status").dataset.lines`, func(n string) bool { return mustAtoi(n) > 1000 })
	const trainingAllowedJS = `document.querySelector("#ai-headline [data-purpose=ai-training]").dataset.allowed`
	before := js[string](a, trainingAllowedJS)
	if before == "0" {
		t.Fatal("the file blocks every AI training crawler already: pick another")
	}
	a.choose("#ai-policy-ai-training", "blocked", "")
	flips := waitFor(a, "the proposal from the worker", `Array.from(document.querySelectorAll("#ai-flips li")).map(li => li.dataset.crawler + "@" + li.dataset.url)`,
		func(f []string) bool { return len(f) > 0 })
	if !slices.ContainsFunc(flips, func(f string) bool { return strings.HasSuffix(f, "@/") }) {
		t.Errorf("no flip at / in %v", flips)
	}
	if by := js[string](a, `document.getElementById("ai-proposal").dataset.by`); by != "worker" {
		t.Errorf("the proposal of a %d-byte file was written by the %s, want a worker", len(original), by)
	}
	a.click("#ai-apply")
	waitFor(a, "every AI training crawler blocked", trainingAllowedJS, func(n string) bool { return n == "0" })
	a.click("#ai-undo")
	waitFor(a, "the file restored", trainingAllowedJS, func(n string) bool { return n == before })
	if got := download(a, "#download"); string(got) != string(original) {
		t.Errorf("after Undo the file differs from the one opened (%d bytes, want %d)", len(got), len(original))
	}
}

// The policy chosen travels with the state (model/aipolicy.go): a reload
// brings the choices back from the autosave, and a link made with them
// opens with them chosen and the same change proposed, over a draft that
// has none.
func TestBrowserAIPolicyInLinkAndDraft(t *testing.T) {
	ctx := newBrowser(t)
	base := serveSite(t)
	a := openApp(t, ctx, base)
	a.setText("textarea#robots", "User-agent: *\nDisallow: /private\n")
	a.openAI()
	a.choose("#ai-policy-ai-training", "blocked", "")
	a.choose("#ai-policy-OpenAI", "allowed", "")
	const flipsJS = `Array.from(document.querySelectorAll("#ai-flips li")).map(li => li.dataset.crawler + "@" + li.dataset.url + "=" + li.dataset.verdict)`
	flips := waitFor(a, "the proposed change's flips", flipsJS, func(f []string) bool { return len(f) > 0 })
	js[bool](a, `document.querySelector("#copy-link").click(), true`)
	link := waitFor(a, "the link in #share-message[data-link]", `document.querySelector("#share-message").dataset.link || ""`,
		func(s string) bool { return s != "" })
	const choicesJS = `["ai-training", "OpenAI", "ai-search"].map(k => document.getElementById("ai-policy-" + k).value).join(",")`
	const chosen = "blocked,allowed,"

	// A reload: the draft the page saved as it went keeps the choices.
	a = openApp(t, ctx, base)
	a.openAI()
	waitFor(a, "the choices from the draft", choicesJS, func(s string) bool { return s == chosen })
	if got := waitFor(a, "the change proposed again", flipsJS, func(f []string) bool { return len(f) > 0 }); !slices.Equal(got, flips) {
		t.Errorf("after a reload the flips are %v, want %v", got, flips)
	}

	// The draft without them, then the link: the link's choices win.
	a.click("#ai-clear")
	waitFor(a, "the choices cleared", choicesJS, func(s string) bool { return s == ",," })
	a = openApp(t, ctx, link)
	a.openAI()
	waitFor(a, "the link's choices", choicesJS, func(s string) bool { return s == chosen })
	if got := waitFor(a, "the link's change proposed", flipsJS, func(f []string) bool { return len(f) > 0 }); !slices.Equal(got, flips) {
		t.Errorf("the link proposes the flips %v, want %v", got, flips)
	}
}
