//go:build js && wasm

package results

import (
	"strconv"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/prop"

	"robotstester/wasm/model"
	"robotstester/wasm/store"
	"robotstester/wasm/widget"
)

// Why explains the selected result. Every sentence comes from the engine
// (Robots.Explain and the server answer's and scope's reasons); this
// component only lays them out.
type Why struct {
	vecty.Core
}

func (w *Why) Render() vecty.ComponentOrHTML {
	s := store.Page
	box := vecty.Markup(
		prop.ID("why"),
		vecty.Attribute("aria-labelledby", "why-title"),
	)
	r, ok := s.SelectedRow()
	// The panel itself is not live: a screen reader would read it whole at
	// every arrow key. One short sentence is, said politely (issue 22).
	live := elem.Paragraph(vecty.Markup(prop.ID("why-live"), vecty.Class("visually-hidden"), vecty.Attribute("role", "status"), vecty.Attribute("aria-live", "polite")),
		vecty.Text(liveSentence(r, ok)))
	if !ok {
		return elem.Section(box, live,
			elem.Heading2(vecty.Markup(prop.ID("why-title")), vecty.Text("Why")),
			elem.Paragraph(vecty.Markup(vecty.Class("help")), vecty.Text("Select a result to see which group applied, every rule that matched and which one won.")),
		)
	}
	_, outcome := model.ServerAnswer(s.In.Status)
	return elem.Section(box, live,
		elem.Heading2(vecty.Markup(prop.ID("why-title")), vecty.Text("Why: "), elem.Code(vecty.Text(r.Input))),
		// The deciding line's number leads back to it in the editor.
		vecty.If(r.Line > 0, elem.Paragraph(vecty.Markup(vecty.Class("why-line")),
			lineButton(r.Line, "Line "+strconv.Itoa(r.Line), prop.ID("why-line")), vecty.Text(" "), elem.Code(vecty.Text(r.Rule)))),
		vecty.If(r.Override != "", elem.Paragraph(vecty.Markup(vecty.Class("override")), widget.Sentence(outcome.Reason+" The rules below are what the file would decide."))),
		vecty.If(r.Scope != "", elem.Paragraph(vecty.Markup(vecty.Class("scope-note")), widget.Sentence(r.OffScope.Reason))),
		widget.Explanation(s.Robots, r.Result),
		vecty.If(len(r.Encoding) > 0, elem.UnorderedList(vecty.Markup(vecty.Class("encoding")), widget.Sentences(r.Encoding))),
	)
}

// liveSentence is what the live region says of the selected row: its
// verdict, what decided it and the URL, in one short sentence ("Blocked by
// line 12: https://example.com/wiki/Robot"); nothing when no row is
// selected. The URL comes last, and a long one is cut (maxLiveURL), so
// that the verdict is heard first and the sentence stays short.
func liveSentence(r model.Row, selected bool) string {
	if !selected {
		return ""
	}
	verdict := verdictWord(r.Allowed)
	switch {
	case r.Override != "":
		verdict += " by the server's answer"
	case r.Line > 0:
		verdict += " by line " + strconv.Itoa(r.Line)
	default:
		verdict += ", no rule matches"
	}
	return verdict + ": " + liveURL(r.Input)
}

// maxLiveURL is the most of a URL the live region reads, in characters:
// the whole of most URLs, and no more than a breath of a longer one (the
// why panel shows it whole).
const maxLiveURL = 80

// liveURL is u cut to maxLiveURL characters, an ellipsis marking the cut.
func liveURL(u string) string {
	if r := []rune(u); len(r) > maxLiveURL {
		return string(r[:maxLiveURL-1]) + "…"
	}
	return u
}
