package model

import "testing"

func TestLineEnding(t *testing.T) {
	for _, tc := range []struct{ body, want string }{
		{"", "\n"},
		{"a\nb\n", "\n"},
		{"a\r\nb\r\n", "\r\n"},
		{"a\rb\r", "\r"},
		{"a\r\nb\n", "\n"},
		{"a\rb\r\n", "\n"},
	} {
		if got := LineEnding(tc.body); got != tc.want {
			t.Errorf("lineEnding(%q) = %q, want %q", tc.body, got, tc.want)
		}
	}
}
