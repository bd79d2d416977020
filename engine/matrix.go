package engine

import (
	"slices"
	"strconv"
	"strings"

	"robotstester/engine/catalogue"
)

// The matrix: many URLs for many crawlers at once. A crawler's verdicts
// depend only on the groups it obeys, and in most files dozens of crawlers
// obey the same few groups (all of them "*", say). So each crawler is
// resolved to its groups once per parse, crawlers that resolve to the same
// groups share one set, and each URL is tested once per distinct set: 65
// crawlers over a file with three named groups cost four passes, not 65.

// Column is one crawler of a matrix: a catalogue crawler, tested with its
// fallback tokens and its stance on "*" (TestCrawler), or a token a person
// typed, tested as Test tests it.
type Column struct {
	Name        string   // the catalogue name, or the token as typed
	Tokens      []string // product tokens, most specific first
	ObeysGlobal bool
	Catalogue   bool // a catalogue crawler, else a typed token
}

// CrawlerColumn is the column of catalogue crawler c.
func CrawlerColumn(c catalogue.Crawler) Column {
	return Column{Name: c.Name, Tokens: c.Tokens, ObeysGlobal: c.ObeysGlobal, Catalogue: true}
}

// TokenColumn is the column of a typed product token, which obeys "*" when
// no group names it, as Test decides.
func TokenColumn(token string) Column {
	return Column{Name: token, Tokens: []string{token}, ObeysGlobal: true}
}

// ColumnFor is the column of a catalogue crawler found by name or own token
// (FindCrawler), else of name read as a typed token.
func ColumnFor(name string) Column {
	if c, ok := catalogue.FindCrawler(name); ok {
		return CrawlerColumn(c)
	}
	return TokenColumn(name)
}

// Obeys is the groups a column obeys in one file.
type Obeys struct {
	Source Source
	Token  string // the token whose groups apply (SourceSpecific), as the column lists it
	Groups []int  // indices into Robots.Groups, in file order
	// Lines are the user-agent lines that chose the groups: per group, its
	// first line naming Token (or "*"), in file order.
	Lines []int
	// GlobalIgnored: "*" groups exist but do not apply.
	GlobalIgnored bool
}

// Cell is one verdict of a matrix, compact: the full Result, with its
// matches and sentences, is Matrix.Result.
type Cell struct {
	Allowed bool
	Line    int // the deciding line, 0 when none
	Reason  Reason
}

// Matrix holds the verdicts of every URL for every column.
type Matrix struct {
	URLs    []string
	Columns []Column
	Obeys   []Obeys // per column
	// Sets is the number of distinct group sets: the engine passes made per
	// URL.
	Sets int

	set   []int  // column → its group set
	cells []Cell // set s, URL u: cells[s*len(URLs)+u]
	root  []Cell // per set: the verdict for the site root "/"
}

// Matrix tests every URL for every column, each URL once per distinct set
// of groups. URLs are matched as given, like Test.
func (r *Robots) Matrix(urls []string, cols []Column) *Matrix {
	m := &Matrix{URLs: urls, Columns: cols, Obeys: make([]Obeys, len(cols)), set: make([]int, len(cols))}
	lists := []groupList{}
	sources := []Source{}
	byKey := map[string]int{}
	for i, c := range cols {
		read := readTokens(c.Tokens)
		token, list, source := r.resolve(read, c.ObeysGlobal)
		m.Obeys[i] = r.obeys(token, list, source)
		// Matches depend on the groups alone; only "no group" decides
		// differently (ReasonNoGroup), and it has no groups.
		key := groupsKey(list.groups)
		s, ok := byKey[key]
		if !ok {
			s = len(lists)
			byKey[key] = s
			lists, sources = append(lists, list), append(sources, source)
		}
		m.set[i] = s
	}
	m.Sets = len(lists)
	m.cells = make([]Cell, m.Sets*len(urls))
	m.root = make([]Cell, m.Sets)
	paths := make([]string, len(urls))
	for u, url := range urls {
		paths[u] = MatchPath(url)
	}
	var room []int32
	for s, list := range lists {
		// Through the list's index alone once it is built (Tester's
		// Decide).
		var ix *ruleIndex
		for u, path := range paths {
			if ix != nil {
				m.cells[s*len(urls)+u] = ix.decide(sources[s], path, &room)
				continue
			}
			m.cells[s*len(urls)+u] = r.decide(list, sources[s], path, &room)
			if len(list.groups) > 0 {
				ix = list.built(r)
			}
		}
		m.root[s] = r.decide(list, sources[s], "/", nil)
	}
	return m
}

// decide is what test decides for a crawler that resolved to list, without
// the trace: the best allow and the best disallow that match path
// (bestOfKinds), then Result.decide's rules. room is the rule index's
// candidate list (ruleIndex.each), nil for a pooled one.
func (r *Robots) decide(list groupList, source Source, path string, room *[]int32) Cell {
	var best [2]Match
	b := bestKinds{found: r.bestOfKinds(list, path, room, &best)}
	b.pa, b.la = int32(best[0].Priority), int32(best[0].Line)
	b.pd, b.ld = int32(best[1].Priority), int32(best[1].Line)
	return b.cell(source)
}

// bestOfKinds writes the best allow (best[0]) and the best disallow
// (best[1]) among the rules of list that match path: the longest, the
// earliest line on a tie (Google keeps the first with a strict <); found
// says which kinds matched, and only those entries are written. An allow's index.html variant is always shorter than the
// allow itself, so skipping dropShadowedVariants changes neither best.
func (r *Robots) bestOfKinds(list groupList, path string, room *[]int32, best *[2]Match) (found [2]bool) {
	if len(list.groups) == 0 {
		return found
	}
	if g := list.groups[0]; len(list.groups) == 1 && len(r.Groups[g].Rules) <= fewRules {
		// A few rules, tried in turn with no index and no callback: in
		// js/wasm each layer of calls costs more than matching a short
		// rule (issue 26). The test is counted, as groupList.each counts
		// its scans, so that a list's Decide answers through the small
		// index once it is built (groupList.built, decideSmall); Brief
		// and Robots.decide keep trying the rules here. The index finds
		// the same rules (TestScanAnswersAsTheIndex).
		r.Groups[g].index.lazy.scan()
		rules := r.Groups[g].Rules
		for i := range rules {
			rule := &rules[i]
			if rule.matchesPath(path) {
				keepBest(&found, best, rule, g, false, rule.Pattern)
			}
			if v, ok := indexHTMLMatch(rule, path); ok {
				keepBest(&found, best, rule, g, true, v)
			}
		}
		return found
	}
	list.each(r, path, room, func(rule *Rule, group int, indexHTML bool, pattern string) {
		keepBest(&found, best, rule, group, indexHTML, pattern)
	})
	return found
}

// fewRules is the most rules a group has for bestOfKinds to try them in
// turn rather than through its index (a built index still answers a
// Tester's Decide).
const fewRules = 8

// keepBest makes rule's match of pattern best of its kind (best[0] allow,
// best[1] disallow) when it is the longest so far, or as long and earlier.
func keepBest(found *[2]bool, best *[2]Match, rule *Rule, group int, indexHTML bool, pattern string) {
	k := 1
	if rule.Allow {
		k = 0
	}
	if b := &best[k]; !found[k] || len(pattern) > b.Priority || len(pattern) == b.Priority && rule.Line < b.Line {
		found[k] = true
		*b = Match{Line: rule.Line, Allow: rule.Allow, Pattern: pattern, Priority: len(pattern), IndexHTML: indexHTML, Group: group}
	}
}

// readTokens reads each token as TestAs does (cut to a product token,
// duplicates dropped).
func readTokens(tokens []string) []string {
	read := make([]string, 0, len(tokens))
	for _, t := range tokens {
		a := ReadAgent(t)
		if a.Token != "" && !slices.Contains(read, a.Token) {
			read = append(read, a.Token)
		}
	}
	return read
}

func groupsKey(groups []int) string {
	var b strings.Builder
	for _, g := range groups {
		b.WriteString(strconv.Itoa(g))
		b.WriteByte(',')
	}
	return b.String()
}

// ObeysAs is the groups a crawler with these tokens obeys, chosen as TestAs
// chooses them: what a matrix column's Obeys says, for one crawler.
func (r *Robots) ObeysAs(tokens []string, obeysGlobal bool) Obeys {
	return r.obeys(r.resolve(readTokens(tokens), obeysGlobal))
}

// obeys describes the groups resolve picked.
func (r *Robots) obeys(token string, list groupList, source Source) Obeys {
	o := Obeys{Source: source, Token: token, Groups: list.groups,
		GlobalIgnored: len(r.global.groups) > 0 && source != SourceGlobal}
	for _, gi := range list.groups {
		for _, a := range r.Groups[gi].Agents {
			if a.Global == (source == SourceGlobal) && (a.Global || strings.EqualFold(a.Token, token)) {
				o.Lines = append(o.Lines, a.Line)
				break
			}
		}
	}
	return o
}

// Label names what a column obeys, for a column header: "GPTBot (line 30)",
// "* (line 1)", "* (lines 1, 9)", or "none".
func (o Obeys) Label() string {
	switch o.Source {
	case SourceSpecific:
		return o.Token + " (" + linesLabel(o.Lines) + ")"
	case SourceGlobal:
		return "* (" + linesLabel(o.Lines) + ")"
	}
	return "none"
}

// maxLinesNamed is how many user-agent lines a label lists: a file can
// name a crawler in thousands of groups.
const maxLinesNamed = 3

func linesLabel(lines []int) string {
	if len(lines) == 1 {
		return "line " + strconv.Itoa(lines[0])
	}
	parts := make([]string, 0, maxLinesNamed+1)
	for i, l := range lines {
		if i == maxLinesNamed {
			parts = append(parts, "+"+strconv.Itoa(len(lines)-maxLinesNamed)+" more")
			break
		}
		parts = append(parts, strconv.Itoa(l))
	}
	return "lines " + strings.Join(parts, ", ")
}

// Sentence says what a column obeys, and why, in words.
func (o Obeys) Sentence(name string) string {
	switch o.Source {
	case SourceSpecific:
		return name + " obeys the group" + plural(len(o.Lines)) + " naming " + quote(o.Token) + " at " + linesLabel(o.Lines) + "."
	case SourceGlobal:
		return name + " obeys the * group" + plural(len(o.Lines)) + " at " + linesLabel(o.Lines) + ": no group names it."
	}
	if o.GlobalIgnored {
		return name + " obeys no group: none names it, and it ignores the * group."
	}
	return name + " obeys no group: none names it and there is no * group, so every URL is allowed."
}

// Cell is the verdict for URL row and column col.
func (m *Matrix) Cell(row, col int) Cell {
	return m.cells[m.set[col]*len(m.URLs)+row]
}

// Column is column col's verdicts, one a URL in the order of URLs: the
// matrix's own cells, not a copy, for a caller that reads a column whole.
func (m *Matrix) Column(col int) []Cell {
	s := m.set[col] * len(m.URLs)
	return m.cells[s : s+len(m.URLs)]
}

// Set is the group set of column col: columns with the same set have the
// same verdicts for every URL.
func (m *Matrix) Set(col int) int { return m.set[col] }

// Root is the verdict for the site root "/" for column col.
func (m *Matrix) Root(col int) Cell { return m.root[m.set[col]] }

// Counts are the allowed and blocked URLs of column col.
func (m *Matrix) Counts(col int) (allowed, blocked int) {
	s := m.set[col] * len(m.URLs)
	for _, c := range m.cells[s : s+len(m.URLs)] {
		if c.Allowed {
			allowed++
		}
	}
	return allowed, len(m.URLs) - allowed
}

// Result is the full answer for URL row and column col, with its matches
// and trace, as TestCrawler (a catalogue column) or Test (a typed token)
// gives it. r must be the file the matrix was made from.
func (m *Matrix) Result(r *Robots, row, col int) Result {
	return TestColumn(r, m.Columns[col], m.URLs[row])
}

// TestColumn tests url for column c, as a matrix cell decides it.
func TestColumn(r *Robots, c Column, url string) Result {
	if c.Catalogue {
		res := r.TestAs(c.Tokens, c.ObeysGlobal, url)
		res.Crawler = c.Name
		return res
	}
	return r.Test(c.Name, url)
}
