//go:build js && wasm

package jsapi

import (
	"strings"
	"unicode/utf8"
	"unsafe"

	"robotstester/engine"
)

// Parse, a handle's test and release called from JavaScript straight
// into the module's exported functions, not through a js.Func: a js.Func
// call wakes Go's scheduler and reads its event, its this and each
// argument with a call back into JavaScript, and each argument string is
// encoded by the browser's TextEncoder into a copy: an empty js.Func took
// 17 µs a call under Node on a loaded machine (issue 26), an exported
// function 0.08 µs. The wrappers of handles.js (appended to wasm_exec.js;
// the loaders give them the module's exports) write the robots.txt, or
// the agent and the URL, as UTF-8 into the input buffer with
// TextEncoder.encodeInto and call the function. Numbers are all that
// cross: a pointer, lengths, the handle's id and the answer's words.
//
//	in := robotsTesterInput(n)                          // the input buffer, n bytes at least
//	write the robots.txt at in+at; id := robotsTesterParse(at, n)
//	write agent, then url, at in                        // TextEncoder.encodeInto
//	robotsTesterTest(id, agentLen, urlLen, group, full)  // 0, or -1 for no such handle
//	read the answer's words at robotsTesterAnswer()     // and its text, at the address they give
//	robotsTesterRelease(id)
//
// A test answers in words (answerWords) and, for what the wrapper does
// not hold yet, a text: the pieces of Verdict's object one after the
// other, each one's length in UTF-16 code units in the words, so that
// one TextDecoder call and slices make them all. What repeats from one
// URL to the next crosses once: the rule by its line, the reason by its
// number on the handle (engine.WhyKey: the same sentence for the same
// number), the group sentence, token and crawler by groupSentence's
// number; the URL sent is most often the URL given, and the path tested
// its end. In the most common answer the text is empty and nothing is
// decoded or parsed: the wrapper makes the object from numbers and the
// strings it holds, one object literal, with Verdict's fields in
// Verdict's order (TestBrowserScriptHandleTest compares the two).
//
// Go's collector does not move what it allocated, so the buffers stay
// where their address says while Go keeps them, until the next
// robotsTesterInput grows the input; the wrapper makes its views again
// after a call that grew the module's memory.

// exportIn is the input buffer of the exported calls.
var exportIn []byte

// robotsTesterInput makes the input buffer n bytes long at least and
// returns its address.
//
//go:wasmexport robotsTesterInput
func robotsTesterInput(n int32) int32 {
	exportCalls++ // the buffer may move
	if n < 1 {
		n = 1
	}
	if int(n) > cap(exportIn) {
		exportIn = make([]byte, n)
	}
	return int32(uintptr(unsafe.Pointer(&exportIn[:1][0])))
}

// robotsTesterParse parses the n bytes of the input buffer from at as a
// robots.txt and returns the new handle's id, or -1 when they do not fit
// the buffer (or another call took their place: startExport). The
// wrapper writes the text after the agent of the last test, which the
// next test then finds in place.
//
//go:wasmexport robotsTesterParse
func robotsTesterParse(at, n int32) int32 {
	if !startExport() {
		return -1
	}
	if at < 0 || n < 0 || int64(at)+int64(n) > int64(len(exportIn)) {
		return -1
	}
	text := exportIn[at : at+n]
	// No copy of ours: Parse copies the bytes into the file's text (a
	// string) and keeps nothing of the buffer the next call writes over.
	if f := spare; f != nil {
		spare = nil
		f.reuse(text)
		return int32(addFile(f))
	}
	return int32(addFile(&file{r: engine.Parse(text), own: true}))
}

// robotsTesterRelease frees handle id's file; an id released twice is no
// error.
//
//go:wasmexport robotsTesterRelease
func robotsTesterRelease(id int32) {
	release(int(id))
}

// The answer's words, by index; handles.js reads them by the same
// numbers (its table, which TestAnswerWordsMatchHandlesJS compares).
const (
	aText       = iota // the text's address
	aTextLen           // the text's length in bytes
	aFlags             // the f bits below
	aAllowed           // 1 allowed, 0 blocked
	aLine              // the deciding line, 0 when no rule decided
	aWhy               // the reason's number on the handle, 0 when it has none (it quotes the path)
	aGroup             // the group sentence's number
	aTestedAt          // with fTestedAsSent: testedAs is sent from this UTF-16 offset
	aNotes             // the notes the text carries
	aRuleText          // the rule's number among the texts sent (texts.go), 0 when none
	aWhyText           // the reason's, 0 when it has none (a reason quoting the path); told around the path, what comes before it
	aEndText           // a reason told around the path: what comes after it
	aPieces            // then each text piece's length in UTF-16 code units, in the order of the f bits
	answerWords = aPieces + 40
)

// The answer's flags: which pieces the text carries, in this order (the
// notes after sent), and where the others come from.
const (
	fJSON     = 1 << iota // the text is Verdict's JSON: a piece was not UTF-8, or too many notes
	fRule                 // the rule, which the wrapper keeps by line
	fWhy                  // the reason, which it keeps by number (when aWhy is not 0)
	fTestedAs             // testedAs; else it is sent from aTestedAt
	fSent                 // sent; else it is the URL given
	fGroup                // the group sentence, the token and the crawler, kept by aGroup
	fAround               // the reason is told around testedAs: with fWhy, two pieces, before and after it
	fRuleText             // the rule is not in the text: an earlier answer sent it as number aRuleText
	fWhyText              // likewise the reason, as number aWhyText (with fAround, and what follows, as aEndText)
)

// answer is robotsTesterTest's last answer: its words at a fixed address,
// and its text.
var answer struct {
	words [answerWords]int32
	text  []byte
}

// robotsTesterTest answers handle id's test of the agent and URL in the
// input buffer (agentLen bytes, then urlLen) in answer. group is the
// group sentence's number the wrapper holds. full asks for the rule and
// the reason whatever their numbers on the handle: 1 when the wrapper
// holds none of the handle's (those an earlier answer sent come by their
// number among the texts, texts.go), 2 for their texts whatever their
// numbers (the wrapper has let a text go). It returns 0, or -1 when id
// names no file (or the lengths do not fit the buffer, or another call
// took their place: startExport), for the wrapper to ask the js.Func,
// which says why in a sentence.
//
//go:wasmexport robotsTesterTest
func robotsTesterTest(id, agentLen, urlLen, group, full int32) int32 {
	if !startExport() {
		return -1
	}
	f := parsed.get(int(id))
	if f == nil || agentLen < 0 || urlLen < 0 || int64(agentLen)+int64(urlLen) > int64(len(exportIn)) {
		return -1
	}
	a := readAgentBytes(exportIn[:agentLen])
	// The URL is read in place, no copy: what the answer keeps past this
	// call is copied into answer.text, and the engine keeps nothing of a
	// URL it tests (its file's Tester and indexes are made from the file).
	typed := unsafe.String(unsafe.SliceData(exportIn[agentLen:]), urlLen)
	enc, read := sent(typed)
	url, notes := enc.URL, enc.Notes
	// The verdict and what its sentences are told from, not every match
	// (engine.Tester's Brief; the JSON below tests in full, and answers
	// the same).
	res := f.testerFor(a).Brief(enc)
	w, t := &answer.words, answer.text[:0]
	w[aFlags], w[aAllowed], w[aLine], w[aWhy], w[aNotes] = 0, 0, int32(res.Line), 0, int32(len(notes))
	w[aRuleText], w[aWhyText], w[aEndText] = 0, 0, 0
	if res.Allowed {
		w[aAllowed] = 1
	}
	at := answerText{t: t, n: aPieces}
	if res.Line > 0 && (f.ruleNew(res.Line) || full != 0) {
		// Written straight into the text, as the reason below: a rule
		// not written as it is shown would be a string of its own.
		start := len(at.t)
		at.t = f.r.AppendRuleText(at.t, res.Line)
		n, sent := textNumber(unsafe.String(unsafe.SliceData(at.t[start:]), len(at.t)-start))
		if w[aRuleText] = n; sent && full != 2 {
			at.t, at.flags = at.t[:start], at.flags|fRuleText
		} else {
			at.counted(fRule, start)
		}
	}
	key, keyed := res.WhyKey()
	before, after, around := "", "", false
	if !keyed {
		before, after, around = f.r.WhyAround(res)
	}
	fresh := false
	if keyed || around {
		w[aWhy], fresh = f.whyNumber(key)
	}
	switch {
	case around:
		// The two are a few sentences' halves, numbered like the
		// others: a new handle's first answer most often quotes no rule,
		// and sends no text at all.
		at.flags |= fAround
		if fresh || full != 0 {
			nb, sentBefore := textNumber(before)
			ne, sentAfter := textNumber(after)
			if w[aWhyText], w[aEndText] = nb, ne; sentBefore && sentAfter && full != 2 {
				at.flags |= fWhyText
			} else {
				at.piece(fWhy, before)
				at.piece(fWhy, after)
			}
		}
	case (!keyed || fresh || full != 0) && at.flags&fJSON == 0:
		// A sentence an answer told from the same inputs, on this file or
		// another, is told by its number (texts.go).
		read := false
		if keyed && full != 2 {
			var n int32
			if n, read = knownWhy(f.r, res); n > 0 {
				w[aWhyText], at.flags = n, at.flags|fWhyText
				break
			}
		}
		// Written straight into the text: no string of its own.
		start := len(at.t)
		at.t = f.r.AppendWhy(at.t, res)
		if keyed {
			n, sent := textNumber(unsafe.String(unsafe.SliceData(at.t[start:]), len(at.t)-start))
			if read {
				rememberWhy(n)
			}
			if w[aWhyText] = n; sent && full != 2 {
				at.t, at.flags = at.t[:start], at.flags|fWhyText
				break
			}
		}
		at.counted(fWhy, start)
	}
	// testedAs is most often the end of sent: the same bytes (EncodeURL's
	// short way cuts it from the URL), and before it an ASCII scheme and
	// host, whose byte offset is JavaScript's.
	if from := len(res.URL) - len(res.Path); from >= 0 && sameEnd(res.URL, res.Path) && (read || isASCII(res.URL[:from])) {
		w[aTestedAt] = int32(from)
	} else {
		at.piece(fTestedAs, res.Path)
	}
	// The URL given is the one read unless the text held a lone
	// surrogate, which encodeInto wrote as U+FFFD: sent is then the text
	// Go read. A URL EncodeURL read is ASCII, so only an error's text,
	// sent as given, can hold one.
	if len(url) != len(typed) || !sameEnd(url, typed) || !read && strings.Contains(typed, "\uFFFD") {
		at.piece(fSent, res.URL)
	}
	for _, note := range notes {
		at.piece(0, note)
	}
	if f.group.told == 0 {
		f.group.sentence, f.group.told = groupSentence(f.r, res)
	}
	sentence, told := f.group.sentence, f.group.told
	if w[aGroup] = told; told != group {
		at.piece(fGroup, sentence)
		at.piece(fGroup, res.Token)
		at.piece(fGroup, res.Crawler)
	}
	t, flags := at.t, at.flags
	if flags&fJSON != 0 {
		flags, t = fJSON, appendVerdict(t[:0], f.r, a, typed)
	}
	answer.text, w[aFlags], w[aTextLen], w[aText] = t, flags, int32(len(t)), 0
	if len(t) > 0 {
		w[aText] = int32(uintptr(unsafe.Pointer(&t[0])))
	}
	return 0
}

// answerText is the text of the answer being written, and its flags: each
// piece's length in UTF-16 code units goes into answer's words from n.
type answerText struct {
	t     []byte
	flags int32
	n     int
}

// counted counts the text from start on as the next piece, bit's; a
// piece that is not UTF-8, or one too many, makes the answer JSON.
func (at *answerText) counted(bit int32, start int) {
	units, ok := utf16Len(unsafe.String(unsafe.SliceData(at.t[start:]), len(at.t)-start))
	if !ok || at.n == answerWords {
		at.flags |= fJSON
		return
	}
	at.flags |= bit
	answer.words[at.n] = units
	at.n++
}

// piece appends s as the next piece, bit's, unless the answer is JSON.
func (at *answerText) piece(bit int32, s string) {
	if at.flags&fJSON == 0 {
		at.t = append(at.t, s...)
		at.counted(bit, len(at.t)-len(s))
	}
}

// robotsTesterAnswer is the address of the answer's words, which stays
// where it is for the program's life.
//
//go:wasmexport robotsTesterAnswer
func robotsTesterAnswer() int32 {
	return int32(uintptr(unsafe.Pointer(&answer.words[0])))
}

// utf16Len is s's length in UTF-16 code units, what JavaScript counts;
// ok is false when s is not UTF-8, whose bytes the browser's decoder
// would replace in a way Go does not count.
func utf16Len(s string) (units int32, ok bool) {
	i := 0
	for i < len(s) && s[i] < utf8.RuneSelf {
		i++
	}
	if i == len(s) {
		return int32(len(s)), true
	}
	if !utf8.ValidString(s[i:]) {
		return 0, false
	}
	units = int32(i)
	for _, r := range s[i:] {
		units++
		if r >= 0x10000 {
			units++
		}
	}
	return units, true
}

// sameEnd reports whether s ends with end, telling at once when end is
// s's own last bytes (for strings of one length, whether they are equal).
func sameEnd(s, end string) bool {
	at := len(s) - len(end)
	if at < 0 {
		return false
	}
	if len(end) == 0 || unsafe.StringData(s[at:]) == unsafe.StringData(end) {
		return true
	}
	return s[at:] == end
}

// isASCII reports whether s is ASCII alone, whose byte offsets are
// JavaScript's.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// readAgentBytes is ReadAgentCached for a name given as bytes, which it
// copies only when the name differs from the last one.
func readAgentBytes(name []byte) Agent {
	if agentCache.set && agentCache.name == string(name) {
		return agentCache.agent
	}
	return ReadAgentCached(string(name))
}
