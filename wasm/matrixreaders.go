//go:build js && wasm

package main

import (
	"strconv"
	"time"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"robotstester/engine"
)

// The matrix read as each crawler's own reader (Saved.ReadAs "own"): each
// column's cells from the reader its crawler runs (engine.ReaderMatrix),
// cells where that reader and Google disagree marked in words. The engine
// parses the file once per reader and decides every cell; this only
// schedules the work, in slices after the Google matrix shows, and only
// while that reading is chosen.

// readAsOwn is the ReadAs value for each crawler's own reader.
const readAsOwn = "own"

// readerMatrixCache is the reader matrix of one Google matrix, and the
// sliced job computing it.
var readerMatrixCache struct {
	of  *engine.Matrix
	m   *engine.ReaderMatrix // nil until its first slice
	job *slicedJob
}

// readerRowsPerCheck is how many rows a slice fills between looks at the
// clock: a row is one test per column.
const readerRowsPerCheck = 8

// shownReaderMatrix is the reader matrix to show for g: nil in Google's
// reading, and while it is still being computed (it starts then, and the
// page renders again when it is done).
func shownReaderMatrix(g *engine.Matrix) *engine.ReaderMatrix {
	c := &readerMatrixCache
	if store.in.ReadAs != readAsOwn || g == nil {
		return nil
	}
	if c.of == g {
		if c.m != nil && c.m.Done() {
			return c.m
		}
		return nil
	}
	c.job.stop()
	c.of, c.m = g, nil
	body, robots := store.cut.Body, store.robots
	c.job = runSliced(func(deadline time.Time) bool {
		if c.m == nil {
			c.m = engine.NewReaderMatrix(body, robots, g)
			if time.Now().After(deadline) {
				return c.m.Done()
			}
		}
		for !c.m.Fill(readerRowsPerCheck) {
			if time.Now().After(deadline) {
				return false
			}
		}
		return true
	}, store.changed)
	return nil
}

// readerStatus says what the reader reading shows, or that it is being
// computed; "" in Google's reading.
func readerStatus(g *engine.Matrix, rm *engine.ReaderMatrix) string {
	if store.in.ReadAs != readAsOwn {
		return ""
	}
	if rm == nil {
		return "Reading the file as each crawler's own reader… Google's verdicts show meanwhile."
	}
	differ := 0
	for u := range g.URLs {
		for c := range g.Columns {
			if rm.Differs(u, c) {
				differ++
			}
		}
	}
	if differ == 0 {
		return "Each column is read by its crawler's own reader; every cell agrees with Google."
	}
	return "Each column is read by its crawler's own reader; " + count(differ, "cell") + " differ from Google, marked “≠ Google”."
}

// ReadAsSelect chooses whose reading the matrix shows.
type ReadAsSelect struct {
	vecty.Core
	Current string `vecty:"prop"`
}

func (s *ReadAsSelect) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*ReadAsSelect)
	return ok && p.Current == s.Current
}

func (s *ReadAsSelect) Render() vecty.ComponentOrHTML {
	option := func(value, label string) *vecty.HTML {
		return elem.Option(vecty.Markup(vecty.Attribute("value", value), vecty.Property("selected", value == s.Current)), vecty.Text(label))
	}
	return elem.Select(
		vecty.Markup(prop.ID("matrix-read-as"), vecty.Attribute("aria-describedby", "matrix-read-as-help"), event.Change(func(ev *vecty.Event) {
			v := ev.Target.Get("value").String()
			if v != readAsOwn {
				v = ""
			}
			store.in.ReadAs = v
			store.changed()
		})),
		option("", "Google (what Googlebot's parser decides)"),
		option(readAsOwn, "Each crawler's own reader"),
	)
}

// readerHeaderHTML is a column header's reader line in the reader reading.
func readerHeaderHTML(r engine.CrawlerReading) string {
	return `<span class="reader" title="` + escapeHTML(r.Note) + `">reads as ` + escapeHTML(r.Label()) + `</span>`
}

// readerCellHTML is a cell's content in the reader reading: the reader's
// verdict (or its failure) and line, and when Google decides otherwise a
// mark in words.
func readerCellHTML(g *engine.Matrix, rm *engine.ReaderMatrix, row, col int) string {
	res := rm.Cell(row, col)
	s := verdictHTML(res.Allowed, res.Line)
	if res.Failed {
		s = `<span class="v">✕ fails</span>`
	}
	if rm.Differs(row, col) {
		s += ` <span class="differs">≠ Google: ` + verdictAttr(g.Cell(row, col).Allowed) + `</span>`
	}
	return s
}

// readerCellAttrs are a cell's data attributes in the reader reading.
func readerCellAttrs(rm *engine.ReaderMatrix, row, col int) string {
	res := rm.Cell(row, col)
	verdict := verdictAttr(res.Allowed)
	if res.Failed {
		verdict = "failed"
	}
	return ` data-verdict="` + verdict + `" data-line="` + strconv.Itoa(res.Line) + `" data-reader="` + escapeHTML(res.Reader) +
		`" data-differs="` + strconv.FormatBool(rm.Differs(row, col)) + `" title="` + escapeHTML(res.Why) + `"`
}

// readerWhy is the selected cell's reader sentence in the reader reading,
// nil otherwise.
func readerWhy(row, col int) vecty.MarkupOrChild {
	rm := shownReaderMatrix(matrix.m)
	if rm == nil {
		return nil
	}
	res, reading := rm.Cell(row, col), rm.Readings[col]
	info, _ := engine.DescribeReader(res.Reader)
	lead := "Read as " + info.Name
	if reading.Assumed {
		lead += " (assumed)"
	}
	if rm.Differs(row, col) {
		lead += ", which differs from Google"
	}
	return elem.Paragraph(vecty.Markup(prop.ID("matrix-reader-why"), vecty.Class("reader-why")),
		elem.Strong(vecty.Text(lead+": ")), sentence(res.Why+" "+reading.Note))
}
