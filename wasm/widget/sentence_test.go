//go:build js && wasm

package widget

import "testing"

func TestSentenceSetsQuotedValuesApart(t *testing.T) {
	tests := []struct {
		name, in string
		parts    int
	}{
		{"text, a value, text", "No group names `Googlebot`, so the * group applies.", 3},
		{"a value alone", "`Disallow: /`", 1},
		{"two values", "`A` is read as `B`", 3},
		{"an unmatched backtick is shown as written", "a ` b", 1},
		{"no backtick", "Allowed: no rules apply to this crawler.", 1},
	}
	for _, tt := range tests {
		if got := len(Sentence(tt.in)); got != tt.parts {
			t.Errorf("%s: %q renders as %d parts, want %d", tt.name, tt.in, got, tt.parts)
		}
	}
}

func TestSeverityCountsLeavesOutZeros(t *testing.T) {
	tests := []struct {
		errs, warns, notes int
		want               string
	}{
		{0, 0, 0, ""},
		{1, 0, 0, "1 error"},
		{0, 2, 1, "2 warnings, 1 note"},
		{3, 1, 2, "3 errors, 1 warning, 2 notes"},
	}
	for _, tt := range tests {
		if got := SeverityCounts(tt.errs, tt.warns, tt.notes); got != tt.want {
			t.Errorf("SeverityCounts(%d, %d, %d) = %q, want %q", tt.errs, tt.warns, tt.notes, got, tt.want)
		}
	}
}
