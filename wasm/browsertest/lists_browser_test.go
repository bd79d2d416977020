//go:build !js

package browsertest

// Keyboard paths through the lists the page writes as HTML (issue 22):
// each list of rule hits and of findings is one Tab stop, the arrows move
// inside it, and the rules that decide nothing fold into one line.

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

func TestBrowserOneTabStopPerList(t *testing.T) {
	ctx := newBrowser(t)
	a := openApp(t, ctx, startTester(t))
	robots := "User-agent: *\nDisallow: /a\nDisallow: /b\nDisallow: /c\nDisallow: /unused-1\nDisallow: /unused-2\nDissallow: /typo-1\nDissallow: /typo-2\n"
	// The misspelt lines are rules too (Google reads Dissallow as Disallow):
	// with the two unused ones, four rules decide nothing.
	a.load(robots, "https://example.com/a", "https://example.com/b", "https://example.com/c")

	type lists struct {
		HitStops, HitButtons, FindingStops, Findings int
		Folded, FoldOpen                             string
	}
	listsJS := `(() => {
		const n = s => document.querySelectorAll(s).length;
		const fold = document.querySelector("#hits details.hits-unused");
		return {HitStops: n('#hits button.hit[tabindex="0"]'), HitButtons: n("#hits button.hit"),
			FindingStops: n('#findings button.diag[tabindex="0"]'), Findings: n("#findings button.diag"),
			Folded: fold ? fold.querySelector("summary").textContent : "", FoldOpen: fold ? String(fold.open) : ""};
	})()`
	got := waitFor(a, "the rule hits and the findings written", listsJS, func(l lists) bool { return l.HitButtons >= 5 && l.Findings >= 2 })
	if got.HitStops != 1 || got.FindingStops != 1 {
		t.Errorf("Tab stops: %d in %d rule hits, %d in %d findings; want one a list", got.HitStops, got.HitButtons, got.FindingStops, got.Findings)
	}
	if !strings.Contains(got.Folded, "4 rules of the groups this crawler obeys decide no URL of this list") || got.FoldOpen != "false" {
		t.Errorf("the rules that decide nothing: %q (open %s); want one closed line with their count", got.Folded, got.FoldOpen)
	}

	// The arrows move the focus, and the Tab stop, inside a list.
	focused := `(() => { const e = document.activeElement; return e ? (e.dataset.line || "") + "/" + e.getAttribute("tabindex") : ""; })()`
	js[bool](a, `document.querySelector('#hits button.hit[tabindex="0"]').focus(), true`)
	first := js[string](a, focused)
	if err := chromedp.Do(a.ctx, chromedp.KeyEvent(kb.ArrowDown)); err != nil {
		t.Fatal(err)
	}
	second := js[string](a, focused)
	if second == first || !strings.HasSuffix(second, "/0") {
		t.Errorf("ArrowDown in the rule hits went from %q to %q; want the next rule, now the Tab stop", first, second)
	}
	if n := js[int](a, `document.querySelectorAll('#hits button.hit[tabindex="0"]').length`); n != 1 {
		t.Errorf("after ArrowDown the rule hits have %d Tab stops, want 1", n)
	}
	// The findings are in their panel, which their counts open.
	a.openFindings()
	js[bool](a, `document.querySelector('#findings button.diag[tabindex="0"]').focus(), true`)
	first = js[string](a, focused)
	if err := chromedp.Do(a.ctx, chromedp.KeyEvent(kb.End)); err != nil {
		t.Fatal(err)
	}
	if last := js[string](a, focused); last == first || !strings.HasSuffix(last, "/0") {
		t.Errorf("End in the findings went from %q to %q; want the last finding", first, last)
	}
}
