package engine

// IP address hosts, read and written exactly as net/netip's ParseAddr and
// Addr.String do for the two forms asciiHost meets: a dotted IPv4 address
// and an IPv6 address without a zone. net/netip itself would bring its zone
// interning (package unique) and the rest of the package into app.wasm,
// 140 KB for two calls; ipaddr_test.go checks these against it.

// ParseIPv4 reads four decimal fields of 0 to 255 separated by dots, with no
// leading zero ("01"), as netip's parseIPv4Fields.
func ParseIPv4(s string) (ip [4]byte, ok bool) {
	field, val, digits := 0, 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case '0' <= c && c <= '9':
			if digits == 1 && val == 0 {
				return ip, false
			}
			val = val*10 + int(c-'0')
			digits++
			if val > 255 {
				return ip, false
			}
		case c == '.':
			if digits == 0 || field == 3 {
				return ip, false
			}
			ip[field] = byte(val)
			field, val, digits = field+1, 0, 0
		default:
			return ip, false
		}
	}
	if field != 3 || digits == 0 {
		return ip, false
	}
	ip[3] = byte(val)
	return ip, true
}

// ParseIPv6 reads an IPv6 address as netip's parseIPv6 does (RFC 4291 §2.2):
// eight groups of one to four hex digits separated by colons, one "::"
// standing for one or more zero groups, and the last two groups optionally
// written as a dotted IPv4 address. A zone ("%eth0") is refused.
func ParseIPv6(s string) (ip [16]byte, ok bool) {
	ellipsis := -1 // index in ip where "::" stands
	if len(s) >= 2 && s[0] == ':' && s[1] == ':' {
		ellipsis, s = 0, s[2:]
		if s == "" {
			return ip, true
		}
	}
	i := 0
	for i < 16 {
		off, acc := 0, 0
		for ; off < len(s) && off <= 4; off++ {
			d := hexDigit(s[off])
			if d < 0 {
				break
			}
			acc = acc<<4 | d
		}
		if off == 0 || off > 4 {
			return ip, false
		}
		if off < len(s) && s[off] == '.' {
			if ellipsis < 0 && i != 12 || i+4 > 16 {
				return ip, false
			}
			v4, ok := ParseIPv4(s)
			if !ok {
				return ip, false
			}
			copy(ip[i:], v4[:])
			s, i = "", i+4
			break
		}
		ip[i], ip[i+1] = byte(acc>>8), byte(acc)
		i += 2
		s = s[off:]
		if s == "" {
			break
		}
		if s[0] != ':' || len(s) == 1 {
			return ip, false
		}
		s = s[1:]
		if s[0] == ':' {
			if ellipsis >= 0 {
				return ip, false
			}
			ellipsis, s = i, s[1:]
			if s == "" {
				break
			}
		}
	}
	if s != "" {
		return ip, false
	}
	switch {
	case i < 16 && ellipsis < 0, i == 16 && ellipsis >= 0:
		return ip, false
	case i < 16:
		n := 16 - i
		copy(ip[ellipsis+n:], ip[ellipsis:i])
		clear(ip[ellipsis : ellipsis+n])
	}
	return ip, true
}

func hexDigit(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	case 'A' <= c && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// formatIPv4 writes ip in dotted decimal.
func formatIPv4(ip [4]byte) string {
	b := make([]byte, 0, len("255.255.255.255"))
	for i, v := range ip {
		if i > 0 {
			b = append(b, '.')
		}
		b = appendDecimal(b, int(v))
	}
	return string(b)
}

func appendDecimal(b []byte, v int) []byte {
	if v >= 10 {
		b = appendDecimal(b, v/10)
	}
	return append(b, byte('0'+v%10))
}

// formatIPv6 writes ip as netip's Addr.String does: an IPv4-mapped address
// as ::ffff:192.0.2.1, any other in the RFC 5952 §4 form (lower-case hex
// without leading zeros, the first longest run of two or more zero groups
// as "::").
func formatIPv6(ip [16]byte) string {
	if [12]byte(ip[:12]) == [12]byte{10: 0xff, 11: 0xff} {
		return "::ffff:" + formatIPv4([4]byte(ip[12:]))
	}
	group := func(i int) int { return int(ip[2*i])<<8 | int(ip[2*i+1]) }
	zeroStart, zeroEnd := -1, -1
	for i := 0; i < 8; i++ {
		j := i
		for j < 8 && group(j) == 0 {
			j++
		}
		if j-i >= 2 && j-i > zeroEnd-zeroStart {
			zeroStart, zeroEnd = i, j
		}
	}
	const hex = "0123456789abcdef"
	b := make([]byte, 0, len("ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"))
	for i := 0; i < 8; i++ {
		if i == zeroStart {
			b = append(b, ':', ':')
			if i = zeroEnd; i >= 8 {
				break
			}
		} else if i > 0 {
			b = append(b, ':')
		}
		g, started := group(i), false
		for shift := 12; shift >= 0; shift -= 4 {
			if d := g >> shift & 0xf; d != 0 || started || shift == 0 {
				b, started = append(b, hex[d]), true
			}
		}
	}
	return string(b)
}
