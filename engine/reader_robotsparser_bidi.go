package engine

import (
	"strings"
	"unicode/utf8"
)

// Node 20's URL parser (ada 2.9.2) checks host labels that hold a
// right-to-left character by a rule of its own, not RFC 5893's six
// conditions. Found by probing Node 20.20.2 with every string of up to
// four characters over letters, digits, Hebrew, Arabic, Arabic-Indic
// digits, a combining mark, '-', '!' and '$' (54,240 hosts), then every
// code point in three positions (TestReadersLiveHostBidi), a label with a
// character of class R, AL or AN is accepted when:
//
//   - it begins with a character of class L: every character between the
//     first and the last one that is not a combining mark (NSM) is of class
//     L, EN, ES, CS, ET, ON, BN or NSM. The last such character itself is
//     not checked: "aא" and "a1א" pass, "aאb", "aאא" and "aא1" fail.
//   - it begins with anything else: every character, the first one too,
//     is of class R, AL, AN, EN, ES, CS, ET, ON, BN or NSM (so "1א" and
//     "-א" pass, where RFC 5893 wants an R or AL first), the last one that
//     is not NSM is of class R, AL, EN or AN, and EN and AN are not both
//     present ("1١" fails).
//
// A label with no R, AL or AN character passes, and each label is judged
// alone: "a-.א" passes, where RFC 5893 would hold "a-" to the rule of a
// Bidi domain name. Classes are those of ada's own table, which predates
// Unicode 14.0 (adaDirection).

// adaDir is the part of a character's bidi class that ada's rule reads.
type adaDir uint8

const (
	dirOther   adaDir = iota // WS, B, S, explicit embeddings, and what ada's table lacks
	dirL                     // L
	dirR                     // R and AL
	dirAN                    // AN
	dirEN                    // EN
	dirNeutral               // ES, CS, ET, ON, BN
	dirNSM                   // NSM
)

// adaBidiReading is what a build supplies for ada's rule: a host mapping
// to ASCII without RFC 5893's check (the rule below takes its place) and
// ada's bidi classes. nil in js/wasm builds, whose host mapping is the
// browser's own and applies RFC 5893 as the standard reads it: there the
// robots-parser reader follows the browser on right-to-left hosts (the
// classes would cost the page a table, and the browser's mapping cannot be
// asked to leave the check out).
type adaBidiReading struct {
	toASCII   func(host string) (string, error)
	direction func(r rune) adaDir
}

var adaBidi *adaBidiReading

// rpHostToASCII maps host as ada does before its bidi rule: the build's
// mapping without RFC 5893's check where it has one, else the engine's.
func rpHostToASCII(host string) (string, error) {
	if adaBidi == nil || hasEmptyPunycodeLabel(host) || plainASCIIHost(host) {
		return mapHost(host)
	}
	return adaBidi.toASCII(host)
}

// adaBidiHostOK applies ada's rule to each label of ascii, the mapped host,
// reading its Punycode labels back as Unicode; marked are the labels whose
// first character was replaced by "a" before mapping (adaNewMarks), judged
// without it.
func adaBidiHostOK(ascii string, marked map[int]bool) bool {
	if adaBidi == nil {
		return true
	}
	for i, l := range strings.Split(ascii, ".") {
		code, ace := strings.CutPrefix(l, "xn--")
		if !ace {
			continue // an ASCII label has no right-to-left character
		}
		u, ok := punycodeDecode(code)
		if !ok {
			continue
		}
		if marked[i] {
			u = strings.TrimPrefix(u, "a")
		}
		if !adaBidiLabelOK(u, adaBidi.direction) {
			return false
		}
	}
	return true
}

// adaBidiLabelOK is ada's rule (above) for one Unicode label.
func adaBidiLabelOK(label string, dir func(rune) adaDir) bool {
	rtl := false
	for _, r := range label {
		if d := dir(r); d == dirR || d == dirAN {
			rtl = true
			break
		}
	}
	if !rtl {
		return true
	}
	first, size := utf8.DecodeRuneInString(label)
	rest := label[size:]
	// The last character that is not a combining mark, and what precedes it.
	end, last := len(rest), first
	for end > 0 {
		r, n := utf8.DecodeLastRuneInString(rest[:end])
		end -= n
		if dir(r) != dirNSM {
			last = r
			break
		}
	}
	if dir(first) == dirL {
		for _, r := range rest[:end] {
			if d := dir(r); d != dirL && d != dirEN && d != dirNeutral && d != dirNSM {
				return false
			}
		}
		return true
	}
	en, an := false, false
	for _, r := range label {
		switch dir(r) {
		case dirR, dirNeutral, dirNSM:
		case dirEN:
			en = true
		case dirAN:
			an = true
		default:
			return false
		}
	}
	d := dir(last)
	return (d == dirR || d == dirAN || d == dirEN) && !(en && an)
}
