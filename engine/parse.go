package engine

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"unsafe"
)

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

// Line is one line of the file as Google read it. The flags are those of
// Google's reporter (robots.h, LineMetadata).
type Line struct {
	Number     int  // 1-based, counted as Google counts (LF, CR, CRLF)
	Start, End int  // byte offsets of the line's content in the body, breaks excluded
	Group      int  // index into Robots.Groups for user-agent and rule lines, else -1
	Kind       Kind // what the line is

	HasComment   bool // a '#' starts a comment on this line
	MissingColon bool // key and value separated by whitespace (robots.cc accepts it)
	Typo         bool // the key is an accepted misspelling (useragent, dissalow, site-map…)
	TooLong      bool // bytes after MaxLineLen were dropped
	NUL          bool // a NUL byte ended the line's content early

	// The key and the value as offsets from Start (see Key and Value), not
	// strings: a Line holds no pointer, so the GC never scans Robots.Lines
	// and filling it needs no write barrier. Both lie in the line's first
	// MaxLineLen bytes, so 16 bits are enough.
	keyStart, keyEnd, valueStart, valueEnd uint16
}

// This does not compile if MaxLineLen outgrows Line's 16-bit offsets.
const _ = uint16(MaxLineLen)

// Key is the line's key, trimmed, as written in body, the Robots.Body the
// line belongs to; "" for empty, comment and invalid lines.
func (ln *Line) Key(body string) string {
	return body[ln.Start+int(ln.keyStart) : ln.Start+int(ln.keyEnd)]
}

// Value is the line's value, trimmed and not yet normalised, as written in
// body, the Robots.Body the line belongs to; "" for empty, comment and
// invalid lines.
func (ln *Line) Value(body string) string {
	return body[ln.Start+int(ln.valueStart) : ln.Start+int(ln.valueEnd)]
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
	Line  int
	Allow bool
	// literal says Parse found no '*' in the pattern, which is then
	// matched with no search for one (matchesPath); in Allow's padding.
	literal bool
	Value   string // as written
	Pattern string // percent-normalised; what is matched, its length is the priority
}

// matchesPath is matches(path, rule.Pattern), which for a pattern Parse
// found literal is a comparison: in js/wasm the search for a '*' cost
// more than most comparisons, for each rule a URL is tried against.
func (rule *Rule) matchesPath(path string) bool {
	p := rule.Pattern
	switch {
	case !rule.literal:
		return matches(path, p)
	case len(p) > 0 && p[len(p)-1] == '$':
		return path == p[:len(p)-1]
	}
	return strings.HasPrefix(path, p)
}

// Group is a run of user-agent lines and the rules after them. A group ends
// at the first user-agent line that follows a rule; sitemap and unknown lines
// do not end it (robots.cc, HandleUserAgent and seen_separator_).
type Group struct {
	Agents []Agent
	Rules  []Rule

	index *lazyIndex // built once, by the first Test that needs this group
}

// Sitemap is one sitemap line.
type Sitemap struct {
	Line int
	URL  string // as written
}

// Robots is a parsed robots.txt. It is read-only after Parse and safe for
// concurrent use by many Test calls. Everything that depends only on the
// file is computed once: the lines and groups in Parse, the rule index of
// the groups of a token (or of "*") on the first Test that needs them (a
// file with two thousand groups is mostly tested for one or two of them).
// Parse builds no index: an index, and its automaton for many wildcard
// rules, can cost more than the whole parse, and would be built in vain for
// the groups no Test asks for.
type Robots struct {
	Body     string    // the bytes as given
	BOM      int       // leading bytes Google skipped as a byte-order mark
	Lines    []Line    // every line, Lines[i].Number == i+1
	Groups   []Group   // in file order
	Sitemaps []Sitemap // in file order

	// OrphanRules counts allow/disallow lines before any user-agent line;
	// Google ignores them.
	OrphanRules int

	byToken tokenGroups // lower-cased product token → the groups naming it
	global  groupList   // the groups naming "*"
	// kept is what Reparse writes the next file into: the arrays this
	// file was written in, and the bytes Body reads when Reparse copied
	// them.
	kept kept

	// Room for a small file's groups, agents, sitemap, indexes and group
	// lists in the Robots' own allocation: most files have a group or
	// two, and in js/wasm each allocation costs about as much as parsing
	// a line (issue 26: a docs widget parses a small file at each edit).
	room struct {
		groups   [2]Group
		agents   [2]Agent
		sitemaps [1]Sitemap
		indexes  [2]lazyIndex
		lists    [8]int
	}
}

// Parse reads a robots.txt body. It never fails and has no size limit, like
// Google's parser: Googlebot's 500 KiB fetch limit is a separate step
// (FetchLimit).
func Parse(body []byte) *Robots {
	var ps Parsing // on the stack: one allocation fewer for a small file
	ps.start(body)
	for {
		if r := ps.Continue(math.MaxInt); r != nil {
			return r
		}
	}
}

// kept is a parse's arrays, each at its full length, for Reparse.
type kept struct {
	rules    []Rule // every group's rules, in file order
	groups   []Group
	agents   []Agent // every group's agents, in file order
	sitemaps []Sitemap
	indexes  []lazyIndex
	lists    []int
	merged   []mergedRules // the lists of several groups
	tokens   []tokenEntry
	tokenMap map[string]int32
	lower    []byte        // the lower-cased tokens' bytes (parser.lowerToken)
	patterns []byte        // the normalised patterns' bytes (parser.normalised)
	repeats  []tokenRepeat // finish's notes of the tokens named again
	text     []byte
}

// Reparse is Parse(body) made in the room of old, a Robots its caller is
// done with: old itself, the bytes of its body when Reparse copied them,
// and each of its arrays (lines, rules, groups, agents, sitemaps,
// indexes) large enough for the new file's. Nothing old gave out may be
// used after, not even a string: its body, lines, groups, rules,
// Testers and indexes are written over or let go. A caller that parses
// file after file, letting each go before the next (the script API's
// handles, which a docs widget makes at each edit), then allocates
// nothing once the room is large enough: in js/wasm, allocating a small
// file's Robots cost more than parsing it (issue 26).
func Reparse(old *Robots, body []byte) *Robots {
	k, lines := old.kept, old.Lines
	// Their strings are the old body's, their pointers its arrays.
	clear(k.rules)
	clear(k.groups)
	clear(k.agents)
	clear(k.sitemaps)
	clear(k.indexes)
	clear(k.merged)
	clear(k.tokens)
	clear(k.tokenMap)
	*old = Robots{}
	// The body is copied into the bytes of the last body Reparse copied,
	// when they are enough: a body of its own would be the only
	// allocation left, and with none Go's collector does not run, nor
	// slow each pointer written with its barrier while it marks. Strings
	// of the old body read the new one's bytes from here on: nothing of
	// the old file may be used after.
	if cap(k.text) < len(body) {
		k.text = make([]byte, len(body), len(body)+len(body)/4)
	}
	k.text = k.text[:copy(k.text[:len(body)], body)]
	var ps Parsing
	ps.startIn(old, unsafe.String(unsafe.SliceData(k.text), len(k.text)), lines, k)
	for {
		if r := ps.Continue(math.MaxInt); r != nil {
			return r
		}
	}
}

// Parsing is a Parse done some lines at a time, for a caller that must not
// hold its thread for long: in a browser's page, the first parse of a
// 500 KiB file takes 50 ms or more, in code not yet compiled for speed.
type Parsing struct {
	p     parser
	lines lineSplitter
	r     *Robots // the parse once done
}

// StartParse starts a Parse of body; Continue reads it.
func StartParse(body []byte) *Parsing {
	ps := new(Parsing)
	ps.start(body)
	return ps
}

// start readies ps to parse body.
func (ps *Parsing) start(body []byte) {
	ps.startIn(new(Robots), string(body), nil, kept{})
}

// startIn readies ps to parse src, the body it is given to keep, into r,
// a zero Robots, writing into lines and the arrays of k (what a Reparse
// keeps of the file before) when they are large enough, and into r's own
// room for a small file.
func (ps *Parsing) startIn(r *Robots, src string, lines []Line, k kept) {
	r.Body = src
	r.BOM = skipBOM(src)
	r.kept.text = k.text
	lines, rules := lines[:0], k.rules[:0]
	// A new file's lines and rules are allocated once, for as many as it
	// has LFs (lines end at LF, CR or CRLF: exact for most files; a file of
	// CRs alone grows the slice as it goes), and no more rules than lines:
	// not a slice that grows, and is copied, a dozen times in a large
	// file. A Reparse writes into the old file's arrays, which append
	// grows when they are too small, without reading the body once more
	// to count: for a file of long lines, the count cost as much as the
	// search for its lines (issue 26).
	if lines == nil {
		n := 1 + countByte(src, '\n')
		lines, rules = make([]Line, 0, n), make([]Rule, 0, n)
	}
	r.Lines = lines
	r.Groups, r.Sitemaps = larger(r.room.groups[:0], k.groups), larger(r.room.sitemaps[:0], k.sitemaps)
	*ps = Parsing{
		p: parser{r: r, group: -1, rules: rules, agents: larger(r.room.agents[:0], k.agents),
			kept: k, patterns: k.patterns[:0]},
		lines: newLineSplitter(src, r.BOM),
	}
}

// larger is the one of room and kept with the more room, emptied.
func larger[T any](room, kept []T) []T {
	if cap(kept) > cap(room) {
		return kept[:0]
	}
	return room[:0]
}

// roomFor is n entries of room, or of kept when room has too few, or
// new ones: the room the kept arrays of a Reparse give.
func roomFor[T any](n int, room, kept []T) []T {
	switch {
	case n <= len(room):
		return room[:n]
	case n <= cap(kept):
		return kept[:n]
	}
	return make([]T, n)
}

// Continue reads up to n more lines, and returns the parse once the body is
// read, the same as Parse's; nil while lines are left.
func (ps *Parsing) Continue(n int) *Robots {
	if ps.r != nil {
		return ps.r
	}
	// The splitter in a local, not behind ps: a Parse's one Continue
	// then runs as fast as a loop over SplitLines.
	p, ls := &ps.p, ps.lines
	done := p.lines(&ls, n)
	ps.lines = ls
	if done {
		ps.r = p.finish()
	}
	return ps.r
}

// finish ends the last group and files the groups by token.
func (p *parser) finish() *Robots {
	r := p.r
	p.endGroup()
	// One allocation for all the groups' lazy indexes, and one for the
	// group lists: in its first half the * groups and the first group of
	// each token, in its second the lists of the tokens several groups
	// name (below). The map has at most one token per agent.
	indexes := roomFor(len(r.Groups), r.room.indexes[:], p.kept.indexes)
	lists := roomFor(2*len(p.agents), r.room.lists[:], p.kept.lists)
	r.kept = kept{rules: p.rules, groups: r.Groups, agents: p.agents, sitemaps: r.Sitemaps,
		indexes: indexes, lists: lists, tokens: p.kept.tokens, tokenMap: p.kept.tokenMap, text: r.kept.text}
	if len(r.Groups) == 0 {
		r.Groups = nil
	}
	if len(r.Sitemaps) == 0 {
		r.Sitemaps = nil
	}
	// The * groups are at most the "*" agents, the others at most the
	// others.
	r.global.groups = lists[:0:p.globals]
	namedOnce := lists[p.globals:p.globals:len(p.agents)]
	// The tokens are at most the agents that are not "*": one array.
	if named := len(p.agents) - p.globals; named > 0 {
		if r.byToken.list = p.kept.tokens[:0]; cap(r.byToken.list) < named {
			r.byToken.list = make([]tokenEntry, 0, named)
		}
	}
	p.lower = p.kept.lower[:0]
	// A token's first group is filed in namedOnce, and the groups after
	// it noted in repeats: the lists of the tokens several groups name
	// are laid out after, each in one piece of lists' second half.
	// Appending to a list filed in namedOnce would copy it into an array
	// of its own, an allocation at each Reparse.
	repeats := p.kept.repeats[:0]
	for i := range r.Groups {
		r.Groups[i].index = &indexes[i]
		for _, a := range r.Groups[i].Agents {
			if a.Global {
				if gs := r.global.groups; len(gs) == 0 || gs[len(gs)-1] != i {
					r.global.groups = append(gs, i)
				}
				continue
			}
			k := p.lowerToken(a.Token)
			at := r.byToken.find(k)
			if at < 0 {
				namedOnce = append(namedOnce, i)
				r.byToken.add(k, groupList{groups: namedOnce[len(namedOnce)-1 : len(namedOnce) : len(namedOnce)]}, p.kept.tokenMap)
				continue
			}
			if r.byToken.list[at].gl.groups[0] != i && !repeatedIn(repeats, at, i) {
				repeats = append(repeats, tokenRepeat{at: int32(at), group: int32(i)})
			}
		}
	}
	r.kept.repeats = repeats
	// In token order, each token's groups in file order.
	if len(repeats) > 1 {
		slices.SortStableFunc(repeats, func(a, b tokenRepeat) int { return cmp.Compare(a.at, b.at) })
	}
	several := 0 // the tokens named by more than one group
	for j := range repeats {
		if j == 0 || repeats[j].at != repeats[j-1].at {
			several++
		}
	}
	// A list of several groups gets one index over all their rules, built
	// by the first Test that needs it; the lists are one array, a
	// Reparse's when it has room.
	n := several
	if len(r.global.groups) > 1 {
		n++
	}
	r.kept.merged = p.kept.merged
	if n > 0 {
		merged := roomFor(n, nil, p.kept.merged)
		r.kept.merged = merged[:cap(merged)]
		if len(r.global.groups) > 1 {
			r.global.merged, merged = &merged[0], merged[1:]
		}
		// Each such list is its first group and its repeats: at most
		// the tokens and the agents that are not "*", which is at most
		// len(p.agents), the room after the lists filed.
		laid := lists[len(p.agents):len(p.agents)]
		for j, m := 0, 0; j < len(repeats); m++ {
			gl := &r.byToken.list[repeats[j].at].gl
			start := len(laid)
			laid = append(laid, gl.groups[0])
			for at := repeats[j].at; j < len(repeats) && repeats[j].at == at; j++ {
				laid = append(laid, int(repeats[j].group))
			}
			gl.groups, gl.merged = laid[start:len(laid):len(laid)], &merged[m]
		}
	}
	if cap(r.byToken.list) > 0 {
		r.kept.tokens = r.byToken.list
	}
	if r.byToken.index != nil {
		r.kept.tokenMap = r.byToken.index
	}
	r.kept.lower, r.kept.patterns = p.lower, p.patterns
	return r
}

// tokenRepeat notes that group names the token at the place at in
// tokenGroups' list, after another group did.
type tokenRepeat struct {
	at, group int32
}

// repeatedIn says whether repeats, in group order, notes group as naming
// the token at at: a group may name a token twice.
func repeatedIn(repeats []tokenRepeat, at, group int) bool {
	for j := len(repeats) - 1; j >= 0 && int(repeats[j].group) == group; j-- {
		if int(repeats[j].at) == at {
			return true
		}
	}
	return false
}

// tokenGroups is the groups naming each product token: a list, in the
// order the tokens are first named, searched in turn while a file names
// few tokens (most name a handful, and a map costs more to make than a
// short list to read), through an index past fewTokens of them. The
// index gives a token's place in the list, so filing a group under a
// token named before looks it up once.
type tokenGroups struct {
	list  []tokenEntry
	index map[string]int32
}

type tokenEntry struct {
	token string
	gl    groupList
}

// fewTokens is the most tokens tokenGroups searches in turn.
const fewTokens = 8

// find is token's place in the list, -1 when it is not named.
func (t *tokenGroups) find(token string) int {
	if t.index != nil {
		if at, ok := t.index[token]; ok {
			return int(at)
		}
		return -1
	}
	for i := range t.list {
		if t.list[i].token == token {
			return i
		}
	}
	return -1
}

// get is the groups naming token, none when it is not named.
func (t *tokenGroups) get(token string) groupList {
	if at := t.find(token); at >= 0 {
		return t.list[at].gl
	}
	return groupList{}
}

// add files gl as the groups naming token, which is not named yet. Past
// fewTokens it indexes the list, in kept when there is one (a Reparse's
// index, emptied).
func (t *tokenGroups) add(token string, gl groupList, kept map[string]int32) {
	t.list = append(t.list, tokenEntry{token, gl})
	switch n := len(t.list); {
	case t.index != nil:
		t.index[token] = int32(n - 1)
	case n > fewTokens:
		if t.index = kept; t.index == nil {
			t.index = make(map[string]int32, cap(t.list))
		}
		for i, e := range t.list {
			t.index[e.token] = int32(i)
		}
	}
}

// normalised is NormalisePattern(value), written, when it changes value,
// into the parse's own bytes, which a Reparse keeps: in js/wasm an
// allocation cost the script API's parse of a small file about as much as
// the rest of it (issue 26). A string written before a new array is
// made keeps the old one.
func (p *parser) normalised(value string) string {
	if !normalisingChanges(value) {
		return value
	}
	if need := 3 * len(value); cap(p.patterns)-len(p.patterns) < need {
		p.patterns = make([]byte, 0, max(2*cap(p.patterns), need, 256))
	}
	start := len(p.patterns)
	p.patterns = appendNormalised(p.patterns, value)
	return unsafe.String(&p.patterns[start], len(p.patterns)-start)
}

// lowerToken is LowerASCII(token), the lower-cased bytes written into
// p.lower, not a string of their own: a file of five hundred groups made
// five hundred strings of a few bytes. A string made here keeps the array
// it was written in, which is never written again but by a Reparse.
func (p *parser) lowerToken(token string) string {
	for i := 0; i < len(token); i++ {
		if c := token[i]; 'A' <= c && c <= 'Z' {
			if cap(p.lower)-len(p.lower) < len(token) {
				p.lower = make([]byte, 0, max(2*cap(p.lower), len(token), 256))
			}
			start := len(p.lower)
			p.lower = append(p.lower, token...)
			b := p.lower[start:]
			for j := i; j < len(b); j++ {
				if c := b[j]; 'A' <= c && c <= 'Z' {
					b[j] = c + 'a' - 'A'
				}
			}
			return unsafe.String(&b[0], len(b))
		}
	}
	return token
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
	agentStart int    // where the current group's agents start in agents
	ruleStart  int    // likewise for rules
	globals    int    // how many agents are "*"
	kept       kept   // what a Reparse keeps of the file before
	lower      []byte // where lowerToken writes
	patterns   []byte // where normalised writes
}

// endGroup gives the current group its agents and rules. Earlier groups'
// slices stay valid when the shared slices grow: they keep the old arrays.
func (p *parser) endGroup() {
	if p.group < 0 {
		return
	}
	g := &p.r.Groups[p.group]
	g.Agents = p.agents[p.agentStart:len(p.agents):len(p.agents)]
	g.Rules = p.rules[p.ruleStart:len(p.rules):len(p.rules)]
	p.agentStart, p.ruleStart = len(p.agents), len(p.rules)
}

// lines reads up to n lines from ls, and says whether the body is read.
// Each line is read in the loop, not in a function of its own: in js/wasm
// a call a line cost about 5 ns, 7% of a short line's parse (issue 26).
func (p *parser) lines(ls *lineSplitter, n int) bool {
	r := p.r
	for range n {
		if !ls.next() {
			return true
		}
		number, start, end, nul, hash := ls.number, ls.start, ls.end, ls.nul, ls.hash
		// Written in its place in Lines, not copied there at the end.
		if len(r.Lines) == cap(r.Lines) {
			r.Lines = append(r.Lines, Line{})
		} else {
			r.Lines = r.Lines[:len(r.Lines)+1]
		}
		ln := &r.Lines[len(r.Lines)-1]
		*ln = Line{Number: number, Start: start, End: end, Group: -1}
		text := r.Body[start:end]
		if len(text) > MaxLineLen {
			text = text[:MaxLineLen]
			ln.TooLong = true
		}
		// Google handles the line as a C string from here on.
		if i := nul - start; i < len(text) {
			text = text[:i]
			ln.NUL = true
		}
		if i := hash - start; i < len(text) {
			text = text[:i]
			ln.HasComment = true
		}
		if len(text) == 0 {
			// An empty line, or a comment from its first byte: nothing to
			// split (splitKeyValue's answer, without its call).
			ln.Kind = KindEmpty
			if ln.HasComment {
				ln.Kind = KindComment
			}
			continue
		}
		if ln.Kind = keyFirst(r.Body, start, text, ln); ln.Kind == KindUnknown {
			ln.Kind = splitKeyValue(text, ln)
		}
		key, value := text[ln.keyStart:ln.keyEnd], text[ln.valueStart:ln.valueEnd]
		if ln.Kind == KindUnknown {
			ln.Kind, ln.Typo = recogniseKeyIn(r.Body, start+int(ln.keyStart), key)
		}
		switch ln.Kind {
		case KindUserAgent:
			if p.group < 0 || p.sawRules {
				p.endGroup()
				r.Groups = append(r.Groups, Group{})
				p.group = len(r.Groups) - 1
				p.sawRules = false
			}
			p.agents = append(p.agents, readAgentLine(number, value))
			if p.agents[len(p.agents)-1].Global {
				p.globals++
			}
			ln.Group = p.group
		case KindAllow, KindDisallow:
			if p.group < 0 {
				r.OrphanRules++
				break
			}
			pattern := value
			plain, literal := scanPattern(value)
			if !plain {
				pattern = p.normalised(value)
			}
			// Field by field into a slot the slice already has (it holds a
			// rule a line): a whole Rule stored while Go's collector marks
			// goes through a bulk write barrier, a tenth of a 24 KB file's
			// parse in js/wasm (issue 26).
			if len(p.rules) == cap(p.rules) {
				p.rules = append(p.rules, Rule{})
			} else {
				p.rules = p.rules[:len(p.rules)+1]
			}
			rule := &p.rules[len(p.rules)-1]
			rule.Line, rule.Allow, rule.literal, rule.Value, rule.Pattern = number, ln.Kind == KindAllow, literal, value, pattern
			p.sawRules = true
			ln.Group = p.group
		case KindSitemap:
			r.Sitemaps = append(r.Sitemaps, Sitemap{Line: number, URL: value})
		}
	}
	return false
}

// isSpace is absl::ascii_isspace: the bytes Google trims, ' ' and '\t'
// '\n' '\v' '\f' '\r', which are 9 to 13 (below 9, c-'\t' wraps round, so
// one comparison tests the range).
func isSpace(c byte) bool {
	return c == ' ' || c-'\t' <= '\r'-'\t'
}

func trimSpace(s string) string {
	i, j := trimSpan(s, 0, len(s))
	return s[i:j]
}

// trimSpan is where s[i:j] starts and ends once trimmed.
func trimSpan(s string, i, j int) (int, int) {
	for i < j && isSpace(s[i]) {
		i++
	}
	for j > i && isSpace(s[j-1]) {
		j--
	}
	return i, j
}

// splitKeyValue follows robots.cc's GetKeyAndValueFrom for text, the line
// without its comment. It returns KindUnknown for a key/value line whose key
// is still to be recognised, and sets ln's key and value to their offsets in
// text.
func splitKeyValue(text string, ln *Line) Kind {
	start, end := trimSpan(text, 0, len(text))
	if start == end {
		if ln.HasComment {
			return KindComment
		}
		return KindEmpty
	}
	sep := indexColon(text[start:end])
	if sep < 0 {
		// Google accepts whitespace instead of the colon, but only when the
		// line holds exactly two runs of non-space/tab bytes.
		// IndexByte twice, not IndexAny: js/wasm runs IndexByte's memchr
		// several times faster than a byte loop, and most such lines are
		// text that is no robots.txt at all (an HTML page served in its
		// place), where the search runs far (issue 26).
		sep = indexSpaceOrTab(text[start:end])
		if sep < 0 {
			return KindInvalid
		}
		rest := strings.TrimLeft(text[start+sep:end], " \t")
		if indexSpaceOrTab(rest) >= 0 {
			return KindInvalid
		}
		ln.MissingColon = true
	}
	sep += start
	// text[start] and text[end-1] are not spaces: the key needs only its end
	// trimmed, the value only its start.
	keyEnd := sep
	for keyEnd > start && isSpace(text[keyEnd-1]) {
		keyEnd--
	}
	if keyEnd == start {
		return KindInvalid
	}
	valueStart := sep + 1
	for valueStart < end && isSpace(text[valueStart]) {
		valueStart++
	}
	ln.keyStart, ln.keyEnd = uint16(start), uint16(keyEnd)
	ln.valueStart, ln.valueEnd = uint16(valueStart), uint16(end)
	return KindUnknown
}

// indexColon is strings.IndexByte(s, ':'), its first bytes read by a
// loop: a key is a few bytes long, and in js/wasm the call of
// IndexByte's memchr cost more than reading them (issue 26).
func indexColon(s string) int {
	n := min(len(s), 16)
	for i := range n {
		if s[i] == ':' {
			return i
		}
	}
	if i := strings.IndexByte(s[n:], ':'); i >= 0 {
		return n + i
	}
	return -1
}

// indexSpaceOrTab is strings.IndexAny(s, " \t").
func indexSpaceOrTab(s string) int {
	// A tab counts only before the first space: the second search stops
	// there.
	sp := strings.IndexByte(s, ' ')
	if sp < 0 {
		return strings.IndexByte(s, '\t')
	}
	if tab := strings.IndexByte(s[:sp], '\t'); tab >= 0 {
		return tab
	}
	return sp
}

// Keys are recognised by case-insensitive prefix, first hit wins, with
// Google's accepted typos (robots.cc, ParsedRobotsKey::Parse and
// kAllowFrequentTypos).
var keyTable = []keyEntry{
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

type keyEntry struct {
	prefix string // lower-case
	kind   Kind
	typo   bool
}

// keysByFirst holds keyTable's entries by the first byte of their prefix,
// in both cases, in table order: a key's first byte picks the only entries
// that can match it.
var keysByFirst = func() (t [256][]keyEntry) {
	for _, k := range keyTable {
		lower := k.prefix[0]
		upper := lower - ('a' - 'A') // every prefix starts with a letter
		t[lower] = append(t[lower], k)
		t[upper] = append(t[upper], k)
	}
	return t
}()

// The common keys' first bytes as little-endian words (wordAt), to
// compare with eight bytes of the body at once.
const (
	wordDisallow = 0x776f6c6c61736944      // "Disallow"
	wordAllow    = 0x776f6c6c41            // "Allow"
	wordUserAgen = 0x6e6567612d726573      // "ser-agen", after the 'U'
	wordUserAGen = 0x6e6567412d726573      // "ser-Agen"
	wordSitemap  = 0x70616d6574695300 >> 8 // "Sitemap"
)

// keyFirst reads text, a line that starts at body[at], as splitKeyValue
// and recogniseKeyIn together do, when it starts with one of the four
// keys as nearly every file spells them ("Disallow", "Allow",
// "User-agent" or "User-Agent", "Sitemap") and the colon right after it:
// told by eight bytes of the body read at once, with no search for the
// colon, nor for the key's end. It returns KindUnknown, ln as it was,
// for every other line. In js/wasm, it made the parse and first answer
// of a file of such lines 4 to 9% faster in Chromium (issue 26).
func keyFirst(body string, at int, text string, ln *Line) Kind {
	n, kind := commonKey(body, at, text)
	if n == 0 || n >= len(text) || text[n] != ':' {
		return KindUnknown
	}
	end := len(text)
	for end > n+1 && isSpace(text[end-1]) {
		end--
	}
	valueStart := n + 1
	for valueStart < end && isSpace(text[valueStart]) {
		valueStart++
	}
	ln.keyStart, ln.keyEnd = 0, uint16(n)
	ln.valueStart, ln.valueEnd = uint16(valueStart), uint16(end)
	return kind
}

// recogniseKeyIn is recogniseKey(key) for key, a line's key that starts
// at body[at]: the four spellings nearly every file uses are told by
// eight bytes of the body read at once (the bytes after the key among
// them, which the key's length then rules out), before recogniseKey's
// table of every spelling: in js/wasm, comparing the key with each
// spelling in turn made a User-agent line 10% slower to parse (issue 26).
// A key with fewer than eight bytes of body after its start, or spelt
// another way, goes to the table.
func recogniseKeyIn(body string, at int, key string) (Kind, bool) {
	if n, kind := commonKey(body, at, key); n > 0 && len(key) >= n {
		return kind, false
	}
	return recogniseKey(key)
}

// commonKey is the length and kind of the common spelling of a key
// ("Disallow", "Allow", "Sitemap", "User-agent" or "User-Agent") that s,
// which starts at body[at], starts with, told by eight bytes of the body
// read at once: 0 when it starts with none, or has fewer than eight
// bytes of body from its start. The bytes after the key are among the
// eight: its caller tells by s's length or the byte after the key
// whether the key ends there.
func commonKey(body string, at int, s string) (int, Kind) {
	if at+8 > len(body) {
		return 0, KindUnknown
	}
	switch w := wordAt(body, at); {
	case w == wordDisallow:
		return 8, KindDisallow
	case w&0xFFFFFFFFFF == wordAllow:
		return 5, KindAllow
	case w&0xFFFFFFFFFFFFFF == wordSitemap:
		return 7, KindSitemap
	case w&0xFF == 'U' && len(s) >= 10 && s[9] == 't':
		if u := wordAt(s, 1); u == wordUserAgen || u == wordUserAGen {
			return 10, KindUserAgent
		}
	}
	return 0, KindUnknown
}

// recogniseKey is the kind of line key names, and whether it is spelled
// as one of Google's accepted typos.
func recogniseKey(key string) (Kind, bool) {
	if key == "" {
		return KindUnknown, false
	}
	for _, k := range keysByFirst[key[0]] {
		if HasPrefixFold(key, k.prefix) {
			return k.kind, k.typo
		}
	}
	return KindUnknown, false
}

// HasPrefixFold reports whether s starts with the lower-case ASCII prefix,
// ignoring ASCII case.
func HasPrefixFold(s, prefix string) bool {
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

func LowerASCII(s string) string {
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
