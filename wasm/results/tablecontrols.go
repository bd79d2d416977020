//go:build js && wasm

package results

import (
	"strconv"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"robotstester/wasm/browser"
	"robotstester/wasm/model"
	"robotstester/wasm/store"
)

// TableControls are the results table's filters and sort (filters.go does
// the work) and how many rows they leave.
type TableControls struct {
	vecty.Core
}

// textFilter waits for typing in the URL filter to pause, as the editor
// does: filtering a million URLs per keystroke would queue up.
var textFilter = browser.Debouncer{Delay: browser.DebounceDelay}

func (c *TableControls) Render() vecty.ComponentOrHTML {
	s := store.Page
	v := &s.Table
	shown := "Showing all " + model.Number(s.List.Len()) + " rows"
	switch {
	case v.Busy:
		shown = "Filtering and sorting " + model.Number(s.List.Len()) + " URLs…"
	case v.Filtered && (v.Verdict != "" || v.Line != 0 || v.Text != ""):
		shown = "Showing " + model.Number(len(v.Order)) + " of " + model.Number(s.List.Len()) + " rows"
	}
	return elem.Div(
		vecty.Markup(prop.ID("table-controls"), vecty.Class("table-controls"), vecty.Attribute("role", "group"), vecty.Attribute("aria-label", "Filter and sort the results")),
		elem.Label(vecty.Markup(prop.For("filter-verdict")), vecty.Text("Show")),
		elem.Select(
			vecty.Markup(prop.ID("filter-verdict"), event.Change(func(ev *vecty.Event) {
				value := ev.Target.Get("value").String()
				store.Page.SetFilter(func(v *store.TableView) { v.Verdict = value })
			})),
			option("", "All verdicts", v.Verdict),
			option("blocked", "Blocked only", v.Verdict),
			option("allowed", "Allowed only", v.Verdict),
		),
		elem.Label(vecty.Markup(prop.For("filter-text")), vecty.Text("URL contains")),
		elem.Input(vecty.Markup(
			prop.ID("filter-text"), prop.Type(prop.TypeSearch), vecty.Attribute("autocomplete", "off"),
			vecty.Attribute("spellcheck", "false"),
			event.Input(func(ev *vecty.Event) {
				value := ev.Target.Get("value").String()
				textFilter.Schedule(func() { store.Page.SetFilter(func(v *store.TableView) { v.Text = value }) })
			}),
		)),
		elem.Label(vecty.Markup(prop.For("filter-line")), vecty.Text("Deciding line")),
		elem.Input(vecty.Markup(
			prop.ID("filter-line"), prop.Type(prop.TypeNumber), vecty.Attribute("min", "1"), vecty.Attribute("inputmode", "numeric"),
			vecty.Attribute("aria-describedby", "shown-count"), vecty.Class("line-filter"),
			vecty.Property("value", lineFilterValue(v.Line)),
			event.Change(func(ev *vecty.Event) {
				line, err := strconv.Atoi(ev.Target.Get("value").String())
				if err != nil || line < 1 {
					line = 0
				}
				store.Page.SetFilter(func(v *store.TableView) { v.Line = line })
			}),
		)),
		elem.Label(vecty.Markup(prop.For("sort-by")), vecty.Text("Sort by")),
		elem.Select(
			vecty.Markup(prop.ID("sort-by"), event.Change(func(ev *vecty.Event) {
				value := ev.Target.Get("value").String()
				store.Page.SetFilter(func(v *store.TableView) { v.Sort = value })
			})),
			option(store.SortList, "List order", v.Sort),
			option(store.SortVerdict, "Verdict (blocked first)", v.Sort),
			option(store.SortLine, "Deciding line", v.Sort),
			option(store.SortURL, "URL", v.Sort),
		),
		vecty.If(v.Line != 0, elem.Button(
			vecty.Markup(prop.ID("filter-line-clear"), prop.Type(prop.TypeButton), vecty.Attribute("aria-label", lineFilterName(v.Line)+": show every line"),
				event.Click(func(*vecty.Event) { store.Page.SetFilter(func(v *store.TableView) { v.Line = 0 }) })),
			vecty.Text(lineFilterName(v.Line)+" ✕"),
		)),
		elem.Span(vecty.Markup(prop.ID("shown-count"), vecty.Attribute("aria-live", "polite")), vecty.Text(shown)),
	)
}

// lineFilterValue is the line box's text for the line filter.
func lineFilterValue(line int) string {
	if line > 0 {
		return strconv.Itoa(line)
	}
	return ""
}

// lineFilterName says which rows the line filter keeps.
func lineFilterName(line int) string {
	if line == store.NoRuleLine {
		return "Decided by no rule"
	}
	return "Decided by line " + strconv.Itoa(line)
}

func option(value, label, current string) *vecty.HTML {
	return elem.Option(vecty.Markup(prop.Value(value), vecty.MarkupIf(value == current, vecty.Property("selected", true))), vecty.Text(label))
}
