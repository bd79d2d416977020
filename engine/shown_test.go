package engine

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// TestShownEscapesExactlyTheInvisible checks every code point against the
// rule shown states with the unicode package's own tables: shown reads the
// same set from strconv's smaller ones (lint.go).
func TestShownEscapesExactlyTheInvisible(t *testing.T) {
	for r := rune(0x80); r <= unicode.MaxRune; r++ {
		if !utf8.ValidRune(r) {
			continue
		}
		invisible := !unicode.IsGraphic(r) || unicode.Is(unicode.Cf, r) || unicode.IsSpace(r)
		escaped := strings.Contains(shown(string(r)), `\u`) || strings.Contains(shown(string(r)), `\U`)
		if escaped != invisible {
			t.Errorf("shown(%U) = %s: escaped %v, want %v", r, shown(string(r)), escaped, invisible)
		}
	}
}
