//go:build js && wasm

package aiview

import (
	"strconv"
	"strings"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"robotstester/wasm/browser"
	"robotstester/wasm/model"
	"robotstester/wasm/store"
	"robotstester/wasm/widget"
)

// The policy panel: a choice per purpose and, folded away, per operator;
// the change ai.ApplyPolicy proposes for it, as the lines removed and
// added and every verdict that flips; Apply puts it in the editor and Undo
// restores the exact text before.

// PolicyPanel is the policy's part of the AI view.
type PolicyPanel struct {
	vecty.Core
	shown policyShown
}

// policyShown is what the panel shows depends on.
type policyShown struct {
	choices   string
	proposal  *model.AIProposal
	err, by   string
	proposing bool
	canUndo   bool
}

// view is what the panel would show now; it asks for the proposal of the
// choices, which a worker may write.
func (p *PolicyPanel) view() policyShown {
	a := store.AI
	change, err := a.Proposal()
	return policyShown{choices: a.ChoicesKey(), proposal: change, err: err, by: a.ProposedBy, proposing: a.Proposing, canUndo: a.CanUndo()}
}

// SkipRender keeps the panel while it is the page's, and while the audit
// waits for its own task (AIView.Render): the proposal is asked for then.
func (p *PolicyPanel) SkipRender(prev vecty.Component) bool {
	q, ok := prev.(*PolicyPanel)
	return ok && (store.AI.Behind() || q.shown == p.view())
}

func (p *PolicyPanel) Render() vecty.ComponentOrHTML {
	a := store.AI
	p.shown = p.view()
	purposes, operators := model.PolicyKeys(a.Audit())
	var byPurpose, byOperator vecty.List
	for _, pu := range purposes {
		byPurpose = append(byPurpose, choiceField(string(pu), widget.SentenceCase(pu.Label())))
	}
	for _, op := range operators {
		byOperator = append(byOperator, choiceField(op, op))
	}
	change, err := p.shown.proposal, p.shown.err
	return elem.Section(
		vecty.Markup(prop.ID("ai-policy"), vecty.Class("ai-policy"), vecty.Attribute("aria-labelledby", "ai-policy-title")),
		elem.Heading3(vecty.Markup(prop.ID("ai-policy-title")), vecty.Text("A policy, written for you")),
		elem.Paragraph(vecty.Markup(vecty.Class("help")),
			vecty.Text("Choose who may read the site root: the smallest change to the file that does it is shown below, with every verdict it flips. An operator's choice wins over its purposes'.")),
		elem.Div(vecty.Markup(vecty.Class("ai-choices")), byPurpose),
		elem.Details(
			elem.Summary(vecty.Text("Per operator")),
			elem.Div(vecty.Markup(vecty.Class("ai-choices")), byOperator),
		),
		proposal(change, err),
		elem.Div(
			vecty.Markup(vecty.Class("buttons")),
			vecty.If(change != nil && len(change.Changed) > 0, browser.Button("ai-apply", "Apply the change", a.ApplyPolicy)),
			vecty.If(a.CanUndo(), browser.Button("ai-undo", "Undo the policy", a.UndoPolicy)),
			browser.Button("ai-clear", "Clear the choices", a.ClearPolicy),
		),
	)
}

// choiceField is one key's select: no change, allowed or blocked.
func choiceField(key, label string) *vecty.HTML {
	id := "ai-policy-" + key
	cur := store.AI.Choice(key)
	option := func(value, text string) *vecty.HTML {
		return elem.Option(vecty.Markup(vecty.Attribute("value", value), vecty.Property("selected", value == cur)), vecty.Text(text))
	}
	return elem.Div(
		vecty.Markup(vecty.Class("field")),
		elem.Label(vecty.Markup(prop.For(id)), vecty.Text(label)),
		elem.Select(
			vecty.Markup(prop.ID(id), vecty.Data("key", key), event.Change(func(ev *vecty.Event) {
				store.AI.Choose(key, ev.Target.Get("value").String())
			})),
			option("", "as the file says"),
			option("allowed", "✓ allowed"),
			option("blocked", "✕ blocked"),
		),
	)
}

// proposal shows the change: its summary, the lines it removes and adds
// (engine.LineDiff, as the Diff tab marks them), and the verdicts that flip.
func proposal(p *model.AIProposal, err string) *vecty.HTML {
	switch {
	case store.AI.Proposing:
		return elem.Div(elem.Paragraph(vecty.Markup(prop.ID("ai-proposal"), vecty.Attribute("role", "status"), vecty.Class("help")), vecty.Text("Writing the change in the background…")))
	case err != "":
		return elem.Div(elem.Paragraph(vecty.Markup(prop.ID("ai-proposal"), vecty.Attribute("role", "status"), vecty.Class("override")), widget.Sentence(err)))
	case p == nil:
		return elem.Div(elem.Paragraph(vecty.Markup(prop.ID("ai-proposal"), vecty.Attribute("role", "status"), vecty.Class("help")), vecty.Text("No choice made: the file stays as it is.")))
	case len(p.Changed) == 0 && len(p.Unreachable) == 0:
		return elem.Div(elem.Paragraph(vecty.Markup(prop.ID("ai-proposal"), vecty.Attribute("role", "status"), vecty.Data("flips", "0")), vecty.Text("The file already meets this policy: nothing to change.")))
	}
	summary := p.Summary
	if len(p.Unreachable) > 0 {
		summary += " " + listOf(p.Unreachable) + " send no token and ignore robots.txt: no line of the file reaches them."
	}
	return elem.Div(
		elem.Paragraph(vecty.Markup(prop.ID("ai-proposal"), vecty.Attribute("role", "status"), vecty.Data("flips", strconv.Itoa(len(p.Flips))), vecty.Data("by", store.AI.ProposedBy)),
			vecty.Text(summary)),
		elem.Heading4(vecty.Text("The change")),
		elem.Paragraph(vecty.Markup(vecty.Class("help")), vecty.Text("A line removed has its number in the file now; a line added, its number in the file after.")),
		elem.UnorderedList(vecty.Markup(prop.ID("ai-edits"), vecty.Class("ai-edits"), vecty.UnsafeHTML(editsHTML(p.Lines)))),
		vecty.If(len(p.Flips) > 0, elem.Heading4(vecty.Text("Verdicts that flip"))),
		vecty.If(len(p.Flips) > 0, elem.UnorderedList(vecty.Markup(prop.ID("ai-flips"), vecty.Class("ai-flips"), vecty.UnsafeHTML(flipsHTML(p.Flips))))),
	)
}

// editsHTML is each line the change removes or adds, as markup: a change to
// a long file may add a few hundred, which Vecty would make element by
// element (operators.go says why that counts).
func editsHTML(lines []model.DiffLine) string {
	var b strings.Builder
	for _, l := range lines {
		kind, sign := "add", "+"
		if l.Remove {
			kind, sign = "remove", "−"
		}
		n := strconv.Itoa(l.Line)
		b.WriteString(`<li data-edit="` + kind + `" data-line="` + n + `"><span class="ai-edit-sign" aria-hidden="true">` + sign + ` </span>` +
			kind + ` line ` + n + `: <code>` + browser.EscapeHTML(l.Text) + `</code></li>`)
	}
	return b.String()
}

// flipsHTML is each verdict the change flips, as markup: up to one per AI
// crawler at / and at each URL the view shows.
func flipsHTML(flips []model.AIFlip) string {
	var b strings.Builder
	for _, f := range flips {
		b.WriteString(`<li data-crawler="` + browser.EscapeHTML(f.Crawler) + `" data-url="` + browser.EscapeHTML(f.URL) +
			`" data-verdict="` + widget.VerdictAttr(f.Allowed) + `">`)
		widget.SentenceHTML(&b, f.Sentence)
		b.WriteString(`</li>`)
	}
	return b.String()
}

// listOf joins names for a sentence.
func listOf(names []string) string {
	s := ""
	for i, n := range names {
		switch {
		case i == 0:
		case i == len(names)-1:
			s += " and "
		default:
			s += ", "
		}
		s += n
	}
	return s
}
