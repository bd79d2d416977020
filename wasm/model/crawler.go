package model

import "robotstester/engine"

// PickedCrawler is the catalogue crawler the state names, if any: an
// unknown name (an old link) falls back to the custom token.
func PickedCrawler(in Saved) (engine.Crawler, bool) {
	if in.Crawler == "" {
		return engine.Crawler{}, false
	}
	return engine.FindCrawler(in.Crawler)
}
