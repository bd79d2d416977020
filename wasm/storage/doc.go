//go:build js && wasm

// Package storage keeps the page's state between visits and in links: the
// autosaved draft in localStorage, the permalink in the address's fragment,
// and the flags an embedding page sets (embed, read-only).
//
//	model.Saved ──encode (store/permalink.go), browser.DeflateRaw──▶ localStorage (storage.go)
//	location.hash / localStorage ──decode──▶ model.Saved ──▶ main opens it (OpeningState)
//
// It imports the store and the browser glue, and no view.
package storage
