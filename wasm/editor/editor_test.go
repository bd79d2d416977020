//go:build js && wasm

package editor

import (
	"testing"

	"robotstester/wasm/widget"
)

func TestCountLinesCountsEveryBreakKindOnce(t *testing.T) {
	tests := []struct {
		text string
		want int
	}{
		{"", 1},
		{"a", 1},
		{"a\n", 2},
		{"a\r\nb", 2},
		{"a\rb\nc\r\n", 4},
		{"\r\r\n\n", 4},
	}
	for _, tc := range tests {
		if got := widget.CountLines(tc.text); got != tc.want {
			t.Errorf("countLines(%q) = %d, want %d", tc.text, got, tc.want)
		}
	}
}

func TestGutterNumbers(t *testing.T) {
	if got := gutterNumbers(3); got != "1\n2\n3" {
		t.Errorf("gutterNumbers(3) = %q", got)
	}
}
