//go:build js && wasm

package results

import (
	"slices"
	"strconv"
	"strings"
	"syscall/js"
	"time"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"robotstester/wasm/browser"
	"robotstester/wasm/model"
	"robotstester/wasm/store"
	"robotstester/wasm/widget"
)

// Hits shows, for each rule of the groups the crawler obeys, how many URLs
// of the list it decided, and which rules decided none: what makes a list
// of a hundred thousand URLs readable. A count filters the table to the
// URLs that rule decided. The counts come from the compact verdicts
// (verdicts.go), made as they arrive. Like the rows, the list is written
// as HTML (hitsView) when the counts change, not diffed by Vecty: it
// changes with every edit, and a file gives a crawler hundreds of rules.
type Hits struct {
	vecty.Core
}

func (h *Hits) SkipRender(vecty.Component) bool { return true }

// Mount writes the counts once the panel exists.
func (h *Hits) Mount() { HitsPanel.Sync() }

func (h *Hits) Render() vecty.ComponentOrHTML {
	return elem.Section(
		vecty.Markup(prop.ID("hits"), vecty.Class("hits"), vecty.Attribute("aria-labelledby", "hits-title"),
			event.Click(func(ev *vecty.Event) {
				b := ev.Target.Call("closest", "button.hit")
				if !b.Truthy() {
					return
				}
				if line, err := strconv.Atoi(b.Get("dataset").Get("line").String()); err == nil {
					store.Page.ToggleLineFilter(line)
				}
			}),
			// One Tab stop for the list; the arrows move inside it.
			event.KeyDown(func(ev *vecty.Event) { widget.RovingKey(ev, "#hits-body", "button.hit") })),
		elem.Heading3(vecty.Markup(prop.ID("hits-title")), vecty.Text("Rule hits")),
		elem.Div(vecty.Markup(prop.ID("hits-body"))),
	)
}

// hitsView is what the panel's body shows of the store.
type hitsView struct {
	shown   hitsKey
	body    js.Value
	written time.Time
}

// hitsEvery is how often the counts are written while a long run's
// verdicts arrive: each write lays the page out again.
const hitsEvery = 500 * time.Millisecond

var HitsPanel hitsView

// hitsKey is what the panel shows of the store: it is written again only
// when that changes.
type hitsKey struct {
	generation, tested, line int
	stopped                  bool
}

// Sync writes the panel's body when the counts or the line filter changed
// (main's syncHits writes the editor's column of counts with it).
func (h *hitsView) Sync() {
	s := store.Page
	body := js.Global().Get("document").Call("getElementById", "hits-body")
	if !body.Truthy() {
		return
	}
	key := hitsKey{s.Generation, s.Res.Tested, s.Table.Line, s.Res.Stopped}
	if body.Equal(h.body) && key == h.shown {
		return
	}
	counting := !s.Res.Done() && !s.Res.Stopped
	if body.Equal(h.body) && counting && key.generation == h.shown.generation && key.line == h.shown.line &&
		time.Since(h.written) < hitsEvery {
		return
	}
	h.body, h.shown, h.written = body, key, time.Now()
	body.Set("innerHTML", hitsHTML(s))
}

// maxHitRules is how many rules the panel lists: the ones that decided
// most, then those that decided none. A file can give a crawler thousands.
const maxHitRules = 60

// hitsHTML is the panel's body for the store.
func hitsHTML(s *store.State) string {
	var b strings.Builder
	para := func(class, text string) {
		b.WriteString(`<p class="` + class + `">` + browser.EscapeHTML(text) + `</p>`)
	}
	if s.List.Len() == 0 {
		para("help", "Add URLs to see how many of them each rule decides.")
		return b.String()
	}
	if s.Res.Overridden {
		para("", "The server answer decides every URL: no rule of the file is used.")
		return b.String()
	}
	rules := s.HitRules()
	var used, unused []store.HitRule
	for _, r := range rules {
		if r.Hits > 0 {
			used = append(used, r)
		} else {
			unused = append(unused, r)
		}
	}
	slices.SortStableFunc(used, func(a, b store.HitRule) int { return b.Hits - a.Hits })
	partial := ""
	if !s.Res.Done() {
		partial = " so far"
	}
	para("help", "Select a count to show only the URLs that rule decided.")
	b.WriteString(`<ul class="hit-list">`)
	items := 0
	item := func(line int, text string, hits int) {
		items++
		class := "hit"
		if hits == 0 {
			class += " unused"
		}
		b.WriteString(`<li><button type="button" class="` + class + `" data-line="` + strconv.Itoa(line) + `" data-hits="` + strconv.Itoa(hits) +
			`" aria-pressed="` + strconv.FormatBool(s.Table.Line == line) + `"` + widget.RovingTabindex(items-1) + `>` + browser.EscapeHTML(text) + `</button></li>`)
	}
	for _, r := range used {
		if items == maxHitRules {
			break
		}
		item(r.Line, store.HitLabel(s, r.Line, r.Hits), r.Hits)
	}
	if s.Res.NoRule > 0 {
		item(store.NoRuleLine, "No rule matches "+model.URLCount(s.Res.NoRule)+partial+": allowed", s.Res.NoRule)
	}
	b.WriteString(`</ul>`)
	// The rules that decide nothing fold into one line with their count,
	// which opens on them; the table is not pushed down by a box each.
	if len(unused) > 0 && items < maxHitRules {
		// The summary may be cut to one line beside the counts (the
		// workbench, web/style.css): its title keeps it whole.
		fold := browser.EscapeHTML(widget.Count(len(unused), "rule") + " of the groups this crawler obeys " + decideNone(len(unused)) + " of this list")
		b.WriteString(`<details class="hits-unused"><summary title="` + fold + `">` + fold + `</summary><ul class="hit-list">`)
		for _, r := range unused {
			if items >= maxHitRules {
				break
			}
			item(r.Line, store.HitLabel(s, r.Line, 0), 0)
		}
		b.WriteString(`</ul></details>`)
	}
	if left := len(used) + len(unused) + min(s.Res.NoRule, 1) - items; left > 0 {
		para("help", widget.Count(left, "more rule")+" not listed: "+widget.Count(len(unused), "rule")+" of the groups this crawler obeys "+decideNone(len(unused))+".")
	}
	if s.Res.Out > 0 {
		para("help", model.URLCount(s.Res.Out)+" of the list "+isOrAre(s.Res.Out)+" outside this file's scope and not counted here.")
	}
	if len(rules) == 0 {
		para("", "No group of this file applies to the crawler: no rule decides any URL.")
	}
	return b.String()
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
