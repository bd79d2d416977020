package readers

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// TestNFKCDelimiters derives nfkcDelimiters again: every code point whose
// NFKC form holds '/', '?', '#', '@' or ':'.
func TestNFKCDelimiters(t *testing.T) {
	var want []rune
	for r := rune(0x80); r <= utf8.MaxRune; r++ {
		if utf8.ValidRune(r) && strings.ContainsAny(norm.NFKC.String(string(r)), "/?#@:") {
			want = append(want, r)
		}
	}
	if !slices.Equal(nfkcDelimiters[:], want) {
		t.Errorf("nfkcDelimiters = %U\nNFKC gives %U", nfkcDelimiters, want)
	}
}

// TestNFKCRevealsDelimiter compares the table with NFKC normalisation of
// whole hosts, where composition could join a code point to its neighbours.
func TestNFKCRevealsDelimiter(t *testing.T) {
	for _, host := range []string{
		"example.com", "müller.eu", "ex\uFF0Fample.com", "a\u0338\uFF1A", "\uFF20\u0301b", "x\u2100y",
		"\u2047", "a\uFE6B", "ｅｘａｍｐｌｅ．ｃｏｍ", "e\u0301.com", "\uFF0F\u0338", "ℌ.com",
	} {
		want := strings.ContainsAny(norm.NFKC.String(host), "/?#@:")
		if got := nfkcRevealsDelimiter(host); got != want {
			t.Errorf("nfkcRevealsDelimiter(%q) = %v; NFKC gives %q", host, got, norm.NFKC.String(host))
		}
	}
}
