//go:build js && wasm

package results

import (
	"strconv"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"robotstester/wasm/model"
	"robotstester/wasm/store"
	"robotstester/wasm/widget"
)

// The answer first (issue 22): at the top of the answers, the one-URL test
// with its verdict in large type; on a narrow screen, a verdict bar that
// stays in view over the page with the selected result's verdict and line.
// Both show a row the engine answered (model.Row); neither decides.

// ShowLine brings a line into the editor's view and the editor into the
// window's (set by main: the results import no editor).
var ShowLine func(line int)

// Quick is the one-URL test: a field whose URL is tested as the list's are
// (store.QuickRow), and its verdict, deciding line and rule.
type Quick struct {
	vecty.Core
}

func (q *Quick) Render() vecty.ComponentOrHTML {
	r, ok := store.Page.QuickRow()
	return elem.Section(
		vecty.Markup(prop.ID("quick"), vecty.Class("quick"), vecty.Attribute("aria-labelledby", "quick-label")),
		elem.Label(vecty.Markup(prop.ID("quick-label"), prop.For("quick-url")), vecty.Text("Test one URL")),
		elem.Input(vecty.Markup(
			prop.ID("quick-url"),
			prop.Type(prop.TypeText),
			vecty.Attribute("inputmode", "url"),
			vecty.Attribute("autocomplete", "off"),
			vecty.Attribute("spellcheck", "false"),
			vecty.Attribute("placeholder", "https://example.com/page or /page"),
			vecty.Attribute("aria-describedby", "quick-verdict"),
			event.Input(func(ev *vecty.Event) { store.Page.EditQuick(ev.Target.Get("value").String()) }),
		)),
		quickVerdict(r, ok),
	)
}

// quickVerdict is the one-URL test's answer, or what the field is for.
func quickVerdict(r model.Row, ok bool) *vecty.HTML {
	box := func(more ...vecty.Applyer) vecty.MarkupList {
		return vecty.Markup(append([]vecty.Applyer{prop.ID("quick-verdict"), vecty.Attribute("role", "status")}, more...)...)
	}
	if !ok {
		return elem.Paragraph(box(vecty.Class("help")),
			vecty.Text("A URL or a path, tested as the list is; the list stays as it is."))
	}
	return elem.Paragraph(box(vecty.Class("big-verdict"), vecty.Data("verdict", widget.VerdictAttr(r.Allowed))),
		elem.Strong(vecty.Markup(vecty.Class("word")), vecty.Text(verdictWord(r.Allowed))),
		decidedBy(r),
		// As the table flags it: a URL this file does not govern.
		vecty.If(r.Scope != "", elem.Span(vecty.Markup(vecty.Class("scope-note"), vecty.Attribute("title", r.OffScope.Reason)), vecty.Text(r.Scope))),
	)
}

// decidedBy says what decided a row: its line (a button that shows it in
// the editor) and the rule on it, or the server answer.
func decidedBy(r model.Row) *vecty.HTML {
	detail := vecty.Markup(vecty.Class("decided-by"))
	switch {
	case r.Override != "":
		return elem.Span(detail, vecty.Text(r.Override))
	case r.Line == 0:
		return elem.Span(detail, vecty.Text("No line decides."))
	}
	return elem.Span(detail, vecty.Text("by "), lineButton(r.Line, "line "+strconv.Itoa(r.Line)), vecty.Text(": "), elem.Code(vecty.Text(r.Rule)))
}

// lineButton shows line in the editor.
func lineButton(line int, text string, markup ...vecty.Applyer) *vecty.HTML {
	return elem.Button(
		vecty.Markup(append([]vecty.Applyer{prop.Type(prop.TypeButton), vecty.Class("link-button", "line-link"),
			vecty.Data("line", strconv.Itoa(line)), event.Click(func(*vecty.Event) { showLine(line) })}, markup...)...),
		vecty.Text(text),
	)
}

func showLine(line int) {
	if ShowLine != nil {
		ShowLine(line)
	}
}

// verdictWord is engine.VerdictWord as a heading or sentence starts it.
func verdictWord(allowed bool) string {
	if allowed {
		return "Allowed"
	}
	return "Blocked"
}

// VerdictBar is the answer on a narrow screen (web/style.css shows it under
// 1024 px): the selected result's verdict and line, else the first row's,
// in a bar that stays at the top of the window. Tapping it selects that
// row and shows its line in the editor.
type VerdictBar struct {
	vecty.Core
}

func (b *VerdictBar) Render() vecty.ComponentOrHTML {
	s := store.Page
	r, ok := barRow()
	if !ok {
		return elem.Div(vecty.Markup(prop.ID("verdict-bar"), vecty.Class("verdict-bar"), vecty.Attribute("hidden", true)))
	}
	where := "no deciding line"
	if r.Override != "" {
		where = "server answer"
	} else if r.Line > 0 {
		where = "line " + strconv.Itoa(r.Line)
	}
	which := "Selected"
	if s.Selected < 0 {
		which = "First result"
	}
	return elem.Div(
		vecty.Markup(prop.ID("verdict-bar"), vecty.Class("verdict-bar"), vecty.Data("verdict", widget.VerdictAttr(r.Allowed))),
		elem.Button(
			vecty.Markup(
				prop.Type(prop.TypeButton),
				vecty.Data("line", strconv.Itoa(r.Line)),
				vecty.Attribute("aria-describedby", "verdict-bar-help"),
				event.Click(func(*vecty.Event) { tapBar(r.Line) }),
			),
			elem.Strong(vecty.Markup(vecty.Class("word")), vecty.Text(verdictWord(r.Allowed))),
			elem.Span(vecty.Markup(vecty.Class("where")), vecty.Text(where)),
			elem.Span(vecty.Markup(vecty.Class("url")), vecty.Text(r.Input)),
		),
		elem.Span(vecty.Markup(prop.ID("verdict-bar-help"), vecty.Class("visually-hidden")),
			vecty.Text(which+" of "+model.URLCount(s.List.Len())+": tap to show its line in the file.")),
	)
}

// barRow is the row the verdict bar shows.
func barRow() (model.Row, bool) {
	s := store.Page
	if r, ok := s.SelectedRow(); ok {
		return r, true
	}
	if s.Table.Count(s) == 0 || !s.Res.Done() {
		return model.Row{}, false
	}
	return s.Row(s.Table.Index(0)), true
}

// tapBar selects the first row when none is, so that the why panel
// explains what the bar shows, then shows the deciding line.
func tapBar(line int) {
	if store.Page.Selected < 0 {
		ChooseRow(0)
	}
	if line > 0 {
		showLine(line)
	}
}
