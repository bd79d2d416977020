//go:build js && wasm

package findings

import (
	"strconv"
	"strings"
	"syscall/js"

	"robotstester/engine"
	"robotstester/wasm/browser"
	"robotstester/wasm/store"
	"robotstester/wasm/widget"
)

// FindingLists writes the items of the findings, sitemaps and other
// readers' findings lists (Diagnostics) as HTML, not through Vecty: a
// finding is a button of a dozen DOM properties, which Vecty writes one
// call at a time (a batch of 40 findings and 40 sitemaps took 35 to 44 ms,
// BenchmarkBrowserAutosave's trace), and the browser reads the same as one
// string in a fraction of that. One listener on the section takes the
// clicks (Diagnostics).
//
// A long list gains findingsBatch items a task. A new lint keeps the items
// that read as they did, at the same places, and writes at most
// findingsBatch of the others in each list at once: after most edits every
// item is as it was and none is written again; after a line is added at
// the top, every line number moves, and the lists grow back a batch a task.
var FindingLists findingListsView

type findingListsView struct {
	of                 *engine.Robots // the parse the lists are of (store.linted)
	lint, maps, others itemList
	growing            bool
}

const findingsBatch = 40

// Sync writes the lists of the linted parse into the page, and asks a
// later task for more while they hold fewer items than there are.
func (f *findingListsView) Sync() {
	s := store.Page
	if s.Linted == nil {
		return
	}
	if f.of != s.Linted {
		f.of = s.Linted
		f.lint.want = f.lint.kept(findingItems(listed(s.Lint)[:min(len(s.Lint), maxListed)]))
		f.maps.want = f.maps.kept(sitemapItems(s.Linted.Sitemaps))
		f.others.want = f.others.kept(findingItems(s.Others))
	}
	doc := js.Global().Get("document")
	more := false
	for _, l := range []struct {
		list *itemList
		id   string
	}{{&f.lint, "findings"}, {&f.maps, "sitemaps"}, {&f.others, "findings-other"}} {
		l.list.write(doc.Call("getElementById", l.id))
		more = more || l.list.n < len(l.list.want)
	}
	if more && !f.growing {
		f.growing = true
		of := f.of
		browser.NextTask(func() {
			f.growing = false
			if f.of == of && store.Page.Linted == of {
				f.lint.n += findingsBatch
				f.maps.n += findingsBatch
				f.others.n += findingsBatch
				f.Sync()
			}
		})
	}
}

// itemList is one list element's items, as HTML: want, the items of the
// lint shown, and shown, those the element holds now, the first n of want
// once written.
type itemList struct {
	el    js.Value
	want  []string
	shown []string
	n     int
}

// kept makes items the list's items, and keeps as many of those shown as
// read as they did, plus findingsBatch (kept, before it is written).
func (l *itemList) kept(items []string) []string {
	l.n = max(findingsBatch, min(l.n, alikeShown(l.shown, items, l.n)+findingsBatch))
	return items
}

// write makes el hold the first n items wanted: the items it holds that
// read the same at the same places stay; the others are written after them.
func (l *itemList) write(el js.Value) {
	if !el.Truthy() {
		l.el, l.shown = js.Null(), nil
		return
	}
	if !el.Equal(l.el) {
		// A new element (the list was hidden, or Vecty made it again).
		l.el, l.shown = el, nil
		el.Set("innerHTML", "")
	}
	show := l.want[:min(l.n, len(l.want))]
	k := 0
	for k < len(l.shown) && k < len(show) && l.shown[k] == show[k] {
		k++
	}
	if k == len(l.shown) && k == len(show) {
		return
	}
	if k == 0 {
		el.Set("innerHTML", strings.Join(show, ""))
	} else {
		children := el.Get("children")
		for i := len(l.shown) - 1; i >= k; i-- {
			children.Index(i).Call("remove")
		}
		if k < len(show) {
			el.Call("insertAdjacentHTML", "beforeend", strings.Join(show[k:], ""))
		}
	}
	l.shown = append(l.shown[:0:0], show...)
}

// alikeShown is how many of the first n items of two lists are the same,
// at the same places: n when the lists show the same items.
func alikeShown[T comparable](was, is []T, n int) int {
	was, is = was[:min(n, len(was))], is[:min(n, len(is))]
	k := 0
	for k < len(was) && k < len(is) && was[k] == is[k] {
		k++
	}
	if k == len(is) {
		// Every item to show is shown already: only those past them go.
		return n
	}
	return k
}

// findingItems is each diagnostic as a list item: those about a line are
// buttons that take the editor there.
func findingItems(ds engine.Diagnostics) []string {
	out := make([]string, len(ds))
	var b strings.Builder
	for i, d := range ds {
		b.Reset()
		sev := d.Severity.String()
		label := `<span class="severity ` + sev + `"><span aria-hidden="true">` + widget.SeverityIcon[d.Severity] + ` </span>` + severityNoun(d.Severity) + `: </span>`
		if d.Line == 0 {
			b.WriteString(`<li><span class="diag whole-file">` + label)
			widget.SentenceHTML(&b, d.String())
			b.WriteString(`</span></li>`)
		} else {
			b.WriteString(`<li><button type="button" class="diag" data-line="` + strconv.Itoa(d.Line) + `" data-severity="` + sev + `"` + widget.RovingTabindex(i) + `>` + label)
			widget.SentenceHTML(&b, d.String())
			b.WriteString(`</button></li>`)
		}
		out[i] = b.String()
	}
	return out
}

// sitemapItems is each sitemap line as a list item.
func sitemapItems(maps []engine.Sitemap) []string {
	out := make([]string, len(maps))
	for i, m := range maps {
		out[i] = `<li><code>` + browser.EscapeHTML(m.URL) + `</code> (line ` + strconv.Itoa(m.Line) + `)</li>`
	}
	return out
}
