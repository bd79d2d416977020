//go:build js && wasm

// Package site is the live-site panel: fetch a site's robots.txt (through
// the tester's server, or from the browser where there is none), put it in
// the editor with the server's answer, and walk its sitemaps to fill the URL
// list (sitemaps.go).
//
//	robots.txt URL ──fetch──▶ bytes, answer ──store.ApplySaved──▶ store (Live, BeforeFetch)
//	sitemaps ──engine sitemap reading──▶ URLs ──store.ImportList──▶ store
//
// A sitemap's row shows in the results table through ChooseResultRow, set
// by main: the panel imports no view.
package site
