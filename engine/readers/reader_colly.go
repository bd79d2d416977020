package readers

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"robotstester/engine"
)

// The colly reader: github.com/temoto/robotstxt v1.1.2, the parser Colly
// runs, as robotstxt.FromBytes(body) and TestAgent(path, agent) answer, with
// the path Colly's checkRobots passes (net/url's EscapedPath, plus "?" and
// the query re-encoded by url.Values.Encode when there is one). The
// differential test runs the real module. What it does:
//
//   - A scanner (scanner.go) cuts the file into tokens at spaces, tabs and
//     vertical tabs; a run of CR/LF is one end-of-line token; '#' at the
//     start of a token comments out the rest of the line; the first ':' of
//     a line ends the key token. A leading BOM is skipped.
//   - The parser (parser.go) takes a key token and the token after it as
//     its value, whatever that is: "Disallow:" with nothing after it takes
//     the end of the line as a path ("/\n") that matches nothing, and a
//     value with a space loses its second word. Keys: user-agent (or
//     useragent), allow, disallow, crawl-delay (or crawldelay), host,
//     sitemap, compared lower-cased; no other typo is accepted.
//   - A rule or crawl-delay before any user-agent, or a crawl-delay that is
//     not a non-negative number, is a parse error: FromBytes returns an
//     error and Colly refuses every request to the site.
//   - Groups are kept by agent name; the group used is the "*" group unless
//     a longer agent name is a prefix of the lower-cased agent ("google"
//     matches "googlebot").
//   - A value without '*' or '$' is a plain prefix (a "/" is put in front
//     of a value that starts with neither "/" nor "*"; trailing '*' are
//     dropped). Others become a regular expression ('*' as ".*", '$' as end
//     of text) that may match anywhere in the path, not only at its start.
//     The longest rule wins, measured in bytes of the regular expression for
//     those; on equal length the first in the file wins, Allow or not.

type collyFile struct {
	fail   string // the parse error(s); FromBytes failed
	failAt int
	all    bool // FromBytes found nothing: allow everything
	groups map[string][]*collyRule
	// starts: by agent key, the first user-agent line of each group that
	// gave the key its rules (for the matrix's account of the groups).
	starts map[string][]int
	lines  lineIndex
}

type collyRule struct {
	line  int
	allow bool
	value string // the value token as written
	path  string // a plain prefix ("" when pattern is set)
	// A wildcard rule: its pieces ('*' any run, '$' end of text, other
	// bytes literal) and the length of the regular expression temoto
	// builds, which is its priority.
	pattern  string
	priority int
}

func (f *collyFile) Reader() string { return "colly" }

// collyToken is one token of temoto's scanner and where it starts.
type collyToken struct {
	text   string
	offset int
}

// collyScan is temoto's byteScanner.scanAll.
func collyScan(body []byte) []collyToken {
	var toks []collyToken
	pos, at := 0, 0 // the next byte to read; where ch starts
	ch := rune(-1)
	next := func() {
		if pos >= len(body) {
			ch = -1
			return
		}
		r, w := rune(body[pos]), 1
		if r >= 0x80 {
			r, w = utf8.DecodeRune(body[pos:])
		}
		at, ch = pos, r
		pos += w
	}
	isSpace := func() bool { return ch == ' ' || ch == '\t' || ch == '\v' }
	isEOL := func() bool { return ch == '\n' || ch == '\r' }
	next()
	if ch == 0xFEFF {
		next()
	}
	keyFound := false
	for {
		for ch != -1 && isSpace() {
			next()
		}
		if ch == -1 {
			return toks
		}
		if isEOL() {
			keyFound = false
			start := at
			for ch != -1 && isEOL() {
				next()
			}
			toks = append(toks, collyToken{"\n", start})
			continue
		}
		if ch == '#' {
			keyFound = false
			start := at
			for ch != -1 && !isEOL() {
				next()
			}
			for ch != -1 && isEOL() {
				next()
			}
			if ch == -1 {
				return toks
			}
			toks = append(toks, collyToken{"\n", start})
			continue
		}
		start := at
		next()
		for ch != -1 && !isSpace() && !isEOL() && (ch != ':' || keyFound) {
			next()
		}
		end := at // the token's bytes are body[start:end]
		if ch == -1 {
			end = len(body)
		}
		if ch == ':' && !keyFound {
			next()
			keyFound = true
		}
		toks = append(toks, collyToken{scannedText(body[start:end]), start})
	}
}

// scannedText is a token as the scanner writes it, rune by rune: each byte
// that is not UTF-8 becomes U+FFFD.
func scannedText(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	var s strings.Builder
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		s.WriteRune(r)
		b = b[n:]
	}
	return s.String()
}

func parseColly(body []byte) *collyFile {
	f := &collyFile{lines: newLineIndex(string(body))}
	if len(bytes.TrimSpace(body)) == 0 {
		f.all = true
		return f
	}
	toks := collyScan(body)
	if len(toks) == 0 {
		f.all = true
		return f
	}
	f.groups, f.starts = map[string][]*collyRule{}, map[string][]int{}
	var agents []string
	emptyGroup := true
	first := 0 // the current group's first user-agent line
	started := func() {
		for _, a := range agents {
			if s := f.starts[a]; len(s) == 0 || s[len(s)-1] != first {
				f.starts[a] = append(s, first)
			}
		}
	}
	fail := func(at int, msg string) {
		if f.fail == "" {
			f.fail, f.failAt = "line "+strconv.Itoa(f.lines.line(at))+": "+msg, f.lines.line(at)
		}
	}
	for i := 0; i+1 < len(toks); {
		key, val := toks[i], toks[i+1].text
		i++
		switch strings.ToLower(key.text) {
		case "\n":
			continue
		case "user-agent", "useragent":
			i++
			if !emptyGroup {
				agents = nil
			}
			if len(agents) == 0 {
				emptyGroup, first = true, f.lines.line(key.offset)
			}
			agents = append(agents, strings.ToLower(val))
		case "disallow", "allow":
			i++
			allow := strings.ToLower(key.text) == "allow"
			if len(agents) == 0 {
				fail(key.offset, canonicalKey(allow)+" before User-agent")
				continue
			}
			emptyGroup = false
			r := collyNewRule(val)
			r.line, r.allow = f.lines.line(key.offset), allow
			for _, a := range agents {
				f.groups[a] = append(f.groups[a], r)
			}
			started()
		case "crawl-delay", "crawldelay":
			i++
			if !collyDelayOK(val) {
				fail(key.offset, "Crawl-delay "+strconv.Quote(val)+" is not a number of seconds temoto accepts")
				continue
			}
			if len(agents) == 0 {
				fail(key.offset, "Crawl-delay before User-agent")
				continue
			}
			emptyGroup = false
			for _, a := range agents {
				if f.groups[a] == nil {
					f.groups[a] = []*collyRule{}
				}
			}
			started()
		default:
			// host, sitemap and unknown keys: the value token is consumed.
			i++
		}
	}
	return f
}

// collyDelayOK reports whether temoto accepts a Crawl-delay value:
// strconv.ParseFloat(v, 64) succeeds and gives neither a negative number,
// an infinity nor NaN. strconv would add 7 KB to the page, so this follows
// its syntax (Go 1.26, internal/strconv: special, readFloat, underscoreOK)
// and decides overflow (ErrRange), and a negative number's rounding to -0,
// from the digits, exactly (collyBounds). TestCollyDelayIsParseFloats
// checks it against strconv.
func collyDelayOK(v string) bool {
	s := v
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg, s = s[0] == '-', s[1:]
	}
	// Infinity and NaN (special) are refused by temoto either way.
	if engine.HasPrefixFold(s, "inf") || engine.HasPrefixFold(s, "nan") {
		return false
	}
	hex := len(s) > 2 && s[0] == '0' && s[1]|0x20 == 'x'
	i, expChar := 0, byte('e')
	if hex {
		i, expChar = 2, 'p'
	}
	var digits []byte // significant digits, leading zeros dropped
	dp, sawDot, sawDigits, underscores := 0, false, false, false
loop:
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '_':
			underscores = true
		case c == '.':
			if sawDot {
				break loop
			}
			sawDot, dp = true, len(digits)
		case '0' <= c && c <= '9' || hex && 'a' <= c|0x20 && c|0x20 <= 'f':
			sawDigits = true
			if c == '0' && len(digits) == 0 {
				dp--
				continue
			}
			digits = append(digits, c|0x20)
		default:
			break loop
		}
	}
	if !sawDigits {
		return false
	}
	if !sawDot {
		dp = len(digits)
	}
	exp := 0
	if i < len(s) && s[i]|0x20 == expChar {
		i++
		esign := 1
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			if s[i] == '-' {
				esign = -1
			}
			i++
		}
		if i >= len(s) || s[i] < '0' || s[i] > '9' {
			return false
		}
		for ; i < len(s) && ('0' <= s[i] && s[i] <= '9' || s[i] == '_'); i++ {
			if s[i] == '_' {
				underscores = true
			} else if exp < 10000 {
				exp = exp*10 + int(s[i]-'0')
			}
		}
		exp *= esign
	} else if hex {
		return false
	}
	if i != len(s) || underscores && !underscoreOK(v[:len(v)-len(s)+i]) {
		return false
	}
	for len(digits) > 0 && digits[len(digits)-1] == '0' {
		digits = digits[:len(digits)-1]
	}
	if len(digits) == 0 {
		return true // zero, of either sign
	}
	if neg {
		// Only a negative number that rounds to -0 passes: one up to
		// 2^-1075, half the smallest subnormal (a tie rounds to even, 0).
		if hex {
			bits := 4*dp + exp - (4 - bitLen(digits[0]))
			return bits < -1074 || bits == -1074 && len(digits) == 1 && unhex(digits[0])&(unhex(digits[0])-1) == 0
		}
		// 2^-1075 = 5^1075 × 10^-1075 = 0.24703282292062327208… × 10^-323.
		if e := dp + exp; e != -323 {
			return e < -323
		}
		return strings.Compare(string(digits), collyBounds().halfSubnormal) <= 0
	}
	if hex {
		// value = 0.digits (hex) × 16^dp × 2^exp
		bits := 4*dp + exp - (4 - bitLen(digits[0]))
		if bits != 1024 {
			return bits < 1024
		}
		var m uint64
		for k := 0; k < 16; k++ {
			m <<= 4
			if k < len(digits) {
				m |= uint64(unhex(digits[k]))
			}
		}
		m <<= 4 - bitLen(digits[0])   // the top bit first
		return m < 0xFFFFFFFFFFFFFC00 // 2^1024 - 2^970: MaxFloat64's 53 ones and one more
	}
	// value = 0.digits × 10^(dp+exp); it overflows from 2^1024 - 2^970,
	// the halfway point above MaxFloat64, which rounds up.
	// 2^1024 - 2^970 = 0.17976931348623158079… × 10^309.
	if e := dp + exp; e != 309 {
		return e < 309
	}
	return strings.Compare(string(digits), collyBounds().overflow) < 0
}

// collyBounds are the exact decimal digits of the two values where
// strconv.ParseFloat's answer changes for temoto: 2^1024 - 2^970 (309
// digits), from which a number overflows, and 2^-1075 (752 significant
// digits: 5^1075 × 10^-1075), up to which a negative number rounds to -0.
// Compared as decimal fractions 0.digits with the written significant
// digits (strings.Compare: a prefix is the smaller), they decide exactly,
// however many digits a Crawl-delay is written with. Worked out on first
// use (about a million small multiplications), not stored in the page.
var collyBounds = sync.OnceValue(func() (b struct{ overflow, halfSubnormal string }) {
	b.overflow = subDigits(powDigits(2, 1024), powDigits(2, 970))
	b.halfSubnormal = powDigits(5, 1075)
	return b
})

// powDigits is base^n in decimal digits, most significant first.
func powDigits(base, n int) string {
	d := []byte{1} // least significant first
	for ; n > 0; n-- {
		carry := 0
		for i := range d {
			v := int(d[i])*base + carry
			d[i], carry = byte(v%10), v/10
		}
		for ; carry > 0; carry /= 10 {
			d = append(d, byte(carry%10))
		}
	}
	return decimalString(d)
}

// subDigits is a - b for decimal digit strings with a ≥ b.
func subDigits(a, b string) string {
	d := make([]byte, len(a)) // least significant first
	borrow := 0
	for i := 0; i < len(a); i++ {
		v := int(a[len(a)-1-i]-'0') - borrow
		if i < len(b) {
			v -= int(b[len(b)-1-i] - '0')
		}
		borrow = 0
		if v < 0 {
			v, borrow = v+10, 1
		}
		d[i] = byte(v)
	}
	for len(d) > 1 && d[len(d)-1] == 0 {
		d = d[:len(d)-1]
	}
	return decimalString(d)
}

// decimalString writes least-significant-first digits as text, trailing
// zeros of the fraction dropped (the written digits are compared so).
func decimalString(d []byte) string {
	out := make([]byte, len(d))
	for i, v := range d {
		out[len(d)-1-i] = '0' + v
	}
	return strings.TrimRight(string(out), "0")
}

// bitLen is the number of significant bits of a hex digit.
func bitLen(h byte) int {
	n := 0
	for v := unhex(h); v > 0; v >>= 1 {
		n++
	}
	return n
}

// underscoreOK is strconv's check that underscores only separate digits.
func underscoreOK(s string) bool {
	saw := byte('^')
	i := 0
	if s != "" && (s[0] == '-' || s[0] == '+') {
		s = s[1:]
	}
	hex := false
	if len(s) >= 2 && s[0] == '0' && (s[1]|0x20 == 'b' || s[1]|0x20 == 'o' || s[1]|0x20 == 'x') {
		i, saw, hex = 2, '0', s[1]|0x20 == 'x'
	}
	for ; i < len(s); i++ {
		switch c := s[i]; {
		case '0' <= c && c <= '9' || hex && 'a' <= c|0x20 && c|0x20 <= 'f':
			saw = '0'
		case c == '_':
			if saw != '0' {
				return false
			}
			saw = '_'
		case saw == '_':
			return false
		default:
			saw = '!'
		}
	}
	return saw != '_'
}

func canonicalKey(allow bool) string {
	if allow {
		return "Allow"
	}
	return "Disallow"
}

// collyNewRule is parser.go's returnPathVal for a non-empty value.
func collyNewRule(v string) *collyRule {
	r := &collyRule{value: v}
	if !strings.HasPrefix(v, "*") && !strings.HasPrefix(v, "/") {
		v = "/" + v
	}
	v = strings.TrimRight(v, "*")
	if !strings.ContainsAny(v, "*$") {
		r.path = v
		return r
	}
	// regexp.QuoteMeta escapes each of \.+*?()|[]{}^$ with a backslash;
	// then `\*` becomes ".*" (same length) and `\$` becomes "$".
	r.pattern = v
	r.priority = len(v)
	for i := 0; i < len(v); i++ {
		if strings.IndexByte(`\.+*?()|[]{}^`, v[i]) >= 0 {
			r.priority++
		}
	}
	return r
}

// matches is the rule's regular expression, unanchored at the start, run
// on path: is there a start from which '*' (any run of bytes but a
// newline), '$' (the end of the path) and the literal bytes all fit?
func (r *collyRule) matches(path string) bool {
	// Every literal piece must be somewhere in the path: most rules of a
	// large file fail here, without allocating.
	for rest := r.pattern; rest != ""; {
		i := strings.IndexAny(rest, "*$")
		if i < 0 {
			i = len(rest)
		}
		if !strings.Contains(path, rest[:i]) {
			return false
		}
		rest = rest[min(i+1, len(rest)):]
	}
	at := make([]bool, len(path)+1)
	for i := range at {
		at[i] = true
	}
	for k := 0; k < len(r.pattern); k++ {
		c := r.pattern[k]
		any := false
		switch c {
		case '*':
			// From a reachable position '.' consumes any byte but '\n'.
			reach := false
			for i := range at {
				if at[i] {
					reach = true
				} else if reach {
					at[i] = true
				}
				if i < len(path) && path[i] == '\n' {
					reach = false
				}
				any = any || at[i]
			}
		case '$':
			for i := range at {
				at[i] = at[i] && i == len(path)
				any = any || at[i]
			}
		default:
			for i := len(path); i > 0; i-- {
				at[i] = at[i-1] && path[i-1] == c
				any = any || at[i]
			}
			at[0] = false
		}
		if !any {
			return false
		}
	}
	return true
}

// collyPath is the path Colly's checkRobots gives TestAgent: the URL
// parsed by Go's net/url, its EscapedPath, and "?" with the query parsed
// and re-encoded by url.Values.Encode when there is one. net/url itself
// would add 20 KB to the page, so this follows its Parse, EscapedPath,
// ParseQuery and Encode (Go 1.26, src/net/url/url.go) for that one result;
// TestCollyPathIsNetURLs checks it against net/url. ok is false where
// url.Parse fails.
func collyPath(raw string) (string, bool) {
	u, frag, _ := strings.Cut(raw, "#")
	if hasCTL(u) {
		return "", false
	}
	if frag != "" {
		if _, ok := goUnescape(frag, goFragment); !ok {
			return "", false
		}
	}
	scheme, rest := "", u
	for i := 0; i < len(u); i++ {
		c := u[i]
		if 'a' <= c|0x20 && c|0x20 <= 'z' {
			continue
		}
		if '0' <= c && c <= '9' || c == '+' || c == '-' || c == '.' {
			if i == 0 {
				break
			}
			continue
		}
		if c == ':' {
			if i == 0 {
				return "", false // missing protocol scheme
			}
			scheme, rest = engine.LowerASCII(u[:i]), u[i+1:]
		}
		break
	}
	var query string
	if strings.HasSuffix(rest, "?") && strings.Count(rest, "?") == 1 {
		rest = rest[:len(rest)-1]
	} else {
		rest, query, _ = strings.Cut(rest, "?")
	}
	if !strings.HasPrefix(rest, "/") {
		if scheme != "" {
			rest = "" // opaque: no path
		} else if segment, _, _ := strings.Cut(rest, "/"); strings.Contains(segment, ":") {
			return "", false // first path segment in URL cannot contain colon
		}
	}
	if (scheme != "" || !strings.HasPrefix(rest, "///")) && strings.HasPrefix(rest, "//") {
		authority := rest[2:]
		rest = ""
		if i := strings.IndexByte(authority, '/'); i >= 0 {
			authority, rest = authority[:i], authority[i:]
		}
		if !goAuthority(scheme, authority) {
			return "", false
		}
	}
	path, ok := goUnescape(rest, goPath)
	if !ok {
		return "", false
	}
	// EscapedPath: the path as written when it is a valid encoding of the
	// decoded path, else the decoded path escaped again.
	escaped := goEscape(path, goPath)
	switch {
	case rest != escaped && goValidEncoded(rest):
		escaped = rest
	case path == "*":
		escaped = "*"
	}
	if query == "" {
		return escaped, true
	}
	return escaped + "?" + goEncodeQuery(query), true
}

func hasCTL(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < ' ' || s[i] == 0x7F {
			return true
		}
	}
	return false
}

// The escaping modes of net/url that collyPath needs.
type goMode uint8

const (
	goPath goMode = iota
	goHost
	goZone
	goUserPassword
	goQueryComponent
	goFragment
)

// goShouldEscape is net/url's shouldEscape (RFC 3986 §2.2, §2.3, §3.2.1,
// §3.2.2, §3.3, §3.4, §4.1).
func goShouldEscape(c byte, mode goMode) bool {
	if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' {
		return false
	}
	if mode == goHost || mode == goZone {
		switch c {
		case '!', '$', '&', '\'', '(', ')', '*', '+', ',', ';', '=', ':', '[', ']', '<', '>', '"':
			return false
		}
	}
	switch c {
	case '-', '_', '.', '~':
		return false
	case '$', '&', '+', ',', '/', ':', ';', '=', '?', '@':
		switch mode {
		case goPath:
			return c == '?'
		case goUserPassword:
			return c == '@' || c == '/' || c == '?' || c == ':'
		case goQueryComponent:
			return true
		case goFragment:
			return false
		}
	}
	if mode == goFragment {
		switch c {
		case '!', '(', ')', '*':
			return false
		}
	}
	return true
}

// goUnescape is net/url's unescape; ok is false where it returns an error.
func goUnescape(s string, mode goMode) (string, bool) {
	n, plus := 0, false
	for i := 0; i < len(s); {
		switch s[i] {
		case '%':
			n++
			if i+2 >= len(s) || !engine.IsHex(s[i+1]) || !engine.IsHex(s[i+2]) {
				return "", false
			}
			v := unhex(s[i+1])<<4 | unhex(s[i+2])
			if mode == goHost && unhex(s[i+1]) < 8 && s[i:i+3] != "%25" {
				return "", false
			}
			if mode == goZone && s[i:i+3] != "%25" && v != ' ' && goShouldEscape(v, goHost) {
				return "", false
			}
			i += 3
		case '+':
			plus = mode == goQueryComponent
			i++
		default:
			if (mode == goHost || mode == goZone) && s[i] < 0x80 && goShouldEscape(s[i], mode) {
				return "", false
			}
			i++
		}
	}
	if n == 0 && !plus {
		return s, true
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '%':
			b.WriteByte(unhex(s[i+1])<<4 | unhex(s[i+2]))
			i += 2
		case s[i] == '+' && mode == goQueryComponent:
			b.WriteByte(' ')
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String(), true
}

// goEscape is net/url's escape.
func goEscape(s string, mode goMode) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' && mode == goQueryComponent:
			b.WriteByte('+')
		case goShouldEscape(c, mode):
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// goValidEncoded is validEncoded for a path: what EscapedPath keeps as
// written.
func goValidEncoded(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '!', '$', '&', '\'', '(', ')', '*', '+', ',', ';', '=', ':', '@', '[', ']', '%':
		default:
			if goShouldEscape(s[i], goPath) {
				return false
			}
		}
	}
	return true
}

// goAuthority reports whether net/url's parseAuthority accepts authority.
func goAuthority(scheme, authority string) bool {
	host, userinfo := authority, ""
	at := strings.LastIndexByte(authority, '@')
	if at >= 0 {
		host, userinfo = authority[at+1:], authority[:at]
	}
	if !goHostOK(scheme, host) {
		return false
	}
	if at < 0 {
		return true
	}
	for _, r := range userinfo {
		if !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || strings.ContainsRune("-._:~!$&'()*+,;=%@", r)) {
			return false
		}
	}
	name, password, _ := strings.Cut(userinfo, ":")
	_, ok1 := goUnescape(name, goUserPassword)
	_, ok2 := goUnescape(password, goUserPassword)
	return ok1 && ok2
}

// goHostOK reports whether net/url's parseHost accepts host.
func goHostOK(scheme, host string) bool {
	open := strings.LastIndexByte(host, '[')
	switch {
	case open > 0:
		return false
	case open == 0:
		close := strings.LastIndexByte(host, ']')
		if close < 0 || !goValidPort(host[close+1:]) {
			return false
		}
		if _, ok := goUnescape(host[close+1:], goHost); !ok {
			return false
		}
		name, zone := host[1:close], ""
		if i := strings.Index(name, "%25"); i >= 0 {
			name, zone = name[:i], name[i:]
		}
		h, ok := goUnescape(name, goHost)
		if !ok {
			return false
		}
		if zone != "" {
			z, ok := goUnescape(zone, goZone)
			if !ok {
				return false
			}
			h += z
		}
		// netip.ParseAddr, IPv6 only: a zone after '%' must not be empty.
		addr, zone, scoped := strings.Cut(h, "%")
		_, ok = engine.ParseIPv6(addr)
		return ok && !(scoped && zone == "")
	}
	if i := strings.IndexByte(host, ':'); i >= 0 {
		// http and https keep the first colon (GODEBUG urlstrictcolons=1,
		// the default); other schemes the last.
		if last := strings.LastIndexByte(host, ':'); last != i && scheme != "http" && scheme != "https" {
			i = last
		}
		if !goValidPort(host[i:]) {
			return false
		}
	}
	_, ok := goUnescape(host, goHost)
	return ok
}

// goValidPort is validOptionalPort: "" or ':' and digits.
func goValidPort(port string) bool {
	if port == "" {
		return true
	}
	if port[0] != ':' {
		return false
	}
	for i := 1; i < len(port); i++ {
		if port[i] < '0' || port[i] > '9' {
			return false
		}
	}
	return true
}

// goEncodeQuery is url.ParseQuery(query) then Values.Encode: pairs split
// at '&' (a pair with ';' or a bad escape dropped), decoded, sorted by key
// (stable for one key's values) and encoded again.
func goEncodeQuery(query string) string {
	if strings.Count(query, "&")+1 > 10000 {
		return "" // ParseQuery refuses more than 10,000 parameters
	}
	type pair struct{ k, v string }
	var pairs []pair
	for query != "" {
		var kv string
		kv, query, _ = strings.Cut(query, "&")
		if kv == "" || strings.Contains(kv, ";") {
			continue
		}
		k, v, _ := strings.Cut(kv, "=")
		k, ok1 := goUnescape(k, goQueryComponent)
		if !ok1 {
			continue
		}
		v, ok2 := goUnescape(v, goQueryComponent)
		if !ok2 {
			continue
		}
		pairs = append(pairs, pair{k, v})
	}
	// Sorted through indices, stably: the values of one key keep their order.
	idx := make([]int, len(pairs))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return strings.Compare(pairs[a].k, pairs[b].k) })
	var b strings.Builder
	for _, i := range idx {
		p := pairs[i]
		if b.Len() > 0 {
			b.WriteByte('&')
		}
		b.WriteString(goEscape(p.k, goQueryComponent) + "=" + goEscape(p.v, goQueryComponent))
	}
	return b.String()
}

// group is the key of the group temoto applies to name (the agent
// lower-cased): the longest agent that begins it, else "*"; "" when none.
func (f *collyFile) group(name string) string {
	key, best := "", 0
	if _, ok := f.groups["*"]; ok {
		key, best = "*", 1
	}
	for a := range f.groups {
		if a != "*" && strings.HasPrefix(name, a) && len(a) > best {
			key, best = a, len(a)
		}
	}
	return key
}

func (f *collyFile) Test(agent, rawURL string) ReaderResult {
	res := ReaderResult{Reader: "colly"}
	// Colly parses the URL before it reads robots.txt.
	path, ok := collyPath(rawURL)
	if !ok {
		res.Failed = true
		res.Why = "Colly cannot parse this URL (Go's net/url refuses it), so nothing is fetched."
		return res
	}
	if f.fail != "" {
		res.Failed, res.Line = true, f.failAt
		res.Why = "temoto/robotstxt refuses the file (" + f.fail + "), so Colly fetches nothing from the site."
		return res
	}
	if f.all {
		res.Allowed = true
		res.Why = "temoto/robotstxt finds nothing in the file and allows everything."
		return res
	}
	name := strings.ToLower(agent)
	key := f.group(name)
	rules := f.groups[key]
	if key == "" {
		res.Allowed = true
		res.Why = "temoto/robotstxt finds no group whose agent is a prefix of " + strconv.Quote(name) + " and no \"*\" group, so it allows."
		return res
	}
	var win *collyRule
	prio := 0
	for _, r := range rules {
		switch {
		case r.pattern != "":
			if r.priority > prio && r.matches(path) {
				win, prio = r, r.priority
			}
		case r.path == "/" && prio == 0:
			win, prio = r, 1
		case len(r.path) > prio && strings.HasPrefix(path, r.path):
			win, prio = r, len(r.path)
		}
	}
	which := "the group for " + strconv.Quote(key)
	if key == "*" {
		which = "the \"*\" group"
	}
	if win == nil {
		res.Allowed = true
		res.Why = "temoto/robotstxt uses " + which + ": no rule matches " + quoteValue(path) + ", so it allows."
		return res
	}
	res.Allowed, res.Line = win.allow, win.line
	verdict := "blocks"
	if win.allow {
		verdict = "allows"
	}
	how := "the longest rule matching "
	if win.pattern != "" {
		how = "the longest rule (a regular expression that may match anywhere in the path) matching "
	}
	res.Why = "temoto/robotstxt uses " + which + ": " + how + quoteValue(path) + " is line " + strconv.Itoa(win.line) + " " +
		quoteValue(win.value) + ", which " + verdict + "."
	return res
}
