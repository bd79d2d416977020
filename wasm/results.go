//go:build js && wasm

package main

import (
	"html"
	"strconv"
	"strings"
	"syscall/js"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"
)

// Results renders the table around the rows. The rows are not Vecty's:
// the table view (view) writes them into the table body as HTML, in the
// same task as the recompute, instead of waiting for Vecty's next animation
// frame, and rewrites only the rows whose text changed when the list is the
// same. Clicks and keys are handled once on the table.
type Results struct {
	vecty.Core
}

// Mount writes the rows once the table body exists.
func (c *Results) Mount() { view.sync() }

func (c *Results) Render() vecty.ComponentOrHTML {
	s := store
	return elem.Section(
		vecty.Markup(prop.ID("results-section"), vecty.Attribute("aria-labelledby", "results-title")),
		elem.Heading2(vecty.Markup(prop.ID("results-title")), vecty.Text("Results")),
		elem.Paragraph(
			vecty.Markup(prop.ID("summary"), vecty.Attribute("aria-live", "polite"), vecty.Attribute("role", "status")),
			vecty.Text(summary(s.rows)),
		),
		elem.Paragraph(
			vecty.Markup(vecty.Class("help")),
			vecty.Text("Select a row (click, or Tab to the table and use the arrow keys) to see its deciding line and why."),
		),
		elem.Div(
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
		),
	)
}

func th(text string) *vecty.HTML {
	return elem.TableHeader(vecty.Markup(vecty.Attribute("scope", "col"), vecty.Attribute("role", "columnheader")), vecty.Text(text))
}

// tableView is what the table body shows: the rows of one recompute, as
// written, and which of them carries the selection marks.
type tableView struct {
	body       js.Value // the tbody the rows were written into
	generation int      // the store generation they are from
	html       []string // each row's markup as written
	marked     int      // the row with the selection marks (or the Tab stop when -1)
	settled    string   // table#results[data-settled] as set
}

var view = tableView{marked: -1}

// sync brings the table body up to the store: called on every store change
// and once the table is mounted. Rows are rewritten only when the store
// recomputed; when most rows changed, the body is replaced in one go.
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
	body := table.Get("tBodies").Index(0)
	fresh := !body.Equal(v.body)
	if !fresh && v.generation == s.generation {
		if settled != v.settled {
			v.settled = settled
			table.Get("dataset").Set("settled", settled)
		}
		return
	}
	html := make([]string, len(s.rows))
	changed := 0
	for i, r := range s.rows {
		html[i] = rowHTML(i, r)
		if i >= len(v.html) || html[i] != v.html[i] {
			changed++
		}
	}
	focused := -1
	if active := js.Global().Get("document").Get("activeElement"); active.Truthy() && body.Call("contains", active).Bool() {
		focused = rowIndex(active)
	}
	rows := body.Get("rows")
	switch {
	case fresh || len(html) != len(v.html) || changed*4 > len(html):
		body.Set("innerHTML", strings.Join(html, ""))
		v.marked = -1
	case changed > 0:
		for i, h := range html {
			if h != v.html[i] {
				rows.Index(i).Set("outerHTML", h)
				if i == v.marked {
					v.marked = -1
				}
			}
		}
	}
	v.body, v.html, v.generation = body, html, s.generation
	v.mark(s.selected, false)
	if focused >= 0 && focused < len(html) && js.Global().Get("document").Get("activeElement").Get("tagName").String() == "BODY" {
		// The focused row was rewritten: focus its successor.
		rows.Index(focused).Call("focus", map[string]any{"preventScroll": true})
	}
	v.settled = settled
	table.Get("dataset").Set("settled", settled)
	table.Get("dataset").Set("generation", strconv.Itoa(s.generation))
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

// rowHTML is one table row, every text escaped. The selection marks are
// not part of it (tableView.mark sets them), so a row's markup changes only
// when what it shows does.
func rowHTML(i int, r row) string {
	var b strings.Builder
	b.Grow(320 + len(r.Input) + len(r.TestedAs) + len(r.Rule) + len(r.Group) + len(r.Scope))
	verdict, icon, word := "blocked", "✕", "Blocked"
	if r.Allowed {
		verdict, icon, word = "allowed", "✓", "Allowed"
	}
	b.WriteString(`<tr class="result" role="row" data-index="`)
	b.WriteString(strconv.Itoa(i))
	b.WriteString(`" data-verdict="`)
	b.WriteString(verdict)
	b.WriteString(`" data-line="`)
	b.WriteString(strconv.Itoa(r.Line))
	b.WriteString(`"`)
	if r.Scope != "" {
		b.WriteString(` data-scope="out"`)
	}
	b.WriteString(` tabindex="-1"><td class="url" role="cell">`)
	b.WriteString(html.EscapeString(r.Input))
	b.WriteString(`</td><td class="tested-as" role="cell"><code>`)
	b.WriteString(html.EscapeString(r.TestedAs))
	b.WriteString(`</code></td><td class="verdict" role="cell"><span class="icon" aria-hidden="true">`)
	b.WriteString(icon)
	b.WriteString(`</span> `)
	b.WriteString(word)
	if r.Override != "" {
		b.WriteString(` <span class="note">(server answer)</span>`)
	}
	b.WriteString(`</td><td class="line" role="cell">`)
	if r.Line > 0 {
		b.WriteString(strconv.Itoa(r.Line))
	}
	b.WriteString(`</td><td class="rule" role="cell">`)
	if r.Override != "" {
		b.WriteString(html.EscapeString(r.Override))
	} else if r.Rule != "" {
		b.WriteString(`<code>` + html.EscapeString(r.Rule) + `</code>`)
	}
	b.WriteString(`</td><td class="group" role="cell">`)
	b.WriteString(html.EscapeString(r.Group))
	b.WriteString(`</td><td class="scope" role="cell">`)
	b.WriteString(html.EscapeString(r.Scope))
	b.WriteString(`</td></tr>`)
	return b.String()
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
