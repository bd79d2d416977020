//go:build js && wasm

package results

import (
	"strings"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"robotstester/engine"
	"robotstester/engine/catalogue"
	"robotstester/wasm/model"
	"robotstester/wasm/store"
	"robotstester/wasm/widget"
)

// crawlerOptions are the picker's optgroups, one per operator in catalogue
// order, with the current crawler selected.
func crawlerOptions(current string) vecty.List {
	var operators []string
	byOperator := map[string]vecty.List{}
	for _, c := range catalogue.Crawlers() {
		if _, seen := byOperator[c.Operator]; !seen {
			operators = append(operators, c.Operator)
		}
		byOperator[c.Operator] = append(byOperator[c.Operator], elem.Option(
			vecty.Markup(vecty.Attribute("value", c.Name), vecty.Property("selected", c.Name == current)),
			vecty.Text(c.Name+": "+crawlerSummary(c)),
		))
	}
	groups := make(vecty.List, len(operators))
	for i, op := range operators {
		groups[i] = elem.OptionsGroup(vecty.Markup(vecty.Property("label", op)), byOperator[op])
	}
	return groups
}

// crawlerSummary says what a crawler is tested with: "Googlebot-Image,
// then Googlebot; * applies".
func crawlerSummary(c catalogue.Crawler) string {
	if len(c.Tokens) == 0 {
		return "no token, ignores robots.txt"
	}
	s := strings.Join(c.Tokens, ", then ")
	if c.ObeysGlobal {
		return s + "; * applies"
	}
	return s + "; * ignored"
}

// CrawlerPicker picks a catalogue crawler or a custom token.
type CrawlerPicker struct {
	vecty.Core
	// applied is the store's EditorVersion and TokenVersion last written
	// into the token field.
	applied [2]int
}

func (c *CrawlerPicker) Render() vecty.ComponentOrHTML {
	s := store.Page
	fresh := c.applied != [2]int{s.EditorVersion, s.TokenVersion}
	c.applied = [2]int{s.EditorVersion, s.TokenVersion}
	chosen, picked := model.PickedCrawler(s.In)
	current := ""
	if picked {
		current = chosen.Name
	}
	return elem.Div(
		elem.Div(
			vecty.Markup(vecty.Class("field")),
			elem.Label(vecty.Markup(prop.For("crawler")), vecty.Text("Crawler")),
			&CrawlerSelect{Current: current},
		),
		elem.Div(
			vecty.Markup(vecty.Class("field")),
			elem.Label(vecty.Markup(prop.For("token")), vecty.Text("Custom token or User-Agent")),
			elem.Input(vecty.Markup(
				prop.ID("token"),
				prop.Type(prop.TypeText),
				vecty.Attribute("autocomplete", "off"),
				vecty.Attribute("spellcheck", "false"),
				vecty.Attribute("placeholder", "Googlebot"),
				vecty.Attribute("aria-describedby", "token-reading"),
				vecty.MarkupIf(fresh, vecty.Property("value", s.In.Token)),
				event.Input(func(ev *vecty.Event) { store.Page.EditToken(ev.Target.Get("value").String()) }),
			)),
			elem.Paragraph(vecty.Markup(prop.ID("token-reading"), vecty.Class("help")), widget.Sentence(tokenReading(s.In))),
		),
	)
}

// CrawlerSelect is the catalogue's select, re-rendered only when the pick
// changes: it has a hundred options.
type CrawlerSelect struct {
	vecty.Core
	Current string `vecty:"prop"`
}

func (c *CrawlerSelect) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*CrawlerSelect)
	return ok && p.Current == c.Current
}

func (c *CrawlerSelect) Render() vecty.ComponentOrHTML {
	return elem.Select(
		vecty.Markup(
			prop.ID("crawler"),
			vecty.Attribute("aria-describedby", "token-reading"),
			event.Change(func(ev *vecty.Event) { store.Page.PickCrawler(ev.Target.Get("value").String()) }),
		),
		elem.Option(vecty.Markup(vecty.Attribute("value", ""), vecty.Property("selected", c.Current == "")), vecty.Text("Custom token (type it below)")),
		crawlerOptions(c.Current),
	)
}

// tokenReading says what is tested: a crawler's tokens, or how the custom
// token is read ("`Googlebot Images` is read as `Googlebot`") and, for a
// whole User-Agent header, which crawler it looks like.
func tokenReading(in model.Saved) string {
	if c, ok := model.PickedCrawler(in); ok {
		if len(c.Tokens) == 0 {
			return c.Name + " has no robots.txt token: it ignores robots.txt, so every URL is allowed for it here."
		}
		s := "Tests `" + strings.Join(c.Tokens, "`, then `") + "`: the first token a group names decides"
		if c.ObeysGlobal {
			return s + "; the * group applies when none is named."
		}
		return s + "; this crawler ignores the * group."
	}
	a := engine.ReadAgent(in.Token)
	var s string
	switch {
	case a.Input == "":
		return "No token: only the * group can apply. Type a token such as Googlebot, or pick a crawler."
	case !a.Cut:
		s = "`" + a.Input + "` is a valid product token."
	case a.Token == "":
		s = "`" + a.Input + "` holds no product token (letters, - and _ only): only the * group can apply. Type a token such as Googlebot."
	default:
		s = "`" + a.Input + "` is read as `" + a.Token + "`: Google reads only the letters, - and _ before the first other character."
	}
	if a.Cut {
		if c, ok := catalogue.CrawlerForUserAgent(a.Input); ok {
			s += " This looks like " + c.Name + ": pick it in the list to test its tokens."
		}
	}
	return s
}
