//go:build js && wasm

package matrix

import (
	"slices"
	"strconv"
	"strings"
	"syscall/js"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/prop"

	"robotstester/engine"
	"robotstester/wasm/browser"
	"robotstester/wasm/store"
	"robotstester/wasm/widget"
)

// Expectations in the page: any matrix cell can be pinned as expected
// allowed or blocked. The pins live in Saved.Expect as the engine's
// expectations JSON (engine/expect.go), so they travel in permalinks and
// the autosave, export as the file `go run . check` reads, and import from
// one. The engine checks each pin against the draft (engine.Case.Test); the
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

// pinCache is the pins read and checked, and what they were checked
// against.
type pinCache struct {
	text    string
	robots  *engine.Robots
	exp     *engine.Expectations
	results []engine.CaseResult // failing first
	own     map[string]*engine.Robots
}

var pins pinCache

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

// pinResults checks every pin against the draft, failing ones first.
func pinResults() []engine.CaseResult {
	s, p := store.Page, &pins
	if p.exp != nil && p.text == s.In.Expect && p.robots == s.Robots {
		return p.results
	}
	if p.exp == nil || p.text != s.In.Expect {
		p.exp, p.own = readPins(s.In.Expect), map[string]*engine.Robots{}
	}
	p.text, p.robots = s.In.Expect, s.Robots
	checked := make([]engine.CaseResult, len(p.exp.Cases))
	for i, c := range p.exp.Cases {
		r := s.Robots
		if c.HasRobots {
			if r = p.own[string(c.Robots)]; r == nil {
				r = engine.Parse(c.Robots)
				p.own[string(c.Robots)] = r
			}
		}
		res := c.Test(r)
		checked[i] = engine.CaseResult{Case: c, Robots: r, Result: res, Pass: res.Allowed == c.Allowed}
	}
	// Failing pins first, each kind in the order pinned: two passes, not a
	// generic sort, whose copies of these large values cost the page 35 KB.
	p.results = make([]engine.CaseResult, 0, len(checked))
	for _, pass := range []bool{false, true} {
		for i := range checked {
			if checked[i].Pass == pass {
				p.results = append(p.results, checked[i])
			}
		}
	}
	return p.results
}

// pinIndex finds each pin by its cell.
func pinIndex() map[pinKey]*engine.CaseResult {
	results := pinResults()
	out := make(map[pinKey]*engine.CaseResult, len(results))
	for i := range results {
		r := &results[i]
		out[pinKey{r.Case.URL, caseColumn(r.Case)}] = r
	}
	return out
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
	if len(cases) == 0 {
		store.Page.In.Expect = ""
	} else {
		store.Page.In.Expect = string((&engine.Expectations{Cases: cases}).JSON())
	}
	store.Page.Changed()
}

func currentCases() []engine.Case {
	return slices.Clone(readPins(store.Page.In.Expect).Cases)
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

func countFailing(results []engine.CaseResult) int {
	n := 0
	for i := range results {
		if !results[i].Pass {
			n++
		}
	}
	return n
}

// expectSummary counts the pins: "3 expectations: 1 failing, 2 passing".
func expectSummary(results []engine.CaseResult) string {
	if len(results) == 0 {
		return "No expectations yet: select a cell and pin its verdict, or import a file."
	}
	failing := countFailing(results)
	return widget.Count(len(results), "expectation") + ": " + strconv.Itoa(failing) + " failing, " + strconv.Itoa(len(results)-failing) + " passing."
}

// ExpectPanel lists the pins, failing first, with import and export.
type ExpectPanel struct {
	vecty.Core
}

func (p *ExpectPanel) Render() vecty.ComponentOrHTML {
	results := pinResults()
	items := make(vecty.List, 0, min(len(results), maxPinsListed))
	for i := range results {
		if i == maxPinsListed {
			break
		}
		r := &results[i]
		icon := "✓ passes: "
		if !r.Pass {
			icon = "✕ fails: "
		}
		items = append(items, elem.ListItem(
			vecty.Markup(vecty.Data("pass", strconv.FormatBool(r.Pass))),
			elem.Strong(vecty.Text(icon)),
			widget.Sentence(r.Describe()),
			vecty.If(r.Case.HasRobots, elem.Span(vecty.Markup(vecty.Class("note")), vecty.Text(" (against its own robots.txt)"))),
		))
	}
	failing := countFailing(results)
	return elem.Section(
		vecty.Markup(prop.ID("expectations"), vecty.Attribute("aria-labelledby", "expect-title")),
		elem.Heading3(vecty.Markup(prop.ID("expect-title")), vecty.Text("Expectations")),
		elem.Paragraph(
			vecty.Markup(prop.ID("expect-summary"), vecty.Attribute("role", "status"), vecty.Data("failing", strconv.Itoa(failing)), vecty.Data("total", strconv.Itoa(len(results)))),
			vecty.Text(expectSummary(results)),
		),
		vecty.If(len(items) > 0, elem.UnorderedList(vecty.Markup(prop.ID("expect-list")), items)),
		vecty.If(len(results) > maxPinsListed, elem.Paragraph(vecty.Markup(vecty.Class("help")),
			vecty.Text("The first "+strconv.Itoa(maxPinsListed)+" are listed, failing ones first; export them to see all."))),
		elem.Div(
			vecty.Markup(vecty.Class("buttons")),
			browser.Button("expect-export", "Export expectations", func() {
				exp := readPins(store.Page.In.Expect)
				exp.Robots, exp.HasRobots = []byte(store.Page.In.Robots), true
				browser.DownloadBytes("robots.expect.json", "application/json", exp.JSON())
			}),
			browser.FileButton("expect-import", "Import expectations…", ".json,application/json"),
			vecty.If(len(results) > 0, browser.Button("expect-clear", "Remove all expectations", func() { setPins(nil) })),
		),
		elem.Paragraph(vecty.Markup(prop.ID("expect-message"), vecty.Attribute("aria-live", "polite")), vecty.Text(expectMessage)),
		elem.Paragraph(vecty.Markup(vecty.Class("help")),
			vecty.Text("The exported file is what `go run . check -expect robots.expect.json -robots robots.txt` checks in CI (see the README).")),
	)
}

// maxPinsListed is how many pins the panel lists.
const maxPinsListed = 200

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
	expectMessage = name + " is " + strconv.Itoa(size>>10) + " KB; the page imports expectations files up to " + strconv.Itoa(maxImportBytes>>10) +
		" KB (several hundred cases), so its pins stay as they were: check larger files with go run . check -expect " + name + " -robots robots.txt."
	store.Page.Changed()
}

// maxImportBytes bounds the expectations file the page imports: 700
// one-line cases as the page exports them. Pins are read, written and checked again on the main
// thread at each change (readPins, setPins, pinResults), about 20 µs a
// case in all, so a larger file would freeze the tab for seconds (issue
// 20: 100,000 cases took 4 s in one task); the check command reads any
// size in CI.
const maxImportBytes = 64 << 10

// importPins replaces the pins with an expectations file's cases. Its
// robots.txt, if any, is not loaded: the pins are checked against the
// draft, and cases with their own robots.txt keep it.
func importPins(name string, data []byte, err error) {
	if err == nil && len(data) > maxImportBytes {
		refuseImport(name, len(data))
		return
	}
	if err == nil {
		var exp *engine.Expectations
		if exp, err = engine.ReadExpectations(name, data); err == nil {
			expectMessage = "Imported " + widget.Count(len(exp.Cases), "expectation") + " from " + name + "."
			if exp.HasRobots {
				expectMessage += " Its robots.txt was not loaded: they are checked against the draft in the editor (open the file there to test it)."
			}
			setPins(exp.Cases)
			return
		}
	}
	expectMessage = err.Error()
	store.Page.Changed()
}
