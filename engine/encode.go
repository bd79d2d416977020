package engine

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// What a browser sends for a URL a person typed, so that a tester can show
// "tested as" before matching. Test never rewrites a URL: Google matches the
// URL it is given, already encoded by whoever sent it. The steps follow the
// WHATWG URL Standard's basic URL parser for the special schemes http, https
// and ftp.

// Encoded is a typed URL as a browser would send it.
type Encoded struct {
	URL     string // what is sent; a path when a path alone was typed ("" when Err is set)
	Host    string // the host as sent (lower-case, punycode), "" for a path alone
	Path    string // what robots.txt rules are matched against: MatchPath(URL)
	Changed bool   // URL differs from what was typed
	// Notes are sentences, one per change a browser made.
	Notes []string
	// Err says why the input cannot be read as a URL, with what to type
	// instead; the other fields are then empty.
	Err string
}

// EncodeURL reads what a person typed as a browser reads an address: the
// host mapped to punycode, characters outside the WHATWG percent-encode
// sets' allowance percent-encoded as UTF-8 (existing %XX escapes kept), dot
// segments resolved, the fragment dropped. A path alone ("/a b") is encoded
// as a path; a URL without a scheme ("example.com/x") is read as https.
func EncodeURL(typed string) Encoded {
	if e, ok := encodedAsIs(typed); ok {
		return e
	}
	return encodeURL(typed)
}

// encodedAsIs is EncodeURL's answer for a URL a browser sends as typed,
// the most common kind (a crawler's log, a sitemap, a script testing its
// own links), told in one pass without the full reading's copies: ok is
// false whenever any part could need a change or a note, and
// encodeURL then reads it. It asks for http or https in lower case; a host
// of lower-case letters, digits, '-' and '.', whose last label starts with
// a letter (so it is no IPv4 address) and no label "xn--" (Punycode to
// check); a path, then maybe a query, of printable ASCII that their
// percent-encode sets leave as it is, without a backslash, a fragment, a
// dot segment or a "%2e" (which could be one). TestEncodedAsIsIsTheFullReading
// and FuzzEncodedAsIs hold it to encodeURL's answer.
func encodedAsIs(typed string) (e Encoded, ok bool) {
	// The scheme by one eight-byte read (wordAt): in js/wasm each prefix
	// compared was a call of memequal.
	if len(typed) < 8 {
		return e, false
	}
	var rest string
	switch w := wordAt(typed, 0); {
	case w == wordHTTPS:
		rest = typed[8:]
	case w&0xFFFFFFFFFFFFFF == wordHTTP:
		rest = typed[7:]
	default:
		return e, false
	}
	slash := strings.IndexByte(rest, '/')
	if slash <= 0 {
		return e, false
	}
	host, last := rest[:slash], 0
	for i := 0; i < len(host); i++ {
		switch c := host[i]; {
		case 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-':
		case c == '.':
			last = i + 1
		default:
			return e, false
		}
		if i == last && host[i] == 'x' && strings.HasPrefix(host[i:], "xn--") {
			return e, false
		}
	}
	if last == len(host) || host[last] < 'a' || host[last] > 'z' {
		return e, false
	}
	start := len(typed) - len(rest) + slash
	set := &asIsPath
	for i := start; i < len(typed); i++ {
		c := typed[i]
		switch {
		case !set.Has(c):
			return e, false
		case c == '?':
			set = &asIsQuery
		case set == &asIsQuery:
		case c == '.' && typed[i-1] == '/' && dotSegmentAt(typed, i),
			c == '%' && i+2 < len(typed) && typed[i+1] == '2' && typed[i+2]|0x20 == 'e':
			return e, false
		}
	}
	return Encoded{URL: typed, Host: host, Path: typed[start:]}, true
}

// "https://" and "http://" as little-endian words (wordAt).
const (
	wordHTTPS = 0x2f2f3a7370747468 // "https://"
	wordHTTP  = 0x2f2f3a70747468   // "http://"
)

// dotSegmentAt says whether the path segment starting at s[i], a '.', is
// "." or "..", which a browser resolves: the segment ends at '/', '?' or
// the end (encodedAsIs has refused '#' and '\\'). "/.well-known" is no
// dot segment.
func dotSegmentAt(s string, i int) bool {
	end := func(j int) bool { return j == len(s) || s[j] == '/' || s[j] == '?' }
	return end(i+1) || s[i+1] == '.' && end(i+2)
}

// ByteSet is a set of bytes, a bit each: what PercentEncode escapes, and
// the bytes encodedAsIs lets through.
type ByteSet [4]uint64

// Has says whether c is in s.
func (s *ByteSet) Has(c byte) bool { return s[c/64]&(1<<(c%64)) != 0 }

// ByteSetOf is the set of the bytes in says are in it.
func ByteSetOf(in func(byte) bool) (s ByteSet) {
	for c := range 256 {
		if in(byte(c)) {
			s[c/64] |= 1 << (c % 64)
		}
	}
	return s
}

// asIsPath and asIsQuery are the bytes encodedAsIs lets through in a path
// and in a query: printable ASCII their percent-encode sets leave as it is,
// without '#' or '\\'; the path's set holds '?', which starts the query.
var asIsPath, asIsQuery = func() (path, query ByteSet) {
	for c := byte('!'); c < 0x7F; c++ {
		if c == '#' || c == '\\' {
			continue
		}
		if !InPathSet(c) || c == '?' {
			path[c/64] |= 1 << (c % 64)
		}
		if !InSpecialQuerySet(c) {
			query[c/64] |= 1 << (c % 64)
		}
	}
	return path, query
}()

// encodeURL is EncodeURL's full reading.
func encodeURL(typed string) Encoded {
	var e Encoded
	cleaned := cleanTyped(typed)
	if cleaned == "" {
		e.Err = "Nothing to test: type a URL such as https://example.com/page, or a path such as /page."
		return e
	}
	if cleaned != typed {
		e.note("Spaces and control characters around the URL, and tabs or line breaks inside it, are dropped, as browsers do.")
	}
	if !utf8.ValidString(cleaned) {
		cleaned = strings.ToValidUTF8(cleaned, "\uFFFD")
		e.note("Bytes that are not UTF-8 are read as U+FFFD, the replacement character, as browsers do.")
	}
	p := splitURL(cleaned)
	// One allocation for the URL in most cases: what is sent is about as
	// long as what was typed (a script API reads a URL a call, issue 26).
	var b strings.Builder
	b.Grow(len(cleaned) + 8)
	switch {
	case p.scheme != "" && !p.special:
		e.Err = "robots.txt governs http, https and ftp URLs only, not " + p.scheme + ": URLs; type a URL such as https://example.com/page."
		return e
	case !p.bare:
		if p.noScheme {
			p.scheme = "https"
			e.note("No scheme was typed, so the URL is read as https; rules see only the path, which is the same for http.")
		}
		host, _, err := asciiHost(p.host)
		if err != "" {
			if p.noScheme {
				e.Err = strconv.Quote(typed) + " is neither a URL nor a path: start a path with / (such as /page), or write a whole URL such as https://example.com/page."
			} else {
				e.Err = "The URL cannot be read: " + err + "."
			}
			return e
		}
		if host != p.host {
			e.note("The host " + p.host + " is sent as " + host + " (lower-case; non-ASCII names in punycode, RFC 3492).")
		}
		port, err := portNumber(p.scheme, p.port)
		if err != "" {
			e.Err = "The URL cannot be read: " + err + "."
			return e
		}
		if p.userinfo != "" {
			e.note("The user name and password before @ are not part of the request, so they are left out.")
		}
		e.Host = host
		b.WriteString(p.scheme)
		b.WriteString("://")
		b.WriteString(host)
		if port != defaultPorts[p.scheme] {
			b.WriteString(":" + strconv.Itoa(port))
		} else if p.port != "" {
			e.note("The port " + p.port + " is the default for " + p.scheme + ", so it is left out.")
		}
	}
	path := p.path
	if strings.IndexByte(path, '\\') >= 0 {
		path = strings.ReplaceAll(path, "\\", "/")
		e.note("Backslashes in the path are read as slashes, as browsers do for http, https and ftp.")
	}
	if resolved := RemoveDotSegments(path); resolved != path {
		if path != "" {
			e.note("The segments . and .. in the path are resolved: " + path + " is sent as " + resolved + ".")
		}
		path = resolved
	}
	if enc := PercentEncode(path, &PathSet); enc != path {
		e.note("Spaces, non-ASCII letters and some symbols in the path are percent-encoded as UTF-8: " + path + " is sent as " + enc + ".")
		path = enc
	}
	if p.bare && strings.HasPrefix(path, "//") {
		e.note("The path starts with //, which Google's matcher reads as the start of a host name; type the whole URL, such as https://example.com" + path + ", to test it.")
	}
	b.WriteString(path)
	if p.hasQuery {
		query := PercentEncode(p.query, &SpecialQuerySet)
		if query != p.query {
			e.note("Spaces, non-ASCII letters and some symbols in the query are percent-encoded as UTF-8: ?" + p.query + " is sent as ?" + query + ".")
		}
		b.WriteByte('?')
		b.WriteString(query)
	}
	if p.hasFrag {
		e.note("The fragment #" + p.fragment + " is never sent to the server, so robots.txt rules cannot see it; it is left out.")
	}
	e.URL = b.String()
	e.Path = MatchPath(e.URL)
	e.Changed = e.URL != typed
	return e
}

func (e *Encoded) note(s string) { e.Notes = append(e.Notes, s) }

// RemoveDotSegments resolves "." and ".." segments (also written %2e) the
// way the WHATWG path state does: ".." drops the segment before it, and a
// dot segment at the end leaves a trailing slash. An empty path becomes "/".
func RemoveDotSegments(path string) string {
	if !hasDotSegment(path) {
		// Most paths: nothing to resolve, only the leading slash to ensure,
		// without splitting or copying (a tester encodes a million URLs at
		// a time).
		if strings.HasPrefix(path, "/") {
			return path
		}
		return "/" + path
	}
	segments := strings.Split(strings.TrimPrefix(path, "/"), "/")
	out := make([]string, 0, len(segments))
	for i, seg := range segments {
		last := i == len(segments)-1
		switch {
		case isDoubleDotSegment(seg):
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
			if last {
				out = append(out, "")
			}
		case isSingleDotSegment(seg):
			if last {
				out = append(out, "")
			}
		default:
			out = append(out, seg)
		}
	}
	return "/" + strings.Join(out, "/")
}

// isSingleDotSegment: "." or "%2e", ASCII case-insensitive (WHATWG URL,
// single-dot URL path segment).
// hasDotSegment reports whether a segment of path is "." or "..", in any
// of their escaped spellings.
func hasDotSegment(path string) bool {
	for path != "" {
		seg := path
		if i := strings.IndexByte(path, '/'); i >= 0 {
			seg, path = path[:i], path[i+1:]
		} else {
			path = ""
		}
		if isSingleDotSegment(seg) || isDoubleDotSegment(seg) {
			return true
		}
	}
	return false
}

func isSingleDotSegment(s string) bool {
	return s == "." || strings.EqualFold(s, "%2e")
}

// isDoubleDotSegment: "..", ".%2e", "%2e." or "%2e%2e", ASCII
// case-insensitive (WHATWG URL, double-dot URL path segment).
func isDoubleDotSegment(s string) bool {
	if len(s) != 2 && len(s) != 4 && len(s) != 6 {
		return false
	}
	switch strings.ToLower(s) {
	case "..", ".%2e", "%2e.", "%2e%2e":
		return true
	}
	return false
}

// PercentEncode writes each byte of s in escape as %XX (upper-case hex, as
// browsers write it). "%" is never escaped, so existing escapes stay. The
// set is a ByteSet, tested inline, not a function: a call a byte through
// a function value cost a fifth of a handle's test of 0030.txt's URLs
// that hold an en dash in js/wasm (issue 26).
func PercentEncode(s string, escape *ByteSet) string {
	n := 0
	for i := 0; i < len(s); i++ {
		if escape.Has(s[i]) {
			n++
		}
	}
	if n == 0 {
		return s
	}
	const hex = "0123456789ABCDEF"
	buf := make([]byte, 0, len(s)+2*n)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if escape.Has(c) {
			buf = append(buf, '%', hex[c>>4], hex[c&15])
		} else {
			buf = append(buf, c)
		}
	}
	return string(buf)
}

// inC0ControlSet is the C0 control percent-encode set (WHATWG URL,
// "percent-encoded bytes"): the C0 controls and every code point above
// U+007E (~), which in UTF-8 is every byte from 0x7F up.
func inC0ControlSet(c byte) bool {
	return c < 0x20 || c > 0x7E
}

// inQuerySet is the query percent-encode set: the C0 control set and
// space, '"', '#', '<' and '>'.
func inQuerySet(c byte) bool {
	switch c {
	case ' ', '"', '#', '<', '>':
		return true
	}
	return inC0ControlSet(c)
}

// InSpecialQuerySet is the special-query percent-encode set, used for the
// query of http, https and ftp URLs: the query set and the apostrophe.
func InSpecialQuerySet(c byte) bool {
	return c == '\'' || inQuerySet(c)
}

// PathSet and SpecialQuerySet are InPathSet's and InSpecialQuerySet's
// bytes, for PercentEncode.
var PathSet, SpecialQuerySet = ByteSetOf(InPathSet), ByteSetOf(InSpecialQuerySet)

// InPathSet is the path percent-encode set: the query set and '?', '^',
// '`', '{' and '}'.
func InPathSet(c byte) bool {
	switch c {
	case '?', '^', '`', '{', '}':
		return true
	}
	return inQuerySet(c)
}
