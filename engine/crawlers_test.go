package engine

import (
	"strings"
	"testing"

	"robotstester/engine/catalogue"
)

func mustFindCrawler(t *testing.T, name string) catalogue.Crawler {
	t.Helper()
	c, ok := catalogue.FindCrawler(name)
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

func TestReadPolicyRule(t *testing.T) {
	tests := []struct {
		key, value string
		want       catalogue.PolicyRule
		err        string
	}{
		{"ai-training", "blocked", catalogue.PolicyRule{Purpose: catalogue.PurposeTraining}, ""},
		{"AI-Search", "Allowed", catalogue.PolicyRule{Purpose: catalogue.PurposeSearch, Allow: true}, ""},
		{"openai", "allowed", catalogue.PolicyRule{Operator: "OpenAI", Allow: true}, ""},
		{"Anthropic/ai-user", "block", catalogue.PolicyRule{Operator: "Anthropic", Purpose: catalogue.PurposeUser}, ""},
		{"ai-training", "maybe", catalogue.PolicyRule{}, `write "allowed" or "blocked"`},
		{"Nobody", "allowed", catalogue.PolicyRule{}, "neither a purpose"},
		{"OpenAI/ai-everything", "allowed", catalogue.PolicyRule{}, "is not a purpose"},
	}
	for _, tt := range tests {
		got, err := ReadPolicyRule(tt.key, tt.value)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s=%s: error %v, want one saying %q", tt.key, tt.value, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("%s=%s: %+v, %v; want %+v", tt.key, tt.value, got, err, tt.want)
		}
	}
}
