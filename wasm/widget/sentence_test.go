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
