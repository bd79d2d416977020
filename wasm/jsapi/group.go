//go:build js && wasm

package jsapi

import (
	"slices"

	"robotstester/engine"
)

// lastGroup is the last group sentence an answer carried, with what it was
// told from. The sentence (engine's WhichGroup) says which groups applied
// for the agent, which depends on the file and the agent, never on the
// URL, so a script testing many URLs for one agent asks the same sentence
// each time; building it cost more than the match itself (about 800 bytes
// in 12 allocations a call, issue 26), and every byte is garbage for Go's
// collector, which in WebAssembly runs on the page's only thread.
var lastGroup struct {
	// The fields of the result it was last asked for, on file r.
	r              *engine.Robots
	crawler, token string
	tokens         []string
	groups         []int
	source         engine.Source
	obeys, ignored bool
	// What the sentence was told from (engine.GroupWords), which another
	// file with its user-agent lines in the same places shares: a docs
	// widget parses its text anew at each edit, most of them to a rule.
	// next is the room the words of another file are read into, to
	// compare: the two trade places when they differ.
	words, next engine.GroupWords
	sentence    string
	// told numbers the sentences told, one after the other: the
	// exported test sends a sentence's text only when the wrapper holds
	// another number (exports.go).
	told int32
}

// groupSentence is r.WhichGroup(res), told again only when its words
// differ from the last one's. On the last file, comparing res's choice of
// groups with the last one's tells; on another, comparing the words
// (engine.GroupWords.Equal, which says when two sentences are one). told
// is the sentence's number, which changes with it. What it keeps of res
// is copied into slices it reuses, so a new file costs no allocation
// unless its sentence is new.
func groupSentence(r *engine.Robots, res engine.Result) (sentence string, told int32) {
	g := &lastGroup
	if g.r == r && g.crawler == res.Crawler && g.token == res.Token && g.source == res.Source &&
		g.obeys == res.ObeysGlobal && g.ignored == res.GlobalIgnored &&
		slices.Equal(g.tokens, res.Tokens) && slices.Equal(g.groups, res.Groups) {
		return g.sentence, g.told
	}
	g.r, g.crawler, g.token, g.source = r, res.Crawler, res.Token, res.Source
	g.obeys, g.ignored = res.ObeysGlobal, res.GlobalIgnored
	// Copies: the slices are the engine's, kept past this call.
	g.tokens, g.groups = append(g.tokens[:0], res.Tokens...), append(g.groups[:0], res.Groups...)
	tokens := g.next.Tokens
	r.ReadGroupWords(res, &g.next)
	g.next.Tokens = append(tokens[:0], res.Tokens...)
	if g.told > 0 && g.next.Equal(&g.words) {
		return g.sentence, g.told
	}
	g.told++
	g.words, g.next = g.next, g.words
	g.sentence = g.words.Sentence()
	return g.sentence, g.told
}

// forgetGroup lets go of r when the last sentence was told from it, so a
// released file is not kept alive for it.
func forgetGroup(r *engine.Robots) {
	if lastGroup.r == r {
		lastGroup.r = nil
	}
}
