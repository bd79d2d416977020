//go:build js && wasm

package jsapi

import (
	"strings"

	"robotstester/engine"
)

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
	numbers map[string]sentText
	last    int32 // the last number given: none is given twice
	bytes   int   // the numbered texts' length in all
	// The texts looked up last, compared before the map: in js/wasm a
	// string's hash is computed without the 128-bit multiply it is
	// written for, and a lookup of a 40-byte reason cost about 90 ns; a
	// new handle's answers mostly quote the texts the last one quoted.
	recent   [8]sentText
	recentAt int
}

// sentText is a numbered text: the map's value holds the text too, the
// same string as its key, for the recent texts to keep.
type sentText struct {
	text string
	n    int32
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
	for i := range t.recent {
		if r := &t.recent[i]; r.n > 0 && r.text == text {
			return r.n, true
		}
	}
	st, sent := t.numbers[text]
	if !sent {
		if t.numbers == nil || len(t.numbers) == maxSentTexts || t.bytes+len(text) > maxSentBytes {
			t.numbers, t.bytes, t.recent = make(map[string]sentText), 0, [8]sentText{}
			for i := range knownWhys.known {
				knownWhys.known[i].n = 0 // numbers the table no longer holds
			}
		}
		t.last++
		st = sentText{strings.Clone(text), t.last}
		t.numbers[st.text] = st
		t.bytes += len(text)
	}
	t.recent[t.recentAt] = st
	t.recentAt = (t.recentAt + 1) % len(t.recent)
	return st.n, sent
}

// knownWhys are the numbers of the last reasons told, each by what
// AppendWhy read to tell it (engine.AppendWhyInputs), for every handle: a
// new handle's first answer mostly tells a sentence the last handle's
// told, whose number the inputs then find without telling it again
// (AppendWhy and textNumber were a tenth of 0366.txt's parse and first
// answer in Chromium, issue 26).
var knownWhys struct {
	in    []byte // the inputs read last (knownWhy)
	known [8]numberedWhy
	at    int
	found int // the sentences found, for tests
}

type numberedWhy struct {
	in []byte
	n  int32
}

// knownWhy is the number of res's sentence on r when one of the last
// reasons told had its inputs, else 0; read says its inputs were read,
// for rememberWhy.
func knownWhy(r *engine.Robots, res engine.Result) (n int32, read bool) {
	k := &knownWhys
	if k.in, read = r.AppendWhyInputs(k.in[:0], res); !read {
		return 0, false
	}
	for i := range k.known {
		if e := &k.known[i]; e.n > 0 && string(e.in) == string(k.in) {
			k.found++
			return e.n, true
		}
	}
	return 0, true
}

// rememberWhy notes n as the number of the sentence whose inputs
// knownWhy read last.
func rememberWhy(n int32) {
	k := &knownWhys
	e := &k.known[k.at]
	e.in, e.n = append(e.in[:0], k.in...), n
	k.at = (k.at + 1) % len(k.known)
}
