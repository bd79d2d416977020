package readers

import (
	"robotstester/engine"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The ruby-webrobots reader: Ruby's webrobots gem, what Mechanize obeys,
// as WebRobots.new(agent, http_get: -> { body }).allowed?(url) answers.
// Matched to webrobots 0.1.2 (Debian's ruby-webrobots 0.1.2-1.1,
// webrobots.rb and webrobots/robotstxt.rb, whose grammar is robotstxt.ry
// compiled by Racc) on Ruby 3.1.2 with its uri 0.11.0; the differential
// test runs the real gem. The body is binary, as Net::HTTP returns it.
// What it does, in its own order:
//
//   - allowed? parses the URL with URI.parse (RFC 3986, ASCII only): it
//     must be http or https with a host, or allowed? raises. The path and
//     query ("/" when empty) is what the rules see; "/robots.txt" itself is
//     always allowed, before the file is read.
//   - A scanner cuts the file into tokens: an end of line is LF or CRLF
//     with the spaces and tabs before it; spaces and tabs; ':'; '#' to the
//     end of the line; after a ':' the value, up to the spaces before a '#'
//     or a LF (so with CRLF the value keeps its CR: "Disallow: /a" then
//     matches nothing, and "User-agent: *" is no longer "*"); else a key,
//     a run of characters other than controls and ()<>@,;:\"/[]?={}
//     (spaces included). A character the scanner cannot take (a lone CR, a
//     '/' in a key) makes the file unreadable: everything is allowed.
//   - Racc's grammar then reads lines: blank lines separate records; a
//     record is comment lines, user-agent lines (comments between), then
//     rule lines (Allow, Disallow, Crawl-delay or any other key with a
//     value; comments and Sitemap lines between). Rule lines after a blank
//     line with no user-agent line are dropped, except before the first
//     record. Any other line (a space before a key, a key with no colon,
//     a user-agent line right after rules, "Disallow:" as the very end of
//     the file, an empty value followed by a comment, "Disallow: # none")
//     is a syntax error: everything is allowed. (When the error is the
//     first token of a line, Racc has already closed the file as read so
//     far, matching its records against the agent, which may raise.)
//   - Sitemap lines count as comments; Crawl-delay and other keys never
//     change a verdict.
//   - The records naming the agent come first, in file order, then those
//     with "User-agent: *"; the first that applies is used. A user-agent
//     value applies when it is found inside the agent, ignoring case as
//     Ruby's Regexp does (K for k, ſ for s, ß for ss, ﬁ for fi, …); an
//     empty value applies to every agent.
//   - Rules are tried longest value first, an Allow before a Disallow of
//     the same length; the first that matches decides; an empty value
//     never matches. A rule is a regular expression from the start of the
//     path: '*' is any run of characters, '$' ends the path and drops the
//     rest of the value, %XX is the character U+00XX (on both sides;
//     %2F stays %2F or %2f), everything else is literal.
//   - Ruby's string encodings raise Encoding::CompatibilityError (and so
//     allowed? raises) where a value mixes raw bytes above 0x7F with %XX
//     above 7F, or where a value with raw bytes above 0x7F is matched
//     against a non-ASCII agent or a path with %XX above 7F.

type webrobotsFile struct {
	records []wrRecord
	// allowAll: the scanner or the grammar refused the file; webrobots
	// then has no rules. fail: reading it raised an error.
	allowAll, fail string
	failAt         int
	// partial: the records read before the syntax error, which
	// RobotsTxt.new was given before Racc found it.
	partial []wrRecord
}

type wrRecord struct {
	line   int // its first user-agent line
	agents []wrValue
	star   bool // a value is exactly "*"
	rules  []wrRule
}

type wrValue struct {
	text string
	line int
}

type wrRule struct {
	allow bool
	line  int
	value string // as scanned, binary
	// The rule's regular expression: its parts split at each '*'; each
	// part a string to match, where wrSlash stands for %2[fF].
	parts  []string
	anchor bool // ends with \z
	// binary: the expression holds raw bytes above 0x7F, which Ruby
	// matches only against ASCII text.
	binary bool
}

// wrSlash marks %2[fF] in a rule's parts: a byte that UTF-8 text never
// holds (%FF becomes U+00FF, two bytes; a raw 0xFF makes the rule binary,
// which never compares its parts).
const wrSlash = "\xff"

func (f *webrobotsFile) Reader() string { return "ruby-webrobots" }

// wrToken is one token of webrobots' scanner.
type wrToken struct {
	kind byte // 'E' end of line, 'S' space, ':' colon, '#' comment, 'V' value, 'K' key
	text string
	at   int // byte offset
}

// wrKeys are the keys the scanner knows, compared ignoring ASCII case.
var wrKeys = []string{"user-agent", "allow", "disallow", "crawl-delay", "sitemap"}

// wrScan is the scanner of Parser#parse; ok is false where it raises.
func wrScan(s string) (tokens []wrToken, at int, ok bool) {
	valueExpected := false
	pos := 0
	for pos < len(s) {
		j := pos
		for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
			j++
		}
		end := -1
		switch {
		case j == len(s):
			end = j
		case s[j] == '\n':
			end = j + 1
		case s[j] == '\r' && j+1 < len(s) && s[j+1] == '\n':
			end = j + 2
		}
		switch {
		case end >= 0:
			if valueExpected {
				tokens = append(tokens, wrToken{'V', "", pos})
			}
			tokens = append(tokens, wrToken{'E', s[pos:end], pos})
			valueExpected, pos = false, end
		case j > pos:
			tokens = append(tokens, wrToken{'S', s[pos:j], pos})
			pos = j
		case s[pos] == ':':
			tokens = append(tokens, wrToken{':', ":", pos})
			valueExpected, pos = true, pos+1
		case s[pos] == '#':
			if valueExpected {
				tokens = append(tokens, wrToken{'V', "", pos})
			}
			k := pos
			for k < len(s) && s[k] != '\n' {
				k++
			}
			tokens = append(tokens, wrToken{'#', s[pos:k], pos})
			pos = k
		case valueExpected:
			// .*?(?=[ \t]*(?:#|$)): the shortest run before blanks and a
			// '#', a LF or the end.
			k := pos
			for {
				m := k
				for m < len(s) && (s[m] == ' ' || s[m] == '\t') {
					m++
				}
				if m == len(s) || s[m] == '#' || s[m] == '\n' {
					break
				}
				k++
			}
			tokens = append(tokens, wrToken{'V', s[pos:k], pos})
			valueExpected, pos = false, k
		default:
			k := pos
			for k < len(s) && wrKeyByte(s[k]) {
				k++
			}
			if k == pos {
				return nil, pos, false
			}
			tokens = append(tokens, wrToken{'K', s[pos:k], pos})
			pos = k
		}
	}
	if len(tokens) > 0 && tokens[len(tokens)-1].kind != 'E' {
		tokens = append(tokens, wrToken{'E', "", len(s)})
	}
	return tokens, 0, true
}

// wrKeyByte: the characters of a key, [^\x00-\x1f\x7f()<>@,;:\\"/\[\]?={}].
func wrKeyByte(c byte) bool {
	return c > 0x1f && c != 0x7f && strings.IndexByte(`()<>@,;:\"/[]?={}`, c) < 0
}

// What the current block of lines holds so far, as the grammar reads it.
const (
	wrNone     = iota // no line since a blank line
	wrComments        // comment lines only
	wrAgents          // a user-agent line, then maybe comments
	wrRules           // user-agent lines, then rule lines
	wrOrphans         // rule lines after a blank line, with no user-agent line
)

// wrLine is one line of tokens as the grammar reads it.
type wrLine struct {
	kind  byte   // 'B' blank, 'C' comment or Sitemap, 'A' user-agent, 'R' rule, 0 a syntax error
	first byte   // the kind of its first token
	key   string // the key lower-cased, when it is a known one
	value string
	at    int
}

// wrLines groups the tokens into lines and names each line's kind, as
// the grammar's productions allow: a blank line; a comment, with spaces
// before it; a key, ':', spaces, a value, then a comment or nothing.
func wrLines(tokens []wrToken) []wrLine {
	var out []wrLine
	for len(tokens) > 0 {
		n := 0
		for tokens[n].kind != 'E' {
			n++
		}
		line := tokens[:n]
		l := wrLine{at: tokens[0].at, first: tokens[0].kind}
		if len(line) > 0 && line[0].kind == 'K' && wrKnown(line[0].text) {
			l.key = strings.ToLower(line[0].text)
		}
		tokens = tokens[n+1:]
		switch {
		case len(line) == 0:
			l.kind = 'B'
		case wrKinds(line, "#") || wrKinds(line, "S#"):
			l.kind = 'C'
		case len(line) >= 3 && wrKinds(line[:2], "K:"):
			v := line[2:]
			if v[0].kind == 'S' {
				v = v[1:]
			}
			if !wrKinds(v, "V") && !wrKinds(v, "V#") && !wrKinds(v, "VS#") {
				break
			}
			l.kind, l.value = 'R', v[0].text
			switch l.key {
			case "user-agent":
				l.kind = 'A'
			case "sitemap":
				l.kind = 'C'
			}
		}
		out = append(out, l)
	}
	return out
}

// wrKinds: the tokens are of these kinds, in order.
func wrKinds(tokens []wrToken, kinds string) bool {
	if len(tokens) != len(kinds) {
		return false
	}
	for i, t := range tokens {
		if t.kind != kinds[i] {
			return false
		}
	}
	return true
}

// wrKnown: the key is one of the known tokens (any other is an extension).
func wrKnown(key string) bool {
	for _, k := range wrKeys {
		if strings.EqualFold(key, k) {
			return true
		}
	}
	return false
}

func parseWebrobots(body []byte) *webrobotsFile {
	s := string(body)
	f := &webrobotsFile{}
	lines := newLineIndex(s)
	tokens, at, ok := wrScan(s)
	if !ok {
		f.allowAll = "its scanner cannot read the character " + strconv.Quote(s[at:at+1]) + " on line " + strconv.Itoa(lines.line(at))
		return f
	}
	block, first := wrNone, true
	var rec *wrRecord
	for _, l := range wrLines(tokens) {
		number := lines.line(l.at)
		bad := l.kind == 0
		starts := wrCanStart(l, block, first)
		switch l.kind {
		case 'B':
			if block != wrNone {
				first = false
			}
			block, rec = wrNone, nil
		case 'C':
			if block == wrNone {
				block = wrComments
			}
		case 'A':
			bad = block == wrRules || block == wrOrphans
			if !bad {
				if block != wrAgents {
					f.records = append(f.records, wrRecord{line: number})
					rec = &f.records[len(f.records)-1]
				}
				block = wrAgents
				rec.agents = append(rec.agents, wrValue{l.value, number})
				rec.star = rec.star || l.value == "*"
			}
		case 'R':
			switch block {
			case wrNone:
				bad, block = first, wrOrphans
			case wrComments:
				bad = true
			case wrAgents:
				block = wrRules
			}
			if bad || l.key != "allow" && l.key != "disallow" {
				break
			}
			r, ok := wrCompile(l.value)
			if !ok {
				f.fail, f.failAt = "reading line "+strconv.Itoa(number)+" raises Encoding::CompatibilityError: its value mixes raw bytes above 0x7F with %XX escapes above %7F — percent-encode the whole path as UTF-8", number
				return f
			}
			r.allow, r.line = l.key == "allow", number
			if block == wrRules {
				rec.rules = append(rec.rules, r)
			}
		}
		if bad {
			// Racc reads the first token of the line before it finds the
			// error; when that token cannot start the line, its default
			// reductions first close the file as it stands, and
			// RobotsTxt.new then matches the records so far against the
			// agent, which may raise.
			if !starts {
				f.partial = f.records
			}
			f.records = nil
			f.allowAll = "its grammar refuses line " + strconv.Itoa(number)
			return f
		}
	}
	for i := range f.records {
		wrSort(f.records[i].rules)
	}
	return f
}

// wrCanStart: the grammar accepts the first token of line l after the
// lines before it (block is what the current block holds so far, first
// that no block has ended yet).
func wrCanStart(l wrLine, block int, first bool) bool {
	switch {
	case l.first == 'S' || l.first == '#' || l.first == 'E' || l.key == "sitemap" && l.first == 'K':
		return true
	case l.first != 'K':
		return false
	case l.key == "user-agent":
		return block == wrNone || block == wrComments || block == wrAgents
	}
	return block == wrAgents || block == wrRules || block == wrOrphans || block == wrNone && !first
}

// wrSort orders rules as Record#initialize does: longer values (in bytes)
// first, an Allow before a Disallow of the same length.
func wrSort(rules []wrRule) {
	less := func(a, b wrRule) bool {
		if len(a.value) != len(b.value) {
			return len(a.value) > len(b.value)
		}
		return a.allow && !b.allow
	}
	for i := 1; i < len(rules); i++ {
		for j := i; j > 0 && less(rules[j], rules[j-1]); j-- {
			rules[j], rules[j-1] = rules[j-1], rules[j]
		}
	}
}

// wrCompile is AccessControlLine#compile; ok is false where Ruby raises
// Encoding::CompatibilityError (raw bytes above 0x7F and %XX above 7F in
// one expression).
func wrCompile(value string) (wrRule, bool) {
	r := wrRule{value: value}
	var part strings.Builder
	escaped := false
	for i := 0; i < len(value); {
		c := value[i]
		switch {
		case c == '%' && i+2 < len(value) && engine.IsHex(value[i+1]) && engine.IsHex(value[i+2]):
			v, _ := strconv.ParseUint(value[i+1:i+3], 16, 8)
			if v == 0x2f {
				part.WriteString(wrSlash)
			} else {
				part.WriteRune(rune(v))
				escaped = escaped || v >= 0x80
			}
			i += 3
			continue
		case c == '*':
			r.parts = append(r.parts, part.String())
			part.Reset()
		case c == '$':
			r.anchor = true
			i = len(value)
			continue
		default:
			part.WriteByte(c)
			r.binary = r.binary || c >= 0x80
		}
		i++
	}
	r.parts = append(r.parts, part.String())
	return r, !(r.binary && escaped)
}

// wrTransform is the path as AccessControlLine#match? compares it: %XX
// becomes U+00XX, except %2F and %2f, which stay.
func wrTransform(path string) string {
	if strings.IndexByte(path, '%') < 0 {
		return path
	}
	var b strings.Builder
	for i := 0; i < len(path); i++ {
		if path[i] == '%' && i+2 < len(path) && engine.IsHex(path[i+1]) && engine.IsHex(path[i+2]) {
			if v, _ := strconv.ParseUint(path[i+1:i+3], 16, 8); v != 0x2f {
				b.WriteRune(rune(v))
				i += 2
				continue
			}
		}
		b.WriteByte(path[i])
	}
	return b.String()
}

// wrPartAt matches part at the start of s and returns the length of s it
// covers: wrSlash covers "%2F" or "%2f", every other byte itself.
func wrPartAt(part, s string) (int, bool) {
	n := 0
	for i := 0; i < len(part); i++ {
		if part[i] == wrSlash[0] {
			if !strings.HasPrefix(s[n:], "%2F") && !strings.HasPrefix(s[n:], "%2f") {
				return 0, false
			}
			n += 3
			continue
		}
		if n >= len(s) || s[n] != part[i] {
			return 0, false
		}
		n++
	}
	return n, true
}

// match is the rule's expression matched from the start of the
// transformed path; err when Ruby raises.
func (r *wrRule) match(path string) (matched, err bool) {
	if r.value == "" {
		return false, false
	}
	if r.binary {
		return false, !isASCII(path)
	}
	n, ok := wrPartAt(r.parts[0], path)
	if !ok {
		return false, false
	}
	rest := path[n:]
	last := len(r.parts) - 1
	if last == 0 {
		return !r.anchor || rest == "", false
	}
	for _, p := range r.parts[1:last] {
		found := false
		for i := 0; i <= len(rest) && !found; i++ {
			if n, ok := wrPartAt(p, rest[i:]); ok {
				rest, found = rest[i+n:], true
			}
		}
		if !found {
			return false, false
		}
	}
	p := r.parts[last]
	if r.anchor {
		size := len(p) + 2*strings.Count(p, wrSlash)
		if size > len(rest) {
			return false, false
		}
		n, ok := wrPartAt(p, rest[len(rest)-size:])
		return ok && n == size, false
	}
	for i := 0; i <= len(rest); i++ {
		if _, ok := wrPartAt(p, rest[i:]); ok {
			return true, false
		}
	}
	return false, false
}

// wrFoldsTo are the characters Ruby's case-insensitive Regexp matches with
// ASCII letters, beyond ASCII's own case (CaseFolding.txt; probed with
// Ruby 3.1: /k/i matches U+212A, /ss/i matches ß, /s/i does not).
var wrFoldsTo = map[rune]string{
	0x212A: "k", 0x017F: "s", 0x00DF: "ss", 0x1E9E: "ss",
	0xFB00: "ff", 0xFB01: "fi", 0xFB02: "fl", 0xFB03: "ffi", 0xFB04: "ffl", 0xFB05: "st", 0xFB06: "st",
}

// agentMatch is /Regexp.quote(value)/i matched against agent; err when
// Ruby raises (a value with raw bytes above 0x7F against a non-ASCII
// agent).
func (v wrValue) agentMatch(agent string) (matched, err bool) {
	if !isASCII(v.text) {
		return false, !isASCII(agent)
	}
	pat := engine.LowerASCII(v.text)
	if pat == "" {
		return true, false
	}
	for start := 0; start < len(agent); {
		if wrMatchAt(pat, agent[start:]) {
			return true, false
		}
		_, n := utf8.DecodeRuneInString(agent[start:])
		start += n
	}
	return false, false
}

// wrMatchAt: pat (lower-case ASCII) matches at the start of s, a character
// of s standing for one or more letters of pat as wrFoldsTo says.
func wrMatchAt(pat, s string) bool {
	for pat != "" {
		if s == "" {
			return false
		}
		r, n := utf8.DecodeRuneInString(s)
		switch fold, ok := wrFoldsTo[r]; {
		case r < utf8.RuneSelf && engine.LowerASCII(string(rune(r))) == pat[:1]:
			pat = pat[1:]
		case ok && strings.HasPrefix(pat, fold):
			pat = pat[len(fold):]
		default:
			return false
		}
		s = s[n:]
	}
	return true
}

// wrRequestURI is split_uri's request_uri; ok is false where allowed?
// raises: not ASCII, or not an absolute http(s) URL with a host as
// RFC3986_Parser's RFC3986_URI reads it (uri 0.11.0, rfc3986_parser.rb):
// scheme "://" authority path-abempty ["?" query] ["#" fragment].
func wrRequestURI(url string) (string, bool) {
	scheme, rest, _ := strings.Cut(url, ":")
	if !isASCII(url) || !strings.EqualFold(scheme, "http") && !strings.EqualFold(scheme, "https") || !strings.HasPrefix(rest, "//") {
		return "", false
	}
	rest = rest[2:]
	end := len(rest)
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		end = i
	}
	if !wrAuthority(rest[:end]) {
		return "", false
	}
	rest = rest[end:]
	end = len(rest)
	if i := strings.IndexAny(rest, "?#"); i >= 0 {
		end = i
	}
	path, rest := rest[:end], rest[end:]
	// path-abempty: segments of pchar after each '/'.
	if !wrChars(path, wrPchar+"/") {
		return "", false
	}
	uri := path
	if strings.HasPrefix(rest, "?") {
		query, fragment, hasFragment := strings.Cut(rest[1:], "#")
		q, ok := wrQuery(query)
		if !ok {
			return "", false
		}
		uri += "?" + q
		rest = ""
		if hasFragment {
			rest = "#" + fragment
		}
	}
	if rest != "" && !wrChars(rest[1:], wrPchar+"/?") {
		return "", false
	}
	if !strings.HasPrefix(uri, "/") {
		uri = "/" + uri
	}
	return uri, true
}

// The RFC 3986 character classes of rfc3986_parser.rb, besides %XX:
// [!$&-.0-;=@-Z_a-z~] for a path segment, [!$&-.0-9;=A-Z_a-z~] for a
// reg-name, and with ':' for user info.
const (
	wrRegName  = "!$&'()*+,-.0123456789;=ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~"
	wrUserinfo = wrRegName + ":"
	wrPchar    = wrUserinfo + "@"
)

// wrChars: s is %XX escapes and characters of set.
func wrChars(s, set string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '%' {
			if i+2 >= len(s) || !engine.IsHex(s[i+1]) || !engine.IsHex(s[i+2]) {
				return false
			}
			i += 2
			continue
		}
		if strings.IndexByte(set, s[i]) < 0 {
			return false
		}
	}
	return true
}

// wrAuthority: [userinfo "@"] host [":" port], with a host, as
// RFC3986_URI reads it (a URL whose host is empty has none: allowed?
// raises).
func wrAuthority(a string) bool {
	if i := strings.IndexByte(a, '@'); i >= 0 {
		if !wrChars(a[:i], wrUserinfo) {
			return false
		}
		a = a[i+1:]
	}
	host, port := a, ""
	if strings.HasPrefix(a, "[") {
		i := strings.IndexByte(a, ']')
		if i < 0 || !wrIPLiteral(a[1:i]) {
			return false
		}
		host, port = a[:i+1], a[i+1:]
	} else if i := strings.IndexByte(a, ':'); i >= 0 {
		host, port = a[:i], a[i:]
	}
	if port != "" && (port[0] != ':' || strings.Trim(port[1:], "0123456789") != "") {
		return false
	}
	return host != "" && (host[0] == '[' || wrChars(host, wrRegName))
}

// wrIPLiteral is the inside of RFC3986_URI's IP-literal: an IPvFuture, or
// an IPv6 address as its nine alternatives spell it. One differs from RFC
// 3986: "\h{1,4}?::" is a lazy match of one to four digits, not an
// optional one, so "::" then six pieces (as "::1:2:3:4:5:6") is refused.
func wrIPLiteral(s string) bool {
	if strings.HasPrefix(s, "v") {
		hex, rest, ok := strings.Cut(s[1:], ".")
		return ok && hex != "" && strings.Trim(hex, "0123456789abcdefABCDEF") == "" && rest != "" && wrChars(rest, wrUserinfo) && !strings.Contains(rest, "%")
	}
	left, right, double := strings.Cut(s, "::")
	if !double {
		pieces := strings.Split(s, ":")
		return len(pieces) == 7 && wrH16s(pieces[:6]) && wrIPv4(pieces[6]) || len(pieces) == 8 && wrH16s(pieces)
	}
	nl := 0
	if left != "" {
		l := strings.Split(left, ":")
		if !wrH16s(l) {
			return false
		}
		nl = len(l)
	}
	if right == "" {
		return nl <= 7
	}
	r := strings.Split(right, ":")
	units := len(r)
	if last := r[len(r)-1]; wrIPv4(last) {
		if !wrH16s(r[:len(r)-1]) {
			return false
		}
		units++
	} else if !wrH16s(r) {
		return false
	}
	switch h := units - 2; {
	case units == 1 && !wrIPv4(r[0]):
		return nl <= 6
	case h == 5:
		return nl == 0
	case h == 4:
		return nl == 1
	case h >= 0 && h <= 3:
		return nl <= 5-h
	}
	return false
}

// wrH16s: each piece is one to four hex digits.
func wrH16s(pieces []string) bool {
	for _, p := range pieces {
		if p == "" || len(p) > 4 || strings.Trim(p, "0123456789abcdefABCDEF") != "" {
			return false
		}
	}
	return true
}

// wrIPv4 is RFC3986_URI's IPv4address: four dec-octets, no leading zero.
func wrIPv4(s string) bool {
	parts := strings.Split(s, ".")
	if len(parts) != 4 {
		return false
	}
	for _, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || p == "" || len(p) > 3 || p[0] == '0' && len(p) > 1 || n > 255 || p[0] == '+' || p[0] == '-' {
			return false
		}
	}
	return true
}

// wrQuery is URI::Generic#query=: tabs and line breaks dropped, a '%'
// before two characters that are not hex digits raises, and controls,
// space, '"', '\”, '<', '>' and '`' become %XX.
func wrQuery(q string) (string, bool) {
	q = strings.NewReplacer("\t", "", "\r", "", "\n", "").Replace(q)
	var b strings.Builder
	for i := 0; i < len(q); i++ {
		c := q[i]
		if c == '%' && i+2 < len(q) && !engine.IsHex(q[i+1]) && !engine.IsHex(q[i+2]) {
			return "", false
		}
		if c <= ' ' || c == 0x7f || strings.IndexByte("\"'<>`", c) >= 0 {
			b.WriteString("%" + engine.HexByte(c))
			continue
		}
		b.WriteByte(c)
	}
	return b.String(), true
}

func (f *webrobotsFile) Test(agent, url string) ReaderResult {
	res := ReaderResult{Reader: "ruby-webrobots"}
	agent, url = decodeUTF8(agent), decodeUTF8(url)
	path, ok := wrRequestURI(url)
	if !ok {
		res.Failed, res.Why = true, "webrobots fails: allowed? raises ArgumentError for this URL (it takes only an absolute http or https URL with a host, in ASCII)."
		return res
	}
	if path == "/robots.txt" {
		res.Allowed, res.Why = true, "webrobots always allows /robots.txt itself."
		return res
	}
	switch {
	case f.fail != "":
		res.Failed, res.Line, res.Why = true, f.failAt, "webrobots fails: "+f.fail+"."
		return res
	case f.allowAll != "":
		if f.partial != nil && (&webrobotsFile{records: f.partial}).raises(agent) {
			res.Failed, res.Why = true, "webrobots fails: before it finds that "+f.allowAll+", it matches a non-ASCII user-agent value against the non-ASCII agent "+strconv.Quote(agent)+", which raises Encoding::CompatibilityError."
			return res
		}
		res.Allowed, res.Why = true, "webrobots reads no rules, as "+f.allowAll+" (a syntax error), so it allows everything."
		return res
	}
	rec, value, raised := f.record(agent)
	if raised {
		res.Failed, res.Why = true, "webrobots fails: matching a non-ASCII user-agent value against the non-ASCII agent "+strconv.Quote(agent)+" raises Encoding::CompatibilityError."
		return res
	}
	if rec == nil {
		res.Allowed, res.Why = true, "webrobots finds no record for "+strconv.Quote(agent)+" (it looks for a user-agent value inside the agent, ignoring case) and no * record, so it allows."
		return res
	}
	named := "User-agent: *"
	if value != "*" {
		named = "its user-agent " + strconv.Quote(value) + " is found in the agent"
	}
	lead := "webrobots uses the record of line " + strconv.Itoa(rec.line) + " (" + named + ") and tries its rules longest first on " + quoteValue(path)
	t := wrTransform(path)
	for _, r := range rec.rules {
		m, err := r.match(t)
		if err {
			res.Failed, res.Line = true, r.line
			res.Why = "webrobots fails: matching line " + strconv.Itoa(r.line) + ", whose value has raw bytes above 0x7F, against a path with %XX above %7F raises Encoding::CompatibilityError."
			return res
		}
		if m {
			res.Allowed, res.Line = r.allow, r.line
			verdict := "blocked"
			if r.allow {
				verdict = "allowed"
			}
			res.Why = lead + ": line " + strconv.Itoa(r.line) + " " + quoteValue(strings.ReplaceAll(r.value, "\r", "\\r")) + " matches first — " + verdict + "."
			return res
		}
	}
	res.Allowed = true
	res.Why = lead + ": none matches, so it allows."
	return res
}

// record is RobotsTxt#find_record after RobotsTxt.new: RobotsTxt.new
// keeps the records whose values apply to agent, trying every record
// without "*"; find_record takes the first kept, else the first "*" record
// that applies. value is the user-agent value that applied; raised: Ruby
// raises on the way.
func (f *webrobotsFile) record(agent string) (rec *wrRecord, value string, raised bool) {
	for _, star := range []bool{false, true} {
		for i := range f.records {
			r := &f.records[i]
			if r.star != star {
				continue
			}
			m, v, err := r.applies(agent)
			if err {
				return nil, "", true
			}
			if m && rec == nil {
				rec, value = r, v
			}
			if rec != nil && star {
				return rec, value, false
			}
		}
		if rec != nil {
			return rec, value, false
		}
	}
	return nil, "", false
}

// groupsFor is the record allowed? applies to agent, for ObeysWith.
func (f *webrobotsFile) groupsFor(agent string) (o engine.Obeys, how, refused string) {
	switch {
	case f.fail != "":
		return o, "", "webrobots fails: " + f.fail + "."
	case f.allowAll != "":
		return o, "webrobots reads no rules, as " + f.allowAll + " (a syntax error)", ""
	}
	how = "webrobots takes the first record with a user-agent value found inside the agent, ignoring case, else the first * record"
	rec, value, raised := f.record(decodeUTF8(agent))
	switch {
	case raised:
		return o, "", "webrobots fails: matching a non-ASCII user-agent value against the non-ASCII agent " + strconv.Quote(agent) + " raises Encoding::CompatibilityError."
	case rec == nil:
	case value == "*":
		o = engine.Obeys{Source: engine.SourceGlobal, Lines: []int{rec.line}}
	default:
		o = engine.Obeys{Source: engine.SourceSpecific, Token: value, Lines: []int{rec.line}}
	}
	return o, how, ""
}

// raises: RobotsTxt.new raises for agent, matching the records without
// "*" against it.
func (f *webrobotsFile) raises(agent string) bool {
	for i := range f.records {
		if r := &f.records[i]; !r.star {
			if _, _, err := r.applies(agent); err {
				return true
			}
		}
	}
	return false
}

// applies is Record#match?: the first value that applies, in order.
func (r *wrRecord) applies(agent string) (matched bool, value string, raised bool) {
	for _, v := range r.agents {
		if v.text == "*" {
			return true, v.text, false
		}
		m, err := v.agentMatch(agent)
		if err || m {
			return m, v.text, err
		}
	}
	return false, "", false
}
