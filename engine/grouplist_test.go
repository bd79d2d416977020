package engine

import (
	"math/rand/v2"
	"os"
	"reflect"
	"strings"
	"testing"

	"robotstester/engine/sharedtest"
)

// indexFromTheFirstTest has every list built its index for its first
// test, for the tests that watch the index, until t ends.
func indexFromTheFirstTest(t *testing.T) {
	old := scanTests
	scanTests = 0
	t.Cleanup(func() { scanTests = old })
}

// withScanTests runs fn with scanTests set to n: 0 answers every test
// through the index, a large n every test by trying each rule.
func withScanTests(n int32, fn func()) {
	old := scanTests
	scanTests = n
	defer func() { scanTests = old }()
	fn()
}

// The unindexed path (the first tests of a list try every rule) answers
// exactly as the index, trace and all: every corpus file, with the URLs
// of its list when it has one and otherwise paths made from its own
// rules, for Googlebot, an agent no group names, and the list's agents.
func TestScanAnswersAsTheIndex(t *testing.T) {
	type job struct {
		name   string
		body   []byte
		paths  []string
		agents []string
	}
	var jobs []job
	lists := map[string]bool{}
	for _, l := range sharedtest.CorpusLists(t) {
		jobs = append(jobs, job{l.File, l.Body, l.URLs, l.Agents})
		lists[l.File] = true
	}
	for _, name := range sharedtest.CorpusFiles(t) {
		base := name[strings.LastIndexByte(name, '/')+1:]
		if lists[base] {
			continue
		}
		body, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		j := job{name: base, body: body, agents: []string{"Googlebot", "Unnamedbot", "Bingbot"},
			paths: []string{"/", "/index.html", "/a/index.html", "/search?q=x"}}
		for _, g := range Parse(body).Groups {
			for _, r := range g.Rules {
				if len(j.paths) < 200 {
					p := strings.ReplaceAll(strings.TrimSuffix(r.Pattern, "$"), "*", "x")
					j.paths = append(j.paths, p, p+"index.html", p+"/a?b", p[:strings.LastIndexByte(p, '/')+1])
				}
			}
		}
		jobs = append(jobs, j)
	}
	if len(jobs) < 300 {
		t.Fatalf("only %d corpus files read", len(jobs))
	}
	for _, j := range jobs {
		var scanned, indexed []Result
		var scannedCells, indexedCells *Matrix
		cols := []Column{ColumnFor("Googlebot"), ColumnFor("Unnamedbot"), ColumnFor("Bingbot")}
		withScanTests(1<<30, func() {
			r := Parse(j.body)
			for _, a := range j.agents {
				for _, p := range j.paths {
					scanned = append(scanned, r.Test(a, p))
				}
			}
			scannedCells = r.Matrix(j.paths, cols)
		})
		withScanTests(0, func() {
			r := Parse(j.body)
			for _, a := range j.agents {
				for _, p := range j.paths {
					indexed = append(indexed, r.Test(a, p))
				}
			}
			indexedCells = r.Matrix(j.paths, cols)
		})
		for i := range scanned {
			if !reflect.DeepEqual(scanned[i], indexed[i]) {
				t.Errorf("%s: %q for %q: tried rule by rule %+v; through the index %+v", j.name, scanned[i].URL, scanned[i].Agent.Input, scanned[i], indexed[i])
				break
			}
		}
		if !reflect.DeepEqual(scannedCells, indexedCells) {
			t.Errorf("%s: the matrix tried rule by rule differs from the one through the index", j.name)
		}
	}
}

// A list answers its first scanTests tests without its index, and builds
// it for the next.
func TestIndexIsBuiltOnceItPays(t *testing.T) {
	r := Parse([]byte("User-agent: *\nDisallow: /a\n\nUser-agent: *\nAllow: /a/index.html\n"))
	for range scanTests {
		if got := r.Test("x", "/a/"); !got.Allowed || got.Line != 5 {
			t.Fatalf("a scan: allowed %v, line %d; want allowed by line 5 (the index.html variant)", got.Allowed, got.Line)
		}
	}
	if r.global.merged.ix != nil {
		t.Fatalf("the index was built within the first %d tests", scanTests)
	}
	if got := r.Test("x", "/a/"); !got.Allowed || got.Line != 5 {
		t.Errorf("after the scans: allowed %v, line %d; want allowed by line 5 (the index.html variant)", got.Allowed, got.Line)
	}
	if r.global.merged.ix == nil {
		t.Errorf("the index was not built after %d tests", scanTests)
	}
}

// Random files whose allow rules have index.html variants, plain and with
// wildcards, repeated patterns and groups read as one: a scan answers as
// the index, for paths that hit the variants exactly.
func TestScanAnswersAsTheIndexOnRandomFiles(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	piece := func(n int) string { return randomString(rng, "/ab.*$?=", n) }
	for round := range 300 {
		var b strings.Builder
		var prefixes []string
		for i := range 2 + rng.IntN(40) {
			if i == 0 || rng.IntN(8) == 0 {
				b.WriteString("User-agent: *\n")
			}
			p := piece(rng.IntN(6))
			switch rng.IntN(5) {
			case 0:
				p = "/" + p
			case 1:
				p = "/*" + p + "/index.html"
			case 2:
				p = "/" + strings.ReplaceAll(p, "*", "") + "/index.htm"
			case 3:
				p = "/" + strings.ReplaceAll(p, "*", "") + "$"
			}
			prefixes = append(prefixes, literalPrefix(p), p[:strings.LastIndexByte(p, '/')+1])
			b.WriteString([]string{"Allow: ", "Disallow: "}[rng.IntN(2)] + p + "\n")
		}
		var paths []string
		for range 40 {
			paths = append(paths, prefixes[rng.IntN(len(prefixes))]+piece(rng.IntN(3)))
		}
		var scanned, indexed []Result
		withScanTests(1<<30, func() {
			r := Parse([]byte(b.String()))
			for _, p := range paths {
				scanned = append(scanned, r.Test("x", p))
			}
		})
		withScanTests(0, func() {
			r := Parse([]byte(b.String()))
			for _, p := range paths {
				indexed = append(indexed, r.Test("x", p))
			}
		})
		for i := range paths {
			if !reflect.DeepEqual(scanned[i], indexed[i]) {
				t.Fatalf("round %d, %q in\n%s\ntried rule by rule: %+v\nthrough the index: %+v", round, paths[i], b.String(), scanned[i], indexed[i])
			}
		}
	}
}
