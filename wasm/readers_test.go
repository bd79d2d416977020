//go:build js && wasm

package main

import (
	"strings"
	"testing"
)

// TestReaderRowsFollowTheStore: the readers view tests the store's URLs,
// recomputes when the results do (and only then), and reparses the readers
// only when the file changes.
func TestReaderRowsFollowTheStore(t *testing.T) {
	saved := store
	t.Cleanup(func() { store = saved })
	in := exampleState
	in.Robots = "User-agent: *\nDisallow: /*.pdf$\n"
	in.URLs = "https://example.com/\nhttps://example.com/a.pdf\n"
	in.Crawler, in.Token = "", "foo"
	store = newState(in)

	compareReaders(1e9)
	rows, current := readerRows()
	if !current || len(rows) != 2 || rows[0].URL != "https://example.com/a.pdf" || rows[0].Agree() || !rows[1].Agree() {
		t.Fatalf("rows %+v: want the PDF, where Python disagrees, first", rows)
	}
	files := readerCache.files
	if again, _ := readerRows(); &again[0] != &rows[0] {
		t.Error("a render without a change recomputed the rows")
	}
	store.editURLs("https://example.com/b.pdf\n")
	store.flush()
	if _, current := readerRows(); current {
		t.Error("after a URL edit the old rows count as current")
	}
	compareReaders(1e9)
	if rows, _ := readerRows(); len(rows) != 1 || rows[0].URL != "https://example.com/b.pdf" {
		t.Errorf("after the URL edit the rows are %+v", rows)
	}
	if &readerCache.files[0] != &files[0] {
		t.Error("a URL edit parsed the file again for every reader")
	}
	if found := portabilityDiagnostics(store.linted); !strings.Contains(found.String(), "is read differently by Python urllib.robotparser") {
		t.Errorf("the portability findings lack the wildcard's:\n%s", found)
	}
}
