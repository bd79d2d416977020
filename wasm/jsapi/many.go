//go:build js && wasm

package jsapi

import (
	"encoding/binary"
	"slices"
	"strings"
	"syscall/js"

	"robotstester/engine"
)

// Testing a list. The URLs cross into Go a piece at a time, each piece
// joined by the browser into one string (reading an array item by item
// costs a call into JavaScript a URL, and keeps a JavaScript value per URL
// alive in Go until its garbage collector runs), and the answers cross
// back a piece at a time: typed arrays the browser allocated whole, or one
// JSON text a piece. Go holds one piece at a time, so a million URLs do
// not grow the engine's memory, which WebAssembly never gives back.

// compactPiece and objectPiece are how many URLs cross at once: a piece
// of 16,384 URLs is about a megabyte of text, and of objects, whose JSON
// is a few hundred bytes each, about as much for 2,048.
const (
	compactPiece = 16384
	objectPiece  = 2048
)

// IsURLList reports whether urls is a list TestMany reads: an array, or
// one string with a URL a line.
func IsURLList(urls js.Value) bool {
	return urls.Type() == js.TypeString || js.Global().Get("Array").Call("isArray", urls).Bool()
}

// TestMany answers every URL of urls (IsURLList) for a: Verdict's objects
// in an array, each URL read as a browser sends it, or with compact the
// verdicts alone, each URL matched as given, as CompactAnswer.
func TestMany(r *engine.Robots, a Agent, urls js.Value, compact bool) js.Value {
	if compact {
		// The verdicts alone, as the engine's matrix decides them
		// (engine.Tester's Decide), without the trace of matches a Result
		// carries, which cost an allocation or two a URL (issue 26).
		t := a.Tester(r)
		var cells []engine.Cell
		n, allowed, lines := CompactAnswer(urls, func(piece []string) []engine.Cell {
			cells = slices.Grow(cells[:0], len(piece))
			for _, u := range piece {
				cells = append(cells, t.Decide(u))
			}
			return cells
		})
		return js.ValueOf(map[string]any{"count": n, "allowed": allowed, "lines": lines})
	}
	out := js.Global().Get("Array").New()
	push := out.Get("push")
	var b []byte
	eachPiece(urls, objectPiece, func(_ int, piece []string) {
		b = append(b[:0], '[')
		for i, u := range piece {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendVerdict(b, r, a, u)
		}
		b = append(b, ']')
		push.Call("apply", out, parseJSON(b))
	})
	return out
}

// CompactAnswer decides every URL of urls with decide, a piece at a time
// (a verdict a URL of the piece), and answers in two typed arrays in the
// order of urls: allowed (a Uint8Array, 1 allowed, 0 blocked) and lines
// (an Int32Array, the deciding line, 0 when no rule decided). n is the
// URL count.
func CompactAnswer(urls js.Value, decide func(piece []string) []engine.Cell) (n int, allowed, lines js.Value) {
	n = urlCount(urls)
	allowed = js.Global().Get("Uint8Array").New(n)
	lines = js.Global().Get("Int32Array").New(n)
	u8 := js.Global().Get("Uint8Array")
	var flags, lineBytes []byte
	eachPiece(urls, compactPiece, func(at int, piece []string) {
		flags, lineBytes = flags[:0], lineBytes[:0]
		for _, c := range decide(piece) {
			var f byte
			if c.Allowed {
				f = 1
			}
			flags = append(flags, f)
			// Little-endian, as every WebAssembly host's typed arrays are.
			lineBytes = binary.LittleEndian.AppendUint32(lineBytes, uint32(c.Line))
		}
		js.CopyBytesToJS(allowed.Call("subarray", at, at+len(piece)), flags)
		js.CopyBytesToJS(u8.New(lines.Get("buffer"), 4*at, 4*len(piece)), lineBytes)
	})
	return n, allowed, lines
}

// URLs is every URL of urls (an array, or a string a URL a line), read
// as testMany reads them (eachPiece), for a call that takes a few.
func URLs(urls js.Value) []string {
	var out []string
	eachPiece(urls, 16384, func(_ int, piece []string) { out = append(out, piece...) })
	return out
}

// urlCount is how many URLs urls holds.
func urlCount(urls js.Value) int {
	if urls.Type() == js.TypeString {
		return len(splitLines(urls.String()))
	}
	return urls.Length()
}

// eachPiece calls fn with the URLs of urls, size at a time, at the index
// of the piece's first. A string's lines lose a final CR (a list saved
// with CRLF), and a final line break ends the last line. An array's items
// are joined by the browser; a URL holding a line break (not one a browser
// sends) makes the join ambiguous, and that piece is read item by item.
func eachPiece(urls js.Value, size int, fn func(at int, piece []string)) {
	if urls.Type() == js.TypeString {
		all := splitLines(urls.String())
		for at := 0; at < len(all); at += size {
			fn(at, all[at:min(at+size, len(all))])
		}
		return
	}
	toString := js.Global().Get("String")
	n := urls.Length()
	piece := make([]string, 0, min(size, n)) // one piece's room, for the next
	for at := 0; at < n; at += size {
		to := min(at+size, n)
		part := urls.Call("slice", at, to)
		var ok bool
		if piece, ok = splitJoined(piece[:0], part.Call("join", "\n").String(), to-at); !ok {
			piece = append(piece[:0], make([]string, to-at)...)
			for k := range piece {
				piece[k] = toString.Invoke(part.Index(k)).String()
			}
		}
		fn(at, piece)
	}
}

// splitJoined appends to piece the n lines of joined, a piece's URLs
// joined by line breaks; ok is false when joined holds another count
// (a URL held a line break). It reads with IndexByte, which js/wasm runs
// several times faster than strings.Count and Split's byte loop.
func splitJoined(piece []string, joined string, n int) (out []string, ok bool) {
	for len(piece) < n {
		i := strings.IndexByte(joined, '\n')
		if i < 0 {
			piece = append(piece, joined)
			return piece, len(piece) == n
		}
		piece = append(piece, joined[:i])
		joined = joined[i+1:]
	}
	return piece, false
}

// splitLines is a text's lines, a URL a line.
func splitLines(s string) []string {
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	return lines
}
