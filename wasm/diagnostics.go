//go:build js && wasm

package main

import (
	"strconv"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/prop"
)

// Diagnostics lists what the engine found in the file, and its sitemaps.
type Diagnostics struct {
	vecty.Core
}

func (d *Diagnostics) Render() vecty.ComponentOrHTML {
	s := store
	maps := make(vecty.List, len(s.robots.Sitemaps))
	for i, m := range s.robots.Sitemaps {
		maps[i] = elem.ListItem(
			elem.Code(vecty.Text(m.URL)),
			vecty.Text(" (line "+strconv.Itoa(m.Line)+")"),
		)
	}
	return elem.Section(
		vecty.Markup(prop.ID("diagnostics"), vecty.Attribute("aria-labelledby", "diag-title")),
		elem.Heading3(vecty.Markup(prop.ID("diag-title")), vecty.Text("Sitemaps")),
		vecty.If(len(maps) == 0, elem.Paragraph(vecty.Markup(vecty.Class("help")), vecty.Text("No sitemap lines."))),
		elem.UnorderedList(vecty.Markup(prop.ID("sitemaps")), maps),
	)
}
