package engine

import (
	"fmt"
	"strings"
	"testing"

	"robotstester/engine/catalogue"
	"robotstester/engine/sharedtest"
)

// Every cell of a matrix is what TestCrawler (or Test, for a typed token)
// says for that crawler and URL, for every preset, on the corpus lists.
func TestMatrixCellsEqualPerCrawlerTest(t *testing.T) {
	typed := []Column{TokenColumn("Unnamedbot"), TokenColumn("googlebot"), TokenColumn("Googlebot/2.1"), TokenColumn("")}
	for _, l := range sharedtest.CorpusLists(t) {
		r := Parse(l.Body)
		for _, p := range catalogue.Presets() {
			cols := append(PresetColumns(p), typed...)
			m := r.Matrix(l.URLs, cols)
			for c, col := range cols {
				for u, url := range l.URLs {
					want := TestColumn(r, col, url)
					if col.Catalogue {
						cr, _ := catalogue.FindCrawler(col.Name)
						if w := r.TestCrawler(cr, url); w.Allowed != want.Allowed || w.Line != want.Line {
							t.Fatalf("%s: TestColumn and TestCrawler disagree for %s %s", l.File, col.Name, url)
						}
					} else if w := r.Test(col.Name, url); w.Allowed != want.Allowed || w.Line != want.Line {
						t.Fatalf("%s: TestColumn and Test disagree for %q %s", l.File, col.Name, url)
					}
					got := m.Cell(u, c)
					if whole := m.Column(c)[u]; whole != got {
						t.Fatalf("%s, %s, %s: the column read whole says %+v, the cell %+v", l.File, col.Name, url, whole, got)
					}
					if got.Allowed != want.Allowed || got.Line != want.Line || got.Reason != want.Reason {
						t.Fatalf("%s, preset %s, %s, %s: cell %+v, Test says allowed %v line %d reason %v",
							l.File, p.ID, col.Name, url, got, want.Allowed, want.Line, want.Reason)
					}
				}
				root := TestColumn(r, col, "/")
				if got := m.Root(col.index(cols)); got.Allowed != root.Allowed || got.Line != root.Line {
					t.Fatalf("%s: %s: root %+v, Test says %v line %d", l.File, col.Name, got, root.Allowed, root.Line)
				}
			}
		}
	}
}

func (c Column) index(cols []Column) int {
	for i := range cols {
		if cols[i].Name == c.Name {
			return i
		}
	}
	return -1
}

// Crawlers that obey the same groups share one pass.
func TestMatrixSharesPassesBetweenCrawlersOfTheSameGroups(t *testing.T) {
	r := Parse([]byte("User-agent: *\nDisallow: /private\n\nUser-agent: GPTBot\nUser-agent: ClaudeBot\nDisallow: /\n\nUser-agent: AdsBot-Google\nAllow: /\n"))
	all, _ := catalogue.FindPreset("all")
	m := r.Matrix([]string{"/", "/private/x", "/public"}, PresetColumns(all))
	// Sets: * ; GPTBot+ClaudeBot (one group) ; AdsBot ; none (crawlers
	// ignoring * or robots.txt).
	if m.Sets != 4 {
		t.Errorf("%d crawlers made %d passes, want 4 (*, the GPTBot/ClaudeBot group, AdsBot's, none)", len(m.Columns), m.Sets)
	}
	gpt, claude := ColumnFor("GPTBot").index(m.Columns), ColumnFor("ClaudeBot").index(m.Columns)
	if m.Set(gpt) != m.Set(claude) {
		t.Error("GPTBot and ClaudeBot obey the same group but were tested separately")
	}
	if got := m.Obeys[gpt].Label(); got != "GPTBot (line 4)" {
		t.Errorf("GPTBot's header says %q, want GPTBot (line 4)", got)
	}
	if got := m.Obeys[ColumnFor("Bingbot").index(m.Columns)].Label(); got != "* (line 1)" {
		t.Errorf("Bingbot's header says %q, want * (line 1)", got)
	}
	if got := m.Obeys[ColumnFor("Mediapartners-Google").index(m.Columns)].Label(); got != "none" {
		t.Errorf("Mediapartners-Google's header says %q, want none", got)
	}
	if a, b := m.Counts(gpt); a != 0 || b != 3 {
		t.Errorf("GPTBot: %d allowed, %d blocked; want 0, 3", a, b)
	}
	if m.Root(gpt).Allowed || !m.Root(ColumnFor("Bingbot").index(m.Columns)).Allowed {
		t.Error("the site root should be blocked for GPTBot and allowed for Bingbot")
	}
}

func TestPresetsHoldTheCrawlersTheIssueNames(t *testing.T) {
	want := map[string][]string{
		"google": {"Googlebot", "Googlebot-Image", "Googlebot-News", "Googlebot-Video", "Storebot-Google", "AdsBot-Google", "Mediapartners-Google", "Google-Extended", "GoogleOther"},
		"ai":     {"GPTBot", "OAI-SearchBot", "ChatGPT-User", "ClaudeBot", "Claude-User", "PerplexityBot", "CCBot", "Google-Extended", "Applebot-Extended", "Bytespider", "meta-externalagent", "Amazonbot"},
		"search": {"Googlebot", "bingbot", "DuckDuckBot", "YandexBot", "Baiduspider"},
	}
	for id, tokens := range want {
		p, ok := catalogue.FindPreset(id)
		if !ok {
			t.Fatalf("no preset %q", id)
		}
		have := map[string]bool{}
		for _, c := range PresetColumns(p) {
			have[strings.ToLower(c.Tokens[0])] = true
		}
		for _, tok := range tokens {
			if !have[strings.ToLower(tok)] {
				t.Errorf("preset %s lacks %s", id, tok)
			}
		}
	}
	if all, _ := catalogue.FindPreset("all"); len(all.Crawlers) != len(catalogue.Crawlers()) {
		t.Errorf("preset all has %d crawlers, the catalogue %d", len(all.Crawlers), len(catalogue.Crawlers()))
	}
}

// BenchmarkMatrix is the matrix recompute the page runs after an edit: 1,000
// URLs for the whole catalogue, on a file that names a dozen AI crawlers.
func BenchmarkMatrix(b *testing.B) {
	var body strings.Builder
	body.WriteString("User-agent: *\nDisallow: /admin/\nDisallow: /*?session=\nAllow: /admin/public\n\n")
	for _, tok := range []string{"GPTBot", "ClaudeBot", "CCBot", "Bytespider", "PerplexityBot", "Google-Extended", "Applebot-Extended", "meta-externalagent", "Amazonbot", "cohere-ai", "OAI-SearchBot", "ChatGPT-User"} {
		fmt.Fprintf(&body, "User-agent: %s\nDisallow: /\nAllow: /blog/\n\n", tok)
	}
	body.WriteString("User-agent: Googlebot\nDisallow: /search\nDisallow: /*.pdf$\n\nUser-agent: bingbot\nCrawl-delay: 5\nDisallow: /search\n")
	r := Parse([]byte(body.String()))
	urls := make([]string, 1000)
	for i := range urls {
		urls[i] = fmt.Sprintf("https://example.com/%s/%d?page=%d", []string{"blog", "admin", "search", "shop", "docs"}[i%5], i, i%7)
	}
	all, _ := catalogue.FindPreset("all")
	cols := PresetColumns(all)[:65]
	b.ReportAllocs()
	var m *Matrix
	for b.Loop() {
		m = r.Matrix(urls, cols)
	}
	b.ReportMetric(float64(len(urls)*len(cols))*float64(b.N)/b.Elapsed().Seconds(), "cells/s")
	b.ReportMetric(float64(m.Sets), "passes/url")
}

// A matrix cell decides as Test does on any file and URL: the fast path
// (decide) keeps no trace, so this is its check on inputs no corpus holds.
func FuzzMatrixEqualsTest(f *testing.F) {
	f.Add([]byte("User-agent: *\nDisallow: /\nAllow: /$\nAllow: /index.html\n"), "/")
	f.Add([]byte("user-agent: GPTBot\ndisallow: /*.pdf$\nallow: /a\nallow:\ndisallow:\n"), "/a.pdf")
	f.Add([]byte("User-agent: FooBot\nUser-agent: *\nAllow: /p\nDisallow: /p\n"), "/p?q=1")
	f.Add([]byte("User-agent: Googlebot\nDisallow: /dir/\nAllow: /dir/index.html\n"), "/dir/")
	cols := append(PresetColumns(catalogue.Preset{Crawlers: []string{"Googlebot Image", "GPTBot", "AdsBot", "Feedfetcher"}}), TokenColumn("FooBot"))
	f.Fuzz(func(t *testing.T, body []byte, url string) {
		r := Parse(body)
		m := r.Matrix([]string{url}, cols)
		for c, col := range cols {
			want := TestColumn(r, col, url)
			if got := m.Cell(0, c); got.Allowed != want.Allowed || got.Line != want.Line || got.Reason != want.Reason {
				t.Fatalf("%s, %q: cell %+v, Test allowed %v line %d reason %v", col.Name, url, got, want.Allowed, want.Line, want.Reason)
			}
		}
	})
}

func TestObeysLabelsAndSentences(t *testing.T) {
	r := Parse([]byte("User-agent: *\nDisallow: /a\n\nUser-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nDisallow: /b\n" +
		"User-agent: gptbot\nAllow: /x\nUser-agent: GPTBot\nAllow: /y\nUser-agent: GPTBot\nAllow: /z\n"))
	cols := []Column{ColumnFor("GPTBot"), TokenColumn("Otherbot"), ColumnFor("AdsBot")}
	m := r.Matrix(nil, cols)
	tests := []struct{ label, sentence string }{
		{"GPTBot (lines 4, 9, 11, +1 more)", "GPTBot obeys the groups naming `GPTBot` at lines 4, 9, 11, +1 more."},
		{"* (lines 1, 7)", "Otherbot obeys the * groups at lines 1, 7: no group names it."},
		{"none", "AdsBot obeys no group: none names it, and it ignores the * group."},
	}
	for i, tt := range tests {
		if got := m.Obeys[i].Label(); got != tt.label {
			t.Errorf("%s: label %q, want %q", cols[i].Name, got, tt.label)
		}
		if got := m.Obeys[i].Sentence(cols[i].Name); got != tt.sentence {
			t.Errorf("%s: sentence %q, want %q", cols[i].Name, got, tt.sentence)
		}
	}
	if s := Parse([]byte("User-agent: GPTBot\nDisallow: /\n")).Matrix(nil, cols[1:2]).Obeys[0].Sentence("Otherbot"); s != "Otherbot obeys no group: none names it and there is no * group, so every URL is allowed." {
		t.Errorf("no * group: %q", s)
	}
}
