package engine

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"sort"
	"strings"
)

// A verdictMachine decides the paths of a list of URLs (Tester's
// DecideLines) a byte at a time: a deterministic automaton over a path's
// bytes, built lazily from a built ruleIndex's candidates. A state is what
// the bytes read so far leave to decide:
//
//   - the candidates whose literal prefix (the part before a '*' or a
//     final '$') starts with those bytes and is longer: a range of the
//     candidates sorted by prefix, and how many bytes were read;
//   - the places reached in the patterns whose prefix was read whole and
//     that go on past a '*' (a '*' keeps its place on any byte);
//   - the best allow and disallow matched (bestKinds): a pattern without
//     a final '$' read to its end has matched whatever follows, and leaves
//     the state.
//
// A pattern with a final '$' matches when the path ends where it does,
// which each state's end verdict (cell) holds. Once no candidate is left
// the verdict is known and the rest of the path is not read; where every
// candidate left needs the same next bytes (run), they are compared at
// once; and where only a few bytes can leave a state (the '*' of
// "/*?uri=" waiting for a '?': skip), the path is searched for the next
// of them, eight bytes at a time.
//
//	path → each byte's class → states, built on first use → the end state's cell
//
// A state is built the first time a path reaches it, so a list pays for
// it once, and the states are bounded by the file, not by the list. Its
// memory is bounded too (machineRoom): when it is full the machine starts
// again, and a machine that fills again within machinePaths paths is
// given up for the index (off).
type verdictMachine struct {
	ix     *ruleIndex
	source Source
	pats   []string // each candidate's pattern, without a final '$'
	ends   []bool   // the candidate's pattern had a final '$'
	pre    []string // each candidate's literal prefix
	order  []int32  // the candidates by prefix

	class [256]uint8 // a byte's class: bytes no prefix or pattern tells apart share one
	rep   []byte     // a byte of each class
	nc    int32      // the class count

	// next[row+class] is where class leads from the state whose row
	// starts at row (its number times nc): that state's row, shifted
	// left twice, its low bit set when it is final (nothing left to
	// read) and the next when it has a run; -1 until it is built.
	next   []int32
	first  int32 // the first state's entry
	states []machineState
	ids    map[string]int32 // a state's key → its number

	room   int // bytes held, against machineRoom
	paths  int // paths decided since the machine last started
	off    bool
	key    []byte   // scratch: a state's key
	places []uint64 // scratch: a state's places being built
	// matched[i] == epoch: candidate i matched in the state being built
	// (reach), whose other places are then dropped.
	matched []uint32
	epoch   uint32
}

// machineState is one state of a verdictMachine.
type machineState struct {
	lo, hi, depth int32    // order[lo:hi]: the candidates left by prefix, depth bytes of it read
	places        []uint64 // candidate<<32 | place in its pattern, sorted
	best          bestKinds
	cell          Cell // the verdict when the path ends here
	// run is the bytes every candidate left needs next, when there are
	// two or more and they keep the places (none is in skip).
	run   string
	runTo int32 // next's entry for the state after run, -1 until built
	final bool  // cell is the verdict whatever follows
	// skips says that every byte not in skip leads back to the state:
	// no candidate is left by prefix, and the places loop (a path in
	// "/*?uri=" waits for a '?'); and that skip's bytes are rare in
	// paths (rareInPaths).
	skips bool
	skip  string
}

// maxSkip is the most bytes a state's skip holds: past them, reading a
// byte at a time costs less than looking for each. minSkip is the fewest
// bytes left in a path that a skip looks through.
const maxSkip, minSkip = 3, 16

// Bits of a next entry, below the row.
const (
	finalState = 1 << iota
	runState
	skipState
	rowShift = 3
)

// machineRoom bounds a machine's memory, in bytes: each state costs its
// transition entries (4 bytes each), its places (8 bytes each, twice:
// the state's and its key's) and stateBytes for the rest (the state, its
// key's fixed part, its map entry). A machine that fills within
// machinePaths paths of its last start is given up. Variables, for
// tests.
var (
	machineRoom  = 4 << 20
	machinePaths = 4096
)

// stateBytes is a machine state's cost besides its entries and places.
const stateBytes = 256

// newMachine is the machine of ix's candidates, decided from source.
func newMachine(ix *ruleIndex, source Source) *verdictMachine {
	n := len(ix.cands)
	m := &verdictMachine{ix: ix, source: source, pats: make([]string, n), ends: make([]bool, n),
		pre: make([]string, n), order: make([]int32, n), matched: make([]uint32, n)}
	var seen [256]bool
	for i := range ix.cands {
		p := ix.pattern(int32(i))
		if strings.HasSuffix(p, "$") {
			p, m.ends[i] = p[:len(p)-1], true
		}
		m.pats[i], m.pre[i], m.order[i] = p, ix.prefix(int32(i)), int32(i)
		for j := 0; j < len(p); j++ {
			if p[j] != '*' {
				seen[p[j]] = true
			}
		}
	}
	slices.SortStableFunc(m.order, func(a, b int32) int { return strings.Compare(m.pre[a], m.pre[b]) })
	// Class 0 is every byte no pattern holds: such bytes move every
	// state alike.
	m.rep = append(m.rep, 0)
	for b := range 256 {
		if seen[b] {
			m.class[b] = uint8(len(m.rep))
			m.rep = append(m.rep, byte(b))
		}
	}
	for b := range 256 {
		if !seen[b] {
			m.rep[0] = byte(b)
			break
		}
	}
	m.nc = int32(len(m.rep))
	m.start()
	return m
}

// start empties the machine and makes its first state, number 0: every
// candidate, none of its prefix read.
func (m *verdictMachine) start() {
	m.next, m.states, m.ids, m.room, m.paths = m.next[:0], m.states[:0], make(map[string]int32), 0, 0
	m.epoch++
	m.first = m.state(0, int32(len(m.order)), 0, m.places[:0], bestKinds{})
}

// reach appends candidate i's place j to places, and the places after it
// past its '*'s (a '*' matches nothing too), folding its kinds into b
// when its pattern, without a final '$', is read to its end.
func (m *verdictMachine) reach(places []uint64, i, j int, b *bestKinds) []uint64 {
	p := m.pats[i]
	for {
		if j == len(p) {
			if !m.ends[i] {
				b.keep(&m.ix.kinds[i])
				m.matched[i] = m.epoch
				return places
			}
			return append(places, uint64(i)<<32|uint64(j))
		}
		places = append(places, uint64(i)<<32|uint64(j))
		if p[j] != '*' {
			return places
		}
		j++
	}
}

// state is next's entry for the state of the candidates order[lo:hi]
// with depth bytes of their prefix read, the places past prefixes read
// before, and best b, made when it is new. The candidates whose prefix
// is depth bytes long (first in the range) are taken out of it: each
// matches, joins the places, or waits for the path's end.
func (m *verdictMachine) state(lo, hi, depth int32, places []uint64, b bestKinds) int32 {
	var atEnd bestKinds // prefixes read whole that match where the path ends
	for ; lo < hi && len(m.pre[m.order[lo]]) == int(depth); lo++ {
		switch i := m.order[lo]; {
		case len(m.pats[i]) > int(depth): // a '*' follows
			places = m.reach(places, int(i), int(depth), &b)
		case m.ends[i]:
			atEnd.keep(&m.ix.kinds[i])
		default:
			b.keep(&m.ix.kinds[i])
		}
	}
	if lo == hi {
		lo, hi, depth = 0, 0, 0
	}
	// A candidate that matched may keep places at its '*'s: it can only
	// match again, which changes nothing.
	kept := places[:0]
	for _, p := range places {
		if m.matched[p>>32] != m.epoch {
			kept = append(kept, p)
		}
	}
	places = kept
	slices.Sort(places)
	places = slices.Compact(places)
	m.places = places
	k := m.key[:0]
	for _, v := range [...]int32{lo, hi, depth, b.pa, b.la, b.pd, b.ld, atEnd.pa, atEnd.la, atEnd.pd, atEnd.ld} {
		k = binary.LittleEndian.AppendUint32(k, uint32(v))
	}
	k = append(k, flagsOf(b.found), flagsOf(atEnd.found))
	for _, p := range places {
		k = binary.LittleEndian.AppendUint64(k, p)
	}
	m.key = k
	id, ok := m.ids[string(k)]
	if !ok {
		id = int32(len(m.states))
		m.ids[string(k)] = id
		st := machineState{lo: lo, hi: hi, depth: depth, places: slices.Clone(places), best: b, runTo: -1}
		// The verdict if the path ends here: the patterns with a final
		// '$' read to their end match.
		end := b
		end.keepBest(&atEnd)
		for _, p := range places {
			if i, j := int(p>>32), int(uint32(p)); j == len(m.pats[i]) {
				end.keep(&m.ix.kinds[i])
			}
		}
		st.cell = end.cell(m.source)
		// Nothing left to read: no candidate, no place, and no prefix
		// read whole that matches only where the path ends.
		st.final = lo == hi && len(places) == 0 && !atEnd.found[0] && !atEnd.found[1]
		skip, loops := m.skipOf(places)
		if lo < hi && loops {
			first, last := m.pre[m.order[lo]], m.pre[m.order[hi-1]]
			n := int(depth)
			for n < len(first) && n < len(last) && first[n] == last[n] && strings.IndexByte(skip, first[n]) < 0 {
				n++
			}
			if n-int(depth) >= 2 {
				st.run = first[depth:n]
			}
		}
		if lo == hi && loops && !atEnd.found[0] && !atEnd.found[1] && rareInPaths(skip) {
			st.skips, st.skip = true, skip
		}
		m.states = append(m.states, st)
		for range m.nc {
			m.next = append(m.next, -1)
		}
		m.room += 4*int(m.nc) + 16*len(places) + stateBytes
	}
	v := id * m.nc << rowShift
	st := &m.states[id]
	if st.final {
		v |= finalState
	}
	if st.run != "" {
		v |= runState
	}
	if st.skips {
		v |= skipState
	}
	return v
}

// skipOf tells whether a state's places loop: whether every byte but
// those of skip (at most maxSkip) leaves them as they are. They do when
// each is at a '*', or just past a '*' that has a place (and then its
// byte, when it has one, is in skip): a byte keeps every place at a
// '*', and those past them, and drops the others.
func (m *verdictMachine) skipOf(places []uint64) (skip string, loops bool) {
	var bytes []byte
	for _, p := range places {
		i, j := p>>32, int(uint32(p))
		pat := m.pats[i]
		if j < len(pat) && pat[j] == '*' {
			continue
		}
		if j == 0 || pat[j-1] != '*' || !slices.Contains(places, i<<32|uint64(j-1)) {
			return "", false
		}
		if j < len(pat) && !slices.Contains(bytes, pat[j]) {
			if len(bytes) == maxSkip {
				return "", false
			}
			bytes = append(bytes, pat[j])
		}
	}
	return string(bytes), true
}

// rareInPaths says whether the bytes of skip are few enough in a path
// to look for: none of them a letter, a digit, '/', '-', '_' or '%',
// which paths are made of (a skip of '/' found one every few bytes, and
// made lists slower than reading them a byte at a time).
func rareInPaths(skip string) bool {
	for i := 0; i < len(skip); i++ {
		switch c := skip[i]; {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '/', c == '-', c == '_', c == '%':
			return false
		}
	}
	return true
}

// flagsOf is found as a byte, for a state's key.
func flagsOf(found [2]bool) byte {
	var f byte
	if found[0] {
		f |= 1
	}
	if found[1] {
		f |= 2
	}
	return f
}

// keepBest takes o's best of each kind where it beats b's.
func (b *bestKinds) keepBest(o *bestKinds) {
	if o.found[0] {
		b.keep(&candidateKinds{priority: o.pa, allow: o.la})
	}
	if o.found[1] {
		b.keep(&candidateKinds{priority: o.pd, disallow: o.ld})
	}
}

// step builds state s's transition on class c and gives its entry.
func (m *verdictMachine) step(s int32, c uint8) int32 {
	by := m.rep[c]
	st := &m.states[s]
	b := st.best
	m.epoch++
	// The candidates left whose prefix goes on with by: a range of the
	// sorted ones, all longer than depth.
	lo, hi, d := st.lo, st.hi, int(st.depth)
	sub := m.order[lo:hi]
	from := sort.Search(len(sub), func(x int) bool { return m.pre[sub[x]][d] >= by })
	to := sort.Search(len(sub), func(x int) bool { return m.pre[sub[x]][d] > by })
	out := m.places[:0]
	for _, p := range st.places {
		i, j := int(p>>32), int(uint32(p))
		pat := m.pats[i]
		switch {
		case j == len(pat): // a final '$' not at the path's end: no match
		case pat[j] == '*':
			out = m.reach(out, i, j, &b) // the '*' takes the byte, and may match nothing next
		case pat[j] == by:
			out = m.reach(out, i, j+1, &b)
		}
	}
	v := m.state(lo+int32(from), lo+int32(to), int32(d+1), out, b)
	m.next[s*m.nc+int32(c)] = v
	return v
}

// jump builds state s's transition past its run, and gives its entry.
func (m *verdictMachine) jump(s int32) int32 {
	st := &m.states[s]
	m.epoch++
	// The run keeps the places: none of its bytes is in skip.
	v := m.state(st.lo, st.hi, st.depth+int32(len(st.run)), append(m.places[:0], st.places...), st.best)
	m.states[s].runTo = v
	return v
}

// decide is the Cell of path, or ok false when the machine is off and
// the index is to decide.
func (m *verdictMachine) decide(path string) (c Cell, ok bool) {
	if m.off {
		return Cell{}, false
	}
	if m.room > machineRoom {
		if m.paths < machinePaths {
			m.off = true
			m.next, m.states, m.ids, m.places = nil, nil, nil, nil
			return Cell{}, false
		}
		m.start()
	}
	m.paths++
	// The hot loop reads locals; a state built on the way may move next.
	next, nc, v := m.next, m.nc, m.first
	for i := 0; i < len(path) && v&finalState == 0; {
		row := v >> rowShift
		// Every byte but a skip's leads back to its state: looked for
		// past a few bytes, which read one by one cost less.
		if v&runState != 0 || v&skipState != 0 && len(path)-i >= minSkip {
			st := &m.states[row/nc]
			if v&skipState != 0 {
				if i = indexAnyOf(path, i, st.skip); i == len(path) {
					break
				}
			}
			// The run's first and last bytes first: most paths that
			// leave it differ in one, and a call costs more than two
			// compares.
			if n := len(st.run); v&runState != 0 && n <= len(path)-i && path[i] == st.run[0] && path[i+n-1] == st.run[n-1] && equalWords(path[i+1:i+n-1], st.run[1:n-1]) {
				if v = st.runTo; v < 0 {
					v, next = m.jump(row/nc), m.next
				}
				i += n
				continue
			}
		}
		cls := m.class[path[i]]
		if v = next[row+int32(cls)]; v < 0 {
			v, next = m.step(row/nc, cls), m.next
		}
		i++
	}
	return m.states[(v>>rowShift)/nc].cell, true
}

// equalWords is a == b for strings of one length, eight bytes at a time:
// js/wasm compares strings a byte at a time (runtime.memequal).
func equalWords(a, b string) bool {
	i := 0
	for ; i+8 <= len(a); i += 8 {
		if wordAt(a, i) != wordAt(b, i) {
			return false
		}
	}
	for ; i < len(a); i++ {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// indexAnyOf is the first index from i of a byte of set (at most three)
// in s, or len(s), eight bytes at a time; len(s) at once for an empty
// set.
func indexAnyOf(s string, i int, set string) int {
	if set == "" {
		return len(s)
	}
	a, b, c := ones*uint64(set[0]), ones*uint64(set[len(set)/2]), ones*uint64(set[len(set)-1])
	for ; i+8 <= len(s); i += 8 {
		w := wordAt(s, i)
		// Little-endian: the lowest bit set is the first byte that
		// matches (a byte after one may be flagged wrongly, never one
		// before).
		if f := (zeroByte(w^a) | zeroByte(w^b) | zeroByte(w^c)) & highs; f != 0 {
			return i + bits.TrailingZeros64(f)>>3
		}
	}
	for ; i < len(s); i++ {
		if strings.IndexByte(set, s[i]) >= 0 {
			return i
		}
	}
	return i
}
