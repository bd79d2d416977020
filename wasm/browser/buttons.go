//go:build js && wasm

package browser

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"
)

func Button(id, label string, click func()) *vecty.HTML {
	return elem.Button(
		vecty.Markup(prop.ID(id), prop.Type(prop.TypeButton), event.Click(func(*vecty.Event) { click() })),
		vecty.Text(label),
	)
}

// FileButton is a file input shown as a button: the label is what people
// see and click; the input stays focusable for the keyboard.
func FileButton(id, label, accept string) *vecty.HTML {
	return elem.Span(
		vecty.Markup(vecty.Class("file-button")),
		elem.Input(vecty.Markup(prop.ID(id), prop.Type(prop.TypeFile), vecty.Attribute("accept", accept), vecty.Class("visually-hidden"))),
		elem.Label(vecty.Markup(prop.For(id), vecty.Class("button")), vecty.Text(label)),
	)
}
