//go:build js && wasm

package editor

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"robotstester/wasm/browser"
	"robotstester/wasm/model"
	"robotstester/wasm/store"
	"robotstester/wasm/widget"
)

// Find in a long file: the viewer holds only the lines in view, so the
// browser's own find (Ctrl+F) reaches only those. Its find field searches
// the whole text, ignoring the case of ASCII letters as a browser's find
// does, in slices; Enter and Shift+Enter (or the buttons) go from match to
// match, each brought into view and marked by a band.

// maxFindMatches bounds the matches kept: past it, the count says "or
// more".
const maxFindMatches = 10000

// finder is the find field's state.
type viewFinder struct {
	query   string
	of      string  // the text searched (store.EditorText when current)
	lower   string  // of with ASCII letters lowered, made in slices
	lowered bool    // lower is made
	lines   []int32 // the line of each match, in order
	more    bool    // matches past maxFindMatches were not kept
	current int     // index into lines, -1 for none
	done    bool    // the search of query in of is finished
	job     *browser.SlicedJob
	edits   browser.Debouncer
	again   bool // a search of a new text is asked for
}

var finder = viewFinder{current: -1, edits: browser.Debouncer{Delay: browser.DebounceDelay}}

// line is the line of the current match, 0 for none (or for another text).
func (f *viewFinder) line() int {
	if f.current < 0 || !bigMode() || !sameText(f.of, store.Page.EditorText) {
		return 0
	}
	return int(f.lines[f.current])
}

// search finds query in the store's text, in slices, and then shows the
// first match at or after the line in view.
func (f *viewFinder) search(query string) {
	f.job.Stop()
	text := store.Page.EditorText
	if !sameText(f.of, text) {
		f.of, f.lower, f.lowered = text, "", false
	}
	f.query, f.lines, f.more, f.current, f.done = query, f.lines[:0], false, -1, false
	if query == "" {
		f.done = true
		store.Page.Changed()
		return
	}
	needle := foldASCII(query)
	var lower strings.Builder
	at := 0 // where the search goes on in f.lower
	f.job = browser.RunSliced(func(deadline time.Time) bool {
		if !f.lowered {
			// The lowered copy, 64 KiB at a time.
			if lower.Cap() == 0 {
				lower.Grow(len(text))
			}
			for n := lower.Len(); n < len(text) && time.Now().Before(deadline); n = lower.Len() {
				lower.WriteString(foldASCII(text[n:min(n+64<<10, len(text))]))
			}
			if lower.Len() < len(text) {
				return false
			}
			f.lower, f.lowered = lower.String(), true
		}
		for {
			for range browser.CheckEvery {
				i := strings.Index(f.lower[at:], needle)
				if i < 0 {
					return true
				}
				if len(f.lines) == maxFindMatches {
					f.more = true
					return true
				}
				f.lines = append(f.lines, int32(Viewer.lineOf(at+i)))
				at += i + len(needle)
			}
			if time.Now().After(deadline) {
				return false
			}
		}
	}, func() {
		f.done = true
		if len(f.lines) > 0 {
			first := Viewer.top/widget.LinePx + 1
			f.current = 0
			for i, l := range f.lines {
				if int(l) >= first {
					f.current = i
					break
				}
			}
			widget.RevealLine(f.line())
		}
		store.Page.Changed()
	})
	store.Page.Changed()
}

// step goes to the next match (by 1) or the previous (by -1), round.
func (f *viewFinder) step(by int) {
	if !f.done || len(f.lines) == 0 {
		return
	}
	f.current = (f.current + by + len(f.lines)) % len(f.lines)
	widget.RevealLine(f.line())
	store.Page.Changed()
}

// status is what the field says of the search.
func (f *viewFinder) status() string {
	switch {
	case f.query == "":
		return ""
	case !f.done || !sameText(f.of, store.Page.EditorText):
		return "Searching…"
	case len(f.lines) == 0:
		return "No match"
	}
	of := model.Number(len(f.lines))
	if f.more {
		of += " or more"
	}
	return strconv.Itoa(f.current+1) + " of " + of + " (line " + model.Number(f.line()) + ")"
}

// lineOf is the line of the viewer's text that byte offset at is in.
func (v *bigView) lineOf(at int) int {
	i, found := slices.BinarySearch(v.starts, int32(at))
	if found {
		return i + 1
	}
	return i
}

// foldASCII is s with its ASCII letters lowered, the other bytes as they
// are.
func foldASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// findBar is the viewer's find field, its buttons and what it found.
func findBar() *vecty.HTML {
	f := &finder
	if f.query != "" && !sameText(f.of, store.Page.EditorText) && !f.again {
		// A new text: the same search, in it.
		f.again = true
		browser.NextTask(func() {
			f.again = false
			if bigMode() && !sameText(f.of, store.Page.EditorText) {
				f.search(f.query)
			}
		})
	}
	return elem.Div(
		vecty.Markup(vecty.Class("view-find"), vecty.Attribute("role", "search")),
		elem.Label(vecty.Markup(prop.For("view-find")), vecty.Text("Find in the file")),
		elem.Input(vecty.Markup(
			prop.ID("view-find"), prop.Type(prop.TypeSearch),
			vecty.Attribute("autocomplete", "off"), vecty.Attribute("spellcheck", "false"),
			vecty.Attribute("aria-describedby", "view-find-status"),
			vecty.Property("value", f.query),
			event.Input(func(ev *vecty.Event) {
				q := ev.Target.Get("value").String()
				f.edits.Schedule(func() { f.search(q) })
			}),
			event.KeyDown(func(ev *vecty.Event) {
				switch ev.Get("key").String() {
				case "Enter":
					ev.Call("preventDefault")
					if q := ev.Target.Get("value").String(); q != f.query || !sameText(f.of, store.Page.EditorText) {
						f.edits.Cancel()
						f.search(q)
						return
					}
					if ev.Get("shiftKey").Bool() {
						f.step(-1)
					} else {
						f.step(1)
					}
				case "Escape":
					if el := viewElement(); el.Truthy() {
						ev.Call("preventDefault")
						el.Call("focus")
					}
				}
			}),
		)),
		browser.Button("view-find-prev", "Previous", func() { f.step(-1) }),
		browser.Button("view-find-next", "Next", func() { f.step(1) }),
		elem.Span(vecty.Markup(prop.ID("view-find-status"), vecty.Attribute("aria-live", "polite")), vecty.Text(f.status())),
	)
}
