//go:build js && wasm

package editor

import (
	"slices"
	"strings"
	"testing"

	"robotstester/wasm/model"
	"robotstester/wasm/store"
	"robotstester/wasm/widget"
)

func TestLineStartsEndLinesAsGoogleDoes(t *testing.T) {
	tests := []struct {
		text   string
		starts []int32
		cols   int
	}{
		{"", []int32{0}, 0},
		{"ab", []int32{0}, 2},
		{"ab\n", []int32{0, 3}, 2},
		{"a\r\nbcd", []int32{0, 3}, 3},
		{"a\rb\nc\r\n", []int32{0, 2, 4, 7}, 1},
		{"\r\r\n\n", []int32{0, 1, 3, 4}, 0},
		{strings.Repeat("x", 1000) + "\ny", []int32{0, 1001}, viewLineCap + 1},
	}
	for _, tc := range tests {
		starts, cols, more := lineStarts(tc.text, nil)
		if !slices.Equal(starts, tc.starts) || cols != tc.cols || more {
			t.Errorf("lineStarts(%.20q) = %v, %d, %v; want %v, %d, false", tc.text, starts, cols, more, tc.starts, tc.cols)
		}
		if len(starts) != widget.CountLines(tc.text) {
			t.Errorf("lineStarts(%.20q) has %d lines, countLines %d", tc.text, len(starts), widget.CountLines(tc.text))
		}
	}
	starts, _, more := lineStarts(strings.Repeat("\n", maxViewLines+5), nil)
	if len(starts) != maxViewLines || !more {
		t.Errorf("%d line breaks: %d starts, more %v; want %d, true", maxViewLines+5, len(starts), more, maxViewLines)
	}
}

// BenchmarkLineStarts indexes a 4 MiB robots.txt, with LF and with CRLF
// breaks:
//
//	GOOS=js GOARCH=wasm go test -run '^$' -bench LineStarts ./wasm
func BenchmarkLineStarts(b *testing.B) {
	var sb strings.Builder
	for i := 0; sb.Len() < 4<<20; i++ {
		sb.WriteString("disallow: /search/" + model.Number(i) + "/results\n")
	}
	for _, eol := range []string{"\n", "\r\n"} {
		text := strings.ReplaceAll(sb.String(), "\n", eol)
		b.Run(strings.NewReplacer("\r", "CR", "\n", "LF").Replace(eol), func(b *testing.B) {
			var starts []int32
			for b.Loop() {
				starts, _, _ = lineStarts(text, starts[:0])
			}
		})
	}
}

func TestViewTextCutsLongLinesAtARune(t *testing.T) {
	defer func(was string) { store.Page.EditorText = was }(store.Page.EditorText)
	long := strings.Repeat("a", viewLineCap-1) + "éz"
	store.Page.EditorText = "one\r\n" + long + "\rthree"
	var v bigView
	v.starts, _, _ = lineStarts(store.Page.EditorText, nil)
	want := "one\n" + strings.Repeat("a", viewLineCap-1) + " … (3 more bytes)\nthree"
	if got := v.text(1, 3); got != want {
		t.Errorf("text = %q\nwant %q", got, want)
	}
	if got := v.text(2, 2); !strings.HasPrefix(got, "aaa") || strings.Contains(got, "\n") {
		t.Errorf("text(2, 2) = %q", got)
	}
	// Past maxViewLines, the last line shown stops at its break.
	store.Page.EditorText = strings.Repeat("x\n", maxViewLines) + "y\n"
	v.starts, _, v.more = lineStarts(store.Page.EditorText, v.starts[:0])
	if got := v.text(maxViewLines, maxViewLines); got != "x\n(Lines after 1,000,000 are not shown here: download the file to read them.)" {
		t.Errorf("text with more = %q", got)
	}
}
