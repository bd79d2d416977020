//go:build js && wasm

package main

import "robotstester/engine"

// readerCache keeps what the view shows between renders: each reader's
// parse of the file, and the comparison of the list (readerRun).
var readerCache struct {
	robots *engine.Robots
	files  []engine.ReaderFile

	linted      *engine.Robots
	portability engine.Diagnostics // the findings of linted

	// The portability findings of found.
	found    *engine.Robots
	findings []engine.PortabilityFinding
}

// portabilityOf is engine.Portability(r), computed once per parse.
func portabilityOf(r *engine.Robots) []engine.PortabilityFinding {
	c := &readerCache
	if c.found != r {
		c.found, c.findings = r, engine.Portability(r)
	}
	return c.findings
}

// readerFiles is every reader's parse of the file Googlebot reads, once
// per parse.
func readerFiles() []engine.ReaderFile {
	s, c := store, &readerCache
	if c.robots != s.robots {
		c.robots, c.files = s.robots, engine.ParseAll(s.cut.Body, s.robots)
	}
	return c.files
}

// portabilityDiagnostics is engine.Portability(linted) as findings for the
// lint panel, built once per linted parse.
func portabilityDiagnostics(linted *engine.Robots) engine.Diagnostics {
	c := &readerCache
	if linted == nil {
		return nil
	}
	if c.linted != linted {
		found := portabilityOf(linted)
		c.portability = make(engine.Diagnostics, len(found))
		for i, f := range found {
			c.portability[i] = f.Diagnostic
		}
		c.linted = linted
	}
	return c.portability
}
