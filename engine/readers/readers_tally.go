package readers

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
func (t *ReaderTally) Add(row ReaderRow) { t.AddFlags(row.AppendFlags(nil)) }

// Flags of a row, one byte per file (AppendFlags): what a tally counts,
// compact enough for a Web Worker to send for a million URLs.
const (
	FlagDiffers = 1 << iota // the reader answers otherwise than Google
	FlagFailed              // the reader raises instead of answering
)

// AppendFlags appends the row's flags, one byte per file, to dst.
func (r ReaderRow) AppendFlags(dst []byte) []byte {
	for k, res := range r.Results {
		var f byte
		if r.Differs(k) {
			f |= FlagDiffers
		}
		if res.Failed {
			f |= FlagFailed
		}
		dst = append(dst, f)
	}
	return dst
}

// AddFlags counts one row given by its flags (AppendFlags) and reports
// whether its readers agree.
func (t *ReaderTally) AddFlags(flags []byte) (agree bool) {
	if t.Differ == nil {
		t.Differ, t.Failed = make([]int, len(flags)), make([]int, len(flags))
	}
	t.URLs++
	agree = true
	for k, f := range flags {
		if f&FlagDiffers != 0 {
			t.Differ[k]++
			agree = false
		}
		if f&FlagFailed != 0 {
			t.Failed[k]++
		}
	}
	if !agree {
		t.Disagree++
	}
	return agree
}
