//go:build js && wasm

package jsapi

import "strings"

// sentTexts numbers the texts of rules and reasons the exported answers
// have sent, by their bytes, for every handle: a docs widget parses its
// text again at each edit, and the new handle's first answers quote the
// same rules in the same sentences, which the wrapper then takes from its
// table by number instead of decoding them again. In Chromium a
// TextDecoder call cost about 0.35 µs, a third of what a handle's first
// answer costs more than the next ones (issue 26). The wrapper may let go
// of a text whenever it likes; it then asks for the answer again with its
// texts (full 2).
var sentTexts struct {
	numbers map[string]int32
	last    int32 // the last number given: none is given twice
	bytes   int   // the numbered texts' length in all
}

// At most this many texts, or bytes of them, are numbered at once: past
// either, the numbering starts again with the next number (README,
// Security).
const (
	maxSentTexts = 4096
	maxSentBytes = 1 << 20
)

// textNumber is text's number, and whether an earlier answer sent it
// (else it is numbered now, and this answer sends it). text may be the
// answer's own bytes: the table keeps a copy.
func textNumber(text string) (n int32, sent bool) {
	t := &sentTexts
	if n, ok := t.numbers[text]; ok {
		return n, true
	}
	if t.numbers == nil || len(t.numbers) == maxSentTexts || t.bytes+len(text) > maxSentBytes {
		t.numbers, t.bytes = make(map[string]int32), 0
	}
	t.last++
	t.numbers[strings.Clone(text)] = t.last
	t.bytes += len(text)
	return t.last, false
}
