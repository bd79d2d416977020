package engine

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
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
// a crawler column.

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

// caseJSON is a case as written. Pointers tell a missing field from an
// empty one (an empty agent and an empty robots.txt are valid).
type caseJSON struct {
	Agent     *string `json:"agent"`
	Crawler   string  `json:"crawler,omitempty"`
	URL       *string `json:"url"`
	Expected  *string `json:"expected"`
	Robots    *string `json:"robots,omitempty"`
	RobotsB64 *string `json:"robots_b64,omitempty"`
}

// ReadExpectations reads an expectations file; name (a file name, "" for
// none) is only used in errors, which give the line and case.
func ReadExpectations(name string, data []byte) (*Expectations, error) {
	fail := func(off int64, caseNo int, format string, args ...any) error {
		line := 0
		if off >= 0 {
			line = lineAt(data, off)
		}
		return &ExpectError{File: name, Line: line, Case: caseNo, Msg: fmt.Sprintf(format, args...)}
	}
	jsonErr := func(err error, caseNo int, base int64) error {
		var syn *json.SyntaxError
		var typ *json.UnmarshalTypeError
		switch {
		case errors.As(err, &syn):
			return fail(base+syn.Offset, caseNo, "the JSON is malformed (%v): check the brackets, quotes and commas there.", syn)
		case errors.As(err, &typ):
			field := typ.Field
			if field == "" {
				field = "the value"
			}
			return fail(base+typ.Offset, caseNo, "%s is a JSON %s, where a %s belongs.", quote(field), typ.Value, jsonKind(typ.Type.String()))
		case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
			return fail(int64(len(data)), caseNo, "the JSON ends too early: close every bracket and quote.")
		}
		return fail(base, caseNo, "%v", err)
	}

	exp := &Expectations{}
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil {
		return nil, jsonErr(err, 0, 0)
	} else if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, fail(0, 0, `the file must be a JSON object: {"cases": [{"agent": "Googlebot", "url": "https://example.com/", "expected": "allowed"}]}.`)
	}
	sawCases := false
	for dec.More() {
		keyAt := dec.InputOffset()
		tok, err := dec.Token()
		if err != nil {
			return nil, jsonErr(err, 0, 0)
		}
		key, _ := tok.(string)
		switch key {
		case "robots", "robots_b64":
			var v string
			at := dec.InputOffset()
			if err := dec.Decode(&v); err != nil {
				return nil, jsonErr(err, 0, at)
			}
			body, err := robotsField(key, v)
			if err != nil {
				return nil, fail(keyAt, 0, "%s", err)
			}
			if exp.HasRobots {
				return nil, fail(keyAt, 0, `the file gives both "robots" and "robots_b64": keep one.`)
			}
			exp.Robots, exp.HasRobots = body, true
		case "cases":
			sawCases = true
			if tok, err := dec.Token(); err != nil {
				return nil, jsonErr(err, 0, 0)
			} else if d, ok := tok.(json.Delim); !ok || d != '[' {
				return nil, fail(keyAt, 0, `"cases" must be a list: "cases": [{"agent": …, "url": …, "expected": "allowed"}].`)
			}
			for dec.More() {
				n := len(exp.Cases) + 1
				at := dec.InputOffset()
				var raw json.RawMessage
				if err := dec.Decode(&raw); err != nil {
					return nil, jsonErr(err, n, 0)
				}
				start := at + int64(skipSeparators(data[at:]))
				var cj caseJSON
				if err := json.Unmarshal(raw, &cj); err != nil {
					return nil, jsonErr(err, n, start)
				}
				c, msg := readCase(cj)
				if msg != "" {
					return nil, fail(start, n, "%s", msg)
				}
				c.Line = lineAt(data, start)
				exp.Cases = append(exp.Cases, c)
			}
			if _, err := dec.Token(); err != nil {
				return nil, jsonErr(err, 0, 0)
			}
		default:
			// Other fields ("source" in the conformance files) are notes.
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return nil, jsonErr(err, 0, 0)
			}
		}
	}
	if _, err := dec.Token(); err != nil {
		return nil, jsonErr(err, 0, 0)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fail(dec.InputOffset(), 0, "more follows the JSON object: a file holds one object.")
	}
	if !sawCases {
		return nil, fail(0, 0, `the file has no "cases": add "cases": [{"agent": "Googlebot", "url": "https://example.com/", "expected": "allowed"}].`)
	}
	return exp, nil
}

func readCase(cj caseJSON) (Case, string) {
	c := Case{Crawler: cj.Crawler}
	if cj.Crawler != "" {
		cr, ok := FindCrawler(cj.Crawler)
		if !ok {
			return c, "no crawler " + quote(cj.Crawler) + " in the catalogue: give its exact name, or use \"agent\" with its product token."
		}
		c.Crawler = cr.Name
		if len(cr.Tokens) > 0 {
			c.Agent = cr.Tokens[0]
		}
	}
	switch {
	case cj.Agent != nil:
		c.Agent = *cj.Agent
	case cj.Crawler == "":
		return c, `the case has no "agent": add "agent": "Googlebot" (a product token) or "crawler": "<catalogue name>".`
	}
	if cj.URL == nil {
		return c, `the case has no "url": add "url": "https://example.com/page".`
	}
	c.URL = *cj.URL
	if cj.Expected == nil {
		return c, `the case has no "expected": add "expected": "allowed" or "blocked".`
	}
	switch strings.ToLower(*cj.Expected) {
	case "allowed":
		c.Allowed = true
	case "blocked", "disallowed":
	default:
		return c, `"expected" is ` + quote(*cj.Expected) + `: write "allowed" or "blocked".`
	}
	if cj.Robots != nil && cj.RobotsB64 != nil {
		return c, `the case gives both "robots" and "robots_b64": keep one.`
	}
	if cj.Robots != nil {
		c.Robots, c.HasRobots = []byte(*cj.Robots), true
	}
	if cj.RobotsB64 != nil {
		body, err := robotsField("robots_b64", *cj.RobotsB64)
		if err != nil {
			return c, err.Error()
		}
		c.Robots, c.HasRobots = body, true
	}
	return c, ""
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

func jsonKind(goType string) string {
	switch goType {
	case "string":
		return "string"
	case "bool":
		return "true or false"
	}
	return goType
}

// lineAt is the 1-based line of byte offset off in data.
func lineAt(data []byte, off int64) int {
	off = min(max(off, 0), int64(len(data)))
	return 1 + bytes.Count(data[:off], []byte{'\n'})
}

// skipSeparators counts the whitespace and commas before a JSON value.
func skipSeparators(b []byte) int {
	i := 0
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r' || b[i] == ',') {
		i++
	}
	return i
}

// MarshalJSON writes the expectations in the format ReadExpectations reads:
// a robots.txt that is valid UTF-8 as text, any other as base64.
func (e *Expectations) MarshalJSON() ([]byte, error) {
	type fileJSON struct {
		Robots    *string    `json:"robots,omitempty"`
		RobotsB64 *string    `json:"robots_b64,omitempty"`
		Cases     []caseJSON `json:"cases"`
	}
	f := fileJSON{Cases: make([]caseJSON, len(e.Cases))}
	if e.HasRobots {
		f.Robots, f.RobotsB64 = robotsJSON(e.Robots)
	}
	for i, c := range e.Cases {
		agent, url, expected := c.Agent, c.URL, "blocked"
		if c.Allowed {
			expected = "allowed"
		}
		cj := caseJSON{Agent: &agent, Crawler: c.Crawler, URL: &url, Expected: &expected}
		if c.HasRobots {
			cj.Robots, cj.RobotsB64 = robotsJSON(c.Robots)
		}
		f.Cases[i] = cj
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(f); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func robotsJSON(body []byte) (text, b64 *string) {
	s := string(body)
	if utf8.ValidString(s) {
		return &s, nil
	}
	enc := base64.StdEncoding.EncodeToString(body)
	return nil, &enc
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
	c, res := o.Case, o.Result
	who := quote(c.Agent)
	if c.Crawler != "" {
		who = c.Crawler
	}
	return who + " " + c.URL + ": expected " + lowerVerdict(c.Allowed) + "; " + o.Robots.Explain(res).Verdict
}

func lowerVerdict(allowed bool) string {
	if allowed {
		return "allowed"
	}
	return "blocked"
}
