package sitemap

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A small XML reader for sitemaps: elements, attributes, text, CDATA and
// the five predefined and numeric character references (XML 1.0 §2.4,
// §2.7, §3.1, §4.1, §4.6); comments, processing instructions and a
// DOCTYPE are skipped. It is strict where a sitemap breaks in practice (an
// unescaped "&", a tag closed in the wrong order, a file cut short) and
// says where. It stands in for encoding/xml, which would add about 110 KB
// to the page's WebAssembly for the little a sitemap needs.

// maxXMLDepth bounds how many elements may be open at once. A sitemap
// nests four deep (<urlset><url><loc>, an image or news extension one or
// two more), a feed's XHTML content a few more; 48 MB of "<a>" would
// otherwise make a stack of sixteen million open names.
const maxXMLDepth = 100

// maxXMLText is the most of one run of text (or one attribute value) a
// token carries: a sitemap reads text only from <loc>, where anything over
// 2,047 characters is refused anyway, so a 5 MB <loc> costs no 5 MB
// copies. The rest is still checked (an "&" that starts no reference is
// an error wherever it is) and counted in size.
const maxXMLText = 64 << 10

type xmlKind uint8

const (
	xmlStart xmlKind = iota + 1
	xmlEnd
	xmlText
)

type xmlAttr struct{ name, value string }

// xmlToken is one element start, element end or run of text. Names are the
// local part (after any prefix), as written.
type xmlToken struct {
	kind  xmlKind
	name  string
	attrs []xmlAttr
	text  string // at most maxXMLText bytes of it
	size  int    // the text's length in the file, in bytes
}

// xmlReader reads tokens from data until the end or the first error.
type xmlReader struct {
	data    []byte
	pos     int
	line    int
	open    []string // qualified names of the open elements
	pending *xmlToken
	err     string // the first error, "" when none
	errLine int
	// encoding is the XML declaration's encoding, "" when not declared.
	encoding string
}

func newXMLReader(data []byte) *xmlReader { return &xmlReader{data: data, line: 1} }

func (r *xmlReader) fail(msg string) bool {
	if r.err == "" {
		r.err, r.errLine = msg, r.line
	}
	return false
}

// advance moves past n bytes, counting lines.
func (r *xmlReader) advance(n int) {
	r.line += bytes.Count(r.data[r.pos:r.pos+n], []byte{'\n'})
	r.pos += n
}

// skipPast moves past the next occurrence of end, or fails with what was
// left open.
func (r *xmlReader) skipPast(end, what string) bool {
	i := bytes.Index(r.data[r.pos:], []byte(end))
	if i < 0 {
		return r.fail("the file ends inside " + what)
	}
	r.advance(i + len(end))
	return true
}

// next returns the next token; false at the end of the data or at an
// error (r.err says which).
func (r *xmlReader) next() (xmlToken, bool) {
	if r.pending != nil {
		t := *r.pending
		r.pending = nil
		return t, true
	}
	for r.err == "" {
		if r.pos >= len(r.data) {
			if len(r.open) > 0 {
				r.fail("the file ends before <" + r.open[len(r.open)-1] + "> is closed")
			}
			return xmlToken{}, false
		}
		if r.data[r.pos] != '<' {
			end := bytes.IndexByte(r.data[r.pos:], '<')
			if end < 0 {
				end = len(r.data) - r.pos
			}
			raw := r.data[r.pos : r.pos+end]
			text, ok := r.unescape(raw)
			r.advance(end)
			if !ok {
				return xmlToken{}, false
			}
			if len(r.open) == 0 {
				if strings.TrimSpace(text) != "" {
					r.fail("there is text outside the root element")
					return xmlToken{}, false
				}
				continue
			}
			return xmlToken{kind: xmlText, text: text, size: len(raw)}, true
		}
		rest := r.data[r.pos:]
		switch {
		case bytes.HasPrefix(rest, []byte("<!--")):
			r.skipPast("-->", "a comment (<!-- without -->)")
		case bytes.HasPrefix(rest, []byte("<![CDATA[")):
			start := r.pos + len("<![CDATA[")
			if r.skipPast("]]>", "a CDATA section (<![CDATA[ without ]]>)") {
				cdata := r.data[start : r.pos-3]
				return xmlToken{kind: xmlText, text: string(cdata[:min(len(cdata), maxXMLText)]), size: len(cdata)}, true
			}
		case bytes.HasPrefix(rest, []byte("<?")):
			start := r.pos
			if r.skipPast("?>", "a processing instruction (<? without ?>)") && r.encoding == "" {
				r.encoding = declaredEncoding(string(r.data[start:r.pos]))
			}
		case bytes.HasPrefix(rest, []byte("<!")):
			r.skipDeclaration()
		case bytes.HasPrefix(rest, []byte("</")):
			return r.endTag()
		default:
			return r.startTag()
		}
	}
	return xmlToken{}, false
}

// skipDeclaration skips <!DOCTYPE …>, brackets of an internal subset
// included.
func (r *xmlReader) skipDeclaration() {
	depth := 0
	for i := r.pos; i < len(r.data); i++ {
		switch r.data[i] {
		case '[':
			depth++
		case ']':
			depth--
		case '>':
			if depth <= 0 {
				r.advance(i + 1 - r.pos)
				return
			}
		}
	}
	r.fail("the file ends inside a <! declaration")
}

func (r *xmlReader) endTag() (xmlToken, bool) {
	end := bytes.IndexByte(r.data[r.pos:], '>')
	if end < 0 {
		r.fail("the file ends inside an end tag")
		return xmlToken{}, false
	}
	name := strings.TrimSpace(string(r.data[r.pos+2 : r.pos+end]))
	switch {
	case len(r.open) == 0:
		r.fail("</" + name + "> closes an element that was never opened")
		return xmlToken{}, false
	case r.open[len(r.open)-1] != name:
		r.fail("</" + name + "> closes <" + r.open[len(r.open)-1] + ">, which it does not match")
		return xmlToken{}, false
	}
	r.open = r.open[:len(r.open)-1]
	r.advance(end + 1)
	return xmlToken{kind: xmlEnd, name: localName(name)}, true
}

func (r *xmlReader) startTag() (xmlToken, bool) {
	i := r.pos + 1
	nameEnd := i
	for nameEnd < len(r.data) && isNameByte(r.data[nameEnd]) {
		nameEnd++
	}
	if nameEnd == i {
		r.fail("a \"<\" starts no tag; write &lt; for a literal \"<\"")
		return xmlToken{}, false
	}
	qname := string(r.data[i:nameEnd])
	t := xmlToken{kind: xmlStart, name: localName(qname)}
	i = nameEnd
	for {
		for i < len(r.data) && xmlSpace(r.data[i]) {
			i++
		}
		if i >= len(r.data) {
			r.fail("the file ends inside the tag <" + qname + ">")
			return xmlToken{}, false
		}
		switch c := r.data[i]; {
		case c == '>' || c == '/' && i+1 < len(r.data) && r.data[i+1] == '>':
			self := c == '/'
			if self {
				i++
			}
			r.advance(i + 1 - r.pos)
			if self {
				r.pending = &xmlToken{kind: xmlEnd, name: t.name}
			} else {
				if len(r.open) >= maxXMLDepth {
					r.fail("elements nest more than " + strconv.Itoa(maxXMLDepth) + " deep at <" + qname + ">, deeper than any sitemap; close the elements left open")
					return xmlToken{}, false
				}
				r.open = append(r.open, qname)
			}
			return t, true
		case isNameByte(c):
			start := i
			for i < len(r.data) && isNameByte(r.data[i]) {
				i++
			}
			name := string(r.data[start:i])
			for i < len(r.data) && xmlSpace(r.data[i]) {
				i++
			}
			if i+1 >= len(r.data) || r.data[i] != '=' {
				r.advance(i - r.pos)
				r.fail("the attribute " + name + " of <" + qname + "> has no value; write " + name + "=\"…\"")
				return xmlToken{}, false
			}
			i++
			for i < len(r.data) && xmlSpace(r.data[i]) {
				i++
			}
			if i >= len(r.data) || r.data[i] != '"' && r.data[i] != '\'' {
				r.advance(min(i, len(r.data)) - r.pos)
				r.fail("the value of " + name + " in <" + qname + "> is not in quotes")
				return xmlToken{}, false
			}
			q := r.data[i]
			end := bytes.IndexByte(r.data[i+1:], q)
			if end < 0 {
				r.fail("the file ends inside the value of " + name + " in <" + qname + ">")
				return xmlToken{}, false
			}
			value, ok := r.unescape(r.data[i+1 : i+1+end])
			if !ok {
				return xmlToken{}, false
			}
			t.attrs = append(t.attrs, xmlAttr{localName(name), value})
			i += end + 2
		default:
			r.advance(i - r.pos)
			r.fail("unexpected " + strconv.QuoteRune(rune(c)) + " in the tag <" + qname + ">")
			return xmlToken{}, false
		}
	}
}

// unescape replaces character references in raw text, keeping at most
// maxXMLText bytes of it but checking all.
func (r *xmlReader) unescape(raw []byte) (string, bool) {
	if bytes.IndexByte(raw, '&') < 0 {
		return string(raw[:min(len(raw), maxXMLText)]), true
	}
	var b strings.Builder
	write := func(p []byte) { b.Write(p[:min(len(p), max(maxXMLText-b.Len(), 0))]) }
	orig := raw
	for len(raw) > 0 {
		amp := bytes.IndexByte(raw, '&')
		if amp < 0 {
			write(raw)
			break
		}
		write(raw[:amp])
		raw = raw[amp:]
		semi := bytes.IndexByte(raw, ';')
		ref := ""
		if semi > 0 && semi <= 12 {
			ref = string(raw[1:semi])
		}
		s, ok := entity(ref)
		if !ok {
			r.line += bytes.Count(orig[:len(orig)-len(raw)], []byte{'\n'})
			r.fail("an \"&\" starts no valid character reference; write &amp; for a literal \"&\"")
			return "", false
		}
		if b.Len() < maxXMLText {
			b.WriteString(s)
		}
		raw = raw[semi+1:]
	}
	return b.String(), true
}

// entity is the text of a character reference's name ("amp", "#38",
// "#x26").
func entity(ref string) (string, bool) {
	switch ref {
	case "amp":
		return "&", true
	case "lt":
		return "<", true
	case "gt":
		return ">", true
	case "quot":
		return "\"", true
	case "apos":
		return "'", true
	}
	if !strings.HasPrefix(ref, "#") {
		return "", false
	}
	base, digits := 10, ref[1:]
	if strings.HasPrefix(digits, "x") {
		base, digits = 16, digits[1:]
	}
	n, err := strconv.ParseUint(digits, base, 32)
	if err != nil || !utf8.ValidRune(rune(n)) || n == 0 {
		return "", false
	}
	return string(rune(n)), true
}

// declaredEncoding reads encoding="…" from an XML declaration.
func declaredEncoding(pi string) string {
	if !strings.HasPrefix(pi, "<?xml") {
		return ""
	}
	i := strings.Index(pi, "encoding")
	if i < 0 {
		return ""
	}
	rest := strings.TrimLeft(pi[i+len("encoding"):], " \t\r\n=")
	if rest == "" || rest[0] != '"' && rest[0] != '\'' {
		return ""
	}
	end := strings.IndexByte(rest[1:], rest[0])
	if end < 0 {
		return ""
	}
	return rest[1 : 1+end]
}

func localName(q string) string { return q[strings.LastIndexByte(q, ':')+1:] }

// isNameByte accepts the bytes of XML names: ASCII letters, digits, "_",
// "-", ".", ":" and any byte of a multi-byte UTF-8 character.
func isNameByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '_' || c == '-' || c == '.' || c == ':' || c >= 0x80
}

// xmlSpace is XML's white space (XML 1.0 §2.3, S).
func xmlSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
