package readers

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"robotstester/engine"
)

// The robots-parser reader: the npm package robots-parser 3.0.1 (Robots.js),
// which Lighthouse and Crawlee run, as `new Robots(origin + "/robots.txt",
// text).isAllowed(url, agent)` and getMatchingLineNumber answer. The
// differential test runs the real package under Node. What it does:
//
//   - The text is the body as fetch().text() decodes it (WHATWG UTF-8: a
//     leading BOM dropped, bad bytes as U+FFFD); lines split at \r\n, \r or \n.
//   - A comment is cut at the first '#', the line split at its first ':'
//     (a line with no colon is skipped) and both halves trimmed with
//     String.prototype.trim (which also trims U+00A0, U+FEFF, U+2028...).
//     Keys are compared whole, lower-cased: no typo is accepted.
//   - Consecutive user-agent lines share the rules that follow; each agent
//     value is lower-cased, cut at its first '/' and trimmed. A group is
//     keyed by that value, and groups with the same value merge. Any rule
//     line (even an empty "Disallow:") or Crawl-delay gives its agents a
//     group, which then hides the "*" group from them.
//   - The agent tested is read the same way and must equal a group's key;
//     failing that the "*" group applies.
//   - Patterns are normalised with encodeURI (existing %XX kept, hex made
//     upper-case); the URL is parsed by WHATWG URL and pathname + search
//     compared. '*' matches any run, '$' is special only at the end. The
//     longest matching pattern wins, an Allow on a tie of length; its line
//     is the deciding line.

type rpFile struct {
	groups map[string][]rpRule // by agent key; present (even empty) once named by a rule line
	// starts: by agent key, the first user-agent line of each group that
	// gave the key its rules (for the matrix's account of the groups).
	starts map[string][]int
}

type rpRule struct {
	pattern string // normalised
	value   string // as written, trimmed
	allow   bool
	line    int
}

func (f *rpFile) Reader() string { return "robots-parser" }

func parseRobotsParser(body []byte) *rpFile {
	text := strings.TrimPrefix(decodeUTF8(string(body)), "\uFEFF")
	f := &rpFile{groups: map[string][]rpRule{}, starts: map[string][]int{}}
	var agents []string
	noAgentState := true
	first := 0 // the current group's first user-agent line
	number := 0
	for start := 0; start <= len(text); {
		end := strings.IndexAny(text[start:], "\r\n")
		if end < 0 {
			end = len(text)
		} else {
			end += start
		}
		line := text[start:end]
		number++
		start = end + 1
		if end < len(text) && text[end] == '\r' && start < len(text) && text[start] == '\n' {
			start++
		}
		if end == len(text) {
			start = len(text) + 1
		}
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		colon := strings.IndexByte(line, ':')
		if colon < 0 {
			continue
		}
		key, value := jsTrim(line[:colon]), jsTrim(line[colon+1:])
		if key == "" {
			continue
		}
		key = engine.LowerASCII(key)
		switch key {
		case "user-agent":
			if noAgentState {
				agents, first = agents[:0], number
			}
			if value != "" {
				agents = append(agents, rpAgent(value))
			}
		case "allow", "disallow":
			for _, a := range agents {
				rules := f.groups[a]
				if value != "" {
					rules = append(rules, rpRule{pattern: rpNormalise(value), value: value, allow: key == "allow", line: number})
				}
				if rules == nil {
					rules = []rpRule{}
				}
				f.groups[a] = rules
				f.started(a, first)
			}
		case "crawl-delay":
			for _, a := range agents {
				if f.groups[a] == nil {
					f.groups[a] = []rpRule{}
				}
				f.started(a, first)
			}
		}
		noAgentState = key != "user-agent"
	}
	return f
}

// started notes that the group starting at line gives key rules.
func (f *rpFile) started(key string, line int) {
	if s := f.starts[key]; len(s) == 0 || s[len(s)-1] != line {
		f.starts[key] = append(s, line)
	}
}

// rpAgent is formatUserAgent: lower-cased, cut at the first '/', trimmed.
func rpAgent(s string) string {
	s = jsLower(s)
	if i := strings.IndexByte(s, '/'); i >= 0 {
		s = s[:i]
	}
	return jsTrim(s)
}

// jsIsSpace is what String.prototype.trim removes: WhiteSpace and
// LineTerminator (ECMA-262 §12.2, §12.3): the Zs characters, tab, VT, FF,
// U+FEFF, LF, CR, U+2028 and U+2029 (not U+0085).
func jsIsSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
		return true
	}
	return 0x2000 <= r && r <= 0x200A
}

func jsTrim(s string) string { return strings.TrimFunc(s, jsIsSpace) }

// rpNormalise is normaliseEncoding: encodeURI, with its %25 turned back
// into '%' (so existing escapes stay), then every %xx upper-cased.
func rpNormalise(s string) string {
	plain := true
	for i := 0; i < len(s) && plain; i++ {
		plain = s[i] < 0x80 && (s[i] == '%' || encodeURIKeeps(s[i]))
	}
	if plain {
		return upperEscapes(s)
	}
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x80 && (c == '%' || encodeURIKeeps(c)) {
			b.WriteByte(c)
		} else {
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
	return upperEscapes(b.String())
}

// encodeURIKeeps: the characters encodeURI leaves alone (ECMA-262,
// uriReserved, uriUnescaped and '#').
func encodeURIKeeps(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		strings.IndexByte(";/?:@&=+$,-_.!~*'()#", c) >= 0
}

// upperEscapes is urlEncodeToUpper: each %xx (two hex digits, scanned left
// to right) upper-cased.
func upperEscapes(s string) string {
	var b []byte
	for i := 0; i+2 < len(s); i++ {
		if s[i] == '%' && engine.IsHex(s[i+1]) && engine.IsHex(s[i+2]) {
			if u1, u2 := engine.ToUpperASCII(s[i+1]), engine.ToUpperASCII(s[i+2]); u1 != s[i+1] || u2 != s[i+2] {
				if b == nil {
					b = []byte(s)
				}
				b[i+1], b[i+2] = u1, u2
			}
			i += 2
		}
	}
	if b == nil {
		return s
	}
	return string(b)
}

func (f *rpFile) Test(agent, url string) ReaderResult {
	res := ReaderResult{Reader: "robots-parser"}
	path, ok := whatwgPathSearch(decodeUTF8(url))
	if !ok {
		res.Failed = true
		res.Why = "robots-parser cannot read this URL (the WHATWG URL parser refuses it, or it is not http, https, ftp, ws or wss), so isAllowed returns undefined and nothing is fetched."
		return res
	}
	path = upperEscapes(path)
	key, group, source := f.group(agent)
	rules := f.groups[group]
	which := "the group for " + strconv.Quote(key)
	if source == engine.SourceGlobal {
		which = "the \"*\" group"
	}
	if source == engine.SourceNone {
		res.Allowed = true
		res.Why = "robots-parser finds no group for " + strconv.Quote(key) + " (it compares the agent, lower-cased and cut at '/', with each user-agent value whole) and no \"*\" group, so it allows."
		return res
	}
	var best *rpRule
	for i := range rules {
		r := &rules[i]
		// Robots.js matches() is the algorithm of wildMatch.
		if !wildMatch(r.pattern, path) {
			continue
		}
		if best == nil || len(r.pattern) > len(best.pattern) || len(r.pattern) == len(best.pattern) && r.allow && !best.allow {
			best = r
		}
	}
	if best == nil {
		res.Allowed = true
		res.Why = "robots-parser uses " + which + ": no rule matches " + quoteValue(path) + ", so it allows."
		return res
	}
	res.Allowed, res.Line = best.allow, best.line
	verdict := "blocks"
	if best.allow {
		verdict = "allows"
	}
	res.Why = "robots-parser uses " + which + ": the longest rule matching " + quoteValue(path) + " is line " +
		strconv.Itoa(best.line) + " " + quoteValue(best.value) + ", which " + verdict + "."
	return res
}

// group is the agent key robots-parser compares, and the key of the rules
// it applies: key itself, "*" or none.
func (f *rpFile) group(agent string) (key, group string, source engine.Source) {
	key = "*"
	if agent != "" {
		key = rpAgent(decodeUTF8(agent))
	}
	if _, ok := f.groups[key]; ok {
		return key, key, engine.SourceSpecific
	}
	if _, ok := f.groups["*"]; ok {
		return key, "*", engine.SourceGlobal
	}
	return key, "", engine.SourceNone
}

// nodePathEscapes is the path percent-encode set but '^', as
// whatwgPathSearch encodes a path.
var nodePathEscapes = engine.ByteSetOf(func(c byte) bool { return c != '^' && engine.InPathSet(c) })

// whatwgPathSearch is `new URL(input, "http://robots-relative.samclarke.com/")`'s
// pathname + search, as robots-parser computes them (WHATWG URL Standard,
// basic URL parser, for the special schemes; Node 20). ok is false when the
// parser fails, and for schemes that are not special.
func whatwgPathSearch(input string) (string, bool) {
	s := strings.TrimFunc(input, func(r rune) bool { return r <= ' ' })
	if strings.ContainsAny(s, "\t\n\r") {
		s = strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(s)
	}
	scheme := ""
	if i := engine.SchemeEnd(s); i > 0 {
		scheme, s = engine.LowerASCII(s[:i]), s[i+1:]
	}
	slash := func(c byte) bool { return c == '/' || c == '\\' }
	var rest string // what follows the authority, or the path when there is none
	authority := false
	switch scheme {
	case "":
		// Relative to the base http://robots-relative.samclarke.com/.
		authority = len(s) >= 2 && slash(s[0]) && slash(s[1])
	case "http":
		// The base's own scheme: "special relative or authority state".
		if strings.HasPrefix(s, "//") || len(s) >= 2 && slash(s[0]) && slash(s[1]) {
			authority = true
		}
	case "https", "ftp", "ws", "wss":
		authority = true
	default:
		return "", false
	}
	if authority {
		s = strings.TrimLeft(s, "/\\")
		end := strings.IndexAny(s, "/\\?#")
		if end < 0 {
			end = len(s)
		}
		auth := s[:end]
		rest = s[end:]
		if at := strings.LastIndexByte(auth, '@'); at >= 0 {
			auth = auth[at+1:]
		}
		host, port := auth, ""
		if strings.HasPrefix(auth, "[") {
			if c := strings.IndexByte(auth, ']'); c >= 0 {
				host, port = auth[:c+1], strings.TrimPrefix(auth[c+1:], ":")
				if port == auth[c+1:] && port != "" {
					return "", false
				}
			}
		} else if c := strings.IndexByte(auth, ':'); c >= 0 {
			host, port = auth[:c], auth[c+1:]
		}
		if !whatwgHost(host) {
			return "", false
		}
		for i := 0; i < len(port); i++ {
			if port[i] < '0' || port[i] > '9' {
				return "", false
			}
		}
		if digits := strings.TrimLeft(port, "0"); len(digits) > 5 {
			return "", false
		} else if n, _ := strconv.Atoi(digits); n > 65535 {
			return "", false
		}
	} else {
		rest = s
		if rest != "" && !slash(rest[0]) && rest[0] != '?' && rest[0] != '#' {
			rest = "/" + rest
		}
	}
	var query string
	hasQuery := false
	if i := strings.IndexByte(rest, '#'); i >= 0 {
		rest = rest[:i]
	}
	if i := strings.IndexByte(rest, '?'); i >= 0 {
		rest, query, hasQuery = rest[:i], rest[i+1:], true
	}
	path := engine.RemoveDotSegments(strings.ReplaceAll(rest, "\\", "/"))
	path = engine.PercentEncode(path, &nodePathEscapes)
	if hasQuery && query != "" {
		return path + "?" + engine.PercentEncode(query, &engine.SpecialQuerySet), true
	}
	return path, true
}

// whatwgHost reports whether the WHATWG host parser accepts host for a
// special URL: an IPv6 address in brackets, or a name that is
// percent-decoded, mapped by UTS #46 (adaDomainToASCII), free of forbidden
// domain code points and, when its last label is a number, a valid IPv4
// address (decimal, octal or hex parts).
func whatwgHost(host string) bool {
	if strings.HasPrefix(host, "[") {
		_, ok := engine.ParseIPv6(strings.TrimSuffix(host[1:], "]"))
		return strings.HasSuffix(host, "]") && ok
	}
	if host == "" {
		return false
	}
	ascii, ok := adaDomainToASCII(decodeUTF8(unquoteBytes(host)))
	if !ok {
		return false
	}
	for i := 0; i < len(ascii); i++ {
		if c := ascii[i]; c <= ' ' || c == 0x7F || strings.IndexByte("#%/:<>?@[\\]^|", c) >= 0 {
			return false
		}
	}
	parts := strings.Split(ascii, ".")
	if len(parts) > 1 && parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	if last := parts[len(parts)-1]; !isDecimal(last) && !(len(last) >= 2 && last[0] == '0' && last[1]|0x20 == 'x' && isHexString(last[2:])) {
		return true
	}
	// The IPv4 parser.
	if len(parts) > 4 {
		return false
	}
	for i, p := range parts {
		n, ok := ipv4Number(p)
		if !ok {
			return false
		}
		if i < len(parts)-1 && n > 255 || i == len(parts)-1 && n >= 1<<(8*(5-len(parts))) {
			return false
		}
	}
	return true
}

// adaDomainToASCII is "domain to ASCII" as Node 20's URL parser (ada 2.9.2,
// its own UTS #46 code, IDNA tables of Unicode 15.1) answers it: the
// engine's mapping (hostToASCII, x/net/idna) where the two agree, and
// ada's own reading where they part (found by probing every code point
// and odd xn-- labels under Node; TestReadersLiveHostCodePoints):
//
//   - An xn-- label whose Punycode has no encoded part ("xn--abc-" is
//     "abc") is kept when that part is not empty, and one whose delimiter
//     comes first ("xn---tel") is decoded as if there were none; x/net/idna
//     refuses both.
//
//   - A label that is xn-- followed by anything non-ASCII is refused; x/net
//     encodes it as any other Unicode label.
//
//   - A label may begin with one of the combining marks of adaNewMarks,
//     which ada's leading-mark check does not list; x/net refuses it.
//
//   - ada151Disallowed: characters IDNA 15.1 disallows, x/net's 15.0
//     table maps.
//
//   - Labels with a right-to-left character: ada's own Bidi rule
//     (reader_robotsparser_bidi.go) in place of RFC 5893's, and labels
//     with a joiner (U+200C, U+200D): ada's own joiner check in place of
//     RFC 5892's and of the Bidi rule, in builds that have their tables
//     (not js/wasm, which follows the browser).
func adaDomainToASCII(name string) (string, bool) {
	if strings.ContainsFunc(name, func(r rune) bool { return unicode.Is(ada151Disallowed, r) }) {
		return "", false
	}
	mapped, ok := uts46Map(name)
	if !ok {
		// A character the mapping refuses alone: the whole name is judged
		// by the engine's mapping.
		ascii, err := rpHostToASCII(name)
		return ascii, err == nil && ascii != "" && rpBidiOK(ascii, nil)
	}
	labels := strings.Split(mapped, ".")
	kept := map[int]string{} // xn-- labels ada keeps as they are
	marked := map[int]bool{} // labels mapped with an "a" before their first mark
	for i, l := range labels {
		code, ace := strings.CutPrefix(l, "xn--")
		switch {
		case !ace:
			if r, _ := utf8.DecodeRuneInString(l); unicode.Is(adaNewMarks, r) {
				labels[i], marked[i] = "a"+l, true
			}
		case code == "" || code == "-" || !isASCII(code):
			return "", false
		case strings.HasSuffix(code, "-"):
			// Only basic code points: ada keeps them as they are.
			kept[i], labels[i] = l, "a"
		case code[0] == '-' && strings.LastIndexByte(code, '-') == 0:
			// No basic code points but a delimiter, which RFC 3492 allows
			// and x/net/idna refuses: ada decodes the rest as if the
			// delimiter were not there.
			kept[i], labels[i] = l, "xn--"+code[1:]
		}
	}
	ascii, err := rpHostToASCII(strings.Join(labels, "."))
	if err != nil || ascii == "" || !adaMarksLeadOK(ascii, marked) || !rpBidiOK(ascii, marked) {
		return "", false
	}
	if len(kept) > 0 {
		out := strings.Split(ascii, ".")
		for i, l := range kept {
			if i < len(out) {
				out[i] = l
			}
		}
		ascii = strings.Join(out, ".")
	}
	return ascii, true
}

// adaHostReading is what a build supplies for Node's reading of right-to-left
// hosts (reader_robotsparser_bidi.go): a host mapping to ASCII without RFC
// 5893's check, and ada's Bidi rule in its place. nil in js/wasm builds,
// whose host mapping is the browser's own and applies RFC 5893 as the
// standard reads it: there the robots-parser reader follows the browser on
// right-to-left hosts (ada's rule needs bidi classes, a table the page
// would carry, and the browser's mapping cannot be asked to leave its
// check out).
type adaHostReading struct {
	toASCII func(host string) (string, error)
	bidiOK  func(ascii string, marked map[int]bool) bool
}

var adaHost *adaHostReading

// rpHostToASCII maps host as ada does before its Bidi rule: the build's
// mapping without RFC 5893's check where it has one, else the engine's.
func rpHostToASCII(host string) (string, error) {
	if adaHost == nil || engine.HasEmptyPunycodeLabel(host) || engine.PlainASCIIHost(host) {
		return engine.MapHost(host)
	}
	return adaHost.toASCII(host)
}

// rpBidiOK applies ada's Bidi rule to the labels of ascii where the build
// has it; marked are as for adaMarksLeadOK.
func rpBidiOK(ascii string, marked map[int]bool) bool {
	return adaHost == nil || adaHost.bidiOK(ascii, marked)
}

// adaMarksLeadOK checks the labels of ascii that were mapped with an "a"
// before their first character, one of adaNewMarks: NFC orders the marks
// that follow by combining class, so the mark ada finds first may be
// another one, which its leading-mark check refuses ("\u0898\u094D" is
// "\u094D\u0898"). Such a mark either composes with the "a" or follows it.
func adaMarksLeadOK(ascii string, marked map[int]bool) bool {
	for i, l := range strings.Split(ascii, ".") {
		if !marked[i] {
			continue
		}
		u, ok := punycodeDecode(strings.TrimPrefix(l, "xn--"))
		if !ok || !strings.HasPrefix(u, "a") {
			return false
		}
		if r, _ := utf8.DecodeRuneInString(u[1:]); !unicode.Is(adaNewMarks, r) {
			return false
		}
	}
	return true
}

// uts46Map is name after UTS #46's mapping step, lower-case, so that its
// labels can be read as ada reads them: ASCII by itself, each other
// character through the engine's mapping (hostToASCII, after a "0" that
// makes it a label's inner character and composes with nothing under
// NFC), decoded from Punycode. NFC across characters is left out: no label
// start, "xn--" prefix or dot depends on it. ok is false
// when the mapping refuses a character on its own.
func uts46Map(name string) (string, bool) {
	if isASCII(name) {
		return engine.LowerASCII(name), true
	}
	var b strings.Builder
	for _, r := range name {
		switch {
		case r < utf8.RuneSelf:
			if 'A' <= r && r <= 'Z' {
				r += 'a' - 'A'
			}
			b.WriteRune(r)
		case r == 0x3002 || r == 0xFF0E || r == 0xFF61: // the full stops UTS #46 maps to '.'
			b.WriteByte('.')
		case r == 0x200C || r == 0x200D: // joiners are kept (non-transitional), checked in context
			b.WriteRune(r)
		default:
			ascii, err := rpHostToASCII("0" + string(r))
			if err != nil {
				return "", false
			}
			for i, l := range strings.Split(ascii, ".") {
				if code, ok := strings.CutPrefix(l, "xn--"); ok {
					if l, ok = punycodeDecode(code); !ok {
						return "", false
					}
				}
				if i == 0 {
					l = strings.TrimPrefix(l, "0")
				} else {
					b.WriteByte('.')
				}
				b.WriteString(l)
			}
		}
	}
	return b.String(), true
}

// hostToASCII is the engine's one host mapping (hostascii.go), the only way
// this reader reaches UTS #46's tables: x/net/idna natively, the browser's
// own mapping in the js/wasm programs.
func hostToASCII(host string) (string, error) { return engine.MapHost(host) }

// punycodeDecode is RFC 3492's decoding (§6.2) of what follows "xn--".
func punycodeDecode(code string) (string, bool) {
	const base, tmin, tmax, skew, damp = 36, 1, 26, 38, 700
	var out []rune
	if i := strings.LastIndexByte(code, '-'); i >= 0 {
		out = []rune(code[:i])
		code = code[i+1:]
	}
	n, bias, i := rune(0x80), 72, 0
	for pos := 0; pos < len(code); {
		old, w := i, 1
		for k := base; ; k += base {
			if pos == len(code) {
				return "", false
			}
			c := code[pos]
			pos++
			var digit int
			switch {
			case 'a' <= c|0x20 && c|0x20 <= 'z':
				digit = int(c | 0x20 - 'a')
			case '0' <= c && c <= '9':
				digit = int(c-'0') + 26
			default:
				return "", false
			}
			i += digit * w
			t := min(max(k-bias, tmin), tmax)
			if digit < t {
				break
			}
			w *= base - t
			if i > 1<<30 || w > 1<<30 {
				return "", false
			}
		}
		// Bias adaptation (§6.1).
		delta := i - old
		if old == 0 {
			delta /= damp
		} else {
			delta /= 2
		}
		delta += delta / (len(out) + 1)
		k := 0
		for delta > ((base-tmin)*tmax)/2 {
			delta /= base - tmin
			k += base
		}
		bias = k + (base-tmin+1)*delta/(delta+skew)
		n += rune(i / (len(out) + 1))
		i %= len(out) + 1
		if n > unicode.MaxRune {
			return "", false
		}
		out = append(out[:i], append([]rune{n}, out[i:]...)...)
		i++
	}
	return string(out), true
}

// adaNewMarks are the combining marks (Unicode 14.0 and 15.0) that Node 20's
// ada accepts at the start of a label, listed by probing every code point
// under Node 20.20.2 (TestReadersLiveHostCodePoints).
var adaNewMarks = &unicode.RangeTable{
	R16: []unicode.Range16{
		{0x0898, 0x089F, 1}, {0x08CA, 0x08D2, 1}, {0x0C3C, 0x0C3C, 1}, {0x0CF3, 0x0CF3, 1}, {0x0ECE, 0x0ECE, 1},
		{0x1715, 0x1715, 1}, {0x1AC1, 0x1ACE, 1}, {0x1DFA, 0x1DFA, 1},
	},
	R32: []unicode.Range32{
		{0x10EFD, 0x10EFF, 1}, {0x10F82, 0x10F85, 1}, {0x11070, 0x11070, 1}, {0x11073, 0x11074, 1}, {0x110C2, 0x110C2, 1},
		{0x11241, 0x11241, 1}, {0x11F00, 0x11F01, 1}, {0x11F03, 0x11F03, 1}, {0x11F34, 0x11F3A, 1}, {0x11F3E, 0x11F42, 1},
		{0x13440, 0x13440, 1}, {0x13447, 0x13455, 1}, {0x1CF00, 0x1CF2D, 1}, {0x1CF30, 0x1CF46, 1}, {0x1E08F, 0x1E08F, 1},
		{0x1E2AE, 0x1E2AE, 1}, {0x1E4EC, 0x1E4EF, 1},
	},
}

// ada151Disallowed are the five CJK compatibility ideographs that UTS #46
// 15.1 made disallowed (their mappings were corrected in Unicode 15.1);
// x/net/idna's 15.0 table still maps them.
var ada151Disallowed = &unicode.RangeTable{
	R32: []unicode.Range32{{0x2F868, 0x2F874, 0x2F874 - 0x2F868}, {0x2F91F, 0x2F95F, 0x2F95F - 0x2F91F}, {0x2F9BF, 0x2F9BF, 1}},
}

// ipv4Number is the WHATWG IPv4 number parser: 0x… hex, 0… octal, else
// decimal; "" after a prefix is 0.
func ipv4Number(s string) (uint64, bool) {
	if s == "" {
		return 0, false
	}
	base := 10
	switch {
	case len(s) >= 2 && s[0] == '0' && s[1]|0x20 == 'x':
		s, base = s[2:], 16
	case len(s) >= 2 && s[0] == '0':
		s, base = s[1:], 8
	}
	if s == "" {
		return 0, true
	}
	var n uint64
	for i := 0; i < len(s); i++ {
		c := s[i]
		var d uint64
		switch {
		case '0' <= c && c <= '9':
			d = uint64(c - '0')
		case base == 16 && engine.IsHex(c):
			d = uint64(unhex(c))
		default:
			return 0, false
		}
		if d >= uint64(base) {
			return 0, false
		}
		n = n*uint64(base) + d
		if n > 1<<32 {
			n = 1 << 33 // too large whatever follows
		}
	}
	return n, true
}

func isDecimal(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

func isHexString(s string) bool {
	for i := 0; i < len(s); i++ {
		if !engine.IsHex(s[i]) {
			return false
		}
	}
	return true
}
