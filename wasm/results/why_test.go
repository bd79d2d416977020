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

// The live region says one short sentence per selection, never the panel.
func TestLiveSentenceIsShort(t *testing.T) {
	for _, c := range []struct {
		r        model.Row
		selected bool
		want     string
	}{
		{model.Row{Allowed: false, Line: 131}, true, "Blocked by line 131."},
		{model.Row{Allowed: true}, true, "Allowed: no rule matches."},
		{model.Row{Allowed: false, Line: 4, Override: "Server answer: 503"}, true, "Blocked by the server's answer."},
		{model.Row{}, false, ""},
	} {
		if got := liveSentence(c.r, c.selected); got != c.want {
			t.Errorf("liveSentence(%+v) = %q, want %q", c.r, got, c.want)
		}
	}
}
