package engine

import (
	"math/bits"
	"slices"
	"strings"
)

// prefixSorter sorts candidates by literal prefix with a radix sort on
// eight bytes at a time, so that the cost follows the bytes that tell the
// prefixes apart and not n·log n string compares: the first Test of a
// 500 KiB group of literal rules sorts twenty thousand of them.
//
// Memory, not arithmetic, is what such a sort waits for: a prefix read out
// of file order is a cache miss. So the first pass, which reads the
// candidates in file order, keeps sixteen bytes of each, and a run that ties
// on eight reads the next eight only for its prefixes that are longer still.
// And the sort records, from the keys it compares, how long a prefix each
// sorted prefix shares with the one before it (lcp), so that listing and
// linking the sorted prefixes reads none of their bytes.
type prefixSorter struct {
	prefix func(c int32) string // candidate c's
	lcp    []int32              // by sorted position: common prefix with the one before
	items  []keyed              // by position in the run
}

// keyed is a candidate with sixteen bytes of its prefix.
type keyed struct {
	key  uint64 // the eight bytes from the depth being sorted
	next uint64 // the eight after them
	at   int32  // the candidate
	n    int32  // its prefix's length
}

// sortAll sorts run and fills lcp.
func (s *prefixSorter) sortAll(run []int32) {
	n := len(run)
	s.lcp = make([]int32, n)
	s.items = make([]keyed, n)
	for i, c := range run {
		p := s.prefix(c)
		s.items[i] = keyed{chunk(p, 0), chunk(p, 8), c, int32(len(p))}
	}
	s.sort(0, n, 0)
	for i := range run {
		run[i] = s.items[i].at
	}
	// Where two prefixes' padded bytes first differ is their common
	// prefix, unless one ends first (a NUL byte, which no pattern holds,
	// reads as padding). That is capped here, once the neighbours are
	// final: sort set it from neighbours that sorting the runs on either
	// side may have replaced, but with the same padded bytes.
	for i := 1; i < n; i++ {
		s.lcp[i] = min(s.lcp[i], s.items[i-1].n, s.items[i].n)
	}
}

// sort orders items[lo:hi], whose prefixes share their first depth bytes,
// and sets lcp[lo+1:hi].
func (s *prefixSorter) sort(lo, hi, depth int) {
	items, lcp := s.items[lo:hi], s.lcp[lo:hi]
	if len(items) < 2 {
		return
	}
	radixSort(items, 0)
	// Where the keys differ, they tell where the prefixes, zero padded,
	// first differ; sortAll caps that by their lengths.
	for i := 1; i < len(items); i++ {
		if a, b := &items[i-1], &items[i]; a.key != b.key {
			lcp[i] = int32(depth + bits.LeadingZeros64(a.key^b.key)/8)
		}
	}
	// Where they do not, the next eight bytes do.
	for i := 0; i < len(items); {
		j := i + 1
		longer := items[i].n > int32(depth+8)
		for j < len(items) && items[j].key == items[i].key {
			longer = longer || items[j].n > int32(depth+8)
			j++
		}
		if j-i > 1 {
			if longer {
				s.deeper(lo+i, lo+j, depth)
			} else {
				// Equal bytes, zero padded: the shorter sorts first, and
				// is the common part.
				slices.SortStableFunc(items[i:j], func(a, b keyed) int { return int(a.n - b.n) })
				for k := i + 1; k < j; k++ {
					lcp[k] = items[k-1].n
				}
			}
		}
		i = j
	}
}

// deeper sorts items[lo:hi], which tie on their first depth+8 bytes, by
// the bytes after those. Their next eight bytes are at hand. When those
// tie too, the prefixes are read once to skip all the bytes the run
// shares, however long: real files list thousands of paths under one long
// directory.
func (s *prefixSorter) deeper(lo, hi, depth int) {
	items := s.items[lo:hi]
	if depth+8 >= compareDepth {
		s.compare(lo, hi, depth+8)
		return
	}
	same, longer := true, false
	for k := range items {
		it := &items[k]
		it.key, it.next = it.next, 0
		same = same && it.key == items[0].key
		longer = longer || it.n > int32(depth+16)
	}
	if !same || !longer {
		for k := range items {
			if it := &items[k]; it.n > int32(depth+16) {
				it.next = chunk(s.prefix(it.at), depth+16)
			}
		}
		s.sort(lo, hi, depth+8)
		return
	}
	// The common part of every prefix with a longer one is what they
	// share: at least depth+16 bytes, so each call goes deeper.
	var first string
	for k := range items {
		if items[k].n > int32(depth+16) {
			first = s.prefix(items[k].at)
			break
		}
	}
	shared := len(first)
	for k := 0; k < len(items) && shared > depth+16; k++ {
		p := s.prefix(items[k].at)
		shared = depth + 16 + commonPrefixLen(first[depth+16:shared], p[min(depth+16, len(p)):])
	}
	for k := range items {
		it := &items[k]
		p := s.prefix(it.at)
		it.key, it.next = chunk(p, shared), chunk(p, shared+8)
	}
	s.sort(lo, hi, shared)
}

// Past compareDepth bytes, a run of prefixes still tied is sorted by
// comparing strings. What is left of such a run is mostly long shared
// bytes, which a string compare reads many at a time, while the radix sort
// would go on eight bytes and one cache miss per prefix at a time: on
// nested prefixes (/a, /aa, /aaa … or /a/index.html, /a/a/index.html …) it
// pays that for every prefix at every level. A 500 KiB file has at most
// eight thousand prefixes that long, so the n·log n compares stay bounded.
const compareDepth = 64

// compare sorts items[lo:hi], whose prefixes share their first depth
// bytes (zero padded), by comparing the rest, and sets lcp[lo+1:hi].
func (s *prefixSorter) compare(lo, hi, depth int) {
	items := s.items[lo:hi]
	rest := func(it keyed) string {
		p := s.prefix(it.at)
		return p[min(depth, len(p)):]
	}
	slices.SortFunc(items, func(a, b keyed) int {
		if c := strings.Compare(rest(a), rest(b)); c != 0 {
			return c
		}
		return int(a.n - b.n) // the same but for padding: the shorter first
	})
	for i := 1; i < len(items); i++ {
		s.lcp[lo+i] = int32(depth + commonPrefixLen(rest(items[i-1]), rest(items[i])))
	}
}

// radixSort sorts items by key, most significant byte first from byte b,
// in place (an American flag sort): each bucket is sorted on its own, and
// soon fits in the cache. Bytes that all of a bucket's keys share are
// skipped after one counting pass (long shared prefixes are common:
// /Government/Agencies-Departments-…).
func radixSort(items []keyed, b int) {
	for len(items) > insertionMax && b < 8 {
		shift := 56 - 8*b
		var count [256]int32
		and, or := ^uint64(0), uint64(0)
		low := byte(255)
		for i := range items {
			k := items[i].key
			v := byte(k >> shift)
			count[v]++
			low = min(low, v)
			and, or = and&k, or|k
		}
		if count[low] == int32(len(items)) {
			// Every key has this byte: go on from the first they do not
			// all share, if any.
			diff := (and ^ or) << (8 * b)
			if diff == 0 {
				return
			}
			b += bits.LeadingZeros64(diff) / 8
			continue
		}
		// next[v] is the first place of bucket v not yet holding one of
		// its items, end[v] where the bucket ends. Each item out of place
		// is swapped into its bucket until the one in hand belongs here.
		var next, end [256]int32
		sum := int32(0)
		for v := int(low); sum < int32(len(items)); v++ {
			next[v] = sum
			sum += count[v]
			end[v] = sum
		}
		for v := int(low); v < 256 && next[v] < int32(len(items)); v++ {
			for next[v] < end[v] {
				it := items[next[v]]
				for d := byte(it.key >> shift); int(d) != v; d = byte(it.key >> shift) {
					it, items[next[d]] = items[next[d]], it
					next[d]++
				}
				items[next[v]] = it
				next[v]++
			}
		}
		for v, at := int(low), int32(0); at < int32(len(items)); v++ {
			n := count[v]
			if n > 1 {
				radixSort(items[at:at+n], b+1)
			}
			at += n
		}
		return
	}
	if b < 8 {
		insertionSort(items)
	}
}

// insertionMax is the longest run sorted by insertion rather than by radix.
const insertionMax = 24

// insertionSort sorts a short run by key.
func insertionSort(items []keyed) {
	for i := 1; i < len(items); i++ {
		it := items[i]
		j := i
		for ; j > 0 && items[j-1].key > it.key; j-- {
			items[j] = items[j-1]
		}
		items[j] = it
	}
}

// chunk is the eight bytes of p from depth, zero padded, as a number that
// orders as they do.
func chunk(p string, depth int) uint64 {
	q := p[min(depth, len(p)):]
	if len(q) >= 8 {
		return uint64(q[0])<<56 | uint64(q[1])<<48 | uint64(q[2])<<40 | uint64(q[3])<<32 |
			uint64(q[4])<<24 | uint64(q[5])<<16 | uint64(q[6])<<8 | uint64(q[7])
	}
	var k uint64
	for b := 0; b < len(q); b++ {
		k |= uint64(q[b]) << (56 - 8*b)
	}
	return k
}

// commonPrefixLen is the length of the longest common prefix of a and b.
// It compares eight bytes at a time: shared prefixes of real rules run to
// hundreds of bytes.
func commonPrefixLen(a, b string) int {
	n := min(len(a), len(b))
	i := 0
	for ; i+8 <= n; i += 8 {
		if x := wordAt(a, i) ^ wordAt(b, i); x != 0 {
			return i + bits.TrailingZeros64(x)/8
		}
	}
	for ; i < n; i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return n
}
