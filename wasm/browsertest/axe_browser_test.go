//go:build !js

package browsertest

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// Accessibility (issue 22: "axe-core at 0 violations"): axe-core, the
// checker browsers' own audits are built on, run inside the page as a
// person meets it, on the workbench, the phone, the findings and every
// view. It is a test-time dependency: testdata/axe/package.json pins it
// (with its package-lock.json), and `npm ci` there (make oracles) installs
// it into a git-ignored node_modules.

// axeDir holds the test-time axe-core.
var axeDir = filepath.Join("testdata", "axe")

// axeSource is axe-core's script. Without it the test skips, except under
// CI=true, where it fails.
func axeSource(t *testing.T) string {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(axeDir, "node_modules", "axe-core", "axe.min.js"))
	if err != nil {
		msg := "the accessibility check needs axe-core: run `npm ci --prefix wasm/browsertest/testdata/axe` (make oracles runs it)"
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s; CI=true requires it (%v)", msg, err)
		}
		t.Skip(msg + "; skipping")
	}
	return string(src)
}

// axeViolation is one rule axe found broken, with the elements that break
// it (each named by its CSS path, and what axe says to fix there).
type axeViolation struct {
	ID, Impact, Help, HelpURL string
	Nodes                     []struct {
		Target         []any
		HTML           string
		FailureSummary string
	}
}

// axeRunJS runs axe on the document, less the elements exclude names, with
// the rules ruleIDs names (every rule axe holds that is not experimental
// when none), and returns what checkAxe reads. Each call checks the page
// as it is then.
const axeRunJS = `(exclude, ruleIDs) => axe.run({exclude: exclude}, ruleIDs.length ? {runOnly: ruleIDs} : {}).then(r => ({
	Violations: r.violations.map(v => ({
		ID: v.id, Impact: v.impact || "", Help: v.help, HelpURL: v.helpUrl,
		Nodes: v.nodes.map(n => ({Target: n.target, HTML: n.html.slice(0, 200), FailureSummary: n.failureSummary || ""})),
	})),
	Passed: r.passes.map(p => p.id),
	// The elements where the contrast check stopped with an error: axe
	// then checks the contrast of nothing else on the page.
	Stopped: r.incomplete.filter(i => i.id === "color-contrast" && i.error).flatMap(i => i.nodes.map(n => ({Target: n.target, Error: i.error.message}))),
}))`

// axeLeaveOutJS marks the element axe names by target as left out of the
// contrast check: the table that scrolls by itself or the table heading it
// sits in (axe stops at each of their cells alike), else the element
// alone. It returns what it marked, for the log.
const axeLeaveOutJS = `target => {
	const e = document.querySelector(target[0]);
	if (!e) return "nothing (gone)";
	const out = e.closest(".table-wrap, thead") || e;
	out.setAttribute("data-axe-left-out", "");
	const table = out.closest("table");
	return out.tagName.toLowerCase() + (out.className ? "." + out.className.replaceAll(" ", ".") : "") + (table && table.id ? " of table#" + table.id : "");
}`

// axeResult is what axeRunJS returns.
type axeResult struct {
	Violations []axeViolation
	Passed     []string
	Stopped    []struct {
		Target []any
		Error  string
	}
}

// checkAxe injects axe (once per page) and fails t with every violation on
// the page now: its rule, impact, help, and each element with its fix.
//
// axe-core stops its whole colour-contrast check at the first element it
// cannot place on its grid ("Element midpoint exceeds the grid bounds",
// dequelabs/axe-core#4253; here the sticky headings of tables that scroll
// inside the workbench's panes). The check is then run again without those
// elements, so that the rest of the page is still checked; they are
// logged (with the table heading they are in), and a page where contrast
// was checked nowhere fails.
func checkAxe(t *testing.T, a *app, src, where string) {
	t.Helper()
	if !js[bool](a, `typeof window.axe === "object"`) {
		if _, err := chromedp.Run(a.ctx, chromedp.Evaluate[any](src+";true", chromedp.EvalAwaitPromise)); err != nil {
			t.Fatalf("injecting axe-core: %v", err)
		}
	}
	res := call[axeResult](a, axeRunJS, []string{}, []string{})
	violations := res.Violations
	for try := 0; len(res.Stopped) > 0; try++ {
		if try == 5 {
			t.Errorf("%s: axe's contrast check still stops after leaving out what it stopped at: %s", where, res.Stopped[0].Error)
			break
		}
		for _, s := range res.Stopped {
			left := call[string](a, axeLeaveOutJS, s.Target)
			t.Logf("%s: axe cannot check the contrast of %s (%s); checking the rest without %s", where, fmtAny(s.Target), s.Error, left)
		}
		res = call[axeResult](a, axeRunJS, []string{"[data-axe-left-out]"}, []string{"color-contrast"})
		violations = append(violations, res.Violations...)
	}
	js[bool](a, `(document.querySelectorAll("[data-axe-left-out]").forEach(e => e.removeAttribute("data-axe-left-out")), true)`)
	if !slices.Contains(res.Passed, "color-contrast") && !slices.ContainsFunc(violations, func(v axeViolation) bool { return v.ID == "color-contrast" }) {
		t.Errorf("%s: axe checked the contrast of no element", where)
	}
	for _, v := range violations {
		var nodes strings.Builder
		for _, n := range v.Nodes {
			nodes.WriteString("\n\t" + fmtAny(n.Target) + ": " + strings.ReplaceAll(n.FailureSummary, "\n", " ") + "\n\t\t" + n.HTML)
		}
		t.Errorf("%s: axe rule %s (%s): %s (%s); %d elements:%s", where, v.ID, v.Impact, v.Help, v.HelpURL, len(v.Nodes), nodes.String())
	}
}

// fmtAny is an element's target as text: axe names it by a list of CSS
// selectors, nested for frames and shadow roots.
func fmtAny(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case []any:
		parts := make([]string, len(v))
		for i, p := range v {
			parts[i] = fmtAny(p)
		}
		return strings.Join(parts, " >>> ")
	}
	return ""
}

// TestBrowserAxe checks the page with axe-core at 1280×800 with
// Wikipedia's robots.txt tested and a result selected, with the findings
// open, in each view (Results, Matrix, Diff, Readers, AI crawlers), and on a
// 390×844 phone after a test. Any violation fails, naming the rule, the
// elements and the help.
func TestBrowserAxe(t *testing.T) {
	src := axeSource(t)

	t.Run("workbench", func(t *testing.T) {
		_, a := openWikipedia(t, 1280, 800, wikipediaURLs)
		rows := a.waitRows("the Wikipedia URLs' verdicts", func(rows []resultRow) bool {
			return len(rows) == len(wikipediaURLs) && rows[0].Verdict != ""
		})
		blocked := -1
		for i, r := range rows {
			if r.Verdict == "blocked" {
				blocked = i
				break
			}
		}
		if blocked < 0 {
			t.Fatalf("no Wikipedia URL is blocked: %+v", rows)
		}
		a.selectRow(blocked)
		a.waitDecided(mustAtoi(rows[blocked].Line))
		checkAxe(t, a, src, "the workbench with a result selected")

		a.openFindings()
		checkAxe(t, a, src, "the findings panel open")
		js[bool](a, `(document.querySelector("#diag-counts").click(), true)`)

		for _, view := range []struct{ id, what, ready string }{
			{"matrix", "the matrix", `document.querySelectorAll("table#matrix td[role=gridcell]").length > 0`},
			{"diff", "the diff against another version", `(() => {
				const o = document.querySelector("#diff-other");
				if (o && o.value === "") {
					o.value = "User-agent: *\nDisallow: /wiki/\n";
					o.dispatchEvent(new Event("input", {bubbles: true}));
					o.dispatchEvent(new Event("change", {bubbles: true}));
				}
				return document.querySelector("#diff-summary[data-flips]") !== null;
			})()`},
			{"readers", "the readers table", `document.querySelectorAll("#readers-table tr.reader-row").length === ` + strconv.Itoa(len(wikipediaURLs))},
			{"ai", "the AI crawlers", `document.querySelectorAll("#ai-operators .ai-crawler").length > 0`},
			{"results", "the results", `document.querySelectorAll("#results tr.result").length === ` + strconv.Itoa(len(wikipediaURLs))},
		} {
			a.openTab(view.id)
			waitFor(a, view.what, view.ready, func(ok bool) bool { return ok })
			checkAxe(t, a, src, "the "+view.id+" view")
		}

		// The dark scheme has colours of its own, which must contrast too.
		err := chromedp.Do(a.ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
				Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}},
			})
			return err
		}))
		if err != nil {
			t.Fatal(err)
		}
		if !js[bool](a, `matchMedia("(prefers-color-scheme: dark)").matches`) {
			t.Fatal("the page does not see the dark scheme asked for")
		}
		checkAxe(t, a, src, "the workbench in the dark scheme")
		a.openFindings()
		checkAxe(t, a, src, "the findings panel open in the dark scheme")
	})

	t.Run("phone", func(t *testing.T) {
		ctx := newBrowser(t)
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile)); err != nil {
			t.Fatal(err)
		}
		a := openApp(t, ctx, serveSite(t))
		a.crawler("Googlebot")
		a.setText("input#robots-url", "")
		a.load("user-agent: *\ndisallow: /private/\n", "https://example.com/private/x", "https://example.com/")
		waitFor(a, "the verdict bar", `(() => { const b = document.querySelector("#verdict-bar"); return !!b && !b.hidden; })()`, func(ok bool) bool { return ok })
		checkAxe(t, a, src, "the phone after a test")
	})
}
