//go:build js && wasm

package jsapi

import "robotstester/engine"

// lastGroup is the last group sentence an answer carried, with the words
// it was told from (engine.GroupWords). The sentence (engine's WhichGroup)
// says which groups applied for the agent, which depends on the file and
// the agent, never on the URL; another file with its user-agent lines in
// the same places tells the same one: a docs widget parses its text anew
// at each edit, most of them to a rule. Building it cost more than the
// match itself (about 800 bytes in 12 allocations a call, issue 26), and
// every byte is garbage for Go's collector, which in WebAssembly runs on
// the page's only thread.
var lastGroup struct {
	words    engine.GroupWords
	sentence string
	// told numbers the sentences told, one after the other: the
	// exported test sends a sentence's text only when the wrapper holds
	// another number (exports.go).
	told int32
}

// groupSentence is r.WhichGroup(res), told again only when its words
// differ from the last one's, which it compares where r holds them
// (engine.Robots.HasGroupWords), reading nothing. told is the sentence's
// number, which changes with it. What it keeps of res is copied into
// slices it reuses, so a file costs no allocation unless its sentence is
// new. A handle's file keeps its own answer for its tester (file.group),
// so that a script testing URL after URL asks this once.
func groupSentence(r *engine.Robots, res engine.Result) (sentence string, told int32) {
	g := &lastGroup
	if g.told > 0 && r.HasGroupWords(res, &g.words) {
		return g.sentence, g.told
	}
	// A copy: the tokens are the engine's, kept past this call.
	tokens := g.words.Tokens
	r.ReadGroupWords(res, &g.words)
	g.words.Tokens = append(tokens[:0], res.Tokens...)
	g.told++
	g.sentence = g.words.Sentence()
	return g.sentence, g.told
}
