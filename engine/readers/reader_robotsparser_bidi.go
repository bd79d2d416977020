//go:build !js

package readers

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
// reading its Punycode labels back as Unicode, or to a label that holds a
// joiner ada's joiner check (adaJoinersOK) in its place, after the check
// that no label begins with a combining mark; marked are the labels whose
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
		} else if r, _ := utf8.DecodeRuneInString(u); unicode.Is(unicode.M, r) {
			// UTS #46's V5, which x/net/idna checks only with the joiner
			// rules this profile leaves out (adaNewMarks are let through
			// by the caller, marked).
			return false
		}
		if strings.ContainsAny(u, "\u200C\u200D") {
			if !adaJoinersOK(u) {
				return false
			}
			continue // ada's joiner check has the last word on the label
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
// RFC 5893's check and without RFC 5892's joiner rules (CONTEXTJ), and in
// their place ada's joiner check and the rule above, with bidi classes
// from x/text (Unicode 15.0) corrected to ada's table. js/wasm builds leave this file
// out (adaHostReading, reader_robotsparser.go, says why).
func init() {
	adaHost = &adaHostReading{toASCII: noBidiProfile.ToASCII, bidiOK: adaBidiHostOK}
}

// noBidiProfile is hostProfile (hostascii_idna.go) without idna.BidiRule
// and without the joiner rules, which ada reads its own way.
var noBidiProfile = idna.New(
	idna.MapForLookup(),
	idna.Transitional(false),
	idna.StrictDomainName(false),
	idna.CheckHyphens(false),
	idna.CheckJoiners(false),
)

// adaJoinersOK is ada's joiner check (is_label_valid in ada's idna
// validity.cpp, Node 20.20.2's ada 2.9.2) for a label that holds U+200C
// ZERO WIDTH NON-JOINER or U+200D ZERO WIDTH JOINER. It reads RFC 5892's
// CONTEXTJ rules (Appendix A.1, A.2) its own way, and only at the label's
// first joiner, whose answer is the label's: ada returns it at once, so a
// later joiner, and the Bidi rule, are never looked at.
//
//   - A joiner right after a virama (adaVirama) passes.
//   - Any other U+200D fails.
//   - Any other U+200C fails first or last in the label, else passes when
//     some character before it, anywhere, joins to the left (Joining_Type
//     L or D, adaJoinsBefore) and some character after it, anywhere, to the
//     right (R or D, adaJoinsAfter). RFC 5892 wants them next to the
//     joiner, with only transparent characters (T) between.
//
// "\u0628\u200C\u0628a" passes (the Latin letter would fail the Bidi
// rule), "\u0915\u094D\u200Dx\u200D" passes (its second ZWJ, after no
// virama, would fail RFC 5892), "\u05D0\u200C\u05D0" fails (Hebrew does
// not join).
func adaJoinersOK(label string) bool {
	prev := rune(-1)
	for i, r := range label {
		if r != 0x200C && r != 0x200D {
			prev = r
			continue
		}
		switch {
		case prev >= 0 && unicode.Is(adaVirama, prev):
			return true
		case r == 0x200D || prev < 0 || i+len("\u200C") == len(label):
			return false
		}
		return strings.ContainsFunc(label[:i], func(r rune) bool { return unicode.Is(adaJoinsBefore, r) }) &&
			strings.ContainsFunc(label[i+len("\u200C"):], func(r rune) bool { return unicode.Is(adaJoinsAfter, r) })
	}
	return true
}

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

// The tables of ada's joiner check, listed by probing every code point c
// that maps to itself under Node 20.20.2 (TestReadersLiveHostJoiners
// checks them): "a"+c+"\u200D" passes for a virama; "a"+c+"\u200C\u0628"
// for a character joining to the left; "\u0628\u200C"+c for one joining
// to the right.

// adaVirama: the viramas ada's joiner check knows (RFC 5892's
// Canonical_Combining_Class Virama, as of ada's table).
var adaVirama = &unicode.RangeTable{
	R16: []unicode.Range16{
		{0x094D, 0x094D, 1}, {0x09CD, 0x09CD, 1}, {0x0A4D, 0x0A4D, 1}, {0x0ACD, 0x0ACD, 1}, {0x0B4D, 0x0B4D, 1},
		{0x0BCD, 0x0BCD, 1}, {0x0C4D, 0x0C4D, 1}, {0x0CCD, 0x0CCD, 1}, {0x0D3B, 0x0D3C, 1}, {0x0D4D, 0x0D4D, 1},
		{0x0DCA, 0x0DCA, 1}, {0x0E3A, 0x0E3A, 1}, {0x0EBA, 0x0EBA, 1}, {0x0F84, 0x0F84, 1}, {0x1039, 0x103A, 1},
		{0x1714, 0x1714, 1}, {0x1734, 0x1734, 1}, {0x17D2, 0x17D2, 1}, {0x1A60, 0x1A60, 1}, {0x1B44, 0x1B44, 1},
		{0x1BAA, 0x1BAB, 1}, {0x1BF2, 0x1BF3, 1}, {0x2D7F, 0x2D7F, 1}, {0xA806, 0xA806, 1}, {0xA82C, 0xA82C, 1},
		{0xA8C4, 0xA8C4, 1}, {0xA953, 0xA953, 1}, {0xA9C0, 0xA9C0, 1}, {0xAAF6, 0xAAF6, 1}, {0xABED, 0xABED, 1},
	},
	R32: []unicode.Range32{
		{0x10A3F, 0x10A3F, 1}, {0x11046, 0x11046, 1}, {0x1107F, 0x1107F, 1}, {0x110B9, 0x110B9, 1}, {0x11133, 0x11134, 1},
		{0x111C0, 0x111C0, 1}, {0x11235, 0x11235, 1}, {0x112EA, 0x112EA, 1}, {0x1134D, 0x1134D, 1}, {0x11442, 0x11442, 1},
		{0x114C2, 0x114C2, 1}, {0x115BF, 0x115BF, 1}, {0x1163F, 0x1163F, 1}, {0x116B6, 0x116B6, 1}, {0x1172B, 0x1172B, 1},
		{0x11839, 0x11839, 1}, {0x1193D, 0x1193E, 1}, {0x119E0, 0x119E0, 1}, {0x11A34, 0x11A34, 1}, {0x11A47, 0x11A47, 1},
		{0x11A99, 0x11A99, 1}, {0x11C3F, 0x11C3F, 1}, {0x11D44, 0x11D45, 1}, {0x11D97, 0x11D97, 1},
	},
}

// adaJoinsBefore: the characters ada's joiner check reads as joining to the
// left (Joining_Type L or D).
var adaJoinsBefore = &unicode.RangeTable{
	R16: []unicode.Range16{
		{0x0620, 0x0620, 1}, {0x0626, 0x0626, 1}, {0x0628, 0x0628, 1}, {0x062A, 0x062E, 1}, {0x0633, 0x063F, 1},
		{0x0641, 0x0647, 1}, {0x0649, 0x064A, 1}, {0x066E, 0x066F, 1}, {0x0679, 0x0687, 1}, {0x069A, 0x06BF, 1},
		{0x06C1, 0x06C2, 1}, {0x06CC, 0x06CC, 1}, {0x06CE, 0x06CE, 1}, {0x06D0, 0x06D1, 1}, {0x06FA, 0x06FC, 1},
		{0x06FF, 0x06FF, 1}, {0x0712, 0x0714, 1}, {0x071A, 0x071D, 1}, {0x071F, 0x0727, 1}, {0x0729, 0x0729, 1},
		{0x072B, 0x072B, 1}, {0x072D, 0x072E, 1}, {0x074E, 0x0758, 1}, {0x075C, 0x0766, 1}, {0x0850, 0x0853, 1},
		{0x0855, 0x0855, 1}, {0x08A0, 0x08A0, 1}, {0x08A2, 0x08A9, 1}, {0x1807, 0x1807, 1}, {0x1820, 0x1877, 1},
		{0x1887, 0x18A8, 1}, {0x18AA, 0x18AA, 1}, {0xA840, 0xA872, 1},
	},
}

// adaJoinsAfter: the characters ada's joiner check reads as joining to the
// right (Joining_Type R or D).
var adaJoinsAfter = &unicode.RangeTable{
	R16: []unicode.Range16{
		{0x0620, 0x0620, 1}, {0x0622, 0x063F, 1}, {0x0641, 0x064A, 1}, {0x066E, 0x066F, 1}, {0x0671, 0x0673, 1},
		{0x0679, 0x06D3, 1}, {0x06D5, 0x06D5, 1}, {0x06EE, 0x06EF, 1}, {0x06FA, 0x06FC, 1}, {0x06FF, 0x06FF, 1},
		{0x0710, 0x0710, 1}, {0x0712, 0x072F, 1}, {0x074D, 0x0766, 1}, {0x0850, 0x0855, 1}, {0x08A0, 0x08A0, 1},
		{0x08A2, 0x08AC, 1}, {0x1807, 0x1807, 1}, {0x1820, 0x1877, 1}, {0x1887, 0x18A8, 1}, {0x18AA, 0x18AA, 1},
		{0xA840, 0xA871, 1},
	},
}
