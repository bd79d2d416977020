package engine

import (
	"slices"
	"sort"
	"strings"
	"sync"
)

// A ruleIndex finds the rules of a group that can match a path without
// trying every rule. Two filters, each exact in what it rules out:
//
//   - By literal prefix: a pattern can only match a path that starts with
//     the part before its first '*'. The prefixes of one path that occur in a
//     sorted list are found with one binary search and a walk up a chain of
//     "longest shorter prefix" links.
//   - By piece: a pattern with wildcards can only match a path that contains
//     each of its literal pieces. Patterns whose prefix says little ("/",
//     "" for "*…") are filed under one two-byte sequence of their longest
//     piece (the rarest in the group); a path visits only the buckets of the
//     byte pairs it contains.
//
// Every candidate found is then matched in full.

// smallIndex is the rule count up to which a plain scan is faster.
const smallIndex = 16

// A wildcard pattern whose literal prefix is shorter than this is filed by
// piece when it has a piece of two bytes or more.
const weakPrefix = 4

// pairBuckets is the number of piece buckets (a power of two).
const pairBuckets = 4096

// candidate is one pattern to try: a rule's own, or its index.html variant.
type candidate struct {
	rule      int32  // index into Group.Rules
	indexHTML bool   // the pattern is the rule's index.html variant
	literal   bool   // no wildcard: the prefix test alone decides
	pair      uint16 // piece bucket, for candidates filed by piece
	wild      int32  // index among the group's wildcard candidates, -1 when literal
	pattern   string // what is matched; len(pattern) is the priority
	prefix    string // literalPrefix(pattern)
}

type ruleIndex struct {
	scan []candidate // small groups: every candidate is tried

	byPrefix []candidate // sorted by prefix
	prefixes []string    // distinct prefixes of byPrefix, sorted
	parent   []int32     // parent[i]: the longest other prefix that starts prefixes[i], or -1
	first    []int32     // byPrefix[first[i]:first[i+1]] have prefix prefixes[i]

	byPair    []candidate // sorted by pair bucket
	pairStart []int32     // byPair[pairStart[b]:pairStart[b+1]] are in bucket b

	wilds  int // the number of wildcard candidates
	acOnce sync.Once
	ac     *automaton // over every wildcard candidate, built when first needed
}

// lazyIndex builds a group's ruleIndex on first use, once.
type lazyIndex struct {
	once sync.Once
	ix   *ruleIndex
}

func (g *Group) rules() *ruleIndex {
	g.index.once.Do(func() { g.index.ix = buildIndex(g.Rules) })
	return g.index.ix
}

func buildIndex(rules []Rule) *ruleIndex {
	cands := make([]candidate, 0, len(rules)+len(rules)/8)
	for i, r := range rules {
		cands = append(cands, newCandidate(i, r.Pattern, false))
		if r.Allow {
			if p, ok := indexHTMLPattern(r.Pattern); ok {
				cands = append(cands, newCandidate(i, p, true))
			}
		}
	}
	wilds := 0
	for i := range cands {
		if !cands[i].literal {
			cands[i].wild = int32(wilds)
			wilds++
		}
	}
	if len(cands) <= smallIndex {
		return &ruleIndex{scan: cands, wilds: wilds}
	}
	ix := &ruleIndex{wilds: wilds}
	ix.buildPairs(cands)
	ix.buildPrefixes(cands)
	return ix
}

// automaton returns the group's Aho–Corasick automaton, built once.
func (ix *ruleIndex) automaton() *automaton {
	ix.acOnce.Do(func() {
		all := make([]*candidate, 0, ix.wilds)
		for _, list := range [][]candidate{ix.scan, ix.byPrefix, ix.byPair} {
			for i := range list {
				if !list[i].literal {
					all = append(all, &list[i])
				}
			}
		}
		ix.ac = buildAutomaton(all)
	})
	return ix.ac
}

func newCandidate(rule int, pattern string, indexHTML bool) candidate {
	return candidate{
		rule:      int32(rule),
		indexHTML: indexHTML,
		literal:   !strings.Contains(pattern, "*") && !strings.HasSuffix(pattern, "$"),
		wild:      -1,
		pattern:   pattern,
		prefix:    literalPrefix(pattern),
	}
}

// sortKey packs the first eight bytes of s, zero-padded, so that comparing
// keys orders strings as strings.Compare does, except for ties.
func sortKey(s string) uint64 {
	var k uint64
	for i := 0; i < 8; i++ {
		k <<= 8
		if i < len(s) {
			k |= uint64(s[i])
		}
	}
	return k
}

// buildPairs files the wildcard candidates with a weak prefix under the
// rarest byte pair of their longest piece, when there are enough of them to
// be worth it. A filed candidate's rule is set to -1 in cands, so that
// buildPrefixes leaves it out.
func (ix *ruleIndex) buildPairs(cands []candidate) {
	longest := make([]string, len(cands))
	count := make([]int32, pairBuckets)
	for i := range cands {
		c := &cands[i]
		if c.literal || len(c.prefix) >= weakPrefix {
			continue
		}
		longest[i] = longestPiece(c.pattern)
		for j := 0; j+1 < len(longest[i]); j++ {
			count[pairOf(longest[i][j], longest[i][j+1])]++
		}
	}
	filed := 0
	for i := range cands {
		p := longest[i]
		if len(p) < 2 {
			longest[i] = ""
			continue
		}
		best := pairOf(p[0], p[1])
		for j := 1; j+1 < len(p); j++ {
			if k := pairOf(p[j], p[j+1]); count[k] < count[best] {
				best = k
			}
		}
		cands[i].pair = best
		filed++
	}
	if filed < smallIndex/2 {
		return
	}
	// A counting sort by bucket: no candidate moves more than once.
	ix.pairStart = make([]int32, pairBuckets+1)
	for i := range cands {
		if longest[i] != "" {
			ix.pairStart[cands[i].pair+1]++
		}
	}
	for b := 1; b <= pairBuckets; b++ {
		ix.pairStart[b] += ix.pairStart[b-1]
	}
	ix.byPair = make([]candidate, filed)
	fill := slices.Clone(ix.pairStart[:pairBuckets])
	for i := range cands {
		if longest[i] != "" {
			ix.byPair[fill[cands[i].pair]] = cands[i]
			fill[cands[i].pair]++
			cands[i].rule = -1 // taken
		}
	}
}

// buildPrefixes indexes the candidates not filed by piece by their prefix.
func (ix *ruleIndex) buildPrefixes(cands []candidate) {
	// Sort small (key, position) pairs, not the candidates themselves:
	// moving a candidate moves two strings, and most prefixes differ in
	// their first eight bytes. Order within one prefix does not matter:
	// Test sorts its matches by line.
	type keyed struct {
		key uint64 // the prefix's first eight bytes: sorts as the prefix does, but for ties
		at  int32  // index into cands
	}
	order := make([]keyed, 0, len(cands)-len(ix.byPair))
	for i := range cands {
		if cands[i].rule >= 0 {
			order = append(order, keyed{sortKey(cands[i].prefix), int32(i)})
		}
	}
	slices.SortFunc(order, func(a, b keyed) int {
		if a.key != b.key {
			if a.key < b.key {
				return -1
			}
			return 1
		}
		return strings.Compare(cands[a.at].prefix, cands[b.at].prefix)
	})
	ix.byPrefix = make([]candidate, len(order))
	for i, k := range order {
		ix.byPrefix[i] = cands[k.at]
	}
	ix.prefixes = make([]string, 0, len(order))
	ix.parent = make([]int32, 0, len(order))
	ix.first = make([]int32, 0, len(order)+1)
	var stack []int32
	for i := range ix.byPrefix {
		p := ix.byPrefix[i].prefix
		if n := len(ix.prefixes); n > 0 && ix.prefixes[n-1] == p {
			continue
		}
		for len(stack) > 0 && !strings.HasPrefix(p, ix.prefixes[stack[len(stack)-1]]) {
			stack = stack[:len(stack)-1]
		}
		parent := int32(-1)
		if len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		ix.prefixes = append(ix.prefixes, p)
		ix.parent = append(ix.parent, parent)
		ix.first = append(ix.first, int32(i))
		stack = append(stack, int32(len(ix.prefixes)-1))
	}
	ix.first = append(ix.first, int32(len(ix.byPrefix)))
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

// each calls fn for every candidate that matches path. Literal candidates
// the index reaches match; the wildcard ones it reaches are matched one by
// one, or all at once when there are many (multimatch.go).
func (ix *ruleIndex) each(path string, fn func(c *candidate)) {
	var buf [manyAt]*candidate
	wild := buf[:0]
	reach := func(c *candidate) {
		if c.literal {
			fn(c)
		} else {
			wild = append(wild, c)
		}
	}
	for i := range ix.scan {
		if c := &ix.scan[i]; strings.HasPrefix(path, c.prefix) {
			reach(c)
		}
	}
	if ix.byPair != nil {
		ix.eachByPair(path, reach)
	}
	if ix.prefixes != nil {
		ix.eachByPrefix(path, reach)
	}
	if len(wild) < manyAt {
		for _, c := range wild {
			if matches(path, c.pattern) {
				fn(c)
			}
		}
		return
	}
	ix.automaton().matchAll(path, wild, fn)
}

// eachByPair calls reach for the candidates filed under a byte pair of path
// whose prefix starts path.
func (ix *ruleIndex) eachByPair(path string, reach func(c *candidate)) {
	var seen [pairBuckets / 64]uint64
	for i := 0; i+1 < len(path); i++ {
		b := pairOf(path[i], path[i+1])
		if seen[b/64]&(1<<(b%64)) != 0 {
			continue
		}
		seen[b/64] |= 1 << (b % 64)
		for j := ix.pairStart[b]; j < ix.pairStart[b+1]; j++ {
			if c := &ix.byPair[j]; strings.HasPrefix(path, c.prefix) {
				reach(c)
			}
		}
	}
}

// eachByPrefix calls reach for the candidates whose prefix starts path.
func (ix *ruleIndex) eachByPrefix(path string, reach func(c *candidate)) {
	// The greatest prefix ≤ path; every listed prefix of path is a prefix of
	// its common part with path.
	q := sort.SearchStrings(ix.prefixes, path)
	if q == len(ix.prefixes) || ix.prefixes[q] != path {
		q--
	}
	if q < 0 {
		return
	}
	common := commonPrefixLen(ix.prefixes[q], path)
	for q >= 0 && len(ix.prefixes[q]) > common {
		q = int(ix.parent[q])
	}
	for ; q >= 0; q = int(ix.parent[q]) {
		for i := ix.first[q]; i < ix.first[q+1]; i++ {
			reach(&ix.byPrefix[i])
		}
	}
}

func commonPrefixLen(a, b string) int {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return n
}
