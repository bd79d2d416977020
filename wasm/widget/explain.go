//go:build js && wasm

package widget

import (
	"strconv"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"

	"robotstester/engine"
)

// MaxShownMatches is how many matching rules the why panel lists. One URL
// can match thousands (a file of twenty thousand one-rule groups for
// Googlebot), which nobody reads one by one and which would make every
// change slow to show while that row is selected.
const MaxShownMatches = 100

// ShownMatches picks which of n matches, in line order, the why panel
// lists: the first MaxShownMatches, and the winner wherever it is.
func ShownMatches(n, winner int) []int {
	shown := make([]int, 0, min(n, MaxShownMatches+1))
	for i := 0; i < n && i < MaxShownMatches; i++ {
		shown = append(shown, i)
	}
	if winner >= MaxShownMatches && winner < n {
		shown = append(shown, winner)
	}
	return shown
}

// Explanation is Google's account of res in sentences: the verdict, how
// the agent was read, the group chosen, the matching rules (the winner
// marked) and the path, as the Why panel and the matrix's show it.
func Explanation(r *engine.Robots, res engine.Result) vecty.List {
	ex := r.Explain(res)
	shown := ShownMatches(len(ex.Rules), res.Winner)
	matches := make(vecty.List, len(shown))
	for k, i := range shown {
		won := i == res.Winner
		matches[k] = elem.ListItem(
			vecty.Markup(vecty.MarkupIf(won, vecty.Class("won"), vecty.Attribute("aria-current", "true"))),
			Sentence(ex.Rules[i]),
		)
	}
	hidden := len(ex.Rules) - len(shown)
	out := vecty.List{elem.Paragraph(vecty.Markup(vecty.Class("winner")), Sentence(ex.Verdict))}
	if ex.Agent != "" {
		out = append(out, elem.Paragraph(vecty.Markup(vecty.Class("agent-reading")), Sentence(ex.Agent)))
	}
	out = append(out, elem.Paragraph(vecty.Markup(vecty.Class("group-choice")), Sentence(ex.Group)))
	if len(matches) > 0 {
		out = append(out, elem.OrderedList(vecty.Markup(vecty.Class("matches")), matches))
	}
	if hidden > 0 {
		out = append(out, elem.Paragraph(vecty.Markup(vecty.Class("matches-hidden")), vecty.Text(hiddenMatches(hidden, len(ex.Rules)))))
	}
	return append(out, elem.Paragraph(vecty.Markup(vecty.Class("path")), Sentence(ex.Path)))
}

// hiddenMatches says how many matching rules the list leaves out.
func hiddenMatches(hidden, all int) string {
	return strconv.Itoa(all) + " rules match this URL. The first " + strconv.Itoa(MaxShownMatches) +
		" are listed above, with the one that decided; the other " + strconv.Itoa(hidden) + " decide nothing."
}
