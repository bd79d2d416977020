package engine

import (
	"strings"
	"testing"
)

// Google trims the bytes absl::ascii_isspace names, ' ' and '\t' to '\r'
// (9 to 13), and no other: each of them before or after a product token
// leaves the token whole, and the bytes just outside the range (8 and 14)
// are not spaces, so the agent then has no token to read.
func TestReadAgentTrimsExactlyGooglesSpaces(t *testing.T) {
	for c := 0; c < 256; c++ {
		space := c == ' ' || c >= '\t' && c <= '\r'
		if isSpace(byte(c)) != space {
			t.Errorf("isSpace(%#x) = %v, want %v", c, !space, space)
		}
	}
	for _, c := range []byte{' ', '\t', '\n', '\v', '\f', '\r', 8, 14} {
		space := c != 8 && c != 14
		for _, input := range []string{string(c) + "Googlebot", "Googlebot" + string(c), string(c) + "Googlebot/2.1" + string(c)} {
			want := ""
			if space || strings.HasPrefix(input, "Googlebot") {
				want = "Googlebot"
			}
			if got := ReadAgent(input); got.Token != want || !got.Cut {
				t.Errorf("ReadAgent(%q) = token %q (cut %v), want %q, cut", input, got.Token, got.Cut, want)
			}
		}
	}
}
