package engine

import (
	"hash/maphash"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// A ruleIndex finds the rules of a group that can match a path without
// trying every rule. Rules with the same pattern share one candidate. Three
// filters, each exact in what it rules out:
//
//   - By literal prefix: a pattern can only match a path that starts with
//     the part before its first '*'. The prefixes of one path that occur in a
//     sorted list (prefixsort.go) are found with one binary search and a walk
//     up a chain of "longest shorter prefix" links.
//   - By piece: a pattern with wildcards can only match a path that contains
//     each of its literal pieces. Patterns whose prefix says little ("/",
//     "" for "*…") are filed under one two-byte sequence of their longest
//     piece (the rarest in the group); a path visits only the buckets of the
//     byte pairs it contains.
//   - Exact: a pattern with no '*' and a final '$' (every index.html
//     variant is one) matches only the path equal to its prefix, which a
//     Test looks up in a map.
//
// Every wildcard candidate found is then matched in full. Candidates are
// small and hold no pointers (their patterns are the rules'): a Test walks
// int32s, and building the index moves small structs the garbage collector
// skips. This file builds and files an index; indexmatch.go matches a
// path through it.

// smallIndex is the rule count up to which a plain scan is faster.
const smallIndex = 16

// A wildcard pattern whose literal prefix is shorter than this is filed by
// piece when it has a piece of two bytes or more.
const weakPrefix = 4

// pairBuckets is the number of piece buckets (a power of two).
const pairBuckets = 4096

// candidate is one pattern to try: a rule's own, or its index.html variant
// (ruleIndex.pattern).
type candidate struct {
	rule      int32            // index into Group.Rules
	prefix    int32            // length of the pattern's literal prefix
	pair      uint16           // piece bucket, for candidates filed by piece
	indexHTML bool             // the pattern is the rule's index.html variant
	kind      candidateKind    // what decides once the prefix starts the path
	head      [weakPrefix]byte // filed by piece: the prefix itself, shorter than weakPrefix
}

type candidateKind uint8

const (
	wildcard candidateKind = iota // a '*': the rest of the pattern is matched
	literal                       // no '*' and no final '$': the prefix test alone decides
	// No '*' and a final '$': the path must be the prefix itself. Every
	// index.html variant ("/dir/$") is one, and so is a rule like "/feed$":
	// none needs the wildcard matcher.
	exact
)

type ruleIndex struct {
	rules    []Rule           // the group's
	same     []int32          // same[r]: another rule with rule r's pattern, or -1; nil when none repeats
	variants map[int32]string // rule → its index.html variant, when that has a '*'
	cands    []candidate      // filed by piece (cands[:byPair]), then by prefix, then exact ones
	small    bool             // few candidates: every one is tried
	heads    []candidateHead  // for a small index, each candidate's prefix's first bytes
	// kinds[i] is what candidate i decides when it matches, for a
	// verdict alone (decide): its priority and the earliest line of each
	// kind among the rules it stands for.
	kinds []candidateKinds
	signs []pieceSign // signs[i]: pairs a path must hold for wildcard candidate i to match

	byPair    int32                     // cands[:byPair] are filed by piece
	pairStart []int32                   // cands[pairStart[b]:pairStart[b+1]] are in bucket b
	filled    *[pairBuckets / 64]uint64 // bit b: bucket b holds a candidate

	prefixes []string    // distinct prefixes of the candidates filed by prefix, sorted
	keys     [][2]uint64 // keys[i]: prefixes[i]'s first sixteen bytes (chunk), in the same order
	parent   []int32     // parent[i]: the longest other prefix that starts prefixes[i], or -1
	first    []int32     // cands[first[i]:first[i+1]] have prefix prefixes[i]

	exact      map[string]int32 // prefix of exact candidates → their group
	exactStart []int32          // cands[exactStart[g]:exactStart[g+1]] are in group g

	acOnce sync.Once
	ac     *automaton // over every wildcard candidate, built when first needed
}

// lazyIndex builds a ruleIndex once it pays (groupList.each), once.
type lazyIndex struct {
	lazy lazyCount
	once sync.Once
	ix   *ruleIndex
}

func (g *Group) rules() *ruleIndex {
	g.index.once.Do(func() { g.index.ix = buildIndex(g.Rules) })
	return g.index.ix
}

func buildIndex(rules []Rule) *ruleIndex {
	ix := &ruleIndex{rules: rules}
	cands := make([]candidate, 0, len(rules)+len(rules)/8)
	// Rules with the same pattern share one candidate, which names the
	// first; the others follow it in same. A file can repeat a rule
	// thousands of times, in one group or in the many groups of a token.
	seen := newPatternSet(rules)
	var variant []bool // variant[f]: rule f's pattern has its index.html candidate
	for i, r := range rules {
		f := seen.first(i)
		if f == int32(i) {
			cands = append(cands, newCandidate(i, r.Pattern, false))
		} else {
			if ix.same == nil {
				ix.same = make([]int32, len(rules))
				for k := range ix.same {
					ix.same[k] = -1
				}
			}
			ix.same[i], ix.same[f] = ix.same[f], int32(i)
		}
		if !r.Allow || variant != nil && variant[f] {
			continue
		}
		if cut := indexHTMLCut(r.Pattern); cut > 0 {
			if variant == nil {
				variant = make([]bool, len(rules))
			}
			variant[f] = true
			// The variant, r.Pattern[:cut]+"$", starts with its rule's
			// prefix. Only one with a '*' is kept as a string, to be
			// matched; the others are exact. It names the first rule of
			// the pattern too, and stands for the allow rules among them.
			c := candidate{rule: f, prefix: int32(cut), pair: noPair, indexHTML: true, kind: exact}
			if star := strings.IndexByte(r.Pattern[:cut], '*'); star >= 0 {
				c.prefix, c.kind = int32(star), wildcard
				if ix.variants == nil {
					ix.variants = map[int32]string{}
				}
				ix.variants[f] = r.Pattern[:cut] + "$"
			}
			cands = append(cands, c)
		}
	}
	if len(cands) <= smallIndex {
		ix.cands, ix.small = cands, true
		ix.heads = make([]candidateHead, len(cands))
		for i := range cands {
			ix.heads[i] = headOf(ix.prefix(int32(i)))
		}
		ix.fileKinds()
		ix.unsignFew()
		return ix
	}
	// order is where each candidate goes: those filed by piece, in bucket
	// order, then those filed by prefix, sorted, then the exact ones, by
	// prefix.
	ix.cands = cands // for now, in rule order
	order := ix.fileByPair()
	var exacts []int32
	for i := range cands {
		switch {
		case cands[i].pair != noPair:
		case cands[i].kind == exact:
			exacts = append(exacts, int32(i))
		default:
			order = append(order, int32(i))
		}
	}
	s := prefixSorter{prefix: ix.prefix}
	s.sortAll(order[ix.byPair:])
	end := int32(len(order))
	order = ix.fileExact(exacts, order)
	permute(cands, order)
	ix.linkPrefixes(end, s.lcp)
	ix.fileKinds()
	return ix
}

// candidateHead is a prefix's length and its first eight bytes (fewer
// when it is shorter, with the mask of those it has), as headWord reads
// a path's.
type candidateHead struct {
	word, mask uint64
	len        int32
}

func headOf(prefix string) candidateHead {
	h := candidateHead{word: headWord(prefix), mask: ^uint64(0), len: int32(len(prefix))}
	if len(prefix) < 8 {
		h.mask = 1<<(8*len(prefix)) - 1
	}
	return h
}

// headWord is the first eight bytes of s as a little-endian word, the
// missing ones zero when s is shorter.
func headWord(s string) uint64 {
	if len(s) >= 8 {
		return wordAt(s, 0)
	}
	var w uint64
	for i := len(s) - 1; i >= 0; i-- {
		w = w<<8 | uint64(s[i])
	}
	return w
}

// candidateKinds is what one candidate decides: its pattern's priority,
// and the earliest line of an allow and of a disallow among the rules it
// stands for (0 when it stands for none of that kind).
type candidateKinds struct {
	priority, allow, disallow int32
}

// fileKinds writes kinds and signs, once the candidates are in their
// final order.
func (ix *ruleIndex) fileKinds() {
	ix.kinds = make([]candidateKinds, len(ix.cands))
	ix.signs = make([]pieceSign, len(ix.cands))
	for i := range ix.cands {
		if ix.cands[i].kind == wildcard {
			ix.signs[i] = signOf(ix.pattern(int32(i)), int(ix.cands[i].prefix))
		}
		k := &ix.kinds[i]
		k.priority = int32(len(ix.pattern(int32(i))))
		ix.report(int32(i), func(rule int32, _ bool, _ string) {
			r := &ix.rules[rule]
			line := &k.disallow
			if r.Allow {
				line = &k.allow
			}
			if *line == 0 || int32(r.Line) < *line {
				*line = int32(r.Line)
			}
		})
	}
}

// signedFrom is the fewest wildcard candidates a small index tests by
// their signs: for fewer, reading a path's pairs costs more than the
// matches it would spare.
const signedFrom = 3

// unsignFew clears a small index's signs when it holds fewer than
// signedFrom wildcard candidates, which are then matched at once.
func (ix *ruleIndex) unsignFew() {
	n := 0
	for i := range ix.cands {
		if ix.cands[i].kind == wildcard {
			n++
		}
	}
	if n < signedFrom {
		clear(ix.signs)
	}
}

// fileExact files the exact candidates under their prefix, which a path
// must equal: a Test looks its path up, with no need to sort them (every
// allow rule for an index.html page has one, its "/dir/$" variant). It
// returns order with them appended, grouped by prefix.
func (ix *ruleIndex) fileExact(exacts, order []int32) []int32 {
	if len(exacts) == 0 {
		return order
	}
	ix.exact = map[string]int32{}
	group := make([]int32, len(exacts))
	for k, c := range exacts {
		p := ix.prefix(c)
		g, ok := ix.exact[p]
		if !ok {
			g = int32(len(ix.exact))
			ix.exact[p] = g
		}
		group[k] = g
	}
	// A counting sort by group, after the candidates already in order.
	ix.exactStart = make([]int32, len(ix.exact)+1)
	ix.exactStart[0] = int32(len(order))
	for _, g := range group {
		ix.exactStart[g+1]++
	}
	for g := 1; g < len(ix.exactStart); g++ {
		ix.exactStart[g] += ix.exactStart[g-1]
	}
	fill := slices.Clone(ix.exactStart[:len(ix.exact)])
	order = order[:len(order)+len(exacts)]
	for k, c := range exacts {
		order[fill[group[k]]] = c
		fill[group[k]]++
	}
	return order
}

// A patternSet finds the first rule with a pattern. It files each
// distinct pattern's first rule in an open-addressed table under its hash,
// with 32 bits of the hash beside it, so that a pattern is compared only
// with those whose bits agree: rules are mostly distinct, and a Go map of
// twenty thousand of them costs half as much as sorting them.
type patternSet struct {
	rules []Rule
	table []uint64 // tag<<32 | rule+1, 0 when empty
	seed  maphash.Seed
}

func newPatternSet(rules []Rule) patternSet {
	size := 16
	for size < len(rules)+len(rules)/2 {
		size *= 2
	}
	return patternSet{rules, make([]uint64, size), maphash.MakeSeed()}
}

// first returns the first rule, up to i, with rule i's pattern; rules are
// asked in order.
func (s patternSet) first(i int) int32 {
	p := s.rules[i].Pattern
	h := maphash.String(s.seed, p)
	tag, mask := h>>32, uint64(len(s.table)-1)
	for at := h & mask; ; at = (at + 1) & mask {
		slot := s.table[at]
		if slot == 0 {
			s.table[at] = tag<<32 | uint64(i+1)
			return int32(i)
		}
		if f := int32(slot) - 1; slot>>32 == tag && s.rules[f].Pattern == p {
			return f
		}
	}
}

// permute puts cands[order[i]] at i for every i, in place, following each
// cycle of the permutation; it spends order.
func permute(cands []candidate, order []int32) {
	for i := range order {
		if order[i] < 0 {
			continue
		}
		held, j := cands[i], int32(i)
		for {
			k := order[j]
			order[j] = -1
			if k == int32(i) {
				cands[j] = held
				break
			}
			cands[j] = cands[k]
			j = k
		}
	}
}

// automaton returns the group's Aho–Corasick automaton, built once.
func (ix *ruleIndex) automaton() *automaton {
	ix.acOnce.Do(func() { ix.ac = buildAutomaton(ix) })
	return ix.ac
}

// noPair marks a candidate not filed by piece.
const noPair = pairBuckets

func newCandidate(rule int, pattern string, indexHTML bool) candidate {
	prefix := len(literalPrefix(pattern))
	kind := wildcard
	switch {
	case prefix == len(pattern): // no '*', and no final '$'
		kind = literal
	case prefix == len(pattern)-1 && pattern[prefix] == '$':
		kind = exact
	case strings.Trim(strings.TrimSuffix(pattern[prefix:], "$"), "*") == "":
		// Wildcards alone after the prefix ("/a*", "/a*$"): they match
		// any rest, so the prefix test alone decides, as for a literal.
		kind = literal
	}
	return candidate{
		rule:      int32(rule),
		prefix:    int32(prefix),
		pair:      noPair,
		indexHTML: indexHTML,
		kind:      kind,
	}
}

// pattern is candidate i's pattern; its length is its priority.
func (ix *ruleIndex) pattern(i int32) string {
	c := &ix.cands[i]
	switch {
	case !c.indexHTML:
		return ix.rules[c.rule].Pattern
	case c.kind == exact:
		return ix.prefix(i) + "$"
	}
	return ix.variants[c.rule]
}

// prefix is candidate i's literal prefix, which starts its rule's pattern
// for an index.html variant too.
func (ix *ruleIndex) prefix(i int32) string {
	c := &ix.cands[i]
	return ix.rules[c.rule].Pattern[:c.prefix]
}

// fileByPair files the wildcard candidates with a weak prefix under the
// rarest byte pair of their longest piece, when there are enough of them to
// be worth it, and returns the final order with room for the rest: the
// filed candidates first, by bucket (a counting sort).
func (ix *ruleIndex) fileByPair() []int32 {
	cands := ix.cands
	order := make([]int32, 0, len(cands))
	weak := func(i int) string {
		if c := &cands[i]; c.kind != wildcard || c.prefix >= weakPrefix {
			return ""
		}
		return longestPiece(ix.pattern(int32(i)))
	}
	count := make([]int32, pairBuckets)
	for i := range cands {
		p := weak(i)
		for j := 0; j+1 < len(p); j++ {
			count[pairOf(p[j], p[j+1])]++
		}
	}
	filed := 0
	for i := range cands {
		p := weak(i)
		if len(p) < 2 {
			continue
		}
		best := pairOf(p[0], p[1])
		for j := 1; j+1 < len(p); j++ {
			if k := pairOf(p[j], p[j+1]); count[k] < count[best] {
				best = k
			}
		}
		cands[i].pair = best
		copy(cands[i].head[:], ix.prefix(int32(i)))
		filed++
	}
	if filed < smallIndex/2 {
		for i := range cands {
			cands[i].pair = noPair
		}
		return order
	}
	ix.pairStart = make([]int32, pairBuckets+1)
	ix.filled = new([pairBuckets / 64]uint64)
	for i := range cands {
		if b := cands[i].pair; b != noPair {
			ix.pairStart[b+1]++
			ix.filled[b/64] |= 1 << (b % 64)
		}
	}
	for b := 1; b <= pairBuckets; b++ {
		ix.pairStart[b] += ix.pairStart[b-1]
	}
	order = order[:filed]
	fill := slices.Clone(ix.pairStart[:pairBuckets])
	for i := range cands {
		if b := cands[i].pair; b != noPair {
			order[fill[b]] = int32(i)
			fill[b]++
		}
	}
	ix.byPair = int32(filed)
	return order
}

// linkPrefixes lists the distinct prefixes of the candidates filed by
// prefix, ix.cands[byPair:end], which are sorted, with their parent links.
// lcp[i-byPair] is candidate i's common prefix with the one before: a
// prefix is a duplicate when that is its whole length and the one before's,
// and it starts every prefix on the stack of those that start the one
// before, up to that length. Only a new prefix is read.
func (ix *ruleIndex) linkPrefixes(end int32, lcp []int32) {
	n := int(end - ix.byPair)
	ix.prefixes = make([]string, 0, n)
	ix.keys = make([][2]uint64, 0, n)
	ix.parent = make([]int32, 0, n)
	ix.first = make([]int32, 0, n+1)
	type listed struct{ at, n int32 } // a prefix and its length
	var stack []listed                // the prefixes that start the last one
	last := int32(-1)                 // the last one's length
	for i := ix.byPair; i < end; i++ {
		size, common := ix.cands[i].prefix, lcp[i-ix.byPair]
		if common == size && common == last {
			continue
		}
		for len(stack) > 0 && stack[len(stack)-1].n > common {
			stack = stack[:len(stack)-1]
		}
		parent := int32(-1)
		if len(stack) > 0 {
			parent = stack[len(stack)-1].at
		}
		ix.parent = append(ix.parent, parent)
		ix.prefixes = append(ix.prefixes, ix.prefix(i))
		p := ix.prefix(i)
		ix.keys = append(ix.keys, [2]uint64{chunk(p, 0), chunk(p, 8)})
		ix.first = append(ix.first, i)
		stack = append(stack, listed{int32(len(ix.prefixes) - 1), size})
		last = size
	}
	ix.first = append(ix.first, end)
}

// pairOf hashes two bytes into a bucket.
func pairOf(a, b byte) uint16 {
	k := uint32(a)<<8 | uint32(b)
	return uint16((k * 0x9E3779B1 >> 16) & (pairBuckets - 1))
}

// longestPiece is the longest run of the pattern between wildcards (a
// final '$' excluded).
func longestPiece(pattern string) string {
	if n := len(pattern); n > 0 && pattern[n-1] == '$' {
		pattern = pattern[:n-1]
	}
	best := ""
	for pattern != "" {
		piece := pattern
		if i := strings.IndexByte(pattern, '*'); i >= 0 {
			piece, pattern = pattern[:i], pattern[i+1:]
		} else {
			pattern = ""
		}
		if len(piece) > len(best) {
			best = piece
		}
	}
	return best
}

// A groupList is the groups that apply to one token, or to "*". Google
// reads the rules of them all as one group; so does a Test, through one
// index over all of them when there are several: a file of twenty thousand
// "User-agent: googlebot" groups of one rule each is one index of twenty
// thousand rules, not twenty thousand indexes to walk for every URL.
type groupList struct {
	groups []int        // in file order
	merged *mergedRules // for more than one group
}

// mergedRules is the rules of several groups, in file order, and their
// index, built when it pays, once.
type mergedRules struct {
	lazyIndex
	group []int32 // group[i]: the group of rule i
}

// scanTests is how many tests a group list answers by trying each of its
// rules in turn before its index is built. Building an index costs about
// as much as trying every rule a few dozen times (a sort, tables, a map),
// and Parse plus a first answer should cost a script that tests a handful
// of URLs no more than another library's parse (issue 26); a list or a
// page that tests more pays for the index once. Both ways find the same
// rules (TestScanAnswersAsTheIndex). A variable, so tests can take either.
var scanTests int32 = 16

// each calls fn for every rule of the list's groups that matches path, and
// for every allow rule whose index.html variant does (robots.cc,
// HandleAllow), with the pattern that matched and the rule's group: through
// the index, or, for the list's first scanTests tests, by trying each rule.
func (gl *groupList) each(r *Robots, path string, room *[]int32, fn func(rule *Rule, group int, indexHTML bool, pattern string)) {
	lazy := &r.Groups[gl.groups[0]].index.lazy
	if gl.merged != nil {
		lazy = &gl.merged.lazy
	}
	if lazy.scan() {
		for _, g := range gl.groups {
			rules := r.Groups[g].Rules
			for i := range rules {
				scanRule(&rules[i], g, path, fn)
			}
		}
		return
	}
	ix, group := gl.rules(r)
	ix.each(path, room, func(i int32, indexHTML bool, pattern string) {
		g := gl.groups[0]
		if group != nil {
			g = int(group[i])
		}
		fn(&ix.rules[i], g, indexHTML, pattern)
	})
}

// scanRule reports rule to fn when it matches path, and its index.html
// variant (the pattern up to its last '/' and a '$') when that does, as
// ruleIndex.each reports them.
func scanRule(rule *Rule, group int, path string, fn func(rule *Rule, group int, indexHTML bool, pattern string)) {
	if rule.matchesPath(path) {
		fn(rule, group, false, rule.Pattern)
	}
	if v, ok := indexHTMLMatch(rule, path); ok {
		fn(rule, group, true, v)
	}
}

// indexHTMLMatch is an allow rule's index.html variant (the pattern up to
// its last '/' and a '$') when path matches it.
func indexHTMLMatch(rule *Rule, path string) (variant string, ok bool) {
	if !rule.Allow {
		return "", false
	}
	p := rule.Pattern
	cut := indexHTMLCut(p)
	if cut == 0 {
		return "", false
	}
	// The variant is made only when it matches: a first answer tries
	// each allow rule, and in js/wasm an allocation costs about as much
	// as the answer (issue 26).
	if v := p[:cut]; matchesEnd(path, v, true) {
		return v + "$", true
	}
	return "", false
}

// lazyCount counts the tests a list answered by a scan, until its index is
// built.
type lazyCount struct {
	scans atomic.Int32
}

// scan reports whether this test is still one of the first scanTests.
func (c *lazyCount) scan() bool {
	if c.scans.Load() >= scanTests {
		return false
	}
	return c.scans.Add(1) <= scanTests
}

// built is the list's index once it has answered scanTests tests by a
// scan (groupList.each, or bestOfKinds' for a group of fewRules), for a
// Tester's Decide and the matrix to ask it; else nil.
func (gl *groupList) built(r *Robots) *ruleIndex {
	lazy := &r.Groups[gl.groups[0]].index.lazy
	if gl.merged != nil {
		lazy = &gl.merged.lazy
	}
	if lazy.scans.Load() < scanTests {
		return nil
	}
	ix, _ := gl.rules(r)
	return ix
}

// rules is the index over the list's rules, with the group of each rule
// (nil when the list is one group, whose rules the index holds).
func (gl *groupList) rules(r *Robots) (*ruleIndex, []int32) {
	m := gl.merged
	if m == nil {
		return r.Groups[gl.groups[0]].rules(), nil
	}
	m.once.Do(func() {
		n := 0
		for _, gi := range gl.groups {
			n += len(r.Groups[gi].Rules)
		}
		rules, group := make([]Rule, 0, n), make([]int32, 0, n)
		for _, gi := range gl.groups {
			rules = append(rules, r.Groups[gi].Rules...)
			for range r.Groups[gi].Rules {
				group = append(group, int32(gi))
			}
		}
		m.ix, m.group = buildIndex(rules), group
	})
	return m.ix, m.group
}
