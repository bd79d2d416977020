package readers

import (
	"sort"
	"strings"
	"unicode/utf8"

	"robotstester/engine"
)

// Text helpers the other readers share: how their languages turn bytes into
// text, and how a position in the text maps back to the editor's lines.

// decodeUTF8 decodes s as the WHATWG Encoding Standard's UTF-8 decoder does
// (TextDecoder in browsers and Node) and as Python's bytes.decode("utf-8",
// "replace") does: each maximal subpart of an ill-formed sequence becomes
// one U+FFFD (Unicode §3.9, "U+FFFD Substitution of Maximal Subparts"). Go's
// own conversion replaces byte by byte, which differs for a truncated
// sequence ("\xE2\x82" is one U+FFFD here, two for Go).
func decodeUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		c := s[i]
		if c < 0x80 {
			b.WriteByte(c)
			i++
			continue
		}
		need, lo, hi := 0, byte(0x80), byte(0xBF)
		switch {
		case 0xC2 <= c && c <= 0xDF:
			need = 1
		case c == 0xE0:
			need, lo = 2, 0xA0
		case c == 0xED:
			need, hi = 2, 0x9F
		case 0xE1 <= c && c <= 0xEF:
			need = 2
		case c == 0xF0:
			need, lo = 3, 0x90
		case c == 0xF4:
			need, hi = 3, 0x8F
		case 0xF1 <= c && c <= 0xF3:
			need = 3
		}
		j := i + 1
		for k := 0; k < need; k++ {
			if j >= len(s) || s[j] < lo || s[j] > hi {
				break
			}
			lo, hi = 0x80, 0xBF
			j++
		}
		if need > 0 && j == i+1+need {
			b.WriteString(s[i:j])
		} else {
			b.WriteRune(utf8.RuneError)
		}
		i = j
	}
	return b.String()
}

// lineIndex maps byte offsets of a body to the editor's line numbers,
// counted as Google counts them (LF, CR and CRLF each end one line).
type lineIndex []int // the offset where each line starts

func newLineIndex(body string) lineIndex {
	starts := make(lineIndex, 0, 16+strings.Count(body, "\n"))
	engine.SplitLines(body, 0, func(_, start, _ int) { starts = append(starts, start) })
	return starts
}

// line is the 1-based number of the line holding offset.
func (ix lineIndex) line(offset int) int {
	return sort.Search(len(ix), func(i int) bool { return ix[i] > offset })
}

// quoteValue is a rule's value as the page shows it in a sentence.
func quoteValue(s string) string {
	if s == "" {
		return "(empty)"
	}
	return "`" + s + "`"
}
