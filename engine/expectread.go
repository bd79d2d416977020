package engine

import (
	"strconv"
	"strings"
)

// Reading an expectations file a little at a time: the page reads a file of
// 100,000 cases (several MB) in slices of a few milliseconds, between which
// it stays responsive (issue 20), where ReadExpectations reads it in one
// call. Both are this reader: the file's object is read member by member,
// its "cases" list case by case, and every other value whole (they are
// small). Problems are reported as the one-call reading always has: a
// syntax error anywhere first, then the robots.txt's, the policy's, a
// missing or malformed "cases", and then the first case that is wrong.

// ExpectReading is an expectations file being read: StartReadExpectations,
// then Continue until it reports done, then Result.
type ExpectReading struct {
	name  string
	text  string
	p     jsonReader
	lines lineCursor
	state readState
	exp   Expectations

	casesSeen bool
	casesVal  jsonValue // "cases" when it is not a list
	caseNo    int       // cases read in the current "cases" list
	caseErr   error     // the first case that is wrong
	robotsErr error     // the first problem with "robots" or "robots_b64"
	policy    *jsonValue
	urls      *jsonValue
	result    *Expectations
	err       error
}

type readState int

const (
	atMember readState = iota // before the next member of the file's object
	atCase                    // before the next case of the "cases" list
	atEnd
)

// StartReadExpectations starts reading an expectations file's text; name
// (a file name, "" for none) is only used in errors. It reads nothing but
// the opening brace, so it takes no time on any size of file, and copies
// nothing: the cases' strings are parts of text where they need no
// unescaping.
func StartReadExpectations(name, text string) *ExpectReading {
	r := &ExpectReading{name: name, text: text}
	r.p = jsonReader{s: r.text}
	r.lines = lineCursor{s: r.text, line: 1}
	if strings.HasPrefix(r.text, byteOrderMark) {
		r.p.i = len(byteOrderMark)
	}
	r.p.space()
	if r.p.i >= len(r.text) || r.text[r.p.i] != '{' {
		// Not an object: read whatever it is whole, for the message.
		v := r.p.value(0)
		r.endOfText()
		if r.p.err == nil {
			r.err = r.fail(v.off, 0, `the file must be a JSON object: {"cases": [{"agent": "Googlebot", "url": "https://example.com/", "expected": "allowed"}]}.`)
		}
		r.finish()
		return r
	}
	r.p.i++
	r.p.space()
	if r.p.i < len(r.text) && r.text[r.p.i] == '}' {
		r.p.i++
		r.endOfText()
		r.finish()
	}
	return r
}

// Continue reads at most n more cases or members and reports whether the
// reading is over (Result then has the outcome).
func (r *ExpectReading) Continue(n int) (done bool) {
	for ; n > 0 && r.state != atEnd; n-- {
		switch r.state {
		case atMember:
			r.member()
		case atCase:
			r.nextCase()
		}
		if r.p.err != nil {
			r.finish()
		}
	}
	return r.state == atEnd
}

// Result is what the reading found, once Continue reported it done: the
// expectations, or an *ExpectError naming the line and case.
func (r *ExpectReading) Result() (*Expectations, error) {
	if r.state != atEnd {
		return nil, &ExpectError{File: r.name, Msg: "the file was not read to its end."}
	}
	return r.result, r.err
}

func (r *ExpectReading) fail(off, caseNo int, msg string) error {
	line, _ := position(r.text, off)
	return &ExpectError{File: r.name, Line: line, Case: caseNo, Msg: msg}
}

// member reads one member of the file's object, as jsonReader.value reads
// an object's; a "cases" list is only opened, its cases read by nextCase.
func (r *ExpectReading) member() {
	p := &r.p
	p.space()
	off := p.i
	if p.i >= len(p.s) || p.s[p.i] != '"' {
		p.fail("a key in quotes belongs here")
		return
	}
	key := p.string()
	p.space()
	if p.i >= len(p.s) || p.s[p.i] != ':' {
		p.fail("a colon belongs after the key " + strconv.Quote(key))
		return
	}
	p.i++
	if key == "cases" {
		// The last "cases" of the file counts, as a JSON object's last
		// member of a name does.
		r.casesSeen, r.casesVal, r.caseNo, r.caseErr = true, jsonValue{}, 0, nil
		// Room for as many cases as the rest of the text can hold at 64
		// bytes a case (one as the page writes it is about 85): growing
		// the list copies it, and in the page each copy of 100,000
		// cases was work for its collector.
		r.exp.Cases = make([]Case, 0, (len(p.s)-p.i)/64+1)
		p.space()
		if p.i < len(p.s) && p.s[p.i] == '[' {
			r.casesVal = jsonValue{kind: '[', off: p.i}
			p.i++
			p.space()
			if p.i < len(p.s) && p.s[p.i] == ']' {
				p.i++
				r.afterMember()
				return
			}
			r.state = atCase
			return
		}
	}
	v := p.value(1)
	if p.err != nil {
		return
	}
	switch key {
	case "cases":
		r.casesVal = v
	case "robots", "robots_b64":
		r.robotsMember(off, key, v)
	case "policy":
		r.policy = &v
	case "urls":
		r.urls = &v
	}
	// Other fields ("source" in the conformance files) are notes.
	r.afterMember()
}

// robotsMember reads the file's own robots.txt, keeping the first problem.
func (r *ExpectReading) robotsMember(off int, key string, v jsonValue) {
	if r.robotsErr != nil {
		return
	}
	if v.kind != '"' {
		r.robotsErr = r.fail(v.off, 0, quote(key)+" is "+v.kindName()+", where a string belongs.")
		return
	}
	if r.exp.HasRobots {
		r.robotsErr = r.fail(off, 0, `the file gives both "robots" and "robots_b64": keep one.`)
		return
	}
	body, err := robotsField(key, v.str)
	if err != nil {
		r.robotsErr = r.fail(v.off, 0, err.Error())
		return
	}
	r.exp.Robots, r.exp.HasRobots = body, true
}

// nextCase reads one case of the "cases" list.
func (r *ExpectReading) nextCase() {
	p := &r.p
	// An object is read a member at a time into fields, with no value
	// built for it: nothing is allocated for a case but the case
	// (100,000 of them made the page's collector run, and every cycle is
	// a long task in WebAssembly).
	var fields caseFields
	var off int
	var msg string // the first member that is not what it should be
	p.space()
	v := jsonValue{kind: '{', off: p.i}
	if p.i < len(p.s) && p.s[p.i] == '{' {
		for last := p.objectStart(); !last; {
			var m jsonMember
			if m, last = p.member(2); p.err != nil {
				return
			}
			if msg == "" {
				off, msg = fields.take(m)
			}
		}
	} else if v = p.value(2); p.err != nil {
		return
	}
	r.caseNo++
	if r.caseErr == nil {
		if msg == "" {
			var c Case
			c, off, msg = readCase(v, &fields)
			if msg == "" {
				// The cases come in file order, so one cursor finds every
				// line in a single pass (issue 20: a search from the start
				// for each case made 100,000 cases on one line take minutes).
				c.Line = r.lines.at(v.off)
				r.exp.Cases = append(r.exp.Cases, c)
			}
		}
		if msg != "" {
			r.caseErr = r.fail(off, r.caseNo, msg)
		}
	}
	if !p.next(']') {
		return
	}
	if p.s[p.i-1] == ']' {
		r.state = atMember
		r.afterMember()
	}
}

// afterMember reads the comma or the closing brace after a member.
func (r *ExpectReading) afterMember() {
	p := &r.p
	if !p.next('}') {
		return
	}
	if p.s[p.i-1] == '}' {
		r.endOfText()
		r.finish()
	}
}

// endOfText checks that nothing but white space follows the object.
func (r *ExpectReading) endOfText() {
	if r.p.err == nil {
		r.p.space()
		if r.p.i < len(r.p.s) {
			r.p.fail("more follows the JSON value: a file holds one object")
		}
	}
}

// finish ends the reading with its outcome.
func (r *ExpectReading) finish() {
	r.state = atEnd
	if r.err != nil {
		return
	}
	if serr := r.p.err; serr != nil {
		_, col := position(r.text, serr.off)
		r.err = r.fail(serr.off, 0, "the JSON is malformed at column "+strconv.Itoa(col)+": "+serr.msg+".")
		return
	}
	r.result, r.err = r.outcome()
	if r.err != nil {
		r.result = nil
	}
}

// outcome is the expectations read, or the first problem in the order
// described above.
func (r *ExpectReading) outcome() (*Expectations, error) {
	if r.robotsErr != nil {
		return nil, r.robotsErr
	}
	exp := &r.exp
	var fromPolicy []Case
	if r.policy != nil {
		// A policy stands for cases of its own (readPolicy, policyCases in expect.go).
		pol, off, msg := readPolicy(*r.policy)
		var at []string
		if msg == "" && r.urls != nil {
			at, off, msg = readURLs(*r.urls)
		}
		if msg != "" {
			return nil, r.fail(off, 0, msg)
		}
		line, _ := position(r.text, r.policy.off)
		fromPolicy = policyCases(pol, at, line)
		if !r.casesSeen {
			exp.Cases = fromPolicy
			return exp, nil
		}
	}
	if !r.casesSeen {
		return nil, r.fail(0, 0, `the file has no "cases": add "cases": [{"agent": "Googlebot", "url": "https://example.com/", "expected": "allowed"}].`)
	}
	if r.casesVal.kind != '[' {
		return nil, r.fail(r.casesVal.off, 0, `"cases" must be a list: "cases": [{"agent": …, "url": …, "expected": "allowed"}].`)
	}
	if r.caseErr != nil {
		return nil, r.caseErr
	}
	if exp.Cases == nil {
		exp.Cases = []Case{}
	}
	exp.Cases = append(exp.Cases, fromPolicy...)
	return exp, nil
}
