//go:build js && wasm

package main

import (
	"errors"
	"syscall/js"
)

// errTooLarge ends a read that passes its limit.
var errTooLarge = errors.New("the data passes its limit")

// readStream reads a ReadableStream of bytes chunk by chunk, so a huge
// body (a decompression bomb) stops at limit instead of filling memory.
func readStream(stream js.Value, limit int) ([]byte, error) {
	if !stream.Truthy() {
		return nil, nil
	}
	out, err := readChunks(stream.Call("getReader"), limit)
	if errors.Is(err, errTooLarge) {
		return nil, jsErr("the file is larger than " + byteSize(int64(limit)) + " once decompressed, more than the tester reads")
	}
	return out, err
}

// readChunks reads what a stream's reader gives until it is done, or
// cancels it with errTooLarge once that passes limit bytes. It waits on
// promises: call it from a goroutine.
func readChunks(reader js.Value, limit int) ([]byte, error) {
	var out []byte
	for {
		res, err := await(reader.Call("read"))
		if err != nil {
			return nil, err
		}
		if res.Get("done").Truthy() {
			return out, nil
		}
		chunk := res.Get("value")
		n := chunk.Get("length").Int()
		if len(out)+n > limit {
			reader.Call("cancel")
			return nil, errTooLarge
		}
		out = append(out, make([]byte, n)...)
		js.CopyBytesToGo(out[len(out)-n:], chunk)
	}
}
