package engine

import (
	"maps"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"robotstester/engine/sharedtest"
)

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

// TestTesterAnswersAsTestColumn: a Tester's answers are TestColumn's,
// whole (matches, groups, agent reading, the verbatim answer), and its
// Decide's the matrix's cells, for
// catalogue crawlers (fallback chains, crawlers that ignore "*", a token
// with digits that is cut) and typed tokens (valid, cut, empty), on every
// corpus file, with URLs made from each file's own rules.
func TestTesterAnswersAsTestColumn(t *testing.T) {
	cols := []Column{TokenColumn("Googlebot"), TokenColumn("googlebot/2.1"), TokenColumn("Googlebot Images"),
		TokenColumn(""), TokenColumn("*"), TokenColumn("somebot")}
	for _, name := range []string{"Googlebot", "Googlebot Image", "GPTBot", "Bingbot", "AdsBot-Google", "MJ12bot"} {
		cols = append(cols, ColumnFor(name))
	}
	bodies := corpusBodiesAfter(t, "User-agent: googlebot/2.1\nDisallow: /a\n\nUser-agent: MJ12bot\nDisallow: /b\n\nUser-agent: *\nDisallow: /c\n")
	compared := 0
	reused := make([]*Tester, len(cols))
	for k := range reused {
		reused[k] = new(Tester)
	}
	for i, body := range bodies {
		r := Parse(body)
		urls := []string{"https://example.com/", "/a", "/b/x", "/c?d"}
		for n := range r.Lines {
			if ln := &r.Lines[n]; (ln.Kind == KindAllow || ln.Kind == KindDisallow) && len(urls) < 60 {
				urls = append(urls, "https://example.com"+strings.ReplaceAll(ln.Value(r.Body), "*", "x"))
			}
		}
		for k, c := range cols {
			tester := r.Tester(c)
			// A Tester made in the room of another file's, of another
			// column's, answers as a new one.
			reused[k] = r.TesterInto(reused[(k+1)%len(cols)], ReadColumn(c))
			for _, u := range urls {
				compared++
				if got, want := tester.Test(u), TestColumn(r, c, u); !reflect.DeepEqual(got, want) {
					t.Fatalf("file %d, column %q, %q:\nTester     %+v\nTestColumn %+v", i, c.Name, u, got, want)
				}
				if got, want := reused[k].Test(u), tester.Test(u); !reflect.DeepEqual(got, want) {
					t.Fatalf("file %d, column %q, %q:\nTesterInto %+v\nTester     %+v", i, c.Name, u, got, want)
				}
			}
			column := r.Matrix(urls, []Column{c}).Column(0)
			for k, u := range urls {
				if got := tester.Decide(u); got != column[k] {
					t.Fatalf("file %d, column %q, %q: Decide %+v, the matrix %+v", i, c.Name, u, got, column[k])
				}
			}
		}
	}
	t.Logf("%d answers compared", compared)
}

// TestBriefTellsWhatTestTells: on every corpus file, for each column and
// URL, a Brief result has TestEncoded's verdict, line, reason and
// deciding match, and is told the same sentences (Why, WhyKey, WhyAround,
// WhichGroup), its Matches the best allow and disallow in line order.
func TestBriefTellsWhatTestTells(t *testing.T) {
	cols := []Column{TokenColumn("Googlebot"), TokenColumn("googlebot/2.1"), TokenColumn(""), TokenColumn("somebot")}
	for _, name := range []string{"Googlebot", "Googlebot Image", "GPTBot", "Bingbot", "MJ12bot"} {
		cols = append(cols, ColumnFor(name))
	}
	bodies := corpusBodiesAfter(t, "User-agent: *\nAllow: /a\nDisallow: /a\nDisallow: /b\nAllow: /b/c\nDisallow:\nAllow: /x*y\nDisallow: /x1y\nAllow: /d/index.html\nDisallow: /d/\n")
	compared := 0
	for i, body := range bodies {
		r := Parse(body)
		urls := []string{"https://example.com/", "/a", "/b/c", "/x1y", "/d/", "/d/index.html", "/nothing"}
		for n := range r.Lines {
			if ln := &r.Lines[n]; (ln.Kind == KindAllow || ln.Kind == KindDisallow) && len(urls) < 80 {
				v := strings.ReplaceAll(ln.Value(r.Body), "*", "x")
				urls = append(urls, "https://example.com"+v, "https://example.com"+v+"/more")
			}
		}
		for _, c := range cols {
			full, brief := r.Tester(c), r.Tester(c)
			for _, u := range urls {
				e := EncodeURL(u)
				if e.Err != "" {
					continue
				}
				compared++
				want, got := full.TestEncoded(e), brief.Brief(e)
				wk, wok := want.WhyKey()
				gk, gok := got.WhyKey()
				wb, wa, wOK := r.WhyAround(want)
				gb, ga, gOK := r.WhyAround(got)
				if got.Allowed != want.Allowed || got.Line != want.Line || got.Reason != want.Reason || got.URL != want.URL ||
					got.Path != want.Path || got.Token != want.Token || got.Crawler != want.Crawler || got.Source != want.Source ||
					(want.Winner >= 0) != (got.Winner >= 0) || want.Winner >= 0 && want.Matches[want.Winner] != got.Matches[got.Winner] ||
					r.Why(got) != r.Why(want) || gk != wk || gok != wok || gb != wb || ga != wa || gOK != wOK ||
					r.WhichGroup(got) != r.WhichGroup(want) {
					t.Fatalf("file %d, column %q, %q:\nBrief       %+v\nTestEncoded %+v", i, c.Name, u, got, want)
				}
				for k := 1; k < len(got.Matches); k++ {
					if got.Matches[k-1].Line > got.Matches[k].Line || got.Matches[k-1].Allow == got.Matches[k].Allow {
						t.Fatalf("file %d, column %q, %q: Brief's matches %+v are not one of each kind in line order", i, c.Name, u, got.Matches)
					}
				}
			}
		}
	}
	t.Logf("%d answers compared", compared)
}

// corpusBodiesAfter is the files given, then every corpus file.
func corpusBodiesAfter(t *testing.T, files ...string) [][]byte {
	var bodies [][]byte
	for _, f := range files {
		bodies = append(bodies, []byte(f))
	}
	for _, name := range sharedtest.CorpusFiles(t) {
		body, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		bodies = append(bodies, body)
	}
	return bodies
}

// Two rules of one kind and one length that both match: the earlier line
// decides, as Google keeps the first (a strict <), whether the group is
// tried rule by rule (a few rules) or through its index (many), in Test,
// the matrix's cell and Brief alike.
func TestTiesOfOneKindNameTheEarliestLine(t *testing.T) {
	few := "User-agent: *\nDisallow: /a*\nDisallow: /ab\nAllow: /x*\nAllow: /xy\n"
	many := few
	for i := range 12 {
		many += "Disallow: /other" + strconv.Itoa(i) + "\n"
	}
	for _, body := range []string{few, many} {
		r := Parse([]byte(body))
		tester := r.Tester(TokenColumn("Googlebot"))
		for _, tt := range []struct {
			url  string
			line int
		}{{"/abc", 2}, {"/xyz", 4}} {
			for k := 0; k < 20; k++ { // past the tests that build an index
				if got := tester.Decide(tt.url).Line; got != tt.line {
					t.Fatalf("%d rules, %s: Decide gives line %d, want %d", strings.Count(body, "\n")-1, tt.url, got, tt.line)
				}
			}
			if got := r.Test("Googlebot", tt.url).Line; got != tt.line {
				t.Errorf("%d rules, %s: Test gives line %d, want %d", strings.Count(body, "\n")-1, tt.url, got, tt.line)
			}
			if got := tester.Brief(EncodeURL(tt.url)).Line; got != tt.line {
				t.Errorf("%d rules, %s: Brief gives line %d, want %d", strings.Count(body, "\n")-1, tt.url, got, tt.line)
			}
		}
	}
}

// TestDecideLinesDecidesAsDecide: a list joined by "\n" and decided by
// DecideLines gets, URL by URL, Decide's verdict and line, for every
// corpus file's list and URLs made to leave lineMatchPath's one pass (no
// path, a query or parameters after the host, a fragment, a NUL, a tab,
// another scheme, a path that is not a URL, an empty line, the last line
// those), under a named agent and one that only "*" can hold; and a text
// of another count of lines is refused.
func TestDecideLinesDecidesAsDecide(t *testing.T) {
	odd := []string{"https://example.com", "http://example.com", "https://example.com?q=1", "https://example.com;p",
		"https://example.com#top", "https://example.com/a#b", "https://example.com/a\x00b", "https://example.com/a\tb",
		"https://exa\x00mple.com/a", "https://exa\tmple.com/", "ftp://example.com/a", "/a/b", "", "https://", "http:/",
		"https://example.com/private", "http://example.com/private?x#y", "https://example.com/" + strings.Repeat("abcdefgh", 9) + "/x"}
	bodies := sharedtest.CorpusBodies(t)
	names := slices.Sorted(maps.Keys(bodies))
	for _, name := range names {
		body := bodies[name]
		r := Parse(body)
		urls := slices.Clone(odd)
		for _, g := range r.Groups {
			for _, rule := range g.Rules {
				if len(urls) < 300 {
					p := strings.ReplaceAll(strings.TrimSuffix(rule.Pattern, "$"), "*", "x")
					urls = append(urls, "https://example.com"+p, "http://example.com"+p+"/more")
				}
			}
		}
		for _, agent := range []string{"Googlebot", "Unnamedbot"} {
			column := Column{Name: agent, Tokens: []string{agent}, ObeysGlobal: true}
			// Each URL last too: the one with no line feed after it.
			for _, list := range [][]string{urls, append(slices.Clone(urls[1:]), urls[0]), append(slices.Clone(urls), odd...)} {
				one, many := r.Tester(column), r.Tester(column)
				allowed, lines := make([]byte, len(list)), make([]int32, len(list))
				if !many.DecideLines(strings.Join(list, "\n"), allowed, lines) {
					t.Fatalf("%s, %s: DecideLines refused a list of %d", name, agent, len(list))
				}
				for i, u := range list {
					if c := one.Decide(u); c.Allowed != (allowed[i] == 1) || int32(c.Line) != lines[i] {
						t.Fatalf("%s, %s, %q: DecideLines %v line %d, Decide %v line %d", name, agent, u, allowed[i] == 1, lines[i], c.Allowed, c.Line)
					}
				}
			}
		}
	}
	r := Parse([]byte("User-agent: *\nDisallow: /private\n"))
	tt := r.Tester(Column{Name: "Googlebot", Tokens: []string{"Googlebot"}, ObeysGlobal: true})
	for _, c := range []struct {
		text string
		n    int
	}{{"https://a.com/x\nhttps://a.com/y", 1}, {"https://a.com/x", 2}, {"https://a.com/x\n", 1}, {"https://a.com/x\n\n", 2}, {"/x\n/y\n/z", 2}} {
		if tt.DecideLines(c.text, make([]byte, c.n), make([]int32, c.n)) {
			t.Errorf("DecideLines(%q) into %d: true, want false (another count of lines)", c.text, c.n)
		}
	}
}
