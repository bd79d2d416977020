package engine

import (
	"slices"
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
// patterns waiting for that piece. The cost is O(path + pieces) plus the
// automaton, built once per group when first needed.

// manyAt is the number of wildcard candidates from which one Test matches
// them all at once rather than one by one.
const manyAt = 128

// plan is a wildcard pattern cut at its '*'s: the literal prefix (checked
// by the index), the pieces to find in order, and an anchored last piece.
// A pattern with no '*' that ends with '$' is the prefix alone, exactly.
type plan struct {
	pieces   []int32 // piece ids, in order, empty pieces left out
	anchored bool    // the pattern ends with '$': last must end the path
	last     string  // the anchored last piece (may be empty)
	exact    bool    // no '*': the path must be the prefix itself
}

// automaton is an Aho–Corasick automaton over the distinct pieces of a
// group's wildcard patterns. Its trie is numbered breadth first, so the
// children of node u are the nodes first[u] to first[u+1]-1, in the order
// of their labels.
type automaton struct {
	scratch  sync.Pool // *walk, reused by matchAll: no garbage per Test
	plans    []plan
	pieceLen []int32
	label    []byte  // the byte on the edge into each node
	first    []int32 // first[u]: u's first child; first[len] closes the last node
	fail     []int32 // longest proper suffix that is a trie node
	out      []int32 // piece ending at the node, -1 for none
	dict     []int32 // nearest node on the fail chain that ends a piece, -1
}

func newPlan(pattern, prefix string, piece func(string) int32) plan {
	if len(pattern) == len(prefix)+1 && pattern[len(prefix)] == '$' {
		return plan{anchored: true, exact: true}
	}
	rest := pattern[len(prefix)+1:] // past the first '*'
	var p plan
	if n := len(rest); n > 0 && rest[n-1] == '$' {
		p.anchored = true
		rest = rest[:n-1]
	}
	if p.anchored {
		i := strings.LastIndexByte(rest, '*')
		p.last = rest[i+1:]
		rest = rest[:max(i, 0)]
	}
	for rest != "" {
		s := rest
		if i := strings.IndexByte(rest, '*'); i >= 0 {
			s, rest = rest[:i], rest[i+1:]
		} else {
			rest = ""
		}
		if s != "" {
			p.pieces = append(p.pieces, piece(s))
		}
	}
	return p
}

// buildAutomaton plans every wildcard candidate (those with wild >= 0).
func buildAutomaton(cands []*candidate) *automaton {
	a := &automaton{}
	ids := map[string]int32{}
	var pieces []string
	piece := func(s string) int32 {
		if id, ok := ids[s]; ok {
			return id
		}
		id := int32(len(pieces))
		ids[s] = id
		pieces = append(pieces, s)
		a.pieceLen = append(a.pieceLen, int32(len(s)))
		return id
	}
	a.plans = make([]plan, len(cands))
	for _, c := range cands {
		a.plans[c.wild] = newPlan(c.pattern, c.prefix, piece)
	}
	a.buildTrie(pieces)
	a.link()
	return a
}

// buildTrie lays the trie of pieces out breadth first. Each node stands for
// a run of the sorted pieces that share its path; its children split that
// run by the next byte.
func (a *automaton) buildTrie(pieces []string) {
	sorted := make([]int32, len(pieces))
	for i := range sorted {
		sorted[i] = int32(i)
	}
	slices.SortFunc(sorted, func(x, y int32) int { return strings.Compare(pieces[x], pieces[y]) })
	type run struct{ lo, hi, depth int32 }
	runs := []run{{0, int32(len(sorted)), 0}} // runs[u] is node u's
	a.label = []byte{0}
	for u := 0; u < len(runs); u++ {
		r := runs[u]
		a.first = append(a.first, int32(len(runs)))
		a.out = append(a.out, -1)
		i := r.lo
		if i < r.hi && int32(len(pieces[sorted[i]])) == r.depth {
			a.out[u] = sorted[i] // a piece sorts before its extensions
			i++
		}
		for i < r.hi {
			c := pieces[sorted[i]][r.depth]
			j := i + 1
			for j < r.hi && pieces[sorted[j]][r.depth] == c {
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

// walk is matchAll's state, one entry per candidate and per piece.
type walk struct {
	pos  []int32 // where the candidate's next piece may start
	step []int32 // how many of its pieces it has found
	next []int32 // the next candidate waiting for the same piece
	head []int32 // per piece, the first candidate waiting for it, -1 for none
}

func (a *automaton) walk(n int) *walk {
	w, _ := a.scratch.Get().(*walk)
	if w == nil {
		w = &walk{head: make([]int32, len(a.pieceLen))}
	}
	if cap(w.pos) < n {
		w.pos, w.step, w.next = make([]int32, n), make([]int32, n), make([]int32, n)
	}
	w.pos, w.step, w.next = w.pos[:n], w.step[:n], w.next[:n]
	clear(w.step)
	for i := range w.head {
		w.head[i] = -1
	}
	return w
}

// matchAll calls fn for every candidate in cands that matches path, with
// the same answer as matches for each.
func (a *automaton) matchAll(path string, cands []*candidate, fn func(c *candidate)) {
	w := a.walk(len(cands))
	defer a.scratch.Put(w)
	pos, step, next, head := w.pos, w.step, w.next, w.head
	// wait files candidate k under its next piece, or decides it when no
	// piece is left to find.
	wait := func(k int32) {
		p := &a.plans[cands[k].wild]
		if int(step[k]) < len(p.pieces) {
			id := p.pieces[step[k]]
			next[k], head[id] = head[id], k
			return
		}
		switch {
		case p.exact:
			if len(path) == int(pos[k]) {
				fn(cands[k])
			}
		case !p.anchored || len(path)-len(p.last) >= int(pos[k]) && strings.HasSuffix(path, p.last):
			fn(cands[k])
		}
	}
	for k, c := range cands {
		if strings.HasPrefix(path, c.prefix) {
			pos[k] = int32(len(c.prefix))
			wait(int32(k))
		}
	}
	s := int32(0)
	for i := 0; i < len(path); i++ {
		s = a.step(s, path[i])
		o := s
		if a.out[o] < 0 {
			o = a.dict[o]
		}
		for ; o >= 0; o = a.dict[o] {
			id := a.out[o]
			start := int32(i+1) - a.pieceLen[id]
			k := head[id]
			head[id] = -1
			for k >= 0 {
				later := next[k]
				if pos[k] <= start {
					pos[k] = int32(i + 1)
					step[k]++
					wait(k)
				} else {
					// Overlaps the piece before it: wait for a later place.
					next[k], head[id] = head[id], k
				}
				k = later
			}
		}
	}
}
