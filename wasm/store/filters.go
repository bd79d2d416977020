//go:build js && wasm

package store

import (
	"strings"
	"time"

	"robotstester/wasm/browser"
	"robotstester/wasm/model"
)

// The results as the person asked to see them: which rows (blocked or
// allowed only, decided by one line, URLs containing a text) and in which
// order (verdict, deciding line, URL). The filter and sort run over the
// compact verdicts (verdicts.go), never over rows, and for a long list in
// slices (sliced.go): the result is order, the list indices shown.

// Sort keys.
const (
	SortList    = ""
	SortVerdict = "verdict"
	SortLine    = "line"
	SortURL     = "url"
)

// NoRuleLine as a line filter keeps the URLs no rule decided.
const NoRuleLine = -1

// TableView is the filter and sort chosen, and the rows they give.
type TableView struct {
	Verdict string // "", "allowed" or "blocked"
	Line    int    // 0: any; n: decided by line n; NoRuleLine: by no rule
	Text    string // the URL contains it (ASCII letters in any case)
	Sort    string

	Filtered  bool    // order is in use; else every URL shows, in list order
	Order     []int32 // the list indices shown, in order
	orderList int     // the state's listVersion order indexes
	Version   int     // bumped whenever the rows shown change
	job       *browser.SlicedJob
	Busy      bool // a sliced filter or sort is running
}

// active reports whether a filter or a sort is chosen.
func (v *TableView) active() bool {
	return v.Verdict != "" || v.Line != 0 || v.Text != "" || v.Sort != SortList
}

// Count is how many rows the table shows.
func (v *TableView) Count(s *State) int {
	if !v.Filtered {
		return s.List.Len()
	}
	return len(v.Order)
}

// Index is the list index of the row shown at position pos.
func (v *TableView) Index(pos int) int {
	if !v.Filtered {
		return pos
	}
	return int(v.Order[pos])
}

// Position is where list index i shows, -1 when it is filtered out.
func (v *TableView) Position(i int) int {
	if !v.Filtered {
		return i
	}
	for pos, j := range v.Order {
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
func (v *TableView) refresh(s *State) {
	v.Version++
	v.job.Stop()
	v.job, v.Busy = nil, false
	if !v.active() {
		v.Filtered, v.Order = false, nil
		return
	}
	w := newViewWork(s, v)
	if s.List.Len() <= syncViewLimit {
		for !w.Step(time.Now().Add(time.Hour)) {
		}
		v.Filtered, v.Order, v.orderList = true, w.Out, s.ListVersion
		return
	}
	if v.orderList != s.ListVersion {
		// The order shown meanwhile must index this list: none until done.
		v.Filtered, v.Order = true, nil
	}
	v.Busy = true
	gen := s.Generation
	v.job = browser.RunSliced(w.Step, func() {
		if gen != s.Generation {
			return
		}
		v.Filtered, v.Order, v.orderList, v.Busy, v.job = true, w.Out, s.ListVersion, false, nil
		v.Version++
		s.Changed()
	})
}

// refreshIfCheap refreshes a view that is quick to compute, while a long
// run's verdicts arrive.
func (v *TableView) refreshIfCheap(s *State) {
	if v.active() && s.List.Len() <= syncViewLimit {
		v.refresh(s)
	}
}

// SetFilter changes the filter or sort and shows the rows it gives, from
// the first.
func (s *State) SetFilter(change func(v *TableView)) {
	change(&s.Table)
	s.Table.refresh(s)
	if s.OnFilter != nil {
		s.OnFilter()
	}
	s.Changed()
}

// viewWork filters, then sorts, in steps that stop at a deadline.
type viewWork struct {
	s      *State
	v      TableView // the filter and sort, as they were asked for
	text   string    // v.text in lower case
	phase  int       // 0 filter, 1 sort, 2 finished
	i      int       // the next item of the phase
	Out    []int32
	sorter *mergeSorter
}

func newViewWork(s *State, v *TableView) *viewWork {
	return &viewWork{s: s, v: *v, text: strings.ToLower(v.Text), Out: make([]int32, 0, s.List.Len())}
}

func (w *viewWork) Step(deadline time.Time) bool {
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
				w.Out = w.sorter.result()
			}
			w.phase = 2
		}
	}
	return true
}

// filter keeps the URLs the filter accepts, in list order.
func (w *viewWork) filter(deadline time.Time) bool {
	res, list := &w.s.Res, w.s.List
	for ; w.i < list.Len(); w.i++ {
		if w.i%browser.CheckEvery == 0 && time.Now().After(deadline) {
			return false
		}
		if w.keeps(res.Flags[w.i], res.Lines[w.i], list.At(w.i)) {
			w.Out = append(w.Out, int32(w.i))
		}
	}
	return true
}

func (w *viewWork) keeps(flags uint8, line int32, u string) bool {
	tested := flags&model.FlagTested != 0
	switch w.v.Verdict {
	case "allowed":
		if !tested || flags&model.FlagAllowed == 0 {
			return false
		}
	case "blocked":
		if !tested || flags&model.FlagAllowed != 0 {
			return false
		}
	}
	if w.v.Line != 0 {
		// The same URLs the hit counts count: in the file's scope and
		// decided by the rules, not the server answer.
		if !tested || flags&(model.FlagOut|model.FlagOverride) != 0 {
			return false
		}
		if w.v.Line == NoRuleLine && line != 0 || w.v.Line > 0 && int(line) != w.v.Line {
			return false
		}
	}
	return w.text == "" || containsFold(u, w.text)
}

// startSort sorts the kept URLs: by verdict and by line at once (a
// counting sort, stable), by URL in steps (a merge sort).
func (w *viewWork) startSort() {
	res := &w.s.Res
	switch w.v.Sort {
	case SortVerdict:
		// Blocked first, then allowed, then not yet tested.
		w.Out = countingSort(w.Out, 3, func(i int32) int {
			f := res.Flags[i]
			switch {
			case f&model.FlagTested == 0:
				return 2
			case f&model.FlagAllowed == 0:
				return 0
			}
			return 1
		})
	case SortLine:
		// By deciding line; URLs no line decided last.
		last := res.LineCount + 1
		w.Out = countingSort(w.Out, last+1, func(i int32) int {
			if l := int(res.Lines[i]); l > 0 && l < last && res.Flags[i]&model.FlagOverride == 0 {
				return l
			}
			return last
		})
	case SortURL:
		list := w.s.List
		w.sorter = newMergeSorter(w.Out, func(a, b int32) bool { return list.At(int(a)) < list.At(int(b)) })
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

// ToggleLineFilter shows only the URLs line decided, or all again when the
// table already shows only those: what a rule's count does, here and in
// the panel.
func (s *State) ToggleLineFilter(line int) {
	s.SetFilter(func(v *TableView) {
		if v.Line == line {
			v.Line = 0
		} else {
			v.Line = line
		}
	})
}
