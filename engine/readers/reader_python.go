package readers

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"robotstester/engine"
)

// The python reader: CPython's urllib.robotparser as RobotFileParser.read()
// feeds it a fetched file and can_fetch answers, matched to CPython 3.11.7
// (Lib/urllib/robotparser.py and the urllib.parse functions it calls). The
// differential test runs the real module. What it does, in its own order:
//
//   - read() decodes the body as strict UTF-8 (a bad byte raises
//     UnicodeDecodeError) and splits it with str.splitlines(), which also
//     breaks at \v, \f, \x1c-\x1e, \x85, U+2028 and U+2029. A byte-order mark
//     is kept, so it spoils the first line's key.
//   - parse() is a three-state machine: rules before any user-agent line
//     are dropped; a truly empty line ends a group (and drops a group that
//     has no rule yet); keys are compared whole, lower-cased, with no typo
//     accepted; the value is percent-decoded (unquote) before use.
//   - Each rule path goes through urlparse/urlunparse and quote(): '*' and
//     '$' become %2A and %24, so there are no wildcards; a rule applies when
//     its path is a prefix of the URL's.
//   - can_fetch takes the first group (in file order) naming the agent as a
//     substring of the agent's name before any "/", lower-cased; the first
//     group naming "*" is tried last. Inside it the first rule that applies
//     decides, not the longest. An empty Disallow is an Allow of everything.
//
// Unicode: CPython 3.11.7's unicodedata is Unicode 14.0.0, Go's 15.0.0.
// str.lower() comes from tables probed from CPython itself (pyLower,
// reader_case.go); the isspace/isdigit lists below are CPython 3.11's;
// _checknetloc's NFKC (x/text, Unicode 15) reveals '/', '?', '#', '@' or ':'
// for the same 19 characters as CPython 3.11's (checked over every code
// point), kept as a table in pynfkc.go. CPython 3.12 moved to Unicode 15.0 and 3.13 to 15.1, which changes
// the case of the characters those versions added.
//
// Other versions: CPython 3.12.4 and 3.13 changed urlunsplit (gh-67693) so
// that a path starting with "//" keeps its slashes ("Disallow: ////a" is
// "//a" here, "////a" there); robotparser.py itself reads as above in 3.12
// and 3.13. CPython's development branch has since rewritten robotparser
// toward RFC 9309 (wildcards, the longest match, /robots.txt always
// allowed, blank lines no longer ending a group): this reader is not that
// one.

type pyFile struct {
	entries []pyEntry
	deflt   int    // index in entries of the default ("*") entry, -1 when none
	fail    string // why parsing raised; the reader then answers nothing
	failAt  int    // the line where it raised
	lines   lineIndex
}

type pyEntry struct {
	agents []string
	lower  []string // the agents lower-cased, as applies_to compares them
	line   int      // the first user-agent line
	rules  []pyRule
	star   bool // names "*": the default entry
}

type pyRule struct {
	line  int
	allow bool
	value string // the value as written, trimmed
	path  string // what can_fetch compares: quote(urlunparse(urlparse(unquote(value))))
	wild  bool   // the value has a '*' or '$', which Python reads literally
}

func (f *pyFile) Reader() string { return "python" }

func parsePython(body []byte) *pyFile {
	text := string(body)
	f := &pyFile{deflt: -1, lines: newLineIndex(text)}
	if !utf8.ValidString(text) {
		at := 0
		for at < len(text) {
			r, n := utf8.DecodeRuneInString(text[at:])
			if r == utf8.RuneError && n == 1 {
				break
			}
			at += n
		}
		f.failAt = f.lines.line(at)
		f.fail = "RobotFileParser.read() decodes the file as strict UTF-8 and raises UnicodeDecodeError at the byte 0x" +
			engine.HexByte(text[at]) + " on line " + strconv.Itoa(f.failAt) + "; the crawler stops — save the file as UTF-8"
		return f
	}
	const (
		start = iota
		sawAgent
		sawRule
	)
	state := start
	var entry pyEntry
	add := func() {
		for _, a := range entry.agents {
			if a == "*" {
				entry.star = true
			}
			entry.lower = append(entry.lower, pyLower(a))
		}
		if entry.star {
			if f.deflt < 0 {
				f.entries = append(f.entries, entry)
				f.deflt = len(f.entries) - 1
			}
		} else {
			f.entries = append(f.entries, entry)
		}
		entry = pyEntry{}
	}
	for _, ln := range pySplitLines(text) {
		number := f.lines.line(ln.offset)
		line := ln.text
		if line == "" {
			switch state {
			case sawAgent:
				entry, state = pyEntry{}, start
			case sawRule:
				add()
				state = start
			}
		}
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		line = pyStrip(line)
		colon := strings.IndexByte(line, ':')
		if line == "" || colon < 0 {
			continue
		}
		key := engine.LowerASCII(pyStrip(line[:colon]))
		value := pyUnquote(pyStrip(line[colon+1:]))
		switch key {
		case "user-agent":
			if state == sawRule {
				add()
			}
			if len(entry.agents) == 0 {
				entry.line = number
			}
			entry.agents = append(entry.agents, value)
			state = sawAgent
		case "disallow", "allow":
			if state == start {
				continue
			}
			rule, err := pyRuleLine(value, key == "allow")
			if err != "" {
				f.fail, f.failAt = "parse() raises ValueError on line "+strconv.Itoa(number)+" ("+err+"); the crawler stops — fix the rule's value", number
				return f
			}
			rule.line, rule.value = number, pyStrip(line[colon+1:])
			rule.wild = strings.ContainsAny(rule.value, "*$")
			entry.rules = append(entry.rules, rule)
			state = sawRule
		case "crawl-delay", "request-rate":
			if state == start {
				continue
			}
			numbers := []string{value}
			if key == "request-rate" {
				numbers = strings.Split(value, "/")
			}
			want := 1
			if key == "request-rate" {
				want = 2
			}
			if len(numbers) == want {
				digits := true
				for _, n := range numbers {
					digits = digits && pyIsDigit(pyStrip(n))
				}
				for _, n := range numbers {
					if digits && !pyIsDecimal(pyStrip(n)) {
						f.fail, f.failAt = "parse() raises ValueError on line "+strconv.Itoa(number)+
							" (int() cannot read "+strconv.Quote(pyStrip(n))+", which str.isdigit() accepted); the crawler stops — write the number with the digits 0-9", number
						return f
					}
				}
			}
			state = sawRule
		}
	}
	if state == sawRule {
		add()
	}
	return f
}

// pyRuleLine is RuleLine.__init__.
func pyRuleLine(value string, allow bool) (pyRule, string) {
	if value == "" && !allow {
		allow = true
	}
	u, err := pyURLParse(value)
	if err != "" {
		return pyRule{}, err
	}
	return pyRule{allow: allow, path: pyQuote(u.unparse())}, ""
}

// pyPath is what can_fetch compares the rules with.
func pyPath(url string) (string, string) {
	u, err := pyURLParse(pyUnquote(url))
	if err != "" {
		return "", err
	}
	u.scheme, u.netloc = "", ""
	p := pyQuote(u.unparse())
	if p == "" {
		p = "/"
	}
	return p, ""
}

// appliesTo is Entry.applies_to: name, the agent's name before the first
// "/" lower-cased, contains the entry's agent lower-cased (any
// agent contains ""). It returns the index of the first user-agent value
// that applies, -1 when none does.
func (e *pyEntry) appliesTo(name string) int {
	for i, a := range e.agents {
		if a == "*" || strings.Contains(name, e.lower[i]) {
			return i
		}
	}
	return -1
}

// entry is the entry can_fetch applies to agent: the first other than the
// default that applies to it, else the default; nil when none. named is
// the user-agent value that made it apply.
func (f *pyFile) entry(agent string) (e *pyEntry, named string) {
	name := agent
	if i := strings.IndexByte(name, '/'); i >= 0 {
		name = name[:i]
	}
	name = pyLower(name)
	for i := range f.entries {
		if k := f.entries[i].appliesTo(name); i != f.deflt && k >= 0 {
			return &f.entries[i], f.entries[i].agents[k]
		}
	}
	if f.deflt >= 0 {
		return &f.entries[f.deflt], "*"
	}
	return nil, ""
}

func (f *pyFile) Test(agent, url string) ReaderResult {
	res := ReaderResult{Reader: "python"}
	if f.fail != "" {
		res.Failed, res.Line, res.Why = true, f.failAt, "Python's reader fails: "+f.fail+"."
		return res
	}
	agent, url = decodeUTF8(agent), decodeUTF8(url)
	path, err := pyPath(url)
	if err != "" {
		res.Failed, res.Why = true, "Python's reader fails: can_fetch raises ValueError for this URL ("+err+")."
		return res
	}
	e, _ := f.entry(agent)
	group := "the group of line "
	if e != nil && e.star {
		group = "the first \"*\" group, line "
	}
	if e == nil {
		res.Allowed = true
		res.Why = "Python's reader finds no group for " + strconv.Quote(agent) + " (it looks for a user-agent value inside the agent's name) and no \"*\" group kept, so it allows."
		return res
	}
	lead := "Python's reader uses " + group + strconv.Itoa(e.line) + " and takes the first rule whose path is a prefix of " + quoteValue(path)
	for _, r := range e.rules {
		if r.path == "*" || strings.HasPrefix(path, r.path) {
			res.Allowed, res.Line = r.allow, r.line
			verdict := "blocked"
			if r.allow {
				verdict = "allowed"
			}
			how := ": line " + strconv.Itoa(r.line) + " " + quoteValue(r.value)
			if r.value == "" {
				how += ", an empty rule, which Python reads as allowing everything"
			}
			res.Why = lead + how + " — " + verdict + "."
			return res
		}
	}
	res.Allowed = true
	res.Why = lead + ": none is, so it allows."
	for _, r := range e.rules {
		// A wildcard rule that Google would match here, read literally.
		if r.wild && wildMatch(engine.NormalisePattern(r.value), engine.MatchPath(url)) {
			res.Why = "Python's reader has no wildcards: line " + strconv.Itoa(r.line) + " " + quoteValue(r.value) +
				" is matched as a literal path; no rule of " + group + strconv.Itoa(e.line) + " matches " + quoteValue(path) + ", so it allows."
			break
		}
	}
	return res
}

// pyLine is one line of str.splitlines() and its byte offset.
type pyLine struct {
	text   string
	offset int
}

// pySplitLines is str.splitlines(): \n, \r, \r\n, \v, \f, \x1c, \x1d,
// \x1e, \x85, U+2028 and U+2029 end a line; a final break adds no empty line.
func pySplitLines(s string) []pyLine {
	var out []pyLine
	start := 0
	for i := 0; i < len(s); {
		r, n := rune(s[i]), 1
		if r >= 0x80 {
			r, n = utf8.DecodeRuneInString(s[i:])
		} else if r > '\r' && r < 0x1c || r > 0x1e {
			i++
			continue
		}
		switch r {
		case '\n', '\r', '\v', '\f', 0x1c, 0x1d, 0x1e, 0x85, 0x2028, 0x2029:
			out = append(out, pyLine{s[start:i], start})
			i += n
			if r == '\r' && i < len(s) && s[i] == '\n' {
				i++
			}
			start = i
		default:
			i += n
		}
	}
	if start < len(s) {
		out = append(out, pyLine{s[start:], start})
	}
	return out
}

// pyIsSpace is str.isspace() for one character (Unicode 14, CPython 3.11).
func pyIsSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', 0x1c, 0x1d, 0x1e, 0x1f, ' ', 0x85, 0xA0, 0x1680,
		0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
		return true
	}
	return 0x2000 <= r && r <= 0x200A
}

// pyStrip is str.strip() with no argument.
func pyStrip(s string) string { return strings.TrimFunc(s, pyIsSpace) }

// pyDigitOnly are the characters str.isdigit() accepts and int() refuses
// (Numeric_Type=Digit, not Decimal; Unicode 14), listed by running
// [c for c in range(0x110000) if chr(c).isdigit() and not chr(c).isdecimal()].
var pyDigitOnly = [][2]rune{
	{0xB2, 0xB3}, {0xB9, 0xB9}, {0x1369, 0x1371}, {0x19DA, 0x19DA}, {0x2070, 0x2070},
	{0x2074, 0x2079}, {0x2080, 0x2089}, {0x2460, 0x2468}, {0x2474, 0x247C}, {0x2488, 0x2490},
	{0x24EA, 0x24EA}, {0x24F5, 0x24FD}, {0x24FF, 0x24FF}, {0x2776, 0x277E}, {0x2780, 0x2788},
	{0x278A, 0x2792}, {0x10A40, 0x10A43}, {0x10E60, 0x10E68}, {0x11052, 0x1105A}, {0x1F100, 0x1F10A},
}

func pyDigitNotDecimal(r rune) bool {
	for _, rg := range pyDigitOnly {
		if rg[0] <= r && r <= rg[1] {
			return true
		}
	}
	return false
}

// pyIsDigit is str.isdigit(): not empty, every character a digit.
func pyIsDigit(s string) bool {
	for _, r := range s {
		if !unicode.IsDigit(r) && !pyDigitNotDecimal(r) {
			return false
		}
	}
	return s != ""
}

// pyIsDecimal: every character is one int() reads (Nd).
func pyIsDecimal(s string) bool {
	for _, r := range s {
		if !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// pyUnquote is urllib.parse.unquote: in each run of ASCII characters, %XX
// escapes become bytes, decoded as UTF-8 with each bad sequence replaced by
// U+FFFD; a '%' not followed by two hex digits stays.
func pyUnquote(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && s[j] < 0x80 {
			j++
		}
		if j > i {
			b.WriteString(decodeUTF8(unquoteBytes(s[i:j])))
			i = j
			continue
		}
		for j < len(s) && s[j] >= 0x80 {
			j++
		}
		b.WriteString(s[i:j])
		i = j
	}
	return b.String()
}

// unquoteBytes is unquote_to_bytes for an ASCII string.
func unquoteBytes(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	buf := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && engine.IsHex(s[i+1]) && engine.IsHex(s[i+2]) {
			v, _ := strconv.ParseUint(s[i+1:i+3], 16, 8)
			buf = append(buf, byte(v))
			i += 2
			continue
		}
		buf = append(buf, s[i])
	}
	return string(buf)
}

// pyQuote is urllib.parse.quote(s) with safe="/": UTF-8 bytes other than
// letters, digits, "_.-~" and "/" become %XX (upper-case).
func pyQuote(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("_.-~/", c) >= 0 {
			b.WriteByte(c)
		} else {
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
	return b.String()
}

// pyURL is urlparse's ParseResult.
type pyURL struct{ scheme, netloc, path, params, query, fragment string }

// Schemes as urllib.parse lists them (3.11).
var (
	pyUsesNetloc = []string{"", "ftp", "http", "gopher", "nntp", "telnet", "imap", "wais", "file", "mms", "https", "shttp",
		"snews", "prospero", "rtsp", "rtsps", "rtspu", "rsync", "svn", "svn+ssh", "sftp", "nfs", "git", "git+ssh", "ws", "wss"}
	pyUsesParams = []string{"", "ftp", "hdl", "prospero", "http", "imap", "https", "shttp", "rtsp", "rtsps", "rtspu", "sip",
		"sips", "mms", "sftp", "tel"}
)

func pyIn(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// pyURLParse is urlparse (urlsplit, then the params of the last segment).
// err is ValueError's message when urlsplit raises.
func pyURLParse(url string) (pyURL, string) { return pyURLParseAs(url, pyCPython3117) }

// pyURLFlavour is what differs between the urllib.parse builds the readers
// follow: CPython 3.11.7's, and Debian's 3.11.2 with its security patches
// (reader_protego.go).
type pyURLFlavour struct {
	usesParams []string
	// bracketed checks a netloc holding both '[' and ']'.
	bracketed func(netloc string) string
}

var pyCPython3117 = pyURLFlavour{usesParams: pyUsesParams, bracketed: func(netloc string) string {
	host := netloc[strings.IndexByte(netloc, '[')+1:]
	if i := strings.IndexByte(host, ']'); i >= 0 {
		host = host[:i]
	}
	return pyBracketedHost(host)
}}

// pyURLParseAs is pyURLParse as the flavour f of urllib.parse has it.
func pyURLParseAs(url string, f pyURLFlavour) (pyURL, string) {
	var u pyURL
	url = strings.TrimLeftFunc(url, func(r rune) bool { return r <= ' ' })
	if strings.ContainsAny(url, "\t\r\n") {
		url = strings.NewReplacer("\t", "", "\r", "", "\n", "").Replace(url)
	}
	if i := strings.IndexByte(url, ':'); i > 0 && ('a' <= url[0]|0x20 && url[0]|0x20 <= 'z') {
		ok := true
		for k := 0; k < i; k++ {
			c := url[k]
			if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '+' || c == '-' || c == '.') {
				ok = false
				break
			}
		}
		if ok {
			u.scheme, url = engine.LowerASCII(url[:i]), url[i+1:]
		}
	}
	if strings.HasPrefix(url, "//") {
		end := len(url)
		if i := strings.IndexAny(url[2:], "/?#"); i >= 0 {
			end = 2 + i
		}
		u.netloc, url = url[2:end], url[end:]
		open, close := strings.Contains(u.netloc, "["), strings.Contains(u.netloc, "]")
		if open != close {
			return u, "Invalid IPv6 URL"
		}
		if open {
			if err := f.bracketed(u.netloc); err != "" {
				return u, err
			}
		}
	}
	if i := strings.IndexByte(url, '#'); i >= 0 {
		url, u.fragment = url[:i], url[i+1:]
	}
	if i := strings.IndexByte(url, '?'); i >= 0 {
		url, u.query = url[:i], url[i+1:]
	}
	if err := pyCheckNetloc(u.netloc); err != "" {
		return u, err
	}
	u.path = url
	if pyIn(f.usesParams, u.scheme) && strings.IndexByte(url, ';') >= 0 {
		i := strings.IndexByte(url, ';')
		if slash := strings.LastIndexByte(url, '/'); slash >= 0 {
			i = strings.IndexByte(url[slash:], ';')
			if i >= 0 {
				i += slash
			}
		}
		if i >= 0 {
			u.path, u.params = url[:i], url[i+1:]
		}
	}
	return u, ""
}

// pyBracketedHost is _check_bracketed_host: an IPvFuture ("v1.x") or an
// IPv6 address (ipaddress.ip_address, which must not give IPv4).
func pyBracketedHost(host string) string {
	if strings.HasPrefix(host, "v") {
		dot := strings.IndexByte(host, '.')
		if dot < 2 || dot == len(host)-1 {
			return "IPvFuture address is invalid"
		}
		for i := 1; i < dot; i++ {
			if !engine.IsHex(host[i]) {
				return "IPvFuture address is invalid"
			}
		}
		return ""
	}
	// ipaddress.ip_address: an IPv6 address, with a scope after '%' that
	// is neither empty nor holds another '%'; an IPv4 one is refused here.
	if _, ok := engine.ParseIPv4(host); ok {
		return "An IPv4 address cannot be in brackets"
	}
	addr, zone, scoped := strings.Cut(host, "%")
	if _, ok := engine.ParseIPv6(addr); !ok || scoped && (zone == "" || strings.Contains(zone, "%")) {
		return strconv.Quote(host) + " does not appear to be an IPv4 or IPv6 address"
	}
	return ""
}

// pyCheckNetloc is _checknetloc: a non-ASCII host must not hide '/', '?',
// '#', '@' or ':' that NFKC normalisation would reveal.
func pyCheckNetloc(netloc string) string {
	ascii := true
	for i := 0; i < len(netloc); i++ {
		ascii = ascii && netloc[i] < 0x80
	}
	if netloc == "" || ascii {
		return ""
	}
	n := strings.NewReplacer("@", "", ":", "", "#", "", "?", "").Replace(netloc)
	if nfkcRevealsDelimiter(n) {
		return "netloc " + strconv.Quote(netloc) + " contains invalid characters under NFKC normalization"
	}
	return ""
}

// unparse is urlunparse, as CPython 3.11 writes it.
func (u pyURL) unparse() string {
	url := u.path
	if u.params != "" {
		url += ";" + u.params
	}
	if u.netloc != "" || u.scheme != "" && pyIn(pyUsesNetloc, u.scheme) && !strings.HasPrefix(url, "//") {
		if url != "" && url[0] != '/' {
			url = "/" + url
		}
		url = "//" + u.netloc + url
	}
	if u.scheme != "" {
		url = u.scheme + ":" + url
	}
	if u.query != "" {
		url += "?" + u.query
	}
	if u.fragment != "" {
		url += "#" + u.fragment
	}
	return url
}
