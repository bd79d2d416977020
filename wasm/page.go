//go:build js && wasm

package main

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/prop"
)

// Page is the whole tester. Like every component here it only renders the
// store and dispatches actions to it.
type Page struct {
	vecty.Core
}

func (p *Page) Render() vecty.ComponentOrHTML {
	return elem.Main(
		vecty.Markup(prop.ID("app")),
		&Toolbar{},
		elem.Div(
			vecty.Markup(vecty.Class("workspace")),
			elem.Section(
				vecty.Markup(vecty.Class("pane"), vecty.Attribute("aria-labelledby", "editor-title")),
				elem.Heading2(vecty.Markup(prop.ID("editor-title")), vecty.Text("robots.txt")),
				&Editor{},
				&Diagnostics{},
			),
			elem.Section(
				vecty.Markup(vecty.Class("pane"), vecty.Attribute("aria-labelledby", "test-title")),
				elem.Heading2(vecty.Markup(prop.ID("test-title")), vecty.Text("What to test")),
				&Inputs{},
			),
		),
		&Results{},
		&Why{},
	)
}
