//go:build js && wasm

package browser

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

// ErrNoStreams is the failure where the browser has no compression streams.
var ErrNoStreams = errors.New("this browser has no CompressionStream or DecompressionStream: update it to a current version")

// DeflateRaw is b compressed as raw DEFLATE.
func DeflateRaw(b []byte) ([]byte, error) {
	return throughStream("CompressionStream", b, 1<<31-1)
}

// InflateRaw reverses DeflateRaw. It stops with ErrTooLarge as soon as the
// output passes limit bytes, so a crafted input cannot fill the memory;
// damaged input is the browser's error.
func InflateRaw(b []byte, limit int) ([]byte, error) {
	return throughStream("DecompressionStream", b, limit)
}

// streamPiece is how much input a compression stream is given in one task:
// the browser compresses a chunk in the task it is written in (a 4 MiB
// draft in one chunk held the page 70–90 ms), and 64 KiB is a millisecond
// or two.
const streamPiece = 64 << 10

// throughStream runs b through a new kind ("CompressionStream" or
// "DecompressionStream", format deflate-raw), a piece a task, and returns
// what comes out, or ErrTooLarge once that passes limit bytes.
func throughStream(kind string, b []byte, limit int) ([]byte, error) {
	ctor := js.Global().Get(kind)
	if ctor.Type() != js.TypeFunction {
		return nil, ErrNoStreams
	}
	stream := ctor.New("deflate-raw")
	writer := stream.Get("writable").Call("getWriter")
	reader := stream.Get("readable").Call("getReader")
	in := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(in, b)
	stop := make(chan struct{})
	go func() {
		for at := 0; at < len(b); at += streamPiece {
			if at > 0 {
				LaterTask()
			}
			select {
			case <-stop:
				return
			default:
			}
			// A write fails when the stream failed or was canceled: the
			// reader below says why.
			if _, err := Await(writer.Call("write", in.Call("subarray", at, min(at+streamPiece, len(b))))); err != nil {
				return
			}
		}
		Await(writer.Call("close"))
	}()
	defer close(stop)
	return readChunks(reader, limit)
}
