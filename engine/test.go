package engine

import (
	"slices"
	"strings"
	"unsafe"
)

// Deciding: which groups apply to an agent, which rules match, which wins
// (robots.cc, RobotsMatcher: HandleUserAgent, HandleAllow, HandleDisallow,
// disallow, matching_line).

// Source says where the rules that decided came from.
type Source uint8

const (
	// SourceNone: no group named the agent and "*" did not apply (there is no
	// "*" group, or the crawler ignores it).
	SourceNone Source = iota
	// SourceSpecific: one or more groups named the agent's token; "*" groups
	// are then ignored entirely.
	SourceSpecific
	// SourceGlobal: no group named the agent, so the "*" groups applied.
	SourceGlobal
)

// Reason is why the verdict is what it is.
type Reason uint8

const (
	ReasonNoGroup   Reason = iota // no group applies: allowed
	ReasonNoMatch                 // a group applies but none of its rules matched: allowed
	ReasonEmptyRule               // only empty rules (priority 0) matched: they decide nothing, allowed
	ReasonLonger                  // the winner is longer than every rule of the other kind that matched
	ReasonOnlyKind                // only rules of the winner's kind matched
	ReasonTie                     // an allow and a disallow of equal length matched: allow wins
)

// Match is one rule that matched the path.
type Match struct {
	Line      int
	Allow     bool
	Pattern   string // the normalised pattern that matched
	Priority  int    // len(Pattern): the longer, the stronger
	IndexHTML bool   // matched through Google's index.html rule (Pattern is the "/…/$" variant)
	Group     int    // index into Robots.Groups
}

// Result is the verdict for one agent and URL, with everything that led to it.
type Result struct {
	Allowed bool
	// Line is the deciding line as Google's matching_line() reports it:
	// the winning rule's line, the allow line on a tie, 0 when no rule
	// matched. An empty rule (priority 0) can be the line of an "allowed".
	Line int

	URL  string // as given
	Path string // what the rules were matched against (MatchPath(URL))

	Agent AgentReading // how the agent was read
	// Crawler is the catalogue name when the test was made for a named
	// crawler (TestCrawler), else "".
	Crawler string
	// Tokens are the product tokens tried, most specific first (one for
	// Test; a crawler's fallback chain for TestAs).
	Tokens []string
	// Token is the token whose groups applied ("" unless Source is
	// SourceSpecific).
	Token string
	// ObeysGlobal is false for crawlers that ignore the "*" group.
	ObeysGlobal bool

	Source Source
	Groups []int // the groups that applied, indices into Robots.Groups
	// GlobalIgnored: "*" groups exist but were not used, because a group
	// named the agent or because the crawler ignores "*".
	GlobalIgnored bool

	Matches []Match // every rule of the applied groups that matched, in line order
	Winner  int     // index into Matches of the deciding rule, -1 when none
	Reason  Reason

	// Verbatim is set by Test when the agent had to be cut: the answer of
	// Google's matcher given the agent exactly as typed.
	Verbatim *Result
}

// Test decides whether the crawler with product token agent may fetch url.
// The url is matched as given (Google expects it percent-encoded; see
// EncodeURL for what a browser would send).
//
// An agent that is not a valid product token (`Googlebot/2.1`, `Googlebot
// Images`, a whole User-Agent header) is read as Google reads user-agent
// lines, cut at the first byte outside [A-Za-z_-], and the result is flagged
// in Result.Agent. Google's own matcher compares such an input whole and so
// matches no group; Result.Verbatim then holds that answer too.
func (r *Robots) Test(agent, url string) Result {
	reading := ReadAgent(agent)
	var tokens []string
	if reading.Token != "" {
		tokens = []string{reading.Token}
	}
	res := r.test(tokens, true, url)
	res.Agent = reading
	if reading.Cut {
		v := r.TestVerbatim(agent, url)
		res.Verbatim = &v
	}
	return res
}

// TestVerbatim is Google's AllowedByRobots with one agent: the agent is
// compared whole, ASCII case-insensitively, with the token read from each
// user-agent line, never cut or trimmed. For a valid product token it
// answers exactly as Test does.
func (r *Robots) TestVerbatim(agent, url string) Result {
	res := r.test([]string{agent}, true, url)
	res.Agent = AgentReading{Input: agent, Token: agent}
	return res
}

// TestAs decides for a crawler that obeys the first of tokens named by some
// group (its fallback chain, most specific first), and the "*" group when
// none is named, unless obeysGlobal is false. A token that is not a valid
// product token ("MJ12bot": digits) is read as Test reads it, and flagged;
// Result.Verbatim then holds the answer of Google's matcher given the tokens
// as they are.
func (r *Robots) TestAs(tokens []string, obeysGlobal bool, url string) Result {
	read := readTokens(tokens)
	cut := false
	for _, t := range tokens {
		cut = cut || ReadAgent(t).Cut
	}
	res := r.test(read, obeysGlobal, url)
	if len(tokens) > 0 {
		res.Agent = ReadAgent(tokens[0])
	}
	if cut {
		v := r.test(tokens, obeysGlobal, url)
		v.Agent = AgentReading{Input: tokens[0], Token: tokens[0]}
		res.Verbatim = &v
	}
	return res
}

func (r *Robots) test(tokens []string, obeysGlobal bool, url string) Result {
	token, list, source := r.resolve(tokens, obeysGlobal)
	return r.testGroups(tokens, obeysGlobal, token, list, source, url, MatchPath(url), nil)
}

// resolve picks the groups that apply to a crawler with these tokens (most
// specific first): those naming the first token any group names, else "*"
// unless the crawler ignores it. It depends on the file alone, so a matrix
// resolves each crawler once (matrix.go).
func (r *Robots) resolve(tokens []string, obeysGlobal bool) (token string, list groupList, source Source) {
	for _, t := range tokens {
		if gl := r.groupsFor(t); len(gl.groups) > 0 {
			return t, gl, SourceSpecific
		}
	}
	if obeysGlobal && len(r.global.groups) > 0 {
		return "", r.global, SourceGlobal
	}
	return "", groupList{}, SourceNone
}

// resultFor is a Result for url before its match: who was tested, and
// the groups that apply.
func (r *Robots) resultFor(tokens []string, obeysGlobal bool, token string, list groupList, source Source, url, path string) Result {
	res := Result{
		URL:         url,
		Path:        path,
		Tokens:      tokens,
		ObeysGlobal: obeysGlobal,
		Winner:      -1,
		Token:       token,
		Source:      source,
	}
	res.Groups = list.groups
	res.GlobalIgnored = len(r.global.groups) > 0 && res.Source != SourceGlobal
	return res
}

// testGroups matches url, whose MatchPath is path, against the rules of
// list, the groups resolve picked for tokens; room is the index's
// candidate list (ruleIndex.each), nil for a pooled one.
func (r *Robots) testGroups(tokens []string, obeysGlobal bool, token string, list groupList, source Source, url, path string, room *[]int32) Result {
	res := r.resultFor(tokens, obeysGlobal, token, list, source, url, path)

	// Best of each kind: highest priority, the earliest line on a tie
	// (Google keeps the first with a strict <).
	allow, disallow := -1, -1
	better := func(i, best int) bool {
		if best < 0 {
			return true
		}
		a, b := &res.Matches[i], &res.Matches[best]
		return a.Priority > b.Priority || a.Priority == b.Priority && a.Line < b.Line
	}
	if len(list.groups) > 0 {
		list.each(r, res.Path, room, func(rule *Rule, group int, indexHTML bool, pattern string) {
			if res.Matches == nil {
				// Room for a few at once: one allocation where growing
				// from one match to two took two (a script tests a URL a
				// call, issue 26).
				res.Matches = make([]Match, 0, 4)
			}
			res.Matches = append(res.Matches, Match{
				Line:      rule.Line,
				Allow:     rule.Allow,
				Pattern:   pattern,
				Priority:  len(pattern),
				IndexHTML: indexHTML,
				Group:     group,
			})
		})
	}
	sortMatches(res.Matches)
	res.Matches = dropShadowedVariants(res.Matches)
	for i := range res.Matches {
		if res.Matches[i].Allow {
			if better(i, allow) {
				allow = i
			}
		} else if better(i, disallow) {
			disallow = i
		}
	}
	res.decide(allow, disallow)
	return res
}

// decide applies robots.cc's disallow() and matching_line() to the best
// allow and disallow (indices into Matches, -1 for none).
func (res *Result) decide(allow, disallow int) {
	prio := func(i int) int {
		if i < 0 {
			return -1
		}
		return res.Matches[i].Priority
	}
	pa, pd := prio(allow), prio(disallow)
	// HigherPriorityMatch(disallow, allow): the allow on a tie.
	res.Winner = allow
	if pd > pa {
		res.Winner = disallow
	}
	if res.Winner >= 0 {
		res.Line = res.Matches[res.Winner].Line
	}
	res.Allowed, res.Reason = verdictOf(res.Source, pa, pd)
}

// verdictOf is robots.cc's disallow() for the priorities of the best allow
// and the best disallow that matched (-1 for none), and the reason for it.
func verdictOf(source Source, pa, pd int) (allowed bool, reason Reason) {
	allowed = !(pd > 0 && pd > pa)
	switch {
	case source == SourceNone:
		return allowed, ReasonNoGroup
	case pa < 0 && pd < 0:
		return allowed, ReasonNoMatch
	case pa <= 0 && pd <= 0:
		return allowed, ReasonEmptyRule
	case pa == pd:
		return allowed, ReasonTie
	case pa < 0 || pd < 0:
		return allowed, ReasonOnlyKind
	}
	return allowed, ReasonLonger
}

// groupsFor returns the groups naming token, compared ASCII
// case-insensitively and whole.
func (r *Robots) groupsFor(token string) groupList {
	var buf [64]byte
	var key []byte
	if len(token) <= len(buf) {
		key = buf[:len(token)]
	} else {
		key = make([]byte, len(token))
	}
	for i := 0; i < len(token); i++ {
		c := token[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		key[i] = c
	}
	// No copy: get keeps nothing of the key.
	return r.byToken.get(unsafe.String(unsafe.SliceData(key), len(key)))
}

// dropShadowedVariants removes an allow's index.html variant when the allow
// matched itself: Google tries the variant only when it did not (robots.cc,
// HandleAllow). Matches are sorted, so a rule's own match comes right before
// its variant.
func dropShadowedVariants(m []Match) []Match {
	out := m[:0]
	for i := range m {
		if m[i].IndexHTML && i > 0 && m[i-1].Line == m[i].Line && !m[i-1].IndexHTML {
			continue
		}
		out = append(out, m[i])
	}
	return out
}

// sortMatches orders matches by line, a rule's own pattern before its
// index.html variant.
func sortMatches(m []Match) {
	if len(m) < 2 {
		return
	}
	slices.SortFunc(m, func(a, b Match) int {
		if a.Line != b.Line {
			return a.Line - b.Line
		}
		if a.IndexHTML == b.IndexHTML {
			return 0
		}
		if a.IndexHTML {
			return 1
		}
		return -1
	})
}

// Tester is one column's reading of one file, made once: the tokens read
// and the groups that apply, which depend on the file and the crawler,
// never on the URL. Its Test answers as TestColumn does
// (TestTesterAnswersAsTestColumn), without reading the tokens and looking
// the groups up again: a caller that tests URLs one call at a time for one
// crawler (the script API, a call a URL) pays for the match alone. A
// Tester is for one goroutine at a time: its tests share one list of
// candidate rules.
type Tester struct {
	r       *Robots
	crawler string // Result.Crawler: the catalogue name, "" for a typed token
	agent   AgentReading
	tokens  []string // as resolved, and given to each Result
	obeys   bool
	token   string
	list    groupList
	source  Source
	// verbatim is Google's matcher given the tokens as they are, for a
	// token that had to be cut (Result.Verbatim).
	verbatim *Tester
	room     []int32  // the rule index's candidate list (ruleIndex.each)
	best     [2]Match // Brief's matches
	// index is list's rule index once it is built, which Decide then
	// asks for verdicts alone (ruleIndex.decide).
	index *ruleIndex
	// machine decides DecideLines' paths once the index is built.
	machine *verdictMachine
}

// ColumnReading is what a Tester reads from its column: the tokens, the
// agent's reading and its stance on "*", which depend on the crawler
// alone. Read once (ReadColumn), it makes the Tester of any file
// (Robots.TesterFor) without reading the tokens again: a caller that
// parses file after file for one crawler (a docs widget at each edit)
// pays for the lookup of its groups alone.
type ColumnReading struct {
	crawler string
	agent   AgentReading
	tokens  []string
	obeys   bool
	// asIs is the tokens given to Google's matcher as they are, for a
	// token that had to be cut (Result.Verbatim); nil when none was.
	asIs []string
}

// ReadColumn reads column c for the Testers of any file.
func ReadColumn(c Column) *ColumnReading {
	cr := &ColumnReading{obeys: true}
	if c.Catalogue {
		// TestCrawler: TestAs with the crawler's tokens and stance on "*".
		cr.crawler, cr.obeys, cr.tokens = c.Name, c.ObeysGlobal, readTokens(c.Tokens)
		if len(c.Tokens) > 0 {
			cr.agent = ReadAgent(c.Tokens[0])
		}
		for _, tok := range c.Tokens {
			if ReadAgent(tok).Cut {
				cr.asIs = c.Tokens
			}
		}
	} else {
		// Test: the typed name read as a token, else only "*".
		cr.agent = ReadAgent(c.Name)
		if cr.agent.Token != "" {
			cr.tokens = []string{cr.agent.Token}
		}
		if cr.agent.Cut {
			cr.asIs = []string{c.Name}
		}
	}
	return cr
}

// Tester reads column c for r's tests.
func (r *Robots) Tester(c Column) *Tester { return r.TesterFor(ReadColumn(c)) }

// TesterFor is the Tester of the column c read, for r's tests. Its
// results share c's tokens, which no caller changes.
func (r *Robots) TesterFor(c *ColumnReading) *Tester { return r.TesterInto(new(Tester), c) }

// TesterInto is TesterFor made in t, a Tester its caller is done with
// (of any file), keeping the room of its candidate list.
func (r *Robots) TesterInto(t *Tester, c *ColumnReading) *Tester {
	*t = Tester{r: r, crawler: c.crawler, agent: c.agent, tokens: c.tokens, obeys: c.obeys, room: t.room[:0]}
	t.token, t.list, t.source = r.resolve(t.tokens, t.obeys)
	if c.asIs != nil {
		v := &Tester{r: r, agent: AgentReading{Input: c.asIs[0], Token: c.asIs[0]}, tokens: c.asIs, obeys: t.obeys}
		v.token, v.list, v.source = r.resolve(c.asIs, t.obeys)
		t.verbatim = v
	}
	return t
}

// Test decides url as TestColumn(r, c, url) does.
func (t *Tester) Test(url string) Result { return t.test(url, MatchPath(url)) }

// TestEncoded decides e.URL, a URL EncodeURL read without an error, with
// the path it found (e.Path, MatchPath(e.URL)), as Test(e.URL) does.
func (t *Tester) TestEncoded(e Encoded) Result { return t.test(e.URL, e.Path) }

// test decides url, whose MatchPath is path.
func (t *Tester) test(url, path string) Result {
	res := t.r.testGroups(t.tokens, t.obeys, t.token, t.list, t.source, url, path, &t.room)
	res.Agent, res.Crawler = t.agent, t.crawler
	if t.verbatim != nil {
		v := t.verbatim.test(url, path)
		res.Verbatim = &v
	}
	return res
}

// Decide is what the matrix decides for url in c's column (Matrix's
// Cell): the verdict and its line, without the matches and the agent's
// reading a Result carries, for lists of URLs (the script API's compact
// answer).
func (t *Tester) Decide(url string) Cell {
	if len(t.list.groups) == 0 {
		// No group applies: the verdict is the source's alone. Reading
		// the URL's path for nothing cost about half of such a list's
		// time in js/wasm (issue 26: 0.13 against 0.07 µs a URL).
		return t.r.decide(t.list, t.source, "", &t.room)
	}
	return t.decidePath(MatchPath(url))
}

// decidePath is Decide of a URL whose MatchPath is path, when a group
// applies: by the rules one by one first, then, once the list has
// tested enough paths, through the index it builds (groupList.built).
func (t *Tester) decidePath(path string) Cell {
	if t.index != nil {
		return t.index.decide(t.source, path, &t.room)
	}
	c := t.r.decide(t.list, t.source, path, &t.room)
	t.index = t.list.built(t.r)
	return c
}

// DecideLines decides each line of text, URLs joined by "\n", as Decide
// decides it, into allowed (1 allowed, 0 blocked) and lines (the Cell's
// Line), a URL each: len(allowed) of them, which lines has room for. It
// is false, with what it wrote unfinished, when text holds another count
// of lines. An http(s) URL's path is found in the same pass as its line's
// end (lineMatchPath), where a line by line Decide reads each URL twice
// more and makes three calls: the script API's compact testMany.
func (t *Tester) DecideLines(text string, allowed []byte, lines []int32) bool {
	lines = lines[:len(allowed)]
	// No group applies: every verdict is the source's alone, told once,
	// and no path is read (as Decide does).
	none := len(t.list.groups) == 0
	var fixed Cell
	if none {
		fixed = t.r.decide(t.list, t.source, "", &t.room)
	}
	for i := range allowed {
		c, path, next, ok := fixed, "", 0, false
		if !none {
			path, next, ok = lineMatchPath(text)
		}
		switch {
		case ok:
			c = t.decideLine(path)
		default:
			end := strings.IndexByte(text, '\n')
			if end < 0 {
				end = len(text)
			}
			if next = end + 1; !none {
				c = t.Decide(text[:end])
			}
		}
		// Every line but the last ends with a line feed; the last ends
		// the text.
		if last := i == len(allowed)-1; last != (next > len(text)) {
			return false
		}
		if next <= len(text) {
			text = text[next:]
		}
		allowed[i], lines[i] = 0, int32(c.Line)
		if c.Allowed {
			allowed[i] = 1
		}
	}
	return true
}

// decideLine is decidePath for DecideLines: through the Tester's
// verdictMachine once the index is built, which it is made from.
func (t *Tester) decideLine(path string) Cell {
	if m := t.machine; m != nil {
		if c, ok := m.decide(path); ok {
			return c
		}
		return t.decidePath(path)
	}
	c := t.decidePath(path)
	if t.index != nil {
		t.machine = newMachine(t.index, t.source)
	}
	return c
}

// Brief decides e as TestEncoded does, keeping of the rules that matched
// only what the verdict and its sentences are told from: the best allow
// and the best disallow (the longest of each kind, the earliest line on a
// tie), in line order, as Result.Matches, with Winner, Line and Reason as
// TestEncoded gives them. Why, WhyKey and WhyAround tell a Brief result
// as they tell TestEncoded's (TestBriefTellsWhatTestTells), and a caller
// that shows one verdict a URL (the script API) skips collecting, sorting
// and sifting every match. Its Matches are the Tester's own, valid until
// its next test; its Verbatim is nil.
func (t *Tester) Brief(e Encoded) Result {
	r := t.r
	res := r.resultFor(t.tokens, t.obeys, t.token, t.list, t.source, e.URL, e.Path)
	res.Agent, res.Crawler = t.agent, t.crawler
	found := r.bestOfKinds(t.list, e.Path, &t.room, &t.best) // allow, disallow
	allow, disallow := -1, -1
	switch {
	case found[0] && found[1] && t.best[1].Line < t.best[0].Line:
		t.best[0], t.best[1] = t.best[1], t.best[0]
		res.Matches, disallow, allow = t.best[:2:2], 0, 1
	case found[0] && found[1]:
		res.Matches, allow, disallow = t.best[:2:2], 0, 1
	case found[0]:
		res.Matches, allow = t.best[:1:1], 0
	case found[1]:
		t.best[0] = t.best[1]
		res.Matches, disallow = t.best[:1:1], 0
	}
	res.decide(allow, disallow)
	return res
}
