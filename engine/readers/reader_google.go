package readers

import "robotstester/engine"

// The google reader is package engine itself: Parse and Test, unchanged.

type googleFile struct{ r *engine.Robots }

// GoogleReader is the google reader over a file already parsed, so a page
// that has called Parse does not parse again.
func GoogleReader(r *engine.Robots) ReaderFile { return googleFile{r} }

func (g googleFile) Reader() string { return "google" }

func (g googleFile) Test(agent, url string) ReaderResult { return g.result(g.r.Test(agent, url)) }

// result is one of Google's results as a reader's.
func (g googleFile) result(res engine.Result) ReaderResult {
	return ReaderResult{Reader: "google", Allowed: res.Allowed, Line: res.Line, Why: "Google: " + g.r.Explain(res).Verdict}
}
