package engine

import (
	"strconv"
	"strings"

	"robotstester/engine/catalogue"
)

// The linter's look at the value of a directive: a user-agent's token, an
// allow or disallow pattern, a sitemap URL.

// agentValue looks at how Google reads a user-agent value (robots.cc,
// ExtractUserAgent and the global test in HandleUserAgent).
func (l *linter) agentValue(ln *Line) {
	v := ln.Value(l.r.Body)
	if isGlobalAgent(v) {
		if v != "*" {
			l.add(ln.Number, 0, SeverityInfo, "agent-suffix",
				"Google reads ", shown(v), " as ", quote("*"), " and ignores the rest — write ", quote("*"), ".")
		}
		return
	}
	token := ExtractToken(v)
	rest := v[len(token):]
	switch {
	case v == "":
		l.add(ln.Number, 0, SeverityError, "agent-empty",
			"the user-agent line names no crawler, so its group applies to none — write a product token, or ", quote("*"), " for every crawler.")
	case token == "" && v[0] == '*':
		l.add(ln.Number, 0, SeverityError, "agent-not-global",
			"Google reads ", shown(v), " as no crawler at all: ", quote("*"), " means every crawler only alone or followed by a space — write ", quote("*"), " or the crawler's token.")
	case token == "":
		l.add(ln.Number, 0, SeverityError, "agent-empty",
			"Google reads no product token from ", shown(v), " (a token is letters, \"-\" and \"_\"), so for Google this group names no crawler — write the crawler's token.")
	case rest == "":
		if near := l.nearCrawler(token); near != "" {
			l.add(ln.Number, 0, SeverityWarning, "agent-misspelt",
				"no crawler in the catalogue uses the token ", shown(token), "; ", shown(near), " does, and it does not obey this group — write ", shown(near), " if that is the crawler meant.")
		}
	case strings.EqualFold(token, "Mozilla"):
		l.add(ln.Number, 0, SeverityWarning, "agent-cut",
			shown(v), " is a whole User-Agent header; Google reads it as ", shown(token), ", which names no crawler's group — write the crawler's product token, such as ", quote("Googlebot"), ".")
	case rest[0] == '/' || strings.Trim(rest, "*") == "":
		l.add(ln.Number, 0, SeverityInfo, "agent-suffix",
			"Google reads ", shown(v), " as ", shown(token), " and ignores the rest — write ", shown(token), ".")
	case '0' <= rest[0] && rest[0] <= '9':
		l.add(ln.Number, 0, SeverityInfo, "agent-cut",
			"Google reads ", shown(v), " as ", shown(token), " (digits end a token), so for Google this group is for crawlers called ", shown(token),
			"; a crawler that reads its own name whole is not affected — keep it if it is the crawler's documented token.")
	default:
		fix := "write the exact token"
		if near := l.nearCrawler(strings.Join(strings.Fields(v), "-")); near != "" {
			fix = "write " + shown(near) + " if that is the crawler meant"
		}
		l.add(ln.Number, 0, SeverityWarning, "agent-cut",
			"Google reads ", shown(v), " as ", shown(token), " (a token ends at the first byte that is not a letter, \"-\" or \"_\"), so this group applies to every crawler called ", shown(token),
			" — ", fix, ".")
	}
}

// nearCrawler is the catalogue's token (engine/catalogue) that token
// evidently misspells, ignoring case: the same but for "-" and "_", or, for
// tokens of eight bytes or more, one edit away (shorter names one edit
// apart are often different crawlers). "" when token is a catalogue token
// or near none.
func (l *linter) nearCrawler(token string) string {
	key := LowerASCII(token)
	if near, ok := l.near[key]; ok {
		return near
	}
	if l.near == nil {
		l.near = map[string]string{}
		l.tokens = map[string]string{}
		for _, c := range catalogue.Crawlers() {
			for _, t := range c.Tokens {
				if ValidToken(t) {
					l.tokens[LowerASCII(t)] = t
				}
			}
		}
	}
	near := ""
	if _, known := l.tokens[key]; !known {
		bare := withoutDashes(key)
		for k, t := range l.tokens {
			if len(k)-len(key) > 1 || len(key)-len(k) > 1 {
				continue
			}
			if (withoutDashes(k) == bare || len(key) >= 8 && editDistance(key, k) == 1) && (near == "" || t < near) {
				near = t
			}
		}
	}
	l.near[key] = near
	return near
}

// rule looks at an allow or disallow line.
func (l *linter) rule(ln *Line) {
	name := canonical(ln.Kind)
	if ln.Group < 0 {
		l.add(ln.Number, 0, SeverityError, "orphan-rule",
			"Google ignores this rule: no user-agent line comes before it — add ", quote("User-agent: *"), " (or the crawler's token) above it.")
		return
	}
	v := ln.Value(l.r.Body)
	if v == "" {
		if ln.Kind == KindDisallow {
			l.add(ln.Number, 0, SeverityInfo, "empty-disallow",
				"an empty Disallow blocks nothing; it is the usual way to say \"allow everything\" — nothing to fix if that is meant.")
		} else {
			l.add(ln.Number, 0, SeverityWarning, "empty-allow",
				"an empty Allow does nothing: Google gives it no weight, so it allows nothing a Disallow blocks — give it a path, or remove it.")
		}
		return
	}
	if v[0] != '/' && v[0] != '*' {
		path := "/" + v
		if strings.IndexByte("?.&=", v[0]) >= 0 {
			// "?sort=", ".pdf": meant anywhere in the URL.
			path = "/*" + v
		}
		if HasPrefixFold(v, "http://") || HasPrefixFold(v, "https://") {
			path = MatchPath(v)
			l.add(ln.Number, valueColumn(l.r, ln), SeverityError, "never-matches",
				"Google matches rules against the URL's path, never the whole URL, so ", shown(v), " never matches — write ", shown(name+": "+path), ".")
			return
		}
		l.add(ln.Number, valueColumn(l.r, ln), SeverityError, "never-matches",
			"every URL path starts with \"/\", so Google never matches ", shown(v), " — write ", shown(name+": "+path), ".")
		return
	}
	text := seenText(l.r, ln)
	if hash := strings.IndexByte(text, '#'); ln.HasComment && hash > 0 && !isSpace(text[hash-1]) {
		sev := SeverityWarning
		if ln.Kind == KindDisallow && matchesEverything(v) {
			sev = SeverityError
		}
		l.add(ln.Number, hash+1, sev, "hash-in-value",
			"Google reads \"#\" as the start of a comment, so the rule is ", shown(v), " — a URL's #fragment never reaches the server: drop the part from \"#\", or put a space before a comment.")
	}
	if i := strings.IndexByte(v[:len(v)-1], '$'); i >= 0 {
		col := valueColumn(l.r, ln)
		l.add(ln.Number, col+i, SeverityWarning, "dollar-inside",
			"the \"$\" at column ", strconv.Itoa(col+i), " is matched as a literal \"$\": Google reads \"$\" as the end of the URL only as the pattern's last character — move it to the end, or remove it.")
	}
	if i := indexSpace(v); i >= 0 {
		col := valueColumn(l.r, ln)
		l.add(ln.Number, col+i, SeverityWarning, "space-in-pattern",
			"the pattern has a space at column ", strconv.Itoa(col+i), ", which Google matches only against a literal space, but crawlers request a space as %20 — write %20, or give each path its own rule.")
	}
}

// matchesEverything: a pattern every path matches ("/", "*", "/*", "/**"…).
func matchesEverything(p string) bool {
	if p == "" {
		return false
	}
	if p[0] == '/' {
		p = p[1:]
	}
	return strings.Trim(p, "*") == ""
}

// sitemap checks the URL: Google wants an absolute URL (google-crawling.md
// §7); it need not be on the same host nor percent-encoded.
func (l *linter) sitemap(ln *Line) {
	v := ln.Value(l.r.Body)
	bad := func(why, fix string) {
		l.add(ln.Number, 0, SeverityError, "sitemap-invalid", why, " — ", fix, ".")
	}
	switch {
	case v == "":
		bad("the sitemap line has no URL", "write the sitemap's absolute URL, or remove the line")
		return
	case strings.HasPrefix(v, "//"):
		bad(shown(v)+" has no scheme, and a sitemap must be an absolute URL", "write "+shown("https:"+v))
		return
	case v[0] == '/':
		bad(shown(v)+" is a relative URL, and a sitemap must be an absolute URL", "write it with the scheme and host, like "+shown("https://example.com"+v))
		return
	case !HasPrefixFold(v, "http://") && !HasPrefixFold(v, "https://"):
		bad(shown(v)+" is not an http or https URL", "write the sitemap's absolute URL, starting with https://")
		return
	case indexSpace(v) >= 0:
		bad(shown(v)+" contains a space", "write one sitemap URL per line, and %20 for a space inside a URL")
		return
	}
	host := v[strings.Index(v, "://")+3:]
	if i := strings.IndexAny(host, "/?#"); i >= 0 {
		host = host[:i]
	}
	if host == "" {
		bad(shown(v)+" has no host", "write the sitemap's absolute URL, like "+quote("https://example.com/sitemap.xml"))
		return
	}
	if l.sitemaps == nil {
		l.sitemaps = map[string]int{}
	}
	if first, ok := l.sitemaps[v]; ok {
		l.add(ln.Number, 0, SeverityInfo, "sitemap-repeated", "the sitemap ", shown(v), " is already listed on line ", strconv.Itoa(first), " — remove this line.")
		return
	}
	l.sitemaps[v] = ln.Number
}
