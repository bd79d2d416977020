//go:build js && wasm

package readers

import (
	"strings"
	"testing"
	"time"

	"robotstester/wasm/model"
	"robotstester/wasm/store"
)

// compareAll runs the Readers view's comparison of the store's list to the
// end, in this task.
func compareAll(t *testing.T) {
	t.Helper()
	readers.sync()
	readers.job.Stop()
	for !readers.step(time.Now().Add(time.Hour)) {
		if readers.job.Stopped && readers.generation != store.Page.Generation {
			t.Fatal("the comparison stopped")
		}
	}
	readers.finish()
}

// shownReaderURLs are the URLs of the rows in the order the view shows
// them.
func shownReaderURLs() []string {
	var out []string
	for pos := range readers.count() {
		out = append(out, readers.row(readers.index(pos)).URL)
	}
	return out
}

// The readers view compares the store's whole list, disagreements first,
// counts each reader's differences from Google over all of it, starts
// again when the results change (and only then), and parses the file for
// every reader again only when the file changes.
func TestReaderRowsFollowTheStore(t *testing.T) {
	saved, savedRun := store.Page, readers
	t.Cleanup(func() { store.Page, readers = saved, savedRun })
	in := model.ExampleState
	in.Robots = "User-agent: *\nDisallow: /*.pdf$\n"
	var urls []string
	for i := range 600 {
		if i%7 == 3 {
			urls = append(urls, "https://example.com/doc"+strings.Repeat("x", i%5)+".pdf")
		} else {
			urls = append(urls, "https://example.com/page/"+strings.Repeat("y", i%9))
		}
	}
	in.URLs = strings.Join(urls, "\n")
	in.Crawler, in.Token, in.View = "", "foo", "readers"
	store.Page = store.NewState(in)

	compareAll(t)
	if !readers.done() || readers.count() != len(urls) {
		t.Fatalf("%d of %d URLs compared (done %v)", readers.count(), len(urls), readers.done())
	}
	pdfs := (len(urls) + 3) / 7
	shown := shownReaderURLs()
	for pos, u := range shown {
		if pdf := strings.HasSuffix(u, ".pdf"); pdf != (pos < pdfs) {
			t.Fatalf("row %d is %s: want the %d PDFs, where Python disagrees, first", pos, u, pdfs)
		}
	}
	if readers.tally.Disagree != pdfs || readers.tally.Differ[2] != pdfs || readers.tally.Differ[0] != 0 {
		t.Errorf("tally %+v: want %d URLs where Python (reader 2) differs, none for Google", readers.tally, pdfs)
	}
	gen, files := readers.generation, store.ReaderCache.Files
	readers.sync()
	if readers.generation != gen || !readers.done() {
		t.Error("a render without a change started the comparison again")
	}
	store.Page.EditURLs("https://example.com/b.pdf\n")
	store.Page.Flush()
	readers.sync()
	if readers.done() || readers.count() != 0 {
		t.Error("after a URL edit the old rows still show")
	}
	compareAll(t)
	if got := shownReaderURLs(); len(got) != 1 || got[0] != "https://example.com/b.pdf" {
		t.Errorf("after the URL edit the rows are %q", got)
	}
	if &store.ReaderCache.Files[0] != &files[0] {
		t.Error("a URL edit parsed the file again for every reader")
	}
	if found := store.PortabilityDiagnostics(store.Page.Linted); !strings.Contains(found.String(), "is read differently by Python urllib.robotparser") {
		t.Errorf("the portability findings lack the wildcard's:\n%s", found)
	}
}

// A cancelled comparison keeps what it compared and goes on from there.
func TestReaderRunCancelAndResume(t *testing.T) {
	saved, savedRun := store.Page, readers
	t.Cleanup(func() { store.Page, readers = saved, savedRun })
	in := model.ExampleState
	in.Robots = "User-agent: *\nDisallow: /*.pdf$\n"
	in.URLs = strings.Repeat("https://example.com/a.pdf\nhttps://example.com/b\n", 200)
	in.View = "readers"
	store.Page = store.NewState(in)
	readers.sync()
	readers.job.Stop()
	readers.step(time.Now()) // one check's worth of URLs
	compared := readers.compared
	if compared == 0 || compared == 400 {
		t.Fatalf("%d URLs compared in a slice with no time", compared)
	}
	readers.cancel()
	readers.sync()
	if readers.job != nil && !readers.job.Stopped || readers.count() != compared || readers.compared != compared {
		t.Fatal("a render after a cancel started the comparison again")
	}
	readers.resume()
	compareAll(t)
	if readers.count() != 400 || readers.tally.Disagree != 200 {
		t.Errorf("after resuming: %d URLs, %d disagreeing; want 400 and 200", readers.count(), readers.tally.Disagree)
	}
}
