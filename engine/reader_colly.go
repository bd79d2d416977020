package engine

import (
	"bytes"
	"math"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"
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
		var b strings.Builder
		start := at
		b.WriteRune(ch)
		next()
		for ch != -1 && !isSpace() && !isEOL() {
			if ch == ':' && !keyFound {
				next()
				keyFound = true
				break
			}
			b.WriteRune(ch)
			next()
		}
		toks = append(toks, collyToken{b.String(), start})
	}
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
	f.groups = map[string][]*collyRule{}
	var agents []string
	emptyGroup := true
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
				emptyGroup = true
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
		case "crawl-delay", "crawldelay":
			i++
			cd, err := strconv.ParseFloat(val, 64)
			switch {
			case err != nil:
				fail(key.offset, "Crawl-delay "+strconv.Quote(val)+" is not a number")
				continue
			case cd < 0 || math.IsInf(cd, 0) || math.IsNaN(cd):
				fail(key.offset, "Crawl-delay invalid value "+strconv.Quote(val))
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
		default:
			// host, sitemap and unknown keys: the value token is consumed.
			i++
		}
	}
	return f
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

// collyPath is the path Colly's checkRobots gives TestAgent.
func collyPath(raw string) (string, bool) {
	u, err := url.Parse(raw)
	if err != nil {
		return "", false
	}
	p := u.EscapedPath()
	if u.RawQuery != "" {
		p += "?" + u.Query().Encode()
	}
	return p, true
}

func (f *collyFile) Test(agent, rawURL string) ReaderResult {
	res := ReaderResult{Reader: "colly"}
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
	path, ok := collyPath(rawURL)
	if !ok {
		res.Failed = true
		res.Why = "Colly cannot parse this URL (Go's net/url refuses it), so nothing is fetched."
		return res
	}
	name := strings.ToLower(agent)
	key, rules := "", []*collyRule(nil)
	best := 0
	if g, ok := f.groups["*"]; ok {
		key, rules, best = "*", g, 1
	}
	for a, g := range f.groups {
		if a != "*" && strings.HasPrefix(name, a) && len(a) > best {
			key, rules, best = a, g, len(a)
		}
	}
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
