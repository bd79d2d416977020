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
		plain := true
		for i := 0; i < len(p); i++ {
			plain = plain && p[i] != '%' && p[i] < 0x80
		}
		if got := scanPattern(p); got != plain {
			t.Fatalf("scanPattern(%q) = plain %v; want %v", p, got, plain)
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
