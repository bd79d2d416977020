//go:build js && wasm

// Package aiview is the AI view: which AI crawlers may read the site, in
// one glance (aiview.go: a headline per purpose, the content signals, a
// row per operator with each crawler's verdict at the site root and at the
// URLs listed, the findings about AI crawlers), and a policy written for
// the person who chooses one (policy.go: the smallest change, its edits
// and the verdicts it flips, applied and undone with one click).
//
//	store.Page (robots.txt, URL list) ──a task: store.AI.Audit (ai.Audit, model/aiview.go)──▶ the next task: headline, rows (operators.go, as markup), findings
//	policy chosen ──store.AI.Proposal (ai.ApplyPolicy, engine.Compare; a long file's in a worker, workerpolicy.go)──▶ lines, flips ──Apply / Undo──▶ store
//	a line activated ──store.AI.PointAt──▶ Band (the editor's band, wired by main) and widget.RevealLine
//
// It imports no other view; every verdict, line and sentence is the
// engine's.
package aiview
