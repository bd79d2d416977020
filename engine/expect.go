package engine

import (
	"encoding/base64"
	"errors"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"robotstester/engine/catalogue"
)

// Expectations: verdicts a team pins down ("Googlebot may fetch
// /products/"), kept as JSON beside the robots.txt and checked in the page
// and in CI. The format:
//
//	{"robots": "…optional…",
//	 "cases": [{"agent": "Googlebot", "url": "https://example.com/x", "expected": "allowed"}]}
//
// expected is "allowed" or "blocked" ("ALLOWED" and "DISALLOWED", the
// words of Google's conformance suite, are read too, in any case). A case
// may carry its own robots.txt, as text ("robots") or as exact bytes in
// base64 ("robots_b64"); otherwise the file's "robots" applies, or the one
// the checker is given. Google's conformance files
// (../shared/conformance/google-spec-test/*/*.json) are valid as they are:
// fields this format does not use ("test", "explanation", …) are ignored.
//
// "agent" is a product token, tested as Google's matcher tests it, whole
// (TestVerbatim: the conformance suite passes agents such as "Foo Bar").
// This format adds "crawler": a catalogue crawler's name, tested with its
// fallback tokens and its stance on "*" (TestCrawler), as the matrix tests
// a crawler column. A "policy" stands for one such case per AI crawler it
// speaks for (readPolicy, policyCases, below).

// Case is one expected verdict.
type Case struct {
	Agent   string // the product token (for a Crawler case, its own token)
	Crawler string // a catalogue crawler's name, "" for a plain agent
	URL     string
	Allowed bool // the expected verdict
	// Robots is the case's own robots.txt when HasRobots; else the
	// file's, or the checker's.
	Robots    []byte
	HasRobots bool
	Line      int // where the case starts in the file read, 0 when made in memory
}

// Expectations is a file of cases.
type Expectations struct {
	Robots    []byte // the robots.txt the cases share, when HasRobots
	HasRobots bool
	Cases     []Case
}

// ExpectError is a problem in an expectations file, with where it is.
type ExpectError struct {
	File string // as given to ReadExpectations, "" for none
	Line int    // 1-based, 0 when unknown
	Case int    // 1-based case number, 0 when not in a case
	Msg  string // a sentence with a fix
}

func (e *ExpectError) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		if e.Line > 0 {
			b.WriteString(":" + strconv.Itoa(e.Line))
		}
		b.WriteString(": ")
	} else if e.Line > 0 {
		b.WriteString("line " + strconv.Itoa(e.Line) + ": ")
	}
	if e.Case > 0 {
		b.WriteString("case " + strconv.Itoa(e.Case) + ": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// ReadExpectations reads an expectations file; name (a file name, "" for
// none) is only used in errors, which give the line and case. It reads the
// whole file in one call (expectread.go reads it a little at a time).
func ReadExpectations(name string, data []byte) (*Expectations, error) {
	r := StartReadExpectations(name, string(data))
	for !r.Continue(math.MaxInt) {
	}
	return r.Result()
}

// readCase reads one case, v, whose members fields took; a problem is a
// sentence and where it is.
func readCase(v jsonValue, fields *caseFields) (c Case, off int, msg string) {
	if v.kind != '{' {
		return c, v.off, `a case is an object: {"agent": "Googlebot", "url": "https://example.com/", "expected": "allowed"}.`
	}
	if cr, ok := fields.get("crawler"); ok {
		found, ok := catalogue.FindCrawler(cr.str)
		if !ok {
			return c, cr.off, "no crawler " + quote(cr.str) + " in the catalogue: give its exact name, or use \"agent\" with its product token."
		}
		c.Crawler = found.Name
		if len(found.Tokens) > 0 {
			c.Agent = found.Tokens[0]
		}
	}
	if a, ok := fields.get("agent"); ok {
		c.Agent = a.str
	} else if c.Crawler == "" {
		return c, v.off, `the case has no "agent": add "agent": "Googlebot" (a product token) or "crawler": "<catalogue name>".`
	}
	u, ok := fields.get("url")
	if !ok {
		return c, v.off, `the case has no "url": add "url": "https://example.com/page".`
	}
	c.URL = u.str
	e, ok := fields.get("expected")
	if !ok {
		return c, v.off, `the case has no "expected": add "expected": "allowed" or "blocked".`
	}
	switch strings.ToLower(e.str) {
	case "allowed":
		c.Allowed = true
	case "blocked", "disallowed":
	default:
		return c, e.off, `"expected" is ` + quote(e.str) + `: write "allowed" or "blocked".`
	}
	r, text := fields.get("robots")
	b, b64 := fields.get("robots_b64")
	switch {
	case text && b64:
		return c, b.off, `the case gives both "robots" and "robots_b64": keep one.`
	case text:
		c.Robots, c.HasRobots = []byte(r.str), true
	case b64:
		body, err := robotsField("robots_b64", b.str)
		if err != nil {
			return c, b.off, err.Error()
		}
		c.Robots, c.HasRobots = body, true
	}
	return c, 0, ""
}

// caseFields are the members of a case that readCase reads, by name (the
// last of a name counts): six at most, where a map for each case was most
// of what reading 100,000 of them allocated.
type caseFields struct {
	names [6]string
	vals  [6]jsonValue
	n     int
}

// take keeps member m of a case if readCase reads it; one of those that
// is not a string is a problem, said with where it is.
func (f *caseFields) take(m jsonMember) (off int, msg string) {
	switch m.key {
	case "agent", "crawler", "url", "expected", "robots", "robots_b64":
		if m.val.kind != '"' {
			return m.val.off, quote(m.key) + " is " + m.val.kindName() + ", where a string belongs."
		}
		f.set(m.key, m.val)
	}
	// Other fields ("test", "explanation", …) are notes.
	return 0, ""
}

func (f *caseFields) set(name string, v jsonValue) {
	for i := range f.n {
		if f.names[i] == name {
			f.vals[i] = v
			return
		}
	}
	f.names[f.n], f.vals[f.n] = name, v
	f.n++
}

func (f *caseFields) get(name string) (jsonValue, bool) {
	for i := range f.n {
		if f.names[i] == name {
			return f.vals[i], true
		}
	}
	return jsonValue{}, false
}

func robotsField(key, v string) ([]byte, error) {
	if key == "robots" {
		return []byte(v), nil
	}
	b, err := base64.StdEncoding.DecodeString(v)
	if err != nil {
		return nil, errors.New(`"robots_b64" is not standard base64 (` + err.Error() + `): encode the exact bytes with base64, or give the text as "robots".`)
	}
	return b, nil
}

// JSON writes the expectations in the format ReadExpectations reads, one
// case a line: a robots.txt that is valid UTF-8 as text, any other as
// base64.
func (e *Expectations) JSON() []byte {
	var b strings.Builder
	b.WriteString("{")
	if e.HasRobots {
		b.WriteString("\n  " + robotsJSON(e.Robots) + ",")
	}
	b.WriteString("\n  \"cases\": [")
	for i, c := range e.Cases {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n    {\"agent\": " + QuoteJSON(c.Agent))
		if c.Crawler != "" {
			b.WriteString(", \"crawler\": " + QuoteJSON(c.Crawler))
		}
		b.WriteString(", \"url\": " + QuoteJSON(c.URL) + ", \"expected\": " + QuoteJSON(VerdictWord(c.Allowed)))
		if c.HasRobots {
			b.WriteString(", " + robotsJSON(c.Robots))
		}
		b.WriteString("}")
	}
	if len(e.Cases) > 0 {
		b.WriteString("\n  ")
	}
	b.WriteString("]\n}\n")
	return []byte(b.String())
}

// robotsJSON is the "robots" member for body, or "robots_b64" when body is
// not valid UTF-8 (JSON text cannot carry such bytes).
func robotsJSON(body []byte) string {
	if utf8.Valid(body) {
		return `"robots": ` + QuoteJSON(string(body))
	}
	return `"robots_b64": ` + QuoteJSON(base64.StdEncoding.EncodeToString(body))
}

// CaseResult is one case checked.
type CaseResult struct {
	Case   Case
	Robots *Robots // the file the case was tested against
	Result Result
	Pass   bool
}

// Check tests every case: against its own robots.txt, else robots when
// given (HasRobots false: none given), else the file's. Each distinct
// robots.txt is parsed once. A case with no robots.txt at all is an
// *ExpectError naming it.
func (e *Expectations) Check(robots []byte, haveRobots bool) ([]CaseResult, error) {
	parsed := map[string]*Robots{}
	parse := func(b []byte) *Robots {
		r, ok := parsed[string(b)]
		if !ok {
			r = Parse(b)
			parsed[string(b)] = r
		}
		return r
	}
	out := make([]CaseResult, len(e.Cases))
	for i, c := range e.Cases {
		var body []byte
		switch {
		case c.HasRobots:
			body = c.Robots
		case haveRobots:
			body = robots
		case e.HasRobots:
			body = e.Robots
		default:
			return nil, &ExpectError{Line: c.Line, Case: i + 1, Msg: `no robots.txt to test against: give one (check: -robots FILE), add "robots" to the file, or give the case its own.`}
		}
		r := parse(body)
		res := c.Test(r)
		out[i] = CaseResult{Case: c, Robots: r, Result: res, Pass: res.Allowed == c.Allowed}
	}
	return out, nil
}

// Test decides the case against r: a crawler case with its fallback tokens
// (TestCrawler), an agent case as Google's matcher (TestVerbatim).
func (c Case) Test(r *Robots) Result {
	if c.Crawler != "" {
		if cr, ok := catalogue.FindCrawler(c.Crawler); ok {
			return r.TestCrawler(cr, c.URL)
		}
	}
	return r.TestVerbatim(c.Agent, c.URL)
}

// Describe tells a checked case in one line: what was expected, then the
// engine's verdict sentence (the deciding line, its rule and why).
func (o CaseResult) Describe() string {
	return o.DescribeWith(o.Robots.Explain(o.Result).Verdict)
}

// DescribeWith tells a checked case in one line with the given verdict
// sentence, for a verdict no rule gave (a robots.txt answered 404 or 503
// decides every case: OutcomeFor).
func (o CaseResult) DescribeWith(verdict string) string {
	c := o.Case
	who := quote(c.Agent)
	if c.Crawler != "" {
		who = c.Crawler
	}
	return who + " " + c.URL + ": expected " + VerdictWord(c.Allowed) + "; " + verdict
}

// VerdictWord is "allowed" or "blocked", as expectations files, the diff
// and the audit (engine/ai) write a verdict.
func VerdictWord(allowed bool) string {
	if allowed {
		return "allowed"
	}
	return "blocked"
}

// A policy in an expectations file stands for many cases:
//
//	{"policy": {"ai-training": "blocked", "ai-search": "allowed"},
//	 "urls": ["https://example.com/news/"]}
//
// expands into one crawler case per current crawler of the AI catalogue
// (engine/catalogue/crawlers_ai.go) the policy speaks for, at the site
// root and at each of "urls" (optional; the root is that of the first
// URL's site, else "/").
// Keys are purposes, operators or "operator/purpose" (ReadPolicyRule).
// Crawlers with no token are left out: they ignore robots.txt, so no file
// can meet a policy for them.

// readPolicy reads the "policy" object into a Policy; a problem is a
// sentence and where it is.
func readPolicy(v jsonValue) (p catalogue.Policy, off int, msg string) {
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
func policyCases(p catalogue.Policy, urls []string, line int) []Case {
	root := "/"
	if len(urls) > 0 {
		if scheme, rest, ok := strings.Cut(urls[0], "://"); ok {
			host, _, _ := strings.Cut(rest, "/")
			root = scheme + "://" + host + "/"
		}
	}
	at := append([]string{root}, urls...)
	var out []Case
	for _, col := range AIColumns() {
		c, _ := catalogue.FindCrawler(col.Name)
		role, _ := catalogue.FindAIRole(col.Name)
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
