package engine

import "strings"

// Kind is what Google made of one line.
type Kind uint8

const (
	KindEmpty     Kind = iota // nothing but whitespace
	KindComment               // only a comment
	KindInvalid               // text Google drops: no separator, or an empty key
	KindUserAgent             // user-agent (or an accepted typo of it)
	KindAllow                 // allow
	KindDisallow              // disallow (or an accepted typo of it)
	KindSitemap               // sitemap (or site-map)
	KindUnknown               // any other key: Google ignores it
)

var kindNames = [...]string{"empty", "comment", "invalid", "user-agent", "allow", "disallow", "sitemap", "unknown"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind?"
}

// Line is one line of the file as Google read it. Key and Value are trimmed
// and, for Value, not yet normalised. The flags are those of Google's
// reporter (robots.h, LineMetadata).
type Line struct {
	Number     int // 1-based, counted as Google counts (LF, CR, CRLF)
	Start, End int // byte offsets of the line's content in the body, breaks excluded
	Key        string
	Value      string
	Group      int  // index into Robots.Groups for user-agent and rule lines, else -1
	Kind       Kind // what the line is

	HasComment   bool // a '#' starts a comment on this line
	MissingColon bool // key and value separated by whitespace (robots.cc accepts it)
	Typo         bool // the key is an accepted misspelling (useragent, dissalow, site-map…)
	TooLong      bool // bytes after MaxLineLen were dropped
	NUL          bool // a NUL byte ended the line's content early
}

// Agent is one user-agent line of a group.
type Agent struct {
	Line   int    // line number
	Value  string // the value as written (trimmed)
	Token  string // the product token Google reads from it ("" when global or none)
	Global bool   // "*" alone or "*" followed by whitespace
}

// Rule is one allow or disallow line of a group.
type Rule struct {
	Line    int
	Allow   bool
	Value   string // as written
	Pattern string // percent-normalised; what is matched, its length is the priority
}

// Group is a run of user-agent lines and the rules after them. A group ends
// at the first user-agent line that follows a rule; sitemap and unknown lines
// do not end it (robots.cc, HandleUserAgent and seen_separator_).
type Group struct {
	Agents []Agent
	Rules  []Rule

	index     *lazyIndex // built once, by the first Test that needs this group
	wildBytes int        // bytes of the rules with '*' or a final '$'
}

// Sitemap is one sitemap line.
type Sitemap struct {
	Line int
	URL  string // as written
}

// Robots is a parsed robots.txt. It is read-only after Parse and safe for
// concurrent use by many Test calls. Everything that depends only on the
// file is computed once: the lines and groups in Parse, each group's rule
// index on the first Test that needs that group (a file with two thousand
// groups is mostly tested for one or two of them), except for groups with
// large wildcard rules (eagerWildBytes), whose index Parse builds.
type Robots struct {
	Body     string    // the bytes as given
	BOM      int       // leading bytes Google skipped as a byte-order mark
	Lines    []Line    // every line, Lines[i].Number == i+1
	Groups   []Group   // in file order
	Sitemaps []Sitemap // in file order

	// OrphanRules counts allow/disallow lines before any user-agent line;
	// Google ignores them.
	OrphanRules int

	byToken map[string][]int // lower-cased product token → groups naming it
	global  []int            // groups naming "*"
}

// Parse reads a robots.txt body. It never fails and has no size limit, like
// Google's parser: Googlebot's 500 KiB fetch limit is a separate step
// (FetchLimit).
func Parse(body []byte) *Robots {
	src := string(body)
	r := &Robots{Body: src, byToken: map[string][]int{}}
	r.BOM = skipBOM(src)
	lines := 16 + strings.Count(src, "\n")
	r.Lines = make([]Line, 0, lines)
	// No more rules than lines: one allocation instead of a slice that grows
	// (and is copied) a dozen times in a large file.
	p := parser{r: r, group: -1, rules: make([]Rule, 0, lines)}
	splitLines(src, r.BOM, p.line)
	p.endGroup()
	for i := range r.Groups {
		g := &r.Groups[i]
		g.index = &lazyIndex{}
		if g.wildBytes >= eagerWildBytes {
			g.rules().automaton()
		}
		for _, a := range g.Agents {
			if a.Global {
				if len(r.global) == 0 || r.global[len(r.global)-1] != i {
					r.global = append(r.global, i)
				}
				continue
			}
			k := lowerASCII(a.Token)
			if gs := r.byToken[k]; len(gs) == 0 || gs[len(gs)-1] != i {
				r.byToken[k] = append(gs, i)
			}
		}
	}
	return r
}

// parser holds the state of one Parse. A group's agents and rules are
// contiguous in file order, so all groups share one agents slice and one
// rules slice, cut into each group's part when the group ends.
type parser struct {
	r          *Robots
	group      int  // current group, -1 before the first user-agent line
	sawRules   bool // the current group has had an allow/disallow line
	agents     []Agent
	rules      []Rule
	agentStart int // where the current group's agents start in agents
	ruleStart  int // likewise for rules
	wildBytes  int // bytes of the current group's rules with '*' or a final '$'
}

// eagerWildBytes is the size of a group's wildcard rules from which Parse
// builds the group's index and automaton (multimatch.go) itself: building
// them for up to 500 KiB of such rules costs tens of milliseconds, which the
// first Test would otherwise pay. Below it a lazy build costs a few.
const eagerWildBytes = 64 << 10

// endGroup gives the current group its agents and rules. Earlier groups'
// slices stay valid when the shared slices grow: they keep the old arrays.
func (p *parser) endGroup() {
	if p.group < 0 {
		return
	}
	g := &p.r.Groups[p.group]
	g.Agents = p.agents[p.agentStart:len(p.agents):len(p.agents)]
	g.Rules = p.rules[p.ruleStart:len(p.rules):len(p.rules)]
	g.wildBytes = p.wildBytes
	p.agentStart, p.ruleStart, p.wildBytes = len(p.agents), len(p.rules), 0
}

func (p *parser) line(number, start, end int) {
	r := p.r
	r.Lines = append(r.Lines, Line{Number: number, Start: start, End: end, Group: -1})
	ln := &r.Lines[len(r.Lines)-1]
	text := r.Body[start:end]
	if len(text) > MaxLineLen {
		text = text[:MaxLineLen]
		ln.TooLong = true
	}
	// Google handles the line as a C string from here on.
	if i := strings.IndexByte(text, 0); i >= 0 {
		text = text[:i]
		ln.NUL = true
	}
	ln.Kind, ln.Key, ln.Value = splitKeyValue(text, ln)
	if ln.Kind == KindUnknown {
		ln.Kind, ln.Typo = recogniseKey(ln.Key)
	}
	switch ln.Kind {
	case KindUserAgent:
		if p.group < 0 || p.sawRules {
			p.endGroup()
			r.Groups = append(r.Groups, Group{})
			p.group = len(r.Groups) - 1
			p.sawRules = false
		}
		p.agents = append(p.agents, readAgentLine(number, ln.Value))
		ln.Group = p.group
	case KindAllow, KindDisallow:
		if p.group < 0 {
			r.OrphanRules++
			break
		}
		p.rules = append(p.rules, Rule{
			Line:    number,
			Allow:   ln.Kind == KindAllow,
			Value:   ln.Value,
			Pattern: normalisePattern(ln.Value),
		})
		if v := ln.Value; strings.IndexByte(v, '*') >= 0 || strings.HasSuffix(v, "$") {
			p.wildBytes += len(v)
		}
		p.sawRules = true
		ln.Group = p.group
	case KindSitemap:
		r.Sitemaps = append(r.Sitemaps, Sitemap{Line: number, URL: ln.Value})
	}
}

// isSpace is absl::ascii_isspace: the bytes Google trims.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

func trimSpace(s string) string {
	i, j := 0, len(s)
	for i < j && isSpace(s[i]) {
		i++
	}
	for j > i && isSpace(s[j-1]) {
		j--
	}
	return s[i:j]
}

// splitKeyValue follows robots.cc's GetKeyAndValueFrom. It returns
// KindUnknown for a key/value line whose key is still to be recognised.
func splitKeyValue(text string, ln *Line) (Kind, string, string) {
	if i := strings.IndexByte(text, '#'); i >= 0 {
		ln.HasComment = true
		text = text[:i]
	}
	text = trimSpace(text)
	if text == "" {
		if ln.HasComment {
			return KindComment, "", ""
		}
		return KindEmpty, "", ""
	}
	sep := strings.IndexByte(text, ':')
	if sep < 0 {
		// Google accepts whitespace instead of the colon, but only when the
		// line holds exactly two runs of non-space/tab bytes.
		sep = strings.IndexAny(text, " \t")
		if sep < 0 {
			return KindInvalid, "", ""
		}
		rest := strings.TrimLeft(text[sep:], " \t")
		if strings.ContainsAny(rest, " \t") {
			return KindInvalid, "", ""
		}
		ln.MissingColon = true
	}
	key := trimSpace(text[:sep])
	if key == "" {
		return KindInvalid, "", ""
	}
	return KindUnknown, key, trimSpace(text[sep+1:])
}

// Keys are recognised by case-insensitive prefix, first hit wins, with
// Google's accepted typos (robots.cc, ParsedRobotsKey::Parse and
// kAllowFrequentTypos).
var keyTable = []struct {
	prefix string
	kind   Kind
	typo   bool
}{
	{"user-agent", KindUserAgent, false},
	{"useragent", KindUserAgent, true},
	{"user agent", KindUserAgent, true},
	{"allow", KindAllow, false},
	{"disallow", KindDisallow, false},
	{"dissallow", KindDisallow, true},
	{"dissalow", KindDisallow, true},
	{"disalow", KindDisallow, true},
	{"diasllow", KindDisallow, true},
	{"disallaw", KindDisallow, true},
	{"sitemap", KindSitemap, false},
	{"site-map", KindSitemap, true},
}

func recogniseKey(key string) (Kind, bool) {
	if key == "" {
		return KindUnknown, false
	}
	// Every prefix of one kind starts with the same letter, and no two kinds
	// share one, so the first byte picks the only entries that can match,
	// in table order.
	first := key[0] | 0x20
	for _, k := range keyTable {
		if k.prefix[0] == first && hasPrefixFold(key, k.prefix) {
			return k.kind, k.typo
		}
	}
	return KindUnknown, false
}

// hasPrefixFold reports whether s starts with the lower-case ASCII prefix,
// ignoring ASCII case.
func hasPrefixFold(s, prefix string) bool {
	if len(s) < len(prefix) {
		return false
	}
	for i := 0; i < len(prefix); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != prefix[i] {
			return false
		}
	}
	return true
}

func lowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if 'A' <= b[j] && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}
