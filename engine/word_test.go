package engine

import "testing"

// wordAt reads the little-endian word whatever the machine's order: the
// first byte is the lowest, at any offset (word.go, word_be.go).
func TestWordAtIsLittleEndian(t *testing.T) {
	s := "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09"
	for i, want := range []uint64{0x0706050403020100, 0x0807060504030201, 0x0908070605040302} {
		if got := wordAt(s, i); got != want {
			t.Errorf("wordAt(s, %d) = %#016x, want %#016x", i, got, want)
		}
	}
}
