//go:build js && wasm

package main

import (
	"slices"
	"testing"
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
		{maxShownMatches, maxShownMatches - 1, first(maxShownMatches)},
		{5000, 7, first(maxShownMatches)},
		{5000, 4321, append(first(maxShownMatches), 4321)},
		{5000, -1, first(maxShownMatches)},
	} {
		if got := shownMatches(c.n, c.winner); !slices.Equal(got, c.want) {
			t.Errorf("%d matches, winner %d: shown %v, want %v", c.n, c.winner, got, c.want)
		}
	}
}
