//go:build js && wasm

package editor

import (
	"slices"
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

// The editor is a plain <textarea> (wrap off, fixed line height) with
// layers kept in step with its scroll: the gutter (line numbers and
// diagnostic markers), the rule hit counts (gutterhits.go) and the
// highlights behind the text (the deciding line, the line a diagnostic
// points at, the 500 KiB cut). Line N of the textarea is Google's line N,
// so a layer item for line N sits at (N-1) line heights. The numbers and
// highlights are built from a few precomputed strings, so a text costs
// one string per change, not one element per line. A text longer than
// MaxEditBytes, which the textarea would take too long to lay out, is
// shown in a read-only viewer instead, with the same layers (editorview.go).

// The views that point at a line of the file through the editor (the
// matrix's selected cell, the diff's selected flip) plug in here, set by
// main: the editor imports no view.
var (
	// ViewBands are the lines the open views point at, 0 for none.
	ViewBands []func() int
	// ViewMarks are the open view's marks in the gutter.
	ViewMarks = func() vecty.ComponentOrHTML { return nil }
)

// viewBand is the line the open view points at, 0 for none.
func viewBand() int {
	n := 0
	for _, band := range ViewBands {
		n = max(n, band())
	}
	return n
}

// Editor renders the robots.txt editor.
type Editor struct {
	vecty.Core
	numbers string // the gutter's "1\n2\n…", rebuilt when the line count changes
	count   int
	text    string // the text count was taken of
}

func (e *Editor) Render() vecty.ComponentOrHTML {
	s := store.Page
	big := bigMode()
	// Comparing the strings is cheap when they are the same string, as
	// they are on every render that is not an edit.
	if text := s.EditorRobots()[len(s.BOM):]; big {
		Viewer.index()
		e.text, e.count = "", 0
	} else if text != e.text || e.count == 0 {
		e.text = text
		if n := widget.CountLines(text); n != e.count {
			e.count, e.numbers = n, gutterNumbers(n)
		}
	}
	var numbers, area, help vecty.ComponentOrHTML = elem.Preformatted(vecty.Markup(vecty.Class("numbers")), vecty.Text(e.numbers)),
		&EditorArea{Version: s.EditorVersion, Text: s.EditorText},
		elem.Paragraph(
			vecty.Markup(prop.ID("editor-help"), vecty.Class("help")),
			vecty.Text("Paste or type the file. Line numbers are Google's; beside each rule, how many URLs of the list it decides (select a count to show only those)."),
		)
	lines := e.count
	if big {
		numbers, area, help = Viewer.numbers, &BigView{Version: s.EditorVersion}, bigNote()
		lines = len(Viewer.starts)
	}
	return elem.Div(
		vecty.Markup(vecty.Class("editor")),
		vecty.If(!big, elem.Label(vecty.Markup(prop.For("robots"), vecty.Class("visually-hidden")), vecty.Text("robots.txt"))),
		help,
		elem.Div(
			vecty.Markup(vecty.Class("editor-frame")),
			elem.Div(
				vecty.Markup(
					vecty.Class("gutter"), vecty.Attribute("aria-hidden", "true"),
					// As wide as the last line's number, which the
					// viewer does not hold until scrolled to it.
					vecty.Style("min-width", "calc(2.5em + "+strconv.Itoa(max(4, len(strconv.Itoa(lines))))+"ch)"),
				),
				elem.Div(
					vecty.Markup(vecty.Class("layer", "gutter-layer")),
					numbers,
					markersOf(s.Lint),
					ViewMarks(),
				),
			),
			&HitGutter{},
			elem.Div(
				vecty.Markup(vecty.Class("text")),
				elem.Div(
					vecty.Markup(vecty.Class("highlights"), vecty.Attribute("aria-hidden", "true")),
					elem.Div(highlights()...),
				),
				area,
			),
		),
	)
}

// EditorArea is the textarea. Typing never writes it back: it is rendered
// only when the store replaces the text (example, link, file), which bumps
// the version.
type EditorArea struct {
	vecty.Core
	Version int    `vecty:"prop"`
	Text    string `vecty:"prop"`
}

func (a *EditorArea) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*EditorArea)
	return ok && p.Version == a.Version
}

func (a *EditorArea) Render() vecty.ComponentOrHTML {
	return elem.TextArea(vecty.Markup(
		prop.ID("robots"),
		vecty.Attribute("wrap", "off"),
		vecty.Attribute("spellcheck", "false"),
		vecty.Attribute("autocapitalize", "off"),
		vecty.Attribute("autocomplete", "off"),
		vecty.Attribute("aria-describedby", "editor-help"),
		vecty.MarkupIf(storage.ReadOnlyMode(), vecty.Attribute("readonly", true)),
		event.Input(func(ev *vecty.Event) {
			value := ev.Target.Get("value").String()
			if ev.Target.Get("textLength").Int() > model.MaxEditBytes && strings.HasPrefix(ev.Get("inputType").String(), "insertFrom") &&
				!editingLongText(len(store.Page.In.Robots)) {
				// A long text dropped (a paste is taken before,
				// pasteRobots): to the viewer before it is laid out.
				toViewer(model.EditorBytes(value, store.Page.BOM, store.Page.EOL), "Dropped")
				return
			}
			if wholePaste && strings.HasPrefix(ev.Get("inputType").String(), "insertFromPaste") {
				wholePaste = false
				in := store.Page.In
				// The textarea's text has LF breaks, a new file no BOM.
				in.Robots = value
				store.Page.Message, store.Page.Link = "", ""
				store.Page.NewSite(in, store.FromPaste, "")
				return
			}
			wholePaste = false
			store.Page.EditRobots(value)
			GutterHits.markStale()
		}),
		event.Paste(pasteRobots),
		event.Scroll(func(ev *vecty.Event) { SyncScroll(ev.Target) }),
		vecty.Property("value", a.Text),
	))
}

// highlights are the bands behind the text: the selected result's deciding
// line and the line a diagnostic pointed at.
func highlights() []vecty.MarkupOrChild {
	s := store.Page
	out := []vecty.MarkupOrChild{vecty.Markup(vecty.Class("layer", "highlight-layer"))}
	if r, ok := s.SelectedRow(); ok && store.Page.View() == "results" {
		if n := r.Line; n > 0 {
			out = append(out, band(n, "decided-line", "decided", s.Robots.LineText(n)))
		}
	}
	if n := viewBand(); n > 0 {
		out = append(out, band(n, "view-decided-line", "decided", s.Robots.LineText(n)))
	}
	if s.FocusLine > 0 {
		out = append(out, band(s.FocusLine, "", "focus-line", s.Robots.LineText(s.FocusLine)))
	}
	if n := finder.line(); n > 0 {
		out = append(out, band(n, "find-line", "find-line", ""))
	}
	if s.Cut.Truncated {
		// The findings list carries the engine's full account (file-too-large).
		out = append(out,
			band(s.Cut.Line, "", "cut", ""),
			elem.Span(
				vecty.Markup(vecty.Class("cut-label"), vecty.Style("top", widget.Px(widget.PadPx+(s.Cut.Line-1)*widget.LinePx))),
				vecty.Text("Googlebot stops reading here: line "+strconv.Itoa(s.Cut.Line)+", byte "+strconv.Itoa(s.Cut.Col)),
			),
		)
	}
	return out
}

func band(line int, id, class, text string) *vecty.HTML {
	return elem.Div(
		vecty.Markup(
			vecty.MarkupIf(id != "", prop.ID(id)),
			vecty.Class("band", class),
			vecty.Data("line", strconv.Itoa(line)),
			vecty.Style("top", widget.Px(widget.PadPx+(line-1)*widget.LinePx)),
		),
		vecty.Text(text),
	)
}

// Markers are the gutter's diagnostic markers, one per line with findings,
// showing its most severe one by icon and (for screen readers, which skip
// the gutter) nothing: the findings list says it in words. Only the lines
// near the editor's scroll have theirs (the window the hit counts use,
// gutterView.window): a 500 KiB file can have thousands, which as
// elements cost 100–280 ms in one task the first time in a page (traced).
// Skipped while the findings and the window are the same, as they are
// after most edits.
type Markers struct {
	vecty.Core
	Lint        engine.Diagnostics `vecty:"prop"`
	First, Last int                `vecty:"prop"` // the lines whose markers are drawn
}

// markersShown is the Markers in the page, rendered again when a scroll
// moves the window (SyncScroll).
var markersShown *Markers

func (m *Markers) Mount() { markersShown = m }

func (m *Markers) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*Markers)
	return ok && slices.Equal(p.Lint, m.Lint) && p.First == m.First && p.Last == m.Last
}

func (m *Markers) Render() vecty.ComponentOrHTML {
	var items vecty.List
	lint := m.Lint
	i, _ := slices.BinarySearchFunc(lint, m.First, func(d engine.Diagnostic, line int) int { return d.Line - line })
	for i < len(lint) && lint[i].Line <= m.Last {
		d := lint[i]
		// Lint sorts by line: take the most severe finding of each line.
		for i++; i < len(lint) && lint[i].Line == d.Line; i++ {
			if lint[i].Severity < d.Severity {
				d = lint[i]
			}
		}
		if d.Line == 0 {
			continue
		}
		items = append(items, &Marker{Line: d.Line, Severity: d.Severity})
	}
	return elem.Div(vecty.Markup(vecty.Class("markers")), items)
}

// Marker is one line's marker, re-rendered only when it changes.
type Marker struct {
	vecty.Core
	Line     int             `vecty:"prop"`
	Severity engine.Severity `vecty:"prop"`
}

func (m *Marker) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*Marker)
	return ok && p.Line == m.Line && p.Severity == m.Severity
}

func (m *Marker) Render() vecty.ComponentOrHTML {
	sev := m.Severity.String()
	return elem.Span(
		vecty.Markup(
			vecty.Class("marker"),
			vecty.Data("line", strconv.Itoa(m.Line)),
			vecty.Data("severity", sev),
			vecty.Attribute("title", "line "+strconv.Itoa(m.Line)+": "+sev),
			vecty.Style("top", widget.Px(widget.PadPx+(m.Line-1)*widget.LinePx)),
		),
		vecty.Text(widget.SeverityIcon[m.Severity]),
	)
}

// markersOf is the markers of lint for the lines near the editor's scroll.
func markersOf(lint engine.Diagnostics) *Markers {
	first, last := GutterHits.window()
	return &Markers{Lint: lint, First: first, Last: last}
}

func gutterNumbers(n int) string {
	var b strings.Builder
	b.Grow(n * 6)
	for i := 1; i <= n; i++ {
		if i > 1 {
			b.WriteByte('\n')
		}
		b.WriteString(strconv.Itoa(i))
	}
	return b.String()
}

// SyncScroll moves the gutter and highlight layers with the textarea (or
// the viewer, whose lines in view it writes): on its scroll events, and
// when a line is revealed (widget.Revealed).
func SyncScroll(area js.Value) {
	if bigMode() {
		Viewer.scrolled(area)
	}
	top := area.Get("scrollTop").Int()
	left := area.Get("scrollLeft").Int()
	doc := js.Global().Get("document")
	GutterHits.scrolled(area)
	if m := markersShown; m != nil {
		if first, last := GutterHits.window(); first != m.First || last != m.Last {
			m.First, m.Last = first, last
			// Now, not at Vecty's next frame: a render Vecty has asked a
			// frame for makes RenderNow's renders wait for that frame too.
			browser.RenderNow(m)
		}
	}
	if g := doc.Call("querySelector", ".gutter-layer"); g.Truthy() {
		g.Get("style").Set("transform", "translateY("+widget.Px(-top)+")")
	}
	if h := doc.Call("querySelector", ".highlight-layer"); h.Truthy() {
		h.Get("style").Set("transform", "translate("+widget.Px(-left)+","+widget.Px(-top)+")")
	}
	if g := doc.Call("getElementById", "hit-gutter-layer"); g.Truthy() {
		g.Get("style").Set("transform", "translateY("+widget.Px(-top)+")")
		// A count focused by Tab may have scrolled its column, which
		// only moves with the editor.
		g.Get("parentNode").Set("scrollTop", 0)
		GutterHits.Sync()
	}
}

// GoToLine puts the caret at the start of line in the editor, focuses it and
// brings the line into view.
func GoToLine(line int) {
	area := js.Global().Get("document").Call("getElementById", "robots")
	if !area.Truthy() || line < 1 {
		return
	}
	if bigMode() {
		// The viewer has no caret: it shows the line, with focus.
		area.Call("focus", map[string]any{"preventScroll": true})
		widget.RevealLine(line)
		return
	}
	// The textarea's value has LF breaks and counts UTF-16 units.
	text := area.Get("value").String()
	pos := 0
	for n := 1; n < line; n++ {
		i := strings.IndexByte(text, '\n')
		if i < 0 {
			break
		}
		pos += utf16Len(text[:i+1])
		text = text[i+1:]
	}
	area.Call("focus", map[string]any{"preventScroll": true})
	area.Call("setSelectionRange", pos, pos)
	widget.RevealLine(line)
}

func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}
