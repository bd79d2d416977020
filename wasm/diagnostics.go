//go:build js && wasm

package main

import (
	"slices"
	"strconv"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"robotstester/engine"
)

// maxListed bounds the findings listed as buttons: a 500 KiB file can have
// thousands, and the first ones are the ones to fix first. The counts and
// the gutter markers still cover them all.
const maxListed = 300

// severityIcon pairs each severity with a symbol, so the severity is told by
// shape and word, not by colour alone.
var severityIcon = map[engine.Severity]string{
	engine.SeverityError:   "⛔",
	engine.SeverityWarning: "⚠",
	engine.SeverityInfo:    "ℹ",
}

// Diagnostics lists what the engine found in the file (the fetch limit's
// cut among it, as Lint's file-too-large finding) and the sitemaps.
type Diagnostics struct {
	vecty.Core
}

func (d *Diagnostics) Mount() { diagnosticsShown = d }

func (d *Diagnostics) Render() vecty.ComponentOrHTML {
	lintN, mapsN := listedSoFar()
	return elem.Section(
		vecty.Markup(prop.ID("diagnostics"), vecty.Attribute("aria-labelledby", "diag-title")),
		&Findings{Lint: store.lint, Sitemaps: store.linted.Sitemaps, Coverage: coverage(store.lintedCut), LintN: lintN, MapsN: mapsN},
		vecty.If(len(store.others) > 0, &OtherFindings{Found: store.others}),
	)
}

// Findings renders the findings and sitemaps of the linted parse. It is
// skipped while they read the same, as they do
// after most edits: hundreds of findings are thousands of DOM properties
// for Vecty to compare.
type Findings struct {
	vecty.Core
	Lint     engine.Diagnostics `vecty:"prop"`
	Sitemaps []engine.Sitemap   `vecty:"prop"`
	Coverage string             `vecty:"prop"` // which lines the findings cover, "" for the whole file
	LintN    int                `vecty:"prop"` // how many findings are listed so far (listedSoFar)
	MapsN    int                `vecty:"prop"` // and how many sitemaps
}

// diagnosticsShown is the Diagnostics in the page, rendered again as its
// lists grow.
var diagnosticsShown *Diagnostics

// findingsFill is how far the lists of the lint last shown have grown: a
// long list gains findingsBatch items a task, so no render of it holds the
// page (300 findings and 175 sitemaps at once took 150 to 280 ms the first
// time in a page, BenchmarkBrowserAutosave's trace).
var findingsFill struct {
	of           *engine.Robots     // the parse the lists are of (store.linted)
	lint         engine.Diagnostics // its findings
	lintN, mapsN int                // how many of them, and of its sitemaps, are listed
	growing      bool
}

const findingsBatch = 40

// listedSoFar is how many findings and how many sitemaps the lists show
// now; while that is fewer than they hold, the next task shows more.
//
// A new lint keeps the items that read as they did, at the same places,
// and rewrites at most findingsBatch of the others in each list at once:
// after most edits every item is as it was, and none is written again;
// after a line is added at the top, every line number moves, and the lists
// grow back a batch a task.
func listedSoFar() (lintN, mapsN int) {
	c := &findingsFill
	if c.of != store.linted {
		var maps []engine.Sitemap
		if c.of != nil {
			maps = c.of.Sitemaps
		}
		grow := func(shown, kept int) int { return max(findingsBatch, min(shown, kept+findingsBatch)) }
		c.lintN = grow(c.lintN, alikeShown(listed(c.lint), listed(store.lint), c.lintN))
		c.mapsN = grow(c.mapsN, alikeShown(maps, store.linted.Sitemaps, c.mapsN))
		c.of, c.lint = store.linted, store.lint
	}
	if (c.lintN < min(len(store.lint), maxListed) || c.mapsN < len(store.linted.Sitemaps)) && !c.growing {
		c.growing = true
		nextTask(func() {
			c.growing = false
			if c.of == store.linted && diagnosticsShown != nil {
				c.lintN += findingsBatch
				c.mapsN += findingsBatch
				renderNow(diagnosticsShown)
			}
		})
	}
	return c.lintN, c.mapsN
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

func (f *Findings) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*Findings)
	return ok && slices.Equal(p.Lint, f.Lint) && slices.Equal(p.Sitemaps, f.Sitemaps) && p.Coverage == f.Coverage && p.LintN == f.LintN && p.MapsN == f.MapsN
}

func (f *Findings) Render() vecty.ComponentOrHTML {
	errs, warns, infos := f.Lint.Counts()
	items := vecty.List{}
	for i, d := range listed(f.Lint) {
		if i == min(maxListed, f.LintN) {
			break
		}
		items = append(items, &Finding{Diagnostic: d})
	}
	maps := make(vecty.List, min(len(f.Sitemaps), f.MapsN))
	for i, m := range f.Sitemaps[:len(maps)] {
		maps[i] = &SitemapItem{Sitemap: m}
	}
	return elem.Div(
		elem.Heading3(vecty.Markup(prop.ID("diag-title")), vecty.Text("Findings")),
		elem.Paragraph(
			vecty.Markup(prop.ID("diag-counts")),
			vecty.Text(count(errs, "error")+", "+count(warns, "warning")+", "+count(infos, "note")),
		),
		vecty.If(f.Coverage != "", elem.Paragraph(vecty.Markup(prop.ID("diag-coverage"), vecty.Class("help")), vecty.Text(f.Coverage))),
		vecty.If(len(f.Lint) == 0, elem.Paragraph(vecty.Markup(vecty.Class("help")), vecty.Text("Nothing to report: Google reads this file as written."))),
		vecty.If(len(items) > 0, elem.UnorderedList(vecty.Markup(vecty.Class("findings")), items)),
		vecty.If(len(f.Lint) > maxListed, elem.Paragraph(
			vecty.Markup(vecty.Class("help")),
			vecty.Text("Showing the first "+strconv.Itoa(maxListed)+" of "+strconv.Itoa(len(f.Lint))+" findings; the gutter marks every line that has one."),
		)),
		elem.Heading3(vecty.Text("Sitemaps")),
		vecty.If(len(maps) == 0, elem.Paragraph(vecty.Markup(vecty.Class("help")), vecty.Text("No sitemap lines."))),
		elem.UnorderedList(vecty.Markup(prop.ID("sitemaps")), maps),
	)
}

// SitemapItem is one item of the sitemaps list, re-rendered only when the
// sitemap at its place changes, as a Finding is.
type SitemapItem struct {
	vecty.Core
	Sitemap engine.Sitemap `vecty:"prop"`
}

func (m *SitemapItem) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*SitemapItem)
	return ok && p.Sitemap == m.Sitemap
}

func (m *SitemapItem) Render() vecty.ComponentOrHTML {
	return elem.ListItem(
		elem.Code(vecty.Text(m.Sitemap.URL)),
		vecty.Text(" (line "+strconv.Itoa(m.Sitemap.Line)+")"),
	)
}

// OtherFindings lists, under Google's findings, the lines that other
// readers read otherwise (portabilityDiagnostics, at most 20 a kind), each
// naming them. It is skipped while they read the same, as they do after
// most edits.
type OtherFindings struct {
	vecty.Core
	Found engine.Diagnostics `vecty:"prop"`
}

func (o *OtherFindings) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*OtherFindings)
	return ok && slices.Equal(p.Found, o.Found)
}

func (o *OtherFindings) Render() vecty.ComponentOrHTML {
	items := make(vecty.List, len(o.Found))
	for i, d := range o.Found {
		items[i] = &Finding{Diagnostic: d}
	}
	return elem.Div(
		vecty.Markup(prop.ID("portability")),
		elem.Heading3(vecty.Text("Other readers")),
		elem.UnorderedList(vecty.Markup(vecty.Class("findings-other")), items),
	)
}

// listed is the findings in the order the list shows them: the engine's
// (by line), except that the cut (file-too-large) comes first wherever its
// line is. It concerns the whole file, and in a file with hundreds of
// findings it would otherwise fall past the maxListed shown.
func listed(l engine.Diagnostics) engine.Diagnostics {
	for i, d := range l {
		if d.Code == "file-too-large" {
			out := make(engine.Diagnostics, 0, len(l))
			out = append(out, d)
			out = append(out, l[:i]...)
			return append(out, l[i+1:]...)
		}
	}
	return l
}

// Finding is one item of the findings list, re-rendered only when the
// diagnostic at its place changes: an edit that changes one finding leaves
// the others' elements and click handlers alone. (Keyed components would
// also survive a finding added above them, but Vecty v0.6.0 panics removing
// keyed components from a list.)
type Finding struct {
	vecty.Core
	Diagnostic engine.Diagnostic `vecty:"prop"`
}

func (f *Finding) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*Finding)
	return ok && p.Diagnostic == f.Diagnostic
}

func (f *Finding) Render() vecty.ComponentOrHTML {
	return elem.ListItem(finding(f.Diagnostic))
}

// finding is one diagnostic; those about a line are buttons that take the
// editor there.
func finding(d engine.Diagnostic) vecty.ComponentOrHTML {
	sev := d.Severity.String()
	label := elem.Span(
		vecty.Markup(vecty.Class("severity", sev)),
		elem.Span(vecty.Markup(vecty.Attribute("aria-hidden", "true")), vecty.Text(severityIcon[d.Severity]+" ")),
		vecty.Text(sev+": "),
	)
	if d.Line == 0 {
		return elem.Span(vecty.Markup(vecty.Class("diag", "whole-file")), label, sentence(d.String()))
	}
	line := d.Line
	return elem.Button(
		vecty.Markup(
			prop.Type(prop.TypeButton),
			vecty.Class("diag"),
			vecty.Data("line", strconv.Itoa(line)),
			vecty.Data("severity", sev),
			event.Click(func(*vecty.Event) {
				store.focusOn(line)
				goToLine(line)
			}),
		),
		label,
		sentence(d.String()),
	)
}

// coverage says which lines the findings of a file cut by Googlebot's
// 500 KiB read cover, "" when nothing is cut. The findings for lines past
// the cut are left out (engine.LintCut), and the page says so.
func coverage(c engine.Cut) string {
	if !c.Truncated {
		return ""
	}
	read, partly := c.Line, ""
	switch {
	case c.MidLine:
		partly = " (line " + strconv.Itoa(c.Line) + " only up to column " + strconv.Itoa(c.Col-1) + ")"
	case c.FirstDroppedLine == c.Line:
		read = c.Line - 1
	}
	lines := "lines 1–" + strconv.Itoa(read)
	if read == 1 {
		lines = "line 1"
	}
	out := "These findings cover " + lines + partly + ", the first 500 KiB, which is all Googlebot reads"
	switch {
	case c.FirstDroppedLine == 0:
		return out + "."
	case c.FirstDroppedLine == c.LastLine:
		return out + "; line " + strconv.Itoa(c.LastLine) + ", past the cut, is left out: Googlebot ignores it."
	}
	return out + "; lines " + strconv.Itoa(c.FirstDroppedLine) + "–" + strconv.Itoa(c.LastLine) + ", past the cut, are left out: Googlebot ignores them."
}

// count: "1 error", "0 warnings".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
