package model

import (
	"strings"

	"robotstester/engine"
)

// Scope on the page: each row the file does not govern gets a compact
// marker (row.Scope), the list one sentence (scopeLine), and the why panel
// the engine's full sentence for the selected URL. Every word of it comes
// from the engine (engine.Scope, ScopeResult.Label, ScopeTally).

// Scope is why the file served at robotsURL does not govern u, zero when
// it does or when no robots.txt URL was given. engine.Scope decides
// everything else, a bare path (read on the file's own host) included.
func Scope(robotsURL, u string) engine.ScopeResult {
	if strings.TrimSpace(robotsURL) == "" {
		return engine.ScopeResult{}
	}
	if sc := engine.Scope(strings.TrimSpace(robotsURL), u); !sc.Governs {
		return sc
	}
	return engine.ScopeResult{}
}

// ListScope is what the URLs of a list say about where the file is
// served, gathered as each is tested (add), or in parts (in the workers,
// see workerscope.go) summed up with merge, then summed up (done).
type ListScope struct {
	Origin string // the origin every URL shares so far, "" for none yet
	Mixed  bool   // two origins, or a URL that cannot be read
	// Off counts the URLs the file does not govern, by Scope code: the
	// engine's ScopeTally sums them up in done.
	Off []ScopeCount

	// Following is the robots.txt every URL belongs to when "Served at" is
	// empty and they all share one, else "".
	Following string
	// Summary is the one sentence for the URLs the file does not govern
	// (engine.ScopeTally), "" when it governs them all or "Served at" is
	// empty.
	Summary string
	// Working: a long list's scope is being worked out (scanScope), and
	// following and summary say nothing yet.
	Working bool
}

// ScopeCount is how many URLs of a list got one Scope code, with the
// engine's answer for the first of them.
type ScopeCount struct {
	First engine.ScopeResult
	N     int
}

func (l *ListScope) Add(v Sent) {
	l.addOrigin(v.origin)
	if v.Scope.Code != "" {
		l.addOff(v.Scope, 1)
	}
}

func (l *ListScope) addOrigin(origin string) {
	switch {
	case origin == "" || origin == l.Origin:
	case l.Origin == "" && origin != "!":
		l.Origin = origin
	default:
		l.Mixed = true
	}
}

func (l *ListScope) addOff(r engine.ScopeResult, n int) {
	for i := range l.Off {
		if l.Off[i].First.Code == r.Code {
			l.Off[i].N += n
			return
		}
	}
	l.Off = append(l.Off, ScopeCount{r, n})
}

// Merge adds what part of the list says to l: the parts may come in any
// order, as a list's segments are spread over the workers.
func (l *ListScope) Merge(part ListScope) {
	l.addOrigin(part.Origin)
	l.Mixed = l.Mixed || part.Mixed
	for _, c := range part.Off {
		l.addOff(c.First, c.N)
	}
}

func (l *ListScope) Done() {
	l.Following = ""
	if l.Origin != "" && !l.Mixed {
		if site, err := engine.RobotsURLFor(l.Origin); err == nil {
			l.Following = site
		}
	}
	var tally engine.ScopeTally
	for _, c := range l.Off {
		tally.AddN(c.First, c.N)
	}
	l.Summary = tally.Summary()
}
