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

// Matching many patterns at once must answer as matches does for each.
func TestMatchAllAgreesWithMatches(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const alphabet = "/ab*$"
	random := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteByte(alphabet[rng.IntN(len(alphabet))])
		}
		return b.String()
	}
	for round := 0; round < 400; round++ {
		var cands []*candidate
		for i := range 1 + rng.IntN(60) {
			p := random(rng.IntN(12))
			if !strings.Contains(p, "*") && !strings.HasSuffix(p, "$") {
				p = "*" + p
			}
			if rng.IntN(2) == 0 {
				p = "/" + p
			}
			c := newCandidate(i, p, false)
			c.wild = int32(len(cands))
			cands = append(cands, &c)
		}
		ac := buildAutomaton(cands)
		for range 30 {
			path := "/" + strings.ReplaceAll(random(rng.IntN(40)), "*", "a")
			got := map[string]bool{}
			ac.matchAll(path, cands, func(c *candidate) { got[c.pattern] = true })
			for _, c := range cands {
				if want := matches(path, c.pattern); got[c.pattern] != want {
					t.Fatalf("round %d: pattern %q path %q: matched all at once = %v, alone = %v", round, c.pattern, path, got[c.pattern], want)
				}
			}
		}
	}
}

// A group with more wildcard rules than manyAt that the index cannot rule
// out is matched all at once, with the verdicts a scan of every rule gives.
func TestManyWildcardRulesAtOnce(t *testing.T) {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	var patterns []string
	for i := 0; i < 3*manyAt; i++ {
		w := string(rune('a'+i%7)) + string(rune('a'+i/7%7)) + string(rune('a'+i/49%7))
		patterns = append(patterns, "*"+w+"*z")
		b.WriteString("Disallow: *" + w + "*z\n")
	}
	patterns = append(patterns, "/*abc*z$")
	b.WriteString("Allow: /*abc*z$\n")
	r := Parse([]byte(b.String()))
	// A path holding every pair of a-g reaches every rule through the index.
	var everyPair strings.Builder
	for a := 'a'; a <= 'g'; a++ {
		for c := 'a'; c <= 'g'; c++ {
			everyPair.WriteString(string(a) + string(c) + "y")
		}
	}
	for _, path := range []string{"/abcz", "/xabcxxz", "/gggz", "/abc", "/zabc", "/cbazcba", "/" + everyPair.String(), "/" + everyPair.String() + "z"} {
		// A scan: longest match wins, the earliest line on equal length,
		// the allow on a tie.
		allow, disallow, line := -1, -1, 0
		for i, p := range patterns {
			if !matches(path, p) {
				continue
			}
			if i == len(patterns)-1 {
				allow = len(p)
			} else if len(p) > disallow {
				disallow, line = len(p), i+2
			}
		}
		wantAllowed := !(disallow > allow)
		if wantAllowed && allow >= 0 {
			line = len(patterns) + 1
		}
		got := r.Test("bot", path)
		if got.Allowed != wantAllowed || got.Line != line {
			t.Errorf("%.40s: got allowed=%v line %d, want allowed=%v line %d", path, got.Allowed, got.Line, wantAllowed, line)
		}
	}
	if r.Groups[0].rules().ac == nil {
		t.Error("no path reached manyAt wildcard rules: the test did not match all at once")
	}
}

// Parse builds the automaton of a group with eagerWildBytes of wildcard
// rules, so that no Test pays for it; a smaller group waits for a Test.
func TestParseBuildsLargeWildcardGroups(t *testing.T) {
	body := func(wildBytes int) []byte {
		var b strings.Builder
		b.WriteString("User-agent: *\n")
		for i, n := 0, 0; n < wildBytes; i++ {
			v := "/*" + strings.Repeat(string(rune('a'+i%26)), 1+i%7) + "*x" + strings.Repeat("y", i%5)
			b.WriteString("Disallow: " + v + "\n")
			n += len(v)
		}
		return []byte(b.String())
	}
	large := Parse(body(eagerWildBytes))
	if ix := large.Groups[0].index.ix; ix == nil || ix.ac == nil {
		t.Error("a group with eagerWildBytes of wildcard rules has no automaton after Parse")
	}
	small := Parse(body(eagerWildBytes / 4))
	if small.Groups[0].index.ix != nil {
		t.Error("a group with few wildcard rules was indexed by Parse; its first Test should do it")
	}
	// Rule 442 (line 444) is the first /*aa*xyy, the longest that matches.
	if res := large.Test("bot", "/aaxyy"); res.Allowed || res.Line != 444 {
		t.Errorf("/aaxyy: allowed=%v line %d, want blocked by line 444, Disallow: /*aa*xyy", res.Allowed, res.Line)
	}
}
