//go:build js && wasm

package readers

import (
	otherreaders "robotstester/engine/readers"
	"strconv"
	"strings"
	"syscall/js"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"
	"robotstester/wasm/browser"
	"robotstester/wasm/widget"
)

// The Readers view's table: a virtual list (virtual.go) of the URLs
// compared so far (readersrun.go), disagreements first. Each row shows
// every reader's verdict as a symbol and a word with its deciding line,
// and the first reason they disagree; selecting a row (click, or the keys
// the results table answers) shows all of it below (ReadersWhy) and marks
// Google's deciding line in the editor.

// ReadersTable is the table around the rows, rendered once: the rows are
// written by ReaderTable.
type ReadersTable struct {
	vecty.Core
}

func (c *ReadersTable) SkipRender(vecty.Component) bool { return true }

// Mount writes the rows once the table body exists.
func (c *ReadersTable) Mount() { ReaderTable.Sync() }

func (c *ReadersTable) Render() vecty.ComponentOrHTML {
	head := vecty.List{elem.TableHeader(vecty.Markup(vecty.Attribute("scope", "col"), vecty.Attribute("role", "columnheader")), vecty.Text("URL"))}
	for _, id := range otherreaders.Readers() {
		info, _ := otherreaders.DescribeReader(id)
		head = append(head, elem.TableHeader(vecty.Markup(vecty.Attribute("scope", "col"), vecty.Attribute("role", "columnheader"),
			vecty.Data("reader", id), vecty.Attribute("title", info.Exact)), vecty.Text(info.Name)))
	}
	head = append(head, elem.TableHeader(vecty.Markup(vecty.Attribute("scope", "col"), vecty.Attribute("role", "columnheader")), vecty.Text("Why they differ")))
	return elem.Div(
		vecty.Markup(vecty.Class("table-wrap"), prop.ID("readers-scroll")),
		elem.Table(
			vecty.Markup(
				prop.ID("readers-table"),
				// One column for each reader (web/style.css).
				vecty.Style("--readers", strconv.Itoa(len(otherreaders.Readers()))),
				vecty.Attribute("role", "table"),
				vecty.Attribute("tabindex", "0"),
				vecty.Attribute("aria-label", "Every reader's verdict per URL: Tab here, then use the arrow keys to move through the rows"),
				event.Click(func(ev *vecty.Event) {
					if pos := widget.RowPos(ev.Target); pos >= 0 {
						chooseReaderRow(pos)
					}
				}),
				event.KeyDown(onReadersKey),
			),
			elem.Caption(vecty.Markup(vecty.Class("visually-hidden")), vecty.Text("Each reader's verdict for each URL, disagreements first")),
			elem.TableHead(vecty.Markup(vecty.Attribute("role", "rowgroup")),
				elem.TableRow(vecty.Markup(vecty.Attribute("role", "row"), vecty.Attribute("aria-rowindex", "1")), head)),
			elem.TableBody(vecty.Markup(vecty.Attribute("role", "rowgroup"))),
		),
	)
}

// readersTableView is the table body as last written.
type readersTableView struct {
	table   js.Value
	rows    *widget.VirtualRows
	version int // readers.version written
	sel     int // and readers.selected
	written int // bumped whenever either changes: the rows are written again
	count   int // the rows the padding stands for
	// filling: while the table fills, how many rows it may show
	// (readerRowsPerFrame more a frame); full once it has filled; growing:
	// a frame is awaited to show more.
	filling int
	full    bool
	growing bool
	filled  []func() // run once no fill frame is pending (whenFilled)
}

var ReaderTable readersTableView

// A window of rows written at once (22 at 100,000 URLs) made the view's
// longest main-thread task: 25-50 ms of CPU for their layout and the
// shaping of their text (the most on the tab's first open in a page, the
// words shaped for the first time), stretched past 50 ms when the machine
// is busy (BenchmarkBrowserReaders100k, BENCH_TRACE). So each time the
// view opens, the table fills readerRowsPerFrame rows a frame, until
// readerFillRows (more than a window and its overscan) have shown.
const (
	readerRowsPerFrame = 4
	readerFillRows     = 40
)

// whenFilled runs fn once the table has no fill frame pending: the
// comparison waits for it, so that the first rows are laid out before the
// workers take the cores.
func (v *readersTableView) whenFilled(fn func()) {
	if !v.growing {
		fn()
		return
	}
	v.filled = append(v.filled, fn)
}

// shownCount is how many of the n rows compared the table may show now.
func (v *readersTableView) shownCount(n int) int {
	if v.full || n == 0 {
		return n
	}
	if v.filling == 0 {
		v.filling = readerRowsPerFrame
	}
	if v.filling >= readerFillRows {
		v.full = true
		return n
	}
	if !v.growing {
		v.growing = true
		browser.AfterPaint(func() {
			v.growing = false
			v.filling += readerRowsPerFrame
			settled := readers.settleMore()
			v.Sync()
			if settled && len(readersShown) > 0 {
				browser.RenderNow(readersShown...)
			}
			if !v.growing {
				fns := v.filled
				v.filled = nil
				for _, fn := range fns {
					fn()
				}
			}
		})
	}
	return min(n, v.filling)
}

// Sync writes the rows when the comparison or the selection changed, if
// the table is in the page.
func (v *readersTableView) Sync() {
	table := js.Global().Get("document").Call("getElementById", "readers-table")
	if !table.Truthy() {
		v.table = js.Undefined()
		return
	}
	if !table.Equal(v.table) {
		v.table = table
		v.rows = widget.NewVirtualRows(table.Call("closest", ".table-wrap"), table.Get("tBodies").Index(0), writeReaderRow)
		v.version, v.filling, v.full = -1, 0, false
	}
	n := readers.count()
	shown := v.shownCount(n)
	if v.version == readers.version && v.sel == readers.selected && v.count == shown {
		return
	}
	if v.version != readers.version || v.sel != readers.selected {
		v.written++
	}
	v.version, v.sel, v.count = readers.version, readers.selected, shown
	table.Call("setAttribute", "aria-rowcount", strconv.Itoa(n+1))
	table.Get("dataset").Set("rows", strconv.Itoa(n))
	table.Get("dataset").Set("done", strconv.FormatBool(readers.done()))
	v.rows.Update(shown, v.written)
}

// shownIndices are the list indices of the rows written, in order.
func (v *readersTableView) shownIndices() []int32 {
	if v.rows == nil || v.rows.First < 0 {
		return nil
	}
	out := make([]int32, 0, v.rows.End-v.rows.First)
	for pos := v.rows.First; pos < v.rows.End && pos < readers.count(); pos++ {
		out = append(out, int32(readers.index(pos)))
	}
	return out
}

// showsIndices reports whether the rows written would show the same list
// indices as before (shownIndices) in the current order, and are a whole
// window: a table with fewer rows than fit must grow.
func (v *readersTableView) showsIndices(before []int32) bool {
	if v.rows == nil || len(before) == 0 || len(before) != v.rows.End-v.rows.First || v.rows.End > readers.count() {
		return false
	}
	for k, i := range before {
		if int32(readers.index(v.rows.First+k)) != i {
			return false
		}
	}
	return v.rows.End-v.rows.First >= v.rows.PageRows()
}

// writeReaderRow writes the row shown at position pos.
func writeReaderRow(b *strings.Builder, pos int) {
	if pos >= readers.count() {
		return
	}
	i := readers.index(pos)
	r := readers.row(i)
	b.WriteString(`<tr class="reader-row`)
	if i == readers.selected {
		b.WriteString(` selected" aria-current="true`)
	}
	b.WriteString(`" role="row" aria-rowindex="` + strconv.Itoa(pos+2) + `" data-pos="` + strconv.Itoa(pos) + `" data-index="` + strconv.Itoa(i) +
		`" data-agree="` + strconv.FormatBool(r.Agree()) + `" tabindex="-1">`)
	b.WriteString(`<th scope="row" role="rowheader" class="reader-url" title="` + browser.EscapeHTML(r.URL) + `"><code>` + browser.EscapeHTML(r.URL) + `</code></th>`)
	for _, res := range r.Results {
		verdict, word := widget.ReaderVerdictAttr(res), "allowed"
		switch verdict {
		case "failed":
			word = "fails"
		case "blocked":
			word = "blocked"
		}
		b.WriteString(`<td role="cell" class="verdict" data-verdict="` + verdict + `" data-reader="` + res.Reader + `" title="` + browser.EscapeHTML(res.Why) + `">` + word)
		if res.Line > 0 {
			b.WriteString(` <span class="note">line ` + strconv.Itoa(res.Line) + `</span>`)
		}
		b.WriteString(`</td>`)
	}
	b.WriteString(`<td role="cell" class="reasons">`)
	if r.Agree() {
		b.WriteString(`<span class="note">Every reader agrees.</span>`)
	} else {
		b.WriteString(`<ul title="` + browser.EscapeHTML(strings.Join(r.Disagreements, " ")) + `">`)
		for _, why := range r.Disagreements {
			b.WriteString(`<li>` + codeHTML(why) + `</li>`)
		}
		b.WriteString(`</ul>`)
	}
	b.WriteString(`</td></tr>`)
}

// onReadersKey moves the selection as the results table's keys do.
func onReadersKey(ev *vecty.Event) {
	cur := widget.RowPos(ev.Target)
	if cur < 0 && readers.selected >= 0 {
		cur = readers.position(readers.selected)
	}
	key := ev.Get("key").String()
	if key == "Enter" || key == " " {
		if pos := widget.RowPos(ev.Target); pos >= 0 {
			chooseReaderRow(pos)
		}
		ev.Call("preventDefault")
		return
	}
	pos, ok := ReaderTable.rows.KeyTarget(key, cur)
	if !ok {
		return
	}
	ev.Call("preventDefault")
	chooseReaderRow(pos)
}

// chooseReaderRow selects the row at position pos, brings it into view,
// focuses it and marks Google's deciding line.
func chooseReaderRow(pos int) {
	n := readers.count()
	if n == 0 {
		return
	}
	pos = max(0, min(pos, n-1))
	readers.selected = readers.index(pos)
	ReaderTable.Sync()
	ReaderTable.rows.Reveal(pos)
	if tr := ReaderTable.rows.Row(pos); tr.Truthy() {
		tr.Call("focus", map[string]any{"preventScroll": true})
	}
	browser.RenderNow(readersShown...)
	if line := readers.row(readers.selected).Results[0].Line; line > 0 {
		widget.RevealLine(line)
	}
}

// ReadersWhy explains the selected row: every reader's verdict, line and
// sentence, and why they disagree.
type ReadersWhy struct {
	vecty.Core
}

func (w *ReadersWhy) Render() vecty.ComponentOrHTML {
	box := vecty.Markup(prop.ID("readers-why"), vecty.Class("why"), vecty.Attribute("aria-live", "polite"), vecty.Attribute("aria-labelledby", "readers-why-title"))
	i := readers.selected
	if i < 0 || i >= readers.list.Len() {
		return elem.Section(box,
			elem.Heading3(vecty.Markup(prop.ID("readers-why-title")), vecty.Text("Why")),
			elem.Paragraph(vecty.Markup(vecty.Class("help")), vecty.Text("Select a row to see how each reader decides its URL, which line decided, and why readers disagree.")))
	}
	r := readers.row(i)
	items := make(vecty.List, len(r.Results))
	for k, res := range r.Results {
		info, _ := otherreaders.DescribeReader(res.Reader)
		items[k] = elem.ListItem(vecty.Markup(vecty.Data("reader", res.Reader), vecty.Data("verdict", widget.ReaderVerdictAttr(res))),
			elem.Strong(vecty.Text(info.Name+": "+widget.ReaderVerdictText(res)+". ")), widget.Sentence(res.Why))
	}
	var reasons vecty.List
	for _, why := range r.Disagreements {
		reasons = append(reasons, elem.ListItem(widget.Sentence(why)))
	}
	return elem.Section(box,
		elem.Heading3(vecty.Markup(prop.ID("readers-why-title")), vecty.Text("Why: "), elem.Code(vecty.Text(r.URL))),
		vecty.If(len(reasons) > 0, elem.UnorderedList(vecty.Markup(vecty.Class("reader-reasons")), reasons)),
		vecty.If(len(reasons) == 0, elem.Paragraph(vecty.Text("Every reader decides this URL alike."))),
		elem.UnorderedList(vecty.Markup(vecty.Class("reader-verdicts")), items),
	)
}
