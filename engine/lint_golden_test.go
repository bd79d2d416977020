package engine

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// The golden files (testdata/lint/*.golden) hold Lint's exact words and are
// rewritten from its output with -update-lint, so by themselves they check
// only that nothing changed. lintGoldenMeaning says, written by hand from
// each input line and the code table in lint.go, which finding every line
// must carry: a rewrite that changes what the file means fails here.
var lintGoldenMeaning = map[string][]string{
	"mistakes.txt": {
		"2 orphan-rule error",          // Disallow before any User-agent line
		"5 ignored-directive info",     // Crawl-delay: Google ignores it, Bing and others honour it
		"6 typo warning",               // Dissallow, accepted by Google only
		"7 missing-colon warning",      // Disallow /search
		"8 never-matches error",        // private/ starts with neither / nor *
		"9 never-matches error",        // a whole URL is not a path
		"10 dollar-inside warning",     // $ before ?download is a literal $
		"11 blocks-all warning",        // /#!/app is / for Google, in the * group
		"11 hash-in-value error",       // ... because # starts a comment
		"13 duplicate-rule info",       // Disallow: /cart again
		"14 ignored-directive warning", // Noindex, read by no major crawler
		"16 agent-cut warning",         // Googlebot Images is read as Googlebot
		"19 agent-suffix info",         // Bingbot/2.0 is read as Bingbot
		"20 ignored-directive info",    // Crawl-delay again
		"21 agent-not-global error",    // *Yandex is neither * nor a token
		"21 group-joined warning",      // Crawl-delay does not end Bingbot's group
		"24 sitemap-invalid error",     // a relative sitemap URL
		"25 colon-in-value error",      // Sitemap https://…: split at the colon in the URL
		"27 agent-repeated info",       // Googlebot again: the groups merge
	},
	"typical.txt": {
		"6 global-not-inherited info", // AdsBot-Google obeys its own group, not *'s
	},
}

func TestLintGoldenMeansWhatItSays(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "lint", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden inputs: %v", err)
	}
	for _, f := range files {
		want, ok := lintGoldenMeaning[filepath.Base(f)]
		if !ok {
			t.Errorf("%s has no entry in lintGoldenMeaning: say which finding each of its lines must carry", f)
			continue
		}
		body, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		got := lintFindingList(Lint(Parse(body)))
		slices.Sort(got)
		want = slices.Clone(want)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: findings %q, want %q", f, got, want)
		}
	}
}
