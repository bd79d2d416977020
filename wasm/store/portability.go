//go:build js && wasm

package store

import (
	"robotstester/engine"
	otherreaders "robotstester/engine/readers"
)

// ReaderCache keeps what the view shows between renders: each reader's
// parse of the file, and the comparison of the list (readerRun).
var ReaderCache struct {
	robots *engine.Robots
	Files  []otherreaders.ReaderFile

	linted      *engine.Robots
	portability engine.Diagnostics // the findings of linted

	// The portability findings of found.
	found    *engine.Robots
	findings []otherreaders.PortabilityFinding
}

// PortabilityOf is otherreaders.Portability(r), computed once per parse.
func PortabilityOf(r *engine.Robots) []otherreaders.PortabilityFinding {
	c := &ReaderCache
	if c.found != r {
		c.found, c.findings = r, otherreaders.Portability(r)
	}
	return c.findings
}

// ReaderFiles is every reader's parse of the file Googlebot reads, once
// per parse.
func ReaderFiles() []otherreaders.ReaderFile {
	s, c := Page, &ReaderCache
	if c.robots != s.Robots {
		c.robots, c.Files = s.Robots, otherreaders.ParseAll(s.Cut.Body, s.Robots)
	}
	return c.Files
}

// PortabilityDiagnostics is otherreaders.Portability(linted) as findings for the
// lint panel, built once per linted parse.
func PortabilityDiagnostics(linted *engine.Robots) engine.Diagnostics {
	c := &ReaderCache
	if linted == nil {
		return nil
	}
	if c.linted != linted {
		found := PortabilityOf(linted)
		c.portability = make(engine.Diagnostics, len(found))
		for i, f := range found {
			c.portability[i] = f.Diagnostic
		}
		c.linted = linted
	}
	return c.portability
}
