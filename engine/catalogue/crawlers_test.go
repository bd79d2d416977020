package catalogue

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"robotstester/engine/sharedtest"
)

// corrections are the shared file's entries the catalogue corrects: per
// crawler, the fields that differ and why. Each correction is also dated in
// the entry's Notes ("Corrected 2026-11-26 …").
var corrections = map[string]struct {
	fields []string // the Crawler fields that differ from crawlers.json
	reason string
}{
	"anthropic-ai (legacy/undocumented)": {[]string{"RobotsTxt", "Notes"},
		"Anthropic's page names only ClaudeBot, Claude-User and Claude-SearchBot: no current crawler sends anthropic-ai, so it is retired, not unknown"},
}

// The Go table must say what ../shared/crawlers/crawlers.json says, but for
// the listed corrections, each with its reason.
func TestCatalogueMatchesSharedJSON(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(sharedtest.Dir(t, "crawlers"), "crawlers.json"))
	if err != nil {
		t.Fatal(err)
	}
	var file []struct {
		Name        string   `json:"name"`
		Tokens      []string `json:"tokens"`
		ObeysGlobal *bool    `json:"obeys_global_group"`
		RobotsTxt   string   `json:"robots_txt"`
		UAExample   *string  `json:"ua_example"`
		Operator    string   `json:"operator"`
		Purpose     string   `json:"purpose"`
		Source      string   `json:"source"`
		Notes       string   `json:"notes"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	got := Crawlers()
	// Crawlers the file lacks come after its own, each with its
	// operator's page.
	added := map[string]string{
		"Google-NotebookLM (retired)": "https://developers.google.com/crawling/docs/crawlers-fetchers/google-user-triggered-fetchers",
		"Claude-Web (retired)":        "https://support.claude.com/en/articles/8896518-does-anthropic-crawl-data-from-the-web-and-how-can-site-owners-block-the-crawler",
		"MistralAI-User":              "https://docs.mistral.ai/en/robots",
		"MistralAI-Index":             "https://docs.mistral.ai/en/robots",
		"MistralAI-Training":          "https://docs.mistral.ai/en/robots",
		"PetalBot":                    "https://aspiegel.com/petalbot",
	}
	if len(got) != len(file)+len(added) {
		t.Fatalf("the catalogue has %d crawlers, crawlers.json %d and %d additions: update crawlers_data.go from the file", len(got), len(file), len(added))
	}
	inFile := map[string]bool{}
	for _, f := range file {
		for _, tok := range f.Tokens {
			inFile[strings.ToLower(tok)] = true
		}
	}
	for _, c := range got[len(file):] {
		if src, ok := added[c.Name]; !ok || c.Source != src {
			t.Errorf("crawler %q after crawlers.json's own is not a listed addition with source %q (its source: %q)", c.Name, src, c.Source)
		}
		if len(c.Tokens) == 0 || inFile[strings.ToLower(c.Tokens[0])] {
			t.Errorf("addition %q: its token %v is missing or already in crawlers.json", c.Name, c.Tokens)
		}
	}
	for i, f := range file {
		want := Crawler{
			Name:             f.Name,
			Operator:         f.Operator,
			Purpose:          f.Purpose,
			Tokens:           f.Tokens,
			ObeysGlobal:      f.ObeysGlobal == nil || *f.ObeysGlobal,
			GlobalDocumented: f.ObeysGlobal != nil,
			RobotsTxt:        f.RobotsTxt,
			Source:           f.Source,
			Notes:            f.Notes,
		}
		if f.UAExample != nil {
			want.UAExample = *f.UAExample
		}
		c := got[i]
		differ := crawlerFieldsDiffer(c, want)
		fix, corrected := corrections[f.Name]
		switch {
		case corrected && !slices.Equal(differ, fix.fields):
			t.Errorf("crawler %q is corrected in %v (%s), but differs from crawlers.json in %v", f.Name, fix.fields, fix.reason, differ)
		case corrected && !strings.Contains(c.Notes, "Corrected 20"):
			t.Errorf("crawler %q is corrected (%s), but its Notes do not date the correction", f.Name, fix.reason)
		case !corrected && len(differ) > 0:
			t.Errorf("crawler %d drifted from crawlers.json in %v with no listed correction:\n got %#v\nwant %#v", i, differ, c, want)
		}
	}
}

// crawlerFieldsDiffer names the fields in which a and b differ.
func crawlerFieldsDiffer(a, b Crawler) []string {
	var out []string
	for _, f := range []struct {
		name string
		same bool
	}{
		{"Name", a.Name == b.Name}, {"Operator", a.Operator == b.Operator}, {"Purpose", a.Purpose == b.Purpose},
		{"Tokens", slices.Equal(a.Tokens, b.Tokens)}, {"ObeysGlobal", a.ObeysGlobal == b.ObeysGlobal},
		{"GlobalDocumented", a.GlobalDocumented == b.GlobalDocumented}, {"RobotsTxt", a.RobotsTxt == b.RobotsTxt},
		{"UAExample", a.UAExample == b.UAExample}, {"Source", a.Source == b.Source}, {"Notes", a.Notes == b.Notes},
	} {
		if !f.same {
			out = append(out, f.name)
		}
	}
	return out
}

func TestCatalogueNamesAreUnique(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range Crawlers() {
		key := strings.ToLower(c.Name)
		if seen[key] {
			t.Errorf("two crawlers are named %q", c.Name)
		}
		seen[key] = true
	}
}

func TestCrawlersReturnsACopy(t *testing.T) {
	a := Crawlers()
	a[0].Name = "changed"
	if Crawlers()[0].Name == "changed" {
		t.Error("changing the slice Crawlers returned changed the catalogue")
	}
}

func TestFindCrawler(t *testing.T) {
	tests := []struct {
		query, want string
		ok          bool
	}{
		{"Googlebot Image", "Googlebot Image", true},
		{"googlebot image", "Googlebot Image", true},
		{"AdsBot", "AdsBot", true},
		{"Googlebot", "Googlebot (Smartphone / Desktop)", true},
		{"googlebot-image", "Googlebot Image", true},
		{"GPTBot", "GPTBot", true},
		{"Otherbot", "", false},
		{"", "", false},
	}
	for _, tt := range tests {
		c, ok := FindCrawler(tt.query)
		if ok != tt.ok || c.Name != tt.want {
			t.Errorf("FindCrawler(%q) = %q, %v; want %q, %v", tt.query, c.Name, ok, tt.want, tt.ok)
		}
	}
}

func TestCrawlerForUserAgent(t *testing.T) {
	tests := []struct {
		ua, want string
		ok       bool
	}{
		{"Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.126 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
			"Googlebot (Smartphone / Desktop)", true},
		{"Googlebot/2.1 (+http://www.google.com/bot.html)", "Googlebot (Smartphone / Desktop)", true},
		{"Googlebot-Image/1.0", "Googlebot Image", true},
		{"GOOGLEBOT-VIDEO/1.0", "Googlebot Video", true},
		{"Mozilla/5.0 (iPhone; CPU iPhone OS 14_7_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.1.2 Mobile/15E148 Safari/604.1 (compatible; AdsBot-Google-Mobile; +http://www.google.com/mobile/adsbot.html)",
			"AdsBot Mobile Web", true},
		{"AdsBot-Google (+http://www.google.com/adsbot.html)", "AdsBot", true},
		{"Mozilla/5.0 (compatible; MJ12bot/v1.4.8; http://mj12bot.com/)", "MJ12bot (Majestic)", true},
		{"Screaming Frog SEO Spider/20.0", "Screaming Frog SEO Spider", true},
		{"curl/8.5.0", "", false},
		{"MyGooglebotClone/1.0", "", false},
		{"", "", false},
	}
	for _, tt := range tests {
		c, ok := CrawlerForUserAgent(tt.ua)
		if ok != tt.ok || c.Name != tt.want {
			t.Errorf("CrawlerForUserAgent(%q) = %q, %v; want %q, %v", tt.ua, c.Name, ok, tt.want, tt.ok)
		}
	}
}

// Each crawler's own example header is recognised as a crawler with the
// same own token, except where the header holds none of the tokens.
func TestCrawlerForUserAgentReadsTheCatalogueExamples(t *testing.T) {
	unrecognised := map[string]bool{
		// "… Safari/537.36 Google Favicon": the header names the product,
		// not its robots.txt tokens (Googlebot-Image, Googlebot).
		"Google Favicon (retired)": true,
	}
	for _, c := range Crawlers() {
		if c.UAExample == "" || len(c.Tokens) == 0 {
			continue
		}
		got, ok := CrawlerForUserAgent(c.UAExample)
		if unrecognised[c.Name] {
			if ok {
				t.Errorf("%s: its User-Agent %q is now read as %q; drop it from the exceptions", c.Name, c.UAExample, got.Name)
			}
			continue
		}
		if !ok || !strings.EqualFold(got.Tokens[0], c.Tokens[0]) {
			t.Errorf("%s: its User-Agent %q is read as %q (%v)", c.Name, c.UAExample, got.Name, ok)
		}
	}
}
