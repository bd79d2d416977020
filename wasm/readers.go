//go:build js && wasm

package main

import (
	"strconv"
	"strings"
	"syscall/js"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/prop"

	"robotstester/engine"
)

// ReadersView, the Readers tab (views.go), shows each URL of the list as
// every reader decides it (the engine's readers: Google's and the parsers
// other crawlers run), rows where they disagree first, each disagreement
// told in one sentence. The engine decides and explains; this only lays it
// out, and only while its tab is open.
type ReadersView struct {
	vecty.Core
}

// maxReaderRows bounds the URLs the view tests with every reader: the
// first ones of a long list are enough to see where readers part.
const maxReaderRows = 200

// readerCache keeps what the view shows between renders: each reader's
// parse of the file, redone when the file changes, and the rows, redone
// when the results are (store.generation). The rows are computed after the
// results show, a slice of URLs a task, so that a large file keeps the
// page responsive.
var readerCache struct {
	robots     *engine.Robots
	files      []engine.ReaderFile
	generation int // of rows
	rows       []engine.ReaderRow

	working int                // the generation being computed, 0 for none
	done    []engine.ReaderRow // its rows so far, in URL order

	linted      *engine.Robots
	portability engine.Diagnostics // the findings of linted

	// The portability findings of found.
	found    *engine.Robots
	findings []engine.PortabilityFinding
}

// readerSlice is how long, in milliseconds, one task compares readers
// before it lets the page respond.
const readerSlice = 25

// portabilityOf is engine.Portability(r), computed once per parse.
func portabilityOf(r *engine.Robots) []engine.PortabilityFinding {
	c := &readerCache
	if c.found != r {
		c.found, c.findings = r, engine.Portability(r)
	}
	return c.findings
}

// readerRows returns the rows to show and whether they are the current
// results'. When they are not, the comparison runs in later tasks and the
// page renders again when it is done.
func readerRows() ([]engine.ReaderRow, bool) {
	c := &readerCache
	current := c.generation == store.generation
	if !current && c.working != store.generation {
		c.working, c.done = store.generation, nil
		nextTask(compareSlice)
	}
	return c.rows, current
}

// compareSlice compares readers on the next URLs for readerSlice, then
// yields; it starts over when the results change meanwhile.
func compareSlice() {
	if compareReaders(readerSlice) {
		store.changed()
		return
	}
	nextTask(compareSlice)
}

// compareReaders goes on with the comparison for the current results for
// about budget milliseconds (at least one URL) and reports whether it is
// done.
func compareReaders(budget float64) bool {
	s := store
	c := &readerCache
	if c.working != s.generation {
		c.working, c.done = s.generation, nil
	}
	if c.robots != s.robots {
		c.robots, c.files = s.robots, engine.ParseAll(s.cut.Body, s.robots)
	}
	n := min(s.list.Len(), maxReaderRows)
	var crawler *engine.Crawler
	if cr, ok := pickedCrawler(s.in); ok {
		crawler = &cr
	}
	findings := portabilityOf(s.robots)
	clock := js.Global().Get("performance")
	start := clock.Call("now").Float()
	for len(c.done) < n {
		c.done = append(c.done, engine.CompareReader(c.files, crawler, s.in.Token, s.row(len(c.done)).Result.URL, findings))
		if clock.Call("now").Float()-start > budget && len(c.done) < n {
			return false
		}
	}
	c.rows, c.generation, c.working, c.done = engine.DisagreementsFirst(c.done), s.generation, 0, nil
	return true
}

// portabilityDiagnostics is engine.Portability(linted) as findings for the
// lint panel, built once per linted parse.
func portabilityDiagnostics(linted *engine.Robots) engine.Diagnostics {
	c := &readerCache
	if linted == nil {
		return nil
	}
	if c.linted != linted {
		found := portabilityOf(linted)
		c.portability = make(engine.Diagnostics, len(found))
		for i, f := range found {
			c.portability[i] = f.Diagnostic
		}
		c.linted = linted
	}
	return c.portability
}

func (v *ReadersView) Render() vecty.ComponentOrHTML {
	s := store
	rows, current := readerRows()
	differing := 0
	for _, r := range rows {
		if !r.Agree() {
			differing++
		}
	}
	summary := "Every reader agrees on all " + count(len(rows), "URL") + "."
	switch {
	case !current:
		summary = "Comparing the readers…"
	case len(rows) == 0:
		summary = "List URLs to see how each reader decides them."
	case differing > 0:
		summary = strconv.Itoa(differing) + " of " + count(len(rows), "URL") + " are read differently by some reader; they come first."
	}
	return elem.Section(
		vecty.Markup(prop.ID("readers-section"), vecty.Attribute("aria-labelledby", "readers-title")),
		elem.Heading2(vecty.Markup(prop.ID("readers-title")), vecty.Text("Other readers")),
		elem.Paragraph(vecty.Markup(vecty.Class("help")), vecty.Text(
			"Googlebot runs Google's parser; most other crawlers do not. Each URL below is decided by every reader, exactly as its real code does (or, for Bing, Yandex and RFC 9309, as their published rules say).")),
		vecty.If(crawlerReading(s.in) != "", elem.Paragraph(vecty.Markup(prop.ID("crawler-reader")), sentence(crawlerReading(s.in)))),
		elem.Paragraph(vecty.Markup(prop.ID("readers-summary"), vecty.Attribute("role", "status")), vecty.Text(summary)),
		vecty.If(s.list.Len() > maxReaderRows, elem.Paragraph(vecty.Markup(vecty.Class("help")),
			vecty.Text("Showing the first "+strconv.Itoa(maxReaderRows)+" of "+count(s.list.Len(), "URL")+"."))),
		// Up to 200 rows of eight cells: written as HTML, not as Vecty
		// elements, which would cost thousands of DOM comparisons a render
		// (as the results table does, results.go).
		elem.Div(vecty.Markup(vecty.Class("table-wrap"), vecty.UnsafeHTML(readersTable(rows)))),
	)
}

// readersTable is the table's HTML: a header of reader names (their exact
// source as a title), then a row per URL with each reader's verdict as a
// word and a symbol (not colour alone) and its deciding line, and under a
// disagreeing row the reasons.
func readersTable(rows []engine.ReaderRow) string {
	var b strings.Builder
	b.WriteString(`<table id="readers-table"><thead><tr><th scope="col">URL</th>`)
	ids := engine.Readers()
	for _, id := range ids {
		info, _ := engine.DescribeReader(id)
		b.WriteString(`<th scope="col" data-reader="` + id + `" title="` + escapeHTML(info.Exact) + `">` + escapeHTML(info.Name) + `</th>`)
	}
	b.WriteString(`</tr></thead><tbody>`)
	for _, r := range rows {
		b.WriteString(`<tr class="reader-row" data-agree="` + strconv.FormatBool(r.Agree()) + `"><th scope="row" class="reader-url"><code>` + escapeHTML(r.URL) + `</code></th>`)
		for _, res := range r.Results {
			verdict, word := "allowed", "allowed"
			switch {
			case res.Failed:
				verdict, word = "failed", "fails"
			case !res.Allowed:
				verdict, word = "blocked", "blocked"
			}
			b.WriteString(`<td class="verdict" data-verdict="` + verdict + `" data-reader="` + res.Reader + `" title="` + escapeHTML(res.Why) + `">` + word)
			if res.Line > 0 {
				b.WriteString(` <span class="note">line ` + strconv.Itoa(res.Line) + `</span>`)
			}
			b.WriteString(`</td>`)
		}
		b.WriteString(`</tr>`)
		if !r.Agree() {
			b.WriteString(`<tr class="reader-why"><td colspan="` + strconv.Itoa(len(ids)+1) + `"><ul>`)
			for _, why := range r.Disagreements {
				b.WriteString(`<li>` + codeHTML(why) + `</li>`)
			}
			b.WriteString(`</ul></td></tr>`)
		}
	}
	b.WriteString(`</tbody></table>`)
	return b.String()
}

// codeHTML is sentence's rendering as HTML: the sentence escaped, its
// backticked values as code.
func codeHTML(s string) string {
	parts := strings.Split(s, "`")
	if len(parts)%2 == 0 {
		return escapeHTML(s)
	}
	var b strings.Builder
	for i, p := range parts {
		if i%2 == 1 {
			b.WriteString("<code>" + escapeHTML(p) + "</code>")
		} else {
			b.WriteString(escapeHTML(p))
		}
	}
	return b.String()
}

// crawlerReading says which reader the picked crawler runs.
func crawlerReading(in Saved) string {
	c, ok := pickedCrawler(in)
	if !ok {
		return ""
	}
	r := engine.ReaderOf(c)
	if r.Reader == "" {
		return r.Note
	}
	info, _ := engine.DescribeReader(r.Reader)
	s := c.Name + " runs the " + info.Name + " reader"
	if r.Assumed {
		s += " (assumed)"
	}
	return s + ": " + r.Note
}
