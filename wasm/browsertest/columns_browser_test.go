//go:build !js

package browsertest

import (
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// Column widths (issue 22, "Tables cut what matters"): at 1280 px the URL
// gets the room, a column with nothing to show takes none, and a URL too
// long for its cell is whole on focus and in its title.

// urlCell is how a URL's cell shows it: its text, title, whether the text
// fits the cell across and down, and the cell's place in the window beside
// the place of the scroller that shows it.
type urlCell struct {
	Text, Title                  string
	Whole                        bool
	Width, Left, Right, Bottom   float64
	ViewLeft, ViewRight, ViewBot float64
	Missing                      bool
}

// urlCellJS reads the cell cellSel in the first rowSel whose cellSel's
// text is url; its view is the closest .table-wrap, else the rowSel.
const urlCellJS = `((rowSel, cellSel, url) => {
	const tr = [...document.querySelectorAll(rowSel)].find(tr => {
		const c = tr.querySelector(cellSel);
		return c && c.textContent.trim() === url;
	});
	if (!tr) return {Missing: true};
	const c = tr.querySelector(cellSel);
	// A cell's text is whole when nothing of it is cut: neither its own
	// box (an ellipsis) nor that of an element inside (a line clamp).
	const fits = e => e.scrollWidth <= e.clientWidth + 1 && e.scrollHeight <= e.clientHeight + 1;
	const whole = fits(c) && [...c.children].every(fits);
	const r = c.getBoundingClientRect(), v = (tr.closest(".table-wrap") || tr).getBoundingClientRect();
	return {Text: c.textContent.trim(), Title: c.getAttribute("title") || "", Whole: whole,
		Width: r.width, Left: r.left, Right: r.right, Bottom: r.bottom, ViewLeft: v.left, ViewRight: v.right, ViewBot: v.bottom};
})`

// shown reports what keeps c from being read whole in its scroller, "" if
// nothing does.
func (c urlCell) shown(url string) string {
	switch {
	case c.Missing:
		return "no row shows " + url
	case !c.Whole:
		return "its text is cut"
	case c.Left < c.ViewLeft-1 || c.Right > c.ViewRight+1:
		return "it lies outside its table's view across"
	case c.Bottom > c.ViewBot+1:
		return "it runs past the bottom of its table's view"
	}
	return ""
}

// TestBrowserColumnsGiveTheURLRoom: with Wikipedia's robots.txt and its
// URLs at 1280×800, an article's URL is shown whole in the results (or,
// longer than the room, whole once its row has the focus), its title holds
// it whole for a pointer, and the Scope column, empty for every row, takes
// no room until a URL lies outside the file's scope. The Readers view shows
// the same URL whole too, and keeps it in view as its readers scroll past.
func TestBrowserColumnsGiveTheURLRoom(t *testing.T) {
	const article = "https://en.wikipedia.org/wiki/Robots_exclusion_standard"
	const longer = "https://en.wikipedia.org/wiki/Special:WhatLinksHere/Robots_exclusion_standard?limit=500&hidetrans=1"
	urls := append(append([]string{}, wikipediaURLs...), longer)
	if !strings.Contains(strings.Join(urls, "\n"), article) {
		t.Fatalf("wikipediaURLs no longer hold %s", article)
	}
	ctx, a := openWikipedia(t, 1280, 800, urls)
	a.waitRows("a row for each Wikipedia URL", func(rows []resultRow) bool { return len(rows) == len(urls) && rows[0].Verdict != "" })

	const row = "#results tr.result"
	// Every URL here is on the host the file is served at: the Scope
	// column has nothing to show.
	scope := js[[]float64](a, `[...document.querySelectorAll("#results .scope")].map(e => e.getBoundingClientRect().width)`)
	if len(scope) != len(urls)+1 {
		t.Fatalf("%d Scope cells (the header's and each row's), want %d", len(scope), len(urls)+1)
	}
	for _, w := range scope {
		if w > 16 {
			t.Errorf("the Scope column, empty for every row, is %.0f px wide: it should take no room", w)
			break
		}
	}

	// Each URL is whole at rest or, longer than the room, once its row is
	// reached with the keys: its cell then wraps and grows down over the
	// rows below. The why, beside it, names the selected URL whole.
	for _, u := range []string{article, longer} {
		cell := call[urlCell](a, urlCellJS, row, "td.url", u)
		if cell.Missing || cell.Title != u {
			t.Errorf("the cell of %s: %+v; want its title to hold it whole", u, cell)
			continue
		}
		if cell.shown(u) == "" {
			continue
		}
		if u == article {
			t.Logf("%s is cut at rest in %.0f px: whole on focus", u, cell.Width)
		}
		// Click the row above, then ArrowDown, as a keyboard user moves.
		i := call[int](a, `url => Number([...document.querySelectorAll("#results tr.result")].find(tr => tr.querySelector("td.url").textContent.trim() === url).dataset.index)`, u)
		a.selectRow(i - 1)
		if err := chromedp.Do(a.ctx, chromedp.KeyEvent(kb.ArrowDown)); err != nil {
			t.Fatal(err)
		}
		waitFor(a, "the focus on the row of "+u, `document.activeElement && document.activeElement.matches("#results tr.result.selected:focus-visible") && document.activeElement.dataset.index === "`+strconv.Itoa(i)+`"`, func(ok bool) bool { return ok })
		cell = call[urlCell](a, urlCellJS, row, "td.url", u)
		if msg := cell.shown(u); msg != "" && !strings.Contains(msg, "bottom") {
			t.Errorf("%s in its row reached with the keys: %s", u, msg)
		}
		why := call[urlCell](a, urlCellJS, "#why", "h2 code", u)
		if msg := why.shown(u); msg != "" && !strings.Contains(msg, "across") {
			t.Errorf("%s in the why's heading: %s", u, msg)
		}
	}
	// A click selects without the keys: the cell stays one line, so the
	// rows below stay readable (the title and the why hold the URL).
	a.selectRow(0)
	waitFor(a, "row 0 selected", `document.activeElement && document.activeElement.matches("#results tr.result.selected") && document.activeElement.dataset.index === "0"`, func(ok bool) bool { return ok })
	if h := js[float64](a, `document.querySelector("#results tr.result.selected td.url").getBoundingClientRect().height`); h > js[float64](a, `document.querySelector("#results tr.result.selected").getBoundingClientRect().height`)+1 {
		t.Errorf("a clicked row's URL cell is %.0f px high: it grows over the rows below", h)
	}
	// The URL has the widest share of the row.
	widths := js[map[string]float64](a, `Object.fromEntries([...document.querySelectorAll("#results thead th")].map(th => [th.className, th.getBoundingClientRect().width]))`)
	for k, w := range widths {
		if k != "url" && w >= widths["url"] {
			t.Errorf("the %s column is %.0f px wide, the URL's %.0f: the URL should have the room", k, w, widths["url"])
		}
	}
	screenshot(t, ctx, "columns-results-1280")

	t.Run("a Scope column with something to show", func(t *testing.T) {
		a.t = t
		a.setText("input#robots-url", "https://en.wikipedia.org/robots.txt")
		a.setText("textarea#urls", strings.Join(append(urls, "https://www.bbc.com/news"), "\n"))
		rows := a.waitRows("the BBC URL flagged out of scope", func(rows []resultRow) bool {
			return len(rows) == len(urls)+1 && rows[len(urls)].Scope == "out"
		})
		w := js[float64](a, `(() => { const e = [...document.querySelectorAll("#results tr.result td.scope")].find(td => td.textContent.trim() !== ""); return e ? e.getBoundingClientRect().width : 0; })()`)
		if w < 64 {
			t.Errorf("the Scope column shows %q in %.0f px: too narrow to read", rows[len(urls)].ScopeText, w)
		}
	})

	t.Run("readers", func(t *testing.T) {
		a.t = t
		a.setText("input#robots-url", "")
		a.setText("textarea#urls", strings.Join(urls, "\n"))
		a.waitRows("the Wikipedia URLs again", func(rows []resultRow) bool { return len(rows) == len(urls) && rows[0].Verdict != "" })
		js[bool](a, `(document.querySelector("#tab-readers").click(), true)`)
		waitFor(a, "the readers table to show every URL", readersJS, func(rows []readerRow) bool { return len(rows) == len(urls) })
		const readerRow = "#readers-table tr.reader-row"
		c := call[urlCell](a, urlCellJS, readerRow, "th.reader-url", article)
		if msg := c.shown(article); msg != "" {
			t.Errorf("%s in the Readers view: %s (cell %.0f px wide)", article, msg, c.Width)
		}
		if c.Title != article {
			t.Errorf("the title of %s's cell in the Readers view is %q", article, c.Title)
		}
		// Scrolled across to the last reader, the URL is still in view.
		js[bool](a, `(() => { const w = document.querySelector("#readers-table").closest(".table-wrap"); w.scrollLeft = w.scrollWidth; w.dispatchEvent(new Event("scroll")); return true; })()`)
		c = call[urlCell](a, urlCellJS, readerRow, "th.reader-url", article)
		if msg := c.shown(article); msg != "" {
			t.Errorf("%s in the Readers view scrolled across: %s (%+v)", article, msg, c)
		}
		js[bool](a, `(document.querySelector("#readers-table").scrollIntoView(), true)`)
		screenshot(t, ctx, "columns-readers-1280")
	})
}

// TestBrowserReadersOnAPhone: at 390×844 the Readers view's rows are cards
// of one height, and each card holds its URL and every reader's verdict,
// named, none cut or squeezed under another.
func TestBrowserReadersOnAPhone(t *testing.T) {
	ctx, a := openWikipedia(t, 390, 844, wikipediaURLs, chromedp.EmulateMobile)
	a.waitRows("the Wikipedia URLs' verdicts", func(rows []resultRow) bool { return len(rows) == len(wikipediaURLs) && rows[0].Verdict != "" })
	js[bool](a, `(document.querySelector("#tab-readers").click(), true)`)
	waitFor(a, "the readers table to show every URL", readersJS, func(rows []readerRow) bool { return len(rows) == len(wikipediaURLs) })
	cut := js[[]string](a, `[...document.querySelectorAll("#readers-table tr.reader-row")].slice(0, 3).flatMap(tr => {
		const card = tr.getBoundingClientRect();
		let above = card.top;
		return [...tr.children].flatMap(c => {
			const b = c.getBoundingClientRect(), what = tr.dataset.index + ":" + (c.dataset.reader || c.className);
			const out = [];
			if (b.bottom > card.bottom + 1 || b.right > card.right + 1) out.push(what + " runs out of its card");
			if (b.top < above - 1) out.push(what + " overlaps the line above");
			if (c.scrollHeight > c.clientHeight + 1) out.push(what + " is cut (" + c.scrollHeight + " px of text in " + c.clientHeight + ")");
			above = b.bottom;
			return out;
		});
	})`)
	for _, c := range cut {
		t.Error(c)
	}
	js[bool](a, `(document.querySelector("#readers-table").scrollIntoView(), true)`)
	screenshot(t, ctx, "readers-390")
}
