//go:build js && wasm

// Package toolbar is the bar above the page: open and save a robots.txt,
// drop a file, share a link, export the results (toolbar.go), and in the
// compact layout for an <iframe> the embed's own links and height reports
// (embed.go).
//
//	clicks, drops ──▶ store actions (Replace, ImportList, Notify), storage (links, drafts)
//	store.Page ──▶ Toolbar renders the outcome sentence and its link
package toolbar
