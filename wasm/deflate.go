//go:build js && wasm

package main

import (
	"errors"
	"syscall/js"
)

// Permalinks and drafts are raw DEFLATE (RFC 1951). The browser compresses
// and inflates them with its CompressionStream and DecompressionStream
// ("deflate-raw": Chromium 103, Firefox 113, Safari 16.4), natively and a
// chunk per task, so app.wasm carries no DEFLATE code of its own (Go's
// compress/flate, with the fmt and os it imports, was 83 KB of the page's
// Brotli transfer). Both wait on promises: call them from a goroutine,
// never from a JavaScript callback.

// errNoStreams is the failure where the browser has no compression streams.
var errNoStreams = errors.New("this browser cannot compress (no CompressionStream): update it")

// errTooLarge ends an inflate that passes its limit.
var errTooLarge = errors.New("the data inflates past its limit")

// deflateRaw is b compressed as raw DEFLATE.
func deflateRaw(b []byte) ([]byte, error) {
	cs := js.Global().Get("CompressionStream")
	if cs.Type() != js.TypeFunction {
		return nil, errNoStreams
	}
	stream := blobOf(b).Call("stream").Call("pipeThrough", cs.New("deflate-raw"))
	buf, err := await(js.Global().Get("Response").New(stream).Call("arrayBuffer"))
	if err != nil {
		return nil, err
	}
	u8 := js.Global().Get("Uint8Array").New(buf)
	out := make([]byte, u8.Get("length").Int())
	js.CopyBytesToGo(out, u8)
	return out, nil
}

// inflateRaw reverses deflateRaw. It stops with errTooLarge as soon as the
// output passes limit bytes, so a crafted input cannot fill the memory;
// damaged input is the browser's error.
func inflateRaw(b []byte, limit int) ([]byte, error) {
	ds := js.Global().Get("DecompressionStream")
	if ds.Type() != js.TypeFunction {
		return nil, errNoStreams
	}
	reader := blobOf(b).Call("stream").Call("pipeThrough", ds.New("deflate-raw")).Call("getReader")
	var out []byte
	for {
		res, err := await(reader.Call("read"))
		if err != nil {
			return nil, err
		}
		if res.Get("done").Bool() {
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

// blobOf is a Blob holding a copy of b.
func blobOf(b []byte) js.Value {
	u8 := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(u8, b)
	return js.Global().Get("Blob").New([]any{u8})
}
