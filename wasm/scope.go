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

// listScope is what the URLs of a list say about where the file is
// served, gathered as each is tested (add), then summed up (done).
type listScope struct {
	origin string // the origin every URL shares so far, "" for none yet
	mixed  bool   // two origins, or a URL that cannot be read
	tally  engine.ScopeTally

	// following is the robots.txt every URL belongs to when "Served at" is
	// empty and they all share one, else "".
	following string
	// summary is the one sentence for the URLs the file does not govern
	// (engine.ScopeTally), "" when it governs them all or "Served at" is
	// empty.
	summary string
}

func (l *listScope) add(v sent) {
	switch {
	case v.origin == "" || v.origin == l.origin:
	case l.origin == "" && v.origin != "!":
		l.origin = v.origin
	default:
		l.mixed = true
	}
	if v.scope.Code != "" {
		l.tally.Add(v.scope)
	}
}

func (l *listScope) done() {
	l.following = ""
	if l.origin != "" && !l.mixed {
		if site, err := engine.RobotsURLFor(l.origin); err == nil {
			l.following = site
		}
	}
	l.summary = l.tally.Summary()
}

// scopeLine shows the list's scope summary under the results' summary,
// nothing when the file governs every URL.
func scopeLine(text string) vecty.MarkupOrChild {
	return vecty.If(text != "", elem.Paragraph(
		vecty.Markup(prop.ID("scope-summary"), vecty.Class("scope-note"), vecty.Attribute("aria-live", "polite")),
		vecty.Text(text),
	))
}
