//go:build js && wasm

package browser

import (
	"errors"
	"syscall/js"
)

// ErrTooLarge ends a read that passes its limit.
var ErrTooLarge = errors.New("the data passes its limit")

// ReadStream reads a ReadableStream of bytes chunk by chunk, so a huge
// body (a decompression bomb) stops at limit instead of filling memory.
func ReadStream(stream js.Value, limit int) ([]byte, error) {
	if !stream.Truthy() {
		return nil, nil
	}
	out, err := readChunks(stream.Call("getReader"), limit)
	if errors.Is(err, ErrTooLarge) {
		return nil, JSErr("the file is larger than " + ByteSize(int64(limit)) + " once decompressed, more than the tester reads")
	}
	return out, err
}

// readChunks reads what a stream's reader gives until it is done, or
// cancels it with ErrTooLarge once that passes limit bytes. It waits on
// promises: call it from a goroutine.
func readChunks(reader js.Value, limit int) ([]byte, error) {
	var out []byte
	for {
		res, err := Await(reader.Call("read"))
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
			return nil, ErrTooLarge
		}
		out = append(out, make([]byte, n)...)
		js.CopyBytesToGo(out[len(out)-n:], chunk)
	}
}
