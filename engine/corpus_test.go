package engine

import (
	"bufio"
	"bytes"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The real corpus (../shared/corpus, third-party files kept out of the
// product): every file parses with a consistent line table, and every listed
// URL gets Google's verdict and line from the engine, as the oracle computes
// them, for several agents.

// corpusFiles returns the corpus's robots.txt file names, sorted.
func corpusFiles(t testing.TB) []string {
	dir := sharedDir(t, "corpus", "real")
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus files under %s: %v", dir, err)
	}
	return files
}

// corpusList is one URL list of ../shared/corpus/urls with the file it was
// made for and the agents to test it with.
type corpusList struct {
	file   string // e.g. 0001.txt
	body   []byte
	urls   []string
	agents []string
}

// corpusLists reads urls/INDEX.tsv and the lists it names. The agents are the
// index's sample tokens as written in the file (unescaped), plus Googlebot
// and an agent no group names, so that * applies.
func corpusLists(t testing.TB) []corpusList {
	urlsDir := sharedDir(t, "corpus", "urls")
	realDir := sharedDir(t, "corpus", "real")
	index, err := os.ReadFile(filepath.Join(urlsDir, "INDEX.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	var lists []corpusList
	for i, row := range strings.Split(strings.TrimSpace(string(index)), "\n") {
		cols := strings.Split(row, "\t")
		if i == 0 {
			continue // header
		}
		if len(cols) != 8 {
			t.Fatalf("INDEX.tsv row %d has %d columns, want 8", i+1, len(cols))
		}
		l := corpusList{file: cols[0], agents: []string{"Googlebot", "Unnamedbot"}}
		for _, a := range strings.Split(cols[7], ",") {
			if u, err := url.PathUnescape(a); err == nil {
				a = u
			}
			if a != "*" {
				l.agents = append(l.agents, a)
			}
		}
		if l.body, err = os.ReadFile(filepath.Join(realDir, l.file)); err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(filepath.Join(urlsDir, l.file))
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		for sc.Scan() {
			l.urls = append(l.urls, sc.Text())
		}
		lists = append(lists, l)
	}
	if len(lists) != 20 {
		t.Fatalf("INDEX.tsv lists %d files, want 20", len(lists))
	}
	return lists
}

// TestCorpusParses parses all 386 real files and checks each line table
// against the body and the oracle's line count.
func TestCorpusParses(t *testing.T) {
	files := corpusFiles(t)
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
	for _, l := range corpusLists(t) {
		r, f := Parse(l.body), oracleParse(l.body)
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
		for ai, agent := range l.agents {
			reading := ReadAgent(agent)
			for ui := 0; ui < len(l.urls); ui += step {
				u := l.urls[ui]
				if ai == 0 {
					// The same path inside a full url.
					u = "https://example.com" + u
				}
				comparisons++
				if err := compareWithOracle(r, f, agent, u); err != nil {
					t.Errorf("%s: %v", l.file, err)
					failures++
				}
				if reading.Cut && reading.Token != "" {
					// Test reads the cut token; the oracle is given that token.
					comparisons++
					got := r.Test(agent, u)
					want := oracleDecide(f, []string{reading.Token}, u)
					if got.Allowed != want.allowed || got.Line != want.line {
						t.Errorf("%s: agent %q read as %q, url %q: Test allowed=%v line %d, oracle allowed=%v line %d",
							l.file, agent, reading.Token, u, got.Allowed, got.Line, want.allowed, want.line)
						failures++
					}
				}
				if failures > 10 {
					t.Fatalf("%s: too many disagreements", l.file)
				}
			}
		}
	}
	t.Logf("%d engine/oracle comparisons on the 20 listed files", comparisons)
}
