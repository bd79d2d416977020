//go:build js && wasm

package main

import "robotstester/engine"

// pickedCrawler is the catalogue crawler the state names, if any: an
// unknown name (an old link) falls back to the custom token.
func pickedCrawler(in Saved) (engine.Crawler, bool) {
	if in.Crawler == "" {
		return engine.Crawler{}, false
	}
	return engine.FindCrawler(in.Crawler)
}
