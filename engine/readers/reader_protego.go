package readers

import (
	"robotstester/engine"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The protego reader: Scrapy's robots.txt parser, Protego, as Scrapy's
// ProtegoRobotParser calls it: the fetched body decoded as UTF-8 with bad
// bytes dropped (scrapy/robotstxt.py, decode_robotstxt), then
// Protego.parse(body).can_fetch(url, agent). Matched to Protego 0.2.1
// (Debian's python3-protego 0.2.1+dfsg-1, protego.py) on Debian's Python
// 3.11.2, whose urllib.parse it calls; the differential test runs the real
// package. What it does, in its own order:
//
//   - The text is split with str.splitlines() (also \v, \f, \x1c-\x1e,
//     \x85, U+2028, U+2029). A byte-order mark is kept, so it spoils the
//     first line's key. Everything from the first '#' is a comment; the
//     line is stripped (str.strip()), and an empty line is skipped: blank
//     lines mean nothing.
//   - The key is what comes before the first ':'. A line without ':' gets
//     a second chance: split at each single space, the words before the
//     value must spell a known key exactly as written in lower case
//     ("disallow /a" is read, "Disallow /a" is not). Keys are lower-cased
//     and compared whole, with the misspellings dissallow, dissalow,
//     disalow, diasllow and disallaw read as Disallow, and useragent,
//     "user agent", "crawl delay", "request rate", sitemaps and site-map.
//   - A line with an empty value is skipped but still counts as the last
//     key seen; a rule before any user-agent line is dropped without
//     counting. A user-agent line after any other key starts a new group.
//     Groups are kept by user-agent value lower-cased: a value seen before
//     adds its rules to the same set. A value with '*' (other than "*")
//     also names the set of the value without its '*'s.
//   - A rule's value gets a '/' in front unless it starts with one, then
//     is percent-decoded (except %2F, %2A, %24, %25, whose hex is
//     upper-cased), quoted again (safe "/*%") in its path only, through
//     urlparse, so a "//host" start is dropped and ';' params, '?' query
//     and '#' fragment are kept raw; a final '?', ';' or '$' is kept. A
//     rule with '$' is also added with every '$' as %24. An Allow ending
//     in /index.html also allows its folder exactly ("/a/$").
//   - can_fetch picks the set with the highest score: "*" scores 1, a
//     value found inside the agent (stripped, lower-cased, whole: a
//     version stays) scores its length; the first set wins a tie, and no
//     score allows everything. The URL is reduced to its path, quoted the
//     same way (params, query and fragment raw). The rules are tried
//     longest first (an Allow before a Disallow of the same length), and
//     the first that matches decides: '*' is any run of characters, a
//     final '$' ends the URL, and the rest must start the URL.
//   - urlparse raising ValueError (a "//[" start in a rule, a bad
//     bracketed host in the URL) fails the whole file or that URL.
//     Crawl-delay, Request-rate, Sitemap and Host never change a verdict.
//
// Debian's Python 3.11.2 differs from the CPython 3.11.7 the python reader
// follows in two places of urlsplit: "rtsps" has no ';' params, and a
// bracketed host is checked after the last '@' with nothing before '[' and
// only a port after ']' (_check_bracketed_netloc, the fix of
// CVE-2025-0938, gh-105704).

// pyDebian3112 is Debian's Python 3.11.2 urllib.parse.
var pyDebian3112 = pyURLFlavour{
	usesParams: slices.DeleteFunc(slices.Clone(pyUsesParams), func(s string) bool { return s == "rtsps" }),
	bracketed: func(netloc string) string {
		hostPort := netloc
		if i := strings.LastIndexByte(netloc, '@'); i >= 0 {
			hostPort = netloc[i+1:]
		}
		before, bracketed, open := strings.Cut(hostPort, "[")
		if !open {
			host, _, _ := strings.Cut(hostPort, ":")
			return pyBracketedHost(host)
		}
		if before != "" {
			return "Invalid IPv6 URL"
		}
		host, port, _ := strings.Cut(bracketed, "]")
		if port != "" && !strings.HasPrefix(port, ":") {
			return "Invalid IPv6 URL"
		}
		return pyBracketedHost(host)
	},
}

type protegoFile struct {
	sets  []*protegoSet // in the order their user-agent values first appear
	fail  string        // why Protego.parse raised
	lines lineIndex
}

type protegoSet struct {
	agent string // the user-agent value, lower-cased
	line  int    // the first user-agent line naming it
	lines []int  // every user-agent line naming it
	rules []protegoRule
}

type protegoRule struct {
	allow    bool
	pattern  string // as can_fetch compares it
	priority int    // its length in characters
	line     int
	value    string // as written
}

func (f *protegoFile) Reader() string { return "protego" }

// Protego's keys (protego.py, the _*_DIRECTIVE sets).
var (
	protegoUserAgent = []string{"user-agent", "useragent", "user agent"}
	protegoDisallow  = []string{"disallow", "dissallow", "dissalow", "disalow", "diasllow", "disallaw"}
	protegoSitemap   = []string{"sitemap", "sitemaps", "site-map"}
	protegoKeys      = slices.Concat(protegoUserAgent, protegoDisallow, protegoSitemap,
		[]string{"allow", "crawl-delay", "crawl delay", "request-rate", "request rate", "host"})
)

// protegoDecode is bytes.decode("utf-8", errors="ignore"): each byte that
// is not part of a well-formed sequence is dropped.
func protegoDecode(body []byte) string {
	if utf8.Valid(body) {
		return string(body)
	}
	var b strings.Builder
	for i := 0; i < len(body); {
		r, n := utf8.DecodeRune(body[i:])
		if r != utf8.RuneError || n > 1 {
			b.Write(body[i : i+n])
		}
		i += n
	}
	return b.String()
}

func parseProtego(body []byte) *protegoFile {
	text := protegoDecode(body)
	f := &protegoFile{lines: newLineIndex(text)}
	byAgent := map[string]*protegoSet{}
	var current []*protegoSet
	previous := "" // the last key seen; "" also when it was empty, as Python's falsy string
	for _, ln := range pySplitLines(text) {
		number := f.lines.line(ln.offset)
		line := ln.text
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		line = pyStrip(line)
		if line == "" {
			continue
		}
		key, value, ok := strings.Cut(line, ":")
		if !ok {
			if key, value, ok = protegoSecondChance(line); !ok {
				continue
			}
		}
		key, value = pyLower(pyStrip(key)), pyStrip(value)
		if value == "" {
			previous = key
			continue
		}
		if len(current) == 0 && !slices.Contains(protegoUserAgent, key) && !slices.Contains(protegoSitemap, key) {
			continue
		}
		switch {
		case slices.Contains(protegoUserAgent, key):
			if previous != "" && !slices.Contains(protegoUserAgent, previous) {
				current = nil
			}
			agent := pyLower(value)
			names := []string{agent}
			if agent != "*" && strings.Contains(agent, "*") {
				names = append(names, strings.ReplaceAll(agent, "*", ""))
			}
			for _, name := range names {
				if name == "" {
					continue
				}
				set := byAgent[name]
				if set == nil {
					set = &protegoSet{agent: name, line: number}
					byAgent[name] = set
					f.sets = append(f.sets, set)
				}
				if !slices.Contains(current, set) {
					current = append(current, set)
				}
				if !slices.Contains(set.lines, number) {
					set.lines = append(set.lines, number)
				}
			}
		case key == "allow" || slices.Contains(protegoDisallow, key):
			pattern := value
			if !strings.HasPrefix(pattern, "/") {
				pattern = "/" + pattern
			}
			for _, set := range current {
				if err := set.add(pattern, key == "allow", number, value); err != "" {
					f.fail = "Protego.parse raises ValueError on line " + strconv.Itoa(number) + " (" + err + "), so Scrapy reads no rules — start the rule with a single /"
					return f
				}
			}
		}
		previous = key
	}
	for _, set := range f.sets {
		// Python's sort is stable, reversed too: longest first, an Allow
		// before a Disallow of the same length, else in file order.
		slices.SortStableFunc(set.rules, func(a, b protegoRule) int {
			if a.priority != b.priority {
				return b.priority - a.priority
			}
			switch {
			case a.allow == b.allow:
				return 0
			case a.allow:
				return -1
			}
			return 1
		})
	}
	return f
}

// protegoSecondChance reads a line without ':' as Protego's parser does:
// split at each single space, the first words must spell a key as written.
func protegoSecondChance(line string) (key, value string, ok bool) {
	parts := strings.Split(line, " ")
	if len(parts) < 2 {
		return "", "", false
	}
	key = parts[0]
	for i := 1; i < len(parts); i++ {
		if slices.Contains(protegoKeys, key) {
			return key, strings.Join(parts[i:], " "), true
		}
		key += " " + parts[i]
	}
	return "", "", false
}

// add is _RuleSet.allow and _RuleSet.disallow; err is urlparse's
// ValueError.
func (s *protegoSet) add(pattern string, allow bool, line int, value string) string {
	if strings.Contains(pattern, "$") {
		if err := s.add(strings.ReplaceAll(pattern, "$", "%24"), allow, line, value); err != "" {
			return err
		}
	}
	quoted, err := protegoQuotePattern(pattern)
	if err != "" || quoted == "" {
		return err
	}
	s.rules = append(s.rules, protegoRule{allow: allow, pattern: quoted, priority: utf8.RuneCountInString(quoted), line: line, value: value})
	if allow && strings.HasSuffix(quoted, "/index.html") {
		// "If index.html is allowed, we interpret this as / being allowed too."
		return s.add(quoted[:len(quoted)-len("index.html")]+"$", allow, line, value)
	}
	return ""
}

// protegoQuotePattern is _RuleSet._quote_pattern.
func protegoQuotePattern(pattern string) (string, string) {
	last := ""
	if c := pattern[len(pattern)-1]; c == '?' || c == ';' || c == '$' {
		last, pattern = pattern[len(pattern)-1:], pattern[:len(pattern)-1]
	}
	u, err := pyURLParseAs(pattern, pyDebian3112)
	if err != "" {
		return "", err
	}
	path := protegoQuote(protegoUnquote(u.path, "2F2A2425"), "/*%")
	return pyURL{path: path + last, params: u.params, query: u.query, fragment: u.fragment}.unparse(), ""
}

// protegoPath is _RuleSet._quote_path: what can_fetch compares the rules
// with.
func protegoPath(url string) (string, string) {
	u, err := pyURLParseAs(url, pyDebian3112)
	if err != "" {
		return "", err
	}
	path := protegoQuote(protegoUnquote(u.path, "2F25"), "/%")
	p := pyURL{path: path, params: u.params, query: u.query, fragment: u.fragment}.unparse()
	if p == "" {
		p = "/"
	}
	return p, ""
}

// protegoUnquote is _RuleSet._unquote: %XX becomes its byte unless its
// upper-cased hex is one of keep (pairs of hex digits), which is kept
// upper-cased; the bytes are decoded as UTF-8, each bad sequence U+FFFD.
func protegoUnquote(s, keep string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '%' || i+2 >= len(s) || !engine.IsHex(s[i+1]) || !engine.IsHex(s[i+2]) {
			b.WriteByte(s[i])
			continue
		}
		hex := strings.ToUpper(s[i+1 : i+3])
		if kept := strings.Index(keep, hex); kept >= 0 && kept%2 == 0 {
			b.WriteString("%" + hex)
		} else {
			v, _ := strconv.ParseUint(hex, 16, 8)
			b.WriteByte(byte(v))
		}
		i += 2
	}
	return decodeUTF8(b.String())
}

// protegoQuote is urllib.parse.quote(s, safe): UTF-8 bytes other than
// letters, digits, "_.-~" and safe become %XX (upper-case).
func protegoQuote(s, safe string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("_.-~", c) >= 0 || strings.IndexByte(safe, c) >= 0 {
			b.WriteByte(c)
		} else {
			b.WriteString("%" + engine.HexByte(c))
		}
	}
	return b.String()
}

// set is _get_matching_rule_set: the highest score, the first on a tie;
// nil when none scores.
func (f *protegoFile) set(agent string) *protegoSet {
	name := pyLower(pyStrip(agent))
	var best *protegoSet
	score := 0
	for _, s := range f.sets {
		n := 0
		switch {
		case s.agent == "*":
			n = 1
		case strings.Contains(name, s.agent):
			n = utf8.RuneCountInString(s.agent)
		}
		if n > score {
			best, score = s, n
		}
	}
	return best
}

func (f *protegoFile) Test(agent, url string) ReaderResult {
	res := ReaderResult{Reader: "protego"}
	if f.fail != "" {
		res.Failed, res.Why = true, "Protego fails: "+f.fail+"."
		return res
	}
	agent, url = decodeUTF8(agent), decodeUTF8(url)
	set := f.set(agent)
	if set == nil {
		res.Allowed = true
		res.Why = "Protego finds no group for " + strconv.Quote(agent) + " (it looks for a user-agent value inside the agent) and no * group, so it allows."
		return res
	}
	path, err := protegoPath(url)
	if err != "" {
		res.Failed, res.Why = true, "Protego fails: can_fetch raises ValueError for this URL ("+err+")."
		return res
	}
	group := "the group of " + strconv.Quote(set.agent) + " (line " + strconv.Itoa(set.line) + ")"
	lead := "Protego uses " + group + " and tries its rules longest first on " + quoteValue(path)
	for _, r := range set.rules {
		if !wildMatch(r.pattern, path) {
			continue
		}
		res.Allowed, res.Line = r.allow, r.line
		verdict := "blocked"
		if r.allow {
			verdict = "allowed"
		}
		res.Why = lead + ": line " + strconv.Itoa(r.line) + " " + quoteValue(r.value) + " matches first — " + verdict + "."
		return res
	}
	res.Allowed = true
	res.Why = lead + ": none matches, so it allows."
	return res
}

// groupsFor is the set can_fetch applies to agent, for ObeysWith.
func (f *protegoFile) groupsFor(agent string) (o engine.Obeys, how, refused string) {
	if f.fail != "" {
		return o, "", "Protego fails: " + f.fail + "."
	}
	how = "Protego scores each user-agent value found inside the agent by its length (* scores 1) and takes the highest, merging every group that names it"
	switch set := f.set(decodeUTF8(agent)); {
	case set == nil:
	case set.agent == "*":
		o = engine.Obeys{Source: engine.SourceGlobal, Lines: set.lines}
	default:
		o = engine.Obeys{Source: engine.SourceSpecific, Token: set.agent, Lines: set.lines}
	}
	return o, how, ""
}
