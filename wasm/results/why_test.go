//go:build js && wasm

package results

import (
	"slices"
	"testing"

	"robotstester/wasm/model"
	"robotstester/wasm/widget"
)

// The why panel lists the first matches in line order and always the one
// that decided, however far down it is.
func TestShownMatchesKeepTheWinner(t *testing.T) {
	first := func(n int) []int {
		s := make([]int, n)
		for i := range s {
			s[i] = i
		}
		return s
	}
	for _, c := range []struct {
		n, winner int
		want      []int
	}{
		{0, -1, []int{}},
		{3, 1, []int{0, 1, 2}},
		{widget.MaxShownMatches, widget.MaxShownMatches - 1, first(widget.MaxShownMatches)},
		{5000, 7, first(widget.MaxShownMatches)},
		{5000, 4321, append(first(widget.MaxShownMatches), 4321)},
		{5000, -1, first(widget.MaxShownMatches)},
	} {
		if got := widget.ShownMatches(c.n, c.winner); !slices.Equal(got, c.want) {
			t.Errorf("%d matches, winner %d: shown %v, want %v", c.n, c.winner, got, c.want)
		}
	}
}

// The live region says one short sentence per selection, naming the URL,
// never the panel.
func TestLiveSentenceIsShort(t *testing.T) {
	const long = "https://en.wikipedia.org/wiki/Special:WhatLinksHere/Robots_exclusion_standard?limit=500&hidetrans=1"
	for _, c := range []struct {
		r        model.Row
		selected bool
		want     string
	}{
		{model.Row{Input: "https://en.wikipedia.org/wiki/Special:Search", Line: 144}, true, "Blocked by line 144: https://en.wikipedia.org/wiki/Special:Search"},
		{model.Row{Input: "/about", Allowed: true}, true, "Allowed, no rule matches: /about"},
		{model.Row{Input: "https://example.com/", Line: 4, Override: "Server answer: 503"}, true, "Blocked by the server's answer: https://example.com/"},
		{model.Row{Input: long, Line: 7}, true, "Blocked by line 7: " + long[:maxLiveURL-1] + "…"},
		{model.Row{Input: "https://example.com/x"}, false, ""},
	} {
		if got := liveSentence(c.r, c.selected); got != c.want {
			t.Errorf("liveSentence(%+v) = %q, want %q", c.r, got, c.want)
		}
	}
}
