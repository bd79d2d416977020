package readers

import (
	"fmt"
	"os"
	"testing"

	"robotstester/engine/sharedtest"

	"robotstester/engine"
	"robotstester/engine/catalogue"
)

// readerMatrixFiles are files where the readers part: a missing colon and
// a pattern not starting with "/" (Google reads both, RFC 9309 neither), a
// group for Bingbot, a "Yandex" group, and "$" that Python reads literally.
var readerMatrixFiles = []struct{ name, body string }{
	{"colon", "User-agent: *\nDisallow /private\nDisallow: *.pdf\n"},
	{"groups", "User-agent: bingbot\nDisallow: /b\n\nUser-agent: Yandex\nDisallow: /y\nAllow: /y/ok\n\nUser-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nDisallow: /*.pdf$\n"},
	{"empty", ""},
}

var readerMatrixURLs = []string{"/", "/private/x", "/a.pdf", "/a.pdf?x=1", "/b", "/y/ok", "/y/no", "/robots.txt", "/%7Euser"}

// sweepCorpus says whether corpus-wide tests take every URL of each list
// (FULL_SWEEP=1, as make test runs them) or a fixed sample of them: every
// eighth and the last, the same in every run, which keeps a bare
// go test ./engine under a minute on a 2-core machine while each code path
// is still met (the small hand-made files are always checked whole).
func sweepCorpus(urls []string) []string {
	if os.Getenv("FULL_SWEEP") == "1" || len(urls) <= 16 {
		return urls
	}
	var out []string
	for i := 0; i < len(urls)-1; i += 8 {
		out = append(out, urls[i])
	}
	return append(out, urls[len(urls)-1])
}

// Each reader-matrix cell is what the column's reader, parsed on its own
// (ParseWith), decides for that crawler and URL; a crawler with a single
// token that obeys "*" gets exactly TestWith's answer for that token. The
// corpus lists are swept as sweepCorpus says.
func TestReaderMatrixCellsEqualTestWith(t *testing.T) {
	t.Parallel()
	type list struct {
		name  string
		body  []byte
		urls  []string
		small bool // TestWith parses per URL: only on the small files
	}
	lists := []list{}
	for _, f := range readerMatrixFiles {
		lists = append(lists, list{f.name, []byte(f.body), readerMatrixURLs, true})
	}
	for _, l := range sharedtest.CorpusLists(t) {
		lists = append(lists, list{l.File, l.Body, sweepCorpus(l.URLs), false})
	}
	cols := []engine.Column{engine.TokenColumn("Unnamedbot"), engine.TokenColumn("python-requests")}
	for _, c := range catalogue.Crawlers() {
		cols = append(cols, engine.CrawlerColumn(c))
	}
	for _, l := range lists {
		r := engine.Parse(l.body)
		g := r.Matrix(l.urls, cols)
		m := NewReaderMatrix(l.body, r, g)
		for !m.Fill(3) {
		}
		for c, col := range cols {
			cr := ColumnCrawler(col)
			reading := ReaderOf(cr)
			if m.Readings[c] != reading {
				t.Fatalf("%s: %s: reading %+v, ReaderOf says %+v", l.name, col.Name, m.Readings[c], reading)
			}
			id := reading.Reader
			if id == "" {
				id = "google"
			}
			f, err := ParseWith(id, l.body)
			if err != nil {
				t.Fatal(err)
			}
			allowed := 0 // of the reader's verdicts, checked cell by cell
			for u, url := range l.urls {
				got, want := m.Cell(u, c), TestCrawlerWith(f, cr, url)
				if want.Allowed {
					allowed++
				}
				if got != want {
					t.Fatalf("%s: %s (%s): %s: cell %+v, want %+v", l.name, col.Name, id, url, got, want)
				}
				if l.small && len(cr.Tokens) == 1 && cr.ObeysGlobal {
					if w, _ := TestWith(id, l.body, cr.Tokens[0], url); w.Allowed != got.Allowed || w.Line != got.Line || w.Failed != got.Failed {
						t.Fatalf("%s: %s (%s): %s: cell %+v, TestWith says %+v", l.name, col.Name, id, url, got, w)
					}
				}
				differs := got.Failed || got.Allowed != g.Cell(u, c).Allowed
				if m.Differs(u, c) != differs {
					t.Fatalf("%s: %s: %s: Differs %v, want %v", l.name, col.Name, url, m.Differs(u, c), differs)
				}
			}
			checkReaderObeys(t, l.name, m, c)
			if got, want := m.Root(c), TestCrawlerWith(f, cr, "/"); got != want {
				t.Fatalf("%s: %s (%s): root %+v, want %+v", l.name, col.Name, id, got, want)
			}
			if a, b := m.Counts(c); a != allowed || b != len(l.urls)-allowed {
				t.Fatalf("%s: %s (%s): counts %d allowed, %d blocked; its reader allows %d of %d", l.name, col.Name, id, a, b, allowed, len(l.urls))
			}
		}
		for u := range l.urls {
			allowed := 0
			for c := range cols {
				if m.Cell(u, c).Allowed {
					allowed++
				}
			}
			if a, b := m.RowCounts(u); a != allowed || b != len(cols)-allowed {
				t.Fatalf("%s: %s: row counts %d allowed, %d blocked; the cells allow %d of %d", l.name, l.urls[u], a, b, allowed, len(cols))
			}
		}
	}
}

// The crawler summary in each crawler's own reading: where a reader skips
// a line Google reads (a missing colon), the root verdict and the counts
// are the reader's, not Google's.
func TestReaderMatrixSummaryFollowsTheReader(t *testing.T) {
	body := []byte("User-agent: *\nDisallow /\nAllow: /ok\n")
	r := engine.Parse(body)
	cols := []engine.Column{engine.ColumnFor("Googlebot"), engine.ColumnFor("GPTBot")}
	g := r.Matrix([]string{"/private/a", "/doc.pdf", "/ok"}, cols)
	m := NewReaderMatrix(body, r, g)
	m.Fill(10)
	var got []string
	for c := range cols {
		a, b := m.Counts(c)
		root := m.Root(c)
		got = append(got, fmt.Sprintf("%s root %v line %d, %d allowed %d blocked", cols[c].Tokens[0], root.Allowed, root.Line, a, b))
	}
	for u := range g.URLs {
		a, b := m.RowCounts(u)
		got = append(got, fmt.Sprintf("%s %d/%d", g.URLs[u], a, b))
	}
	want := []string{
		"Googlebot root false line 2, 1 allowed 2 blocked",
		"GPTBot root true line 0, 3 allowed 0 blocked",
		"/private/a 1/1", "/doc.pdf 1/1", "/ok 2/0",
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
	if a, _ := g.Counts(1); a != 1 || g.Root(1).Allowed {
		t.Errorf("Google's reading of GPTBot: %d allowed, root allowed %v; want 1 and false (the case must tell the readings apart)", a, g.Root(1).Allowed)
	}
}

// The cases the matrix view marks: a reader that reads a line Google reads
// otherwise, cell by cell.
func TestReaderMatrixMarksDisagreements(t *testing.T) {
	body := []byte(readerMatrixFiles[0].body)
	r := engine.Parse(body)
	cols := []engine.Column{engine.ColumnFor("Googlebot"), engine.ColumnFor("GPTBot"), engine.ColumnFor("Bingbot")}
	g := r.Matrix([]string{"/private/x", "/a.pdf", "/ok"}, cols)
	m := NewReaderMatrix(body, r, g)
	m.Fill(10)
	var got []string
	for u := range g.URLs {
		for c := range cols {
			got = append(got, fmt.Sprintf("%s %s %s %v", g.URLs[u], cols[c].Tokens[0], m.Readings[c].Label(), m.Differs(u, c)))
		}
	}
	want := []string{
		"/private/x Googlebot google false", "/private/x GPTBot rfc9309 (assumed) true", "/private/x bingbot bing true",
		"/a.pdf Googlebot google false", "/a.pdf GPTBot rfc9309 (assumed) true", "/a.pdf bingbot bing true",
		"/ok Googlebot google false", "/ok GPTBot rfc9309 (assumed) false", "/ok bingbot bing false",
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}
