package sharedtest

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
// product), as the engine's and the readers' tests and benchmarks read it.

// CorpusFiles returns the corpus's robots.txt file names, sorted.
func CorpusFiles(t testing.TB) []string {
	dir := Dir(t, "corpus", "real")
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus files under %s: %v", dir, err)
	}
	return files
}

// CorpusBodies returns every corpus file's bytes by its base name
// (0001.txt).
func CorpusBodies(t testing.TB) map[string][]byte {
	out := map[string][]byte{}
	for _, f := range CorpusFiles(t) {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(f)] = b
	}
	return out
}

// CorpusList is one URL list of ../shared/corpus/urls with the file it was
// made for and the agents to test it with.
type CorpusList struct {
	File   string // e.g. 0001.txt
	Body   []byte
	URLs   []string
	Agents []string
}

// CorpusLists reads urls/INDEX.tsv and the lists it names. The agents are the
// index's sample tokens as written in the file (unescaped), plus Googlebot
// and an agent no group names, so that * applies.
func CorpusLists(t testing.TB) []CorpusList {
	urlsDir := Dir(t, "corpus", "urls")
	realDir := Dir(t, "corpus", "real")
	index, err := os.ReadFile(filepath.Join(urlsDir, "INDEX.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	var lists []CorpusList
	for i, row := range strings.Split(strings.TrimSpace(string(index)), "\n") {
		cols := strings.Split(row, "\t")
		if i == 0 {
			continue // header
		}
		if len(cols) != 8 {
			t.Fatalf("INDEX.tsv row %d has %d columns, want 8", i+1, len(cols))
		}
		l := CorpusList{File: cols[0], Agents: []string{"Googlebot", "Unnamedbot"}}
		for _, a := range strings.Split(cols[7], ",") {
			if u, err := url.PathUnescape(a); err == nil {
				a = u
			}
			if a != "*" {
				l.Agents = append(l.Agents, a)
			}
		}
		if l.Body, err = os.ReadFile(filepath.Join(realDir, l.File)); err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(filepath.Join(urlsDir, l.File))
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		for sc.Scan() {
			l.URLs = append(l.URLs, sc.Text())
		}
		lists = append(lists, l)
	}
	if len(lists) != 20 {
		t.Fatalf("INDEX.tsv lists %d files, want 20", len(lists))
	}
	return lists
}
