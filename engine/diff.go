package engine

import (
	"strconv"
	"strings"
)

// Diff: what changes between two versions of a robots.txt, A (before) and B
// (after). Three answers, from the bytes up: which lines changed (a text
// diff, for an editor's gutter), which crawlers now obey other groups, and
// which (URL, crawler) verdicts flip, each with the line and rule that
// decided in A and in B. Both versions are tested through Matrix, so a
// behaviour diff costs two matrices.

// Hunk is one change of the text diff: lines [AFrom, ATo) of A (1-based,
// half-open) became lines [BFrom, BTo) of B. ATo == AFrom: lines added;
// BTo == BFrom: lines removed (before B's line BFrom).
type Hunk struct {
	AFrom, ATo int
	BFrom, BTo int
}

// Flip is one (URL, column) whose verdict differs between A and B.
type Flip struct {
	Row, Col     int  // indices into Diff.URLs and Diff.Columns
	A, B         Cell // the verdicts
	ARule, BRule string
}

// GroupChange is a column that obeys other groups in B than in A.
type GroupChange struct {
	Col      int
	A, B     Obeys
	Sentence string // "GPTBot now obeys the group at line 30 (GPTBot), not * (line 1)."
}

// Diff is the comparison of two versions for a list of URLs and columns.
type Diff struct {
	URLs    []string
	Columns []Column
	Lines   []Hunk        // the text diff, in line order
	Groups  []GroupChange // in column order
	Flips   []Flip        // by URL, then column
	A, B    *Matrix
}

// Compare compares a (before) with b (after) for every URL and column.
func Compare(a, b *Robots, urls []string, cols []Column) Diff {
	d := Diff{URLs: urls, Columns: cols, Lines: LineDiff(a, b), A: a.Matrix(urls, cols), B: b.Matrix(urls, cols)}
	for c, col := range cols {
		oa, ob := d.A.Obeys[c], d.B.Obeys[c]
		// Another source or token, or more or fewer groups merged (a second
		// group naming the crawler added, one removed). Lines that moved
		// alone are no change of groups.
		if oa.Source != ob.Source || !strings.EqualFold(oa.Token, ob.Token) || len(oa.Groups) != len(ob.Groups) {
			d.Groups = append(d.Groups, GroupChange{Col: c, A: oa, B: ob,
				Sentence: col.Name + " now obeys " + ob.Phrase() + ", not " + oa.Phrase() + "."})
		}
	}
	for u := range urls {
		for c := range cols {
			ca, cb := d.A.Cell(u, c), d.B.Cell(u, c)
			if ca.Allowed != cb.Allowed {
				d.Flips = append(d.Flips, Flip{Row: u, Col: c, A: ca, B: cb, ARule: a.RuleText(ca.Line), BRule: b.RuleText(cb.Line)})
			}
		}
	}
	return d
}

// Phrase names what a column obeys inside a sentence: "the group at line 4
// (GPTBot)", "* (line 1)" or "no group" (the diff here, the audit in
// engine/ai).
func (o Obeys) Phrase() string {
	switch o.Source {
	case SourceSpecific:
		return "the group" + plural(len(o.Lines)) + " at " + linesLabel(o.Lines) + " (" + o.Token + ")"
	case SourceGlobal:
		return "* (" + linesLabel(o.Lines) + ")"
	}
	return "no group"
}

// Summary is one sentence for the whole behaviour diff: how many verdicts
// flip, or that none does.
func (d Diff) Summary() string {
	if len(d.Flips) == 0 {
		return "No URL changes verdict for these crawlers."
	}
	blocked := 0
	for _, f := range d.Flips {
		if !f.B.Allowed {
			blocked++
		}
	}
	n := len(d.Flips)
	s := strconv.Itoa(n) + " verdict"
	if n == 1 {
		s += " flips: "
	} else {
		s += "s flip: "
	}
	return s + strconv.Itoa(blocked) + " newly blocked, " + strconv.Itoa(n-blocked) + " newly allowed."
}

// Sentence tells one flip: "GPTBot, /private/x: allowed (line 2, Allow:
// /private) → blocked (line 5, Disallow: /private/)."
func (d Diff) Sentence(f Flip) string {
	return d.Columns[f.Col].Name + ", " + d.URLs[f.Row] + ": " + cellPhrase(f.A, f.ARule) + " → " + cellPhrase(f.B, f.BRule) + "."
}

func cellPhrase(c Cell, rule string) string {
	s := VerdictWord(c.Allowed)
	if c.Line > 0 {
		s += " (line " + strconv.Itoa(c.Line) + ", " + rule + ")"
	} else {
		s += " (no rule)"
	}
	return s
}

// maxDiffEdits bounds the text diff's work: two files that differ in more
// lines than this (after their common start and end) are reported as one
// change of everything between, which is what a person sees anyway.
const maxDiffEdits = 500

// LineDiff is the line-level text diff of a and b, lines as Google counts
// them, compared as written (a line-ending change alone is no change).
func LineDiff(a, b *Robots) []Hunk {
	la, lb := lineTexts(a), lineTexts(b)
	// The common start and end cost nothing to find and are most of a
	// file after an edit.
	pre := 0
	for pre < len(la) && pre < len(lb) && la[pre] == lb[pre] {
		pre++
	}
	suf := 0
	for suf < len(la)-pre && suf < len(lb)-pre && la[len(la)-1-suf] == lb[len(lb)-1-suf] {
		suf++
	}
	hunks := myers(la[pre:len(la)-suf], lb[pre:len(lb)-suf])
	for i := range hunks {
		h := &hunks[i]
		h.AFrom, h.ATo, h.BFrom, h.BTo = h.AFrom+pre+1, h.ATo+pre+1, h.BFrom+pre+1, h.BTo+pre+1
	}
	return hunks
}

// lineTexts are the lines of r as written. The empty line Google counts
// after a final line break is left out, as a text diff counts lines: a
// line added at the end is then one line, not a line and a blank.
func lineTexts(r *Robots) []string {
	n := len(r.Lines)
	if n > 0 && r.Lines[n-1].Start == r.Lines[n-1].End && (strings.HasSuffix(r.Body, "\n") || strings.HasSuffix(r.Body, "\r")) {
		n--
	}
	out := make([]string, n)
	for i := range out {
		out[i] = r.Body[r.Lines[i].Start:r.Lines[i].End]
	}
	return out
}

// myers is the shortest edit script of a into b (E. Myers, "An O(ND)
// Difference Algorithm and Its Variations", 1986), as hunks with 0-based
// half-open line ranges. Past maxDiffEdits it gives up and returns one hunk
// for everything.
func myers(a, b []string) []Hunk {
	n, m := len(a), len(b)
	if n == 0 && m == 0 {
		return nil
	}
	if n == 0 || m == 0 {
		return []Hunk{{0, n, 0, m}}
	}
	maxD := min(n+m, maxDiffEdits)
	off := maxD + 1
	v := make([]int, 2*maxD+3)
	// trace[d] keeps diagonals -d-1 … d+1 of v after step d, the ones
	// step d+1 reads: the walk back needs no more.
	var trace [][]int
	found := false
	for d := 0; d <= maxD && !found; d++ {
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || k != d && v[off+k-1] < v[off+k+1] {
				x = v[off+k+1] // down: an insertion
			} else {
				x = v[off+k-1] + 1 // right: a deletion
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x, y = x+1, y+1
			}
			v[off+k] = x
			if x >= n && y >= m {
				found = true
				break
			}
		}
		trace = append(trace, append([]int(nil), v[off-d-1:off+d+2]...))
	}
	if !found {
		return []Hunk{{0, n, 0, m}}
	}
	// Walk back from (n, m): each step d came from step d-1 by one
	// deletion or insertion, then a run of equal lines.
	type edit struct {
		x, y int  // where the edit starts in a and b
		del  bool // a[x] deleted, else b[y] inserted
	}
	edits := make([]edit, 0, len(trace))
	x, y := n, m
	for d := len(trace) - 1; d > 0; d-- {
		prev, base := trace[d-1], d // prev[k+base] is diagonal k after step d-1
		k := x - y
		pk := k - 1
		if k == -d || k != d && prev[base+k-1] < prev[base+k+1] {
			pk = k + 1
		}
		px := prev[base+pk]
		py := px - pk
		for x > px && y > py {
			x, y = x-1, y-1
		}
		edits = append(edits, edit{px, py, pk == k-1})
		x, y = px, py
	}
	var hunks []Hunk
	for i := len(edits) - 1; i >= 0; i-- {
		e := edits[i]
		if last := len(hunks) - 1; last >= 0 && hunks[last].ATo == e.x && hunks[last].BTo == e.y {
			if e.del {
				hunks[last].ATo++
			} else {
				hunks[last].BTo++
			}
			continue
		}
		if e.del {
			hunks = append(hunks, Hunk{e.x, e.x + 1, e.y, e.y})
		} else {
			hunks = append(hunks, Hunk{e.x, e.x, e.y, e.y + 1})
		}
	}
	return hunks
}
