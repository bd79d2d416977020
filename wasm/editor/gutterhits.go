//go:build js && wasm

package editor

import (
	"slices"
	"strconv"
	"strings"
	"syscall/js"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"robotstester/wasm/browser"
	"robotstester/wasm/store"
	"robotstester/wasm/widget"
)

// HitGutter is the editor's column of rule hit counts: beside each rule of
// the groups the crawler obeys, how many URLs of the list it decided
// ("12k"), and a dashed "none" for a rule that decided none. The counts
// are the panel's (hits.go: the compact verdicts' hits), never decided
// again here, and a count filters the table as the panel's entries do.
//
// Like the line numbers it moves with the editor's scroll, but only the
// counts of the lines in view (and a margin) are written, as HTML, when
// the counts, the filter or the lines in view change: a 500 KiB file gives
// a crawler thousands of rules. While an edit waits for its debounce the
// counts are hidden (its lines may have moved); while a long list is
// tested they are marked as counts so far.
//
// The column is one stop in the Tab order (a roving tabindex); the arrow
// keys, Home and End move between the rules, scrolling the editor.
type HitGutter struct {
	vecty.Core
}

func (g *HitGutter) SkipRender(vecty.Component) bool { return true }

// Mount writes the counts once the column exists.
func (g *HitGutter) Mount() { GutterHits.Sync() }

func (g *HitGutter) Render() vecty.ComponentOrHTML {
	return elem.Div(
		vecty.Markup(
			prop.ID("hit-gutter"), vecty.Class("hit-gutter", "empty"),
			vecty.Attribute("role", "group"),
			vecty.Attribute("aria-label", "Rule hit counts: how many URLs of the list each rule decides"),
			event.Click(func(ev *vecty.Event) {
				if line := gutterHitLine(ev.Target); line > 0 {
					GutterHits.focusLine = line
					store.Page.ToggleLineFilter(line)
				}
			}),
			event.KeyDown(func(ev *vecty.Event) {
				if line := gutterHitLine(ev.Target); line > 0 && GutterHits.key(line, ev.Get("key").String()) {
					ev.Call("preventDefault")
				}
			}),
			event.FocusIn(func(ev *vecty.Event) {
				if line := gutterHitLine(ev.Target); line > 0 {
					GutterHits.focused(line)
				}
			}),
		),
		elem.Div(vecty.Markup(prop.ID("hit-gutter-layer"), vecty.Class("layer"))),
	)
}

// gutterHitLine is the line of the count el is (or is in), 0 for none.
func gutterHitLine(el js.Value) int {
	b := el.Call("closest", "button.gutter-hit")
	if !b.Truthy() {
		return 0
	}
	line, _ := strconv.Atoi(b.Get("dataset").Get("line").String())
	return line
}

// gutterView is what the column shows of the store.
type gutterView struct {
	shown gutterKey
	layer js.Value
	// focusLine is the rule whose count takes the column's Tab stop, 0
	// before one was focused.
	focusLine int
	stale     bool // the column is hidden: an edit waits for its debounce
	// The editor's scrollTop and clientHeight at its last scroll event,
	// and the text (EditorVersion) they were read for.
	top, height, scrollOf int
}

var GutterHits gutterView

// gutterKey is what the column shows: it is written again only when that
// changes.
type gutterKey struct {
	generation, tested, filterLine, first, last int
	stopped, hidden                             bool
}

// gutterMargin is how many lines beyond those in view get their counts
// written, and gutterStep how far the editor scrolls before they are
// written again.
const (
	gutterMargin = 40
	gutterStep   = 20
)

// window is the range of lines whose counts are written, from the
// editor's scroll as its last scroll event left it (scrolled): reading it
// here would lay the page out again in the middle of a render.
func (g *gutterView) window() (first, last int) {
	if g.scrollOf != store.Page.EditorVersion {
		// A new text: the editor may have scrolled back without an event.
		// Read where once the page is painted, laid out anyway: reading it
		// now would lay it out in the middle of this render (10 to 20 ms
		// for a long file's first render).
		g.scrollOf = store.Page.EditorVersion
		browser.AfterPaint(func() {
			if area := js.Global().Get("document").Call("getElementById", "robots"); area.Truthy() {
				top, height := g.top, g.height
				g.scrolled(area)
				if g.top != top || g.height != height {
					g.Sync()
				}
			}
		})
	}
	base := (g.top / widget.LinePx / gutterStep) * gutterStep
	return max(1, base-gutterMargin), base + max(g.height, 24*16)/widget.LinePx + gutterStep + gutterMargin
}

// scrolled records where the editor is scrolled, on its scroll events.
func (g *gutterView) scrolled(area js.Value) {
	g.top, g.height = area.Get("scrollTop").Int(), area.Get("clientHeight").Int()
}

// markStale hides the counts as soon as the robots.txt is edited: until
// the edit is tested, a count may stand beside a line that moved.
func (g *gutterView) markStale() {
	if g.stale || !store.Page.Pending || !store.Page.Reparse || !g.layer.Truthy() {
		return
	}
	g.stale = true
	g.layer.Get("parentNode").Get("dataset").Set("stale", "true")
}

// Sync writes the column when what it shows changed.
func (g *gutterView) Sync() {
	s := store.Page
	layer := js.Global().Get("document").Call("getElementById", "hit-gutter-layer")
	if !layer.Truthy() {
		return
	}
	first, last := g.window()
	hidden := s.List.Len() == 0 || s.Res.Overridden || len(s.HitLines()) == 0
	key := gutterKey{s.Generation, s.Res.Tested, s.Table.Line, first, last, s.Res.Stopped, hidden}
	if layer.Equal(g.layer) && key == g.shown && !g.stale {
		return
	}
	column := layer.Get("parentNode")
	if g.stale || !layer.Equal(g.layer) {
		column.Get("dataset").Delete("stale")
		g.stale = false
	}
	g.layer, g.shown = layer, key
	column.Get("classList").Call("toggle", "empty", hidden)
	// A count that had focus keeps it when the column is written again.
	active := js.Global().Get("document").Get("activeElement")
	refocus := active.Truthy() && layer.Call("contains", active).Bool()
	html := ""
	if !hidden {
		html = g.html(s, first, last)
	}
	layer.Set("innerHTML", html)
	// Placed through the CSSOM: the page's Content-Security-Policy
	// refuses style attributes in HTML.
	counts := layer.Get("children")
	for i := range counts.Length() {
		b := counts.Index(i)
		line, _ := strconv.Atoi(b.Get("dataset").Get("line").String())
		b.Get("style").Set("top", widget.Px(widget.PadPx+(line-1)*widget.LinePx))
	}
	if refocus {
		g.focusCount(g.focusLine)
	}
}

// html is the counts of the rule lines from first to last.
func (g *gutterView) html(s *store.State, first, last int) string {
	partial := !s.Res.Done()
	rules := s.HitLines()
	i, _ := slices.BinarySearch(rules, first)
	j, _ := slices.BinarySearch(rules, last+1)
	shown := rules[i:j]
	if len(shown) == 0 {
		return ""
	}
	// The count that takes the Tab stop: the one last focused, else the
	// filtered line's, else the first in view.
	tab := 0
	for _, want := range []int{g.focusLine, s.Table.Line} {
		if _, ok := slices.BinarySearch(shown, want); ok && want > 0 {
			tab = want
			break
		}
	}
	if tab == 0 {
		k, _ := slices.BinarySearch(shown, g.top/widget.LinePx+1)
		tab = shown[min(k, len(shown)-1)]
	}
	var b strings.Builder
	for _, line := range shown {
		hits := s.RuleHits(line)
		class, text := "gutter-hit", compactCount(hits)
		switch {
		case partial:
			class += " partial"
		case hits == 0:
			class, text = class+" unused", "none"
		}
		// The name starts with what the button shows ("none", "12k"), so
		// that a person who reads it can say it to voice control (WCAG
		// 2.5.3, Label in Name; axe's label-content-name-mismatch); the
		// rest, the title too, gives the rule and the count in full.
		title := browser.EscapeHTML(store.HitLabel(s, line, hits))
		label := text + ": " + title
		tabindex := "-1"
		if line == tab {
			tabindex = "0"
		}
		b.WriteString(`<button type="button" class="` + class + `" data-line="` + strconv.Itoa(line) +
			`" data-hits="` + strconv.Itoa(hits) + `" tabindex="` + tabindex +
			`" aria-pressed="` + strconv.FormatBool(s.Table.Line == line) +
			`" aria-label="` + label + `" title="` + title + `">` + text + `</button>`)
	}
	return b.String()
}

// key moves the column's focus from the count of line: to the next or
// previous rule, the first or the last. It reports whether the key was
// one of those.
func (g *gutterView) key(line int, key string) bool {
	rules := store.Page.HitLines()
	i, _ := slices.BinarySearch(rules, line)
	switch key {
	case "ArrowDown":
		i++
	case "ArrowUp":
		i--
	case "Home":
		i = 0
	case "End":
		i = len(rules) - 1
	default:
		return false
	}
	if i < 0 || i >= len(rules) {
		return true
	}
	g.focused(rules[i])
	g.focusCount(rules[i])
	return true
}

// focused brings the editor to the rule whose count has (or is given)
// focus, and makes that count the column's Tab stop.
func (g *gutterView) focused(line int) {
	if line != g.focusLine && g.layer.Truthy() {
		for _, b := range []struct {
			line     int
			tabindex string
		}{{g.focusLine, "-1"}, {line, "0"}} {
			if el := g.count(b.line); el.Truthy() {
				el.Call("setAttribute", "tabindex", b.tabindex)
			}
		}
	}
	g.focusLine = line
	widget.RevealLine(line)
	if area := js.Global().Get("document").Call("getElementById", "robots"); area.Truthy() {
		SyncScroll(area)
	}
}

// count is the button of line's count, null when it is not written.
func (g *gutterView) count(line int) js.Value {
	return g.layer.Call("querySelector", `button[data-line="`+strconv.Itoa(line)+`"]`)
}

// focusCount focuses the count of line, if it is written.
func (g *gutterView) focusCount(line int) {
	if !g.layer.Truthy() {
		return
	}
	if b := g.count(line); b.Truthy() {
		b.Call("focus", map[string]any{"preventScroll": true})
	}
}

// compactCount writes a count in at most four characters, rounding down so
// a count never says more than there is: 999, 1.2k, 12k, 123k, 1.2M, 12M.
func compactCount(n int) string {
	short := func(n, unit int, suffix string) string {
		if n < 10*unit && n%unit >= unit/10 {
			return strconv.Itoa(n/unit) + "." + strconv.Itoa(n%unit/(unit/10)) + suffix
		}
		return strconv.Itoa(n/unit) + suffix
	}
	switch {
	case n < 1000:
		return strconv.Itoa(n)
	case n < 1000000:
		return short(n, 1000, "k")
	}
	return short(n, 1000000, "M")
}
