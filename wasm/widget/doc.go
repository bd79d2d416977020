//go:build js && wasm

// Package widget holds the pieces of markup more than one view shows, below
// the views: engine sentences with their quoted values as code
// (sentence.go), the why of a verdict (explain.go), verdict marks
// (verdict.go), the editor's line geometry (lines.go), long pastes into a
// text box (paste.go), the virtual rows of long tables (virtual.go) and
// boxes that scroll by themselves (scrollregion.go).
//
//	store (and engine answers) ──▶ widget ──▶ vecty markup in a view
//
// A widget reads what it is given and the store; it changes nothing but
// the DOM it writes, and imports no view.
package widget
