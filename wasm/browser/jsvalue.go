//go:build js && wasm

package browser

import (
	"syscall/js"
	"unsafe"

	"robotstester/engine"
)

// Await waits for a promise, from a goroutine (never from a JS callback,
// which must not block).
func Await(p js.Value) (js.Value, error) {
	done := make(chan struct{})
	var val js.Value
	var err error
	then := js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) > 0 {
			val = args[0]
		}
		close(done)
		return nil
	})
	fail := js.FuncOf(func(_ js.Value, args []js.Value) any {
		err = jsError(args)
		close(done)
		return nil
	})
	p.Call("then", then, fail)
	<-done
	then.Release()
	fail.Release()
	return val, err
}

type JSErr string

func (e JSErr) Error() string { return string(e) }

func jsError(args []js.Value) error {
	if len(args) == 0 || args[0].IsUndefined() || args[0].IsNull() {
		return JSErr("the request failed")
	}
	if m := args[0].Get("message"); m.Type() == js.TypeString {
		return JSErr(m.String())
	}
	return JSErr(args[0].Call("toString").String())
}

// JSString is a string field, "" when absent or null.
func JSString(v js.Value) string {
	if v.Type() != js.TypeString {
		return ""
	}
	return v.String()
}

// ResponseBytes reads a fetch Response's body as exact bytes, at most limit
// (more is an error).
func ResponseBytes(resp js.Value, limit int) ([]byte, error) {
	return ReadStream(resp.Get("body"), limit)
}

// ByteSize writes a size for people: "716,800 bytes".
func ByteSize(n int64) string {
	if n == 1 {
		return "1 byte"
	}
	return engine.Thousands(int(n)) + " bytes"
}

// QueryEscape encodes a query parameter with the browser's own
// encodeURIComponent: net/url would add its weight to the page for one call.
func QueryEscape(s string) string {
	return js.Global().Call("encodeURIComponent", s).String()
}

// Int32s copies an Int32Array into Go.
func Int32s(a js.Value) []int32 { return Int32sInto(nil, a) }

// Int32sInto copies an Int32Array into buf, grown as needed, and returns
// it. The bytes go straight into the int32s' memory, as wasm is
// little-endian, as are the typed arrays of every browser that runs it: a
// million line numbers are one copy, not two and a loop.
func Int32sInto(buf []int32, a js.Value) []int32 {
	n := a.Get("length").Int()
	buf = Grow(buf, n)
	if n > 0 {
		raw := unsafe.Slice((*byte)(unsafe.Pointer(&buf[0])), 4*n)
		js.CopyBytesToGo(raw, js.Global().Get("Uint8Array").New(a.Get("buffer"), a.Get("byteOffset"), 4*n))
	}
	return buf
}

// Grow is buf with length n, reallocated only when its capacity is short.
func Grow[T any](buf []T, n int) []T {
	if cap(buf) < n {
		return make([]T, n)
	}
	return buf[:n]
}

// JSBytes copies b into a new Uint8Array.
func JSBytes(b []byte) js.Value {
	a := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(a, b)
	return a
}

// Describe renders a recovered JavaScript exception for a message.
func Describe(r any) string {
	if e, ok := r.(js.Error); ok {
		return e.Value.Get("name").String()
	}
	if e, ok := r.(error); ok {
		return e.Error()
	}
	if s, ok := r.(string); ok {
		return s
	}
	return "an unknown failure"
}

// pastePiece is how much pasted text (UTF-16 units) is read into Go at
// once: a millisecond or two of converting and splitting, so that a slice
// ends close to its budget.
const pastePiece = 64 << 10

// NextPiece is the next piece of the JavaScript string str (n UTF-16
// units long) from at, at most pastePiece long and not cut inside a
// surrogate pair, and where the piece after it starts.
func NextPiece(str js.Value, at, n int) (string, int) {
	to := min(at+pastePiece, n)
	if c := str.Call("charCodeAt", to-1).Int(); to < n && c >= 0xD800 && c < 0xDC00 {
		to--
	}
	return str.Call("substring", at, to).String(), to
}
