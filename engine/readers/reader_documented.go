package readers

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"robotstester/engine"
)

// The documented readers (bing, yandex, rfc9309) share one strict reading
// of the file, set out with its sources in reader_rfc9309.go, and differ
// where the crawler's own documentation says more (docRules).

// docRules is what sets one documented reader apart.
type docRules struct {
	id, name string
	// yandex: the "Yandex" group is the fallback of every Yandex robot, an
	// empty Disallow is "Allow: /" and an empty Allow is ignored.
	yandex bool
	// decodeUnreserved: %XX of an unreserved character is decoded before
	// matching (RFC 9309 §2.2.2).
	decodeUnreserved bool
	// robotsTxtAllowed: /robots.txt itself is always allowed.
	robotsTxtAllowed bool
}

type docFile struct {
	rules  *docRules
	groups []docGroup
	named  map[string][]int // lower-cased token (or "*") → the groups naming it, in order
}

type docGroup struct {
	agents []string // lower-cased product tokens, or "*"
	line   int      // the first user-agent line
	rules  []docRule
}

type docRule struct {
	line    int
	allow   bool
	value   string // as written
	pattern string // normalised for matching
}

func (f *docFile) Reader() string { return f.rules.id }

func parseDocumented(body []byte, rules *docRules) *docFile {
	f := &docFile{rules: rules}
	text := string(body)
	inRules := false // the current group has had a rule
	engine.SplitLines(text, 0, func(number, start, end int) {
		line := text[start:end]
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		colon := strings.IndexByte(line, ':')
		if colon < 0 {
			return
		}
		key := engine.LowerASCII(strings.Trim(line[:colon], " \t"))
		value := strings.Trim(line[colon+1:], " \t")
		switch key {
		case "user-agent":
			if value != "*" && !validToken(value) {
				return
			}
			if len(f.groups) == 0 || inRules {
				f.groups = append(f.groups, docGroup{line: number})
				inRules = false
			}
			g := &f.groups[len(f.groups)-1]
			g.agents = append(g.agents, engine.LowerASCII(value))
		case "allow", "disallow":
			if len(f.groups) == 0 || !utf8.ValidString(value) || hasControl(value) {
				return
			}
			allow := key == "allow"
			g := &f.groups[len(f.groups)-1]
			switch {
			case value == "" && rules.yandex && allow:
				return // Yandex: an empty Allow "isn't taken into account"
			case value == "" && rules.yandex:
				// Yandex: an empty Disallow is the same as "Allow: /".
				g.rules = append(g.rules, docRule{line: number, allow: true, pattern: "/"})
				inRules = true
				return
			case value == "":
				inRules = true // an empty-pattern rule: it matches nothing
				return
			case !strings.HasPrefix(value, "/"):
				return // not a path-pattern: not a rule line
			}
			g.rules = append(g.rules, docRule{line: number, allow: allow, value: value, pattern: rules.normalise(value)})
			inRules = true
		}
	})
	f.index()
	return f
}

// index fills named from the groups.
func (f *docFile) index() {
	f.named = map[string][]int{}
	for i, g := range f.groups {
		for k, a := range g.agents {
			if k == 0 || !slices.Contains(g.agents[:k], a) {
				f.named[a] = append(f.named[a], i)
			}
		}
	}
}

// validToken: a product token (RFC 9309 §2.2.1: letters, '-' and '_').
func validToken(s string) bool {
	for i := 0; i < len(s); i++ {
		if !engine.IsTokenByte(s[i]) {
			return false
		}
	}
	return s != ""
}

func hasControl(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] == 0x7F {
			return true
		}
	}
	return false
}

// normalise percent-encodes bytes outside printable ASCII, upper-cases
// escapes and, with decodeUnreserved, decodes the escapes of unreserved
// characters (ALPHA, DIGIT, '-', '.', '_', '~'; RFC 3986 §2.3).
func (d *docRules) normalise(s string) string {
	plain := true
	for i := 0; i < len(s) && plain; i++ {
		plain = s[i] > 0x20 && s[i] < 0x7F && s[i] != '%'
	}
	if plain {
		return s
	}
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%' && i+2 < len(s) && engine.IsHex(s[i+1]) && engine.IsHex(s[i+2]):
			v := unhex(s[i+1])<<4 | unhex(s[i+2])
			if d.decodeUnreserved && isUnreserved(v) {
				b.WriteByte(v)
			} else {
				b.WriteByte('%')
				b.WriteByte(engine.ToUpperASCII(s[i+1]))
				b.WriteByte(engine.ToUpperASCII(s[i+2]))
			}
			i += 2
		case c <= 0x20 || c >= 0x7F:
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func unhex(c byte) byte {
	switch {
	case '0' <= c && c <= '9':
		return c - '0'
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

func isUnreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~'
}

func (f *docFile) Test(agent, url string) ReaderResult {
	return f.testTokens([]string{agent}, true, url)
}

// testTokens decides for a crawler that obeys the first of tokens named by
// a group, else "*" unless obeysGlobal is false.
func (f *docFile) testTokens(tokens []string, obeysGlobal bool, url string) ReaderResult {
	d := f.rules
	res := ReaderResult{Reader: d.id, Allowed: true}
	path := d.normalise(engine.MatchPath(url))
	if d.robotsTxtAllowed && path == "/robots.txt" {
		res.Why = d.name + ": /robots.txt itself is always allowed."
		return res
	}
	agent, chosen, source, fallback := f.choose(tokens, obeysGlobal)
	which := "the group naming " + strconv.Quote(agent)
	switch {
	case source == engine.SourceGlobal:
		which = "the \"*\" group"
	case fallback:
		which = "the \"Yandex\" group, which every Yandex robot reads,"
	}
	if len(chosen) == 0 {
		res.Why = d.name + ": no group names " + strconv.Quote(agent) + " and there is no \"*\" group, so no rule applies."
		return res
	}
	var best *docRule
	for _, gi := range chosen {
		for i := range f.groups[gi].rules {
			r := &f.groups[gi].rules[i]
			if !wildMatch(r.pattern, path) {
				continue
			}
			if best == nil || len(r.pattern) > len(best.pattern) || len(r.pattern) == len(best.pattern) && r.allow && !best.allow {
				best = r
			}
		}
	}
	if best == nil {
		res.Why = d.name + " reads " + which + ": no rule matches " + quoteValue(path) + ", so the URL is allowed."
		return res
	}
	res.Allowed, res.Line = best.allow, best.line
	verdict := "blocks"
	if best.allow {
		verdict = "allows"
	}
	shown := quoteValue(best.value)
	if best.value == "" {
		shown = "(an empty Disallow, read as Allow: /)"
	}
	res.Why = d.name + " reads " + which + ": the longest matching rule is line " + strconv.Itoa(best.line) + " " + shown + ", which " + verdict + "."
	return res
}

// choose is the groups a crawler with these tokens obeys: those naming
// the first of its tokens a group names (agent is that token, else its
// first), for a Yandex robot the "Yandex" group (agent "Yandex"), else the
// "*" groups unless obeysGlobal is false. fallback: the "Yandex" group
// applies as every Yandex robot's, no group naming the crawler.
func (f *docFile) choose(tokens []string, obeysGlobal bool) (agent string, chosen []int, source engine.Source, fallback bool) {
	if len(tokens) > 0 {
		agent = tokens[0]
	}
	for _, t := range tokens {
		if chosen = f.groupsNaming(engine.LowerASCII(t)); len(chosen) > 0 {
			return t, chosen, engine.SourceSpecific, false
		}
	}
	if f.rules.yandex && strings.Contains(engine.LowerASCII(agent), "yandex") {
		if chosen = f.groupsNaming("yandex"); len(chosen) > 0 {
			return "Yandex", chosen, engine.SourceSpecific, true
		}
	}
	if obeysGlobal {
		if chosen = f.groupsNaming("*"); len(chosen) > 0 {
			return agent, chosen, engine.SourceGlobal, false
		}
	}
	return agent, nil, engine.SourceNone, false
}

// groupsNaming returns the groups that name token (lower-case), in order.
func (f *docFile) groupsNaming(token string) []int { return f.named[token] }

// wildMatch reports whether pattern matches path from its start: '*' is
// any run of bytes, '$' as the last byte ends the path, every other byte
// is itself (the algorithm of robots.cc's Matches, over the set of path
// lengths matched so far). The literal start of the pattern is compared
// first, where most rules of a large file fail, without allocating.
func wildMatch(pattern, path string) bool {
	p := 0
	for p < len(pattern) && pattern[p] != '*' && !(pattern[p] == '$' && p+1 == len(pattern)) {
		if p >= len(path) || path[p] != pattern[p] {
			return false
		}
		p++
	}
	switch {
	case p == len(pattern):
		return true
	case pattern[p] == '$':
		return p == len(path)
	}
	var buf [64]int
	lengths := append(buf[:0], p)
	for ; p < len(pattern); p++ {
		c := pattern[p]
		if c == '$' && p+1 == len(pattern) {
			return lengths[len(lengths)-1] == len(path)
		}
		if c == '*' {
			first := lengths[0]
			lengths = lengths[:0]
			for n := first; n <= len(path); n++ {
				lengths = append(lengths, n)
			}
			continue
		}
		kept := lengths[:0]
		for _, n := range lengths {
			if n < len(path) && path[n] == c {
				kept = append(kept, n+1)
			}
		}
		if len(kept) == 0 {
			return false
		}
		lengths = kept
	}
	return true
}
