//go:build js && wasm

package editor

import (
	"strconv"
	"strings"
	"syscall/js"
	"unsafe"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"robotstester/wasm/browser"
	"robotstester/wasm/model"
	"robotstester/wasm/storage"
	"robotstester/wasm/store"
	"robotstester/wasm/widget"
)

// A robots.txt longer than MaxEditBytes is not put in the textarea:
// Chromium lays out and shapes every line of a textarea's value, which
// for a 4 MiB file is a task of seconds, and no CSS shortens it. Such a
// file is shown in a read-only viewer instead, which holds only the lines
// in view (and a margin) in the DOM, at the textarea's line height and
// padding, so the gutter, the highlight bands, the markers and the hit
// counts line up with it as they do with the textarea, and its numbers
// are only those in view too. The store still holds, and the engine still
// reads, the whole file; every way a text arrives (file, fetch, link,
// draft, Reset) goes through store.replace, whose text the editor shows
// here or in the textarea by its size, and a long paste into the textarea
// is taken before the browser inserts it (pasteRobots).

// bigMode reports whether the editor shows the viewer: the text the store
// last replaced is too long for the textarea. A text typed longer stays
// in the textarea, where it grew a keystroke at a time.
func bigMode() bool {
	return len(store.Page.EditorText) > model.MaxEditBytes && Viewer.editAnyway != store.Page.EditorVersion
}

// viewLineCap is how many bytes of a line the viewer shows: a line
// longer than that (Google reads at most 16,664 bytes of one, and a file
// may be one line of megabytes) would cost its layout again.
const viewLineCap = 400

// maxViewLines is the most lines the viewer scrolls through: Chromium
// places boxes at most about 33 million pixels down, and 1,000,000 lines
// of 20 px stay under that. Google's 500 KiB hold fewer lines.
const maxViewLines = 1000000

// bigView is the viewer's state: the text's lines and where the viewer
// is scrolled.
type bigView struct {
	editAnyway int     // the EditorVersion the person chose to edit in the textarea anyway
	version    int     // the EditorVersion starts was taken of
	starts     []int32 // where each line starts in store.EditorText
	cols       int     // the longest line shown, in bytes
	more       bool    // lines past maxViewLines are not shown
	// The viewer's scrollTop and clientHeight at its last scroll event.
	top, height    int
	lines, numbers *ViewWindow
	// The lines of a text indexed before it is the store's (prepare).
	ahead struct {
		text   string
		starts []int32
		cols   int
		more   bool
	}
}

var Viewer = bigView{lines: &ViewWindow{}, numbers: &ViewWindow{numbers: true}}

// index takes the lines of the store's text when it is a new one. Lines
// end as Google ends them (CountLines): at LF, CR or CRLF.
func (v *bigView) index() {
	s := store.Page
	if v.version == s.EditorVersion && v.starts != nil {
		return
	}
	v.version = s.EditorVersion
	if !viewElement().Truthy() {
		v.top = 0
	}
	// Else the viewer stays when one long text replaces another, and so
	// does its scroll, as its scroll events left it: reading it here would
	// lay the page out in the middle of the render.
	if a := &v.ahead; a.starts != nil && sameText(a.text, s.EditorText) {
		v.starts, v.cols, v.more = a.starts, a.cols, a.more
	} else {
		v.starts, v.cols, v.more = lineStarts(s.EditorText, v.starts[:0])
	}
	v.ahead.text, v.ahead.starts = "", nil
	v.place()
}

// Prepare indexes the lines of a text about to be shown (store.replace
// does it in a task of its own), so that the render that shows it need
// not: 7 to 20 ms for 4 MiB.
func (v *bigView) Prepare(text string) {
	a := &v.ahead
	a.text = text
	a.starts, a.cols, a.more = lineStarts(text, nil)
}

// sameText reports whether a and b are the same string, the same bytes in
// memory: comparing a long text with itself byte by byte costs a pass
// over it.
func sameText(a, b string) bool {
	return len(a) == len(b) && unsafe.StringData(a) == unsafe.StringData(b)
}

// lineStarts appends to starts where each line of text starts, at most
// maxViewLines of them (more: there are others), and measures the longest
// line, up to viewLineCap+1 bytes. Lines end as Google ends them
// (CountLines): at LF, CR or CRLF. A text without CR, as most are, is cut
// at each LF by strings.IndexByte, several times quicker in WebAssembly
// than a loop over the bytes (4 MiB: 7–20 ms in Chromium otherwise).
func lineStarts(text string, starts []int32) (_ []int32, cols int, more bool) {
	starts = append(starts, 0)
	cr := strings.IndexByte(text, '\r') >= 0
	for last := 0; ; {
		end, next := len(text), len(text)
		if cr {
			if i := strings.IndexAny(text[last:], "\r\n"); i >= 0 {
				end, next = last+i, last+i+1
				if text[end] == '\r' && next < len(text) && text[next] == '\n' {
					next++
				}
			}
		} else if i := strings.IndexByte(text[last:], '\n'); i >= 0 {
			end, next = last+i, last+i+1
		}
		cols = max(cols, min(end-last, viewLineCap+1))
		if end == len(text) {
			return starts, cols, false
		}
		if len(starts) == maxViewLines {
			return starts, cols, true
		}
		last = next
		starts = append(starts, int32(last))
	}
}

// viewElement is the viewer, null when the editor is the textarea.
func viewElement() js.Value {
	el := js.Global().Get("document").Call("getElementById", "robots")
	if el.Truthy() && el.Get("tagName").String() == "DIV" {
		return el
	}
	return js.Null()
}

// scrolled records the viewer's scroll and writes the lines now in view,
// when they changed.
func (v *bigView) scrolled(el js.Value) {
	v.top, v.height = el.Get("scrollTop").Int(), el.Get("clientHeight").Int()
	if v.version != store.Page.EditorVersion {
		return
	}
	if v.place() {
		browser.RenderNow(v.lines, v.numbers)
	}
}

// place gives the lines and their numbers the window in view, and reports
// whether it moved.
func (v *bigView) place() bool {
	first, last := v.window()
	moved := first != v.lines.First || last != v.lines.Last || v.version != v.lines.Version
	v.lines.Version, v.lines.First, v.lines.Last = v.version, first, last
	v.numbers.Version, v.numbers.First, v.numbers.Last = v.version, first, last
	return moved
}

// viewMargin is how many lines beyond those in view the viewer holds,
// and viewStep how far it scrolls before they are written again, as for
// the hit counts (gutterMargin, gutterStep).
const (
	viewMargin = 40
	viewStep   = 20
)

// window is the range of lines the viewer holds.
func (v *bigView) window() (first, last int) {
	base := (v.top / widget.LinePx / viewStep) * viewStep
	first = max(1, base-viewMargin)
	return first, min(len(v.starts), base+max(v.height, 24*16)/widget.LinePx+viewStep+viewMargin)
}

// text is lines first to last, each cut at viewLineCap bytes.
func (v *bigView) text(first, last int) string {
	text := store.Page.EditorText
	var b strings.Builder
	for n := first; n <= last; n++ {
		from, to := int(v.starts[n-1]), len(text)
		if n < len(v.starts) {
			to = int(v.starts[n])
		} else if i := strings.IndexAny(text[from:], "\r\n"); v.more && i >= 0 {
			to = from + i
		}
		line := strings.TrimRight(text[from:to], "\r\n")
		if len(line) > viewLineCap {
			cut := viewLineCap
			for cut > 0 && text[from+cut]&0xC0 == 0x80 {
				cut-- // not inside a UTF-8 sequence
			}
			line = line[:cut] + " … (" + model.Number(len(line)-cut) + " more bytes)"
		}
		if n > first {
			b.WriteByte('\n')
		}
		b.WriteString(line)
	}
	if v.more && last == len(v.starts) {
		b.WriteString("\n(Lines after " + model.Number(maxViewLines) + " are not shown here: download the file to read them.)")
	}
	return b.String()
}

// BigView is the viewer: a focusable scroll region, rendered again only
// for a new text; the lines in it are a ViewWindow, written as it scrolls.
type BigView struct {
	vecty.Core
	Version int `vecty:"prop"`
}

func (c *BigView) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*BigView)
	return ok && p.Version == c.Version
}

func (c *BigView) Render() vecty.ComponentOrHTML {
	v := &Viewer
	return elem.Div(
		vecty.Markup(
			prop.ID("robots"),
			vecty.Class("big-view"),
			vecty.Attribute("tabindex", "0"),
			vecty.Attribute("role", "region"),
			vecty.Attribute("aria-label", "robots.txt, read-only: too long to edit here, "+model.Number(len(v.starts))+" lines"),
			vecty.Attribute("aria-describedby", "editor-help"),
			event.Scroll(func(ev *vecty.Event) { SyncScroll(ev.Target) }),
			event.KeyDown(viewKey),
		),
		elem.Div(
			vecty.Markup(vecty.Class("view-body"), vecty.Style("height", widget.Px(len(v.starts)*widget.LinePx)), vecty.Style("min-width", strconv.Itoa(v.cols+2)+"ch")),
			v.lines,
		),
	)
}

// ViewWindow is the lines the viewer holds, or (numbers) their numbers
// in the gutter.
type ViewWindow struct {
	vecty.Core
	Version, First, Last int `vecty:"prop"`
	numbers              bool
}

func (c *ViewWindow) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*ViewWindow)
	return ok && p.Version == c.Version && p.First == c.First && p.Last == c.Last
}

func (c *ViewWindow) Render() vecty.ComponentOrHTML {
	if !c.numbers {
		return elem.Preformatted(
			vecty.Markup(vecty.Class("view-lines"), vecty.Data("first", strconv.Itoa(c.First)), vecty.Style("top", widget.Px((c.First-1)*widget.LinePx))),
			vecty.Text(Viewer.text(c.First, c.Last)),
		)
	}
	var b strings.Builder
	for n := c.First; n <= c.Last; n++ {
		if n > c.First {
			b.WriteByte('\n')
		}
		b.WriteString(strconv.Itoa(n))
	}
	return elem.Preformatted(
		vecty.Markup(vecty.Class("numbers"), vecty.Style("padding-top", widget.Px(widget.PadPx+(c.First-1)*widget.LinePx))),
		vecty.Text(b.String()),
	)
}

// viewKey scrolls the viewer a line (arrows), a page (Page Up, Page Down)
// or to an end (Home, End), as a textarea's caret would move it, and
// Ctrl+F (Cmd+F) goes to its find field (viewerfind.go).
func viewKey(ev *vecty.Event) {
	el := ev.Target
	top, page := el.Get("scrollTop").Int(), max(widget.LinePx, el.Get("clientHeight").Int()-widget.LinePx)
	switch ev.Get("key").String() {
	case "f", "F":
		// The browser's find reaches only the lines in view: the
		// viewer's own searches them all.
		if !ev.Get("ctrlKey").Bool() && !ev.Get("metaKey").Bool() {
			return
		}
		if find := js.Global().Get("document").Call("getElementById", "view-find"); find.Truthy() {
			ev.Call("preventDefault")
			find.Call("focus")
			find.Call("select")
		}
		return
	case "ArrowDown":
		top += widget.LinePx
	case "ArrowUp":
		top -= widget.LinePx
	case "PageDown":
		top += page
	case "PageUp":
		top -= page
	case "Home":
		top = 0
	case "End":
		top = el.Get("scrollHeight").Int()
	default:
		return
	}
	ev.Call("preventDefault")
	el.Set("scrollTop", max(0, top))
}

// bigNote is the viewer's find field (viewerfind.go), and says why the
// viewer is read-only and what to do, with a way back to an empty editor.
func bigNote() *vecty.HTML {
	v := &Viewer
	return elem.Div(
		// The find field is not part of the viewer's description.
		findBar(),
		elem.Div(
			vecty.Markup(prop.ID("editor-help"), vecty.Class("help", "big-note")),
			elem.Paragraph(vecty.Text("Read-only: this robots.txt is "+model.Number(len(store.Page.EditorText)/1024)+" KiB, "+model.Number(len(v.starts))+
				" lines, too long to edit here (laying out a text box that long would hold up the page). It is tested whole. To change it, edit it in a text editor and open it again, or download it first.")),
			vecty.If(!storage.ReadOnlyMode(), elem.Paragraph(vecty.Text("You can edit it here anyway: the page then pauses on every change while the browser lays the whole text out."))),
			vecty.If(!storage.ReadOnlyMode(), browser.Button("edit-anyway", "Edit it here anyway", editAnyway)),
			vecty.If(!storage.ReadOnlyMode(), browser.Button("clear-robots", "Clear the editor", clearRobots)),
			browser.Button("view-download", "Download the file", func() {
				browser.DownloadBytes("robots.txt", "text/plain", []byte(store.CurrentSaved().Robots))
			}),
		),
	)
}

// editingLongText reports whether the textarea holds, by the person's
// choice (editAnyway), a text of n bytes too long for it: pastes and drops
// then stay in it.
func editingLongText(n int) bool {
	return Viewer.editAnyway == store.Page.EditorVersion && n > model.MaxEditBytes
}

// editAnyway puts the long text in the textarea, where it can be edited
// at the cost the viewer avoids, until a new text replaces it; the caret
// goes to its start.
func editAnyway() {
	Viewer.editAnyway = store.Page.EditorVersion
	store.Page.Changed()
	if area := js.Global().Get("document").Call("getElementById", "robots"); area.Truthy() {
		area.Call("focus")
		area.Call("setSelectionRange", 0, 0)
	}
}

// clearRobots empties the editor, which is the textarea again, and puts
// the caret in it.
func clearRobots() {
	in := store.Page.In
	in.Robots = ""
	store.Page.Replace(in)
	if area := js.Global().Get("document").Call("getElementById", "robots"); area.Truthy() {
		area.Call("focus")
	}
}

// pasteRobots keeps a paste that would make the robots.txt's textarea
// hold more than MaxEditBytes out of it (LongPaste), and shows the text in
// the viewer.
func pasteRobots(ev *vecty.Event) {
	if storage.ReadOnlyMode() || editingLongText(ev.Target.Get("textLength").Int()) {
		return // a long text the person chose to edit here
	}
	s := store.Page
	// A paste over the whole text, or into an empty editor, is a new file:
	// a new site session (store.NewSite), taken by the input it causes.
	area := ev.Target
	wholePaste = area.Get("selectionStart").Int() == 0 && area.Get("selectionEnd").Int() == area.Get("textLength").Int()
	// The textarea's text has LF breaks; the paste keeps its own bytes.
	if widget.LongPaste(ev, func(before, after string) (string, string) {
		return model.EditorBytes(before, s.BOM, s.EOL), model.EditorBytes(after, "", s.EOL)
	}, func(text string) { toViewer(text, "Pasted") }) {
		// toViewer takes it, not an input.
		if !wholePaste {
			return
		}
		wholePaste, longWholePaste = false, true
	}
}

// wholePaste: the paste under way replaces the editor's whole text, so the
// input it causes starts a new site session; longWholePaste: the same for
// a paste too long for the textarea, which toViewer takes.
var wholePaste, longWholePaste bool

// toViewer puts robots, pasted or dropped into the textarea, in the store,
// which shows it in the viewer, and keeps the focus in the editor.
func toViewer(robots, how string) {
	in := store.Page.In
	in.Robots = robots
	// The textarea the text came into goes out of focus now: removed
	// while focused, it makes the browser lay the page out in the middle
	// of the render that puts the viewer in its place (about 20 ms for a
	// long file's first render). The viewer takes the focus once shown.
	if area := js.Global().Get("document").Get("activeElement"); area.Truthy() && area.Get("id").String() == "robots" {
		area.Call("blur")
	}
	then := func() {
		// Once painted: focused now, the viewer would make the browser lay
		// the page out in the middle of the task that rendered it.
		browser.AfterPaint(func() {
			if el := viewElement(); el.Truthy() && sameText(store.Page.EditorText, robots[len(store.Page.BOM):]) {
				el.Call("focus")
			}
		})
	}
	store.Page.Message, store.Page.Link = how+" "+model.Number(len(robots)/1024)+" KiB: too long to edit here, so the robots.txt is shown read-only, and tested whole.", ""
	if longWholePaste {
		longWholePaste = false
		store.Page.NewSiteThen(in, store.FromPaste, "", then)
	} else {
		store.Page.ReplaceThen(in, then)
	}
}
