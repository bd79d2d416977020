//go:build js && wasm

package main

import (
	"strconv"
	"strings"
	"syscall/js"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"
)

// Results renders the heading and summary around the results table. The
// rows are not Vecty's: a thousand rows as elements would cost Vecty tens of
// thousands of DOM calls per change, so the table view (view) writes them
// as HTML, and when the list is the same it rewrites only the texts and
// attributes that changed. Clicks and keys are handled once on the table.
type Results struct {
	vecty.Core
}

func (c *Results) Render() vecty.ComponentOrHTML {
	s := store
	return elem.Section(
		vecty.Markup(prop.ID("results-section"), vecty.Attribute("aria-labelledby", "results-title")),
		elem.Heading2(vecty.Markup(prop.ID("results-title")), vecty.Text("Results")),
		elem.Paragraph(
			vecty.Markup(prop.ID("summary"), vecty.Attribute("aria-live", "polite"), vecty.Attribute("role", "status")),
			vecty.Text(summary(s.rows)),
		),
		scopeLine(s.sent.scope.summary),
		elem.Paragraph(
			vecty.Markup(vecty.Class("help")),
			vecty.Text("Select a row (click, or Tab to the table and use the arrow keys) to see its deciding line and why."),
		),
		&ResultsTable{},
	)
}

// ResultsTable is the table around the rows, rendered once: everything in
// it that changes is written by the table view.
type ResultsTable struct {
	vecty.Core
}

func (c *ResultsTable) SkipRender(vecty.Component) bool { return true }

// Mount writes the rows once the table body exists.
func (c *ResultsTable) Mount() { view.sync() }

func (c *ResultsTable) Render() vecty.ComponentOrHTML {
	return elem.Div(
		vecty.Markup(vecty.Class("table-wrap")),
		// The rows are grids (web/style.css): the roles keep the
		// table's meaning for screen readers.
		elem.Table(
			vecty.Markup(
				prop.ID("results"),
				vecty.Attribute("role", "table"),
				event.Click(func(ev *vecty.Event) { selectFromEvent(ev) }),
				event.KeyDown(onResultsKey),
			),
			elem.Caption(vecty.Markup(vecty.Class("visually-hidden")), vecty.Text("Verdict for each URL")),
			elem.TableHead(
				vecty.Markup(vecty.Attribute("role", "rowgroup")),
				elem.TableRow(
					vecty.Markup(vecty.Attribute("role", "row")),
					th("URL"), th("Tested as"), th("Verdict"), th("Line"), th("Rule"), th("Group"), th("Scope"),
				),
			),
			elem.TableBody(vecty.Markup(vecty.Attribute("role", "rowgroup"))),
		),
	)
}

func th(text string) *vecty.HTML {
	return elem.TableHeader(vecty.Markup(vecty.Attribute("scope", "col"), vecty.Attribute("role", "columnheader")), vecty.Text(text))
}

// tableView is what the table body shows: the rows of one recompute, as
// written, and which of them carries the selection marks.
type tableView struct {
	body       js.Value  // the tbody the rows were written into
	generation int       // the store generation they are from
	shown      []rowView // each row as written
	marked     int       // the row with the selection marks (or the Tab stop when -1)
	settled    string    // table#results[data-settled] as set
}

var view = tableView{marked: -1}

// sync brings the table body up to the store: called on every store change
// and once the table is mounted. Rows are rewritten only when the store
// recomputed. The same number of rows as before are patched cell by cell
// (an edit of the robots.txt changes a verdict and a rule, not the row), so
// the browser parses a few fragments instead of the whole table; a new list
// replaces the body in one go.
func (v *tableView) sync() {
	s := store
	table := js.Global().Get("document").Call("getElementById", "results")
	if !table.Truthy() {
		return
	}
	settled := "true"
	if s.pending {
		settled = "false"
	}
	if settled != v.settled {
		v.settled = settled
		table.Get("dataset").Set("settled", settled)
	}
	body := table.Get("tBodies").Index(0)
	fresh := !body.Equal(v.body)
	if !fresh && v.generation == s.generation {
		return
	}
	shown := make([]rowView, len(s.rows))
	changes := 0
	for i, r := range s.rows {
		shown[i] = newRowView(r)
		if i < len(v.shown) {
			changes += shown[i].differences(v.shown[i])
		}
	}
	if fresh || len(shown) != len(v.shown) || changes > 3*len(shown) {
		v.replace(body, shown)
	} else if changes > 0 {
		var ops patchOps
		for i, rv := range shown {
			if rv != v.shown[i] {
				rv.patch(&ops, i, v.shown[i])
			}
		}
		ops.apply(body)
	}
	v.body, v.shown, v.generation = body, shown, s.generation
	v.mark(s.selected, false)
	table.Get("dataset").Set("generation", strconv.Itoa(s.generation))
}

// replace writes all the rows at once; a focused row's successor gets the
// focus back.
func (v *tableView) replace(body js.Value, shown []rowView) {
	doc := js.Global().Get("document")
	focused := -1
	if active := doc.Get("activeElement"); active.Truthy() && body.Call("contains", active).Bool() {
		focused = rowIndex(active)
	}
	var b strings.Builder
	for i, rv := range shown {
		rv.write(&b, i)
	}
	body.Set("innerHTML", b.String())
	v.marked = -1
	if focused >= 0 && focused < len(shown) {
		body.Get("rows").Index(focused).Call("focus", map[string]any{"preventScroll": true})
	}
}

// mark moves the selection marks (class, aria-current, the Tab stop) to
// row to, or the Tab stop alone to the first row when to is -1, and
// focuses it when asked.
func (v *tableView) mark(to int, focus bool) {
	if !v.body.Truthy() {
		return
	}
	rows := v.body.Get("rows")
	n := rows.Length()
	if v.marked != to && v.marked < n {
		old := rows.Index(max(v.marked, 0))
		old.Get("classList").Call("remove", "selected")
		old.Call("removeAttribute", "aria-current")
		old.Set("tabIndex", -1)
	}
	v.marked = to
	if n == 0 || to >= n {
		return
	}
	tr := rows.Index(max(to, 0))
	tr.Set("tabIndex", 0)
	if to < 0 {
		return
	}
	tr.Get("classList").Call("add", "selected")
	tr.Call("setAttribute", "aria-current", "true")
	if focus {
		tr.Call("focus")
	}
}

// rowView is one table row: its attributes and each cell's text, with
// whether the text sits in a <code> element. The verdict's icon comes from
// the row's data-verdict (web/style.css), so a flipped verdict is two
// attribute and text writes, not markup to parse. The selection marks are
// not part of it (tableView.mark sets them).
type rowView struct {
	verdict, line string
	out           bool // the file does not govern the URL
	override      bool // the server answer decides: the verdict says so
	cells         [7]string
	code          [7]bool
}

func newRowView(r row) rowView {
	rv := rowView{verdict: "blocked", line: strconv.Itoa(r.Line), out: r.Scope != "", override: r.Override != ""}
	word := "Blocked"
	if r.Allowed {
		rv.verdict, word = "allowed", "Allowed"
	}
	var line string
	if r.Line > 0 {
		line = rv.line
	}
	rule := r.Rule
	if r.Override != "" {
		rule = r.Override
	}
	rv.cells = [7]string{r.Input, r.TestedAs, word, line, rule, r.Group, r.Scope}
	rv.code[1] = true
	rv.code[4] = r.Override == "" && r.Rule != ""
	return rv
}

// cellClasses name the cells in column order.
var cellClasses = [7]string{"url", "tested-as", "verdict", "line", "rule", "group", "scope"}

// write appends the row's markup as row i.
func (rv rowView) write(b *strings.Builder, i int) {
	b.WriteString(`<tr class="result" role="row" data-index="`)
	b.WriteString(strconv.Itoa(i))
	b.WriteString(`" data-verdict="`)
	b.WriteString(rv.verdict)
	b.WriteString(`" data-line="`)
	b.WriteString(rv.line)
	b.WriteString(`"`)
	if rv.out {
		b.WriteString(` data-scope="out"`)
	}
	b.WriteString(` tabindex="-1">`)
	for k := range rv.cells {
		b.WriteString(`<td class="`)
		b.WriteString(cellClasses[k])
		b.WriteString(`" role="cell">`)
		b.WriteString(rv.cellHTML(k))
		b.WriteString(`</td>`)
	}
	b.WriteString(`</tr>`)
}

// cellHTML is cell k's content as markup.
func (rv rowView) cellHTML(k int) string {
	text := escapeHTML(rv.cells[k])
	switch {
	case rv.code[k]:
		return "<code>" + text + "</code>"
	case k == 2 && rv.override:
		return text + ` <span class="note">(server answer)</span>`
	}
	return text
}

// differences counts the DOM writes patch would make to turn old into rv.
func (rv rowView) differences(old rowView) int {
	n := 0
	if rv.verdict != old.verdict {
		n++
	}
	if rv.line != old.line {
		n++
	}
	if rv.out != old.out {
		n++
	}
	for k := range rv.cells {
		if rv.cells[k] != old.cells[k] || rv.code[k] != old.code[k] || k == 2 && rv.override != old.override {
			n++
		}
	}
	return n
}

// patch adds the writes that turn row i, showing old, into rv: a text
// where only the text changed, the cell's markup where its shape did.
func (rv rowView) patch(ops *patchOps, i int, old rowView) {
	if rv.verdict != old.verdict {
		ops.add(i, `"data-verdict"`, rv.verdict)
	}
	if rv.line != old.line {
		ops.add(i, `"data-line"`, rv.line)
	}
	if rv.out != old.out {
		if rv.out {
			ops.add(i, `"data-scope"`, "out")
		} else {
			ops.add(i, `"data-scope"`, "")
		}
	}
	for k := range rv.cells {
		sameShape := rv.code[k] == old.code[k] && (k != 2 || rv.override == old.override)
		switch {
		case rv.cells[k] == old.cells[k] && sameShape:
		case !sameShape || k == 2 && rv.override:
			ops.add(i, `"<`+strconv.Itoa(k)+`"`, rv.cellHTML(k))
		default:
			ops.add(i, strconv.Itoa(k), rv.cells[k])
		}
	}
}

// patchOps are row writes for web/loader.js's __robotsTesterPatchRows, as
// a JSON array of (row, target, value) triples, applied in one call: every
// call from Go into JavaScript costs microseconds, and an edit of the
// robots.txt can flip a thousand rows. The target is an attribute name
// (an empty value removes it), a column number (the value replaces the
// cell's text, or its <code>'s) or "<" and a column number (the value is
// the cell's markup).
type patchOps struct {
	b strings.Builder
}

func (o *patchOps) add(row int, target, value string) {
	if o.b.Len() == 0 {
		o.b.WriteByte('[')
	} else {
		o.b.WriteByte(',')
	}
	o.b.WriteString(strconv.Itoa(row))
	o.b.WriteByte(',')
	o.b.WriteString(target)
	o.b.WriteByte(',')
	writeJSONString(&o.b, value)
}

func (o *patchOps) apply(body js.Value) {
	if o.b.Len() == 0 {
		return
	}
	o.b.WriteByte(']')
	js.Global().Call("__robotsTesterPatchRows", body, o.b.String())
}

// writeJSONString writes s as a JSON string (RFC 8259 §7): quote,
// backslash and control characters escaped, the rest as it is.
func writeJSONString(b *strings.Builder, s string) {
	const hex = "0123456789abcdef"
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c < 0x20:
			b.WriteString(`\u00`)
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&0xf])
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
}

// selectFromEvent selects the row the event happened in.
func selectFromEvent(ev *vecty.Event) {
	if i := rowIndex(ev.Target); i >= 0 {
		chooseRow(i)
	}
}

// rowIndex is the index of the result row el is in, -1 when none.
func rowIndex(el js.Value) int {
	tr := el.Call("closest", "tr.result")
	if !tr.Truthy() {
		return -1
	}
	i, err := strconv.Atoi(tr.Get("dataset").Get("index").String())
	if err != nil {
		return -1
	}
	return i
}

// onResultsKey: arrows, Home and End move the selection; Enter and Space
// select the focused row.
func onResultsKey(ev *vecty.Event) {
	s := store
	cur := max(s.selected, 0)
	switch ev.Get("key").String() {
	case "ArrowDown":
		chooseRow(cur + 1)
	case "ArrowUp":
		chooseRow(cur - 1)
	case "Home":
		chooseRow(0)
	case "End":
		chooseRow(len(s.rows) - 1)
	case "Enter", " ":
		selectFromEvent(ev)
	default:
		return
	}
	ev.Call("preventDefault")
}

// chooseRow selects row i, moves focus to it and shows its deciding line.
func chooseRow(i int) {
	s := store
	s.selectRow(i)
	view.mark(s.selected, true)
	if s.selected >= 0 {
		revealLine(s.rows[s.selected].Line)
	}
}
