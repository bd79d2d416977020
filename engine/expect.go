package engine

import (
	"encoding/base64"
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"
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
// none) is only used in errors, which give the line and case.
func ReadExpectations(name string, data []byte) (*Expectations, error) {
	text := string(data)
	fail := func(off, caseNo int, msg string) error {
		line, _ := position(text, off)
		return &ExpectError{File: name, Line: line, Case: caseNo, Msg: msg}
	}
	root, serr := parseJSON(text)
	if serr != nil {
		_, col := position(text, serr.off)
		return nil, fail(serr.off, 0, "the JSON is malformed at column "+strconv.Itoa(col)+": "+serr.msg+".")
	}
	if root.kind != '{' {
		return nil, fail(root.off, 0, `the file must be a JSON object: {"cases": [{"agent": "Googlebot", "url": "https://example.com/", "expected": "allowed"}]}.`)
	}
	exp := &Expectations{}
	var cases, policy, urls *jsonValue
	var fromPolicy []Case
	for i, m := range root.obj {
		switch m.key {
		case "robots", "robots_b64":
			if m.val.kind != '"' {
				return nil, fail(m.val.off, 0, quote(m.key)+" is "+m.val.kindName()+", where a string belongs.")
			}
			if exp.HasRobots {
				return nil, fail(m.off, 0, `the file gives both "robots" and "robots_b64": keep one.`)
			}
			body, err := robotsField(m.key, m.val.str)
			if err != nil {
				return nil, fail(m.val.off, 0, err.Error())
			}
			exp.Robots, exp.HasRobots = body, true
		case "cases":
			cases = &root.obj[i].val
		case "policy":
			policy = &root.obj[i].val
		case "urls":
			urls = &root.obj[i].val
		}
		// Other fields ("source" in the conformance files) are notes.
	}
	if policy != nil {
		// A policy stands for cases of its own (readPolicy, policyCases).
		pol, off, msg := readPolicy(*policy)
		var at []string
		if msg == "" && urls != nil {
			at, off, msg = readURLs(*urls)
		}
		if msg != "" {
			return nil, fail(off, 0, msg)
		}
		line, _ := position(text, policy.off)
		fromPolicy = policyCases(pol, at, line)
		if cases == nil {
			exp.Cases = fromPolicy
			return exp, nil
		}
	}
	if cases == nil {
		return nil, fail(0, 0, `the file has no "cases": add "cases": [{"agent": "Googlebot", "url": "https://example.com/", "expected": "allowed"}].`)
	}
	if cases.kind != '[' {
		return nil, fail(cases.off, 0, `"cases" must be a list: "cases": [{"agent": …, "url": …, "expected": "allowed"}].`)
	}
	// The cases come in file order, so one cursor finds every line in a
	// single pass (issue 20: a search from the start for each case made
	// 100,000 cases on one line take minutes).
	lines := lineCursor{s: text, line: 1}
	exp.Cases = make([]Case, 0, len(cases.arr))
	for i, v := range cases.arr {
		c, off, msg := readCase(v)
		if msg != "" {
			return nil, fail(off, i+1, msg)
		}
		c.Line = lines.at(v.off)
		exp.Cases = append(exp.Cases, c)
	}
	exp.Cases = append(exp.Cases, fromPolicy...)
	return exp, nil
}

// readCase reads one case; a problem is a sentence and where it is.
func readCase(v jsonValue) (c Case, off int, msg string) {
	if v.kind != '{' {
		return c, v.off, `a case is an object: {"agent": "Googlebot", "url": "https://example.com/", "expected": "allowed"}.`
	}
	fields := map[string]jsonValue{}
	for _, m := range v.obj {
		switch m.key {
		case "agent", "crawler", "url", "expected", "robots", "robots_b64":
			if m.val.kind != '"' {
				return c, m.val.off, quote(m.key) + " is " + m.val.kindName() + ", where a string belongs."
			}
			fields[m.key] = m.val
		}
		// Other fields ("test", "explanation", …) are notes.
	}
	if cr, ok := fields["crawler"]; ok {
		found, ok := FindCrawler(cr.str)
		if !ok {
			return c, cr.off, "no crawler " + quote(cr.str) + " in the catalogue: give its exact name, or use \"agent\" with its product token."
		}
		c.Crawler = found.Name
		if len(found.Tokens) > 0 {
			c.Agent = found.Tokens[0]
		}
	}
	if a, ok := fields["agent"]; ok {
		c.Agent = a.str
	} else if c.Crawler == "" {
		return c, v.off, `the case has no "agent": add "agent": "Googlebot" (a product token) or "crawler": "<catalogue name>".`
	}
	u, ok := fields["url"]
	if !ok {
		return c, v.off, `the case has no "url": add "url": "https://example.com/page".`
	}
	c.URL = u.str
	e, ok := fields["expected"]
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
	r, text := fields["robots"]
	b, b64 := fields["robots_b64"]
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
		if cr, ok := FindCrawler(c.Crawler); ok {
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
	for _, col := range AIColumns() {
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
