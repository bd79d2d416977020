//go:build js && wasm

package editor

import (
	"testing"

	"robotstester/wasm/model"
	"robotstester/wasm/store"
)

// A count in the gutter fits four characters and never says more than
// there is.
func TestCompactCountRoundsDownInFourCharacters(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{
		{0, "0"}, {7, "7"}, {999, "999"},
		{1000, "1k"}, {1099, "1k"}, {1100, "1.1k"}, {1999, "1.9k"}, {9999, "9.9k"},
		{10000, "10k"}, {12345, "12k"}, {999999, "999k"},
		{1000000, "1M"}, {1250000, "1.2M"}, {12000000, "12M"},
	} {
		if got := compactCount(c.n); got != c.want {
			t.Errorf("compactCount(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}

// The gutter's label for a rule is the panel's: the count in full, and
// the words for a rule that decides none.
func TestHitLabelSaysNoneInWords(t *testing.T) {
	in := model.ExampleState
	in.URLs = "https://www.example.com/a\nhttps://www.example.com/b\n"
	in.Robots = "User-agent: *\nDisallow: /a\nDisallow: /zzz\n"
	s := store.NewState(in)
	if got, want := store.HitLabel(s, 2, s.RuleHits(2)), "line 2 · Disallow: /a: decides 1 URL"; got != want {
		t.Errorf("line 2: %q, want %q", got, want)
	}
	if got, want := store.HitLabel(s, 3, s.RuleHits(3)), "line 3 · Disallow: /zzz: decides no URL of this list"; got != want {
		t.Errorf("line 3: %q, want %q", got, want)
	}
}
