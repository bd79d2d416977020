//go:build js && wasm

package matrix

import (
	"slices"
	"strconv"
	"strings"
	"syscall/js"
	"unsafe"

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

// Expectations in the page: any matrix cell can be pinned as expected
// allowed or blocked. The pins live in Saved.Expect as the engine's
// expectations JSON (engine/expect.go; after an import, the file's own
// text), so they travel in permalinks and the autosave, export as the file
// `go run . check` reads, and import from one. The engine checks each pin against the draft (engine.Case.Test); the
// page only shows the outcome.

// pinKey finds a pin from a matrix cell: the URL as tested and the
// column's key (columnKey).
type pinKey struct{ url, column string }

// columnKey names a column for its pins: a catalogue crawler by its name,
// a typed token by the token Google reads from it, in lower case (the
// matrix tests "Googlebot/2.1" as googlebot).
func columnKey(col engine.Column) string {
	if col.Catalogue {
		return col.Name
	}
	return "token:" + strings.ToLower(engine.ReadAgent(col.Name).Token)
}

// expectMessage is the last import's outcome, a sentence.
var expectMessage string

// readPins reads Saved.Expect; a damaged value (which only a hand-edited
// link can hold) reads as no pins.
func readPins(text string) *engine.Expectations {
	if strings.TrimSpace(text) == "" {
		return &engine.Expectations{}
	}
	exp, err := engine.ReadExpectations("", []byte(text))
	if err != nil {
		return &engine.Expectations{}
	}
	return exp
}

// pinAt is the pin of a cell, nil for none.
func pinAt(key pinKey) *engine.CaseResult {
	results := checkedPins()
	if i := pins.index.find(pins.of, pins.columns, results, key); i >= 0 {
		r := pinCaseResult(i)
		return &r
	}
	return nil
}

// caseColumn is the columnKey of the column a pin belongs to.
func caseColumn(c engine.Case) string {
	if c.Crawler != "" {
		return c.Crawler
	}
	return "token:" + strings.ToLower(engine.ReadAgent(c.Agent).Token)
}

// caseFor is the expectation for a matrix cell.
// A typed token is pinned as the token Google reads from it, so that the
// pin (tested as Google's matcher tests an agent) decides as the cell did.
func caseFor(col engine.Column, url string, allowed bool) engine.Case {
	c := engine.Case{Agent: col.Name, URL: url, Allowed: allowed}
	if t := engine.ReadAgent(col.Name).Token; !col.Catalogue && t != "" {
		c.Agent = t
	}
	if col.Catalogue {
		c.Crawler = col.Name
		c.Agent = ""
		if len(col.Tokens) > 0 {
			c.Agent = col.Tokens[0]
		}
	}
	return c
}

// setPins saves the pins (without a robots.txt of their own: they are
// checked against the draft).
func setPins(cases []engine.Case) {
	text := ""
	if len(cases) > 0 {
		text = string((&engine.Expectations{Cases: cases}).JSON())
	}
	// The cases are what reading the text gives: it is not read again.
	pins.text, pins.cases = text, cases
	store.Page.In.Expect = text
	store.Page.Changed()
}

func currentCases() []engine.Case {
	return slices.Clone(pinCases())
}

// pinCell pins the selected cell as expected allowed or blocked, replacing
// a pin it had.
func pinCell(row, col int, allowed bool) {
	m := matrix.m
	if m == nil || row >= len(m.URLs) || col >= len(m.Columns) {
		return
	}
	c := caseFor(m.Columns[col], m.URLs[row], allowed)
	cases := slices.DeleteFunc(currentCases(), func(o engine.Case) bool { return samePin(o, c) })
	setPins(append(cases, c))
}

func samePin(a, b engine.Case) bool {
	return a.URL == b.URL && caseColumn(a) == caseColumn(b) && a.HasRobots == b.HasRobots && string(a.Robots) == string(b.Robots)
}

func unpin(c engine.Case) {
	setPins(slices.DeleteFunc(currentCases(), func(o engine.Case) bool { return samePin(o, c) }))
}

// pinHTML marks a pinned cell: what was expected, and whether it holds.
func pinHTML(r *engine.CaseResult) string {
	if r.Pass {
		return ` <span class="pin">pinned ✓</span>`
	}
	return ` <span class="pin fail">⚠ expected ` + widget.VerdictAttr(r.Case.Allowed) + `</span>`
}

func pinSentence(r *engine.CaseResult) string {
	if r.Pass {
		return "Pinned: expected " + widget.VerdictAttr(r.Case.Allowed) + ", and it is."
	}
	return "Pinned: expected " + widget.VerdictAttr(r.Case.Allowed) + ", but the draft says " + widget.VerdictAttr(r.Result.Allowed) + "."
}

// expectSummary counts the pins: "3 expectations: 1 failing, 2 passing".
func expectSummary(n, failing int) string {
	if n == 0 {
		return "No expectations yet: select a cell and pin its verdict, or import a file."
	}
	return pinCount(n) + ": " + model.Number(failing) + " failing, " + model.Number(n-failing) + " passing."
}

// pinCount counts expectations: "1 expectation", "20,000 expectations".
func pinCount(n int) string {
	if n == 1 {
		return "1 expectation"
	}
	return model.Number(n) + " expectations"
}

// ExpectPanel lists the pins, failing first, with import and export.
type ExpectPanel struct {
	vecty.Core
}

func (p *ExpectPanel) Render() vecty.ComponentOrHTML {
	n := len(checkedPins())
	failing := pins.failing
	summary := expectSummary(n, failing)
	switch {
	case pins.importing != nil:
		summary = "Importing " + pins.importing.name + "… " + summary
	case pinsChecking():
		summary = "Checking the expectations against the draft… " + summary
	}
	return elem.Section(
		vecty.Markup(prop.ID("expectations"), vecty.Attribute("aria-labelledby", "expect-title")),
		elem.Heading3(vecty.Markup(prop.ID("expect-title")), vecty.Text("Expectations")),
		elem.Paragraph(
			vecty.Markup(prop.ID("expect-summary"), vecty.Attribute("role", "status"), vecty.Data("failing", strconv.Itoa(failing)), vecty.Data("total", strconv.Itoa(n)),
				vecty.Data("busy", strconv.FormatBool(pins.importing != nil || pinsChecking()))),
			vecty.Text(summary),
		),
		vecty.If(n > 0, pinList),
		elem.Div(
			vecty.Markup(vecty.Class("buttons")),
			browser.Button("expect-export", "Export expectations", func() {
				exp := &engine.Expectations{Cases: pinCases()}
				exp.Robots, exp.HasRobots = []byte(store.Page.In.Robots), true
				browser.DownloadBytes("robots.expect.json", "application/json", exp.JSON())
			}),
			browser.FileButton("expect-import", "Import expectations…", ".json,application/json"),
			vecty.If(n > 0, browser.Button("expect-clear", "Remove all expectations", func() { setPins(nil) })),
		),
		elem.Paragraph(vecty.Markup(prop.ID("expect-message"), vecty.Attribute("aria-live", "polite")), vecty.Text(expectMessage)),
		elem.Paragraph(vecty.Markup(vecty.Class("help")),
			vecty.Text("The exported file is what `go run . check -expect robots.expect.json -robots robots.txt` checks in CI (see the README).")),
	)
}

// PinList is the list of pins, failing first. It writes only the pins in
// view and a screenful around them (pinWindow), as the grid writes its
// rows, so 100,000 pins never put 100,000 items in the DOM; it is one
// long-lived component, so scrolling re-renders it alone.
type PinList struct {
	vecty.Core
}

var pinList = &PinList{}

// pinRowPx is a listed pin's height: keep in step with web/style.css
// (#expect-list li).
const pinRowPx = 24

// pinWindow is how many pins the list writes.
const pinWindow = 40

func (l *PinList) Render() vecty.ComponentOrHTML {
	n := len(checkedPins())
	top, end := listWindow(n, pins.top)
	return elem.Div(
		vecty.Markup(
			prop.ID("expect-wrap"),
			vecty.Class("expect-wrap"),
			event.Scroll(func(ev *vecty.Event) { syncPinWindow(ev.Target) }),
		),
		elem.Div(
			vecty.Markup(
				vecty.Class("expect-pad"),
				vecty.Style("padding-top", widget.Px(top*pinRowPx)),
				vecty.Style("padding-bottom", widget.Px((n-end)*pinRowPx)),
			),
			elem.UnorderedList(vecty.Markup(prop.ID("expect-list"), vecty.UnsafeHTML(pinListHTML(n, top, end)))),
		),
	)
}

// listWindow is the pins [top, end) the list writes, from the wanted top.
func listWindow(n, top int) (int, int) {
	top = max(0, min(top, n-pinWindow))
	return top, min(n, top+pinWindow)
}

// syncPinWindow re-renders the list when scrolling brought pins outside
// the window written into view, centring the window on them.
func syncPinWindow(wrap js.Value) {
	first := wrap.Get("scrollTop").Int() / pinRowPx
	visible := wrap.Get("clientHeight").Int()/pinRowPx + 1
	if first >= pins.top && first+visible <= pins.top+pinWindow {
		return
	}
	top, _ := listWindow(len(pins.results), first-(pinWindow-visible)/2)
	if top == pins.top {
		return
	}
	pins.top = top
	browser.RenderNow(pinList)
}

// pinListHTML writes the pins [top, end) of the n checked, each on one
// line with the whole sentence in its title.
func pinListHTML(n, top, end int) string {
	var b strings.Builder
	for i := top; i < end; i++ {
		r := pinCaseResult(i)
		icon := "✓ passes: "
		if !r.Pass {
			icon = "✕ fails: "
		}
		// The check kept only the verdict (pinResult): the sentence needs
		// the whole answer.
		r.Result = r.Case.Test(r.Robots)
		text := r.Describe()
		if r.Case.HasRobots {
			text += " (against its own robots.txt)"
		}
		b.WriteString(`<li data-pass="` + strconv.FormatBool(r.Pass) + `" aria-posinset="` + strconv.Itoa(i+1) + `" aria-setsize="` + strconv.Itoa(n) +
			`" title="` + browser.EscapeHTML(text) + `"><strong>` + icon + `</strong>` + browser.EscapeHTML(text) + `</li>`)
	}
	return b.String()
}

// Mount wires the import button once it exists.
func (p *ExpectPanel) Mount() {
	el := js.Global().Get("document").Call("getElementById", "expect-import")
	if el.Truthy() && !el.Get("dataset").Get("watched").Truthy() {
		// A file over the limit is refused by its size, before its bytes
		// are read: this listener (capture, so it runs first) stops the
		// change event from reaching the reader watchFileOnce adds.
		el.Call("addEventListener", "change", js.FuncOf(func(_ js.Value, args []js.Value) any {
			files := el.Get("files")
			if files.Length() > 0 && files.Index(0).Get("size").Int() > maxImportBytes {
				args[0].Call("stopImmediatePropagation")
				f := files.Index(0)
				el.Set("value", "")
				refuseImport(f.Get("name").String(), f.Get("size").Int())
			}
			return nil
		}), true)
	}
	browser.WatchFileOnce("expect-import", importPins)
}

// refuseImport says why an expectations file of size bytes was not
// imported.
func refuseImport(name string, size int) {
	expectMessage = name + " is " + strconv.FormatFloat(float64(size)/(1<<20), 'f', 1, 64) + " MB; the page imports expectations files up to " + strconv.Itoa(maxImportBytes>>20) +
		" MB (about 150,000 cases), so its pins stay as they were: check larger files with go run . check -expect " + name + " -robots robots.txt."
	store.Page.Changed()
}

// maxImportBytes bounds the expectations file the page imports: about
// 150,000 one-line cases as the page exports them. They are read and
// checked in slices (pincheck.go) and listed a window at a time, so the
// bound is the memory they take (the text, and each case read and
// checked: some hundreds of bytes a case), not the page's time; the check
// command reads any size in CI.
const maxImportBytes = 16 << 20

// importPins replaces the pins with an expectations file's cases, read and
// checked in slices. Its robots.txt, if any, is not loaded: the pins are
// checked against the draft, and cases with their own robots.txt keep it.
// Until the file is read, the pins stay as they were; a file that cannot be
// read leaves them so, and says why with its line and a fix.
func importPins(name string, data []byte, err error) {
	if err == nil && len(data) > maxImportBytes {
		refuseImport(name, len(data))
		return
	}
	if err != nil {
		expectMessage = err.Error()
		store.Page.Changed()
		return
	}
	p := &pins
	p.importing.stop()
	text := unsafe.String(unsafe.SliceData(data), len(data)) // data is this import's alone, never written again
	p.importing = startPinWork(name, text, store.Page.Robots, func(exp *engine.Expectations, c *pinCheck, err error) {
		p.importing = nil
		if err != nil {
			expectMessage = err.Error()
			store.Page.Changed()
			return
		}
		// The file's own text is kept as the pins: it reads as these
		// cases (its robots.txt, if any, is not used: see above).
		p.work.stop()
		p.work = nil
		p.install(text, exp.Cases, c)
		p.top = 0
		store.Page.In.Expect = text
		expectMessage = "Imported " + pinCount(len(exp.Cases)) + " from " + name + "."
		if exp.HasRobots {
			expectMessage += " Its robots.txt was not loaded: they are checked against the draft in the editor (open the file there to test it)."
		}
		store.Page.Changed()
	})
	store.Page.Changed()
}
