//go:build js && wasm

package findings

import (
	"slices"
	"strconv"
	"syscall/js"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"robotstester/engine"
	"robotstester/wasm/store"
	"robotstester/wasm/widget"
)

// ShowLine puts the caret at the start of a line in the editor (set by
// main: the findings import no view).
var ShowLine func(line int)

// maxListed bounds the findings listed as buttons: a 500 KiB file can have
// thousands, and the first ones are the ones to fix first. The counts and
// the gutter markers still cover them all.
const maxListed = 300

// Diagnostics lists what the engine found in the file (the fetch limit's
// cut among it, as Lint's file-too-large finding) and the sitemaps.
type Diagnostics struct {
	vecty.Core
}

func (d *Diagnostics) Mount() { FindingLists.Sync() }

func (d *Diagnostics) Render() vecty.ComponentOrHTML {
	return elem.Section(
		vecty.Markup(prop.ID("diagnostics"), vecty.Attribute("aria-labelledby", "diag-title"), vecty.Data("lintedBy", store.Page.LintedBy),
			// The findings are written as HTML (FindingLists): one
			// listener takes the clicks of them all.
			event.Click(func(ev *vecty.Event) {
				button := ev.Target.Call("closest", "button.diag[data-line]")
				if !button.Truthy() {
					return
				}
				if line, err := strconv.Atoi(button.Get("dataset").Get("line").String()); err == nil {
					store.Page.FocusOn(line)
					ShowLine(line)
				}
			}),
			// Each list is one Tab stop, the arrows move inside it; Escape
			// closes the open panel, the focus back on its counts.
			event.KeyDown(func(ev *vecty.Event) {
				if ev.Get("key").String() == "Escape" && store.Page.FindingsOpen {
					store.Page.ToggleFindings()
					js.Global().Get("document").Call("getElementById", "diag-counts").Call("focus")
					return
				}
				widget.RovingKey(ev, "ul", "button.diag")
			})),
		&Findings{Lint: store.Page.Lint, Sitemaps: store.Page.Linted.Sitemaps, Coverage: coverage(store.Page.LintedCut),
			Open: store.Page.FindingsOpen, Others: othersCount(store.Page.Others)},
	)
}

// Findings renders the counts and headings of the findings and sitemaps of
// the linted parse, and their lists, empty: FindingLists writes their
// items. Its elements are the same whatever the lint, hidden when empty,
// so that Vecty never makes a list element again, nor makes one list's
// element another's. It is skipped while the lint reads the same, as it
// does after most edits.
type Findings struct {
	vecty.Core
	Lint     engine.Diagnostics `vecty:"prop"`
	Sitemaps []engine.Sitemap   `vecty:"prop"`
	Coverage string             `vecty:"prop"` // which lines the findings cover, "" for the whole file
	Open     bool               `vecty:"prop"` // the panel is open
	// Others counts the other readers' findings, apart (othersCount): ""
	// for none. Their list is in the panel too.
	Others string `vecty:"prop"`
}

func (f *Findings) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*Findings)
	return ok && slices.Equal(p.Lint, f.Lint) && slices.Equal(p.Sitemaps, f.Sitemaps) && p.Coverage == f.Coverage &&
		p.Open == f.Open && p.Others == f.Others
}

func (f *Findings) Render() vecty.ComponentOrHTML {
	errs, warns, infos := f.Lint.Counts()
	// note is a paragraph that says text when show, hidden otherwise.
	note := func(show bool, text string, markup ...vecty.Applyer) *vecty.HTML {
		return elem.Paragraph(
			vecty.Markup(append(markup, vecty.Class("help"), vecty.Property("hidden", !show))...),
			vecty.If(show, vecty.Text(text)),
		)
	}
	// The counts open the panel of the findings and sitemaps (issue 22):
	// closed, the file keeps the room.
	return elem.Div(
		elem.Div(
			vecty.Markup(vecty.Class("findings-bar")),
			elem.Heading3(vecty.Markup(prop.ID("diag-title")), vecty.Text("Findings")),
			elem.Button(
				vecty.Markup(
					prop.ID("diag-counts"),
					prop.Type(prop.TypeButton),
					vecty.Attribute("aria-expanded", strconv.FormatBool(f.Open)),
					vecty.Attribute("aria-controls", "findings-panel"),
					event.Click(func(*vecty.Event) { store.Page.ToggleFindings() }),
				),
				vecty.Text(countsText(errs, warns, infos)),
			),
			// Every finding shown is counted: Google's in the button, the
			// other readers' apart, so the count never contradicts the
			// list (issue 22).
			note(f.Others != "", "Other readers, counted apart: "+f.Others+".", prop.ID("diag-counts-other")),
		),
		elem.Div(
			vecty.Markup(prop.ID("findings-panel"), vecty.Class("findings-panel"), vecty.Property("hidden", !f.Open)),
			note(f.Coverage != "", f.Coverage, prop.ID("diag-coverage")),
			note(len(f.Lint) == 0, "Nothing to report: Google reads this file as written."),
			elem.UnorderedList(vecty.Markup(prop.ID("findings"), vecty.Class("findings"), vecty.Property("hidden", len(f.Lint) == 0))),
			note(len(f.Lint) > maxListed, "Showing the first "+strconv.Itoa(maxListed)+" of "+strconv.Itoa(len(f.Lint))+" findings; the gutter marks every line that has one."),
			elem.Heading3(vecty.Text("Sitemaps")),
			note(len(f.Sitemaps) == 0, "No sitemap lines."),
			elem.UnorderedList(vecty.Markup(prop.ID("sitemaps"))),
			&OtherFindings{Count: f.Others},
		),
	)
}

// OtherFindings is the heading and the list, written by FindingLists, of
// the lines that other readers read otherwise (PortabilityDiagnostics, at
// most 20 a kind), each naming them; hidden when there are none.
type OtherFindings struct {
	vecty.Core
	Count string `vecty:"prop"` // othersCount, "" for none
}

func (o *OtherFindings) Render() vecty.ComponentOrHTML {
	return elem.Div(
		vecty.Markup(prop.ID("portability"), vecty.Property("hidden", o.Count == "")),
		elem.Heading3(vecty.Text("Other readers"), vecty.If(o.Count != "", elem.Span(vecty.Markup(vecty.Class("count")), vecty.Text(" ("+o.Count+")")))),
		elem.UnorderedList(vecty.Markup(prop.ID("findings-other"), vecty.Class("findings-other"))),
	)
}

// listed is the findings in the order the list shows them: the engine's
// (by line), except that the cut (file-too-large) comes first wherever its
// line is. It concerns the whole file, and in a file with hundreds of
// findings it would otherwise fall past the maxListed shown.
func listed(l engine.Diagnostics) engine.Diagnostics {
	for i, d := range l {
		if d.Code == "file-too-large" {
			out := make(engine.Diagnostics, 0, len(l))
			out = append(out, d)
			out = append(out, l[:i]...)
			return append(out, l[i+1:]...)
		}
	}
	return l
}

// coverage says which lines the findings of a file cut by Googlebot's
// 500 KiB read cover, "" when nothing is cut. The findings for lines past
// the cut are left out (engine.LintCut), and the page says so.
func coverage(c engine.Cut) string {
	if !c.Truncated {
		return ""
	}
	read, partly := c.Line, ""
	switch {
	case c.MidLine:
		partly = " (line " + strconv.Itoa(c.Line) + " only up to column " + strconv.Itoa(c.Col-1) + ")"
	case c.FirstDroppedLine == c.Line:
		read = c.Line - 1
	}
	lines := "lines 1–" + strconv.Itoa(read)
	if read == 1 {
		lines = "line 1"
	}
	out := "These findings cover " + lines + partly + ", the first 500 KiB, which is all Googlebot reads"
	switch {
	case c.FirstDroppedLine == 0:
		return out + "."
	case c.FirstDroppedLine == c.LastLine:
		return out + "; line " + strconv.Itoa(c.LastLine) + ", past the cut, is left out: Googlebot ignores it."
	}
	return out + "; lines " + strconv.Itoa(c.FirstDroppedLine) + "–" + strconv.Itoa(c.LastLine) + ", past the cut, are left out: Googlebot ignores them."
}

// countsText says how many findings of each severity there are, in the
// nouns the list's labels use (severityNoun).
func countsText(errs, warns, infos int) string {
	return widget.Count(errs, "error") + ", " + widget.Count(warns, "warning") + ", " + widget.Count(infos, "note")
}

// othersCount counts the other readers' findings as the main count does,
// leaving out the severities none has: "20 warnings", "" for none.
func othersCount(others engine.Diagnostics) string {
	if len(others) == 0 {
		return ""
	}
	return widget.SeverityCounts(others.Counts())
}

// severityNoun is how the list labels a severity: the word its count uses
// ("note" for the engine's info).
func severityNoun(s engine.Severity) string {
	if s == engine.SeverityInfo {
		return "note"
	}
	return s.String()
}
