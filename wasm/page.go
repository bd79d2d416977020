//go:build js && wasm

package main

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/prop"
)

// Page is the whole tester. Like every component here it only renders the
// store and dispatches actions to it. Its own markup never changes: it is
// rendered once, and a store change re-renders its parts (parts).
type Page struct {
	vecty.Core
	toolbar     *Toolbar
	editor      *Editor
	diagnostics *Diagnostics
	inputs      *Inputs
	results     *Results
	why         *Why
	tabs        *Tabs      // the view switcher (views.go)
	panel       *ViewPanel // the open view, when not the results
}

func newPage() *Page {
	return &Page{
		toolbar: &Toolbar{}, editor: &Editor{}, diagnostics: &Diagnostics{},
		inputs: &Inputs{}, results: &Results{}, why: &Why{},
		tabs: newTabs(), panel: &ViewPanel{},
	}
}

// parts are the components that show the store.
func (p *Page) parts() []vecty.Component {
	return []vecty.Component{p.toolbar, p.editor, p.diagnostics, p.inputs, p.results, p.why, p.tabs, p.panel}
}

func (p *Page) Render() vecty.ComponentOrHTML {
	return elem.Main(
		vecty.Markup(prop.ID("app")),
		p.toolbar,
		elem.Div(
			vecty.Markup(vecty.Class("workspace")),
			elem.Section(
				vecty.Markup(vecty.Class("pane"), vecty.Attribute("aria-labelledby", "editor-title")),
				elem.Heading2(vecty.Markup(prop.ID("editor-title")), vecty.Text("robots.txt")),
				p.editor,
				p.diagnostics,
			),
			elem.Section(
				vecty.Markup(vecty.Class("pane"), vecty.Attribute("aria-labelledby", "test-title")),
				elem.Heading2(vecty.Markup(prop.ID("test-title")), vecty.Text("What to test")),
				p.inputs,
			),
		),
		p.tabs,
		p.results,
		p.why,
		p.panel,
	)
}
