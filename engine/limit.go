package engine

import "strconv"

// Googlebot's read limit: the fetch keeps the first 500 KiB of a robots.txt
// and drops the rest (google-crawling.md §3; Google, "How Google interprets
// the robots.txt specification", file format). Google's parser itself has
// no limit, so Parse reads everything and the cut is a separate, visible
// step.

// GooglebotFetchLimit is how many bytes of a robots.txt Googlebot reads:
// 500 KiB.
const GooglebotFetchLimit = 500 * 1024

// Cut says where the fetch limit cuts a body. Lines are numbered as Parse
// numbers them (LF, CR and CRLF each end a line; a leading BOM is skipped).
type Cut struct {
	Truncated bool
	Size      int    // bytes in the whole body
	Limit     int    // bytes kept: GooglebotFetchLimit when Truncated, else Size
	Body      []byte // the bytes Googlebot reads (the body itself when not Truncated)

	// The fields below are zero when nothing is cut.

	// Line is the line holding the first dropped byte, Col that byte's
	// 1-based column in bytes (past the line's text when the byte is part
	// of its line break).
	Line, Col int
	// MidLine: line Line keeps its first Col-1 bytes and loses the rest,
	// so what remains is read as a shorter line.
	MidLine bool
	// BetweenCRLF: the cut falls between the CR and the LF ending line
	// Line; the line is whole and only the LF is dropped.
	BetweenCRLF bool
	// FirstDroppedLine..LastLine are the lines dropped entirely
	// (FirstDroppedLine is 0 when none is). LastLine is the body's last
	// line.
	FirstDroppedLine, LastLine int
}

// FetchLimit applies GooglebotFetchLimit to body.
func FetchLimit(body []byte) Cut {
	if len(body) <= GooglebotFetchLimit {
		return Cut{Size: len(body), Limit: len(body), Body: body}
	}
	return cutAt(string(body), body[:GooglebotFetchLimit])
}

// FetchLimitString is FetchLimit for a text held as a string, as an editor
// holds it: only the part Googlebot reads is copied, so a 4 MiB text costs
// a 500 KiB copy, not two of 4 MiB.
func FetchLimitString(text string) Cut {
	if len(text) <= GooglebotFetchLimit {
		return Cut{Size: len(text), Limit: len(text), Body: []byte(text)}
	}
	return cutAt(text, []byte(text[:GooglebotFetchLimit]))
}

// cutAt is the Cut of s, longer than the limit, whose first
// GooglebotFetchLimit bytes are head.
func cutAt(s string, head []byte) Cut {
	c := Cut{Size: len(s), Truncated: true, Limit: GooglebotFetchLimit, Body: head}
	start, end := 0, 0
	c.LastLine = SplitLines(s, skipBOM(s), func(number, lineStart, lineEnd int) {
		// The last line starting at or before the limit holds it.
		if lineStart <= c.Limit {
			c.Line, start, end = number, lineStart, lineEnd
		}
	})
	c.Col = c.Limit - start + 1
	switch {
	case c.Limit < end && c.Limit == start:
		c.FirstDroppedLine = c.Line
	case c.Limit < end:
		c.MidLine = true
		c.FirstDroppedLine = c.Line + 1
	default:
		c.BetweenCRLF = c.Limit == end+1 && s[end] == '\r' && s[c.Limit] == '\n'
		c.FirstDroppedLine = c.Line + 1
	}
	if c.FirstDroppedLine > c.LastLine {
		c.FirstDroppedLine = 0
	}
	return c
}

// Message is a sentence for a webmaster saying what the cut does, "" when
// nothing is cut.
func (c Cut) Message() string {
	if !c.Truncated {
		return ""
	}
	line := strconv.Itoa(c.Line)
	msg := "The file is " + strconv.Itoa(c.Size) + " bytes and Googlebot reads only the first " +
		strconv.Itoa(GooglebotFetchLimit) + " (500 KiB): "
	switch {
	case c.MidLine:
		msg += "line " + line + " is cut after column " + strconv.Itoa(c.Col-1) + " and read as what is left of it"
	case c.BetweenCRLF:
		msg += "the cut falls between the CR and the LF ending line " + line + ", which is read whole"
	case c.FirstDroppedLine == c.Line:
		msg += "the cut falls at the start of line " + line
	default:
		msg += "the cut falls in the line break ending line " + line + ", which is read whole"
	}
	switch {
	case c.FirstDroppedLine == 0:
	case c.FirstDroppedLine == c.LastLine:
		msg += ", and line " + strconv.Itoa(c.LastLine) + " is ignored"
	default:
		msg += ", and lines " + strconv.Itoa(c.FirstDroppedLine) + " to " + strconv.Itoa(c.LastLine) + " are ignored"
	}
	first := c.Line
	if !c.MidLine && c.FirstDroppedLine > c.Line {
		first = c.FirstDroppedLine
	}
	return msg + "; shorten the file (merge rules with wildcards, drop duplicates) or move the rules that matter above line " + strconv.Itoa(first) + "."
}
