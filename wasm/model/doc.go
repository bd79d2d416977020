// Package model is what the store holds and derives, as plain Go: no
// browser, no view, so it builds and its tests run natively (go test
// ./wasm/model) as well as in js/wasm.
//
//	Saved (saved.go: what a person chose; example.go: the first state)
//	  │ text.go: the editor's text back to exact bytes
//	  ▼
//	URL list (urllist.go: one text, never a string per URL)
//	  │ rows.go: Tester, engine.Test per URL, as a browser sends it (Sent)
//	  ▼
//	Verdicts (verdicts.go: a byte and a line per URL) ──▶ Row, made on demand (rowcache.go)
//	  │ scope.go: which URLs the file governs
//	  ▼
//	exports and imports (files.go: CSV, JSON; csvread.go: imported CSV)
//
// Every verdict, line and sentence comes from package engine: the model
// records and arranges them, and decides no rule.
package model
