//go:build js && wasm

package readers

import (
	otherreaders "robotstester/engine/readers"
	"strconv"
	"strings"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/prop"
	"robotstester/wasm/browser"
	"robotstester/wasm/model"
	"robotstester/wasm/store"
	"robotstester/wasm/widget"
)

// ReadersView, the Readers tab (views.go), shows each URL of the list as
// every reader decides it (the engine's readers: Google's and the parsers
// other crawlers run), rows where they disagree first, each disagreement
// told in one sentence, and over the whole list how many URLs each reader
// reads otherwise than Google. The engine decides and explains
// (otherreaders.ParseAll, CompareReader, ReaderTally); this only schedules the
// comparison, a slice at a time while its tab is open, and lays it out in
// a virtual table (virtual.go), so a list of a million URLs keeps about a
// hundred rows in the page.
type ReadersView struct {
	vecty.Core
	table *ReadersTable // made once per time the view is in the page
}

// readersShown is the Readers view while it is in the page, for the
// renders of a long comparison's progress (the rest of the page is
// unchanged then).
var readersShown []vecty.Component

func (v *ReadersView) Mount()   { readersShown = []vecty.Component{v} }
func (v *ReadersView) Unmount() { readersShown = nil }

func (v *ReadersView) Render() vecty.ComponentOrHTML {
	s, r := store.Page, &readers
	r.sync()
	if v.table == nil {
		// One table while the view shows, so that the rows written into
		// it (ReaderTable) stay across renders.
		v.table = &ReadersTable{}
	}
	n, total := r.compared, r.list.Len()
	summary := "Every reader agrees on all " + model.URLCount(total) + "."
	switch {
	case total == 0:
		summary = "List URLs (one per line, under URLs to test) to see how each reader decides them."
	case r.running():
		summary = "Comparing the readers: " + model.Number(n) + " of " + model.URLCount(total) + " (" + model.Percent(n, total) + "), " +
			model.Number(r.tally.Disagree) + " read differently so far; they come first."
	case r.cancelled:
		summary = "Stopped after " + model.Number(n) + " of " + model.URLCount(total) + ": the rows and counts cover those only. " +
			model.Number(r.tally.Disagree) + " are read differently. Compare the rest to cover the whole list."
	case r.tally.Disagree > 0:
		summary = model.Number(r.tally.Disagree) + " of " + model.URLCount(total) + " are read differently by some reader; they come first."
	}
	return elem.Section(
		vecty.Markup(prop.ID("readers-section"), vecty.Attribute("aria-labelledby", "readers-title")),
		elem.Heading2(vecty.Markup(prop.ID("readers-title")), vecty.Text("Other readers")),
		elem.Paragraph(vecty.Markup(vecty.Class("help")), vecty.Text(
			"Googlebot runs Google's parser; most other crawlers do not. Each URL below is decided by every reader, exactly as its real code does (or, for Bing, Yandex and RFC 9309, as their published rules say).")),
		vecty.If(crawlerReading(s.In) != "", elem.Paragraph(vecty.Markup(prop.ID("crawler-reader")), widget.Sentence(crawlerReading(s.In)))),
		elem.Div(
			vecty.Markup(vecty.Class("summary-line")),
			elem.Paragraph(vecty.Markup(prop.ID("readers-summary"), vecty.Attribute("role", "status"),
				vecty.Attribute("aria-busy", strconv.FormatBool(r.running() && total > 0)),
				vecty.Data("compared", strconv.Itoa(n)), vecty.Data("done", strconv.FormatBool(r.done())), vecty.Data("by", r.by),
				// For the benchmarks: the comparison's time and its longest slice.
				vecty.Data("ms", strconv.FormatInt(r.elapsed.Milliseconds(), 10)), vecty.Data("longestSliceMs", strconv.FormatFloat(float64(r.longest.Microseconds())/1000, 'f', 1, 64))),
				vecty.Text(summary)),
			vecty.If(r.running() && total > 0, elem.Progress(vecty.Markup(prop.ID("readers-progress"),
				vecty.Attribute("max", total), vecty.Attribute("value", n), vecty.Attribute("aria-label", "URLs compared")))),
			vecty.If(r.running() && total > 0, browser.Button("readers-cancel", "Stop comparing", r.cancel)),
			vecty.If(r.cancelled, browser.Button("readers-resume", "Compare the rest", r.resume)),
		),
		readerTally(r),
		elem.Paragraph(vecty.Markup(vecty.Class("help")),
			vecty.Text("Select a row (click, or Tab to the table and use the arrow keys, Page Up, Page Down, Home and End) to see every reader's reason.")),
		v.table,
		&ReadersWhy{},
	)
}

// readerTally is, for each reader but Google's, how many URLs of those
// compared it decides otherwise than Google, and how many it fails on.
func readerTally(r *readerRun) vecty.ComponentOrHTML {
	if r.tally.URLs == 0 {
		return nil
	}
	rows := vecty.List{}
	for k, f := range r.files[1:] {
		k++
		info, _ := otherreaders.DescribeReader(f.Reader())
		differ := r.tally.Differ[k]
		rows = append(rows, elem.TableRow(vecty.Markup(vecty.Data("reader", info.ID), vecty.Data("differ", strconv.Itoa(differ))),
			elem.TableHeader(vecty.Markup(vecty.Attribute("scope", "row"), vecty.Attribute("title", info.Exact)), vecty.Text(info.Name)),
			elem.TableData(vecty.Markup(vecty.Class("count")), vecty.Text(model.URLCount(differ)+" ("+model.Percent(differ, r.tally.URLs)+")")),
			elem.TableData(vecty.Markup(vecty.Class("count")), vecty.Text(model.URLCount(r.tally.Failed[k]))),
		))
	}
	caption := "How often each reader decides otherwise than Google, over " + model.URLCount(r.tally.URLs)
	if !r.done() {
		caption += " compared so far"
	}
	return elem.Div(vecty.Markup(vecty.Class("table-wrap", "summary-wrap"), widget.ScrollRegion("How often each reader decides otherwise than Google")),
		elem.Table(vecty.Markup(prop.ID("readers-tally")),
			elem.Caption(vecty.Text(caption)),
			elem.TableHead(elem.TableRow(
				elem.TableHeader(vecty.Markup(vecty.Attribute("scope", "col")), vecty.Text("Reader")),
				elem.TableHeader(vecty.Markup(vecty.Attribute("scope", "col")), vecty.Text("Decides otherwise than Google")),
				elem.TableHeader(vecty.Markup(vecty.Attribute("scope", "col")), vecty.Text("Fails on (fetches nothing)")),
			)),
			elem.TableBody(rows),
		))
}

// codeHTML is sentence's rendering as HTML: the sentence escaped, its
// backticked values as code.
func codeHTML(s string) string {
	parts := strings.Split(s, "`")
	if len(parts)%2 == 0 {
		return browser.EscapeHTML(s)
	}
	var b strings.Builder
	for i, p := range parts {
		if i%2 == 1 {
			b.WriteString("<code>" + browser.EscapeHTML(p) + "</code>")
		} else {
			b.WriteString(browser.EscapeHTML(p))
		}
	}
	return b.String()
}

// crawlerReading says which reader the picked crawler runs.
func crawlerReading(in model.Saved) string {
	c, ok := model.PickedCrawler(in)
	if !ok {
		return ""
	}
	r := otherreaders.ReaderOf(c)
	if r.Reader == "" {
		return r.Note
	}
	info, _ := otherreaders.DescribeReader(r.Reader)
	s := c.Name + " runs the " + info.Name + " reader"
	if r.Assumed {
		s += " (assumed)"
	}
	return s + ": " + r.Note
}
