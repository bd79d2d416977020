package engine

import (
	"strings"
	"sync"
)

// Matching many wildcard patterns against one path at once.
//
// One pattern costs O(len(path)+len(pattern)) with matches, but thousands of
// '*' rules that the index cannot rule out (their pieces are made of byte
// pairs the path holds) would cost O(rules × path): seconds for a 500 KiB
// file and a 16 KB URL. Here every pattern runs the same greedy walk as
// matches, all in one pass over the path: an Aho–Corasick automaton over all
// pieces reports each piece where it ends, in order, and advances the
// patterns waiting for that piece.
//
// The pieces that end at one place are a chain of suffixes of each other
// (the automaton's dictionary links). Most chains are short, but pieces
// like a, aa, aaa… make one as long as a thousand, and walking it at every
// byte of a path of a's would cost a thousand times the path. So a chain is
// walked only for its last deepChain pieces; the deeper ones are kept in a
// stabbing tree (a segment tree over the order of a depth-first walk of the
// chains, where a deep piece waited for covers its subtree's interval), so
// that one lookup of O(log pieces) finds the deep pieces, among those that
// end at this place, that a pattern is waiting for. The cost is then
// O(path × (deepChain + log pieces) + pattern bytes × log pieces) at worst,
// plus the automaton, built once per group when first needed.

// manyAt is the number of wildcard candidates from which one Test matches
// them all at once rather than one by one.
const manyAt = 128

// deepChain is the number of pieces on a dictionary chain walked one by
// one; pieces with this many below them on their chain are found through
// the stabbing tree.
const deepChain = 16

// How a candidate's pattern ends.
const (
	planFree     uint8 = iota // no '$': any place after the last piece
	planAnchored              // a final '$': the last piece must end the path
)

// automaton holds each wildcard candidate's plan (its pattern cut at the
// '*'s: the literal prefix, checked by the index, the pieces to find in
// order, and how it ends) and an Aho–Corasick automaton over the distinct
// pieces. The trie is numbered breadth first, so the children of node u are
// the nodes first[u] to first[u+1]-1, in the order of their labels.
type automaton struct {
	scratch sync.Pool // *walk, reused by matchAll: no garbage per Test

	// Plans, by candidate index (ruleIndex.cands); literal ones have none.
	start []int32 // seq[start[i]:start[i+1]] are candidate i's pieces
	seq   []int32 // piece ids
	mode  []uint8 // planFree or planAnchored
	tail  []int32 // planAnchored: the length of the last piece

	pieceLen []int32
	node     []int32 // piece → the trie node it ends at
	label    []byte  // the byte on the edge into each node
	first    []int32 // first[u]: u's first child; first[len] closes the last node
	fail     []int32 // longest proper suffix that is a trie node
	out      []int32 // piece ending at the node, -1 for none
	dict     []int32 // nearest node on the fail chain that ends a piece, -1

	// Deep chains.
	depth  []int32 // piece → the number of pieces below it on its chain
	deep   int32   // the number of pieces with depth ≥ deepChain
	top    []int32 // deep piece → the piece below it with depth deepChain-1
	tin    []int32 // deep piece → its place in a depth-first walk of the deep pieces
	tout   []int32 // deep piece → the last place in its subtree
	leaves int32   // the stabbing tree's leaves: a power of two ≥ deep
}

func buildAutomaton(ix *ruleIndex) *automaton {
	a := &automaton{
		start: make([]int32, len(ix.cands)+1),
		mode:  make([]uint8, len(ix.cands)),
		tail:  make([]int32, len(ix.cands)),
	}
	// Every piece of every plan, in plan order; sorted, equal ones get
	// one id.
	var all []string
	for i := range ix.cands {
		a.start[i] = int32(len(all))
		if ix.cands[i].kind == wildcard {
			a.plan(i, ix.pattern(int32(i)), int(ix.cands[i].prefix), func(s string) { all = append(all, s) })
		}
	}
	a.start[len(ix.cands)] = int32(len(all))
	order := make([]int32, len(all))
	for i := range order {
		order[i] = int32(i)
	}
	sorter := prefixSorter{prefix: func(c int32) string { return all[c] }}
	sorter.sortAll(order)
	a.seq = make([]int32, len(all))
	var pieces []string // distinct, sorted
	// lcp[j] is sorted piece j's common prefix with the one before: the
	// piece is new unless that is all of both.
	var lcp []int32 // by distinct piece
	for j, at := range order {
		if n := len(all[at]); j == 0 || int(sorter.lcp[j]) != n || n != len(pieces[len(pieces)-1]) {
			pieces = append(pieces, all[at])
			lcp = append(lcp, sorter.lcp[j])
			a.pieceLen = append(a.pieceLen, int32(n))
		}
		a.seq[at] = int32(len(pieces) - 1)
	}
	a.buildTrie(pieces, lcp)
	a.link()
	a.chains()
	return a
}

// plan cuts candidate i's pattern, passing its pieces to piece in order.
func (a *automaton) plan(i int, pattern string, prefix int, piece func(string)) {
	rest := pattern[prefix+1:] // past the first '*'
	if n := len(rest); n > 0 && rest[n-1] == '$' {
		rest = rest[:n-1]
		last := strings.LastIndexByte(rest, '*')
		a.mode[i], a.tail[i] = planAnchored, int32(len(rest)-last-1)
		rest = rest[:max(last, 0)]
	}
	for rest != "" {
		s := rest
		if j := strings.IndexByte(rest, '*'); j >= 0 {
			s, rest = rest[:j], rest[j+1:]
		} else {
			rest = ""
		}
		if s != "" {
			piece(s)
		}
	}
}

// buildTrie lays the trie of the pieces, which are sorted and distinct,
// out breadth first. Each node stands for a run of the pieces that share
// its path; its children split that run by the next byte.
func (a *automaton) buildTrie(pieces []string, lcp []int32) {
	a.node = make([]int32, len(pieces))
	// Each piece adds a node per byte past its common prefix with the one
	// before it.
	nodes := 1
	for i, p := range pieces {
		nodes += len(p) - int(lcp[i])
	}
	type run struct{ lo, hi, depth int32 }
	runs := make([]run, 1, nodes) // runs[u] is node u's
	runs[0] = run{0, int32(len(pieces)), 0}
	a.label = make([]byte, 1, nodes)
	a.first = make([]int32, 0, nodes+1)
	a.out = make([]int32, 0, nodes)
	for u := 0; u < len(runs); u++ {
		r := runs[u]
		a.first = append(a.first, int32(len(runs)))
		a.out = append(a.out, -1)
		i := r.lo
		if i < r.hi && int32(len(pieces[i])) == r.depth {
			a.out[u] = i // a piece sorts before its extensions
			a.node[i] = int32(u)
			i++
		}
		for i < r.hi {
			c := pieces[i][r.depth]
			j := i + 1
			for j < r.hi && pieces[j][r.depth] == c {
				j++
			}
			runs = append(runs, run{i, j, r.depth + 1})
			a.label = append(a.label, c)
			i = j
		}
	}
	a.first = append(a.first, int32(len(runs)))
}

// child is u's child on byte c, or -1.
func (a *automaton) child(u int32, c byte) int32 {
	lo, hi := a.first[u], a.first[u+1]
	for lo < hi {
		mid := int32(uint32(lo+hi) >> 1)
		switch l := a.label[mid]; {
		case l == c:
			return mid
		case l < c:
			lo = mid + 1
		default:
			hi = mid
		}
	}
	return -1
}

// link computes fail and dict links; breadth-first numbering means a node's
// parent, and its parent's fail node, come before it.
func (a *automaton) link() {
	n := len(a.out)
	a.fail = make([]int32, n)
	a.dict = make([]int32, n)
	a.dict[0] = -1
	for u := int32(0); int(u) < n; u++ {
		for v := a.first[u]; v < a.first[u+1]; v++ {
			if u != 0 {
				a.fail[v] = a.step(a.fail[u], a.label[v])
			}
			f := a.fail[v]
			if a.out[f] >= 0 {
				a.dict[v] = f
			} else {
				a.dict[v] = a.dict[f]
			}
		}
	}
}

// below is the piece after p on its chain, or -1.
func (a *automaton) below(p int32) int32 {
	if d := a.dict[a.node[p]]; d >= 0 {
		return a.out[d]
	}
	return -1
}

// chains measures each piece's chain and, when some are deep, numbers the
// deep pieces so that each one's subtree (the deep pieces that have it on
// their chain) is an interval. A piece's dict link is to a node of smaller
// number, so going through the nodes in order sees every piece after the
// one below it.
func (a *automaton) chains() {
	a.depth = make([]int32, len(a.pieceLen))
	for _, p := range a.out {
		if p < 0 {
			continue
		}
		if b := a.below(p); b >= 0 {
			a.depth[p] = a.depth[b] + 1
		}
		if a.depth[p] >= deepChain {
			a.deep++
		}
	}
	if a.deep == 0 {
		return
	}
	n := len(a.pieceLen)
	a.top = make([]int32, n)
	a.tin = make([]int32, n)
	a.tout = make([]int32, n)
	size := make([]int32, n)
	for u := len(a.out) - 1; u >= 0; u-- {
		if p := a.out[u]; p >= 0 && a.depth[p] >= deepChain {
			size[p]++
			if a.depth[p] > deepChain {
				size[a.below(p)] += size[p]
			}
		}
	}
	next := make([]int32, n) // the next free place in a piece's subtree
	roots := int32(0)
	for _, p := range a.out {
		if p < 0 || a.depth[p] < deepChain {
			continue
		}
		b := a.below(p)
		if a.depth[p] == deepChain {
			a.top[p] = b
			a.tin[p] = roots
			roots += size[p]
		} else {
			a.top[p] = a.top[b]
			a.tin[p] = next[b]
			next[b] += size[p]
		}
		next[p] = a.tin[p] + 1
		a.tout[p] = a.tin[p] + size[p] - 1
	}
	a.leaves = 1
	for a.leaves < a.deep {
		a.leaves *= 2
	}
}

// step is the automaton's transition from node s on byte c.
func (a *automaton) step(s int32, c byte) int32 {
	for {
		if t := a.child(s, c); t >= 0 {
			return t
		}
		if s == 0 {
			return 0
		}
		s = a.fail[s]
	}
}

// walk is matchAll's state: per reached candidate, per piece, and the
// stabbing tree of the deep pieces waited for.
type walk struct {
	pos  []int32 // where the candidate's next piece may start
	at   []int32 // its next piece, as an index into seq
	next []int32 // the next candidate waiting for the same piece
	head []int32 // per piece, the first candidate waiting for it, -1 for none

	waited []bool   // deep piece → some candidate waits for it
	since  []uint32 // deep piece → when it was last filed in the tree
	clock  uint32   // counts filings in this Test
	filed  int      // the number of deep pieces waited for
	tree   [][]stab // node → the deep pieces filed there; leaves from a.leaves
	found  []int32  // the deep pieces that end at the current place
}

// stab is a deep piece filed in the stabbing tree; stale when the piece was
// filed again since, or is no longer waited for.
type stab struct {
	piece int32
	since uint32
}

func (a *automaton) walk(n int) *walk {
	w, _ := a.scratch.Get().(*walk)
	if w == nil {
		w = &walk{head: make([]int32, len(a.pieceLen))}
		if a.deep > 0 {
			w.waited = make([]bool, len(a.pieceLen))
			w.since = make([]uint32, len(a.pieceLen))
			w.tree = make([][]stab, 2*a.leaves)
		}
	}
	w.pos, w.at, w.next = grow(w.pos, n), grow(w.at, n), grow(w.next, n)
	for i := range w.head {
		w.head[i] = -1
	}
	if a.deep > 0 {
		clear(w.waited)
		w.clock, w.filed = 0, 0
		for i := range w.tree {
			w.tree[i] = w.tree[i][:0]
		}
	}
	return w
}

// matcher is one matchAll in progress.
type matcher struct {
	a       *automaton
	w       *walk
	ix      *ruleIndex
	path    string
	reached []int32 // the candidates, by their place in the walk
	out     []int32 // reached, then the candidates that matched
}

// matchAll appends to reached the candidates among them that match path:
// the same answer as matches gives for each.
func (a *automaton) matchAll(ix *ruleIndex, path string, reached []int32) []int32 {
	w := a.walk(len(reached))
	defer a.scratch.Put(w)
	m := matcher{a: a, w: w, ix: ix, path: path, reached: reached, out: reached}
	for k, c := range reached {
		w.pos[k] = ix.cands[c].prefix // the index checked the prefix
		w.at[k] = a.start[c]
		m.wait(int32(k))
	}
	s := int32(0)
	for i := 0; i < len(path); i++ {
		s = a.step(s, path[i])
		o := s
		if a.out[o] < 0 {
			o = a.dict[o]
		}
		if o < 0 {
			continue
		}
		end := int32(i + 1)
		if p := a.out[o]; a.deep > 0 && a.depth[p] >= deepChain {
			if w.filed > 0 {
				m.stabDeep(p, end)
			}
			o = a.node[a.top[p]]
		}
		for ; o >= 0; o = a.dict[o] {
			if id := a.out[o]; w.head[id] >= 0 {
				m.advance(id, end)
			}
		}
	}
	return m.out
}

// wait files candidate k under its next piece, or decides it when no piece
// is left to find.
func (m *matcher) wait(k int32) {
	a, w := m.a, m.w
	c := m.reached[k]
	if at := w.at[k]; at < a.start[c+1] {
		m.push(a.seq[at], k)
		return
	}
	pos := int(w.pos[k])
	switch a.mode[c] {
	case planAnchored:
		p, t := m.ix.pattern(c), int(a.tail[c])
		if len(m.path)-t >= pos && strings.HasSuffix(m.path, p[len(p)-1-t:len(p)-1]) {
			m.out = append(m.out, c)
		}
	default:
		m.out = append(m.out, c)
	}
}

// push adds candidate k to those waiting for piece id.
func (m *matcher) push(id, k int32) {
	a, w := m.a, m.w
	if a.deep > 0 && a.depth[id] >= deepChain && !w.waited[id] {
		m.file(id)
	}
	w.next[k], w.head[id] = w.head[id], k
}

// file puts deep piece id in the stabbing tree, in the nodes that cover its
// interval.
func (m *matcher) file(id int32) {
	a, w := m.a, m.w
	w.waited[id] = true
	w.filed++
	w.clock++
	w.since[id] = w.clock
	e := stab{id, w.clock}
	for l, r := a.tin[id]+a.leaves, a.tout[id]+1+a.leaves; l < r; l, r = l>>1, r>>1 {
		if l&1 == 1 {
			w.tree[l] = append(w.tree[l], e)
			l++
		}
		if r&1 == 1 {
			r--
			w.tree[r] = append(w.tree[r], e)
		}
	}
}

// stabDeep advances the candidates waiting for a deep piece on p's chain:
// those filed in the tree nodes above p's leaf.
func (m *matcher) stabDeep(p, end int32) {
	a, w := m.a, m.w
	found := w.found[:0]
	for v := a.tin[p] + a.leaves; v >= 1; v >>= 1 {
		keep := w.tree[v][:0]
		for _, e := range w.tree[v] {
			if w.waited[e.piece] && w.since[e.piece] == e.since {
				keep = append(keep, e)
				found = append(found, e.piece)
			}
		}
		w.tree[v] = keep
	}
	w.found = found
	for _, id := range found {
		m.advance(id, end)
	}
}

// advance moves on the candidates waiting for piece id, which ends at end,
// unless this place overlaps their previous piece.
func (m *matcher) advance(id, end int32) {
	a, w := m.a, m.w
	start := end - a.pieceLen[id]
	k := w.head[id]
	w.head[id] = -1
	for k >= 0 {
		later := w.next[k]
		if w.pos[k] <= start {
			w.pos[k] = end
			w.at[k]++
			m.wait(k)
		} else {
			// Overlaps the piece before it: wait for a later place.
			w.next[k], w.head[id] = w.head[id], k
		}
		k = later
	}
	if w.head[id] < 0 && a.deep > 0 && a.depth[id] >= deepChain && w.waited[id] {
		w.waited[id] = false
		w.filed--
	}
}

func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
