//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/prop"

	"robotstester/wasm/editor"
	"robotstester/wasm/findings"
	"robotstester/wasm/results"
	"robotstester/wasm/site"
	"robotstester/wasm/store"
	"robotstester/wasm/toolbar"
	"robotstester/wasm/widget"
)

// Page is the whole tester. Like every component here it only renders the
// store and dispatches actions to it. Its own markup never changes: it is
// rendered once, and a store change re-renders its parts (parts).
//
// It is laid out as a workbench (issue 22, web/style.css): from 1024 px
// wide, the file (the editor, its findings and what to test) and the
// answers (the one-URL test, the views' tabs, the results and why) side by
// side in one window-high workspace, each scrolling inside itself, under
// a compact bar of the actions and the site field; so a result's row, its
// deciding line and its why are in the window together. Narrower, the same
// parts stack, under a verdict bar that stays in view.
type Page struct {
	vecty.Core
	bar         *results.VerdictBar
	toolbar     *toolbar.Toolbar
	editor      *editor.Editor
	diagnostics *findings.Diagnostics
	inputs      *results.Inputs
	quick       *results.Quick
	results     *results.Results
	why         *results.Why
	tabs        *Tabs      // the view switcher (views.go)
	panel       *ViewPanel // the open view, when not the results
	site        *site.Site // the live-site panel (site.go)
}

func newPage() *Page {
	return &Page{
		bar: &results.VerdictBar{}, toolbar: &toolbar.Toolbar{}, editor: &editor.Editor{}, diagnostics: &findings.Diagnostics{},
		inputs: &results.Inputs{}, quick: &results.Quick{}, results: &results.Results{}, why: &results.Why{},
		tabs: newTabs(), panel: &ViewPanel{},
		site: &site.Site{},
	}
}

// parts are the components that show the store.
func (p *Page) parts() []vecty.Component {
	return []vecty.Component{p.bar, p.toolbar, p.editor, p.diagnostics, p.inputs, p.quick, p.results, p.why, p.tabs, p.panel, p.site}
}

func (p *Page) Render() vecty.ComponentOrHTML {
	return elem.Main(
		vecty.Markup(prop.ID("app")),
		p.bar,
		elem.Div(vecty.Markup(vecty.Class("topbar")), p.toolbar, p.site),
		elem.Div(
			vecty.Markup(vecty.Class("workspace")),
			elem.Div(
				vecty.Markup(vecty.Class("pane", "source")),
				elem.Section(
					vecty.Markup(vecty.Class("file"), vecty.Attribute("aria-labelledby", "editor-title")),
					elem.Heading2(vecty.Markup(prop.ID("editor-title")), vecty.Text("robots.txt")),
					p.editor,
					p.diagnostics,
				),
				elem.Section(
					vecty.Markup(vecty.Class("what"), vecty.Attribute("aria-labelledby", "test-title")),
					elem.Heading2(vecty.Markup(prop.ID("test-title")), vecty.Text("What to test")),
					p.inputs,
				),
			),
			elem.Div(
				vecty.Markup(vecty.Class("pane", "answers")),
				p.quick,
				p.tabs,
				p.results,
				p.why,
				p.panel,
			),
		),
	)
}

// showLine brings line into the editor's view, marked as the line looked
// at, and the editor into the window's: on a narrow screen it may be
// below the window, under the verdict bar (style.css scroll-margin).
func showLine(line int) {
	store.Page.FocusOn(line)
	widget.RevealLine(line)
	if frame := js.Global().Get("document").Call("querySelector", ".editor-frame"); frame.Truthy() {
		frame.Call("scrollIntoView", map[string]any{"block": "nearest"})
	}
}
