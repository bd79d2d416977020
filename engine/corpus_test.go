package engine

import (
	"os"
	"path/filepath"
	"testing"

	"robotstester/engine/sharedtest"
)

// The real corpus (../shared/corpus, third-party files kept out of the
// product): every file parses with a consistent line table, and every listed
// URL gets Google's verdict and line from the engine, as the oracle computes
// them, for several agents.

// TestCorpusParses parses all 386 real files and checks each line table
// against the body and the oracle's line count.
func TestCorpusParses(t *testing.T) {
	files := sharedtest.CorpusFiles(t)
	total := 0
	for _, name := range files {
		body, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		total += len(body)
		if err := checkLines(Parse(body), body); err != nil {
			t.Errorf("%s: %v", filepath.Base(name), err)
		}
	}
	if len(files) != 386 {
		t.Errorf("the corpus has %d files, want 386", len(files))
	}
	t.Logf("%d files, %d bytes parsed", len(files), total)
}

// TestCorpusURLsAgreeWithOracle tests every listed URL against its file with
// every agent, both as Google's matcher (TestVerbatim) and as the tester's
// Test, and compares verdict and line with the oracle.
func TestCorpusURLsAgreeWithOracle(t *testing.T) {
	comparisons := 0
	for _, l := range sharedtest.CorpusLists(t) {
		r, f := Parse(l.Body), oracleParse(l.Body)
		// The oracle reads every event for every url: on the files with
		// tens of thousands of rules, every third url is enough.
		step := 1
		if len(f.events) > 10000 {
			step = 3
		}
		if testing.Short() {
			step *= 10
		}
		failures := 0
		for ai, agent := range l.Agents {
			reading := ReadAgent(agent)
			for ui := 0; ui < len(l.URLs); ui += step {
				u := l.URLs[ui]
				if ai == 0 {
					// The same path inside a full url.
					u = "https://example.com" + u
				}
				comparisons++
				if err := compareWithOracle(r, f, agent, u); err != nil {
					t.Errorf("%s: %v", l.File, err)
					failures++
				}
				if reading.Cut && reading.Token != "" {
					// Test reads the cut token; the oracle is given that token.
					comparisons++
					got := r.Test(agent, u)
					want := oracleDecide(f, []string{reading.Token}, u)
					if got.Allowed != want.allowed || got.Line != want.line {
						t.Errorf("%s: agent %q read as %q, url %q: Test allowed=%v line %d, oracle allowed=%v line %d",
							l.File, agent, reading.Token, u, got.Allowed, got.Line, want.allowed, want.line)
						failures++
					}
				}
				if failures > 10 {
					t.Fatalf("%s: too many disagreements", l.File)
				}
			}
		}
	}
	t.Logf("%d engine/oracle comparisons on the 20 listed files", comparisons)
}
