package engine

import (
	"bytes"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// filler returns whole lines "Disallow: /aaa…" ending in brk, n bytes in
// all (n must leave room for at least one short line).
func filler(n int, brk string) string {
	var b strings.Builder
	line := "Disallow: /" + strings.Repeat("a", 88) + brk
	for b.Len()+len(line) <= n {
		b.WriteString(line)
	}
	if rest := n - b.Len(); rest > 0 {
		b.WriteString(strings.Repeat("b", rest-len(brk)) + brk)
	}
	return b.String()
}

func TestFetchLimitFiller(t *testing.T) {
	for _, brk := range []string{"\n", "\r\n", "\r"} {
		got := filler(1000, brk)
		if len(got) != 1000 || !strings.HasSuffix(got, brk) {
			t.Fatalf("filler(1000, %q) has %d bytes, ends %q", brk, len(got), got[len(got)-3:])
		}
	}
}

func TestFetchLimit(t *testing.T) {
	const L = GooglebotFetchLimit
	// Each body is fill bytes of whole filler lines ending in brk, then a
	// tail; lines below are counted from the tail's first line (1).
	tests := []struct {
		name                            string
		fill                            int
		brk, tail                       string
		truncated, midLine, betweenCRLF bool
		line, col, firstDropped, last   int
	}{
		{name: "a body of exactly 500 KiB is read whole", fill: L, brk: "\n"},
		{name: "a body one byte under the limit is read whole", fill: L - 1, brk: "\n"},
		{name: "one byte over: the last line loses its last byte",
			fill: L - 10, brk: "\n", tail: "Allow: /xyz", truncated: true, midLine: true, line: 1, col: 11, last: 1},
		{name: "one byte over: only the final LF is dropped",
			fill: L - 10, brk: "\n", tail: "Allow: /xy\n", truncated: true, line: 1, col: 11, firstDropped: 2, last: 2},
		{name: "a CRLF split by the limit: the line is whole, only the LF is dropped",
			fill: L - 10, brk: "\r\n", tail: "Allow: /x\r\nDisallow: /\r\n", truncated: true, betweenCRLF: true, line: 1, col: 11, firstDropped: 2, last: 3},
		{name: "a CRLF right before the limit: the next line is dropped entirely",
			fill: L - 11, brk: "\r\n", tail: "Allow: /x\r\nDisallow: /", truncated: true, line: 2, col: 1, firstDropped: 2, last: 2},
		{name: "a CR break at the limit: the line is whole",
			fill: L - 9, brk: "\r", tail: "Allow: /x\rDisallow: /\r", truncated: true, line: 1, col: 10, firstDropped: 2, last: 3},
		{name: "a line starting at the limit is dropped entirely",
			fill: L, brk: "\n", tail: "Disallow: /\nAllow: /a\n", truncated: true, line: 1, col: 1, firstDropped: 1, last: 3},
		{name: "a long rule cut mid-way is read shorter",
			fill: L - 11, brk: "\n", tail: "Disallow: /private\nUser-agent: *\n", truncated: true, midLine: true, line: 1, col: 12, firstDropped: 2, last: 3},
		{name: "a BOM counts toward the limit but not as a line",
			fill: L - 12, brk: "\n", tail: "Allow: /x\n", truncated: true, line: 1, col: 10, firstDropped: 2, last: 2},
	}
	for _, tt := range tests {
		head := filler(tt.fill, tt.brk)
		if strings.HasPrefix(tt.name, "a BOM") {
			head = "\xEF\xBB\xBF" + head
		}
		body := []byte(head + tt.tail)
		c := FetchLimit(body)
		if c.Size != len(body) || c.Truncated != tt.truncated {
			t.Errorf("%s: size %d truncated %v, want %d %v", tt.name, c.Size, c.Truncated, len(body), tt.truncated)
			continue
		}
		if !tt.truncated {
			if c.Limit != len(body) || !bytes.Equal(c.Body, body) || c.Line != 0 || c.Message() != "" {
				t.Errorf("%s: %+v", tt.name, c)
			}
			continue
		}
		base := strings.Count(head, tt.brk)
		rel := func(n int) int {
			if n == 0 {
				return 0
			}
			return n - base
		}
		if c.Limit != L || !bytes.Equal(c.Body, body[:L]) {
			t.Errorf("%s: keeps %d bytes, want %d", tt.name, c.Limit, L)
		}
		if rel(c.Line) != tt.line || c.Col != tt.col || c.MidLine != tt.midLine || c.BetweenCRLF != tt.betweenCRLF ||
			rel(c.FirstDroppedLine) != tt.firstDropped || rel(c.LastLine) != tt.last {
			t.Errorf("%s: line %d col %d mid %v crlf %v dropped %d..%d; want line %d col %d mid %v crlf %v dropped %d..%d",
				tt.name, rel(c.Line), c.Col, c.MidLine, c.BetweenCRLF, rel(c.FirstDroppedLine), rel(c.LastLine),
				tt.line, tt.col, tt.midLine, tt.betweenCRLF, tt.firstDropped, tt.last)
		}
		checkCutAgainstParse(t, tt.name, body, c)
	}
}

// Sliding a tail with every kind of line break across the limit, the cut
// always agrees with the lines Parse finds in the whole and the kept body.
func TestFetchLimitAgreesWithParse(t *testing.T) {
	tail := "ab\r\n\r\ncd\rx\n\nefg\r\r\nh"
	for k := 0; k < len(tail); k++ {
		body := []byte(filler(GooglebotFetchLimit-k, "\n") + tail)
		checkCutAgainstParse(t, "tail shifted by "+strconv.Itoa(k), body, FetchLimit(body))
	}
}

// FetchLimitString, for a text held as a string, cuts as FetchLimit does,
// at every position of the tail across the limit and for short texts.
func TestFetchLimitStringIsFetchLimit(t *testing.T) {
	tail := "ab\r\n\r\ncd\rx\n\nefg\r\r\nh"
	bodies := []string{"", "User-agent: *\n", "\ufeffDisallow: /", filler(GooglebotFetchLimit, "\n")}
	for k := 0; k <= len(tail); k++ {
		bodies = append(bodies, filler(GooglebotFetchLimit-k, "\r\n")+tail, "\ufeff"+filler(GooglebotFetchLimit-k, "\n")+tail)
	}
	for _, body := range bodies {
		want, got := FetchLimit([]byte(body)), FetchLimitString(body)
		if !bytes.Equal(got.Body, want.Body) {
			t.Fatalf("%d bytes: FetchLimitString keeps %d bytes, FetchLimit %d", len(body), len(got.Body), len(want.Body))
		}
		got.Body, want.Body = nil, nil
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%d bytes: FetchLimitString %+v, FetchLimit %+v", len(body), got, want)
		}
	}
}

func checkCutAgainstParse(t *testing.T, name string, body []byte, c Cut) {
	t.Helper()
	full := Parse(body)
	if c.LastLine != len(full.Lines) {
		t.Errorf("%s: LastLine %d, Parse finds %d lines", name, c.LastLine, len(full.Lines))
		return
	}
	ln := full.Lines[c.Line-1]
	if ln.Start > c.Limit || c.Line < len(full.Lines) && full.Lines[c.Line].Start <= c.Limit {
		t.Errorf("%s: the limit %d is not in line %d (%d..%d)", name, c.Limit, c.Line, ln.Start, ln.End)
	}
	if c.Col != c.Limit-ln.Start+1 || c.MidLine != (ln.Start < c.Limit && c.Limit < ln.End) {
		t.Errorf("%s: col %d mid %v for line %d spanning %d..%d", name, c.Col, c.MidLine, c.Line, ln.Start, ln.End)
	}
	kept := Parse(c.Body)
	// Every line before Line is read exactly as in the whole body.
	for i := 0; i < c.Line-1; i++ {
		keptValue, fullValue := kept.Lines[i].Value(kept.Body), full.Lines[i].Value(full.Body)
		if kept.Lines[i].Kind != full.Lines[i].Kind || keptValue != fullValue {
			t.Fatalf("%s: line %d reads %q in the kept body, %q in the whole", name, i+1, keptValue, fullValue)
		}
	}
	text := func(r *Robots, n int) string { l := r.Lines[n-1]; return r.Body[l.Start:l.End] }
	switch {
	case c.MidLine:
		if got, want := text(kept, c.Line), text(full, c.Line)[:c.Col-1]; got != want {
			t.Errorf("%s: the cut line %d reads %q, want %q", name, c.Line, got, want)
		}
	case c.FirstDroppedLine == c.Line:
		if len(kept.Lines) != c.Line || text(kept, c.Line) != "" {
			t.Errorf("%s: line %d should be dropped entirely", name, c.Line)
		}
	default:
		if text(kept, c.Line) != text(full, c.Line) {
			t.Errorf("%s: line %d should be read whole", name, c.Line)
		}
	}
	if c.Message() == "" || !strings.Contains(c.Message(), "line "+strconv.Itoa(c.Line)) {
		t.Errorf("%s: message %q does not name line %d", name, c.Message(), c.Line)
	}
}
