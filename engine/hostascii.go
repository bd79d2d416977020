package engine

import (
	"errors"
	"strings"
)

// Host names to ASCII, as browsers map them (WHATWG URL, "domain to ASCII"
// with beStrict false: UTS #46 non-transitional processing, CheckBidi and
// CheckJoiners on, CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength off),
// so "www.Müller.eu" becomes "www.xn--mller-kva.eu" (RFC 3492) and an
// underscore stays allowed.
//
// Most hosts need no table: among ASCII code points UTS #46 maps only A–Z
// (to a–z) and, with UseSTD3ASCIIRules off, finds every other one valid; an
// ASCII label is left to right, so the Bidi rule has nothing to refuse, and
// holds no joiner. An ASCII host with no "xn--" label therefore maps to its
// lower-case form (hostascii_test.go checks this against x/net/idna over
// generated hosts). Other hosts need the UTS #46 tables, which cost a
// WebAssembly download about 170 KB as Brotli: native builds map them with
// x/net/idna (hostascii_idna.go), and the browser programs of wasm/ hand
// them to the browser's own URL parser through SetHostMapper.

// hostMapper maps the hosts the ASCII rule above cannot; nil until a build
// or a program installs one.
var hostMapper func(host string) (ascii string, err error)

// errNoHostMapper is the answer for an international host when no mapper
// is installed: a program that embeds the engine in a js/wasm build and
// wants such hosts must call SetHostMapper.
var errNoHostMapper = errors.New("this build of the engine has no mapping for international domain names; a program embedding it installs one with engine.SetHostMapper")

// errEmptyPunycode refuses a label that is just "xn--": UTS #46 (Unicode
// 15.1 on) refuses it, browsers do, and x/net/idna would map it to "".
var errEmptyPunycode = errors.New(`a label is just "xn--", an empty Punycode label`)

// SetHostMapper installs the mapping for hosts that are not plain ASCII
// (or that hold an "xn--" label): m takes a host name as typed, without
// port or brackets, and returns its ASCII form under the profile above or
// an error saying why it is not a valid domain name. The engine checks the
// result itself afterwards (forbidden code points, IPv4 addresses). Native
// builds install x/net/idna; the browser programs install the browser's
// own mapping. Call it before the first test, from one goroutine.
func SetHostMapper(m func(host string) (ascii string, err error)) {
	hostMapper = m
}

// MapHost maps host to ASCII: plain ASCII hosts here, the rest through the
// installed mapper.
func MapHost(host string) (string, error) {
	if HasEmptyPunycodeLabel(host) {
		return "", errEmptyPunycode
	}
	if PlainASCIIHost(host) {
		return LowerASCII(host), nil
	}
	if hostMapper == nil {
		return "", errNoHostMapper
	}
	return hostMapper(host)
}

// PlainASCIIHost reports whether host is ASCII with no label that starts
// with "xn--" in any case (a Punycode label, which UTS #46 decodes and
// checks).
func PlainASCIIHost(host string) bool {
	start := 0
	for i := 0; i <= len(host); i++ {
		if i == len(host) || host[i] == '.' {
			if i-start >= 4 && host[start]|0x20 == 'x' && host[start+1]|0x20 == 'n' && host[start+2] == '-' && host[start+3] == '-' {
				return false
			}
			start = i + 1
			continue
		}
		if host[i] >= 0x80 {
			return false
		}
	}
	return true
}

// HasEmptyPunycodeLabel reports whether a label of host is "xn--" in any
// case.
func HasEmptyPunycodeLabel(host string) bool {
	// Label by label without splitting: every URL a script tests passes
	// here, and a split is an allocation each (issue 26).
	for host != "" {
		label, rest, _ := strings.Cut(host, ".")
		if len(label) == 4 && strings.EqualFold(label, "xn--") {
			return true
		}
		host = rest
	}
	return false
}
