//go:build js && wasm

package main

import (
	"strings"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/prop"

	"robotstester/engine"
)

// Scope on the page: each row the file does not govern gets a compact
// marker (row.Scope), the list one sentence (scopeLine), and the why panel
// the engine's full sentence for the selected URL. Every word of it comes
// from the engine (engine.Scope, ScopeResult.Label, ScopeTally).

// scope is why the file served at robotsURL does not govern u, zero when
// it does or when no robots.txt URL was given. engine.Scope decides
// everything else, a bare path (read on the file's own host) included.
func scope(robotsURL, u string) engine.ScopeResult {
	if strings.TrimSpace(robotsURL) == "" {
		return engine.ScopeResult{}
	}
	if sc := engine.Scope(strings.TrimSpace(robotsURL), u); !sc.Governs {
		return sc
	}
	return engine.ScopeResult{}
}

// scopeSummary is the one sentence for the rows the file does not govern
// (engine.ScopeTally), "" when it governs them all.
func scopeSummary(rows []row) string {
	var t engine.ScopeTally
	for i := range rows {
		if rows[i].Scope != "" {
			t.Add(rows[i].OffScope)
		}
	}
	return t.Summary()
}

// scopeLine shows scopeSummary under the results' summary, nothing when the
// file governs every URL.
func scopeLine(rows []row) vecty.MarkupOrChild {
	text := scopeSummary(rows)
	return vecty.If(text != "", elem.Paragraph(
		vecty.Markup(prop.ID("scope-summary"), vecty.Class("scope-note"), vecty.Attribute("aria-live", "polite")),
		vecty.Text(text),
	))
}
