//go:build js && wasm

package main

import (
	"strings"
	"time"

	"robotstester/wasm/browser"
)

// The results as the person asked to see them: which rows (blocked or
// allowed only, decided by one line, URLs containing a text) and in which
// order (verdict, deciding line, URL). The filter and sort run over the
// compact verdicts (verdicts.go), never over rows, and for a long list in
// slices (sliced.go): the result is order, the list indices shown.

// Sort keys.
const (
	sortList    = ""
	sortVerdict = "verdict"
	sortLine    = "line"
	sortURL     = "url"
)

// noRuleLine as a line filter keeps the URLs no rule decided.
const noRuleLine = -1

// tableView is the filter and sort chosen, and the rows they give.
type tableView struct {
	verdict string // "", "allowed" or "blocked"
	line    int    // 0: any; n: decided by line n; noRuleLine: by no rule
	text    string // the URL contains it (ASCII letters in any case)
	sort    string

	filtered  bool    // order is in use; else every URL shows, in list order
	order     []int32 // the list indices shown, in order
	orderList int     // the state's listVersion order indexes
	version   int     // bumped whenever the rows shown change
	job       *browser.SlicedJob
	busy      bool // a sliced filter or sort is running
}

// active reports whether a filter or a sort is chosen.
func (v *tableView) active() bool {
	return v.verdict != "" || v.line != 0 || v.text != "" || v.sort != sortList
}

// count is how many rows the table shows.
func (v *tableView) count(s *state) int {
	if !v.filtered {
		return s.list.Len()
	}
	return len(v.order)
}

// index is the list index of the row shown at position pos.
func (v *tableView) index(pos int) int {
	if !v.filtered {
		return pos
	}
	return int(v.order[pos])
}

// position is where list index i shows, -1 when it is filtered out.
func (v *tableView) position(i int) int {
	if !v.filtered {
		return i
	}
	for pos, j := range v.order {
		if int(j) == i {
			return pos
		}
	}
	return -1
}

// syncViewLimit is the longest list filtered and sorted at once; past it
// the work runs in slices.
const syncViewLimit = 20000

// refresh computes the rows shown for the current verdicts.
func (v *tableView) refresh(s *state) {
	v.version++
	v.job.Stop()
	v.job, v.busy = nil, false
	if !v.active() {
		v.filtered, v.order = false, nil
		return
	}
	w := newViewWork(s, v)
	if s.list.Len() <= syncViewLimit {
		for !w.step(time.Now().Add(time.Hour)) {
		}
		v.filtered, v.order, v.orderList = true, w.out, s.listVersion
		return
	}
	if v.orderList != s.listVersion {
		// The order shown meanwhile must index this list: none until done.
		v.filtered, v.order = true, nil
	}
	v.busy = true
	gen := s.generation
	v.job = browser.RunSliced(w.step, func() {
		if gen != s.generation {
			return
		}
		v.filtered, v.order, v.orderList, v.busy, v.job = true, w.out, s.listVersion, false, nil
		v.version++
		s.changed()
	})
}

// refreshIfCheap refreshes a view that is quick to compute, while a long
// run's verdicts arrive.
func (v *tableView) refreshIfCheap(s *state) {
	if v.active() && s.list.Len() <= syncViewLimit {
		v.refresh(s)
	}
}

// setFilter changes the filter or sort and shows the rows it gives, from
// the first.
func (s *state) setFilter(change func(v *tableView)) {
	change(&s.table)
	s.table.refresh(s)
	if s.onFilter != nil {
		s.onFilter()
	}
	s.changed()
}

// viewWork filters, then sorts, in steps that stop at a deadline.
type viewWork struct {
	s      *state
	v      tableView // the filter and sort, as they were asked for
	text   string    // v.text in lower case
	phase  int       // 0 filter, 1 sort, 2 finished
	i      int       // the next item of the phase
	out    []int32
	sorter *mergeSorter
}

func newViewWork(s *state, v *tableView) *viewWork {
	return &viewWork{s: s, v: *v, text: strings.ToLower(v.text), out: make([]int32, 0, s.list.Len())}
}

func (w *viewWork) step(deadline time.Time) bool {
	for w.phase < 2 {
		if w.phase == 0 {
			if !w.filter(deadline) {
				return false
			}
			w.phase = 1
			w.startSort()
		}
		if w.phase == 1 {
			if w.sorter != nil && !w.sorter.step(deadline) {
				return false
			}
			if w.sorter != nil {
				w.out = w.sorter.result()
			}
			w.phase = 2
		}
	}
	return true
}

// filter keeps the URLs the filter accepts, in list order.
func (w *viewWork) filter(deadline time.Time) bool {
	res, list := &w.s.res, w.s.list
	for ; w.i < list.Len(); w.i++ {
		if w.i%browser.CheckEvery == 0 && time.Now().After(deadline) {
			return false
		}
		if w.keeps(res.flags[w.i], res.lines[w.i], list.At(w.i)) {
			w.out = append(w.out, int32(w.i))
		}
	}
	return true
}

func (w *viewWork) keeps(flags uint8, line int32, u string) bool {
	tested := flags&flagTested != 0
	switch w.v.verdict {
	case "allowed":
		if !tested || flags&flagAllowed == 0 {
			return false
		}
	case "blocked":
		if !tested || flags&flagAllowed != 0 {
			return false
		}
	}
	if w.v.line != 0 {
		// The same URLs the hit counts count: in the file's scope and
		// decided by the rules, not the server answer.
		if !tested || flags&(flagOut|flagOverride) != 0 {
			return false
		}
		if w.v.line == noRuleLine && line != 0 || w.v.line > 0 && int(line) != w.v.line {
			return false
		}
	}
	return w.text == "" || containsFold(u, w.text)
}

// startSort sorts the kept URLs: by verdict and by line at once (a
// counting sort, stable), by URL in steps (a merge sort).
func (w *viewWork) startSort() {
	res := &w.s.res
	switch w.v.sort {
	case sortVerdict:
		// Blocked first, then allowed, then not yet tested.
		w.out = countingSort(w.out, 3, func(i int32) int {
			f := res.flags[i]
			switch {
			case f&flagTested == 0:
				return 2
			case f&flagAllowed == 0:
				return 0
			}
			return 1
		})
	case sortLine:
		// By deciding line; URLs no line decided last.
		last := res.lineCount + 1
		w.out = countingSort(w.out, last+1, func(i int32) int {
			if l := int(res.lines[i]); l > 0 && l < last && res.flags[i]&flagOverride == 0 {
				return l
			}
			return last
		})
	case sortURL:
		list := w.s.list
		w.sorter = newMergeSorter(w.out, func(a, b int32) bool { return list.At(int(a)) < list.At(int(b)) })
	}
}

// countingSort orders items by key (0 ≤ key < keys), stably, in two passes.
func countingSort(items []int32, keys int, key func(int32) int) []int32 {
	starts := make([]int, keys+1)
	for _, it := range items {
		starts[key(it)+1]++
	}
	for k := 1; k <= keys; k++ {
		starts[k] += starts[k-1]
	}
	out := make([]int32, len(items))
	for _, it := range items {
		k := key(it)
		out[starts[k]] = it
		starts[k]++
	}
	return out
}

// mergeSorter is a stable bottom-up merge sort that can stop between any
// two merged items and go on later.
type mergeSorter struct {
	a, b      []int32
	less      func(x, y int32) bool
	width     int // the length of the runs being merged
	lo        int // the start of the pair of runs being merged
	i, j, k   int // positions in the left run, the right run and b
	midd, end int
	inPair    bool
}

func newMergeSorter(items []int32, less func(x, y int32) bool) *mergeSorter {
	return &mergeSorter{a: items, b: make([]int32, len(items)), less: less, width: 1}
}

func (m *mergeSorter) step(deadline time.Time) bool {
	n := len(m.a)
	count := 0
	for m.width < n {
		if !m.inPair {
			if m.lo >= n {
				m.a, m.b = m.b, m.a
				m.width *= 2
				m.lo = 0
				continue
			}
			m.midd, m.end = min(m.lo+m.width, n), min(m.lo+2*m.width, n)
			m.i, m.j, m.k, m.inPair = m.lo, m.midd, m.lo, true
		}
		for m.k < m.end {
			if count++; count%browser.CheckEvery == 0 && time.Now().After(deadline) {
				return false
			}
			if m.j >= m.end || m.i < m.midd && !m.less(m.a[m.j], m.a[m.i]) {
				m.b[m.k] = m.a[m.i]
				m.i++
			} else {
				m.b[m.k] = m.a[m.j]
				m.j++
			}
			m.k++
		}
		m.inPair = false
		m.lo = m.end
	}
	return true
}

func (m *mergeSorter) result() []int32 { return m.a }

// containsFold reports whether s contains lower (already lower-case),
// comparing ASCII letters in any case.
func containsFold(s, lower string) bool {
	n := len(lower)
	for i := 0; i+n <= len(s); i++ {
		k := 0
		for k < n {
			c := s[i+k]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if c != lower[k] {
				break
			}
			k++
		}
		if k == n {
			return true
		}
	}
	return false
}
