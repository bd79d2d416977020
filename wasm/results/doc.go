//go:build js && wasm

// Package results is the results view: what to test (inputs.go, the
// crawler picker in picker.go), the table of verdicts (results.go, its
// filters and sort in tablecontrols.go), the rule hit panel (hits.go), the
// why panel (why.go), an imported list's progress (importview.go), and the
// answer first (answer.go): the one-URL test and the narrow screen's
// verdict bar.
//
//	store.Page (verdicts, table order, rows made on demand) ──▶ Results, Why, Hits, Quick, VerdictBar
//	clicks and keys ──▶ store actions (SelectRow, SetFilter, EditURLs, PickCrawler, EditQuick…)
//
// It reads the store and dispatches its actions; it decides no rule.
package results
