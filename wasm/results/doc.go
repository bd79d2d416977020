//go:build js && wasm

// Package results is the results view: what to test (inputs.go, the
// crawler picker in picker.go), the table of verdicts (results.go, its
// filters and sort in tablecontrols.go), the rule hit panel (hits.go), the
// why panel (why.go) and an imported list's progress (importview.go).
//
//	store.Page (verdicts, table order, rows made on demand) ──▶ Results, Why, Hits
//	clicks and keys ──▶ store actions (SelectRow, SetFilter, EditURLs, PickCrawler…)
//
// It reads the store and dispatches its actions; it decides no rule.
package results
