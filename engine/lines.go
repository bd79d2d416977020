package engine

import "strings"

// Byte-level line splitting, as robots.cc's RobotsTxtParser::Parse does it.

// MaxLineLen is the number of bytes Google keeps of one line: a 2083*8-byte
// buffer with room for the final NUL (robots.cc, kMaxLineLen). Further bytes
// of the line are dropped and the rest of the line is still parsed.
const MaxLineLen = 2083*8 - 1

// UTF8BOM is what Google skips at the very start of a body, byte by byte,
// stopping at the first byte that does not continue it (robots.cc, Parse:
// utf_bom[3], so only the three bytes of one UTF-8 BOM).
const UTF8BOM = "\xEF\xBB\xBF"

// skipBOM returns how many leading bytes of body Google drops as a BOM.
func skipBOM(body string) int {
	n := 0
	for n < len(body) && n < len(UTF8BOM) && body[n] == UTF8BOM[n] {
		n++
	}
	return n
}

// SplitLines calls emit once per line with the 1-based line number and the
// byte offsets of the line's content in body (line breaks excluded). LF, CR
// and CRLF each end a line; CRLF counts once (Google skips an LF that comes
// right after the CR that ended a line). The bytes after the last break
// always form one more line, even when empty, so an empty body has one line.
// It returns the number of lines.
func SplitLines(body string, from int, emit func(number, start, end int)) int {
	ls := newLineSplitter(body, from)
	for ls.next() {
		emit(ls.number, ls.start, ls.end)
	}
	return ls.number
}

// lineSplitter is SplitLines a line at a time, for a caller that stops and
// goes on later (Parsing).
type lineSplitter struct {
	body               string
	number, start, end int // the line next gave
	pos                int // where the next line starts, -1 after the last
	lf, cr             nextByte
}

func newLineSplitter(body string, from int) lineSplitter {
	return lineSplitter{body: body, pos: from, lf: nextByte{c: '\n', at: -1}, cr: nextByte{c: '\r', at: -1}}
}

// next moves to the next line, false when there is none.
func (ls *lineSplitter) next() bool {
	if ls.pos < 0 {
		return false
	}
	body, pos := ls.body, ls.pos
	end := min(ls.lf.from(body, pos), ls.cr.from(body, pos))
	ls.number++
	ls.start, ls.end = pos, end
	switch {
	case end == len(body):
		ls.pos = -1
	case body[end] == '\r' && end+1 < len(body) && body[end+1] == '\n':
		ls.pos = end + 2
	default:
		ls.pos = end + 1
	}
	return true
}

// nextByte finds the next c at or after a position that only moves
// forward: each IndexByte result is kept until the position passes it, so
// a body is searched once in all, not once per line, and for a byte most
// lines lack (CR in a LF file, NUL, '#') most lines cost no search at all.
type nextByte struct {
	c  byte
	at int // the last c found, len(s) for none, -1 before the first search
}

// from is the index of the first c at or after pos, or len(s).
func (n *nextByte) from(s string, pos int) int {
	if n.at < pos {
		n.at = indexByteFrom(s, n.c, pos)
	}
	return n.at
}

// countByte is strings.Count(s, string(c)), found by IndexByte, which
// js/wasm runs faster than Count's byte loop: on 25 KB of 28-byte lines,
// 7.9 µs instead of 23.6 under Node; Count took an eighth of the
// script API's parse of such a file (issue 26).
func countByte(s string, c byte) int {
	n := 0
	for {
		i := strings.IndexByte(s, c)
		if i < 0 {
			return n
		}
		n++
		s = s[i+1:]
	}
}

// indexByteFrom is the index of the first c at or after from, or len(s).
func indexByteFrom(s string, c byte, from int) int {
	if i := strings.IndexByte(s[from:], c); i >= 0 {
		return from + i
	}
	return len(s)
}
