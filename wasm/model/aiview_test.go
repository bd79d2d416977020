package model

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"robotstester/engine"
	"robotstester/engine/ai"
	"robotstester/engine/catalogue"
	"robotstester/engine/sharedtest"
)

// The AI view's rows say what the Matrix says: on every corpus file, each
// crawler of each operator's row has the verdict, deciding line and group
// of its column in the Matrix of "All crawlers" (the page's preset), at the
// site root and at each URL shown, and each crawler is in one row once.
func TestAIRowsEqualMatrixOnCorpus(t *testing.T) {
	files := sharedtest.CorpusFiles(t)
	if len(files) != 386 {
		t.Fatalf("%d corpus files, want 386", len(files))
	}
	lists := map[string][]string{}
	for _, l := range sharedtest.CorpusLists(t) {
		lists[l.File] = l.URLs
	}
	preset, ok := catalogue.FindPreset("all")
	if !ok {
		t.Fatal("no preset all")
	}
	cols := engine.PresetColumns(preset)
	colOf := map[string]int{}
	for i, c := range cols {
		colOf[c.Name] = i
	}
	want := engine.AIColumns()
	for _, f := range files {
		body, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(f)
		urls := lists[name]
		if urls == nil {
			urls = []string{"https://example.com/private/x", "/search?q=1", "/wp-admin/"}
		}
		r := engine.Parse(engine.FetchLimit(body).Body)
		au := Audit(r, urls)
		shown := urls[:min(len(urls), MaxAIURLs)]
		m := r.Matrix(shown, cols)
		seen := map[string]bool{}
		for _, op := range AIOperators(au) {
			for _, c := range op.Crawlers {
				if c.Operator != op.Name || seen[c.Name] {
					t.Fatalf("%s: %s in the row of %s (seen before: %v)", name, c.Name, op.Name, seen[c.Name])
				}
				seen[c.Name] = true
				i, ok := colOf[c.Name]
				if !ok {
					t.Fatalf("%s: %s is not a column of the matrix's preset all", name, c.Name)
				}
				root := m.Root(i)
				obeys := 0
				if len(m.Obeys[i].Lines) > 0 {
					obeys = m.Obeys[i].Lines[0]
				}
				if c.Allowed != root.Allowed || c.Line != root.Line || c.Obeys != obeys {
					t.Fatalf("%s: %s at /: the view says allowed=%v line %d obeys %d, the Matrix allowed=%v line %d obeys %d",
						name, c.Name, c.Allowed, c.Line, c.Obeys, root.Allowed, root.Line, obeys)
				}
				if len(c.URLs) != len(shown) {
					t.Fatalf("%s: %s has %d URL cells, want %d", name, c.Name, len(c.URLs), len(shown))
				}
				for u := range shown {
					if got, mc := c.URLs[u], m.Cell(u, i); got.Allowed != mc.Allowed || got.Line != mc.Line {
						t.Fatalf("%s: %s at %s: the view says %+v, the Matrix %+v", name, c.Name, shown[u], got, mc)
					}
				}
			}
		}
		if len(seen) != len(want) {
			t.Fatalf("%s: the rows hold %d crawlers, the audit's columns are %d", name, len(seen), len(want))
		}
		for _, h := range AIHeadlines(au) {
			for _, n := range h.Blocked {
				if m.Root(colOf[n]).Allowed {
					t.Fatalf("%s: the headline counts %s blocked, the Matrix allows it at /", name, n)
				}
			}
			for _, n := range h.Allowed {
				if !m.Root(colOf[n]).Allowed {
					t.Fatalf("%s: the headline counts %s allowed, the Matrix blocks it at /", name, n)
				}
			}
		}
	}
}

// The headline reads as the issue words it, one purpose a phrase, and names
// the control tokens blocked.
func TestAIHeadlines(t *testing.T) {
	au := Audit(engine.Parse([]byte("User-agent: GPTBot\nUser-agent: Google-Extended\nDisallow: /\n")), nil)
	var texts []string
	for _, h := range AIHeadlines(au) {
		texts = append(texts, h.Text)
	}
	got := strings.Join(texts, "; ")
	if !strings.HasPrefix(got, "AI training: 1 of ") || !strings.Contains(got, "AI search: 0 of ") ||
		!strings.HasSuffix(got, "control tokens: Google-Extended blocked") {
		t.Errorf("headline %q", got)
	}
	none := AIHeadlines(Audit(engine.Parse(nil), nil))
	if last := none[len(none)-1]; last.Text != "control tokens: none blocked" {
		t.Errorf("an empty file's last headline is %q", last.Text)
	}
}

// Blocking only Google-Extended leaves Googlebot allowed: the control
// token's row names the crawler that fetches and its verdict.
func TestFetchedByControlToken(t *testing.T) {
	r := engine.Parse([]byte("User-agent: *\nDisallow: /private\n\nUser-agent: Google-Extended\nDisallow: /\n"))
	ext, _ := Audit(r, nil).Crawler("Google-Extended")
	name, res, ok := FetchedBy(r, ext)
	if !ok || name != "Googlebot" || !res.Allowed {
		t.Errorf("Google-Extended is fetched by %q (ok %v), allowed %v; want Googlebot allowed", name, ok, res.Allowed)
	}
	gpt, _ := Audit(r, nil).Crawler("GPTBot")
	if _, _, ok := FetchedBy(r, gpt); ok {
		t.Error("GPTBot, a crawler, is given a fetcher")
	}
}

// A proposal meets its policy and lists exactly the flips it asked for; a
// policy key that is neither a purpose nor an operator is refused with a
// sentence.
func TestProposePolicy(t *testing.T) {
	r := engine.Parse([]byte("User-agent: *\nDisallow: /private\n"))
	p, err := PolicyFrom([]PolicyChoice{{"ai-training", "blocked"}, {"ai-search", ""}, {"OpenAI", "allowed"}})
	if err != nil {
		t.Fatal(err)
	}
	prop, err := ProposePolicy(r, p, []string{"https://example.com/news/"})
	if err != nil {
		t.Fatal(err)
	}
	after := Audit(engine.Parse([]byte(prop.Text)), nil)
	if unmet := ai.Unmet(p, after); len(unmet) != 0 {
		t.Fatalf("the proposal leaves %s unmet:\n%s", unmet[0].Name, prop.Text)
	}
	var flipped []string
	for _, f := range prop.Flips {
		if f.URL == "/" {
			flipped = append(flipped, f.Crawler)
		}
	}
	slices.Sort(flipped)
	if !slices.Equal(flipped, prop.Changed) || len(flipped) == 0 || slices.Contains(flipped, "GPTBot") {
		t.Errorf("flips at / %v, changed %v; want the same, GPTBot left allowed", flipped, prop.Changed)
	}
	var shown []string
	for _, l := range prop.Lines {
		sign := "+"
		if l.Remove {
			sign = "-"
		}
		shown = append(shown, sign+strconv.Itoa(l.Line)+" "+l.Text)
	}
	if want := []string{"+3 ", "+4 User-agent: ClaudeBot"}; len(shown) < 3 || !slices.Equal(shown[:2], want) || !strings.HasSuffix(shown[len(shown)-1], " Disallow: /") {
		t.Errorf("the diff shown %q, want a blank line, the user-agent lines from line 4, then Disallow: /", shown)
	}
	if _, err := PolicyFrom([]PolicyChoice{{"ai-trainig", "blocked"}}); err == nil || !strings.Contains(err.Error(), "ai-trainig") {
		t.Errorf("a misspelt purpose: %v", err)
	}
}
