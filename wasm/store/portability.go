//go:build js && wasm

package store

import "robotstester/engine"

// ReaderCache keeps what the view shows between renders: each reader's
// parse of the file, and the comparison of the list (readerRun).
var ReaderCache struct {
	robots *engine.Robots
	Files  []engine.ReaderFile

	linted      *engine.Robots
	portability engine.Diagnostics // the findings of linted

	// The portability findings of found.
	found    *engine.Robots
	findings []engine.PortabilityFinding
}

// PortabilityOf is engine.Portability(r), computed once per parse.
func PortabilityOf(r *engine.Robots) []engine.PortabilityFinding {
	c := &ReaderCache
	if c.found != r {
		c.found, c.findings = r, engine.Portability(r)
	}
	return c.findings
}

// ReaderFiles is every reader's parse of the file Googlebot reads, once
// per parse.
func ReaderFiles() []engine.ReaderFile {
	s, c := Page, &ReaderCache
	if c.robots != s.Robots {
		c.robots, c.Files = s.Robots, engine.ParseAll(s.Cut.Body, s.Robots)
	}
	return c.Files
}

// PortabilityDiagnostics is engine.Portability(linted) as findings for the
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
