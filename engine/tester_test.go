package engine

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"robotstester/engine/sharedtest"
)

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
	bodies := [][]byte{[]byte("User-agent: googlebot/2.1\nDisallow: /a\n\nUser-agent: MJ12bot\nDisallow: /b\n\nUser-agent: *\nDisallow: /c\n")}
	for _, name := range sharedtest.CorpusFiles(t) {
		body, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		bodies = append(bodies, body)
	}
	compared := 0
	for i, body := range bodies {
		r := Parse(body)
		urls := []string{"https://example.com/", "/a", "/b/x", "/c?d"}
		for n := range r.Lines {
			if ln := &r.Lines[n]; (ln.Kind == KindAllow || ln.Kind == KindDisallow) && len(urls) < 60 {
				urls = append(urls, "https://example.com"+strings.ReplaceAll(ln.Value(r.Body), "*", "x"))
			}
		}
		for _, c := range cols {
			tester := r.Tester(c)
			for _, u := range urls {
				compared++
				if got, want := tester.Test(u), TestColumn(r, c, u); !reflect.DeepEqual(got, want) {
					t.Fatalf("file %d, column %q, %q:\nTester     %+v\nTestColumn %+v", i, c.Name, u, got, want)
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
