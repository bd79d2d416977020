//go:build js && wasm

// Package findings is the findings panel: the engine's lint findings and
// the portability findings of other readers (diagnostics.go), written as
// lists in one pass (findinglists.go).
//
//	store.Page.Lint, Others ──▶ Diagnostics, Findings, OtherFindings ──click──▶ ShowLine (set by main)
package findings
