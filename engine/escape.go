package engine

import "strings"

// Percent normalisation of allow/disallow patterns (robots.cc,
// MaybeEscapePattern). The URL being tested is never normalised.

const upperHex = "0123456789ABCDEF"

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func toUpperASCII(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// normalisePattern upper-cases the hex digits of every %XX escape and
// percent-encodes every byte ≥ 0x80, leaving everything else as written:
// nothing is decoded, and ASCII that "should" be escaped is kept.
func normalisePattern(p string) string {
	// Most patterns are plain ASCII without escapes: find that out eight
	// bytes at a time.
	i := 0
	for ; i+8 <= len(p); i += 8 {
		w := p[i : i+8] // one bounds check for the eight bytes
		if (w[0]|w[1]|w[2]|w[3]|w[4]|w[5]|w[6]|w[7])&0x80 != 0 {
			break
		}
	}
	for i < len(p) && p[i] < 0x80 {
		i++
	}
	if i == len(p) && strings.IndexByte(p, '%') < 0 {
		return p
	}
	change := false
	for i = 0; i < len(p); i++ {
		c := p[i]
		if c == '%' && i+2 < len(p) && isHex(p[i+1]) && isHex(p[i+2]) {
			if p[i+1] >= 'a' || p[i+2] >= 'a' {
				change = true
			}
			i += 2
		} else if c >= 0x80 {
			change = true
		}
	}
	if !change {
		return p
	}
	out := make([]byte, 0, len(p)+len(p)/2)
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c == '%' && i+2 < len(p) && isHex(p[i+1]) && isHex(p[i+2]):
			out = append(out, '%', toUpperASCII(p[i+1]), toUpperASCII(p[i+2]))
			i += 2
		case c >= 0x80:
			out = append(out, '%', upperHex[c>>4], upperHex[c&15])
		default:
			out = append(out, c)
		}
	}
	return string(out)
}
