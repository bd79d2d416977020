package model

import (
	"strconv"
	"strings"
)

// The verdicts of one recompute, one byte and one line number per URL of
// the list. This is what a million URLs cost the page (5 MB), what the
// workers send back (typed arrays, not an object per row) and what the
// table filters, sorts and counts; a row's texts are made again from the
// engine only when the row is shown (tester.row).

// Bits of a URL's flags byte.
const (
	FlagTested   = 1 << iota // the URL has been tested in this recompute
	FlagAllowed              // the verdict shown is "allowed"
	FlagOut                  // the file does not govern the URL (scope)
	FlagOverride             // the server answer decides, not a rule
)

// Verdicts are the flags and deciding lines of every URL, filled in as
// they arrive, with the counts the summary and the hit counts show.
type Verdicts struct {
	Flags []uint8
	Lines []int32

	Tested, allowed int
	// hits[n] is how many URLs in the file's scope line n decided; NoRule
	// counts those no rule decided (allowed), out those out of its scope.
	Hits          []int32
	NoRule, Out   int
	Stopped       bool // testing was cancelled before every URL was tested
	Overridden    bool // the server answer decides every URL
	LineCount     int  // lines of the parsed file: hits has lineCount+1 entries
	lastCountedAt int  // tested when the counts were last read, for the view
}

// Reset makes room for n URLs, none tested, for a file of lineCount lines.
func (v *Verdicts) Reset(n, lineCount int) {
	if cap(v.Flags) >= n && n > 0 {
		v.Flags, v.Lines = v.Flags[:n], v.Lines[:n]
		clear(v.Flags)
	} else {
		v.Flags, v.Lines = make([]uint8, n), make([]int32, n)
	}
	if cap(v.Hits) >= lineCount+1 {
		v.Hits = v.Hits[:lineCount+1]
		clear(v.Hits)
	} else {
		v.Hits = make([]int32, lineCount+1)
	}
	v.Tested, v.allowed, v.NoRule, v.Out = 0, 0, 0, 0
	v.Stopped, v.Overridden, v.LineCount, v.lastCountedAt = false, false, lineCount, 0
}

// Set records URL i's verdict; a URL already tested is not counted twice.
func (v *Verdicts) Set(i int, flags uint8, line int32) {
	if i < 0 || i >= len(v.Flags) || v.Flags[i]&FlagTested != 0 {
		return
	}
	v.Flags[i], v.Lines[i] = flags|FlagTested, line
	v.Tested++
	if flags&FlagAllowed != 0 {
		v.allowed++
	}
	switch {
	case flags&FlagOverride != 0:
		v.Overridden = true
	case flags&FlagOut != 0:
		v.Out++
	case line > 0 && int(line) < len(v.Hits):
		v.Hits[line]++
	default:
		v.NoRule++
	}
}

// Done reports whether every URL has its verdict.
func (v *Verdicts) Done() bool { return v.Tested == len(v.Flags) }

// Summary is the sentence announced when the results change:
// "12 URLs: 9 allowed, 3 blocked", or the progress of a long run.
func (v *Verdicts) Summary() string {
	n := len(v.Flags)
	if n == 0 {
		return "No URLs to test: add one per line."
	}
	counts := Number(v.allowed) + " allowed, " + Number(v.Tested-v.allowed) + " blocked"
	switch {
	case v.Stopped:
		return "Testing stopped after " + Number(v.Tested) + " of " + URLCount(n) + ": " + counts + ". Press Test the rest to finish."
	case !v.Done():
		return "Testing " + URLCount(n) + ": " + Percent(v.Tested, n) + " done, " + counts + " so far."
	}
	return URLCount(n) + ": " + counts
}

// URLCount is "1 URL", "1,000 URLs".
func URLCount(n int) string {
	if n == 1 {
		return "1 URL"
	}
	return Number(n) + " URLs"
}

// Percent is part of whole as a whole percentage, never 100 until done.
func Percent(part, whole int) string {
	p := part * 100 / max(whole, 1)
	if p == 100 && part < whole {
		p = 99
	}
	return strconv.Itoa(p) + "%"
}

// Number writes n with thousands separators: 1,000,000.
func Number(n int) string {
	s := strconv.Itoa(n)
	if n < 0 {
		return "-" + Number(-n)
	}
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}
