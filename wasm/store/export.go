//go:build js && wasm

package store

import (
	"bytes"
	"time"

	"robotstester/wasm/browser"
	"robotstester/wasm/model"
)

// Exports write every row of the list, however long: a long list is
// written in slices (sliced.go), each row made again from the engine, so
// the page answers while a million rows are written, and the file is
// offered once whole.

// syncExportRows is the longest list exported in the task of the click.
const syncExportRows = 5000

// ExportFormat is one export's file: its name, type and how rows are written.
type ExportFormat struct {
	Name, mime string
	Whole      func(rows []model.ExportRow) []byte // a short list at once
	Open       func(b *bytes.Buffer)
	Rows       func(b *bytes.Buffer, rows []model.ExportRow, first bool)
	Close      func(b *bytes.Buffer, any bool)
}

var (
	CSVExport = ExportFormat{
		Name: "robots-test.csv", mime: "text/csv", Whole: model.ExportCSV,
		Open:  func(b *bytes.Buffer) { model.WriteCSVRecord(b, model.ExportColumns) },
		Rows:  func(b *bytes.Buffer, rows []model.ExportRow, _ bool) { model.AppendCSV(b, rows) },
		Close: func(*bytes.Buffer, bool) {},
	}
	JSONExport = ExportFormat{
		Name: "robots-test.json", mime: "application/json", Whole: model.ExportJSON,
		Open:  func(b *bytes.Buffer) { b.WriteString("[") },
		Rows:  model.AppendJSON,
		Close: model.CloseJSON,
	}
)

// exporting is the export being written, nil when none.
var exporting *browser.SlicedJob

// StartExport writes the results in format f and offers the file.
func StartExport(f ExportFormat) {
	s := Page
	exporting.Stop()
	n := s.List.Len()
	if n <= syncExportRows {
		browser.DownloadBytes(f.Name, f.mime, f.Whole(s.ExportRows(0, n)))
		return
	}
	var b bytes.Buffer
	f.Open(&b)
	gen, next := s.Generation, 0
	lastNote := time.Now()
	s.Notify("Exporting "+model.URLCount(n)+"…", "")
	exporting = browser.RunSliced(func(deadline time.Time) bool {
		if gen != s.Generation {
			s.Notify("The export stopped because the results changed: export again.", "")
			return true
		}
		for next < n && time.Now().Before(deadline) {
			end := min(next+256, n)
			f.Rows(&b, s.ExportRows(next, end), next == 0)
			next = end
		}
		if time.Since(lastNote) > 250*time.Millisecond && next < n {
			lastNote = time.Now()
			s.Notify("Exporting "+model.URLCount(n)+": "+model.Percent(next, n)+" written…", "")
		}
		return next == n
	}, func() {
		exporting = nil
		if gen != s.Generation {
			return
		}
		f.Close(&b, n > 0)
		browser.DownloadBytes(f.Name, f.mime, b.Bytes())
		s.Notify("Exported "+model.URLCount(n)+" to "+f.Name+".", "")
	})
}
