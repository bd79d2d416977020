package engine

import "strings"

// A policy in an expectations file (expect.go) stands for many cases:
//
//	{"policy": {"ai-training": "blocked", "ai-search": "allowed"},
//	 "urls": ["https://example.com/news/"]}
//
// expands into one crawler case per current crawler of the AI catalogue
// (crawlers_ai.go) the policy speaks for, at the site root and at each of
// "urls" (optional; the root is that of the first URL's site, else "/").
// Keys are purposes, operators or "operator/purpose" (ReadPolicyRule).
// Crawlers with no token are left out: they ignore robots.txt, so no file
// can meet a policy for them.

// readPolicy reads the "policy" object into a Policy; a problem is a
// sentence and where it is.
func readPolicy(v jsonValue) (p Policy, off int, msg string) {
	if v.kind != '{' {
		return nil, v.off, `"policy" must be an object: "policy": {"ai-training": "blocked", "ai-search": "allowed"}.`
	}
	for _, m := range v.obj {
		if m.val.kind != '"' {
			return nil, m.val.off, "the policy for " + quote(m.key) + " is " + m.val.kindName() + `: write "allowed" or "blocked".`
		}
		rule, err := ReadPolicyRule(m.key, m.val.str)
		if err != nil {
			return nil, m.off, err.Error()
		}
		p = append(p, rule)
	}
	if len(p) == 0 {
		return nil, v.off, `the policy is empty: add a purpose, such as "ai-training": "blocked".`
	}
	return p, 0, ""
}

// policyCases are the cases policy p stands for at urls; line is where the
// policy starts in the file.
func policyCases(p Policy, urls []string, line int) []Case {
	root := "/"
	if len(urls) > 0 {
		if scheme, rest, ok := strings.Cut(urls[0], "://"); ok {
			host, _, _ := strings.Cut(rest, "/")
			root = scheme + "://" + host + "/"
		}
	}
	at := append([]string{root}, urls...)
	var out []Case
	for _, col := range AuditColumns() {
		c, _ := FindCrawler(col.Name)
		role, _ := FindAIRole(col.Name)
		allow, ok := p.Wants(c.Operator, role.Purpose)
		if !ok || len(c.Tokens) == 0 {
			continue
		}
		for _, u := range at {
			out = append(out, Case{Agent: c.Tokens[0], Crawler: c.Name, URL: u, Allowed: allow, Line: line})
		}
	}
	return out
}

// readURLs reads "urls", a list of strings.
func readURLs(v jsonValue) (urls []string, off int, msg string) {
	if v.kind != '[' {
		return nil, v.off, `"urls" must be a list: "urls": ["https://example.com/news/"].`
	}
	for _, u := range v.arr {
		if u.kind != '"' {
			return nil, u.off, "a URL is " + u.kindName() + ", where a string belongs."
		}
		urls = append(urls, u.str)
	}
	return urls, 0, ""
}
