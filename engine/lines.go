package engine

import (
	"math/bits"
	"strings"
)

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
	// The line's first NUL and first '#', end when it has none.
	nul, hash int
	pos       int // where the next line starts, -1 after the last
}

func newLineSplitter(body string, from int) lineSplitter {
	return lineSplitter{body: body, pos: from}
}

// next moves to the next line, false when there is none.
func (ls *lineSplitter) next() bool {
	if ls.pos < 0 {
		return false
	}
	body, pos := ls.body, ls.pos
	if pos < len(body) && body[pos] == '\n' {
		// An empty line, with no search: the script API writes each line
		// no answer reads as one (handles.js, putRead).
		ls.number++
		ls.start, ls.end, ls.nul, ls.hash, ls.pos = pos, pos, pos, pos, pos+1
		return true
	}
	// One search finds the line's end, its first NUL and its first '#':
	// the bytes below 0x0E (LF, CR and NUL, and the tab and the others it
	// steps over) and, until the first, '#'. indexBelowOrHash's search,
	// written here: in js/wasm its call cost about 5 ns a line, 7% of a
	// short line's parse (issue 26).
	belows, hashes := ones*uint64(0x0E), ones*uint64('#')
	nul, hash := -1, -1
	end := pos
search:
	for end < len(body) {
		for end+16 <= len(body) && (belowOrHash(wordAt(body, end), belows, hashes)|belowOrHash(wordAt(body, end+8), belows, hashes))&highs == 0 {
			end += 16
		}
		if end+8 <= len(body) {
			m := belowOrHash(wordAt(body, end), belows, hashes) & highs
			if m == 0 {
				end += 8
				continue
			}
			end += bits.TrailingZeros64(m) >> 3 // the first byte that matches (little-endian)
		} else if end == len(body) {
			break
		} else if c := body[end]; c >= 0x0E && (c != '#' || hash >= 0) {
			end++
			continue
		}
		switch b := body[end]; {
		case b == '\n' || b == '\r':
			break search
		case b == '#' && hash < 0:
			hash, hashes = end, 0
		case b == 0 && nul < 0:
			nul = end
		}
		end++
	}
	if nul < 0 {
		nul = end
	}
	if hash < 0 {
		hash = end
	}
	ls.number++
	ls.start, ls.end, ls.nul, ls.hash = pos, end, nul, hash
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

// indexBelowOrHash is the index of the first byte below below in s at or
// after i, or of the first '#' too when hash is true; len(s) when there is
// none. below is at most 0x80. MatchPath asks it for the first NUL or
// '#' of a path; the line splitter runs the same search in its own loop
// (lineSplitter.next), for the bytes below 0x0E and the first '#'. It
// tests eight bytes at once (belowOrHash), sixteen a step while none
// matches, where an IndexByte search for each byte would each read the
// text again: in js/wasm, which has no vector instructions for Go, that
// read a robots.txt five times, the most of a file of long lines' parse
// (issue 26).
func indexBelowOrHash(s string, i int, below byte, hash bool) int {
	var hashes uint64 // a zero byte is below any below already
	if hash {
		hashes = ones * '#'
	}
	belows := ones * uint64(below)
	for ; i+16 <= len(s); i += 16 {
		if (belowOrHash(wordAt(s, i), belows, hashes)|belowOrHash(wordAt(s, i+8), belows, hashes))&highs != 0 {
			break
		}
	}
	for ; i+8 <= len(s); i += 8 {
		// Little-endian: the lowest bit set is the first byte that
		// matches (a byte after one that matches may be flagged wrongly,
		// never one before).
		if m := belowOrHash(wordAt(s, i), belows, hashes) & highs; m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	for ; i < len(s); i++ {
		if c := s[i]; c < below || hash && c == '#' {
			return i
		}
	}
	return len(s)
}

// belowOrHash has a high bit (highs) set in each byte of w below the
// byte belows repeats, and in each byte equal to those of hashes:
// subtracting a byte below 0x80 from each byte borrows only from one
// below it, as zeroByte's 1 does.
func belowOrHash(w, belows, hashes uint64) uint64 {
	return (w-belows)&^w | zeroByte(w^hashes)
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
