package engine

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// The index must find exactly the candidates a scan of every pattern finds.
func TestIndexFindsWhatAScanFinds(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const alphabet = "/ab.*$?=%"
	piece := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteByte(alphabet[rng.IntN(len(alphabet))])
		}
		return b.String()
	}
	for round := 0; round < 300; round++ {
		var rules []Rule
		for i := range 10 + rng.IntN(200) {
			p := piece(rng.IntN(9))
			switch rng.IntN(4) {
			case 0:
				p = "/" + p
			case 1:
				p = "*" + p
			case 2:
				p = "/*" + p + "/index.html"
			}
			rules = append(rules, Rule{Line: i + 1, Allow: rng.IntN(2) == 0, Pattern: p})
		}
		ix := buildIndex(rules)
		var all []candidate
		for i, r := range rules {
			all = append(all, newCandidate(i, r.Pattern, false))
			if p, ok := indexHTMLPattern(r.Pattern); ok && r.Allow {
				all = append(all, newCandidate(i, p, true))
			}
		}
		for range 50 {
			path := "/" + piece(rng.IntN(24))
			var got, want []string
			ix.each(path, func(c *candidate) { got = append(got, c.pattern) })
			for _, c := range all {
				if matches(path, c.pattern) {
					want = append(want, c.pattern)
				}
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("round %d, path %q: index found %q, a scan finds %q", round, path, got, want)
			}
		}
	}
}

func TestIndexFilesWildcardRulesByPiece(t *testing.T) {
	var rules []Rule
	for i, w := range strings.Fields("css js png jpg webp gif svg ico woff pdf zip doc") {
		rules = append(rules, Rule{Line: i + 1, Pattern: "/*." + w + "$"}, Rule{Line: 100 + i, Pattern: "*/modules/*." + w})
	}
	ix := buildIndex(rules)
	if len(ix.byPair) != len(rules) {
		t.Fatalf("%d of %d wildcard rules with a weak prefix filed by piece", len(ix.byPair), len(rules))
	}
	var got []string
	ix.each("/a/modules/x.css", func(c *candidate) { got = append(got, c.pattern) })
	slices.Sort(got)
	if want := []string{"*/modules/*.css", "/*.css$"}; !slices.Equal(got, want) {
		t.Errorf("matches %q, want %q", got, want)
	}
}
