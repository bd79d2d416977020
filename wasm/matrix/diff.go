//go:build js && wasm

package matrix

import (
	"bytes"
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
	"robotstester/wasm/storage"
	"robotstester/wasm/store"
	"robotstester/wasm/widget"
)

// The diff view compares the draft in the editor with another version of
// the robots.txt: one pasted or opened here, the autosaved draft the page
// opened with, or the draft a link displaced. The other version is the
// "before", the draft the "after": what will this edit change? The engine
// (engine.Compare) gives the line diff, shown in the editor's gutter, the
// crawlers that now obey other groups, and every (URL, crawler) verdict
// that flips, for the URL list and the matrix's crawlers.

// diffCache is the last comparison and what it was made from.
type diffCache struct {
	other       string
	otherRobots *engine.Robots
	robots      *engine.Robots
	urls        string
	columns     string
	d           engine.Diff
	inputs      []string
	dFrom       *engine.Robots // the before version d was made with
	all         int            // URLs in the list; d holds maxMatrixURLs at most
	selected    int            // the selected flip, -1 for none
}

var diffs = diffCache{selected: -1}

// The drafts a person may compare with: the autosaved draft the page
// opened with, and the draft a permalink displaced (storage.go).
var openingDraft, linkDraft struct {
	robots string
	ok     bool
}

// RememberDrafts keeps the draft the page opened with (the autosaved one,
// else the text it shows first, a link's or the example), and the draft a
// link displaced, before the autosave overwrites them: each can be
// compared with without a reload.
func RememberDrafts() {
	openingDraft.robots, openingDraft.ok = store.Page.In.Robots, true
	if d, ok := storage.LoadDraft(); ok {
		openingDraft.robots = d.Robots
	}
	if d, ok := storage.PreviousDraft(); ok {
		linkDraft.robots, linkDraft.ok = d.Robots, true
	}
}

// previousButton offers the file the latest site session replaced, named
// for what replaced it ("the file before this fetch").
func previousButton() vecty.MarkupOrChild {
	p := store.Page.Session.Previous
	if p == nil {
		return nil
	}
	return browser.Button("diff-previous", "Use "+p.Name, func() { setOther(p.Saved.Robots, p.Name) })
}

// fetchedButtons offer the versions of the robots.txt at "Served at" that
// this browser fetched before (storage.FetchedFrom), but the one the
// editor was given by the latest fetch, which "Use the live file" offers.
func fetchedButtons() vecty.List {
	var out vecty.List
	for i, f := range storage.FetchedFrom(store.Page.In.RobotsURL) {
		if live := store.Page.Live; i == 0 && live != nil && live.Body == f.Body {
			continue
		}
		when := js.Global().Get("Date").New(f.AtMs).Call("toLocaleString").String()
		name := "the file fetched from " + f.From + " on " + when
		out = append(out, browser.Button("diff-fetched-"+strconv.Itoa(i), "Use the version fetched on "+when, func() {
			setOther(f.Body, name)
		}))
	}
	return out
}

// otherVersion is the version the draft is compared with, read as
// Googlebot reads it (the first 500 KiB).
func otherVersion(text string) *engine.Robots {
	if diffs.otherRobots == nil || diffs.other != text {
		diffs.other, diffs.otherRobots = text, engine.Parse(engine.FetchLimitString(text).Body)
	}
	return diffs.otherRobots
}

// currentDiff brings the comparison up to the store.
func currentDiff() *engine.Diff {
	s, c := store.Page, &diffs
	key := columnsKey(s.In)
	a := otherVersion(s.In.Other)
	list := listKey()
	if c.d.A != nil && c.dFrom == a && c.robots == s.Robots && c.urls == list && c.columns == key {
		return &c.d
	}
	inputs, urls, all := sentURLs()
	c.all = all
	c.d = engine.Compare(a, s.Robots, urls, matrixColumns(s.In))
	c.robots, c.urls, c.columns, c.inputs, c.dFrom = s.Robots, list, key, inputs, a
	if c.selected >= len(c.d.Flips) {
		c.selected = -1
	}
	return &c.d
}

// setOther makes text the version compared with.
func setOther(text, name string) {
	store.Page.In.Other, store.Page.In.OtherName = text, name
	diffs.selected = -1
	otherAreaVersion++
	store.Page.Changed()
}

// otherAreaVersion counts the times the other version was replaced from
// outside its field, which is then written (see EditorArea).
var otherAreaVersion int

var otherEdits = browser.Debouncer{Delay: browser.DebounceDelay}

// DiffBand is the draft's deciding line of the selected flip, 0 for none.
func DiffBand() int {
	if store.Page.View() != "diff" || store.Page.In.Other == "" && store.Page.In.OtherName == "" {
		return 0
	}
	d := currentDiff()
	if diffs.selected < 0 || diffs.selected >= len(d.Flips) {
		return 0
	}
	return d.Flips[diffs.selected].B.Line
}

// DiffView is the diff tab.
type DiffView struct {
	vecty.Core
}

func (v *DiffView) Render() vecty.ComponentOrHTML {
	s := store.Page
	name := s.In.OtherName
	if name == "" {
		name = "the text below"
	}
	chosen := s.In.Other != "" || s.In.OtherName != ""
	var d *engine.Diff
	if chosen {
		d = currentDiff()
	}
	return elem.Div(
		vecty.Markup(vecty.Class("diff-view")),
		elem.Heading2(vecty.Text("Before and after")),
		elem.Paragraph(vecty.Markup(vecty.Class("help")),
			vecty.Text("Before: another version of the file. After: the draft in the editor, whose changed lines the gutter marks (+ added, ~ changed, − removed above)."),
		),
		elem.Div(
			vecty.Markup(vecty.Class("diff-sources")),
			elem.Div(
				vecty.Markup(vecty.Class("buttons")),
				browser.FileButton("diff-open", "Open the before version…", ".txt,text/plain"),
				browser.Button("diff-now", "Compare with the text as it is now", func() {
					setOther(s.In.Robots, "the text as it was at "+js.Global().Get("Date").New().Call("toLocaleTimeString").String())
				}),
				vecty.If(openingDraft.ok, browser.Button("diff-opening-draft", "Use the draft this page opened with", func() {
					setOther(openingDraft.robots, "the draft this page opened with")
				})),
				vecty.If(linkDraft.ok, browser.Button("diff-link-draft", "Use the draft you had before this link", func() {
					setOther(linkDraft.robots, "the draft you had before opening the link")
				})),
				vecty.If(store.Page.Live != nil, browser.Button("diff-live", "Use the live file", func() {
					setOther(store.Page.Live.Body, "the live file fetched from "+store.Page.Live.From)
				})),
				previousButton(),
				fetchedButtons(),
				browser.Button("diff-swap", "Swap before and after", func() {
					other := s.In.Other
					setOther(s.In.Robots, "the previous draft")
					in := store.CurrentSaved()
					in.Robots = other
					store.ApplySaved(in)
				}),
			),
			elem.Div(
				vecty.Markup(vecty.Class("field")),
				elem.Label(vecty.Markup(prop.For("diff-other")), vecty.Text("Before ("+name+")")),
				&OtherArea{Version: otherAreaVersion + s.EditorVersion, Text: s.In.Other},
			),
		),
		elem.Div(vecty.Markup(vecty.Class("matrix-controls")), columnFields()),
		widget.ServerNote("server-note"),
		v.results(d),
	)
}

// results are the comparison's findings: what flips, which crawlers obey
// other groups, which lines changed.
func (v *DiffView) results(d *engine.Diff) *vecty.HTML {
	if d == nil {
		return elem.Paragraph(vecty.Markup(prop.ID("diff-summary"), vecty.Attribute("role", "status")),
			vecty.Text("Paste the version to compare with, open it, or use a saved draft: the changes show here and in the editor's gutter."))
	}
	return elem.Div(
		elem.Paragraph(
			vecty.Markup(prop.ID("diff-summary"), vecty.Attribute("role", "status"), vecty.Data("flips", strconv.Itoa(len(d.Flips))), vecty.Data("hunks", strconv.Itoa(len(d.Lines)))),
			vecty.Text(diffSummary(d)),
		),
		vecty.If(len(d.Groups) > 0, elem.Heading3(vecty.Text("Crawlers that now obey other groups"))),
		vecty.If(len(d.Groups) > 0, elem.UnorderedList(vecty.Markup(prop.ID("diff-groups")), groupItems(d))),
		vecty.If(len(d.Flips) > 0, elem.Heading3(vecty.Text("Verdicts that flip"))),
		vecty.If(len(d.Flips) > 0, elem.Div(vecty.Markup(vecty.Class("buttons")),
			browser.Button("diff-csv", "Export the flips as CSV", func() {
				browser.DownloadBytes("robots-diff.csv", "text/csv", flipsCSV(currentDiff()))
			}))),
		vecty.If(len(d.Flips) > 0, elem.Div(
			vecty.Markup(vecty.Class("table-wrap")),
			elem.Table(vecty.Markup(
				prop.ID("diff-flips"),
				vecty.UnsafeHTML(flipsHTML(d)),
				event.Click(func(ev *vecty.Event) {
					if tr := ev.Target.Call("closest", "tr[data-flip]"); tr.Truthy() {
						selectFlip(atoi(tr.Get("dataset").Get("flip").String()))
					}
				}),
				event.KeyDown(func(ev *vecty.Event) {
					if k := ev.Get("key").String(); k == "Enter" || k == " " {
						if tr := ev.Target.Call("closest", "tr[data-flip]"); tr.Truthy() {
							ev.Call("preventDefault")
							selectFlip(atoi(tr.Get("dataset").Get("flip").String()))
						}
					}
				}),
			)),
		)),
		elem.Heading3(vecty.Text("Changed lines")),
		elem.Div(vecty.Markup(prop.ID("diff-lines"), vecty.UnsafeHTML(linesHTML(d)))),
	)
}

// diffSummary says what changes: the behaviour first, then the text.
func diffSummary(d *engine.Diff) string {
	var b strings.Builder
	switch {
	case len(d.Lines) == 0:
		b.WriteString("The two versions have the same lines. ")
	default:
		b.WriteString(widget.Count(len(d.Lines), "change") + " to the lines. ")
	}
	if len(d.URLs) == 0 {
		b.WriteString("Add URLs to the list to see which verdicts flip.")
		return b.String()
	}
	if diffs.all > len(d.URLs) {
		b.WriteString("For the first " + widget.Count(len(d.URLs), "URL") + " of " + strconv.Itoa(diffs.all) + ": ")
	}
	b.WriteString(d.Summary())
	if len(d.Flips) == 0 {
		b.WriteString(" (" + widget.Count(len(d.URLs), "URL") + " × " + widget.Count(len(d.Columns), "crawler") + ".)")
	}
	return b.String()
}

func groupItems(d *engine.Diff) vecty.List {
	items := make(vecty.List, len(d.Groups))
	for i, g := range d.Groups {
		items[i] = elem.ListItem(widget.Sentence(g.Sentence))
	}
	return items
}

// maxFlipsListed bounds the flips table: an edit of the "*" group can flip
// every URL for most crawlers.
const maxFlipsListed = 500

// flipsHTML lists the flips: URL, crawler, and the verdict with its
// deciding line and rule before and after.
func flipsHTML(d *engine.Diff) string {
	var b strings.Builder
	b.WriteString(`<caption class="visually-hidden">Verdicts that differ between before and after</caption>`)
	b.WriteString(`<thead><tr><th scope="col">URL</th><th scope="col">Crawler</th><th scope="col">Before</th><th scope="col">After (the draft)</th></tr></thead><tbody>`)
	for i, f := range d.Flips {
		if i == maxFlipsListed {
			b.WriteString(`<tr><td colspan="4">… and ` + strconv.Itoa(len(d.Flips)-maxFlipsListed) + ` more flips: export the matrix of each version to see them all.</td></tr>`)
			break
		}
		sel := ""
		if i == diffs.selected {
			sel = ` class="selected" aria-current="true"`
		}
		b.WriteString(`<tr data-flip="` + strconv.Itoa(i) + `" tabindex="0"` + sel + `><td class="url">` + browser.EscapeHTML(diffs.inputs[f.Row]) + `</td><td>` + browser.EscapeHTML(d.Columns[f.Col].Name) + `</td>`)
		b.WriteString(`<td class="verdict" data-verdict="` + widget.VerdictAttr(f.A.Allowed) + `">` + flipSide(f.A, f.ARule) + `</td>`)
		b.WriteString(`<td class="verdict" data-verdict="` + widget.VerdictAttr(f.B.Allowed) + `">` + flipSide(f.B, f.BRule) + `</td></tr>`)
	}
	b.WriteString(`</tbody>`)
	return b.String()
}

func flipSide(c engine.Cell, rule string) string {
	s := widget.VerdictHTML(c.Allowed, c.Line)
	if rule != "" {
		s += ` <code>` + browser.EscapeHTML(rule) + `</code>`
	} else {
		s += ` <span class="ln">no rule</span>`
	}
	return s
}

// selectFlip marks the draft's deciding line of a flip.
func selectFlip(i int) {
	diffs.selected = i
	store.Page.Changed()
	if line := DiffBand(); line > 0 {
		widget.RevealLine(line)
	}
}

// maxHunksListed and maxHunkLines bound the changed-lines listing.
const (
	maxHunksListed = 100
	maxHunkLines   = 20
)

// linesHTML lists the changed lines, before (−) and after (+).
func linesHTML(d *engine.Diff) string {
	if len(d.Lines) == 0 {
		return `<p class="help">No line differs.</p>`
	}
	a, b := diffs.otherRobots, store.Page.Robots
	var out strings.Builder
	for i, h := range d.Lines {
		if i == maxHunksListed {
			out.WriteString(`<p class="help">… and ` + strconv.Itoa(len(d.Lines)-maxHunksListed) + ` more changes.</p>`)
			break
		}
		out.WriteString(`<div class="hunk" data-line="` + strconv.Itoa(h.BFrom) + `"><p class="hunk-head">` + browser.EscapeHTML(hunkHead(h)) + `</p><pre>`)
		side := func(r *engine.Robots, from, to int, mark, class string) {
			for n := from; n < to; n++ {
				if n-from == maxHunkLines {
					out.WriteString(`<span class="` + class + `">` + mark + ` … ` + strconv.Itoa(to-n) + " more lines</span>")
					break
				}
				out.WriteString(`<span class="` + class + `">` + mark + ` ` + strconv.Itoa(n) + `: ` + browser.EscapeHTML(r.LineText(n)) + "</span>")
			}
		}
		side(a, h.AFrom, h.ATo, "−", "del")
		side(b, h.BFrom, h.BTo, "+", "ins")
		out.WriteString(`</pre></div>`)
	}
	return out.String()
}

func hunkHead(h engine.Hunk) string {
	lines := func(from, to int) string {
		if to-from == 1 {
			return "line " + strconv.Itoa(from)
		}
		return "lines " + strconv.Itoa(from) + "–" + strconv.Itoa(to-1)
	}
	switch {
	case h.ATo == h.AFrom:
		return "Added in the draft: " + lines(h.BFrom, h.BTo)
	case h.BTo == h.BFrom:
		return "Removed: " + lines(h.AFrom, h.ATo) + " of before (above the draft's line " + strconv.Itoa(h.BFrom) + ")"
	}
	return "Changed: " + lines(h.AFrom, h.ATo) + " of before → " + lines(h.BFrom, h.BTo) + " of the draft"
}

// OtherArea is the before version's field, written only when the version
// is replaced from outside it (a file, a draft, a link).
type OtherArea struct {
	vecty.Core
	Version int    `vecty:"prop"`
	Text    string `vecty:"prop"`
}

func (a *OtherArea) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*OtherArea)
	return ok && p.Version == a.Version
}

func (a *OtherArea) Render() vecty.ComponentOrHTML {
	if len(a.Text) > model.MaxEditBytes {
		// As the robots.txt's viewer does: a text this long in a textarea
		// would hold the page while the browser lays it out.
		return elem.Div(
			vecty.Markup(prop.ID("diff-other-long"), vecty.Class("help")),
			vecty.Text("The version compared with is "+model.Number(len(a.Text)/1024)+" KiB, "+model.Number(widget.CountLines(a.Text))+
				" lines: too long to show here, and compared whole (Googlebot's first 500 KiB). To change it, open or paste another version, or "),
			elem.Button(
				vecty.Markup(prop.ID("diff-other-clear"), prop.Type(prop.TypeButton),
					event.Click(func(*vecty.Event) { setOther("", "") })),
				vecty.Text("clear it"),
			),
			vecty.Text("."),
		)
	}
	return elem.TextArea(vecty.Markup(
		prop.ID("diff-other"),
		vecty.Attribute("rows", "8"),
		vecty.Attribute("wrap", "off"),
		vecty.Attribute("spellcheck", "false"),
		vecty.Attribute("placeholder", "Paste the version to compare with: the live file, last release's…"),
		vecty.Property("value", a.Text),
		event.Input(func(ev *vecty.Event) {
			text := ev.Target.Get("value").String()
			otherEdits.Schedule(func() {
				if text != store.Page.In.Other {
					store.Page.In.Other, store.Page.In.OtherName = text, "pasted text"
					diffs.selected = -1
					store.Page.Changed()
				}
			})
		}),
		event.Paste(func(ev *vecty.Event) {
			widget.LongPaste(ev, func(before, after string) (string, string) { return before, after },
				func(text string) { setOther(text, "pasted text") })
		}),
	))
}

// Mount wires the file button once it exists.
func (a *DiffView) Mount() {
	browser.WatchFileOnce("diff-open", func(name string, data []byte, err error) {
		if err != nil {
			store.Page.Notify(err.Error(), "")
			return
		}
		setOther(string(data), name)
	})
}

// DiffMarks are the text diff's marks in the editor's gutter, while the
// diff view is open.
type DiffMarks struct {
	vecty.Core
}

// maxDiffMarks bounds the gutter marks: past it the listing says the rest.
const maxDiffMarks = 2000

func (m *DiffMarks) Render() vecty.ComponentOrHTML {
	if store.Page.View() != "diff" || store.Page.In.Other == "" && store.Page.In.OtherName == "" {
		return elem.Div(vecty.Markup(vecty.Class("diff-marks")))
	}
	var marks vecty.List
	mark := func(line int, kind, sign, title string) {
		if len(marks) == maxDiffMarks {
			return
		}
		marks = append(marks, elem.Span(
			vecty.Markup(
				vecty.Class("diff-mark"),
				vecty.Data("kind", kind),
				vecty.Data("line", strconv.Itoa(line)),
				vecty.Attribute("title", title),
				vecty.Style("top", widget.Px(widget.PadPx+(line-1)*widget.LinePx)),
			),
			vecty.Text(sign),
		))
	}
	for _, h := range currentDiff().Lines {
		switch {
		case h.BTo == h.BFrom:
			mark(h.BFrom, "removed", "−", widget.Count(h.ATo-h.AFrom, "line")+" of before removed above this line")
		case h.ATo == h.AFrom:
			for n := h.BFrom; n < h.BTo; n++ {
				mark(n, "added", "+", "added")
			}
		default:
			for n := h.BFrom; n < h.BTo; n++ {
				mark(n, "changed", "~", "changed")
			}
		}
	}
	return elem.Div(vecty.Markup(vecty.Class("diff-marks")), marks)
}

// flipsCSV writes every flip: the URL, the crawler, and the verdict with
// its deciding line and rule before and after.
func flipsCSV(d *engine.Diff) []byte {
	var b bytes.Buffer
	model.WriteCSVRecord(&b, []string{"url", "crawler", "before", "before_line", "before_rule", "after", "after_line", "after_rule"})
	for _, f := range d.Flips {
		row := []string{diffs.inputs[f.Row], d.Columns[f.Col].Name,
			widget.VerdictAttr(f.A.Allowed), strconv.Itoa(f.A.Line), f.ARule,
			widget.VerdictAttr(f.B.Allowed), strconv.Itoa(f.B.Line), f.BRule}
		model.WriteCSVRecord(&b, csvSafe(row))
	}
	return b.Bytes()
}
