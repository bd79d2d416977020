package engine

import (
	"math/rand/v2"
	"os"
	"reflect"
	"strings"
	"testing"

	"robotstester/engine/sharedtest"
)

// A Parse done a few lines at a time is the Parse: the same lines, groups,
// rules, sitemaps and verdicts, however the lines are shared out between
// the calls to Continue, on the corpus and on bodies with every kind of
// line break.
func TestParsingInStepsIsParse(t *testing.T) {
	bodies := [][]byte{nil, []byte("\n"), []byte("\r"), []byte("\r\n"), []byte("\xEF\xBB\xBF")}
	for _, b := range sharedtest.FuzzSeedBodies {
		bodies = append(bodies, []byte(b))
	}
	bodies = append(bodies, []byte("User-agent: a\rDisallow: /x\r\nAllow: /y\n\rUser-agent: b\r\rDisallow: /\n"))
	for _, path := range sharedtest.CorpusFiles(t) {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		bodies = append(bodies, b)
	}
	rng := rand.New(rand.NewPCG(25, 11))
	for _, body := range bodies {
		want := Parse(body)
		ps := StartParse(body)
		steps := 0
		var got *Robots
		for got == nil {
			n := 1 + rng.IntN(300)
			if rng.IntN(4) == 0 {
				n = 0 // a call that reads nothing
			}
			got = ps.Continue(n)
			if steps++; steps > len(want.Lines)*2+10 {
				t.Fatalf("%.60q: Continue has not finished after %d calls", body, steps)
			}
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%.60q: the parse in steps differs from Parse's", body)
		}
		if ps.Continue(5) != got {
			t.Fatalf("%.60q: Continue after the end did not give the same parse", body)
		}
		for _, u := range []string{"/", "/x", "/y/z", "/a/b.pdf"} {
			if g, w := got.Test("Googlebot", u), want.Test("Googlebot", u); g.Allowed != w.Allowed || g.Line != w.Line {
				t.Fatalf("%.60q: %s: allowed %v line %d in steps, %v line %d by Parse", body, u, g.Allowed, g.Line, w.Allowed, w.Line)
			}
		}
	}
}

// A Reparse is the Parse: into the Robots of the file before (tested
// enough to have built its indexes and merged lists), larger or smaller,
// it gives the same lines, groups, rules, sitemaps and verdicts, and the
// room it kept holds nothing of the file before.
func TestReparseIsParse(t *testing.T) {
	bodies := [][]byte{[]byte("User-agent: *\nDisallow: /old\n"), nil, []byte("\r"), []byte("\xEF\xBB\xBF")}
	for _, b := range sharedtest.FuzzSeedBodies {
		bodies = append(bodies, []byte(b))
	}
	bodies = append(bodies, corpusBodiesAfter(t)...)
	urls := []string{"/", "/x", "/old", "/y/z", "/a/b.pdf", "/search?q=1", "/wp-admin/", "/private/index.html"}
	old := Parse(bodies[0])
	for i, body := range bodies[1:] {
		for k := 0; k < 40; k++ { // past the tests that build an index
			for _, agent := range []string{"Googlebot", "Bingbot", "*"} {
				old.Test(agent, urls[k%len(urls)])
			}
		}
		want := Parse(body)
		got := Reparse(old, body)
		if got != old {
			t.Fatalf("file %d: Reparse made a new Robots", i)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("file %d, %.60q: the Reparse differs from Parse's", i, body)
		}
		// The room past the rules keeps no string of the old body alive.
		for _, rule := range got.rules[len(got.rules):cap(got.rules)] {
			if rule != (Rule{}) {
				t.Fatalf("file %d: the rules' room still holds %+v", i, rule)
			}
		}
		for _, agent := range []string{"Googlebot", "Bingbot", "*"} {
			for _, u := range urls {
				if g, w := got.Test(agent, u), want.Test(agent, u); !reflect.DeepEqual(g, w) {
					t.Fatalf("file %d: %s %s: Reparse's %+v, Parse's %+v", i, agent, u, g, w)
				}
			}
		}
		old = got
	}
}

// indexSpaceOrTab is strings.IndexAny(s, " \t") on every string of
// spaces, tabs and letters up to five bytes.
func TestIndexSpaceOrTabIsIndexAny(t *testing.T) {
	var each func(s string)
	each = func(s string) {
		if got, want := indexSpaceOrTab(s), strings.IndexAny(s, " \t"); got != want {
			t.Fatalf("indexSpaceOrTab(%q) = %d, IndexAny %d", s, got, want)
		}
		if len(s) < 5 {
			for _, c := range []string{" ", "\t", "a"} {
				each(s + c)
			}
		}
	}
	each("")
}
