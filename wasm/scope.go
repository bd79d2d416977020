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
// served, gathered as each is tested (add), or in parts (in the workers,
// see workerscope.go) summed up with merge, then summed up (done).
type listScope struct {
	origin string // the origin every URL shares so far, "" for none yet
	mixed  bool   // two origins, or a URL that cannot be read
	// off counts the URLs the file does not govern, by Scope code: the
	// engine's ScopeTally sums them up in done.
	off []scopeCount

	// following is the robots.txt every URL belongs to when "Served at" is
	// empty and they all share one, else "".
	following string
	// summary is the one sentence for the URLs the file does not govern
	// (engine.ScopeTally), "" when it governs them all or "Served at" is
	// empty.
	summary string
	// working: a long list's scope is being worked out (scanScope), and
	// following and summary say nothing yet.
	working bool
}

// scopeCount is how many URLs of a list got one Scope code, with the
// engine's answer for the first of them.
type scopeCount struct {
	first engine.ScopeResult
	n     int
}

func (l *listScope) add(v sent) {
	l.addOrigin(v.origin)
	if v.scope.Code != "" {
		l.addOff(v.scope, 1)
	}
}

func (l *listScope) addOrigin(origin string) {
	switch {
	case origin == "" || origin == l.origin:
	case l.origin == "" && origin != "!":
		l.origin = origin
	default:
		l.mixed = true
	}
}

func (l *listScope) addOff(r engine.ScopeResult, n int) {
	for i := range l.off {
		if l.off[i].first.Code == r.Code {
			l.off[i].n += n
			return
		}
	}
	l.off = append(l.off, scopeCount{r, n})
}

// merge adds what part of the list says to l: the parts may come in any
// order, as a list's segments are spread over the workers.
func (l *listScope) merge(part listScope) {
	l.addOrigin(part.origin)
	l.mixed = l.mixed || part.mixed
	for _, c := range part.off {
		l.addOff(c.first, c.n)
	}
}

func (l *listScope) done() {
	l.following = ""
	if l.origin != "" && !l.mixed {
		if site, err := engine.RobotsURLFor(l.origin); err == nil {
			l.following = site
		}
	}
	var tally engine.ScopeTally
	for _, c := range l.off {
		tally.AddN(c.first, c.n)
	}
	l.summary = tally.Summary()
}

// scopeLine shows the list's scope summary under the results' summary,
// nothing when the file governs every URL.
func scopeLine(text string) vecty.MarkupOrChild {
	return vecty.If(text != "", elem.Paragraph(
		vecty.Markup(prop.ID("scope-summary"), vecty.Class("scope-note"), vecty.Attribute("aria-live", "polite")),
		vecty.Text(text),
	))
}
