package engine

import "testing"

// TestAs flags a fallback chain that holds a token Test would cut
// ("MJ12bot": digits end a product token) wherever that token stands: first,
// in the middle or last, Result.Verbatim is Google's matcher's answer given
// the tokens as written (the oracle's reading of robots.cc, in the order of
// the chain), and a chain of valid tokens has none.
func TestAsKeepsVerbatimWhereverTheCutTokenStands(t *testing.T) {
	body := []byte("User-agent: MJ12bot\nDisallow: /\n\nUser-agent: Baz\nDisallow: /baz\n\nUser-agent: *\nDisallow: /all\n")
	r, f := Parse(body), oracleParse(body)
	valid := []string{"Foo", "Bar", "Baz"}
	for n := 1; n <= len(valid)+1; n++ {
		for at := -1; at < n; at++ { // at -1: no cut token
			var tokens []string
			for i, v := 0, 0; i < n; i++ {
				if i == at {
					tokens = append(tokens, "MJ12bot")
				} else if v < len(valid) {
					tokens = append(tokens, valid[v])
					v++
				}
			}
			for _, url := range []string{"/x", "/baz", "/all"} {
				for _, global := range []bool{true, false} {
					res := r.TestAs(tokens, global, url)
					if at < 0 || at >= len(tokens) {
						if res.Verbatim != nil {
							t.Errorf("TestAs(%q, %v, %s): valid tokens, yet a Verbatim answer", tokens, global, url)
						}
						continue
					}
					if res.Verbatim == nil {
						t.Errorf("TestAs(%q, %v, %s): MJ12bot is token %d of %d, yet no Verbatim answer", tokens, global, url, at+1, len(tokens))
						continue
					}
					want := oracleFallbackVerbatim(f, tokens, global, url)
					if res.Verbatim.Allowed != want.allowed || res.Verbatim.Line != want.line {
						t.Errorf("TestAs(%q, %v, %s): Verbatim allowed=%v line %d, Google allowed=%v line %d", tokens, global, url, res.Verbatim.Allowed, res.Verbatim.Line, want.allowed, want.line)
					}
				}
			}
		}
	}
}

// oracleFallbackVerbatim is oracleFallback with each token given to Google's
// matcher as it is written, not cut.
func oracleFallbackVerbatim(f oracleFile, tokens []string, obeysGlobal bool, url string) oracleVerdict {
	for _, t := range tokens {
		if v := oracleDecide(f, []string{t}, url); v.specific {
			return v
		}
	}
	if obeysGlobal {
		return oracleDecide(f, nil, url)
	}
	return oracleVerdict{allowed: true}
}
