package engine

// Tallies over a whole URL list of how each reader answers compared with
// Google's parser: what the Readers view counts when a list is too long to
// keep every row (CompareReader) in memory. The view keeps a tally and the
// order of the URLs (disagreements first), and makes again only the rows
// it shows.

// Differs reports whether the reader of file k answers otherwise than the
// first file (Google): another verdict, or a failure where Google answers
// or the reverse. The row disagrees exactly when some k differs.
func (r ReaderRow) Differs(k int) bool {
	a, g := r.Results[k], r.Results[0]
	return a.Allowed != g.Allowed || a.Failed != g.Failed
}

// ReaderTally counts rows of one comparison (the same files, in the same
// order) as they are added.
type ReaderTally struct {
	URLs     int   // rows added
	Disagree int   // rows where some reader answers otherwise than Google
	Differ   []int // per file: the rows it answers otherwise than Google
	Failed   []int // per file: the rows it fails on (raises instead of answering)
}

// Add counts row.
func (t *ReaderTally) Add(row ReaderRow) {
	if t.Differ == nil {
		t.Differ, t.Failed = make([]int, len(row.Results)), make([]int, len(row.Results))
	}
	t.URLs++
	if !row.Agree() {
		t.Disagree++
	}
	for k, res := range row.Results {
		if row.Differs(k) {
			t.Differ[k]++
		}
		if res.Failed {
			t.Failed[k]++
		}
	}
}
