//go:build !js

package main

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
)

// Go's linker writes app.wasm's initial memory as one data segment per run
// of bytes between zero runs longer than 8 bytes (cmd/link/internal/wasm,
// writeDataSec): for our page about 54,000 segments, whose headers (flags,
// offset expression, length: about 8 bytes each) take 430 KB, a fifth of
// the data section, and compress badly, every offset being different.
// packDataSegments lays the same memory image out again in few segments,
// cut only at zero runs of at least packGap bytes. The bytes in memory at
// instantiation are the same (memory starts zeroed, WebAssembly Core §4.5.4
// step 14: active segments are copied in order), the file is ~0.5 MB larger
// raw, and ~60 KB smaller as Brotli, ~90 KB as gzip: the zeros it now holds
// cost almost nothing compressed, the headers it drops cost a lot.
const packGap = 64

// packLimit bounds the memory image packDataSegments builds; Go's data
// sections are a few MB.
const packLimit = 256 << 20

// WebAssembly binary format (Core §5.5): section ids, and the one kind of
// data segment Go writes (flags 0: active, memory 0, offset given by an
// i32.const expression).
const (
	sectionData      = 11
	sectionDataCount = 12
	opI32Const       = 0x41
	opEnd            = 0x0b
)

// packWasmFile rewrites the wasm file at name with packDataSegments and
// says what changed. Unless keepLines, the pclntab's line tables go too
// (stripLineTables, wasmlines.go).
func packWasmFile(name string, keepLines bool) (string, error) {
	in, err := os.ReadFile(name)
	if err != nil {
		return "", err
	}
	var strip func([]byte) (lineTables, error)
	var stripped lineTables
	if !keepLines {
		strip = func(image []byte) (lineTables, error) {
			var err error
			stripped, err = stripLineTables(image)
			return stripped, err
		}
	}
	out, before, after, err := packDataSegments(in, strip)
	if err != nil {
		return "", fmt.Errorf("%s: %w", name, err)
	}
	if err := os.WriteFile(name, out, 0o644); err != nil {
		return "", err
	}
	what := fmt.Sprintf("%s: %d data segments in %d bytes, now %d in %d bytes", name, before, len(in), after, len(out))
	if !keepLines {
		what += fmt.Sprintf("; line tables of %d functions dropped (%d bytes)", stripped.funcs, stripped.zeroed)
	}
	return what, nil
}

// packDataSegments returns module with its data section rewritten as
// described above and every other section as it was, with the number of
// data segments before and after; or an error when the module is not one it
// can read, and then nothing should change. A non-nil strip may rewrite the
// memory image before it is written out.
func packDataSegments(module []byte, strip func(image []byte) (lineTables, error)) (out []byte, before, after int, err error) {
	if len(module) < 8 || string(module[:8]) != "\x00asm\x01\x00\x00\x00" {
		return nil, 0, 0, errors.New("not a WebAssembly 1.0 module")
	}
	out = append(out, module[:8]...)
	r := reader{b: module, at: 8}
	for r.at < len(r.b) {
		id := r.byte()
		payload := r.bytes(int(r.uleb()))
		if r.err != nil {
			return nil, 0, 0, r.err
		}
		switch id {
		case sectionData:
			if payload, before, after, err = packData(payload, strip); err != nil {
				return nil, 0, 0, err
			}
		case sectionDataCount:
			// It would have to change with the segment count; Go's linker
			// writes none.
			return nil, 0, 0, errors.New("the module has a data count section, which this step does not rewrite")
		}
		out = append(out, id)
		out = binary.AppendUvarint(out, uint64(len(payload)))
		out = append(out, payload...)
	}
	return out, before, after, nil
}

// packData reads a data section's payload into one memory image and writes
// it out again in segments cut at zero runs of packGap bytes or more.
func packData(payload []byte, strip func([]byte) (lineTables, error)) (out []byte, before, after int, err error) {
	type segment struct {
		offset uint32
		data   []byte
	}
	r := reader{b: payload}
	n := r.uleb()
	var segs []segment
	lo, hi := uint64(1<<32), uint64(0)
	for i := uint64(0); i < n && r.err == nil; i++ {
		if flags := r.uleb(); r.err == nil && flags != 0 {
			return nil, 0, 0, fmt.Errorf("data segment %d has flags %d, not an active segment of memory 0", i, flags)
		}
		if op := r.byte(); r.err == nil && op != opI32Const {
			return nil, 0, 0, fmt.Errorf("data segment %d's offset is not an i32.const", i)
		}
		offset := uint32(r.sleb())
		if op := r.byte(); r.err == nil && op != opEnd {
			return nil, 0, 0, fmt.Errorf("data segment %d's offset is not a constant", i)
		}
		data := r.bytes(int(r.uleb()))
		segs = append(segs, segment{offset, data})
		lo, hi = min(lo, uint64(offset)), max(hi, uint64(offset)+uint64(len(data)))
	}
	if r.err != nil {
		return nil, 0, 0, r.err
	}
	if r.at != len(payload) {
		return nil, 0, 0, errors.New("the data section has bytes after its last segment")
	}
	if len(segs) == 0 {
		return payload, 0, 0, nil
	}
	if hi-lo > packLimit {
		return nil, 0, 0, fmt.Errorf("the data segments span %d bytes, more than the %d this step handles", hi-lo, packLimit)
	}
	// Later segments overwrite earlier ones, as at instantiation.
	image := make([]byte, hi-lo)
	for _, s := range segs {
		copy(image[uint64(s.offset)-lo:], s.data)
	}
	if strip != nil {
		if _, err := strip(image); err != nil {
			return nil, 0, 0, err
		}
	}
	var body []byte
	emit := func(from, to int) {
		body = append(body, 0, opI32Const)
		body = appendSLEB(body, int64(int32(uint32(lo)+uint32(from))))
		body = append(body, opEnd)
		body = binary.AppendUvarint(body, uint64(to-from))
		body = append(body, image[from:to]...)
		after++
	}
	start := -1 // start of the segment being gathered, -1 between segments
	for i := 0; i < len(image); {
		if image[i] != 0 {
			if start < 0 {
				start = i
			}
			i++
			continue
		}
		j := i
		for j < len(image) && image[j] == 0 {
			j++
		}
		if start >= 0 && (j-i >= packGap || j == len(image)) {
			emit(start, i)
			start = -1
		}
		i = j
	}
	if start >= 0 {
		emit(start, len(image))
	}
	out = binary.AppendUvarint(out, uint64(after))
	return append(out, body...), len(segs), after, nil
}

// reader reads the binary format's values (Core §5.2), remembering the first
// error.
type reader struct {
	b   []byte
	at  int
	err error
}

func (r *reader) fail(what string) {
	if r.err == nil {
		r.err = fmt.Errorf("malformed module: %s at byte %d", what, r.at)
	}
	r.at = len(r.b)
}

func (r *reader) byte() byte {
	if r.at >= len(r.b) {
		r.fail("unexpected end")
		return 0
	}
	r.at++
	return r.b[r.at-1]
}

func (r *reader) bytes(n int) []byte {
	if n < 0 || n > len(r.b)-r.at {
		r.fail("a length past the end")
		return nil
	}
	r.at += n
	return r.b[r.at-n : r.at]
}

// uleb reads an unsigned LEB128 of at most 32 bits (Core §5.2.2).
func (r *reader) uleb() uint64 {
	v, n := binary.Uvarint(r.b[min(r.at, len(r.b)):])
	if n <= 0 || n > 5 || v > 1<<32-1 {
		r.fail("a bad unsigned integer")
		return 0
	}
	r.at += n
	return v
}

// sleb reads a signed LEB128 of at most 32 bits (Core §5.2.2).
func (r *reader) sleb() int64 {
	var v int64
	var shift uint
	for {
		if shift > 28 {
			r.fail("a bad signed integer")
			return 0
		}
		c := r.byte()
		if r.err != nil {
			return 0
		}
		v |= int64(c&0x7f) << shift
		shift += 7
		if c&0x80 == 0 {
			if shift < 64 && c&0x40 != 0 {
				v |= -1 << shift
			}
			return v
		}
	}
}

func appendSLEB(b []byte, v int64) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if (v == 0 && c&0x40 == 0) || (v == -1 && c&0x40 != 0) {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}
