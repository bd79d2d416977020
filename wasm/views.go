//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"robotstester/wasm/aiview"
	"robotstester/wasm/matrix"
	"robotstester/wasm/readers"
	"robotstester/wasm/store"
)

// The view switcher: tabs over the answers (page.go). The results
// (the results table and its why panel, page.go) are always rendered and
// hidden by CSS when another view is open (main[data-view]), so their own
// update paths never depend on which tab shows; every other view is a
// panel rendered only while its tab is open, and computes what it shows
// from the store then (a matrix nobody looks at costs nothing).

// tab is one view. Adding a view is one line in tabs.
type tab struct {
	id, label string
	// panel renders the view; nil for the results, which page.go renders.
	panel func() vecty.ComponentOrHTML
}

var tabs = []tab{
	{"results", "Results", nil},
	{"matrix", "Matrix", func() vecty.ComponentOrHTML { return &matrix.MatrixView{} }},
	{"diff", "Diff", func() vecty.ComponentOrHTML { return &matrix.DiffView{} }},
	{"readers", "Readers", func() vecty.ComponentOrHTML { return &readers.ReadersView{} }},
	{"ai", "AI crawlers", func() vecty.ComponentOrHTML { return &aiview.AIView{} }},
}

// currentTab is the open tab (store.View).
func currentTab() tab {
	for _, t := range tabs {
		if t.id == store.Page.View() {
			return t
		}
	}
	return tabs[0]
}

// newTabs makes the tab bar, when the page is made: the stored drafts are
// remembered then, before the autosave replaces them (diff.go).
func newTabs() *Tabs {
	matrix.RememberDrafts()
	return &Tabs{}
}

// Tabs is the tab bar (WAI-ARIA tabs pattern: arrow keys move between
// tabs, the open tab alone is in the Tab order).
type Tabs struct {
	vecty.Core
	shown string
}

func (t *Tabs) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*Tabs)
	return ok && p.shown == currentTab().id
}

func (t *Tabs) Render() vecty.ComponentOrHTML {
	open := currentTab().id
	t.shown = open
	markView(open)
	items := make(vecty.List, len(tabs))
	for i, tb := range tabs {
		selected := tb.id == open
		items[i] = elem.Button(
			vecty.Markup(
				prop.ID("tab-"+tb.id),
				prop.Type(prop.TypeButton),
				vecty.Attribute("role", "tab"),
				vecty.Attribute("aria-selected", selected),
				vecty.Attribute("aria-controls", panelID(tb)),
				vecty.Attribute("tabindex", tabIndex(selected)),
				vecty.Data("view", tb.id),
				event.Click(func(*vecty.Event) { store.Page.OpenView(tb.id) }),
				event.KeyDown(func(ev *vecty.Event) { onTabKey(ev, i) }),
			),
			vecty.Text(tb.label),
		)
	}
	return elem.Div(
		vecty.Markup(vecty.Class("tabs"), vecty.Attribute("role", "tablist"), vecty.Attribute("aria-label", "Views")),
		items,
	)
}

// Mount marks the open view once the page is in the document.
func (t *Tabs) Mount() { markView(currentTab().id) }

// markView sets main#app[data-view]: the results' sections are hidden by
// CSS while another view is open.
func markView(id string) {
	if app := js.Global().Get("document").Call("getElementById", "app"); app.Truthy() {
		app.Get("dataset").Set("view", id)
	}
}

// panelID is the element a tab controls.
func panelID(t tab) string {
	if t.panel == nil {
		return "results-section"
	}
	return "view-" + t.id
}

func tabIndex(selected bool) string {
	if selected {
		return "0"
	}
	return "-1"
}

// onTabKey moves between tabs with the arrow keys, Home and End, opening
// the one it moves to and focusing it.
func onTabKey(ev *vecty.Event, i int) {
	to := -1
	switch ev.Get("key").String() {
	case "ArrowRight":
		to = (i + 1) % len(tabs)
	case "ArrowLeft":
		to = (i + len(tabs) - 1) % len(tabs)
	case "Home":
		to = 0
	case "End":
		to = len(tabs) - 1
	}
	if to < 0 {
		return
	}
	ev.Call("preventDefault")
	store.Page.OpenView(tabs[to].id)
	if el := js.Global().Get("document").Call("getElementById", "tab-"+tabs[to].id); el.Truthy() {
		el.Call("focus")
	}
}

// ViewPanel shows the open view when it is not the results.
type ViewPanel struct {
	vecty.Core
}

func (p *ViewPanel) Render() vecty.ComponentOrHTML {
	t := currentTab()
	if t.panel == nil {
		return elem.Div(vecty.Markup(prop.ID("view-panel"), vecty.Attribute("hidden", true)))
	}
	return elem.Section(
		vecty.Markup(
			prop.ID("view-"+t.id),
			vecty.Class("view-panel"),
			vecty.Attribute("role", "tabpanel"),
			vecty.Attribute("aria-labelledby", "tab-"+t.id),
		),
		t.panel(),
	)
}
