package catalogue

import (
	"slices"
	"strings"
)

// Named crawlers: the robots.txt tokens each one obeys, in precedence order,
// and whether it obeys the "*" group (the table is in crawlers_data.go).

// Crawler is one entry of the catalogue.
type Crawler struct {
	Name     string // display name, unique in the catalogue
	Operator string // the company running it
	Purpose  string // search, ads, AI training, user-triggered, …
	// Tokens are the robots.txt product tokens the crawler obeys, most
	// specific first: a later token is a documented fallback used when no
	// group names an earlier one. Empty for agents that ignore robots.txt.
	Tokens []string
	// ObeysGlobal: the "*" group applies when no group names a token.
	ObeysGlobal bool
	// GlobalDocumented: the operator documents ObeysGlobal; when false,
	// ObeysGlobal is the RFC 9309 default (true).
	GlobalDocumented bool
	RobotsTxt        string // how it treats robots.txt: "obeys", "obeys-named-group-only", "ignores", …
	UAExample        string // a full User-Agent header it sends, "" when none is known
	Source           string // the operator's page the entry comes from
	Notes            string // quotes, caveats, UNCERTAIN facts
}

// Crawlers returns the catalogue, grouped by operator as the source lists it.
func Crawlers() []Crawler {
	return slices.Clone(catalogue)
}

// FindCrawler returns the crawler with the given name (ASCII
// case-insensitive); failing that, the first crawler whose own token
// (Tokens[0]) is name, so "Googlebot" finds the web search crawler.
func FindCrawler(name string) (Crawler, bool) {
	for _, c := range catalogue {
		if strings.EqualFold(c.Name, name) {
			return c, true
		}
	}
	for _, c := range catalogue {
		if len(c.Tokens) > 0 && strings.EqualFold(c.Tokens[0], name) {
			return c, true
		}
	}
	return Crawler{}, false
}

// uaTokens are the catalogue's own tokens (Tokens[0]), longest first, each
// with the first crawler that owns it: CrawlerForUserAgent tries them in
// this order so that "Googlebot-Image" is found before "Googlebot".
var uaTokens = func() []int {
	var idx []int
	seen := map[string]bool{}
	for i, c := range catalogue {
		if len(c.Tokens) == 0 {
			continue
		}
		t := strings.ToLower(c.Tokens[0])
		if !seen[t] {
			seen[t] = true
			idx = append(idx, i)
		}
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		return len(catalogue[b].Tokens[0]) - len(catalogue[a].Tokens[0])
	})
	return idx
}()

// CrawlerForUserAgent recognises a whole User-Agent header (what a server
// log shows) by the catalogue token it contains: tokens are searched
// ASCII case-insensitively, longest first, and must stand alone (not be
// part of a longer word). Googlebot's smartphone header gives Googlebot;
// "Googlebot-Image/1.0" gives Googlebot Image.
func CrawlerForUserAgent(ua string) (Crawler, bool) {
	lower := strings.ToLower(ua)
	for _, i := range uaTokens {
		if containsWord(lower, strings.ToLower(catalogue[i].Tokens[0])) {
			return catalogue[i], true
		}
	}
	return Crawler{}, false
}

// containsWord reports whether word occurs in s with no letter, digit,
// '-' or '_' right before or after it.
func containsWord(s, word string) bool {
	for from := 0; from+len(word) <= len(s); {
		i := strings.Index(s[from:], word)
		if i < 0 {
			return false
		}
		start, end := from+i, from+i+len(word)
		if (start == 0 || !isWordByte(s[start-1])) && (end == len(s) || !isWordByte(s[end])) {
			return true
		}
		from = start + 1
	}
	return false
}

func isWordByte(c byte) bool {
	return isTokenByte(c) || '0' <= c && c <= '9'
}

// isTokenByte is engine.IsTokenByte, a byte Google reads as part of a
// product token (robots.cc, ExtractUserAgent), copied because the catalogue
// imports nothing of the engine; TestIsTokenByteIsTheEngines keeps the two
// the same.
func isTokenByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '-' || c == '_'
}
