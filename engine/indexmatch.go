package engine

import (
	"strings"
	"sync"
)

// Matching a path through a built ruleIndex (index.go): reach finds the
// candidates whose prefix starts the path (by head, by piece bucket, by
// the exact map, by the sorted prefixes and their links), matching keeps
// those that match it (wildcard ones filtered by their pieceSign first,
// then matched one by one or by the automaton, multimatch.go), and each
// reports their rules while decide keeps only the best of each kind.
//
//	path → reach → matching → each (the rules, for a Result)
//	                        → decide (bestKinds, for a Cell)

// reachedPool holds the candidate lists of Tests in progress.
var reachedPool = sync.Pool{New: func() any { return new([]int32) }}

// each calls fn for every candidate that matches path (matching), with
// its pattern. room is where the candidate list goes, a caller's own (a
// Tester's); nil asks reachedPool, which cost a small file's test in
// js/wasm a fifteenth of its time.
func (ix *ruleIndex) each(path string, room *[]int32, fn func(rule int32, indexHTML bool, pattern string)) {
	buf := room
	if buf == nil {
		buf = reachedPool.Get().(*[]int32)
		defer reachedPool.Put(buf)
	}
	for _, i := range ix.matching(path, buf) {
		ix.report(i, fn)
	}
}

// decide is the verdict for path of the rules the index holds, read
// from the source of their groups: what each, keeping the best allow and
// the best disallow, decides (Robots.decide), with no call a rule.
func (ix *ruleIndex) decide(source Source, path string, room *[]int32) Cell {
	if ix.small {
		return ix.decideSmall(source, path)
	}
	var b bestKinds
	for _, i := range ix.matching(path, room) {
		b.keep(&ix.kinds[i])
	}
	return b.cell(source)
}

// decideSmall is decide for a small index, in one loop and with no
// list: each candidate whose head starts path (as reach compares it) and
// that matches it (as matching tells it: literal, exact, or wildcard past
// its sign) is kept as it comes, which bestKinds allows in any order.
// Most files' groups are small; under Node with optimised code only,
// Decide over every corpus file's list took 0.77-0.89 of the time it
// took through reach and matching (issue 26).
func (ix *ruleIndex) decideSmall(source Source, path string) Cell {
	var b bestKinds
	var pairs lazyPairs
	word := headWord(path)
	for i := range ix.heads {
		if !ix.headStarts(i, path, word) {
			continue
		}
		switch c := &ix.cands[i]; c.kind {
		case exact:
			if len(path) != int(c.prefix) {
				continue
			}
		case wildcard:
			if !pairs.mayMatch(path, &ix.signs[i]) || !matches(path, ix.pattern(int32(i))) {
				continue
			}
		}
		b.keep(&ix.kinds[i])
	}
	return b.cell(source)
}

// matching is the candidates that match path, in room's array (valid
// until its next use). Literal candidates the index reaches match, and
// exact ones when the path is their prefix; of the wildcard ones it
// reaches, those whose pieces' pairs the path lacks are left out
// (pieceSign), and the others matched one by one, or all at once when
// there are many (multimatch.go).
func (ix *ruleIndex) matching(path string, room *[]int32) []int32 {
	reached := ix.reach(path, (*room)[:0])
	// Those that match go to the front, the wildcard ones to try after
	// the reached list, in the same array.
	n, m := len(reached), 0
	for _, i := range reached[:n] {
		switch c := &ix.cands[i]; c.kind {
		case literal:
			reached[m], m = i, m+1
		case exact:
			if len(path) == int(c.prefix) {
				reached[m], m = i, m+1
			}
		default:
			reached = append(reached, i)
		}
	}
	wild := reached[n:]
	if len(wild) > 0 {
		// Those whose pieces' pairs the path lacks cannot match. The
		// pairs are read at once and the test is inlined: a file of
		// hundreds of wildcard rules under one prefix tests a hundred
		// signs a path (0071.txt), where a call each cost a sixth of
		// its verdict in js/wasm (issue 26).
		var pairs pathPairs
		pairs.read(path)
		kept := wild[:0]
		for _, i := range wild {
			if sign := &ix.signs[i]; sign.n == 0 || pairs.hasAll(sign) {
				kept = append(kept, i)
			}
		}
		wild = kept
	}
	if len(wild) < manyAt {
		for _, i := range wild {
			if matches(path, ix.pattern(i)) {
				reached[m], m = i, m+1
			}
		}
		*room = reached[:0]
		return reached[:m]
	}
	// The automaton's matches go after the wildcard list, in its array,
	// which it may grow.
	all := ix.automaton().matchAll(ix, path, wild)
	m += copy(reached[m:n], all[len(wild):])
	*room = all[:0]
	if cap(reached) > cap(all) {
		*room = reached[:0]
	}
	return reached[:m]
}

// A pieceSign is the byte pairs of a wildcard pattern's pieces after its
// prefix, a bit each by pairBit, as a path's are read (pathPairs): a path
// that lacks one cannot hold the piece, so the pattern cannot match it. A
// pattern's pieces are the runs between its '*'s, and it matches only a
// path that holds each, in order (the prefix, which the index checked, at
// its start). In js/wasm, matching one pattern cost as much as reading a
// path's pairs (0047.txt: 27 patterns tried a URL, one matched). Every
// pair counts, not three of them: the 140 or so patterns a path of
// 0071.txt reaches under "/shop/" are long runs of the same words
// ("gender-newbornboys-gender-newborngirls-…"), and with every pair its
// list took a quarter to a third less time under Node (issue 26).
type pieceSign struct {
	bits pathPairs
	n    uint8 // 0: no piece after the prefix has two bytes
}

// signOf is pattern's sign: the pairs in its pieces after the prefix's
// bytes (a final '$' is no piece).
func signOf(pattern string, prefix int) pieceSign {
	pattern = strings.TrimSuffix(pattern, "$")
	var s pieceSign
	for _, piece := range strings.Split(pattern[prefix:], "*") {
		for j := 0; j+1 < len(piece); j++ {
			b := pairBit(piece[j], piece[j+1])
			s.bits[b>>6] |= 1 << (b & 63)
			s.n = 1
		}
	}
	return s
}

// pairBit is a byte pair's bit among a pathPairs' 256.
func pairBit(a, b byte) uint8 {
	return uint8((uint32(a)<<8 | uint32(b)) * 0x9E3779B1 >> 24)
}

// pathPairs is the byte pairs a path holds, a bit each by pairBit.
type pathPairs [4]uint64

func (p *pathPairs) read(path string) {
	for i := 0; i+1 < len(path); i++ {
		b := pairBit(path[i], path[i+1])
		p[b>>6] |= 1 << (b & 63)
	}
}

// hasAll says whether the path holds every pair of s (or pairs that
// share their bits): a test of each of the four words.
func (p *pathPairs) hasAll(s *pieceSign) bool {
	return (p[0]&s.bits[0]^s.bits[0])|(p[1]&s.bits[1]^s.bits[1])|(p[2]&s.bits[2]^s.bits[2])|(p[3]&s.bits[3]^s.bits[3]) == 0
}

// headStarts says whether small index candidate i's prefix starts path,
// whose first eight bytes are word (headWord): those eight in one
// comparison, the rest, if any, as strings.
func (ix *ruleIndex) headStarts(i int, path string, word uint64) bool {
	h := &ix.heads[i]
	n := int(h.len)
	return n <= len(path) && word&h.mask == h.word && (n <= 8 || path[8:n] == ix.prefix(int32(i))[8:])
}

// lazyPairs is a path's pairs, read when a sign first asks them.
type lazyPairs struct {
	pairs pathPairs
	read  bool
}

// mayMatch says whether a pattern of sign s may match path: false when
// path lacks one of its pairs.
func (l *lazyPairs) mayMatch(path string, s *pieceSign) bool {
	if s.n == 0 {
		return true
	}
	if !l.read {
		l.pairs.read(path)
		l.read = true
	}
	return l.pairs.hasAll(s)
}

// bestKinds is the best allow and the best disallow found so far: their
// priorities (-1 when none) and lines.
type bestKinds struct {
	pa, pd, la, ld int32
	found          [2]bool
}

// keep takes k's rules where they beat the best of their kind: longer,
// or as long and earlier (Google keeps the first with a strict <).
func (b *bestKinds) keep(k *candidateKinds) {
	if k.allow > 0 && (!b.found[0] || k.priority > b.pa || k.priority == b.pa && k.allow < b.la) {
		b.found[0], b.pa, b.la = true, k.priority, k.allow
	}
	if k.disallow > 0 && (!b.found[1] || k.priority > b.pd || k.priority == b.pd && k.disallow < b.ld) {
		b.found[1], b.pd, b.ld = true, k.priority, k.disallow
	}
}

// cell is the verdict the best of each kind gives, as Robots.decide
// tells it.
func (b *bestKinds) cell(source Source) Cell {
	pa, pd := -1, -1
	if b.found[0] {
		pa = int(b.pa)
	}
	if b.found[1] {
		pd = int(b.pd)
	}
	var c Cell
	c.Allowed, c.Reason = verdictOf(source, pa, pd)
	switch {
	case pd > pa:
		c.Line = int(b.ld)
	case pa >= 0:
		c.Line = int(b.la)
	}
	return c
}

// report passes each rule of matching candidate i to fn: the first with
// its pattern and the others (for an index.html variant, the allow rules
// among them).
func (ix *ruleIndex) report(i int32, fn func(rule int32, indexHTML bool, pattern string)) {
	c := &ix.cands[i]
	p := ix.pattern(i)
	for r := c.rule; r >= 0; {
		if !c.indexHTML || ix.rules[r].Allow {
			fn(r, c.indexHTML, p)
		}
		if ix.same == nil {
			break
		}
		r = ix.same[r]
	}
}

// reach appends to out the candidates whose prefix starts path, skipping
// those filed by piece whose bucket path has no pair for.
func (ix *ruleIndex) reach(path string, out []int32) []int32 {
	if ix.small {
		// Each prefix's first eight bytes against the path's, in one
		// comparison: in js/wasm, a call of the runtime's comparison a
		// candidate cost half of a small index's verdict (issue 26).
		word := headWord(path)
		for i := range ix.heads {
			if ix.headStarts(i, path, word) {
				out = append(out, int32(i))
			}
		}
		return out
	}
	if ix.byPair > 0 {
		// Most of a path's pairs name an empty bucket, which filled tells
		// with no more reads; the others are visited once each, those
		// seen kept in a short list (a bitmap of every bucket, cleared
		// for each path, cost a verdict a tenth of its time in js/wasm).
		var seen [16]uint16
		nSeen := 0
		var many *[pairBuckets / 64]uint64 // past len(seen)
	pairs:
		for i := 0; i+1 < len(path); i++ {
			b := pairOf(path[i], path[i+1])
			if ix.filled[b/64]&(1<<(b%64)) == 0 {
				continue
			}
			for _, v := range seen[:nSeen] {
				if v == b {
					continue pairs
				}
			}
			if nSeen < len(seen) {
				seen[nSeen] = b
				nSeen++
			} else {
				if many == nil {
					many = new([pairBuckets / 64]uint64)
				}
				if many[b/64]&(1<<(b%64)) != 0 {
					continue
				}
				many[b/64] |= 1 << (b % 64)
			}
			for j := ix.pairStart[b]; j < ix.pairStart[b+1]; j++ {
				c := &ix.cands[j]
				if n := int(c.prefix); n <= len(path) && path[:n] == string(c.head[:n]) {
					out = append(out, j)
				}
			}
		}
	}
	if g, ok := ix.exact[path]; ok {
		for i := ix.exactStart[g]; i < ix.exactStart[g+1]; i++ {
			out = append(out, i)
		}
	}
	if len(ix.prefixes) == 0 {
		return out
	}
	// The greatest prefix ≤ path; every listed prefix of path is a prefix of
	// its common part with path.
	q := ix.floor(path)
	if q < 0 {
		return out
	}
	common := commonPrefixLen(ix.prefixes[q], path)
	for q >= 0 && len(ix.prefixes[q]) > common {
		q = int(ix.parent[q])
	}
	for ; q >= 0; q = int(ix.parent[q]) {
		for i := ix.first[q]; i < ix.first[q+1]; i++ {
			out = append(out, i)
		}
	}
	return out
}

// floor is the index of the greatest prefix at most path, or -1. It
// searches the prefixes' first sixteen bytes as two numbers (keys), which
// order them as their bytes do, and compares strings only among those
// whose sixteen bytes are path's: in js/wasm, sort.SearchStrings' call of
// a closure and of the runtime's comparison a step took a third of a
// verdict on files of a few dozen prefixes (issue 26).
func (ix *ruleIndex) floor(path string) int {
	k := [2]uint64{chunk(path, 0), chunk(path, 8)}
	keys := ix.keys
	// lo: the first key ≥ k; hi: the first key > k.
	lo, hi := 0, len(keys)
	for lo < hi {
		if m := int(uint(lo+hi) >> 1); keys[m][0] < k[0] || keys[m][0] == k[0] && keys[m][1] < k[1] {
			lo = m + 1
		} else {
			hi = m
		}
	}
	hi = lo
	for hi < len(keys) && keys[hi] == k {
		if hi-lo >= 8 {
			// A long run of one key (prefixes sharing sixteen bytes):
			// its end by halving too.
			for top := len(keys); hi < top; {
				if m := int(uint(hi+top) >> 1); keys[m] == k {
					hi = m + 1
				} else {
					top = m
				}
			}
			break
		}
		hi++
	}
	// Among those of path's key, the first prefix > path.
	for lo < hi {
		if m := int(uint(lo+hi) >> 1); ix.prefixes[m] <= path {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo - 1
}
