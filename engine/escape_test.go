package engine

import (
	"strings"
	"testing"
)

// scanPattern reads eight bytes at a time, the last word overlapping the
// one before: at every length up to three words, any one or two
// neighbouring bytes that matter (or that a word-wise test could mistake
// for one, such as '$' and '+' next to '%', or a NUL) must read as
// they do byte by byte.
func TestScanPatternReadsAsByteByByte(t *testing.T) {
	tricky := []byte{'a', '%', '*', 0x80, 0xFF, '$', '&', '+', ')', 0x00, 0x01, 0xA5, 0xAA}
	check := func(p string) {
		t.Helper()
		plain, literal := true, true
		for i := 0; i < len(p); i++ {
			plain = plain && p[i] != '%' && p[i] < 0x80
			literal = literal && p[i] != '*'
		}
		if gotPlain, gotLiteral := scanPattern(p); gotPlain != plain || gotLiteral != literal {
			t.Fatalf("scanPattern(%q) = plain %v, literal %v; want %v, %v", p, gotPlain, gotLiteral, plain, literal)
		}
		if literal && strings.Contains(NormalisePattern(p), "*") {
			t.Fatalf("%q is literal, but NormalisePattern makes it %q", p, NormalisePattern(p))
		}
		if plain && NormalisePattern(p) != p {
			t.Fatalf("%q is plain, but NormalisePattern changes it to %q", p, NormalisePattern(p))
		}
	}
	for n := 0; n <= 24; n++ {
		check(strings.Repeat("/", n))
		for at := 0; at < n; at++ {
			for _, b1 := range tricky {
				for _, b2 := range tricky {
					p := []byte(strings.Repeat("/", n))
					p[at] = b1
					if at+1 < n {
						p[at+1] = b2
					}
					check(string(p))
				}
			}
		}
	}
}

// Google percent-encodes every byte from 0x80 to 0xFF in a pattern
// (robots.cc, MaybeEscapePattern), and no byte below: the two ends of that
// range, at every position of a pattern short enough to be read byte by
// byte and long enough to be read a word at a time, must come out as %80
// and %FF, so that the rule matches the URL that carries them encoded;
// 0x7F, just below, stays as written.
func TestHighBytesAtEveryEscapingSite(t *testing.T) {
	for _, c := range []byte{0x80, 0xFF, 0x7F} {
		escaped := c >= 0x80
		for n := 1; n <= 20; n++ {
			for at := 0; at < n; at++ {
				raw := []byte("/" + strings.Repeat("a", n))
				raw[1+at] = c
				pattern := string(raw)
				want := pattern
				if escaped {
					want = pattern[:1+at] + "%" + HexByte(c) + pattern[2+at:]
				}
				if got := NormalisePattern(pattern); got != want {
					t.Fatalf("NormalisePattern(%q) = %q, want %q", pattern, got, want)
				}
				if plain, _ := scanPattern(pattern); plain == escaped {
					t.Fatalf("scanPattern(%q) = plain %v, want %v", pattern, plain, !escaped)
				}
				r := Parse([]byte("User-agent: *\nDisallow: " + pattern + "\n"))
				if got := r.Groups[0].Rules[0].Pattern; got != want {
					t.Fatalf("Parse keeps the pattern %q as %q, want %q", pattern, got, want)
				}
				if res := r.Test("bot", want); res.Allowed || res.Line != 2 {
					t.Fatalf("Disallow: %q: %s is allowed=%v line %d, want blocked by line 2", pattern, want, res.Allowed, res.Line)
				}
			}
		}
	}
}
