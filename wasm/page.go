//go:build js && wasm

package main

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/prop"

	"robotstester/wasm/editor"
	"robotstester/wasm/findings"
	"robotstester/wasm/results"
	"robotstester/wasm/site"
	"robotstester/wasm/toolbar"
)

// Page is the whole tester. Like every component here it only renders the
// store and dispatches actions to it. Its own markup never changes: it is
// rendered once, and a store change re-renders its parts (parts).
type Page struct {
	vecty.Core
	toolbar     *toolbar.Toolbar
	editor      *editor.Editor
	diagnostics *findings.Diagnostics
	inputs      *results.Inputs
	results     *results.Results
	why         *results.Why
	tabs        *Tabs      // the view switcher (views.go)
	panel       *ViewPanel // the open view, when not the results
	site        *site.Site // the live-site panel (site.go)
}

func newPage() *Page {
	return &Page{
		toolbar: &toolbar.Toolbar{}, editor: &editor.Editor{}, diagnostics: &findings.Diagnostics{},
		inputs: &results.Inputs{}, results: &results.Results{}, why: &results.Why{},
		tabs: newTabs(), panel: &ViewPanel{},
		site: &site.Site{},
	}
}

// parts are the components that show the store.
func (p *Page) parts() []vecty.Component {
	return []vecty.Component{p.toolbar, p.editor, p.diagnostics, p.inputs, p.results, p.why, p.tabs, p.panel, p.site}
}

func (p *Page) Render() vecty.ComponentOrHTML {
	return elem.Main(
		vecty.Markup(prop.ID("app")),
		p.toolbar,
		p.site,
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
