//go:build ppc64 || s390x || mips || mips64

package engine

import "encoding/binary"

// wordAt is the eight bytes of s from i, i+8 ≤ len(s), as a little-endian
// word, on a big-endian machine (word.go).
func wordAt(s string, i int) uint64 {
	return binary.LittleEndian.Uint64([]byte(s[i : i+8]))
}
