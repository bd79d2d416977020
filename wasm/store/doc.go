//go:build js && wasm

// Package store is the page's state and the actions that change it. It
// knows no view: views read Page and call its actions; every action ends
// in at most one recompute and one render request (OnChange, set by main).
//
//	action (EditRobots, PickCrawler, ImportList, Replace, …)
//	   │  store.go: debounced, then flush
//	   ▼
//	robots.txt bytes ──engine.FetchLimit, engine.Parse──▶ Robots, Cut
//	   │                                    └─ later task: engine.LintCut, portability.go
//	   ▼
//	URL list (urllist.go) ──Tester.Verdict per URL (rows.go)──▶ verdicts (verdicts.go)
//	   │   a long list: a Runner (runner.go; workers plug in from wasm/workers)
//	   ▼
//	table order (filters.go), rule hits (rulehits.go), scope (scope.go),
//	rows made on demand (rows.go, rowcache.go) ──▶ OnChange ──▶ the views render
//
// What a person chose is Saved (permalink.go: links and drafts encode it);
// exports write rows (files.go, export.go); example.go is the first state.
// The store never re-decides a rule: every verdict, line and sentence
// comes from package engine.
package store
