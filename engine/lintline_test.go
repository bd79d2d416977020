package engine

import (
	"slices"
	"testing"
)

// The lint findings of one line at the edges of their rules: each row is a
// line after "User-agent: *" and every finding Lint reports for it.
var lintLineEdges = []struct {
	name string
	line string
	want []string
}{
	// Bad UTF-8 in a rule's value changes what Google matches (a warning);
	// inside a comment Google never reads it (an info). The byte just
	// before the '#' is still the value's.
	{"bad UTF-8 in a value with no comment is a warning", "Disallow: /a\xff", []string{"2 invalid-utf8 warning"}},
	{"bad UTF-8 just before the # is in the value: a warning", "Disallow: /a\xff # note", []string{"2 invalid-utf8 warning"}},
	{"bad UTF-8 just after the # is in the comment: an info", "Disallow: /a #\xff note", []string{"2 invalid-utf8 info"}},
	{"bad UTF-8 in a sitemap URL's comment is an info", "Sitemap: https://example.com/ #\xff", []string{"1 group-no-rules warning", "2 invalid-utf8 info"}},
	{"bad UTF-8 in a sitemap URL before the # is a warning", "Sitemap: https://example.com/\xff # x", []string{"1 group-no-rules warning", "2 invalid-utf8 warning"}},
	// A key Google reads by its start: a suffix of up to two bytes, or one
	// that is not a word, is likely a slip (a warning); a longer word
	// makes another key that Google still reads as this one (an error).
	{"a one-byte suffix is a slip: a warning", "Allows: /a", []string{"2 key-suffix warning"}},
	{"a two-byte suffix is a slip: a warning", "Allowed: /a", []string{"2 key-suffix warning"}},
	{"a three-byte word is another key: an error", "Allowing: /a", []string{"2 key-suffix error"}},
	{"a suffix that is not a word is a slip: a warning", "Allow-1: /a", []string{"2 key-suffix warning"}},
}

func TestLintLineEdges(t *testing.T) {
	for _, tt := range lintLineEdges {
		got := lintFindingList(Lint(Parse([]byte("User-agent: *\n" + tt.line + "\n"))))
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: %q: findings %q, want %q", tt.name, tt.line, got, tt.want)
		}
	}
}
