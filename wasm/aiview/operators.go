//go:build js && wasm

package aiview

import (
	"strconv"
	"strings"

	"robotstester/engine/ai"
	"robotstester/wasm/browser"
	"robotstester/wasm/model"
	"robotstester/wasm/store"
	"robotstester/wasm/widget"
)

// The rows by operator are the view's largest part: some forty crawlers,
// each with its verdict at / and at up to model.MaxAIURLs URLs, a line
// button for each. They are written as markup, which the browser parses in
// one call, as the Matrix's grid is (matrix.go): made by Vecty, element by
// element, they cost some 15 ms more to render again in Chromium, a third
// of a long task (BenchmarkBrowserAIView). A click on a line button comes
// to the list (Answers.Render).

// operatorsHTML is one row per operator, its crawlers side by side.
func operatorsHTML(au ai.Audit) string {
	index := map[string]int{}
	for i, c := range au.Crawlers {
		index[c.Name] = i
	}
	var b strings.Builder
	for _, op := range model.AIOperators(au) {
		name := browser.EscapeHTML(op.Name)
		b.WriteString(`<li class="ai-operator" data-operator="` + name + `"><h4>` + name + `</h4><ul class="ai-crawlers">`)
		for _, c := range op.Crawlers {
			crawlerHTML(&b, au, index[c.Name], c)
		}
		b.WriteString(`</ul></li>`)
	}
	return b.String()
}

// crawlerHTML is one crawler: its purpose, what it obeys, its verdict at /
// and at each URL listed.
func crawlerHTML(b *strings.Builder, au ai.Audit, i int, c ai.AuditCrawler) {
	obeys := "obeys " + au.Matrix.Obeys[i].Label()
	if len(c.Tokens) == 0 {
		obeys = "no token: ignores robots.txt"
	}
	name := browser.EscapeHTML(c.Name)
	b.WriteString(`<li class="ai-crawler" data-crawler="` + name + `" data-root="` + c.Root() + `" data-line="` + strconv.Itoa(c.Line) +
		`" data-obeys="` + strconv.Itoa(c.Obeys) + `"><strong>` + name + `</strong><span class="ai-purpose"> · ` +
		browser.EscapeHTML(c.Purpose.Label()) + `</span><div class="ai-root">`)
	verdictHTML(b, c.Allowed, c.Line, "/")
	b.WriteString(`<span class="help"> · ` + browser.EscapeHTML(obeys) + `</span></div>`)
	if f, ok := store.AI.FetchedBy(c.Name); ok {
		// A control token governs use: blocking Google-Extended keeps
		// Googlebot, which fetches the pages, in.
		fname := browser.EscapeHTML(f.Name)
		b.WriteString(`<div class="ai-fetcher" data-fetcher="` + fname + `" data-verdict="` + widget.VerdictAttr(f.Result.Allowed) +
			`">governs use, not crawling; ` + fname + ` fetches the pages: `)
		verdictHTML(b, f.Result.Allowed, f.Result.Line, "/")
		b.WriteString(`</div>`)
	}
	if len(c.URLs) > 0 {
		b.WriteString(`<ul class="ai-urls" aria-label="` + name + ` at the URLs listed">`)
		for u, cell := range c.URLs {
			b.WriteString(`<li data-url="` + browser.EscapeHTML(au.URLs[u]) + `" data-verdict="` + widget.VerdictAttr(cell.Allowed) + `">`)
			verdictHTML(b, cell.Allowed, cell.Line, shortURL(au.URLs[u]))
			b.WriteString(`</li>`)
		}
		b.WriteString(`</ul>`)
	}
	b.WriteString(`</li>`)
}

// verdictHTML is a verdict as symbol and word at a path, its deciding line
// a button that shows it in the editor (lineButton's markup).
func verdictHTML(b *strings.Builder, allowed bool, line int, at string) {
	word := "✕ blocked"
	if allowed {
		word = "✓ allowed"
	}
	b.WriteString(`<span class="v" data-verdict="` + widget.VerdictAttr(allowed) + `">` + word + `</span> at ` + browser.EscapeHTML(at) + `, `)
	if line == 0 {
		b.WriteString("no rule")
		return
	}
	n := strconv.Itoa(line)
	b.WriteString(`<button type="button" class="ai-line link-button" data-line="` + n + `" aria-pressed="` +
		strconv.FormatBool(store.AI.Line == line) + `">line ` + n + `</button>`)
}

// shortURL is a listed URL without its scheme and host, which the list
// shares: what a row has room for. The full URL is the item's data-url.
func shortURL(u string) string {
	if _, rest, ok := strings.Cut(u, "://"); ok {
		if i := strings.IndexByte(rest, '/'); i >= 0 {
			return rest[i:]
		}
		return "/"
	}
	return u
}
