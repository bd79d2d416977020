//go:build !js

package main

import (
	"bytes"
	"encoding/binary"
	"maps"
	"strings"
	"testing"
)

// dataSegment is an active segment of memory 0 at an i32.const offset.
type dataSegment struct {
	offset int32
	data   string
}

// section is one section of a module: its id and payload.
func section(id byte, payload []byte) []byte {
	return append(binary.AppendUvarint([]byte{id}, uint64(len(payload))), payload...)
}

func dataSection(segs ...dataSegment) []byte {
	payload := binary.AppendUvarint(nil, uint64(len(segs)))
	for _, s := range segs {
		payload = append(payload, 0, opI32Const)
		payload = appendSLEB(payload, int64(s.offset))
		payload = append(payload, opEnd)
		payload = binary.AppendUvarint(payload, uint64(len(s.data)))
		payload = append(payload, s.data...)
	}
	return section(sectionData, payload)
}

func module(sections ...[]byte) []byte {
	return bytes.Join(append([][]byte{[]byte("\x00asm\x01\x00\x00\x00")}, sections...), nil)
}

// memoryAt is the non-zero bytes a module's data segments put in memory at
// instantiation (in order, later over earlier), with the segment count.
func memoryAt(t *testing.T, m []byte) (map[uint32]byte, int) {
	t.Helper()
	mem := map[uint32]byte{}
	r := reader{b: m, at: 8}
	count := 0
	for r.at < len(r.b) {
		id := r.byte()
		payload := r.bytes(int(r.uleb()))
		if id != sectionData {
			continue
		}
		d := reader{b: payload}
		for n := d.uleb(); n > 0; n-- {
			d.uleb()
			d.byte()
			at := uint32(d.sleb())
			d.byte()
			for i, c := range d.bytes(int(d.uleb())) {
				if c == 0 {
					delete(mem, at+uint32(i))
				} else {
					mem[at+uint32(i)] = c
				}
			}
			count++
		}
		if d.err != nil {
			t.Fatal(d.err)
		}
	}
	if r.err != nil {
		t.Fatal(r.err)
	}
	return mem, count
}

func TestPackDataSegments(t *testing.T) {
	types := section(1, []byte{1, 0x60, 0, 0})
	custom := section(0, append([]byte{4}, "name"...))
	in := module(types,
		dataSection(
			dataSegment{100, "ab"},
			dataSegment{110, "cd"}, // 8 zeros after "ab": joined
			dataSegment{101, "X"},  // over "b", as at instantiation
			dataSegment{400, "ef"}, // 288 zeros after "cd": a segment of its own
			dataSegment{402, "\x00\x00g"},
			dataSegment{600, strings.Repeat("\x00", 100)}, // only zeros: nothing to write
			dataSegment{1 << 20, "far"},
		),
		custom)
	out, before, after, err := packDataSegments(in, nil)
	if err != nil {
		t.Fatal(err)
	}
	if before != 7 || after != 3 {
		t.Errorf("%d segments became %d, want 7 to 3", before, after)
	}
	inMem, _ := memoryAt(t, in)
	outMem, n := memoryAt(t, out)
	if n != after {
		t.Errorf("the module holds %d segments; packDataSegments said %d", n, after)
	}
	if !maps.Equal(inMem, outMem) {
		t.Errorf("memory at instantiation differs:\n before %v\n after  %v", inMem, outMem)
	}
	if !bytes.HasPrefix(out, module(types)) || !bytes.HasSuffix(out, custom) {
		t.Errorf("the other sections changed")
	}
	again, _, _, err := packDataSegments(out, nil)
	if err != nil || !bytes.Equal(again, out) {
		t.Errorf("packing a packed module changed it (err %v)", err)
	}
	if empty, _, _, err := packDataSegments(module(types), nil); err != nil || !bytes.Equal(empty, module(types)) {
		t.Errorf("a module without data changed (err %v)", err)
	}
}

func TestPackDataSegmentsRefuses(t *testing.T) {
	good := dataSection(dataSegment{8, "abc"})
	passive := section(sectionData, []byte{1, 1, 3, 'a', 'b', 'c'})
	global := section(sectionData, []byte{1, 0, 0x23, 0, opEnd, 3, 'a', 'b', 'c'})
	tests := []struct {
		name   string
		module []byte
		want   string
	}{
		{"not wasm", []byte("<!doctype html>"), "not a WebAssembly"},
		{"a passive segment", module(passive), "not an active segment"},
		{"an offset from a global", module(global), "not an i32.const"},
		{"a truncated section", module(good)[:len(module(good))-2], "malformed"},
		{"a long offset", module(section(sectionData, []byte{1, 0, opI32Const, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01, opEnd, 0})), "malformed"},
		{"bytes after the segments", module(section(sectionData, append(good[2:], 7))), "after its last segment"},
		{"a data count section", module(section(sectionDataCount, []byte{1}), good), "data count"},
	}
	for _, tt := range tests {
		_, _, _, err := packDataSegments(tt.module, nil)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one saying %q", tt.name, err, tt.want)
		}
	}
}
