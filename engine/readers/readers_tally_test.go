package readers

import (
	"fmt"
	"testing"

	"robotstester/engine/sharedtest"

	"robotstester/engine"
)

// A tally counts, over every URL, what the rows themselves say: each
// reader's differences from Google and failures, and the rows where some
// reader disagrees.
func TestReaderTallyCountsTheRows(t *testing.T) {
	type list struct {
		name string
		body []byte
		urls []string
	}
	var lists []list
	for _, f := range readerMatrixFiles {
		lists = append(lists, list{f.name, []byte(f.body), readerMatrixURLs})
	}
	lists = append(lists, list{"pdf", []byte("User-agent: *\nDisallow: /*.pdf$\n"), []string{"/a.pdf", "/a.pdf?x", "/b"}})
	for _, l := range firstLists(sharedtest.CorpusLists(t), 12) {
		lists = append(lists, list{l.File, l.Body, l.URLs})
	}
	for _, l := range lists {
		files := ParseAll(l.body, engine.Parse(l.body))
		rows := CompareReaders(files, nil, "Somebot", l.urls, nil)
		var tally, flagged ReaderTally
		for _, u := range l.urls {
			row := CompareReader(files, nil, "Somebot", u, nil)
			tally.Add(row)
			if agree := flagged.AddFlags(row.AppendFlags(nil)); agree != row.Agree() {
				t.Errorf("%s: %s: AddFlags says agree %v, the row %v", l.name, u, agree, row.Agree())
			}
		}
		if fmt.Sprint(tally) != fmt.Sprint(flagged) {
			t.Errorf("%s: counted from rows %+v, from flags %+v", l.name, tally, flagged)
		}
		if tally.URLs != len(l.urls) {
			t.Fatalf("%s: %d URLs counted of %d", l.name, tally.URLs, len(l.urls))
		}
		disagree := 0
		for _, r := range rows {
			if !r.Agree() {
				disagree++
			}
		}
		if tally.Disagree != disagree {
			t.Errorf("%s: %d disagreeing URLs counted, the rows have %d", l.name, tally.Disagree, disagree)
		}
		for k := range files {
			differ, failed := 0, 0
			for _, r := range rows {
				g, a := r.Results[0], r.Results[k]
				if g.Allowed != a.Allowed || g.Failed != a.Failed {
					differ++
				}
				if a.Failed {
					failed++
				}
			}
			if tally.Differ[k] != differ || tally.Failed[k] != failed {
				t.Errorf("%s: %s: tally %d differ, %d fail; the rows have %d and %d", l.name, files[k].Reader(), tally.Differ[k], tally.Failed[k], differ, failed)
			}
		}
		if l.name == "pdf" && tally.Differ[2] != 1 {
			t.Errorf("pdf: Python differs from Google on %d URLs, want 1 (/a.pdf)", tally.Differ[2])
		}
	}
}

// A row disagrees exactly when some reader differs from Google.
func TestReaderRowDiffersMeansDisagree(t *testing.T) {
	body := []byte("User-agent: *\nDisallow: /*.pdf$\nDisallow /drafts\n")
	files := ParseAll(body, engine.Parse(body))
	for _, u := range []string{"/a.pdf", "/drafts/x", "/ok", "/%zz"} {
		row := CompareReader(files, nil, "Somebot", u, Portability(engine.Parse(body)))
		some := false
		for k := range files {
			some = some || row.Differs(k)
		}
		if some == row.Agree() {
			t.Errorf("%s: some reader differs %v, but Agree says %v", u, some, row.Agree())
		}
	}
}

// firstLists is the first n lists (all when fewer): the tally test needs
// variety, not the whole corpus, which the reader tests run already.
func firstLists(lists []sharedtest.CorpusList, n int) []sharedtest.CorpusList {
	return lists[:min(n, len(lists))]
}
