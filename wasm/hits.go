//go:build js && wasm

package main

import (
	"slices"
	"strconv"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"
)

// Hits shows, for each rule of the groups the crawler obeys, how many URLs
// of the list it decided, and which rules decided none: what makes a list
// of a hundred thousand URLs readable. A count filters the table to the
// URLs that rule decided. The counts come from the compact verdicts
// (verdicts.go), made as they arrive.
type Hits struct {
	vecty.Core
	shown hitsKey
}

// hitsKey is what the panel shows of the store: it is skipped while that
// is the same.
type hitsKey struct {
	generation, tested, line int
	stopped                  bool
}

func (h *Hits) key() hitsKey {
	s := store
	return hitsKey{s.generation, s.res.tested, s.table.line, s.res.stopped}
}

func (h *Hits) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*Hits)
	return ok && p.shown == h.key()
}

// maxHitRules is how many rules the panel lists: the ones that decided
// most, then those that decided none. A file can give a crawler thousands.
const maxHitRules = 60

// hitRule is one rule line of the groups the crawler obeys.
type hitRule struct {
	line int
	hits int
}

func (h *Hits) Render() vecty.ComponentOrHTML {
	s := store
	h.shown = h.key()
	box := vecty.Markup(prop.ID("hits"), vecty.Class("hits"), vecty.Attribute("aria-labelledby", "hits-title"))
	title := elem.Heading3(vecty.Markup(prop.ID("hits-title")), vecty.Text("Rule hits"))
	if s.list.Len() == 0 {
		return elem.Section(box, title, elem.Paragraph(vecty.Markup(vecty.Class("help")), vecty.Text("Add URLs to see how many of them each rule decides.")))
	}
	if s.res.overridden {
		return elem.Section(box, title, elem.Paragraph(vecty.Text("The server answer decides every URL: no rule of the file is used.")))
	}
	rules := s.hitRules()
	var used, unused []hitRule
	for _, r := range rules {
		if r.hits > 0 {
			used = append(used, r)
		} else {
			unused = append(unused, r)
		}
	}
	slices.SortStableFunc(used, func(a, b hitRule) int { return b.hits - a.hits })
	partial := ""
	if !s.res.done() {
		partial = " so far"
	}
	var items vecty.List
	for _, r := range used {
		if len(items) == maxHitRules {
			break
		}
		items = append(items, hitItem(r.line, "line "+strconv.Itoa(r.line)+" · "+s.robots.RuleText(r.line)+": decides "+urlCount(r.hits)+partial, r.hits))
	}
	if s.res.noRule > 0 {
		items = append(items, hitItem(noRuleLine, "No rule matches "+urlCount(s.res.noRule)+partial+": allowed", s.res.noRule))
	}
	for _, r := range unused {
		if len(items) >= maxHitRules {
			break
		}
		items = append(items, hitItem(r.line, "line "+strconv.Itoa(r.line)+" · "+s.robots.RuleText(r.line)+": decides no URL of this list"+partial, 0))
	}
	var notes vecty.List
	if left := len(used) + len(unused) + min(s.res.noRule, 1) - len(items); left > 0 {
		notes = append(notes, elem.Paragraph(vecty.Markup(vecty.Class("help")), vecty.Text(count(left, "more rule")+" not listed: "+count(len(unused), "rule")+" of the groups this crawler obeys "+decideNone(len(unused))+".")))
	}
	if s.res.out > 0 {
		notes = append(notes, elem.Paragraph(vecty.Markup(vecty.Class("help")), vecty.Text(urlCount(s.res.out)+" of the list "+isOrAre(s.res.out)+" outside this file's scope and not counted here.")))
	}
	if len(rules) == 0 {
		notes = append(notes, elem.Paragraph(vecty.Text("No group of this file applies to the crawler: no rule decides any URL.")))
	}
	return elem.Section(box, title,
		elem.Paragraph(vecty.Markup(vecty.Class("help")), vecty.Text("Select a count to show only the URLs that rule decided.")),
		vecty.If(len(items) > 0, elem.UnorderedList(vecty.Markup(vecty.Class("hit-list")), items)),
		notes,
	)
}

func decideNone(n int) string {
	if n == 1 {
		return "decides no URL"
	}
	return "decide no URL"
}

func isOrAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

func hitItem(line int, text string, hits int) *vecty.HTML {
	pressed := store.table.line == line
	return elem.ListItem(elem.Button(
		vecty.Markup(
			prop.Type(prop.TypeButton),
			vecty.Class("hit"),
			vecty.MarkupIf(hits == 0, vecty.Class("unused")),
			vecty.Data("line", strconv.Itoa(line)),
			vecty.Data("hits", strconv.Itoa(hits)),
			vecty.Attribute("aria-pressed", strconv.FormatBool(pressed)),
			event.Click(func(*vecty.Event) {
				store.setFilter(func(v *tableView) {
					if v.line == line {
						v.line = 0
					} else {
						v.line = line
					}
				})
			}),
		),
		vecty.Text(text),
	))
}

// hitRules are the rule lines of the groups the crawler obeys, in line
// order, with how many URLs each decided. Which groups apply depends on
// the crawler alone, not on the URL (google-behaviour.md, group choice).
func (s *state) hitRules() []hitRule {
	res := s.tester.result(sent{url: "/"})
	var out []hitRule
	for _, g := range res.Groups {
		for _, r := range s.robots.Groups[g].Rules {
			hits := 0
			if r.Line < len(s.res.hits) {
				hits = int(s.res.hits[r.Line])
			}
			out = append(out, hitRule{line: r.Line, hits: hits})
		}
	}
	slices.SortFunc(out, func(a, b hitRule) int { return a.line - b.line })
	return slices.CompactFunc(out, func(a, b hitRule) bool { return a.line == b.line })
}
