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

// Results renders the table, one row per URL. Thousands of rows are built
// as one HTML string per recompute and set in one go: a keyed element tree
// of that size costs Vecty tens of thousands of DOM calls. Clicks and keys
// are handled once on the table. Selecting a row between recomputes marks
// it in place (selectInPlace), so the rows are not rebuilt for that.
type Results struct {
	vecty.Core
	built    int    // the store generation rowsHTML was built for
	rowsHTML string // the table body for that generation
}

func (c *Results) Render() vecty.ComponentOrHTML {
	s := store
	if c.built != s.generation {
		c.built = s.generation
		c.rowsHTML = rowsHTML(s.rows, s.selected)
	}
	settled := "true"
	if s.pending {
		settled = "false"
	}
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
			elem.Table(
				vecty.Markup(
					prop.ID("results"),
					vecty.Data("settled", settled),
					vecty.Data("generation", strconv.Itoa(s.generation)),
					event.Click(func(ev *vecty.Event) { selectFromEvent(ev) }),
					event.KeyDown(onResultsKey),
				),
				elem.Caption(vecty.Markup(vecty.Class("visually-hidden")), vecty.Text("Verdict for each URL")),
				elem.TableHead(elem.TableRow(
					th("URL"), th("Tested as"), th("Verdict"), th("Line"), th("Rule"), th("Group"), th("Scope"),
				)),
				elem.TableBody(vecty.Markup(vecty.UnsafeHTML(c.rowsHTML))),
			),
		),
	)
}

func th(text string) *vecty.HTML {
	return elem.TableHeader(vecty.Markup(vecty.Attribute("scope", "col")), vecty.Text(text))
}

// rowsHTML is the table body. Every text is escaped; the selected row (or
// the first) is the one the Tab key reaches.
func rowsHTML(rows []row, selected int) string {
	var b strings.Builder
	b.Grow(len(rows) * 400)
	focusable := max(selected, 0)
	for i, r := range rows {
		verdict, icon, word := "blocked", "✕", "Blocked"
		if r.Allowed {
			verdict, icon, word = "allowed", "✓", "Allowed"
		}
		b.WriteString(`<tr class="result`)
		if i == selected {
			b.WriteString(` selected`)
		}
		b.WriteString(`" data-index="`)
		b.WriteString(strconv.Itoa(i))
		b.WriteString(`" data-verdict="`)
		b.WriteString(verdict)
		b.WriteString(`" data-line="`)
		b.WriteString(strconv.Itoa(r.Line))
		b.WriteString(`"`)
		if r.Scope != "" {
			b.WriteString(` data-scope="out"`)
		}
		if i == focusable {
			b.WriteString(` tabindex="0"`)
		} else {
			b.WriteString(` tabindex="-1"`)
		}
		if i == selected {
			b.WriteString(` aria-current="true"`)
		}
		b.WriteString(`><td class="url">`)
		b.WriteString(html.EscapeString(r.Input))
		b.WriteString(`</td><td class="tested-as"><code>`)
		b.WriteString(html.EscapeString(r.TestedAs))
		b.WriteString(`</code></td><td class="verdict"><span class="icon" aria-hidden="true">`)
		b.WriteString(icon)
		b.WriteString(`</span> `)
		b.WriteString(word)
		if r.Override != "" {
			b.WriteString(` <span class="note">(server answer)</span>`)
		}
		b.WriteString(`</td><td class="line">`)
		if r.Line > 0 {
			b.WriteString(strconv.Itoa(r.Line))
		}
		b.WriteString(`</td><td class="rule">`)
		if r.Override != "" {
			b.WriteString(html.EscapeString(r.Override))
		} else if r.Rule != "" {
			b.WriteString(`<code>` + html.EscapeString(r.Rule) + `</code>`)
		}
		b.WriteString(`</td><td class="group">`)
		b.WriteString(html.EscapeString(r.Group))
		b.WriteString(`</td><td class="scope">`)
		b.WriteString(html.EscapeString(r.Scope))
		b.WriteString(`</td></tr>`)
	}
	return b.String()
}

// selectFromEvent selects the row the event happened in.
func selectFromEvent(ev *vecty.Event) {
	tr := ev.Target.Call("closest", "tr.result")
	if !tr.Truthy() {
		return
	}
	i, err := strconv.Atoi(tr.Get("dataset").Get("index").String())
	if err != nil {
		return
	}
	chooseRow(i)
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
	prev := s.selected
	s.selectRow(i)
	selectInPlace(prev, s.selected)
	if s.selected >= 0 {
		revealLine(s.rows[s.selected].Line)
	}
}

// selectInPlace moves the selection marks (class, aria-current, the Tab
// stop) from one row element to another and focuses the new one.
func selectInPlace(from, to int) {
	body := js.Global().Get("document").Call("querySelector", "#results tbody")
	if !body.Truthy() || to < 0 {
		return
	}
	rows := body.Get("rows")
	if from >= 0 && from < rows.Length() && from != to {
		old := rows.Index(from)
		old.Get("classList").Call("remove", "selected")
		old.Call("removeAttribute", "aria-current")
		old.Set("tabIndex", -1)
	}
	if first := rows.Index(0); from < 0 && to != 0 && first.Truthy() {
		first.Set("tabIndex", -1)
	}
	if to < rows.Length() {
		tr := rows.Index(to)
		tr.Get("classList").Call("add", "selected")
		tr.Call("setAttribute", "aria-current", "true")
		tr.Set("tabIndex", 0)
		tr.Call("focus")
	}
}
