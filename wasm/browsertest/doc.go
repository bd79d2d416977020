//go:build !js

// Package browsertest holds the browser tests and benchmarks: the real page
// driven in headless Chromium through chromedp, served by the tester's own
// binary, which the tests build from the repository's root and start on a
// free loopback port as a user would (tester_test.go). They reach the
// server only through HTTP, so they test what a user runs, flags included.
//
//	go build (root) ──▶ robotstester -addr 127.0.0.1:0 [-fetch=false | -fetch-allow-private]
//	                         │ HTTP on loopback
//	Chromium (chromedp) ─────┘──▶ the page ──▶ what the tests read from the DOM and the script API
//
// It has no code of its own outside its tests; it runs on the host only
// (//go:build !js). The pictures it writes go to testdata/screenshots/ here
// (git-ignored); -update-screenshot rewrites the README's, in the root's
// testdata/. Without Chromium or web/app.wasm the tests skip, or fail under
// CI=true.
package browsertest
