//go:build js && wasm

package results

import (
	"strconv"
	"strings"
	"syscall/js"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"robotstester/engine"
	"robotstester/wasm/browser"
	"robotstester/wasm/model"
	"robotstester/wasm/store"
	"robotstester/wasm/widget"
)

// Results renders the heading, the summary (with the progress of a long
// run), the filter and sort controls and the hit counts around the results
// table. The rows are not Vecty's: the table is virtual (virtual.go), and
// the rows in view are written as HTML by the table view (view). Clicks and
// keys are handled once on the table.
type Results struct {
	vecty.Core
}

func (c *Results) Render() vecty.ComponentOrHTML {
	s := store.Page
	return elem.Section(
		vecty.Markup(prop.ID("results-section"), vecty.Attribute("aria-labelledby", "results-title")),
		elem.Heading2(vecty.Markup(prop.ID("results-title")), vecty.Text("Results")),
		&ImportProgress{},
		elem.Div(
			vecty.Markup(vecty.Class("summary-line")),
			elem.Paragraph(
				// Busy while a long run counts: screen readers announce the
				// total, not every tick of the progress.
				vecty.Markup(prop.ID("summary"), vecty.Attribute("aria-live", "polite"), vecty.Attribute("role", "status"),
					vecty.Attribute("aria-busy", strconv.FormatBool(!s.Res.Done() && !s.Res.Stopped))),
				vecty.Text(s.Res.Summary()),
			),
			vecty.If(!s.Res.Done() && !s.Res.Stopped, elem.Progress(vecty.Markup(
				prop.ID("test-progress"),
				vecty.Attribute("max", s.List.Len()),
				vecty.Attribute("value", s.Res.Tested),
				vecty.Attribute("aria-label", "URLs tested"),
			))),
			vecty.If(!s.Res.Done() && !s.Res.Stopped, browser.Button("cancel-test", "Cancel", store.Page.CancelTest)),
			vecty.If(s.Res.Stopped, browser.Button("resume-test", "Test the rest", func() { store.Page.Now(false) })),
		),
		scopeLine(s.Sent.Scope.Summary),
		&Hits{},
		&TableControls{},
		elem.Paragraph(
			vecty.Markup(vecty.Class("help")),
			vecty.Text("Select a row (click, or Tab to the table and use the arrow keys, Page Up, Page Down, Home and End) to see its deciding line and why."),
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
func (c *ResultsTable) Mount() { View.Sync() }

func (c *ResultsTable) Render() vecty.ComponentOrHTML {
	return elem.Div(
		vecty.Markup(vecty.Class("table-wrap"), prop.ID("results-scroll")),
		// The rows are grids (web/style.css): the roles keep the
		// table's meaning for screen readers.
		elem.Table(
			vecty.Markup(
				prop.ID("results"),
				vecty.Attribute("role", "table"),
				vecty.Attribute("tabindex", "0"),
				vecty.Attribute("aria-label", "Results: Tab here, then use the arrow keys to move through the rows"),
				event.Click(func(ev *vecty.Event) { selectFromEvent(ev) }),
				event.KeyDown(onResultsKey),
			),
			elem.Caption(vecty.Markup(vecty.Class("visually-hidden")), vecty.Text("Verdict for each URL")),
			elem.TableHead(
				vecty.Markup(vecty.Attribute("role", "rowgroup")),
				elem.TableRow(
					vecty.Markup(vecty.Attribute("role", "row"), vecty.Attribute("aria-rowindex", "1")),
					th(0, "URL"), th(1, "Tested as"), th(2, "Verdict"), th(3, "Line"), th(4, "Rule"), th(5, "Group"), th(6, "Scope"),
				),
			),
			elem.TableBody(vecty.Markup(vecty.Attribute("role", "rowgroup"))),
		),
	)
}

// th is column k's header, with its cells' class (web/style.css sizes and
// hides a column by it).
func th(k int, text string) *vecty.HTML {
	return elem.TableHeader(vecty.Markup(vecty.Class(cellClasses[k]), vecty.Attribute("scope", "col"), vecty.Attribute("role", "columnheader")), vecty.Text(text))
}

// resultsView is the table body: a virtual list of the rows shown, and
// what of the store it last showed.
type resultsView struct {
	table      js.Value // table#results as found
	Rows       *widget.VirtualRows
	generation int    // the store generation shown
	key        string // the selection and view shown with it
	settled    string // table#results[data-settled] as set
	scoped     bool   // table#results[data-scoped] as set
	version    int    // bumped whenever the written rows must change
}

var View resultsView

// Sync brings the table up to the store: called on every store change and
// once the table is mounted.
func (v *resultsView) Sync() {
	s := store.Page
	table := js.Global().Get("document").Call("getElementById", "results")
	if !table.Truthy() {
		return
	}
	if !table.Equal(v.table) {
		v.table = table
		v.Rows = widget.NewVirtualRows(table.Call("closest", ".table-wrap"), table.Get("tBodies").Index(0), writeRow)
		v.generation, v.key, v.scoped = -1, "", false
	}
	settled := "true"
	if s.Pending || !s.Res.Done() || s.Table.Busy {
		settled = "false"
	}
	if settled != v.settled {
		v.settled = settled
		table.Get("dataset").Set("settled", settled)
	}
	// The Scope column shows only when a URL of the list is outside the
	// file's scope, or while a long list's scope is still being worked out
	// (so that no row's scope is ever hidden).
	if scoped := len(s.Sent.Scope.Off) > 0 || s.Sent.Scope.Working; scoped != v.scoped {
		v.scoped = scoped
		if scoped {
			table.Call("setAttribute", "data-scoped", "")
		} else {
			table.Call("removeAttribute", "data-scoped")
		}
	}
	// The rows in view come from this thread's parse (row), not from the
	// verdicts a long run sends: its progress leaves them as they are.
	key := strconv.Itoa(s.Selected) + "/" + strconv.Itoa(s.Table.Version)
	if v.generation == s.Generation && v.key == key {
		return
	}
	v.generation, v.key = s.Generation, key
	v.version++
	n := s.Table.Count(s)
	table.Call("setAttribute", "aria-rowcount", strconv.Itoa(n+1))
	v.Rows.Update(n, v.version)
	table.Get("dataset").Set("generation", strconv.Itoa(s.Generation))
	table.Get("dataset").Set("testedBy", s.TestedBy)
}

// writeRow writes the row shown at position pos.
func writeRow(b *strings.Builder, pos int) {
	s := store.Page
	if pos >= s.Table.Count(s) {
		// A scroll between a change of the rows and the next update.
		return
	}
	i := s.Table.Index(pos)
	newRowView(s.Row(i)).write(b, pos, i, i == s.Selected)
}

// rowView is one table row: its attributes and each cell's text, with
// whether the text sits in a <code> element. The verdict's icon comes from
// the row's data-verdict (web/style.css).
type rowView struct {
	verdict, line string
	out           bool // the file does not govern the URL
	override      bool // the server answer decides: the verdict says so
	cells         [7]string
	code          [7]bool
}

func newRowView(r model.Row) rowView {
	rv := rowView{verdict: engine.VerdictWord(r.Allowed), line: strconv.Itoa(r.Line), out: r.Scope != "", override: r.Override != ""}
	word := verdictWord(r.Allowed)
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

// write appends the row's markup as the row at position pos of the table,
// list index i. The table is the Tab stop, the rows are focused by the
// keys, so every row has tabindex -1.
func (rv rowView) write(b *strings.Builder, pos, i int, selected bool) {
	b.WriteString(`<tr class="result`)
	if selected {
		b.WriteString(` selected" aria-current="true`)
	}
	b.WriteString(`" role="row" aria-rowindex="`)
	b.WriteString(strconv.Itoa(pos + 2))
	b.WriteString(`" data-pos="`)
	b.WriteString(strconv.Itoa(pos))
	b.WriteString(`" data-index="`)
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
		b.WriteString(`" role="cell"`)
		if k != 2 && k != 3 && rv.cells[k] != "" {
			// The cell may be cut to the row's height: the title keeps it
			// whole for a pointer, the why panel for everyone.
			b.WriteString(` title="`)
			b.WriteString(browser.EscapeHTML(rv.cells[k]))
			b.WriteString(`"`)
		}
		b.WriteString(`>`)
		b.WriteString(rv.cellHTML(k))
		b.WriteString(`</td>`)
	}
	b.WriteString(`</tr>`)
}

// cellClasses name the cells in column order.
var cellClasses = [7]string{"url", "tested-as", "verdict", "line", "rule", "group", "scope"}

// cellHTML is cell k's content as markup.
func (rv rowView) cellHTML(k int) string {
	text := browser.EscapeHTML(rv.cells[k])
	switch {
	case rv.code[k]:
		return "<code>" + text + "</code>"
	case k == 2 && rv.override:
		return text + ` <span class="note">(server answer)</span>`
	}
	return text
}

// selectFromEvent selects the row the event happened in.
func selectFromEvent(ev *vecty.Event) {
	if pos := widget.RowPos(ev.Target); pos >= 0 {
		ChooseRow(pos)
	}
}

// onResultsKey: the arrows, Page Up, Page Down, Home and End move the
// selection through every row shown, not only the rows in the DOM; Enter
// and Space select the focused row.
func onResultsKey(ev *vecty.Event) {
	s := store.Page
	// From no row, ArrowDown goes to the first.
	cur := -1
	if pos := widget.RowPos(ev.Target); pos >= 0 {
		cur = pos
	} else if s.Selected >= 0 {
		cur = s.Table.Position(s.Selected)
	}
	switch key := ev.Get("key").String(); key {
	case "Enter", " ":
		selectFromEvent(ev)
	default:
		pos, ok := View.Rows.KeyTarget(key, cur)
		if !ok {
			return
		}
		ChooseRow(pos)
	}
	ev.Call("preventDefault")
}

// ChooseRow selects the row at position pos, scrolls it into view, moves
// the focus to it and shows its deciding line.
func ChooseRow(pos int) {
	s := store.Page
	n := s.Table.Count(s)
	if n == 0 {
		return
	}
	pos = max(0, min(pos, n-1))
	s.SelectRow(pos)
	View.Rows.Reveal(pos)
	if tr := View.Rows.Row(pos); tr.Truthy() {
		tr.Call("focus", map[string]any{"preventScroll": true})
	}
	if r, ok := s.SelectedRow(); ok {
		widget.RevealLine(r.Line)
	}
	// The why, which scrolls inside itself on the workbench, starts at
	// its heading for each row.
	if why := js.Global().Get("document").Call("getElementById", "why"); why.Truthy() {
		why.Set("scrollTop", 0)
	}
}

// scopeLine shows the list's scope summary under the results' summary,
// nothing when the file governs every URL.
func scopeLine(text string) vecty.MarkupOrChild {
	return vecty.If(text != "", elem.Paragraph(
		vecty.Markup(prop.ID("scope-summary"), vecty.Class("scope-note"), vecty.Attribute("aria-live", "polite")),
		vecty.Text(text),
	))
}
