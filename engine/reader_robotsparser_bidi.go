//go:build !js

package engine

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/idna"
	"golang.org/x/text/unicode/bidi"
)

// Node 20's URL parser (ada 2.9.2) checks host labels that hold a
// right-to-left character by a rule of its own, not RFC 5893's six
// conditions. Found by probing Node 20.20.2 with every string of up to
// four characters over letters, digits, Hebrew, Arabic, Arabic-Indic
// digits, a combining mark, '-', '!' and '$' (54,240 hosts), then every
// code point in six positions (TestReadersLiveHostBidi), a label with a
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

// adaBidiHostOK applies ada's rule to each label of ascii, the mapped host,
// reading its Punycode labels back as Unicode; marked are the labels whose
// first character was replaced by "a" before mapping (adaNewMarks), judged
// without it.
func adaBidiHostOK(ascii string, marked map[int]bool) bool {
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
		if !adaBidiLabelOK(u, adaDirection) {
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

// Native builds install ada's reading: the engine's host profile without
// RFC 5893's check, and the rule above with bidi classes from x/text
// (Unicode 15.0) corrected to ada's table. js/wasm builds leave this file
// out (adaHostReading, reader_robotsparser.go, says why).
func init() {
	adaHost = &adaHostReading{toASCII: noBidiProfile.ToASCII, bidiOK: adaBidiHostOK}
}

// noBidiProfile is hostProfile (hostascii_idna.go) without idna.BidiRule.
var noBidiProfile = idna.New(
	idna.MapForLookup(),
	idna.Transitional(false),
	idna.StrictDomainName(false),
	idna.CheckHyphens(false),
	idna.CheckJoiners(true),
)

// adaDirection is r's class in ada's direction table.
func adaDirection(r rune) adaDir {
	switch {
	case unicode.Is(adaNoDirection, r):
		return dirOther
	case r == 0x1734:
		// HANUNOO SIGN PAMUDPOD: a spacing mark (L) since Unicode 14.0,
		// NSM in ada's table.
		return dirNSM
	}
	p, _ := bidi.LookupRune(r)
	switch p.Class() {
	case bidi.L:
		return dirL
	case bidi.R, bidi.AL:
		return dirR
	case bidi.AN:
		return dirAN
	case bidi.EN:
		return dirEN
	case bidi.ES, bidi.CS, bidi.ET, bidi.ON, bidi.BN:
		return dirNeutral
	case bidi.NSM:
		return dirNSM
	}
	return dirOther
}

// adaNoDirection are the characters valid in host names that ada's
// direction table does not list: those Unicode 14.0 and 15.0 added. No class of the rule allows them, so that a
// right-to-left label refuses them wherever they stand. Listed by probing
// every code point under Node 20.20.2 (TestReadersLiveHostBidi).
var adaNoDirection = &unicode.RangeTable{
	R16: []unicode.Range16{
		{0x061D, 0x061D, 1}, {0x0870, 0x088E, 1}, {0x0898, 0x089F, 1}, {0x08B5, 0x08B5, 1}, {0x08C8, 0x08D2, 1},
		{0x0C3C, 0x0C3C, 1}, {0x0C5D, 0x0C5D, 1}, {0x0CDD, 0x0CDD, 1}, {0x0CF3, 0x0CF3, 1}, {0x0ECE, 0x0ECE, 1},
		{0x170D, 0x170D, 1}, {0x1715, 0x1715, 1}, {0x171F, 0x171F, 1}, {0x1AC1, 0x1ACE, 1}, {0x1B4C, 0x1B4C, 1},
		{0x1B7D, 0x1B7E, 1}, {0x1DFA, 0x1DFA, 1}, {0x20C0, 0x20C0, 1}, {0x2C2F, 0x2C2F, 1}, {0x2C5F, 0x2C5F, 1},
		{0x2E53, 0x2E5D, 1}, {0x9FFD, 0x9FFF, 1}, {0xA7C0, 0xA7C1, 1}, {0xA7D0, 0xA7D1, 1}, {0xA7D3, 0xA7D3, 1},
		{0xA7D5, 0xA7D9, 1}, {0xFBC2, 0xFBC2, 1}, {0xFD40, 0xFD4F, 1}, {0xFDCF, 0xFDCF, 1}, {0xFDFE, 0xFDFF, 1},
	},
	R32: []unicode.Range32{
		{0x10570, 0x1057A, 1}, {0x1057C, 0x1058A, 1}, {0x1058C, 0x10592, 1}, {0x10594, 0x10595, 1}, {0x10597, 0x105A1, 1},
		{0x105A3, 0x105B1, 1}, {0x105B3, 0x105B9, 1}, {0x105BB, 0x105BC, 1}, {0x10780, 0x10780, 1}, {0x1079C, 0x1079C, 1},
		{0x1079F, 0x1079F, 1}, {0x107A1, 0x107A1, 1}, {0x107A7, 0x107A7, 1}, {0x107B9, 0x107BA, 1}, {0x10EFD, 0x10EFF, 1},
		{0x10F70, 0x10F89, 1}, {0x11070, 0x11075, 1}, {0x110C2, 0x110C2, 1}, {0x1123F, 0x11241, 1}, {0x116B9, 0x116B9, 1},
		{0x11740, 0x11746, 1}, {0x11AB0, 0x11ABF, 1}, {0x11B00, 0x11B09, 1}, {0x11F00, 0x11F10, 1}, {0x11F12, 0x11F3A, 1},
		{0x11F3E, 0x11F59, 1}, {0x12F90, 0x12FF2, 1}, {0x1342F, 0x1342F, 1}, {0x13440, 0x13455, 1}, {0x16A70, 0x16ABE, 1},
		{0x16AC0, 0x16AC9, 1}, {0x1AFF0, 0x1AFF3, 1}, {0x1AFF5, 0x1AFFB, 1}, {0x1AFFD, 0x1AFFE, 1}, {0x1B11F, 0x1B122, 1},
		{0x1B132, 0x1B132, 1}, {0x1B155, 0x1B155, 1}, {0x1CF00, 0x1CF2D, 1}, {0x1CF30, 0x1CF46, 1}, {0x1CF50, 0x1CFC3, 1},
		{0x1D1E9, 0x1D1EA, 1}, {0x1D2C0, 0x1D2D3, 1}, {0x1DF00, 0x1DF1E, 1}, {0x1DF25, 0x1DF2A, 1}, {0x1E08F, 0x1E08F, 1},
		{0x1E290, 0x1E2AE, 1}, {0x1E4D0, 0x1E4F9, 1}, {0x1E7E0, 0x1E7E6, 1}, {0x1E7E8, 0x1E7EB, 1}, {0x1E7ED, 0x1E7EE, 1},
		{0x1E7F0, 0x1E7FE, 1}, {0x1F6DC, 0x1F6DF, 1}, {0x1F774, 0x1F776, 1}, {0x1F77B, 0x1F77F, 1}, {0x1F7D9, 0x1F7D9, 1},
		{0x1F7F0, 0x1F7F0, 1}, {0x1F979, 0x1F979, 1}, {0x1F9CC, 0x1F9CC, 1}, {0x1FA75, 0x1FA77, 1}, {0x1FA7B, 0x1FA7C, 1},
		{0x1FA87, 0x1FA88, 1}, {0x1FAA9, 0x1FAAF, 1}, {0x1FAB7, 0x1FABD, 1}, {0x1FABF, 0x1FABF, 1}, {0x1FAC3, 0x1FAC5, 1},
		{0x1FACE, 0x1FACF, 1}, {0x1FAD7, 0x1FADB, 1}, {0x1FAE0, 0x1FAE8, 1}, {0x1FAF0, 0x1FAF8, 1}, {0x2A6DE, 0x2A6DF, 1},
		{0x2B735, 0x2B739, 1}, {0x31350, 0x323AF, 1},
	},
}
