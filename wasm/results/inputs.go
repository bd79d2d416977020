//go:build js && wasm

package results

import (
	"strings"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"robotstester/engine"
	"robotstester/wasm/model"
	"robotstester/wasm/store"
	"robotstester/wasm/widget"
	"robotstester/wasm/workers"
)

// Inputs holds the controls for what is tested: crawler, URLs and where the
// file is served. Text fields are read on input and never written back while
// typing, so the caret never jumps.
type Inputs struct {
	vecty.Core
	applied int // the store's EditorVersion last written into the fields
	shown   inputsView
}

// inputsView is what the fields show of the store beyond what is typed in
// them: they are skipped while it is the same, as it is on an edit of the
// robots.txt.
type inputsView struct {
	version                int // fields are written when it changes
	crawler, token, status string
	servedAt               string              // the note under "Served at"
	imported               *model.ImportedList // a long list kept out of the text box
}

func (c *Inputs) view() inputsView {
	s := store.Page
	return inputsView{s.EditorVersion, s.In.Crawler, s.In.Token, s.In.Status, servedAtNote(s.In.RobotsURL, s.Sent.Scope), s.Imported}
}

func (c *Inputs) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*Inputs)
	return ok && p.shown == c.view()
}

func (c *Inputs) Render() vecty.ComponentOrHTML {
	s := store.Page
	c.shown = c.view()
	fresh := c.applied != s.EditorVersion
	c.applied = s.EditorVersion
	value := func(v string) vecty.Applyer {
		return vecty.MarkupIf(fresh, vecty.Property("value", v))
	}
	return elem.Div(
		vecty.Markup(vecty.Class("inputs")),
		&CrawlerPicker{},
		elem.Div(
			vecty.Markup(vecty.Class("field")),
			elem.Label(vecty.Markup(prop.For("urls")), vecty.Text("URLs to test")),
			vecty.If(s.Imported != nil, importedNote()),
			vecty.If(s.Imported == nil, elem.TextArea(vecty.Markup(
				prop.ID("urls"),
				vecty.Attribute("rows", "8"),
				vecty.Attribute("wrap", "off"),
				vecty.Attribute("spellcheck", "false"),
				vecty.Attribute("aria-describedby", "urls-help"),
				value(s.In.URLs),
				event.Input(func(ev *vecty.Event) { store.Page.EditURLs(ev.Target.Get("value").String()) }),
				event.Paste(workers.PasteURLs),
			))),
			elem.Paragraph(vecty.Markup(prop.ID("urls-help"), vecty.Class("help")), vecty.Text("One per line: full URLs or paths such as /shop?page=2.")),
		),
		statusField(),
		elem.Div(
			vecty.Markup(vecty.Class("field")),
			elem.Label(vecty.Markup(prop.For("robots-url")), vecty.Text("Served at (robots.txt URL or site, optional)")),
			elem.Input(vecty.Markup(
				prop.ID("robots-url"),
				prop.Type(prop.TypeURL),
				vecty.Attribute("autocomplete", "off"),
				vecty.Attribute("placeholder", "https://example.com/robots.txt"),
				vecty.Attribute("aria-describedby", "robots-url-note"),
				value(s.In.RobotsURL),
				event.Input(func(ev *vecty.Event) { store.Page.EditRobotsURL(ev.Target.Get("value").String()) }),
			)),
			elem.Paragraph(vecty.Markup(prop.ID("robots-url-note"), vecty.Class("help")), vecty.Text(c.shown.servedAt)),
		),
	)
}

// servedAtNote says what an empty "Served at" means: it follows the URLs
// when they all belong to one robots.txt (ls.following), else no URL is
// checked against a host; while a long list's hosts are being read, that
// it is not known yet. A typed value needs no note.
func servedAtNote(typed string, ls model.ListScope) string {
	switch {
	case strings.TrimSpace(typed) != "":
		return "URLs this file does not govern are flagged, and tested against it anyway."
	case ls.Following != "":
		return "Empty, so it follows the URLs: they all belong to " + ls.Following + ", which is taken as where this file is served. Type a URL to check the list against another."
	case ls.Working:
		return "Empty: reading the URLs' hosts to see whether they all belong to one robots.txt. Meanwhile every URL is tested against this file whatever its host."
	}
	return "Empty: every URL is tested against this file whatever its host. Type where the file is served to flag the URLs it does not govern."
}

// statusField picks the server's answer to the robots.txt request and says
// what it means for every URL.
func statusField() *vecty.HTML {
	chosen, outcome := model.ServerAnswer(store.Page.In.Status)
	return elem.Div(
		vecty.Markup(vecty.Class("field")),
		elem.Label(vecty.Markup(prop.For("status")), vecty.Text("The server answered the robots.txt request with")),
		&StatusSelect{Current: chosen.ID},
		elem.Paragraph(
			vecty.Markup(prop.ID("outcome"), vecty.Class("help")),
			elem.Strong(vecty.Text(widget.SentenceCase(outcome.Effect.String())+": ")),
			vecty.Text(outcome.Reason),
		),
	)
}

// StatusSelect lists engine.Answers(); re-rendered only when the pick
// changes.
type StatusSelect struct {
	vecty.Core
	Current string `vecty:"prop"`
}

func (c *StatusSelect) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*StatusSelect)
	return ok && p.Current == c.Current
}

func (c *StatusSelect) Render() vecty.ComponentOrHTML {
	choices := engine.Answers()
	options := make(vecty.List, len(choices))
	for i, a := range choices {
		options[i] = elem.Option(
			vecty.Markup(vecty.Attribute("value", a.ID), vecty.Property("selected", a.ID == c.Current)),
			vecty.Text(a.Label),
		)
	}
	return elem.Select(
		vecty.Markup(
			prop.ID("status"),
			vecty.Attribute("aria-describedby", "outcome"),
			event.Change(func(ev *vecty.Event) { store.Page.PickStatus(ev.Target.Get("value").String()) }),
		),
		options,
	)
}
