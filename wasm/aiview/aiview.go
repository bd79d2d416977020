//go:build js && wasm

package aiview

import (
	"strconv"
	"syscall/js"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"robotstester/engine"
	"robotstester/engine/ai"
	"robotstester/wasm/browser"
	"robotstester/wasm/model"
	"robotstester/wasm/store"
	"robotstester/wasm/widget"
)

// The AI view answers "which AI crawlers can read my site?" from the top
// down: the headline says it per purpose, the content signals say what the
// file declares, each operator's row gives its crawlers' verdicts with the
// deciding lines, the findings say what a reader would miss. It is laid
// out as lists that wrap (web/style.css, .ai-*), so at 1280×800 and at 390
// px it reads without a scroll box of its own. Verdicts are a symbol and a
// word, never a colour alone.

// Band is the line the view points at in the editor, 0 for none.
func Band() int {
	if store.Page.View() != "ai" {
		return 0
	}
	return store.AI.Line
}

// point marks line in the editor and scrolls it into view, as the matrix
// does for a cell.
func point(line int) {
	store.AI.PointAt(line)
	widget.RevealLine(line)
}

// AIView is the AI tab. Its answers and its policy panel are components of
// their own, each skipped while what it shows is unchanged: the page renders
// on every change (a lint that comes back, a message, a choice), and the
// whole view rendered again took 35 to 43 ms in Chromium with a 500 KiB
// file (BenchmarkBrowserAIView, rerender-ms; 7 to 10 ms since).
type AIView struct {
	vecty.Core
	answers *Answers
	policy  *PolicyPanel
	// catchingUp: a later task brings the answers up to the page.
	catchingUp bool
}

// Render shows the view. When the robots.txt or the URL list changed since
// the audit shown (an edit, a file opened, the tab opened on a new file),
// the answers stay as they were (none, the first time), marked busy, and
// two tasks of their own audit and render them: in the task that also
// parses and renders a new long file, they made it one of 60 to 160 ms
// (BenchmarkBrowserAIView, open-longest-task-ms), where a task over 50 ms
// is long (W3C Long Tasks API).
func (v *AIView) Render() vecty.ComponentOrHTML {
	behind := store.AI.Behind()
	if behind && !v.catchingUp {
		v.catchingUp = true
		// The audit in one task, its render in the next: the first grows
		// with the file, the second with the catalogue and the URLs shown.
		browser.YieldTask(func() {
			store.AI.Audit()
			browser.YieldTask(func() {
				v.catchingUp = false
				browser.RenderNow(v)
			})
		})
	}
	var body vecty.List
	switch {
	case v.answers != nil:
		body = vecty.List{v.answers, v.policy}
	case behind:
		body = vecty.List{elem.Paragraph(vecty.Markup(prop.ID("ai-status"), vecty.Class("help"), vecty.Attribute("role", "status")),
			vecty.Text("Reading the file for each AI crawler…"))}
	default:
		v.answers, v.policy = &Answers{}, &PolicyPanel{}
		body = vecty.List{v.answers, v.policy}
	}
	return elem.Div(
		vecty.Markup(vecty.Class("ai-view"), vecty.Attribute("aria-busy", behind)),
		elem.Heading2(vecty.Text("Which AI crawlers can read this site")),
		body,
	)
}

// Answers are the audit as the view shows it: the status, the headline,
// the content signals, the rows by operator and the findings.
type Answers struct {
	vecty.Core
	shown answersShown
}

// answersShown is what the answers show depends on.
type answersShown struct {
	robots        *engine.Robots
	list, listLen int
	status        string // the server's answer, which widget.ServerNote says
	line          int    // the line pointed at, whose buttons are pressed
}

func (a *Answers) view() answersShown {
	s := store.Page
	return answersShown{robots: s.Robots, list: s.ListVersion, listLen: s.List.Len(), status: s.In.Status, line: store.AI.Line}
}

// SkipRender keeps the answers while they are the page's, and while they
// wait for their own task (AIView.Render).
func (a *Answers) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*Answers)
	return ok && (store.AI.Behind() || p.shown == a.view())
}

func (a *Answers) Render() vecty.ComponentOrHTML {
	au := store.AI.Audit()
	a.shown = a.view()
	return elem.Div(
		elem.Paragraph(
			vecty.Markup(prop.ID("ai-status"), vecty.Class("help"), vecty.Attribute("role", "status"),
				vecty.Data("recomputeMs", strconv.FormatFloat(store.AI.AuditMs, 'f', 2, 64)),
				vecty.Data("lines", strconv.Itoa(len(store.Page.Robots.Lines)))),
			vecty.Text(status(au)),
		),
		widget.ServerNote("ai-server-note"),
		headline(au),
		signals(au),
		elem.Heading3(vecty.Text("By operator")),
		elem.Paragraph(vecty.Markup(vecty.Class("help")),
			vecty.Text("Each crawler's verdict at the site root and at the URLs listed, with the line that decided it: activate a line to see it in the editor.")),
		elem.UnorderedList(vecty.Markup(prop.ID("ai-operators"), vecty.Class("ai-operators"),
			vecty.UnsafeHTML(operatorsHTML(au)),
			event.Click(pointFromRows))),
		findingList(au),
	)
}

func status(au ai.Audit) string {
	s := widget.Count(len(au.Crawlers), "AI crawler") + " and control tokens of the catalogue, at the site root /"
	if n := len(au.URLs); n > 0 {
		s += " and at the first " + widget.Count(n, "URL") + " of the list"
		if all := store.Page.List.Len(); all > n {
			s += " (the Matrix shows all " + strconv.Itoa(all) + ")"
		}
	}
	return s + "."
}

// headline is one line per purpose: "AI training: 3 of 9 blocked".
func headline(au ai.Audit) *vecty.HTML {
	var items vecty.List
	for _, h := range model.AIHeadlines(au) {
		items = append(items, elem.ListItem(
			vecty.Markup(vecty.Data("purpose", string(h.Purpose)),
				vecty.Data("blocked", strconv.Itoa(len(h.Blocked))), vecty.Data("allowed", strconv.Itoa(len(h.Allowed)))),
			vecty.Text(widget.SentenceCase(h.Text)),
		))
	}
	return elem.UnorderedList(vecty.Markup(prop.ID("ai-headline"), vecty.Class("ai-headline"), vecty.Attribute("aria-label", "AI crawlers blocked at the site root, by purpose")), items)
}

// signals are the Content-Signal lines: what each declares per use, for
// which group, and what in it is not well formed.
func signals(au ai.Audit) vecty.List {
	if len(au.Signals) == 0 {
		return vecty.List{elem.Paragraph(vecty.Markup(prop.ID("ai-signals"), vecty.Class("help")),
			vecty.Text("Content signals: none. A Content-Signal line (contentsignals.org) would declare the uses the site allows: search, ai-input, ai-train."))}
	}
	var items vecty.List
	for _, s := range au.Signals {
		group := "every crawler (before any group)"
		if s.GroupLine > 0 {
			group = "the group at line " + strconv.Itoa(s.GroupLine)
		}
		var uses vecty.List
		for _, u := range s.Uses {
			word := "✕ no"
			if u.Yes {
				word = "✓ yes"
			}
			uses = append(uses, elem.Span(vecty.Markup(vecty.Class("ai-use"), vecty.Data("use", u.Use), vecty.Data("yes", strconv.FormatBool(u.Yes))),
				vecty.Text(u.Use+": "+word)))
		}
		items = append(items, elem.ListItem(
			vecty.Markup(vecty.Data("line", strconv.Itoa(s.Line))),
			lineButton(s.Line, "line "+strconv.Itoa(s.Line)),
			vecty.Text(" for "+group+": "),
			uses,
			vecty.If(len(s.Problems) > 0, elem.Span(vecty.Markup(vecty.Class("help")), widget.Sentences(s.Problems))),
		))
	}
	return vecty.List{
		elem.Heading3(vecty.Text("Content signals declared")),
		elem.UnorderedList(vecty.Markup(prop.ID("ai-signals"), vecty.Class("ai-signals")), items),
	}
}

// pointFromRows activates the line button clicked in the rows by operator
// (or pressed with Enter or Space). The rows are markup written again
// when the button pressed changes (operators.go), so the focus goes back
// to the button at the same place, where a keyboard left it.
func pointFromRows(ev *vecty.Event) {
	b := ev.Target.Call("closest", "button.ai-line")
	if !b.Truthy() {
		return
	}
	line, err := strconv.Atoi(b.Get("dataset").Get("line").String())
	if err != nil {
		return
	}
	rows := ev.Value.Get("currentTarget")
	focused := js.Global().Get("document").Get("activeElement").Equal(b)
	at := js.Global().Get("Array").Get("prototype").Get("indexOf").Call("call", rows.Call("querySelectorAll", "button.ai-line"), b).Int()
	point(line)
	if again := rows.Call("querySelectorAll", "button.ai-line"); focused && at >= 0 && at < again.Length() {
		again.Index(at).Call("focus")
	}
}

// lineButton activates a line: the editor marks it and scrolls to it.
func lineButton(line int, label string) *vecty.HTML {
	return elem.Button(
		vecty.Markup(prop.Type(prop.TypeButton), vecty.Class("ai-line", "link-button"), vecty.Data("line", strconv.Itoa(line)),
			vecty.Attribute("aria-pressed", store.AI.Line == line),
			event.Click(func(*vecty.Event) { point(line) })),
		vecty.Text(label),
	)
}

// findingList is the audit's findings, each at its line.
func findingList(au ai.Audit) vecty.List {
	if len(au.Findings) == 0 {
		return vecty.List{elem.Paragraph(vecty.Markup(prop.ID("ai-findings"), vecty.Class("help")), vecty.Text("No findings about AI crawlers."))}
	}
	var items vecty.List
	for _, d := range au.Findings {
		items = append(items, elem.ListItem(
			vecty.Markup(vecty.Data("code", d.Code), vecty.Data("line", strconv.Itoa(d.Line)), vecty.Data("severity", d.Severity.String())),
			vecty.Text(widget.SeverityIcon[d.Severity]+" "+d.Severity.String()+", "),
			vecty.If(d.Line > 0, lineButton(d.Line, "line "+strconv.Itoa(d.Line))),
			vecty.Text(": "),
			widget.Sentence(d.Message),
		))
	}
	return vecty.List{
		elem.Heading3(vecty.Text("Findings about AI crawlers")),
		elem.UnorderedList(vecty.Markup(prop.ID("ai-findings"), vecty.Class("ai-findings")), items),
	}
}
