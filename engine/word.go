//go:build !(ppc64 || s390x || mips || mips64)

package engine

import "unsafe"

// wordAt is the eight bytes of s from i, i+8 ≤ len(s), as a little-endian
// word: the searches that test eight bytes at once (zeroByte) read their
// words here. It is one load: in js/wasm, binary.LittleEndian.Uint64 of a
// string's bytes is eight loads and shifts, and the line search made
// 0014.txt's parse four times slower with it (issue 26). A word as this
// machine stores it is the little-endian one; word_be.go reads it for
// the others.
func wordAt(s string, i int) uint64 {
	return *(*uint64)(unsafe.Add(unsafe.Pointer(unsafe.StringData(s)), i))
}
