package engine

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
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
	data, err := os.ReadFile(filepath.Join(sharedDir(t, "crawlers"), "crawlers.json"))
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

func mustFindCrawler(t *testing.T, name string) Crawler {
	t.Helper()
	c, ok := FindCrawler(name)
	if !ok {
		t.Fatalf("no crawler %q in the catalogue", name)
	}
	return c
}

func TestGooglebotImageFallsBackToGooglebotThenGlobal(t *testing.T) {
	image := mustFindCrawler(t, "Googlebot Image")
	tests := []struct {
		name, robots string
		token        string
		source       Source
		allowed      bool
		line         int
	}{
		{"its own group applies when one names it",
			"user-agent: googlebot\ndisallow: /\nuser-agent: googlebot-image\ndisallow: /photos\n", "Googlebot-Image", SourceSpecific, false, 4},
		{"else the Googlebot group applies",
			"user-agent: *\ndisallow: /\nuser-agent: googlebot\ndisallow: /photos\n", "Googlebot", SourceSpecific, false, 4},
		{"else the * group applies",
			"user-agent: *\ndisallow: /photos\nuser-agent: bingbot\ndisallow: /\n", "", SourceGlobal, false, 2},
	}
	for _, tt := range tests {
		res := Parse([]byte(tt.robots)).TestCrawler(image, "https://example.com/photos/cat.jpg")
		if res.Token != tt.token || res.Source != tt.source || res.Allowed != tt.allowed || res.Line != tt.line {
			t.Errorf("Googlebot Image, %s: token %q source %v allowed %v line %d; want %q %v %v %d",
				tt.name, res.Token, res.Source, res.Allowed, res.Line, tt.token, tt.source, tt.allowed, tt.line)
		}
	}
}

func TestCrawlersThatIgnoreTheGlobalGroup(t *testing.T) {
	all := Parse([]byte("User-agent: *\nDisallow: /\n"))
	for _, name := range []string{"AdsBot", "AdsBot Mobile Web", "Mediapartners-Google (AdSense and other ad products)", "APIs-Google"} {
		c := mustFindCrawler(t, name)
		res := all.TestCrawler(c, "https://example.com/landing")
		if !res.Allowed || res.Source != SourceNone || !res.GlobalIgnored || res.Line != 0 {
			t.Errorf("%s under User-agent: * / Disallow: /: allowed %v source %v global ignored %v line %d; want allowed, no group, * ignored",
				name, res.Allowed, res.Source, res.GlobalIgnored, res.Line)
		}
	}
	// A group of its own does bind AdsBot.
	own := Parse([]byte("User-agent: *\nDisallow: /\n\nUser-agent: AdsBot-Google\nDisallow: /landing\n"))
	if res := own.TestCrawler(mustFindCrawler(t, "AdsBot"), "https://example.com/landing"); res.Allowed || res.Line != 5 {
		t.Errorf("AdsBot with its own group: allowed %v line %d, want blocked by line 5", res.Allowed, res.Line)
	}
}

func TestApplebotFallsBackToGooglebot(t *testing.T) {
	apple := mustFindCrawler(t, "Applebot")
	r := Parse([]byte("User-agent: *\nAllow: /\n\nUser-agent: Googlebot\nDisallow: /private\n"))
	res := r.TestCrawler(apple, "https://example.com/private/x")
	if res.Allowed || res.Line != 5 || res.Token != "Googlebot" {
		t.Errorf("Applebot without its own group: allowed %v line %d token %q; want blocked by Googlebot's line 5", res.Allowed, res.Line, res.Token)
	}
	r = Parse([]byte("User-agent: Applebot\nAllow: /\n\nUser-agent: Googlebot\nDisallow: /private\n"))
	if res := r.TestCrawler(apple, "https://example.com/private/x"); !res.Allowed || res.Token != "Applebot" {
		t.Errorf("Applebot with its own group: allowed %v token %q; want allowed by its own group", res.Allowed, res.Token)
	}
}

// google-crawling.md §4: groups googlebot-news (1), * (2), googlebot (3).
func TestCrawlerGroupChoiceSpecExample(t *testing.T) {
	r := Parse([]byte(`user-agent: googlebot-news
disallow: /group-1
user-agent: *
disallow: /group-2
user-agent: googlebot
disallow: /group-3
`))
	groupLine := map[int]int{1: 2, 2: 4, 3: 6}
	tests := []struct {
		crawler string
		tokens  []string // used when crawler is "" (crawlers not in the catalogue)
		group   int
	}{
		{crawler: "Googlebot News", group: 1},
		{crawler: "Googlebot (Smartphone / Desktop)", group: 3},
		{crawler: "Googlebot Image", group: 3},
		// Googlebot News crawling images crawls as Googlebot News.
		{crawler: "Googlebot News", group: 1},
		{crawler: "Google StoreBot", group: 2},
		{tokens: []string{"Otherbot"}, group: 2},
		// An entry for a related crawler counts only if it matches specifically.
		{tokens: []string{"Otherbot-News"}, group: 2},
	}
	for _, tt := range tests {
		name := tt.crawler
		for g, line := range groupLine {
			url := "https://example.com/group-" + string(rune('0'+g))
			var res Result
			if tt.crawler != "" {
				res = r.TestCrawler(mustFindCrawler(t, tt.crawler), url)
			} else {
				name = tt.tokens[0]
				res = r.TestAs(tt.tokens, true, url)
			}
			wantBlocked := g == tt.group
			if res.Allowed == wantBlocked || wantBlocked && res.Line != line {
				t.Errorf("%s follows group %d, but %s is allowed %v (line %d)", name, tt.group, url, res.Allowed, res.Line)
			}
		}
	}
}

func TestCrawlerThatIgnoresRobotsTxtMatchesNoGroup(t *testing.T) {
	c := mustFindCrawler(t, "Feedfetcher")
	res := Parse([]byte("User-agent: *\nDisallow: /\n")).TestCrawler(c, "https://example.com/feed.xml")
	if !res.Allowed || res.Source != SourceNone {
		t.Errorf("Feedfetcher has no token and ignores *: allowed %v source %v", res.Allowed, res.Source)
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
