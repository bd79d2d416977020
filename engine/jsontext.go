package engine

import (
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// A small JSON reader and writer for expectations files (expect.go). The
// engine is compiled into the page, and encoding/json would add about
// 460 KB to it (wasm/files.go measured it); this reader also knows where
// every value starts, so an error names its line and column.

// jsonValue is one parsed JSON value.
type jsonValue struct {
	kind byte // '{', '[', '"', '0' (a number), 't', 'f', 'n' (null)
	off  int  // where the value starts in the input
	str  string
	obj  []jsonMember
	arr  []jsonValue
}

type jsonMember struct {
	key string
	off int // where the key starts
	val jsonValue
}

// jsonSyntaxError is a malformed input at byte off.
type jsonSyntaxError struct {
	off int
	msg string
}

func (e *jsonSyntaxError) Error() string { return e.msg }

// maxJSONDepth bounds nesting, so a crafted file cannot exhaust the stack.
const maxJSONDepth = 64

// jsonReader reads JSON values from s, from byte i on (expectread.go
// reads a file's object with it, a member at a time).
type jsonReader struct {
	s   string
	i   int
	err *jsonSyntaxError
}

func (p *jsonReader) fail(msg string) {
	if p.err == nil {
		p.err = &jsonSyntaxError{off: p.i, msg: msg}
	}
}

func (p *jsonReader) space() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t' || p.s[p.i] == '\n' || p.s[p.i] == '\r') {
		p.i++
	}
}

func (p *jsonReader) value(depth int) jsonValue {
	p.space()
	v := jsonValue{off: p.i}
	if p.i >= len(p.s) {
		p.fail("the JSON ends too early: close every bracket and quote")
		return v
	}
	if depth > maxJSONDepth {
		p.fail("the JSON nests deeper than " + strconv.Itoa(maxJSONDepth) + " levels")
		return v
	}
	switch c := p.s[p.i]; {
	case c == '{':
		v.kind = '{'
		if p.objectStart() {
			return v
		}
		for p.err == nil {
			m, last := p.member(depth)
			if p.err != nil {
				return v
			}
			v.obj = append(v.obj, m)
			if last {
				return v
			}
		}
	case c == '[':
		v.kind = '['
		p.i++
		p.space()
		if p.i < len(p.s) && p.s[p.i] == ']' {
			p.i++
			return v
		}
		for p.err == nil {
			v.arr = append(v.arr, p.value(depth+1))
			if !p.next(']') {
				return v
			}
			if p.s[p.i-1] == ']' {
				return v
			}
		}
	case c == '"':
		v.kind = '"'
		v.str = p.string()
	case c == '-' || '0' <= c && c <= '9':
		v.kind = '0'
		start := p.i
		if !p.number() {
			p.i = start
			p.fail("a malformed number")
		}
		v.str = p.s[start:p.i]
	default:
		for _, lit := range []string{"true", "false", "null"} {
			if strings.HasPrefix(p.s[p.i:], lit) {
				v.kind = lit[0]
				p.i += len(lit)
				return v
			}
		}
		p.fail("a JSON value belongs here (an object, list, string, number, true, false or null)")
	}
	return v
}

// objectStart reads an object's opening brace at p.i, reporting whether
// the object is empty (and then read whole).
func (p *jsonReader) objectStart() (empty bool) {
	p.i++
	p.space()
	if p.i < len(p.s) && p.s[p.i] == '}' {
		p.i++
		return true
	}
	return false
}

// member reads the next member of an object at depth (its opening brace
// read), and the comma or closing brace after it; last reports the brace.
// The expectations reader takes a case's members one by one this way,
// building no value for the case.
func (p *jsonReader) member(depth int) (m jsonMember, last bool) {
	p.space()
	m.off = p.i
	if p.i >= len(p.s) || p.s[p.i] != '"' {
		p.fail("a key in quotes belongs here")
		return m, true
	}
	m.key = p.string()
	p.space()
	if p.i >= len(p.s) || p.s[p.i] != ':' {
		p.fail("a colon belongs after the key " + strconv.Quote(m.key))
		return m, true
	}
	p.i++
	m.val = p.value(depth + 1)
	if !p.next('}') {
		return m, true
	}
	return m, p.s[p.i-1] == '}'
}

// number reads a number at p.i (RFC 8259 §6: -?(0|[1-9][0-9]*)(\.[0-9]+)?
// ([eE][+-]?[0-9]+)?), reporting whether it is well formed. Numbers are
// only skipped: no field of an expectations file is one.
func (p *jsonReader) number() bool {
	digits := func() int {
		n := 0
		for p.i < len(p.s) && '0' <= p.s[p.i] && p.s[p.i] <= '9' {
			p.i++
			n++
		}
		return n
	}
	if p.s[p.i] == '-' {
		p.i++
	}
	if p.i < len(p.s) && p.s[p.i] == '0' {
		p.i++
	} else if digits() == 0 {
		return false
	}
	if p.i < len(p.s) && p.s[p.i] == '.' {
		p.i++
		if digits() == 0 {
			return false
		}
	}
	if p.i < len(p.s) && (p.s[p.i] == 'e' || p.s[p.i] == 'E') {
		p.i++
		if p.i < len(p.s) && (p.s[p.i] == '+' || p.s[p.i] == '-') {
			p.i++
		}
		if digits() == 0 {
			return false
		}
	}
	return true
}

// next reads the comma or the closing bracket after a member or element,
// reporting whether there is one.
func (p *jsonReader) next(closing byte) bool {
	p.space()
	if p.i >= len(p.s) {
		p.fail("the JSON ends too early: close every bracket and quote")
		return false
	}
	switch p.s[p.i] {
	case ',':
		p.i++
		return true
	case closing:
		p.i++
		return true
	}
	p.fail("a comma or " + strconv.Quote(string(closing)) + " belongs here")
	return false
}

// string reads a quoted string at p.i, decoding its escapes. A string
// with none is the input's own bytes, not a copy: a file of 100,000 cases
// then holds its text once rather than as 200,000 small strings, which the
// page's garbage collector would walk on each of its cycles.
func (p *jsonReader) string() string {
	p.i++ // the opening quote
	for j := p.i; j < len(p.s); j++ {
		if c := p.s[j]; c == '"' {
			v := p.s[p.i:j]
			p.i = j + 1
			return v
		} else if c == '\\' || c < 0x20 {
			break
		}
	}
	var b strings.Builder
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == '"':
			p.i++
			return b.String()
		case c < 0x20:
			p.fail("a line break or control character inside a string: write it as \\n, \\t or \\u00XX")
			return ""
		case c == '\\':
			if p.i+1 >= len(p.s) {
				p.i++
				continue
			}
			e := p.s[p.i+1]
			p.i += 2
			switch e {
			case '"', '\\', '/':
				b.WriteByte(e)
			case 'b':
				b.WriteByte('\b')
			case 'f':
				b.WriteByte('\f')
			case 'n':
				b.WriteByte('\n')
			case 'r':
				b.WriteByte('\r')
			case 't':
				b.WriteByte('\t')
			case 'u':
				r, ok := p.hex4()
				if !ok {
					return ""
				}
				if utf16.IsSurrogate(r) {
					r2 := rune(-1)
					if strings.HasPrefix(p.s[p.i:], `\u`) {
						p.i += 2
						if r2, ok = p.hex4(); !ok {
							return ""
						}
					}
					r = utf16.DecodeRune(r, r2)
				}
				b.WriteRune(r)
			default:
				p.i -= 2
				p.fail("an unknown escape \\" + string(e) + " in a string")
				return ""
			}
		default:
			b.WriteByte(c)
			p.i++
		}
	}
	p.fail("a string is not closed: add the closing quote")
	return ""
}

func (p *jsonReader) hex4() (rune, bool) {
	if p.i+4 > len(p.s) {
		p.fail("\\u needs four hex digits")
		return 0, false
	}
	n, err := strconv.ParseUint(p.s[p.i:p.i+4], 16, 32)
	if err != nil {
		p.fail("\\u needs four hex digits")
		return 0, false
	}
	p.i += 4
	return rune(n), true
}

// kindName names a JSON value's kind for a message.
func (v jsonValue) kindName() string {
	switch v.kind {
	case '{':
		return "an object"
	case '[':
		return "a list"
	case '"':
		return "a string"
	case '0':
		return "a number"
	case 't', 'f':
		return "true or false"
	}
	return "null"
}

// QuoteJSON quotes s as a JSON string (RFC 8259 §7): quote, backslash and
// control characters escaped, invalid UTF-8 replaced by U+FFFD, and U+2028
// and U+2029 escaped so the text is also a JavaScript literal. The page's
// exports use it too.
func QuoteJSON(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, c := range s {
		switch {
		case c == '"':
			b.WriteString(`\"`)
		case c == '\\':
			b.WriteString(`\\`)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\r':
			b.WriteString(`\r`)
		case c == '\t':
			b.WriteString(`\t`)
		case c < 0x20 || c == '\u2028' || c == '\u2029':
			b.WriteString(`\u`)
			h := strconv.FormatInt(int64(c), 16)
			b.WriteString(strings.Repeat("0", 4-len(h)) + h)
		default:
			b.WriteRune(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// position is the 1-based line and column (in characters) of byte off, a
// byte-order mark not counted. It reads s up to off: for one position (an
// error); lineCursor finds many.
func position(s string, off int) (line, col int) {
	off = min(max(off, 0), len(s))
	start := strings.LastIndexByte(s[:off], '\n') + 1
	if start == 0 && strings.HasPrefix(s[:off], byteOrderMark) {
		start = len(byteOrderMark)
	}
	return 1 + strings.Count(s[:off], "\n"), 1 + utf8.RuneCountInString(s[start:off])
}

// lineCursor finds the lines of offsets asked for in increasing order,
// counting each newline once; a smaller offset starts it over.
type lineCursor struct {
	s         string
	off, line int // line is the line of byte off
}

func (c *lineCursor) at(off int) int {
	off = min(max(off, 0), len(c.s))
	if off < c.off {
		c.off, c.line = 0, 1
	}
	c.line += strings.Count(c.s[c.off:off], "\n")
	c.off = off
	return c.line
}

// byteOrderMark is U+FEFF in UTF-8. RFC 8259 §8.1 lets a reader ignore one
// at the start of a JSON text, and editors on Windows write it.
const byteOrderMark = "\ufeff"
