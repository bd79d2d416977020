package model

import "robotstester/engine/catalogue"

// PickedCrawler is the catalogue crawler the state names, if any: an
// unknown name (an old link) falls back to the custom token.
func PickedCrawler(in Saved) (catalogue.Crawler, bool) {
	if in.Crawler == "" {
		return catalogue.Crawler{}, false
	}
	return catalogue.FindCrawler(in.Crawler)
}

// WithPickedToken is in with its token field saying the picked crawler's
// first token ("" for a crawler that has none), so that the picker and the
// field never disagree; in as it is when no crawler is picked.
func WithPickedToken(in Saved) Saved {
	if c, ok := PickedCrawler(in); ok {
		in.Token = ""
		if len(c.Tokens) > 0 {
			in.Token = c.Tokens[0]
		}
	}
	return in
}
