//go:build !js

package browsertest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"robotstester/engine/catalogue"
)

// The workbench (issue 22, wasm/page.go): the answer beside its evidence.

// box is an element's place in the window (getBoundingClientRect), with
// what it is for failure messages; Missing when the page has no such
// element.
type box struct {
	What                     string
	Top, Bottom, Left, Right float64
	Missing                  bool
}

// boxJS returns the boxes of the elements selectors name, in order.
const boxJS = `(sels => sels.map(s => {
	const e = document.querySelector(s);
	if (!e) return {What: s, Missing: true};
	const r = e.getBoundingClientRect();
	return {What: s, Top: r.top, Bottom: r.bottom, Left: r.left, Right: r.right};
}))`

// inWindow reports what of b lies outside a window w × h: all of its
// height, and its left edge (a line's band runs on past the editor's right
// edge, under its clip).
func (b box) inWindow(w, h float64) string {
	switch {
	case b.Missing:
		return b.What + " is not on the page"
	case b.Bottom-b.Top <= 0:
		return b.What + " has no height"
	case b.Top < 0 || b.Bottom > h || b.Left < 0 || b.Left >= w:
		return fmt.Sprintf("%s spans x %.0f–%.0f, y %.0f–%.0f: not within the %.0f×%.0f window", b.What, b.Left, b.Right, b.Top, b.Bottom, w, h)
	}
	return ""
}

// pageScroll is how far the page itself is scrolled, across and down.
const pageScrollJS = `[window.scrollX, window.scrollY, document.scrollingElement.scrollTop]`

// TestBrowserWorkbench is issue 22's Done-when at 1280×800: with
// Wikipedia's robots.txt opened (corpus 0106.txt, the *.wikipedia.org
// file: 16 KB, its * group past line 130) and a handful of its URLs,
// selecting the first blocked result leaves the row, its deciding line
// (scrolled into the editor's own view) and the why all within the window,
// with no page scroll; the why's line number leads back to the line, and
// the one-URL test answers large at the top of the answers.
func TestBrowserWorkbench(t *testing.T) {
	path := wikipediaFile(t)
	body, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	crawler, _ := catalogue.FindCrawler("Googlebot")
	want := engineTruth(body, crawler, wikipediaURLs)
	first := -1
	for i, r := range want.rows {
		if r.verdict == "blocked" {
			first = i
			break
		}
	}
	if first < 0 || mustAtoi(want.rows[first].line) <= 130 {
		t.Fatalf("the engine blocks none of %q past line 130 of 0106.txt (rows %v): the test needs one", wikipediaURLs, want.rows)
	}
	line := mustAtoi(want.rows[first].line)

	const width, height = 1280, 800
	ctx, a := openWikipedia(t, width, height, wikipediaURLs)
	rows := a.waitRows("the Wikipedia URLs' verdicts", func(rows []resultRow) bool {
		return len(rows) == len(wikipediaURLs) && rows[first].Verdict == "blocked" && rows[first].Line == want.rows[first].line
	})
	for i, r := range rows {
		if r.Verdict != want.rows[i].verdict || r.Line != want.rows[i].line {
			t.Errorf("%s: the page says %s by line %s, the engine %s by line %s", r.URL, r.Verdict, r.Line, want.rows[i].verdict, want.rows[i].line)
		}
	}

	// together selects the first blocked result and checks that its row,
	// its deciding line and the why are all on screen, the page unscrolled.
	together := func(t *testing.T) {
		a.selectRow(first)
		a.waitDecided(line)
		// The editor scrolls itself to the line; its gutter follows in the
		// same task, so the line is placed when #decided-line is.
		boxes := call[[]box](a, boxJS, []string{"#results tr.result.selected", "#decided-line", "#why", "#robots", "#results-scroll", ".answers"})
		for _, b := range boxes[:3] {
			if msg := b.inWindow(width, height); msg != "" {
				t.Error(msg)
			}
		}
		// Each also within what shows it: a row or a line clipped by its
		// scroller is not on screen, whatever its box.
		for _, in := range []struct{ b, view box }{{boxes[0], boxes[4]}, {boxes[1], boxes[3]}, {boxes[2], boxes[5]}} {
			if in.b.Top < in.view.Top || in.b.Bottom > in.view.Bottom {
				t.Errorf("%s (y %.0f–%.0f) is not within the view of %s (y %.0f–%.0f)", in.b.What, in.b.Top, in.b.Bottom, in.view.What, in.view.Top, in.view.Bottom)
			}
		}
		if s := js[[]float64](a, pageScrollJS); s[0] != 0 || s[1] != 0 || s[2] != 0 {
			t.Errorf("the page itself scrolled to %v: the workbench should fit the window", s)
		}
		if h := js[float64](a, `document.scrollingElement.scrollHeight`); h > height {
			t.Errorf("the page is %.0f px high in a %d px window: it should be the window", h, height)
		}
	}
	together(t)
	if why := js[string](a, `document.querySelector("#why .winner").textContent`); !strings.Contains(why, "line "+want.rows[first].line) {
		t.Errorf("#why .winner %q does not name line %d", why, line)
	}
	// The polite live region says one short sentence naming the URL; the
	// panel itself is not live (it would be read whole at every key).
	wantLive := fmt.Sprintf("Blocked by line %d: %s", line, wikipediaURLs[first])
	waitFor(a, "#why-live to say "+wantLive, `(() => { const l = document.querySelector("#why-live"); return l ? l.getAttribute("aria-live") + "|" + l.textContent : ""; })()`,
		func(s string) bool { return s == "polite|"+wantLive })
	if live := js[[]string](a, `[...document.querySelectorAll("#why [aria-live], #why[aria-live]")].map(e => e.id)`); len(live) != 1 || live[0] != "why-live" {
		t.Errorf("the live regions in the why panel: %q; want #why-live alone", live)
	}
	screenshot(t, ctx, "workbench-1280")
	if *updateScreenshot {
		saveScreenshot(t, ctx, filepath.Join(root, "testdata", "screenshots", "workbench-1280.png"))
	}

	t.Run("why's line number leads to the line", func(t *testing.T) {
		a.t = t
		link := js[string](a, `(document.querySelector("#why-line") || {textContent: ""}).textContent.trim()`)
		if link != "Line "+strconv.Itoa(line) {
			t.Fatalf("#why-line reads %q, want %q", link, "Line "+strconv.Itoa(line))
		}
		// Scroll the editor away, then follow the link back.
		js[bool](a, `(() => { const r = document.querySelector("#robots"); r.scrollTop = 0; r.dispatchEvent(new Event("scroll")); return true; })()`)
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#why-line"))); err != nil {
			t.Fatal(err)
		}
		waitFor(a, "the editor scrolled back to line "+strconv.Itoa(line), `(() => {
			const r = document.querySelector("#robots");
			const y = 8 + (`+strconv.Itoa(line)+` - 1) * 20;
			return y >= r.scrollTop && y + 20 <= r.scrollTop + r.clientHeight;
		})()`, func(in bool) bool { return in })
	})

	t.Run("each row's why starts at its heading", func(t *testing.T) {
		a.t = t
		if !js[bool](a, `(() => { const w = document.querySelector("#why"); w.scrollTop = w.scrollHeight; return w.scrollTop > 0; })()`) {
			t.Skip("the why fits without scrolling: nothing to check")
		}
		// Another blocked row: a why as long, which would keep the scroll.
		next := -1
		for i := first + 1; i < len(want.rows); i++ {
			if want.rows[i].verdict == "blocked" {
				next = i
				break
			}
		}
		if next < 0 {
			t.Fatalf("one blocked URL only in %q: the test needs two", wikipediaURLs)
		}
		a.selectRow(next)
		a.waitDecided(mustAtoi(want.rows[next].line))
		if top := js[float64](a, `document.querySelector("#why").scrollTop`); top != 0 {
			t.Errorf("the why of the row selected next is scrolled to %.0f, want its heading (0)", top)
		}
		a.selectRow(first)
		a.waitDecided(line)
	})

	t.Run("findings open from their counts", func(t *testing.T) {
		a.t = t
		before := call[[]box](a, boxJS, []string{".editor-frame"})[0]
		a.openFindings()
		after := call[[]box](a, boxJS, []string{".editor-frame", "#findings-panel"})
		if after[0].Top != before.Top || after[0].Bottom-after[0].Top < 15*16-60 {
			t.Errorf("opening the findings moved or shrank the editor: from %+v to %+v", before, after[0])
		}
		if msg := after[1].inWindow(width, height); msg != "" {
			t.Error(msg)
		}
		js[bool](a, `(document.querySelector("#findings-panel button.diag").focus(), true)`)
		if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Escape)); err != nil {
			t.Fatal(err)
		}
		waitFor(a, "Escape to close the findings, the focus on their counts",
			`document.querySelector("#findings-panel").hidden && document.activeElement.id === "diag-counts"`,
			func(closed bool) bool { return closed })
	})

	// The Done-when says pasted: the file pasted over the editor's text,
	// as a person does with Ctrl+A, Ctrl+V, after another file.
	t.Run("pasted", func(t *testing.T) {
		a.t = t
		a.pasteRobots("user-agent: *\ndisallow: /nothing-here\n")
		a.waitRows("the URLs allowed by a file that blocks none", func(rows []resultRow) bool {
			return len(rows) == len(wikipediaURLs) && rows[first].Verdict == "allowed"
		})
		js[bool](a, `(() => { const r = document.querySelector("#robots"); r.scrollTop = 0; r.dispatchEvent(new Event("scroll")); return true; })()`)
		a.pasteRobots(string(body))
		a.waitRows("the Wikipedia URLs' verdicts again", func(rows []resultRow) bool {
			return len(rows) == len(wikipediaURLs) && rows[first].Verdict == "blocked" && rows[first].Line == want.rows[first].line
		})
		together(t)
	})

	t.Run("one-URL test", func(t *testing.T) {
		a.t = t
		a.setText("input#quick-url", wikipediaURLs[first])
		got := waitFor(a, "#quick-verdict's answer", `(() => {
			const v = document.querySelector("#quick-verdict");
			return v ? [v.dataset.verdict || "", v.textContent.trim()] : ["", ""];
		})()`, func(v []string) bool { return v[0] != "" })
		if got[0] != "blocked" || !strings.Contains(got[1], "line "+strconv.Itoa(line)) || !strings.Contains(got[1], want.rows[first].rule) {
			t.Errorf("#quick-verdict %q reads %q, want blocked by line %d, %q", got[0], got[1], line, want.rows[first].rule)
		}
		if b := call[[]box](a, boxJS, []string{"#quick-verdict .word"})[0]; b.inWindow(width, height) != "" || b.Top > height/4 {
			t.Errorf("the one-URL verdict is not large at the top of the answers: %+v", b)
		}
		if n := js[int](a, `document.querySelectorAll("#results tr.result").length`); n != len(wikipediaURLs) {
			t.Errorf("the one-URL test changed the list: %d rows, want %d", n, len(wikipediaURLs))
		}
		screenshot(t, ctx, "workbench-1280-quick")
	})
}

// wikipediaFile is Wikipedia's robots.txt in the real corpus (0106.txt,
// the *.wikipedia.org file), as an absolute path to open.
func wikipediaFile(t testing.TB) string {
	t.Helper()
	path, err := filepath.Abs(filepath.Join(sharedPath(t, "corpus", "real"), "0106.txt"))
	if err != nil {
		t.Fatal(err)
	}
	return path
}

// openWikipedia opens the page in a width × height window, as Googlebot
// with no "Served at", and Wikipedia's robots.txt opened as a file after
// urls were pasted, as a new user would.
func openWikipedia(t testing.TB, width, height int64, urls []string, opts ...chromedp.EmulateViewportOption) (context.Context, *app) {
	t.Helper()
	path := wikipediaFile(t)
	ctx := newBrowser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, height, opts...)); err != nil {
		t.Fatal(err)
	}
	a := openApp(t, ctx, serveSite(t))
	a.crawler("Googlebot")
	a.setText("input#robots-url", "")
	a.setText("textarea#urls", strings.Join(urls, "\n"))
	a.openRobotsFile(path)
	return ctx, a
}

// verdictBarJS reads the phone's verdict bar: its verdict and its text.
const verdictBarJS = `(() => {
	const b = document.querySelector("#verdict-bar");
	return b && !b.hidden ? [b.dataset.verdict || "", b.textContent] : ["", ""];
})()`

// barFirst checks, with the page scrolled to its top, that the verdict
// bar is in the window above the rest of the tester, and returns its box.
func (a *app) barFirst(width, height float64) box {
	a.t.Helper()
	js[bool](a, `(scrollTo(0, 0), true)`)
	boxes := call[[]box](a, boxJS, []string{"#verdict-bar", ".topbar", ".editor-frame", "#quick", "#results-section"})
	if msg := boxes[0].inWindow(width, height); msg != "" {
		a.t.Fatal(msg)
	}
	for _, b := range boxes[1:] {
		if !b.Missing && b.Top < boxes[0].Bottom {
			a.t.Errorf("%s (top %.0f) comes before the verdict bar (bottom %.0f)", b.What, b.Top, boxes[0].Bottom)
		}
	}
	return boxes[0]
}

// tapBar taps the verdict bar and waits for line, marked as deciding, to
// be in view below the bar.
func (a *app) tapBar(line int) {
	a.t.Helper()
	if err := chromedp.Do(a.ctx, chromedp.Click(chromedp.CSS("#verdict-bar button"))); err != nil {
		a.t.Fatal(err)
	}
	a.waitDecided(line)
	waitFor(a, "line "+strconv.Itoa(line)+" in view below the bar", `(() => {
		const d = document.querySelector("#decided-line"), b = document.querySelector("#verdict-bar");
		if (!d || !b) return false;
		const r = d.getBoundingClientRect();
		return r.top >= b.getBoundingClientRect().bottom && r.bottom <= innerHeight;
	})()`, func(in bool) bool { return in })
}

// TestBrowserPhoneWikipedia is the Done-when's phone: Wikipedia's file and
// URLs on a 390×844 phone, the first blocked result tapped. Its verdict,
// line and URL are in the verdict bar above the rest of the tester, and
// tapping the bar brings the deciding line (past line 130) into view below it.
func TestBrowserPhoneWikipedia(t *testing.T) {
	body, err := os.ReadFile(wikipediaFile(t))
	if err != nil {
		t.Fatal(err)
	}
	crawler, _ := catalogue.FindCrawler("Googlebot")
	want := engineTruth(body, crawler, wikipediaURLs)
	first := slices.IndexFunc(want.rows, func(r truthRow) bool { return r.verdict == "blocked" })
	if first < 0 {
		t.Fatalf("the engine blocks none of %q", wikipediaURLs)
	}
	line := want.rows[first].line
	const width, height = 390, 844
	_, a := openWikipedia(t, width, height, wikipediaURLs, chromedp.EmulateMobile)
	a.waitRows("the Wikipedia URLs' verdicts", func(rows []resultRow) bool {
		return len(rows) == len(wikipediaURLs) && rows[first].Verdict == "blocked" && rows[first].Line == line
	})
	a.selectRow(first)
	a.waitDecided(mustAtoi(line))
	bar := waitFor(a, "the verdict bar to show the selected result", verdictBarJS,
		func(v []string) bool { return strings.Contains(v[1], wikipediaURLs[first]) })
	if bar[0] != "blocked" || !strings.Contains(bar[1], "line "+line) {
		t.Errorf("the verdict bar is %q, %q: want %s blocked by line %s", bar[0], bar[1], wikipediaURLs[first], line)
	}
	a.barFirst(width, height)
	js[bool](a, `(scrollTo(0, document.scrollingElement.scrollHeight), true)`)
	a.tapBar(mustAtoi(line))
}

// TestBrowserPhoneVerdictFirst: on a 390×844 phone, after a test, the
// answer comes first. The verdict bar is above the rest of the tester and
// stays at the top of the window as the page scrolls; tapping it selects
// the result and brings its deciding line (past line 130, so the editor
// must scroll) into view below the bar.
func TestBrowserPhoneVerdictFirst(t *testing.T) {
	var file strings.Builder
	for i := range 140 {
		fmt.Fprintf(&file, "# line %d: a long preamble, as real files have\n", i+1)
	}
	file.WriteString("user-agent: *\ndisallow: /private/\n")
	const decides = 142
	ctx := newBrowser(t)
	const width, height = 390, 844
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, height, chromedp.EmulateMobile)); err != nil {
		t.Fatal(err)
	}
	a := openApp(t, ctx, serveSite(t))
	a.crawler("Googlebot")
	a.setText("input#robots-url", "")
	a.load(file.String(), "https://example.com/private/x", "https://example.com/")
	bar := waitFor(a, "the verdict bar to show the first result", verdictBarJS, func(v []string) bool { return v[0] != "" })
	if bar[0] != "blocked" || !strings.Contains(bar[1], "line "+strconv.Itoa(decides)) || !strings.Contains(bar[1], "/private/x") {
		t.Errorf("the verdict bar is %q, %q: want the first result, blocked by line %d", bar[0], bar[1], decides)
	}
	if b := a.barFirst(width, height); b.Top > height/4 {
		t.Errorf("the verdict bar starts at y %.0f, not first in view", b.Top)
	}
	screenshot(t, ctx, "phone-390")
	if *updateScreenshot {
		saveScreenshot(t, ctx, filepath.Join(root, "testdata", "screenshots", "phone-390.png"))
	}

	js[bool](a, `(scrollTo(0, document.scrollingElement.scrollHeight), true)`)
	if b := call[[]box](a, boxJS, []string{"#verdict-bar"})[0]; b.Top != 0 {
		t.Errorf("scrolled down, the verdict bar is at y %.0f, want it to stay at the top (0)", b.Top)
	}
	a.tapBar(decides)
	screenshot(t, ctx, "phone-390-line")
	if *updateScreenshot {
		saveScreenshot(t, ctx, filepath.Join(root, "testdata", "screenshots", "phone-390-line.png"))
	}
}
