package engine

// Percent normalisation of allow/disallow patterns (robots.cc,
// MaybeEscapePattern). The URL being tested is never normalised.

const upperHex = "0123456789ABCDEF"

func IsHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func ToUpperASCII(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// NormalisePattern upper-cases the hex digits of every %XX escape and
// percent-encodes every byte ≥ 0x80, leaving everything else as written:
// nothing is decoded, and ASCII that "should" be escaped is kept. Parse
// calls it only for patterns scanPattern does not find plain.
func NormalisePattern(p string) string {
	if !normalisingChanges(p) {
		return p
	}
	return string(appendNormalised(make([]byte, 0, len(p)+len(p)/2), p))
}

// normalisingChanges says whether NormalisePattern(p) differs from p.
func normalisingChanges(p string) bool {
	for i := 0; i < len(p); i++ {
		c := p[i]
		if c == '%' && i+2 < len(p) && IsHex(p[i+1]) && IsHex(p[i+2]) {
			if p[i+1] >= 'a' || p[i+2] >= 'a' {
				return true
			}
			i += 2
		} else if c >= 0x80 {
			return true
		}
	}
	return false
}

// appendNormalised appends NormalisePattern(p) to out: at most three
// bytes a byte of p.
func appendNormalised(out []byte, p string) []byte {
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c == '%' && i+2 < len(p) && IsHex(p[i+1]) && IsHex(p[i+2]):
			out = append(out, '%', ToUpperASCII(p[i+1]), ToUpperASCII(p[i+2]))
			i += 2
		case c >= 0x80:
			out = append(out, '%', upperHex[c>>4], upperHex[c&15])
		default:
			out = append(out, c)
		}
	}
	return out
}

// scanPattern reads a pattern once and reports whether it is plain (no '%'
// and no byte ≥ 0x80, as most are: NormalisePattern would return it as it
// is) and whether it is literal (no '*': matching it needs no search,
// and NormalisePattern, which neither adds nor removes one, keeps it so).
// It reads eight bytes at a time (wordAt).
func scanPattern(p string) (plain, literal bool) {
	var escapes, stars uint64
	if len(p) < 8 {
		for i := 0; i < len(p); i++ {
			switch c := p[i]; {
			case c >= 0x80 || c == '%':
				escapes = highs
			case c == '*':
				stars = highs
			}
		}
	} else {
		// The last word overlaps the one before it rather than leaving a
		// tail to read byte by byte.
		escapes, stars = scanWord(p[len(p)-8:])
		for i := 0; i+8 < len(p); i += 8 {
			e, s := scanWord(p[i : i+8])
			escapes, stars = escapes|e, stars|s
		}
	}
	return escapes&highs == 0, stars&highs == 0
}

// Eight bytes of 0x01, and of 0x80, to test the bytes of a word at once.
const ones, highs = 0x0101010101010101, 0x8080808080808080

// scanWord reads the eight bytes of w: escapes has a high bit (highs) set
// exactly when they hold a '%' or a byte ≥ 0x80, stars when they hold a
// '*'.
func scanWord(w string) (escapes, stars uint64) {
	u := wordAt(w, 0)
	return u | zeroByte(u^ones*'%'), zeroByte(u ^ ones*'*')
}

// zeroByte has a high bit set exactly when x has a zero byte: x-ones
// borrows from no byte before the first zero one, and &^x drops the bytes
// that were ≥ 0x80 already.
func zeroByte(x uint64) uint64 {
	return (x - ones) &^ x
}
