//go:build js && wasm

package main

import (
	"slices"
	"strconv"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/prop"

	"robotstester/engine"
)

// ReadersView shows each URL of the list as every reader decides it (the
// engine's readers: Google's and the parsers other crawlers run), rows
// where they disagree first, each disagreement told in the reader's own
// sentence. The engine decides and explains; this only lays it out.
type ReadersView struct {
	vecty.Core
}

// maxReaderRows bounds the URLs the view tests with every reader: the
// first ones of a long list are enough to see where readers part.
const maxReaderRows = 200

// readerCache keeps what the view shows between renders: each reader's
// parse of the file, redone when the file changes, and the rows, redone
// when the results are (store.generation).
var readerCache struct {
	robots     *engine.Robots
	files      []engine.ReaderFile
	generation int
	rows       []engine.ReaderRow

	linted   *engine.Robots
	lint     engine.Diagnostics
	withPort engine.Diagnostics // lint and the findings

	// The portability findings of found.
	found    *engine.Robots
	findings []engine.PortabilityFinding
}

// portabilityOf is engine.Portability(r), computed once per parse.
func portabilityOf(r *engine.Robots) []engine.PortabilityFinding {
	c := &readerCache
	if c.found != r {
		c.found, c.findings = r, engine.Portability(r)
	}
	return c.findings
}

// readerRows returns the rows to show, computed again when the file or
// the results have changed.
func readerRows() []engine.ReaderRow {
	computeReaderRows()
	return readerCache.rows
}

// computeReaderRows compares every reader on the first maxReaderRows URLs,
// as the results table tests them (the URL a browser would send), for the
// crawler or token picked.
func computeReaderRows() {
	s := store
	c := &readerCache
	if c.robots != s.robots {
		c.robots, c.files, c.generation = s.robots, engine.ParseAll(s.cut.Body, s.robots), -1
	}
	if c.generation == s.generation {
		return
	}
	urls := make([]string, 0, min(len(s.rows), maxReaderRows))
	for _, r := range s.rows[:min(len(s.rows), maxReaderRows)] {
		urls = append(urls, r.Result.URL)
	}
	var crawler *engine.Crawler
	if cr, ok := pickedCrawler(s.in); ok {
		crawler = &cr
	}
	c.rows, c.generation = engine.CompareReaders(c.files, crawler, s.in.Token, urls, portabilityOf(s.robots)), s.generation
}

// withPortability adds to the lint findings the lines other readers read
// differently (engine.Portability), computed once per linted parse.
func withPortability(lint engine.Diagnostics, linted *engine.Robots) engine.Diagnostics {
	c := &readerCache
	if linted == nil {
		return lint
	}
	if c.linted != linted || !slices.Equal(c.lint, lint) {
		all := append(engine.Diagnostics(nil), lint...)
		for _, f := range portabilityOf(linted) {
			all = append(all, f.Diagnostic)
		}
		all.Sort()
		c.linted, c.lint, c.withPort = linted, lint, all
	}
	return c.withPort
}

func (v *ReadersView) Render() vecty.ComponentOrHTML {
	s := store
	rows := readerRows()
	ids := engine.Readers()
	head := vecty.List{elem.TableHeader(vecty.Markup(vecty.Attribute("scope", "col")), vecty.Text("URL"))}
	for _, id := range ids {
		info, _ := engine.DescribeReader(id)
		head = append(head, elem.TableHeader(
			vecty.Markup(vecty.Attribute("scope", "col"), vecty.Attribute("title", info.Exact), vecty.Data("reader", id)),
			vecty.Text(info.Name),
		))
	}
	body := vecty.List{}
	differing := 0
	for _, r := range rows {
		agree := r.Agree()
		if !agree {
			differing++
		}
		cells := vecty.List{elem.TableHeader(vecty.Markup(vecty.Attribute("scope", "row"), vecty.Class("reader-url")), elem.Code(vecty.Text(r.URL)))}
		for _, res := range r.Results {
			cells = append(cells, readerCell(res))
		}
		body = append(body, elem.TableRow(vecty.Markup(vecty.Class("reader-row"), vecty.Data("agree", strconv.FormatBool(agree))), cells))
		if !agree {
			body = append(body, elem.TableRow(
				vecty.Markup(vecty.Class("reader-why")),
				elem.TableData(vecty.Markup(vecty.Attribute("colspan", strconv.Itoa(len(ids)+1))),
					elem.UnorderedList(sentences(r.Disagreements)),
				),
			))
		}
	}
	summary := "Every reader agrees on all " + count(len(rows), "URL") + "."
	switch {
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
		vecty.If(len(s.rows) > maxReaderRows, elem.Paragraph(vecty.Markup(vecty.Class("help")),
			vecty.Text("Showing the first "+strconv.Itoa(maxReaderRows)+" of "+count(len(s.rows), "URL")+"."))),
		elem.Div(vecty.Markup(vecty.Class("table-wrap")),
			elem.Table(vecty.Markup(prop.ID("readers-table")),
				elem.TableHead(elem.TableRow(head)),
				elem.TableBody(body),
			),
		),
	)
}

// readerCell is one reader's verdict: word and symbol (not colour alone)
// and the deciding line.
func readerCell(res engine.ReaderResult) *vecty.HTML {
	verdict, word := "allowed", "allowed"
	switch {
	case res.Failed:
		verdict, word = "failed", "fails"
	case !res.Allowed:
		verdict, word = "blocked", "blocked"
	}
	return elem.TableData(
		vecty.Markup(vecty.Class("verdict"), vecty.Data("verdict", verdict), vecty.Data("reader", res.Reader), vecty.Attribute("title", res.Why)),
		vecty.Text(word),
		vecty.If(res.Line > 0, elem.Span(vecty.Markup(vecty.Class("note")), vecty.Text(" line "+strconv.Itoa(res.Line)))),
	)
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
