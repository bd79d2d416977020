//go:build js && wasm

package main

import (
	"bytes"
	"time"

	"robotstester/wasm/browser"
)

// Exports write every row of the list, however long: a long list is
// written in slices (sliced.go), each row made again from the engine, so
// the page answers while a million rows are written, and the file is
// offered once whole.

// syncExportRows is the longest list exported in the task of the click.
const syncExportRows = 5000

// exportFormat is one export's file: its name, type and how rows are written.
type exportFormat struct {
	name, mime string
	whole      func(rows []ExportRow) []byte // a short list at once
	open       func(b *bytes.Buffer)
	rows       func(b *bytes.Buffer, rows []ExportRow, first bool)
	close      func(b *bytes.Buffer, any bool)
}

var (
	csvExport = exportFormat{
		name: "robots-test.csv", mime: "text/csv", whole: exportCSV,
		open:  func(b *bytes.Buffer) { writeCSVRecord(b, exportColumns) },
		rows:  func(b *bytes.Buffer, rows []ExportRow, _ bool) { appendCSV(b, rows) },
		close: func(*bytes.Buffer, bool) {},
	}
	jsonExport = exportFormat{
		name: "robots-test.json", mime: "application/json", whole: exportJSON,
		open:  func(b *bytes.Buffer) { b.WriteString("[") },
		rows:  appendJSON,
		close: closeJSON,
	}
)

// exporting is the export being written, nil when none.
var exporting *browser.SlicedJob

// startExport writes the results in format f and offers the file.
func startExport(f exportFormat) {
	s := store
	exporting.Stop()
	n := s.list.Len()
	if n <= syncExportRows {
		browser.DownloadBytes(f.name, f.mime, f.whole(s.exportRows(0, n)))
		return
	}
	var b bytes.Buffer
	f.open(&b)
	gen, next := s.generation, 0
	lastNote := time.Now()
	s.notify("Exporting "+urlCount(n)+"…", "")
	exporting = browser.RunSliced(func(deadline time.Time) bool {
		if gen != s.generation {
			s.notify("The export stopped because the results changed: export again.", "")
			return true
		}
		for next < n && time.Now().Before(deadline) {
			end := min(next+256, n)
			f.rows(&b, s.exportRows(next, end), next == 0)
			next = end
		}
		if time.Since(lastNote) > 250*time.Millisecond && next < n {
			lastNote = time.Now()
			s.notify("Exporting "+urlCount(n)+": "+percent(next, n)+" written…", "")
		}
		return next == n
	}, func() {
		exporting = nil
		if gen != s.generation {
			return
		}
		f.close(&b, n > 0)
		browser.DownloadBytes(f.name, f.mime, b.Bytes())
		s.notify("Exported "+urlCount(n)+" to "+f.name+".", "")
	})
}
