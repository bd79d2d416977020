//go:build js && wasm

package matrix

import (
	"bytes"
	otherreaders "robotstester/engine/readers"
	"strconv"
	"strings"
	"syscall/js"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"robotstester/engine"
	"robotstester/engine/catalogue"
	"robotstester/wasm/browser"
	"robotstester/wasm/model"
	"robotstester/wasm/store"
	"robotstester/wasm/widget"
)

// The matrix view: every URL of the list (rows) for many crawlers
// (columns) at once, from engine.Matrix, which tests each URL once per
// distinct set of groups. It is computed when the view renders and the
// robots.txt, the list or the columns changed since; the grid writes only
// the rows in view (matrixWindow) as HTML, so 1,000 URLs × 65 crawlers
// never puts 65,000 cells in the DOM.

// defaultPreset is the columns a matrix opens with: "which AI crawlers do
// I block" is the question it answers first.
const defaultPreset = "ai"

// matrixCache is the last matrix computed and what it was computed from.
type matrixCache struct {
	robots  *engine.Robots
	urls    string
	columns string   // columnsKey of the Saved it was made for
	inputs  []string // the URLs as typed
	sent    []string // what a browser sends for each
	all     int      // URLs in the list; the matrix holds maxMatrixURLs at most
	m       *engine.Matrix
	ms      float64 // how long the engine took, in milliseconds

	selRow, selCol int // the selected cell, -1 for none
	top            int // the first row in view, a position in rows

	scopes   []engine.ScopeResult // per URL, why the file does not govern it (zero when it does)
	scopesOf string               // the list and robots.txt URL scopes are for

	filter string // the rows shown: a rowFilters ID
	rows   []int  // the URLs shown, in order, for rowsOf
	rowsOf struct {
		m      *engine.Matrix
		rm     *otherreaders.ReaderMatrix // the reading the rows were chosen in, nil for Google's
		filter string
		pins   int // the pins' check (pinCache.gen)
	}
}

// rowFilters choose the rows of the grid.
var rowFilters = []struct{ id, label string }{
	{"", "All URLs"},
	{"differ", "URLs the crawlers disagree on"},
	{"blocked", "URLs blocked for some crawler"},
	{"pinned", "URLs with an expectation, failing first"},
}

// shownRows are the URLs (indices into m.URLs) the grid shows, in order,
// chosen in the reading shown (Google's, or each crawler's own reader's).
func shownRows(m *engine.Matrix) []int {
	c := &matrix
	checkedPins()
	rm := shownReaderMatrix(m)
	if c.rows != nil && c.rowsOf.m == m && c.rowsOf.rm == rm && c.rowsOf.filter == c.filter && (c.filter != "pinned" || c.rowsOf.pins == pins.gen) {
		return c.rows
	}
	c.rowsOf.m, c.rowsOf.rm, c.rowsOf.filter, c.rowsOf.pins = m, rm, c.filter, pins.gen
	c.rows = make([]int, 0, len(m.URLs))
	switch c.filter {
	case "pinned":
		read, rows := pinsShown(m, rm)
		seen := map[int]bool{}
		for _, pass := range []bool{false, true} { // failing first, in the reading shown
			for i, p := range read {
				if u := rows[i]; u >= 0 && p == pass && !seen[u] {
					seen[u] = true
					c.rows = append(c.rows, u)
				}
			}
		}
	default:
		for u := range m.URLs {
			allowed, blocked := rowCounts(m, rm, u)
			if c.filter == "" || c.filter == "blocked" && blocked > 0 || c.filter == "differ" && allowed > 0 && blocked > 0 {
				c.rows = append(c.rows, u)
			}
		}
	}
	return c.rows
}

// posOf is where URL u stands in the rows shown, -1 when it is not shown.
func posOf(rows []int, u int) int {
	for i, r := range rows {
		if r == u {
			return i
		}
	}
	return -1
}

var matrix = matrixCache{selRow: -1, selCol: -1}

// matrixRowPx is a grid row's height: keep in step with web/style.css
// (#matrix tbody tr).
const matrixRowPx = 34

// matrixWindow is how many rows the grid writes: a screenful and more.
const matrixWindow = 60

// PresetID is the preset in Saved, the default when none is chosen.
func PresetID(in model.Saved) string {
	if in.Preset == "" {
		return defaultPreset
	}
	return in.Preset
}

// columnsKey identifies the columns of a state.
func columnsKey(in model.Saved) string { return PresetID(in) + "\x00" + in.Columns }

// extraColumns reads the typed columns: crawler names or tokens, one a line
// or separated by commas.
func extraColumns(text string) []string {
	var out []string
	for _, f := range strings.FieldsFunc(text, func(r rune) bool { return r == '\n' || r == '\r' || r == ',' }) {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// maxColumns bounds the matrix's columns: the catalogue and a few dozen
// typed tokens. Each typed token may need a pass of its own, and a pasted
// list of thousands would make a grid nobody can read.
const maxColumns = 150

// matrixColumns are the preset's crawlers then the typed ones, each once,
// maxColumns at most.
func matrixColumns(in model.Saved) []engine.Column {
	var cols []engine.Column
	seen := map[string]bool{}
	add := func(c engine.Column) {
		if key := strings.ToLower(c.Name); !seen[key] && len(cols) < maxColumns {
			seen[key] = true
			cols = append(cols, c)
		}
	}
	if p, ok := catalogue.FindPreset(PresetID(in)); ok {
		for _, c := range engine.PresetColumns(p) {
			add(c)
		}
	}
	for _, name := range extraColumns(in.Columns) {
		add(engine.ColumnFor(name))
	}
	return cols
}

// maxMatrixURLs bounds the URLs the matrix and the diff test: a matrix
// costs one engine pass per URL and group set, and the page must answer
// within a frame or two. 1,000 URLs for 65 crawlers take about 5 ms in
// Chromium (make bench), so 5,000 stay near 25 ms, and the diff's two
// matrices near 50; a longer list is tested in the results table.
const maxMatrixURLs = 5000

// listKey identifies the URL list: the matrix and the diff are recomputed
// when it changes. A long list kept aside (ImportedList) has no text.
func listKey() string {
	if im := store.Page.Imported; im != nil {
		return "\x00" + im.Name + "\x00" + strconv.Itoa(im.URLs.Len())
	}
	return store.Page.In.URLs
}

// listURLs is the URL list the results test: as typed, one URL a line, or
// a long list kept aside.
func listURLs() []string {
	l := model.SplitURLs(store.Page.In.URLs)
	if store.Page.Imported != nil {
		l = store.Page.Imported.URLs
	}
	out := make([]string, l.Len())
	for i := range out {
		out[i] = l.At(i)
	}
	return out
}

// sentURLs are what a browser would send for each URL of the list (the
// results table tests the same), with the inputs as typed: the first
// maxMatrixURLs of them, and how many the list holds.
func sentURLs() (inputs, urls []string, all int) {
	inputs = listURLs()
	all = len(inputs)
	inputs = inputs[:min(all, maxMatrixURLs)]
	urls = make([]string, len(inputs))
	for i, u := range inputs {
		urls[i] = u
		if enc := engine.EncodeURL(u); enc.Err == "" {
			urls[i] = enc.URL
		}
	}
	return inputs, urls, all
}

// currentMatrix brings the matrix up to the store and returns it.
func currentMatrix() *engine.Matrix {
	s, c := store.Page, &matrix
	key := columnsKey(s.In)
	list := listKey()
	if c.m != nil && c.robots == s.Robots && c.urls == list && c.columns == key {
		return c.m
	}
	if c.urls != list || c.m == nil {
		// What a browser sends depends on the list alone: an edit of the
		// robots.txt only tests again.
		c.top = 0
		c.inputs, c.sent, c.all = sentURLs()
	}
	urls := c.sent
	cols := matrixColumns(s.In)
	perf := js.Global().Get("performance")
	start := perf.Call("now").Float()
	c.m = s.Robots.Matrix(urls, cols)
	c.ms = perf.Call("now").Float() - start
	c.robots, c.urls, c.columns = s.Robots, list, key
	if c.selRow >= len(urls) || c.selCol >= len(cols) {
		c.selRow, c.selCol = -1, -1
	}
	return c.m
}

// rowScopes say, per URL of the matrix, why the file served at the
// "Served at" URL does not govern it (zero when it does), as the results
// table says (engine.Scope through scope, scope.go).
func rowScopes() []engine.ScopeResult {
	c := &matrix
	key := c.urls + "\x00" + store.Page.In.RobotsURL
	if c.scopes == nil || c.scopesOf != key {
		c.scopes, c.scopesOf = make([]engine.ScopeResult, len(c.inputs)), key
		for i, u := range c.inputs {
			c.scopes[i] = model.Scope(store.Page.In.RobotsURL, u)
		}
	}
	return c.scopes
}

// selectCell selects a cell, marks its deciding line in the editor and
// explains it.
func selectCell(row, col int) {
	m := matrix.m
	if m == nil || len(m.URLs) == 0 || len(m.Columns) == 0 {
		return
	}
	row, col = max(0, min(row, len(m.URLs)-1)), max(0, min(col, len(m.Columns)-1))
	if posOf(shownRows(m), row) < 0 {
		return
	}
	matrix.selRow, matrix.selCol = row, col
	store.Page.Changed()
	if line := shownLine(m, row, col); line > 0 {
		widget.RevealLine(line)
	}
	focusCell(row, col)
}

// focusCell scrolls the cell into view, writing its window if needed, and
// focuses it.
func focusCell(row, col int) {
	wrap := js.Global().Get("document").Call("getElementById", "matrix-wrap")
	if !wrap.Truthy() {
		return
	}
	top, height := wrap.Get("scrollTop").Int(), wrap.Get("clientHeight").Int()
	y := posOf(shownRows(matrix.m), row) * matrixRowPx
	if y < top || y+2*matrixRowPx > top+height {
		wrap.Set("scrollTop", max(0, y-height/3))
		syncMatrixWindow(wrap)
	}
	if td := wrap.Call("querySelector", `td[data-row="`+strconv.Itoa(row)+`"][data-col="`+strconv.Itoa(col)+`"]`); td.Truthy() {
		td.Call("focus", map[string]any{"preventScroll": true})
	}
}

// MatrixBand is the deciding line of the selected cell, 0 for none.
func MatrixBand() int {
	if store.Page.View() != "matrix" {
		return 0
	}
	m := matrix.m
	if m == nil || matrix.selRow < 0 || matrix.selRow >= len(m.URLs) || matrix.selCol >= len(m.Columns) || m != currentMatrix() {
		return 0
	}
	return shownLine(m, matrix.selRow, matrix.selCol)
}

// shownLine is the deciding line of a cell as the grid shows it: Google's,
// or the column's reader's in that reading once it is computed.
func shownLine(m *engine.Matrix, row, col int) int {
	if rm := shownReaderMatrix(m); rm != nil {
		return rm.Cell(row, col).Line
	}
	return m.Cell(row, col).Line
}

// MatrixView is the matrix tab.
type MatrixView struct {
	vecty.Core
}

func (v *MatrixView) Render() vecty.ComponentOrHTML {
	s := store.Page
	m := currentMatrix()
	return elem.Div(
		vecty.Markup(vecty.Class("matrix-view")),
		elem.Heading2(vecty.Text("Every crawler at once")),
		elem.Div(
			vecty.Markup(vecty.Class("matrix-controls")),
			columnFields(),
			elem.Div(
				vecty.Markup(vecty.Class("field")),
				elem.Label(vecty.Markup(prop.For("matrix-read-as")), vecty.Text("Read as")),
				&ReadAsSelect{Current: s.In.ReadAs},
				elem.Paragraph(vecty.Markup(prop.ID("matrix-read-as-help"), vecty.Class("help")),
					vecty.Text("Each crawler's own reader: the parser its operator runs (or, marked assumed, the best guess), cells that differ from Google marked.")),
			),
			elem.Div(
				vecty.Markup(vecty.Class("buttons")),
				browser.Button("matrix-csv", "Export matrix CSV", func() {
					exportMatrix(func(m *engine.Matrix, rm *otherreaders.ReaderMatrix) {
						browser.DownloadBytes("robots-matrix.csv", "text/csv", matrixCSV(m, rm))
					})
				}),
				browser.Button("matrix-json", "Export matrix JSON", func() {
					exportMatrix(func(m *engine.Matrix, rm *otherreaders.ReaderMatrix) {
						browser.DownloadBytes("robots-matrix.json", "application/json", matrixJSON(store.Page.Robots, m, rm))
					})
				}),
			),
		),
		elem.Paragraph(
			vecty.Markup(prop.ID("matrix-status"), vecty.Class("help"), vecty.Attribute("role", "status"),
				vecty.Data("recomputeMs", strconv.FormatFloat(matrix.ms, 'f', 2, 64)),
				vecty.Data("passes", strconv.Itoa(m.Sets))),
			vecty.Text(matrixStatus(m)),
			failingPinsNote(m, shownReaderMatrix(m)),
		),
		vecty.If(readerStatus(m, shownReaderMatrix(m)) != "", elem.Paragraph(
			vecty.Markup(prop.ID("matrix-reader-status"), vecty.Class("help"), vecty.Attribute("role", "status"),
				vecty.Data("ready", strconv.FormatBool(shownReaderMatrix(m) != nil))),
			vecty.Text(readerStatus(m, shownReaderMatrix(m))))),
		widget.ServerNote("server-note"),
		elem.Heading3(vecty.Text("What each crawler obeys")),
		elem.Div(
			vecty.Markup(vecty.Class("table-wrap", "summary-wrap"), widget.ScrollRegion("What each crawler obeys")),
			elem.Table(vecty.Markup(prop.ID("matrix-summary"), vecty.UnsafeHTML(summaryHTML(m, shownReaderMatrix(m))))),
		),
		&ExpectPanel{},
		elem.Heading3(vecty.Text("URLs × crawlers")),
		elem.Div(
			vecty.Markup(vecty.Class("field")),
			elem.Label(vecty.Markup(prop.For("matrix-rows")), vecty.Text("Rows")),
			&RowFilter{Current: matrix.filter},
		),
		elem.Paragraph(vecty.Markup(vecty.Class("help")),
			vecty.Text("Select a cell (click, or Tab to the grid and use the arrow keys) to see its deciding line and why; pin it there as an expectation.")),
		matrixGrid,
		&MatrixWhy{},
	)
}

// columnFields choose the crawlers of the matrix and the diff: a preset and
// typed names or tokens.
func columnFields() vecty.List {
	s := store.Page
	return vecty.List{
		elem.Div(
			vecty.Markup(vecty.Class("field")),
			elem.Label(vecty.Markup(prop.For("matrix-preset")), vecty.Text("Crawlers")),
			&PresetSelect{Current: PresetID(s.In)},
		),
		elem.Div(
			vecty.Markup(vecty.Class("field")),
			elem.Label(vecty.Markup(prop.For("matrix-columns")), vecty.Text("More crawlers or tokens")),
			&ColumnsInput{Version: s.EditorVersion, Text: s.In.Columns},
			elem.Paragraph(vecty.Markup(prop.ID("matrix-columns-help"), vecty.Class("help")),
				vecty.Text("Catalogue names or product tokens, separated by commas: Googlebot Image, MyBot.")),
		),
	}
}

func matrixStatus(m *engine.Matrix) string {
	if len(m.URLs) == 0 {
		return "No URLs to test: add one per line in the URL list."
	}
	if len(m.Columns) == 0 {
		return "No crawlers: pick a preset or type a token."
	}
	if len(m.Columns) == maxColumns {
		return "The matrix shows " + strconv.Itoa(maxColumns) + " crawlers at most: the typed ones past that are left out. " + widget.Count(len(m.URLs), "URL") + " × " + widget.Count(len(m.Columns), "crawler") + "."
	}
	s := ""
	if matrix.all > len(m.URLs) {
		s = "The matrix covers the first " + widget.Count(len(m.URLs), "URL") + " of " + strconv.Itoa(matrix.all) + " (the results table tests them all). "
	}
	return s + widget.Count(len(m.URLs), "URL") + " × " + widget.Count(len(m.Columns), "crawler") + ": " +
		widget.Count(m.Sets, "distinct group set") + ", so each URL is tested " + strconv.Itoa(m.Sets) + " times, not " + strconv.Itoa(len(m.Columns)) +
		" (" + strconv.FormatFloat(matrix.ms, 'f', 1, 64) + " ms)."
}

// summaryHTML is the crawler summary: for each crawler the group it obeys,
// whether the site root is allowed and its counts over the list, in the
// reading shown (rm, nil for Google's), with each crawler's reader in its
// own.
func summaryHTML(m *engine.Matrix, rm *otherreaders.ReaderMatrix) string {
	var b strings.Builder
	b.WriteString(`<caption class="visually-hidden">What each crawler obeys, and its verdicts over the list</caption>`)
	b.WriteString(`<thead><tr><th scope="col">Crawler</th><th scope="col">Obeys</th>`)
	if rm != nil {
		b.WriteString(`<th scope="col">Reader</th>`)
	}
	b.WriteString(`<th scope="col">Site root /</th><th scope="col">Allowed</th><th scope="col">Blocked</th></tr></thead><tbody>`)
	for c, col := range m.Columns {
		obeys, why := columnObeys(m, rm, c)
		sum := summarize(m, rm, c)
		b.WriteString(`<tr data-col="` + strconv.Itoa(c) + `" data-root="` + sum.root + `"><th scope="row">` + browser.EscapeHTML(col.Name) + `</th>`)
		b.WriteString(`<td class="obeys" title="` + browser.EscapeHTML(why) + `">` + browser.EscapeHTML(obeys) + `</td>`)
		if rm != nil {
			b.WriteString(`<td class="reader">` + readerHeaderHTML(rm.Readings[c]) + `</td>`)
		}
		b.WriteString(`<td class="verdict" data-verdict="` + sum.root + `">` + widget.VerdictWordHTML(sum.root, sum.rootLine) + `</td>`)
		b.WriteString(`<td class="count">` + strconv.Itoa(sum.allowed) + `</td><td class="count">` + strconv.Itoa(sum.blocked) + `</td></tr>`)
	}
	b.WriteString(`</tbody>`)
	return b.String()
}

// obeysText is a column header's account of its groups.
func obeysText(o engine.Obeys, col engine.Column) string {
	if col.Catalogue && len(col.Tokens) == 0 {
		return "none (ignores robots.txt)"
	}
	if o.Source == engine.SourceNone && o.GlobalIgnored {
		return "none (ignores *)"
	}
	return o.Label()
}

// MatrixGrid is the grid of verdicts. It is one long-lived component so
// scrolling re-renders it alone.
type MatrixGrid struct {
	vecty.Core
}

var matrixGrid = &MatrixGrid{}

func (g *MatrixGrid) Render() vecty.ComponentOrHTML {
	m := currentMatrix()
	rows := shownRows(m)
	top, end := gridWindow(len(rows), matrix.top)
	// The rows outside the window are padding (set through the CSSOM: the
	// page's Content-Security-Policy refuses style attributes in markup).
	return elem.Div(
		vecty.Markup(
			prop.ID("matrix-wrap"),
			vecty.Class("table-wrap", "matrix-wrap"),
			event.Scroll(func(ev *vecty.Event) { syncMatrixWindow(ev.Target) }),
		),
		elem.Div(
			vecty.Markup(
				vecty.Class("matrix-pad"),
				vecty.Style("padding-top", widget.Px(top*matrixRowPx)),
				vecty.Style("padding-bottom", widget.Px((len(rows)-end)*matrixRowPx)),
			),
			elem.Table(vecty.Markup(
				prop.ID("matrix"),
				vecty.Attribute("role", "grid"),
				vecty.Attribute("aria-rowcount", len(rows)+1),
				vecty.UnsafeHTML(gridHTML(m, rows[top:end], top)),
				event.Click(func(ev *vecty.Event) {
					if td := ev.Target.Call("closest", "td[data-row]"); td.Truthy() {
						selectCell(atoi(td.Get("dataset").Get("row").String()), atoi(td.Get("dataset").Get("col").String()))
					}
				}),
				event.KeyDown(onMatrixKey),
			)),
		),
	)
}

// gridWindow is the rows [top, end) the grid writes, from the wanted top.
func gridWindow(n, top int) (int, int) {
	top = max(0, min(top, n-matrixWindow))
	return top, min(n, top+matrixWindow)
}

// syncMatrixWindow re-renders the grid when scrolling brought rows outside
// the window written into view, centring the window on them.
func syncMatrixWindow(wrap js.Value) {
	if matrix.m == nil {
		return
	}
	first := wrap.Get("scrollTop").Int() / matrixRowPx
	visible := wrap.Get("clientHeight").Int()/matrixRowPx + 1
	if first >= matrix.top && first+visible <= matrix.top+matrixWindow {
		return
	}
	top, _ := gridWindow(len(shownRows(matrix.m)), first-(matrixWindow-visible)/2)
	if top == matrix.top {
		return
	}
	matrix.top = top
	browser.RenderNow(matrixGrid)
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// gridHTML writes the header and the rows of the URLs shown, the first of
// them at position top.
func gridHTML(m *engine.Matrix, shown []int, top int) string {
	var b strings.Builder
	rm := shownReaderMatrix(m)
	b.WriteString(`<thead><tr role="row" aria-rowindex="1"><th scope="col" class="url">URL</th>`)
	for c, col := range m.Columns {
		obeys, why := columnObeys(m, rm, c)
		b.WriteString(`<th scope="col" data-col="` + strconv.Itoa(c) + `" title="` + browser.EscapeHTML(why) + `"><span class="name">` +
			browser.EscapeHTML(col.Name) + `</span><span class="obeys">` + browser.EscapeHTML(obeys) + `</span>`)
		if rm != nil {
			b.WriteString(readerHeaderHTML(rm.Readings[c]))
		}
		b.WriteString(`</th>`)
	}
	b.WriteString(`</tr></thead><tbody>`)
	scopes := rowScopes()
	if len(shown) == 0 {
		b.WriteString(`<tr><td colspan="` + strconv.Itoa(len(m.Columns)+1) + `" class="empty">No URL matches this choice of rows.</td></tr>`)
	}
	for i, u := range shown {
		b.WriteString(`<tr role="row" aria-rowindex="` + strconv.Itoa(top+i+2) + `">`)
		if sc := scopes[u]; sc.Code != "" {
			// Not this file's URL: the verdicts say what the file would
			// decide, as the results table's scope marker warns.
			b.WriteString(`<th scope="row" class="url out" title="` + browser.EscapeHTML(sc.Label()+": "+sc.Reason) + `">⚠ ` + browser.EscapeHTML(matrix.inputs[u]) + `</th>`)
		} else {
			b.WriteString(`<th scope="row" class="url" title="` + browser.EscapeHTML(matrix.inputs[u]) + `">` + browser.EscapeHTML(matrix.inputs[u]) + `</th>`)
		}
		for c := range m.Columns {
			cell := m.Cell(u, c)
			selected := u == matrix.selRow && c == matrix.selCol
			b.WriteString(`<td role="gridcell" data-row="` + strconv.Itoa(u) + `" data-col="` + strconv.Itoa(c) + `"`)
			if rm != nil {
				b.WriteString(readerCellAttrs(m, rm, u, c))
			} else {
				b.WriteString(` data-verdict="` + widget.VerdictAttr(cell.Allowed) + `" data-line="` + strconv.Itoa(cell.Line) + `"`)
			}
			tabStop := selected || matrix.selRow < 0 && i == 0 && c == 0
			if tabStop {
				b.WriteString(` tabindex="0"`)
			} else {
				b.WriteString(` tabindex="-1"`)
			}
			if selected {
				b.WriteString(` class="selected" aria-selected="true"`)
			}
			pin := readPin(rm, u, c, pinAt(pinKey{m.URLs[u], columnKey(m.Columns[c])}))
			if pin != nil {
				b.WriteString(` data-expected="` + widget.VerdictAttr(pin.Case.Allowed) + `" data-pass="` + strconv.FormatBool(pin.Pass) + `"`)
			}
			if rm != nil {
				b.WriteString(`>` + readerCellHTML(m, rm, u, c))
			} else {
				b.WriteString(`>` + widget.VerdictHTML(cell.Allowed, cell.Line))
			}
			if pin != nil {
				b.WriteString(pinHTML(pin))
			}
			b.WriteString(`</td>`)
		}
		b.WriteString(`</tr>`)
	}
	b.WriteString(`</tbody>`)
	return b.String()
}

// onMatrixKey moves the selection with the arrow keys, Page Up and Down,
// Home and End.
func onMatrixKey(ev *vecty.Event) {
	m := matrix.m
	if m == nil {
		return
	}
	rows := shownRows(m)
	if len(rows) == 0 {
		return
	}
	pos, col := posOf(rows, matrix.selRow), matrix.selCol
	if pos < 0 {
		pos, col = min(matrix.top, len(rows)-1), 0
	}
	switch ev.Get("key").String() {
	case "ArrowDown":
		pos++
	case "ArrowUp":
		pos--
	case "ArrowRight":
		col++
	case "ArrowLeft":
		col--
	case "PageDown":
		pos += 10
	case "PageUp":
		pos -= 10
	case "Home":
		col = 0
	case "End":
		col = len(m.Columns) - 1
	case "Enter", " ":
	default:
		return
	}
	ev.Call("preventDefault")
	selectCell(rows[max(0, min(pos, len(rows)-1))], col)
}

// MatrixWhy explains the selected cell with the engine's sentences.
type MatrixWhy struct {
	vecty.Core
}

func (w *MatrixWhy) Render() vecty.ComponentOrHTML {
	m := matrix.m
	box := vecty.Markup(prop.ID("matrix-why"), vecty.Class("why"), vecty.Attribute("aria-live", "polite"), vecty.Attribute("aria-labelledby", "matrix-why-title"))
	if m == nil || matrix.selRow < 0 || matrix.selRow >= len(m.URLs) || matrix.selCol >= len(m.Columns) {
		return elem.Section(box,
			elem.Heading3(vecty.Markup(prop.ID("matrix-why-title")), vecty.Text("Why")),
			elem.Paragraph(vecty.Markup(vecty.Class("help")), vecty.Text("Select a cell to see which group the crawler obeys, every rule that matched and which one won.")),
		)
	}
	r := store.Page.Robots
	row, col := matrix.selRow, matrix.selCol
	column := m.Columns[col]
	res := m.Result(r, row, col)
	url := m.URLs[row]
	pin := pinAt(pinKey{url, columnKey(column)})
	pinned := pin != nil
	return elem.Section(box,
		elem.Heading3(vecty.Markup(prop.ID("matrix-why-title")), vecty.Text("Why: "+column.Name+" · "), elem.Code(vecty.Text(matrix.inputs[row]))),
		vecty.If(rowScopes()[row].Code != "", elem.Paragraph(vecty.Markup(vecty.Class("scope-note")), widget.Sentence(rowScopes()[row].Reason))),
		readerWhy(row, col),
		ownWhy(row, col, elem.Div(vecty.Markup(vecty.Class("google-why")), widget.Explanation(r, res))),
		elem.Div(
			vecty.Markup(vecty.Class("buttons", "pin-buttons")),
			browser.Button("pin-allowed", "Expect allowed", func() { pinCell(row, col, true) }),
			browser.Button("pin-blocked", "Expect blocked", func() { pinCell(row, col, false) }),
			vecty.If(pinned, browser.Button("unpin", "Remove the expectation", func() { unpin(pin.Case) })),
		),
		pinState(readPin(shownReaderMatrix(m), row, col, pin)),
	)
}

// PresetSelect picks the matrix's column preset.
type PresetSelect struct {
	vecty.Core
	Current string `vecty:"prop"`
}

func (c *PresetSelect) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*PresetSelect)
	return ok && p.Current == c.Current
}

func (c *PresetSelect) Render() vecty.ComponentOrHTML {
	var options vecty.List
	for _, p := range catalogue.Presets() {
		options = append(options, elem.Option(
			vecty.Markup(vecty.Attribute("value", p.ID), vecty.Property("selected", p.ID == c.Current)),
			vecty.Text(p.Label+" ("+strconv.Itoa(len(p.Crawlers))+")"),
		))
	}
	options = append(options, elem.Option(
		vecty.Markup(vecty.Attribute("value", "none"), vecty.Property("selected", c.Current == "none")),
		vecty.Text("Only those typed below"),
	))
	return elem.Select(
		vecty.Markup(prop.ID("matrix-preset"), event.Change(func(ev *vecty.Event) {
			id := ev.Target.Get("value").String()
			if id == defaultPreset {
				id = ""
			}
			store.Page.In.Preset = id
			matrix.selRow, matrix.selCol = -1, -1
			store.Page.Changed()
		})),
		options,
	)
}

// ColumnsInput is the typed columns' field, written only when the store
// replaces the state (like the editor), so the caret never jumps.
type ColumnsInput struct {
	vecty.Core
	Version int    `vecty:"prop"`
	Text    string `vecty:"prop"`
}

func (c *ColumnsInput) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*ColumnsInput)
	return ok && p.Version == c.Version
}

var columnEdits = browser.Debouncer{Delay: browser.DebounceDelay}

func (c *ColumnsInput) Render() vecty.ComponentOrHTML {
	return elem.Input(vecty.Markup(
		prop.ID("matrix-columns"),
		prop.Type(prop.TypeText),
		vecty.Attribute("autocomplete", "off"),
		vecty.Attribute("spellcheck", "false"),
		vecty.Attribute("placeholder", "Googlebot Image, MyBot"),
		vecty.Attribute("aria-describedby", "matrix-columns-help"),
		vecty.Property("value", c.Text),
		event.Input(func(ev *vecty.Event) {
			text := ev.Target.Get("value").String()
			columnEdits.Schedule(func() {
				if text != store.Page.In.Columns {
					store.Page.In.Columns = text
					store.Page.Changed()
				}
			})
		}),
	))
}

// matrixCSV writes the matrix as CSV: one row per URL, for each crawler
// its verdict and deciding line, in the reading shown (rm, nil for
// Google's); in each crawler's own reading, also the reader that decided.
// The crawler summary is in the JSON.
func matrixCSV(m *engine.Matrix, rm *otherreaders.ReaderMatrix) []byte {
	var b bytes.Buffer
	head := []string{"url", "tested_as"}
	for _, col := range m.Columns {
		head = append(head, col.Name, col.Name+" line")
		if rm != nil {
			head = append(head, col.Name+" reader")
		}
	}
	rows := [][]string{head}
	for u := range m.URLs {
		cells := []string{matrix.inputs[u], engine.MatchPath(m.URLs[u])}
		for c := range m.Columns {
			verdict, line := cellVerdict(m, rm, u, c)
			cells = append(cells, verdict, strconv.Itoa(line))
			if rm != nil {
				cells = append(cells, rm.Readings[c].Label())
			}
		}
		rows = append(rows, cells)
	}
	for _, row := range rows {
		model.WriteCSVRecord(&b, csvSafe(row))
	}
	return b.Bytes()
}

// csvSafe guards cells a spreadsheet would run as a formula with a leading
// apostrophe, as ExportCSV does (CSV injection, OWASP). Line numbers never
// start with those characters, so they pass as they are.
func csvSafe(cells []string) []string {
	for i, c := range cells {
		if c != "" && strings.ContainsRune("=+-@\t\r", rune(c[0])) {
			cells[i] = "'" + c
		}
	}
	return cells
}

// matrixJSON writes the matrix as JSON: the crawlers with what they obey
// and their counts, and each URL's verdicts, in the reading shown (rm, nil
// for Google's: readAs says which); in each crawler's own reading, also
// each crawler's reader, and per cell the reader's sentence and whether
// Google decides otherwise.
func matrixJSON(r *engine.Robots, m *engine.Matrix, rm *otherreaders.ReaderMatrix) []byte {
	var b strings.Builder
	readAs := "google"
	if rm != nil {
		readAs = store.ReadAsOwn
	}
	b.WriteString("{\n  \"readAs\": \"" + readAs + "\",\n  \"crawlers\": [")
	for c, col := range m.Columns {
		if c > 0 {
			b.WriteString(",")
		}
		o, sum := m.Obeys[c].Lines, summarize(m, rm, c)
		obeys, _ := columnObeys(m, rm, c)
		if rm != nil {
			o = rm.Obeys(c).Lines
		}
		b.WriteString("\n    {\"name\": " + model.JSONString(col.Name) + ", \"tokens\": [")
		for i, t := range col.Tokens {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(model.JSONString(t))
		}
		b.WriteString("], \"obeys\": " + model.JSONString(obeys) + ", \"obeysLines\": [")
		for i, l := range o {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(strconv.Itoa(l))
		}
		b.WriteString("]")
		if rm != nil {
			rd := rm.Readings[c]
			b.WriteString(", \"reader\": " + model.JSONString(rd.Reader) + ", \"readerAssumed\": " + strconv.FormatBool(rd.Assumed) + ", \"rootVerdict\": \"" + sum.root + "\"")
		}
		b.WriteString(", \"rootAllowed\": " + strconv.FormatBool(sum.root == "allowed") + ", \"allowed\": " + strconv.Itoa(sum.allowed) + ", \"blocked\": " + strconv.Itoa(sum.blocked) + "}")
	}
	b.WriteString("\n  ],\n  \"rows\": [")
	for u := range m.URLs {
		if u > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n    {\"url\": " + model.JSONString(matrix.inputs[u]) + ", \"testedAs\": " + model.JSONString(engine.MatchPath(m.URLs[u])) + ", \"verdicts\": [")
		for c := range m.Columns {
			if c > 0 {
				b.WriteString(", ")
			}
			verdict, line := cellVerdict(m, rm, u, c)
			b.WriteString("{\"verdict\": \"" + verdict + "\", \"line\": " + strconv.Itoa(line) + ", \"rule\": " + model.JSONString(ruleOf(r, line)))
			if rm != nil {
				b.WriteString(", \"why\": " + model.JSONString(rm.Cell(u, c).Why) + ", \"differsFromGoogle\": " + strconv.FormatBool(rm.Differs(u, c)))
			}
			b.WriteString("}")
		}
		b.WriteString("]}")
	}
	b.WriteString("\n  ]\n}\n")
	return []byte(b.String())
}

// ruleOf is the rule on line n as Google read it, "" for no line.
func ruleOf(r *engine.Robots, n int) string {
	if n == 0 {
		return ""
	}
	return r.RuleText(n)
}

// pinState says whether the selected cell's pin holds; nil without one.
func pinState(pin *engine.CaseResult) vecty.MarkupOrChild {
	if pin == nil {
		return nil
	}
	return elem.Paragraph(vecty.Markup(prop.ID("pin-state"), vecty.Class("pin-state")), vecty.Text(pinSentence(pin)))
}

// RowFilter chooses the grid's rows.
type RowFilter struct {
	vecty.Core
	Current string `vecty:"prop"`
}

func (f *RowFilter) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*RowFilter)
	return ok && p.Current == f.Current
}

func (f *RowFilter) Render() vecty.ComponentOrHTML {
	options := make(vecty.List, len(rowFilters))
	for i, rf := range rowFilters {
		options[i] = elem.Option(vecty.Markup(vecty.Attribute("value", rf.id), vecty.Property("selected", rf.id == f.Current)), vecty.Text(rf.label))
	}
	return elem.Select(
		vecty.Markup(prop.ID("matrix-rows"), event.Change(func(ev *vecty.Event) {
			matrix.filter, matrix.top = ev.Target.Get("value").String(), 0
			store.Page.Changed()
			if wrap := js.Global().Get("document").Call("getElementById", "matrix-wrap"); wrap.Truthy() {
				wrap.Set("scrollTop", 0)
			}
		})),
		options,
	)
}
