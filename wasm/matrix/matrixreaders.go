//go:build js && wasm

package matrix

import (
	otherreaders "robotstester/engine/readers"
	"strconv"
	"time"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"robotstester/engine"
	"robotstester/wasm/browser"
	"robotstester/wasm/store"
	"robotstester/wasm/widget"
)

// The matrix read as each crawler's own reader (Saved.ReadAs "own"): each
// column's cells from the reader its crawler runs (otherreaders.ReaderMatrix),
// cells where that reader and Google disagree marked in words. The engine
// parses the file once per reader and decides every cell; this only
// schedules the work, in slices after the Google matrix shows, and only
// while that reading is chosen.

// readerMatrixCache is the reader matrix of one Google matrix, and the
// sliced job computing it.
var readerMatrixCache struct {
	of  *engine.Matrix
	m   *otherreaders.ReaderMatrix // nil until its first slice
	job *browser.SlicedJob
	// pending is an export asked for before the reader matrix was done:
	// it is written when it is.
	pending func(*engine.Matrix, *otherreaders.ReaderMatrix)
}

// readerRowsPerCheck is how many rows a slice fills between looks at the
// clock: a row is one test per column.
const readerRowsPerCheck = 8

// shownReaderMatrix is the reader matrix to show for g: nil in Google's
// reading, and while it is still being computed (it starts then, and the
// page renders again when it is done).
func shownReaderMatrix(g *engine.Matrix) *otherreaders.ReaderMatrix {
	c := &readerMatrixCache
	if store.Page.In.ReadAs != store.ReadAsOwn || g == nil {
		return nil
	}
	if c.of == g {
		if c.m != nil && c.m.Done() {
			return c.m
		}
		return nil
	}
	c.job.Stop()
	c.of, c.m = g, nil
	body, robots := store.Page.Cut.Body, store.Page.Robots
	c.job = browser.RunSliced(func(deadline time.Time) bool {
		if c.m == nil {
			c.m = otherreaders.NewReaderMatrix(body, robots, g)
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
	}, func() {
		if export := c.pending; export != nil {
			c.pending = nil
			export(g, c.m)
		}
		store.Page.Changed()
	})
	return nil
}

// exportMatrix writes the matrix in the reading shown: at once, or in the
// reader reading once every cell is read (the status says it waits).
func exportMatrix(write func(*engine.Matrix, *otherreaders.ReaderMatrix)) {
	g := currentMatrix()
	if store.Page.In.ReadAs != store.ReadAsOwn {
		readerMatrixCache.pending = nil
		write(g, nil)
		return
	}
	if rm := shownReaderMatrix(g); rm != nil {
		write(g, rm)
		return
	}
	readerMatrixCache.pending = write
	store.Page.Changed()
}

// cellVerdict is a cell as the grid shows it: Google's verdict and line,
// or in the reader reading (once read) its column's reader's, "failed"
// where the reader raises.
func cellVerdict(m *engine.Matrix, rm *otherreaders.ReaderMatrix, row, col int) (verdict string, line int) {
	if rm == nil {
		cell := m.Cell(row, col)
		return widget.VerdictAttr(cell.Allowed), cell.Line
	}
	res := rm.Cell(row, col)
	return widget.ReaderVerdictAttr(res), res.Line
}

// rowCounts are the columns allowed and blocked for URL row as the grid
// shows them.
func rowCounts(m *engine.Matrix, rm *otherreaders.ReaderMatrix, row int) (allowed, blocked int) {
	if rm != nil {
		return rm.RowCounts(row)
	}
	for col := range m.Columns {
		if m.Cell(row, col).Allowed {
			allowed++
		}
	}
	return allowed, len(m.Columns) - allowed
}

// ownReading is the selected cell's answer in the reader reading when its
// column's reader is not Google's (whose own explanation then stands).
func ownReading(row, col int) (otherreaders.ReaderResult, bool) {
	rm := shownReaderMatrix(matrix.m)
	if rm == nil {
		return otherreaders.ReaderResult{}, false
	}
	id := rm.Readings[col].Reader
	return rm.Cell(row, col), id != "" && id != "google"
}

// readerStatus says what the reader reading shows, or that it is being
// computed; "" in Google's reading.
func readerStatus(g *engine.Matrix, rm *otherreaders.ReaderMatrix) string {
	if store.Page.In.ReadAs != store.ReadAsOwn {
		return ""
	}
	if rm == nil {
		if readerMatrixCache.pending != nil {
			return "Reading the file as each crawler's own reader… the export starts when every cell is read."
		}
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

	verb := " differ"
	if differ == 1 {
		verb = " differs"
	}
	return "Each column is read by its crawler's own reader; " + widget.Count(differ, "cell") + verb + " from Google, marked “≠ Google”."
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
			if v != store.ReadAsOwn {
				v = ""
			}
			store.Page.In.ReadAs = v
			store.Page.Changed()
		})),
		option("", "Google (what Googlebot's parser decides)"),
		option(store.ReadAsOwn, "Each crawler's own reader"),
	)
}

// readerHeaderHTML is a column header's reader line in the reader reading.
func readerHeaderHTML(r otherreaders.CrawlerReading) string {
	return `<span class="reader" title="` + browser.EscapeHTML(r.Note) + `">reads as ` + browser.EscapeHTML(r.Label()) + `</span>`
}

// readerCellHTML is a cell's content in the reader reading: the reader's
// verdict (or its failure) and line, and when Google decides otherwise a
// mark in words.
func readerCellHTML(g *engine.Matrix, rm *otherreaders.ReaderMatrix, row, col int) string {
	s := widget.VerdictWordHTML(cellVerdict(g, rm, row, col))
	if rm.Differs(row, col) {
		s += ` <span class="differs">≠ Google: ` + widget.VerdictAttr(g.Cell(row, col).Allowed) + `</span>`
	}
	return s
}

// readerCellAttrs are a cell's data attributes in the reader reading.
func readerCellAttrs(g *engine.Matrix, rm *otherreaders.ReaderMatrix, row, col int) string {
	res := rm.Cell(row, col)
	return ` data-verdict="` + widget.ReaderVerdictAttr(res) + `" data-line="` + strconv.Itoa(res.Line) + `" data-reader="` + browser.EscapeHTML(res.Reader) +
		`" data-differs="` + strconv.FormatBool(rm.Differs(row, col)) + `" title="` + browser.EscapeHTML(res.Why) + `"`
}

// readerWhy is the selected cell's reader sentence in the reader reading,
// nil otherwise.
func readerWhy(row, col int) vecty.MarkupOrChild {
	rm := shownReaderMatrix(matrix.m)
	if rm == nil {
		return nil
	}
	res, reading := rm.Cell(row, col), rm.Readings[col]
	info, _ := otherreaders.DescribeReader(res.Reader)
	lead := "Read as " + info.Name
	if reading.Assumed {
		lead += " (assumed)"
	}
	if rm.Differs(row, col) {
		lead += ", which differs from Google"
	}
	why := res.Why + " " + reading.Note
	if _, own := ownReading(row, col); own {
		// The reader's sentence is the verdict's, below.
		why = reading.Note
	}
	return elem.Paragraph(vecty.Markup(prop.ID("matrix-reader-why"), vecty.Class("reader-why")),
		elem.Strong(vecty.Text(lead+": ")), widget.Sentence(why))
}

// columnSummary is a crawler's line of the summary in the reading shown:
// its verdict for the site root ("allowed", "blocked", or "failed" where
// its reader raises) and line, and its counts over the list.
type columnSummary struct {
	root             string
	rootLine         int
	allowed, blocked int
}

func summarize(m *engine.Matrix, rm *otherreaders.ReaderMatrix, col int) columnSummary {
	if rm == nil {
		root := m.Root(col)
		allowed, blocked := m.Counts(col)
		return columnSummary{widget.VerdictAttr(root.Allowed), root.Line, allowed, blocked}
	}
	root := rm.Root(col)
	verdict := widget.VerdictAttr(root.Allowed)
	if root.Failed {
		verdict = "failed"
	}
	allowed, blocked := rm.Counts(col)
	return columnSummary{verdict, root.Line, allowed, blocked}
}

// ownWhy is the why panel's account of the selected cell: google, Google's
// explanation (its verdict, group and matches), as it stands in Google's
// reading and for a column Google's parser reads; for a column read by
// another reader, that reader's verdict and sentence, with Google's
// explanation folded below for comparison. A pin on the cell is checked
// here against the reader (readPin); the Expectations list and `check`
// check pins as Google reads the file, which the help says.
func ownWhy(row, col int, google *vecty.HTML) vecty.MarkupOrChild {
	res, own := ownReading(row, col)
	if !own {
		return google
	}
	return vecty.List{
		elem.Paragraph(vecty.Markup(prop.ID("matrix-own-verdict"), vecty.Class("winner"), vecty.Data("verdict", widget.ReaderVerdictAttr(res))),
			elem.Strong(vecty.Text(widget.ReaderVerdictText(res)+": ")), widget.Sentence(res.Why)),
		elem.Paragraph(vecty.Markup(prop.ID("matrix-own-obeys"), vecty.Class("group-choice")), widget.Sentence(shownReaderMatrix(matrix.m).Obeys(col).Why)),
		elem.Details(vecty.Markup(prop.ID("matrix-google-why")),
			elem.Summary(vecty.Text("How Google's parser reads it, for comparison")),
			google,
		),
		elem.Paragraph(vecty.Markup(vecty.Class("help")), vecty.Text("A pin here is checked against this crawler's reader; the Expectations list below, and the check command, check pins as Google reads the file.")),
	}
}

// columnObeys is a column's groups for its header, and the sentence that
// says why, in the reading shown: Google's, or the column's reader's
// (otherreaders.ReaderMatrix.Obeys).
func columnObeys(m *engine.Matrix, rm *otherreaders.ReaderMatrix, col int) (label, why string) {
	c := m.Columns[col]
	if rm == nil {
		return obeysText(m.Obeys[col], c), m.Obeys[col].Sentence(c.Name)
	}
	o := rm.Obeys(col)
	if o.Refused {
		return o.Label(), o.Why
	}
	return obeysText(o.Obeys, c), o.Why
}

// readPin is a cell's pin as the reading shown checks it: as checked
// (Google's reading), or in each crawler's own reading against the
// column's reader (otherreaders.ReaderMatrix.Holds). A pin that carries a
// robots.txt of its own is not about the draft and stays as checked.
func readPin(rm *otherreaders.ReaderMatrix, row, col int, pin *engine.CaseResult) *engine.CaseResult {
	if rm == nil || pin == nil || pin.Case.HasRobots {
		return pin
	}
	p := *pin
	p.Pass, p.Result.Allowed = rm.Holds(row, col, p.Case.Allowed), rm.Cell(row, col).Allowed
	return &p
}

// urlRows finds each URL's first row in m.
func urlRows(m *engine.Matrix) map[string]int {
	index := make(map[string]int, len(m.URLs))
	for u, url := range m.URLs {
		if _, ok := index[url]; !ok {
			index[url] = u
		}
	}
	return index
}

// pinsShown say, for each pin of checkedPins, whether it holds in the
// reading shown: as checked in Google's; in each crawler's own reading,
// for a pin on a cell of the grid, as readPin reads it. row is a pin's row
// in the grid, -1 when it has none. They are kept until the pins, the
// matrix or the reading change: 100,000 pins are worth not walking at
// each render.
func pinsShown(m *engine.Matrix, rm *otherreaders.ReaderMatrix) (pass []bool, row []int) {
	results := checkedPins()
	k := &shownPins
	if k.m == m && k.rm == rm && k.gen == pins.gen && len(k.pass) == len(results) {
		return k.pass, k.row
	}
	rows, cols := urlRows(m), map[string]int{}
	for c, col := range m.Columns {
		cols[columnKey(col)] = c
	}
	pass, row = make([]bool, len(results)), make([]int, len(results))
	for i, r := range results {
		pass[i], row[i] = r.pass, -1
		k := pins.of[r.c]
		if u, ok := rows[k.URL]; ok {
			row[i] = u
			if c, ok := cols[pins.columns[r.col]]; ok && rm != nil && !k.HasRobots {
				pass[i] = rm.Holds(u, c, k.Allowed)
			}
		}
	}
	k.m, k.rm, k.gen, k.pass, k.row = m, rm, pins.gen, pass, row
	return pass, row
}

// shownPins is the last pinsShown and what it was for.
var shownPins struct {
	m    *engine.Matrix
	rm   *otherreaders.ReaderMatrix
	gen  int
	pass []bool
	row  []int
}

// failingPinsNote counts the pins that fail in the reading shown
// (pinsShown); nil when none.
func failingPinsNote(m *engine.Matrix, rm *otherreaders.ReaderMatrix) vecty.MarkupOrChild {
	checkedPins()
	n := pins.failing // as checked, in Google's reading
	if rm != nil {
		pass, _ := pinsShown(m, rm)
		n = 0
		for _, ok := range pass {
			if !ok {
				n++
			}
		}
	}
	where := ": see Expectations below."
	if rm != nil {
		where = " in this reading: see the cells marked ⚠ (the Expectations list below checks them as Google reads the file)."
	}
	return vecty.If(n > 0, elem.Strong(vecty.Markup(vecty.Class("failing-pins")), vecty.Text(" "+widget.Count(n, "expectation")+" failing"+where)))
}
