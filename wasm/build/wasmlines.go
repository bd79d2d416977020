//go:build !js

package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
)

// Go's runtime finds its way about a program through the pclntab, which the
// linker writes into the data section and `-ldflags=-s -w` leaves in place.
// For each function it holds tables that map a program counter to a value:
// the stack pointer's offset (pcsp) and the pcdata tables for unsafe points
// and stack maps, which the scheduler and the garbage collector need at every
// stack walk; and the source file (pcfile), the source line (pcln) and the
// index into the inlining tree (pcdata 2, PCDATA_InlTreeIndex), which only
// tracebacks, runtime.Caller and profiles read. In app.wasm the last three
// are 230 KB raw and 110 KB as Brotli, a tenth of the page's transfer.
//
// stripLineTables zeroes those three offsets in every function's _func and
// zeroes the bytes of the tables no kept offset points at, so that they
// compress to nothing. The runtime reads an offset of 0 as "no table"
// (runtime/symtab.go, pcvalue: `if off == 0 { return -1, 0 }`): a traceback
// then shows each function's name with "?:0" for its file and line, and no
// frames for inlined calls; nothing else changes. `make KEEP_LINES=1` keeps
// them, for a build to debug a panic with.
//
// The layout read here is Go's from 1.20 on (runtime/runtime2.go, _func;
// runtime/symtab.go, pcHeader; cmd/link/internal/ld/pcln.go writes both).
// Anything that does not read as that layout stops the build with a
// message, rather than leave it unstripped or strip it wrongly.

const (
	pclnMagic    = 0xfffffff1 // abi.Go120PCLnTabMagic
	pcHeaderSize = 8 + 8*8    // magic, pads, minLC, ptrSize; then nfunc … pclnOffset
	funcSize     = 44         // _func before its pcdata and funcdata offsets
	pcdataInl    = 2          // abi.PCDATA_InlTreeIndex
)

// _func's fields, as byte offsets.
const (
	funcPCSP    = 16
	funcPCFile  = 20
	funcPCLn    = 24
	funcNPCData = 28
)

// lineTables is what stripLineTables did: the functions it rewrote and the
// table bytes it zeroed.
type lineTables struct {
	funcs  int
	zeroed int
}

// stripLineTables rewrites the pclntab in image, a wasm module's initial
// memory, as described above.
func stripLineTables(image []byte) (lineTables, error) {
	at, err := findPCHeader(image)
	if err != nil {
		return lineTables{}, err
	}
	le := binary.LittleEndian
	field := func(i int) uint64 { return le.Uint64(image[at+8+8*i:]) }
	nfunc, pctab, pcln := field(0), field(6), field(7)
	tableBase := uint64(at) + pctab
	ftab := uint64(at) + pcln
	if nfunc == 0 || tableBase >= ftab || ftab+8*(nfunc+1) > uint64(len(image)) {
		return lineTables{}, errors.New("the pclntab's header points outside the data section")
	}
	tables := image[tableBase:ftab]

	// Every function's _func, and which tables stay.
	funcs := make([]uint64, nfunc)
	keep := map[uint32]bool{}
	drop := map[uint32]bool{}
	for i := range funcs {
		entry := le.Uint32(image[ftab+8*uint64(i):])
		next := le.Uint32(image[ftab+8*uint64(i+1):])
		if next < entry {
			return lineTables{}, fmt.Errorf("the pclntab's function table is not in order at function %d", i)
		}
		f := ftab + uint64(le.Uint32(image[ftab+8*uint64(i)+4:]))
		if f+funcSize > uint64(len(image)) {
			return lineTables{}, fmt.Errorf("function %d's _func lies outside the data section", i)
		}
		if le.Uint32(image[f:]) != entry {
			return lineTables{}, fmt.Errorf("function %d's _func does not start at its entry", i)
		}
		npcdata := uint64(le.Uint32(image[f+funcNPCData:]))
		if f+funcSize+4*npcdata > uint64(len(image)) || npcdata > 16 {
			return lineTables{}, fmt.Errorf("function %d's _func has %d pcdata tables", i, npcdata)
		}
		funcs[i] = f
		for j := uint64(0); j < 3+npcdata; j++ {
			at := funcTableField(f, j)
			off := le.Uint32(image[at:])
			if off == 0 {
				continue
			}
			if uint64(off) >= uint64(len(tables)) {
				return lineTables{}, fmt.Errorf("function %d has a table outside the pctab", i)
			}
			if droppable(j) {
				drop[off] = true
			} else {
				keep[off] = true
			}
		}
	}

	// Measure every table before any byte changes: tables the linker
	// shares between functions or kinds are kept when any user keeps them.
	spans := map[uint32]int{}
	for off := range drop {
		if keep[off] {
			continue
		}
		n, ok := pcvalueLen(tables[off:])
		if !ok {
			return lineTables{}, fmt.Errorf("the table at pctab offset %d does not end", off)
		}
		spans[off] = n
	}
	for off := range keep {
		if _, ok := pcvalueLen(tables[off:]); !ok {
			return lineTables{}, fmt.Errorf("the table at pctab offset %d does not end", off)
		}
	}
	var done lineTables
	for _, f := range funcs {
		npcdata := uint64(le.Uint32(image[f+funcNPCData:]))
		for j := uint64(0); j < 3+npcdata; j++ {
			if droppable(j) {
				le.PutUint32(image[funcTableField(f, j):], 0)
			}
		}
		done.funcs++
	}
	for off, n := range spans {
		clear(tables[off : int(off)+n])
		done.zeroed += n
	}
	return done, nil
}

// funcTableField is the byte offset, in the image, of table j of the _func at
// f: 0 pcsp, 1 pcfile, 2 pcln, then pcdata 0, 1, ….
func funcTableField(f, j uint64) uint64 {
	if j < 3 {
		return f + funcPCSP + 4*j
	}
	return f + funcSize + 4*(j-3)
}

// droppable says whether table j (as funcTableField numbers them) is one
// only tracebacks read.
func droppable(j uint64) bool {
	return j == 1 || j == 2 || j == 3+pcdataInl
}

// pcvalueLen is the length of the pc-value table at the start of b: pairs of
// a zig-zag value delta and a pc delta, both unsigned varints, ended by a
// value delta of 0 anywhere but first (runtime/symtab.go, step).
func pcvalueLen(b []byte) (int, bool) {
	at := 0
	for first := true; ; first = false {
		v, n := binary.Uvarint(b[at:])
		if n <= 0 {
			return 0, false
		}
		at += n
		if v == 0 && !first {
			return at, true
		}
		_, n = binary.Uvarint(b[at:])
		if n <= 0 {
			return 0, false
		}
		at += n
	}
}

// findPCHeader is the offset in image of the one pcHeader: the magic, two
// zero pads, a minimum instruction size of 1 and 8-byte pointers (wasm),
// then offsets in increasing order that stay inside the image.
func findPCHeader(image []byte) (int, error) {
	var magic [8]byte
	binary.LittleEndian.PutUint32(magic[:], pclnMagic)
	magic[6], magic[7] = 1, 8
	found := -1
	for from := 0; ; {
		i := bytes.Index(image[from:], magic[:])
		if i < 0 {
			break
		}
		i += from
		from = i + 1
		if i+pcHeaderSize > len(image) {
			continue
		}
		f := func(k int) uint64 { return binary.LittleEndian.Uint64(image[i+8+8*k:]) }
		offsets := []uint64{f(3), f(4), f(5), f(6), f(7)}
		ok := f(0) > 0 && offsets[0] >= pcHeaderSize
		for k := 1; k < len(offsets) && ok; k++ {
			ok = offsets[k] >= offsets[k-1]
		}
		if !ok || uint64(i)+offsets[4] >= uint64(len(image)) {
			continue
		}
		if found >= 0 {
			return 0, errors.New("the data section holds two pclntab headers")
		}
		found = i
	}
	if found < 0 {
		return 0, errors.New("no Go 1.20+ pclntab header in the data section (a toolchain with another layout? build with KEEP_LINES=1)")
	}
	return found, nil
}
