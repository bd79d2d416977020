//go:build js && wasm

package aiview

import (
	"strconv"
	"strings"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"robotstester/engine/ai"
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

// AIView is the AI tab.
type AIView struct {
	vecty.Core
}

func (v *AIView) Render() vecty.ComponentOrHTML {
	au := store.AI.Audit()
	return elem.Div(
		vecty.Markup(vecty.Class("ai-view")),
		elem.Heading2(vecty.Text("Which AI crawlers can read this site")),
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
		operators(au),
		findingList(au),
		&PolicyPanel{},
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

// operators is one row per operator, its crawlers side by side.
func operators(au ai.Audit) *vecty.HTML {
	index := map[string]int{}
	for i, c := range au.Crawlers {
		index[c.Name] = i
	}
	var rows vecty.List
	for _, op := range model.AIOperators(au) {
		var crawlers vecty.List
		for _, c := range op.Crawlers {
			crawlers = append(crawlers, crawlerItem(au, index[c.Name], c))
		}
		rows = append(rows, elem.ListItem(
			vecty.Markup(vecty.Class("ai-operator"), vecty.Data("operator", op.Name)),
			elem.Heading4(vecty.Text(op.Name)),
			elem.UnorderedList(vecty.Markup(vecty.Class("ai-crawlers")), crawlers),
		))
	}
	return elem.UnorderedList(vecty.Markup(prop.ID("ai-operators"), vecty.Class("ai-operators")), rows)
}

// crawlerItem is one crawler: its purpose, what it obeys, its verdict at /
// and at each URL listed.
func crawlerItem(au ai.Audit, i int, c ai.AuditCrawler) *vecty.HTML {
	obeys := "obeys " + au.Matrix.Obeys[i].Label()
	if len(c.Tokens) == 0 {
		obeys = "no token: ignores robots.txt"
	}
	var urls vecty.List
	for u, cell := range c.URLs {
		urls = append(urls, elem.ListItem(
			vecty.Markup(vecty.Data("url", au.URLs[u]), vecty.Data("verdict", widget.VerdictAttr(cell.Allowed))),
			verdictAt(cell.Allowed, cell.Line, shortURL(au.URLs[u])),
		))
	}
	return elem.ListItem(
		vecty.Markup(vecty.Class("ai-crawler"), vecty.Data("crawler", c.Name), vecty.Data("root", c.Root()),
			vecty.Data("line", strconv.Itoa(c.Line)), vecty.Data("obeys", strconv.Itoa(c.Obeys))),
		elem.Strong(vecty.Text(c.Name)),
		elem.Span(vecty.Markup(vecty.Class("ai-purpose")), vecty.Text(" · "+c.Purpose.Label())),
		elem.Div(vecty.Markup(vecty.Class("ai-root")), verdictAt(c.Allowed, c.Line, "/"),
			elem.Span(vecty.Markup(vecty.Class("help")), vecty.Text(" · "+obeys))),
		fetcher(c),
		vecty.If(len(urls) > 0, elem.UnorderedList(vecty.Markup(vecty.Class("ai-urls"), vecty.Attribute("aria-label", c.Name+" at the URLs listed")), urls)),
	)
}

// fetcher says, for a control token, which crawler fetches the pages it
// governs and that crawler's own verdict at /: blocking Google-Extended
// keeps Googlebot in.
func fetcher(c ai.AuditCrawler) vecty.MarkupOrChild {
	name, res, ok := model.FetchedBy(store.Page.Robots, c)
	if !ok {
		return nil
	}
	return elem.Div(
		vecty.Markup(vecty.Class("ai-fetcher"), vecty.Data("fetcher", name), vecty.Data("verdict", widget.VerdictAttr(res.Allowed))),
		vecty.Text("governs use, not crawling; "+name+" fetches the pages: "),
		verdictAt(res.Allowed, res.Line, "/"),
	)
}

// shortURL is a listed URL without its scheme and host, which the list
// shares: what a row has room for. The full URL is the item's data-url.
func shortURL(u string) string {
	if _, rest, ok := strings.Cut(u, "://"); ok {
		if i := strings.IndexByte(rest, '/'); i >= 0 {
			return rest[i:]
		}
		return "/"
	}
	return u
}

// verdictAt is a verdict as symbol and word at a path, its deciding line a
// button that shows it in the editor.
func verdictAt(allowed bool, line int, at string) vecty.List {
	word := "✕ blocked"
	if allowed {
		word = "✓ allowed"
	}
	out := vecty.List{elem.Span(vecty.Markup(vecty.Class("v"), vecty.Data("verdict", widget.VerdictAttr(allowed))), vecty.Text(word)), vecty.Text(" at " + at + ", ")}
	if line == 0 {
		return append(out, vecty.Text("no rule"))
	}
	return append(out, lineButton(line, "line "+strconv.Itoa(line)))
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
