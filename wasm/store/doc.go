//go:build js && wasm

// Package store is the page's state and the actions that change it. It
// knows no view: views read Page and call its actions; every action ends
// in at most one recompute and one render request (OnChange, set by main).
//
//	action (EditRobots, PickCrawler, ImportList, Replace, …)
//	   │  store.go: debounced, then Flush
//	   ▼
//	robots.txt bytes ──engine.FetchLimit, engine.Parse──▶ Robots, Cut
//	   │                                    └─ later task: engine.LintCut, portability.go
//	   ▼
//	URL list ──model.Tester per URL──▶ model.Verdicts
//	   │   a long list: a Runner (runner.go; wasm/workers plugs in)
//	   ▼
//	table order (filters.go), rule hits (rulehits.go), scope, rows made
//	on demand ──▶ OnChange ──▶ the views render
//
// The plain data it holds (Saved, the URL list, verdicts, rows, scope,
// exports) is package model's; permalink.go encodes Saved for links and
// drafts, export.go writes the exports in slices; ai.go holds the AI
// view's audit, policy and undo (AI); quick.go holds the one-URL test and
// whether the findings panel is open. The store never
// re-decides a rule: every verdict, line and sentence comes from the
// engine.
package store
