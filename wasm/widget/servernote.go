//go:build js && wasm

package widget

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/prop"

	"robotstester/engine"
	"robotstester/wasm/model"
	"robotstester/wasm/store"
)

// ServerNote warns, when the chosen server answer decides every URL alone
// (a 5xx, a 404…), that the verdicts a view shows (the matrix, the diff,
// the AI view) are the file's rules', as the results' override column
// does; nil when the rules decide. id names the paragraph.
func ServerNote(id string) vecty.MarkupOrChild {
	answer, outcome := model.ServerAnswer(store.Page.In.Status)
	if outcome.Effect == engine.EffectConditional {
		return nil
	}
	return elem.Paragraph(
		vecty.Markup(prop.ID(id), vecty.Class("override")),
		elem.Strong(vecty.Text("Server answer: "+answer.Label+". ")),
		Sentence(outcome.Reason+" The verdicts below are what the file's rules would decide."),
	)
}
