//go:build js && wasm

// Package browserhost maps international host names to ASCII with the
// browser's own URL parser, for the engine in js/wasm builds, which leave
// out x/net/idna and its UTS #46 tables (about 170 KB of the download as
// Brotli; issues 9 and 13). The page, its workers and core.wasm call
// Install before their first test. It works in a window and in a Worker.
//
// The browser's parser applies WHATWG URL "domain to ASCII" with beStrict
// false, the profile the engine maps with natively (engine/hostascii.go),
// through the browser's IDNA library. Known differences with x/net/idna
// (wasm/browsertest/hostmap_browser_test.go compares the two on a table of
// hosts; its comments list what Chromium does differently):
//   - A host that maps to a forbidden code point (such as "／", U+FF0F, to
//     "/") is refused whole, so the sentence names no code point.
package browserhost

import (
	"errors"
	"strings"
	"syscall/js"

	"robotstester/engine"
)

// Install makes the engine map hosts that are not plain ASCII with the
// browser's URL parser.
func Install() {
	engine.SetHostMapper(toASCII)
}

var errRefused = errors.New("the browser's URL parser refuses it")

// probe is the label appended to the host before the browser parses it,
// and its ASCII form, cut from the answer. It keeps the parser's IPv4 rules
// (a last label that is a number) from applying: the engine reads addresses
// itself, after mapping. It is not ASCII, because Chromium maps an all-ASCII
// host without UTS #46 processing, so it would let an invalid "xn--" label
// through (such as "xn--a", whose Punycode decodes to a control character);
// with one non-ASCII label the whole host goes through ICU, which checks
// them. A left-to-right letter changes neither the Bidi rule (it applies
// only to domains with a right-to-left label, and "ü" passes it) nor
// normalisation (the dot before it starts a new sequence).
const (
	probe      = ".ü"
	probeASCII = ".xn--tda"
)

// toASCII maps host as the browser would in "http://host/". A host holding
// a code point that ends or splits an authority ("/", "@", "%", ...) is
// refused here, before it could change how the parser splits the URL; the
// engine names such code points itself.
func toASCII(host string) (ascii string, err error) {
	for i := 0; i < len(host); i++ {
		if c := host[i]; c <= ' ' || c == 0x7F || strings.IndexByte("#%/:<>?@[\\]^|", c) >= 0 {
			return "", errRefused
		}
	}
	defer func() {
		// new URL throws a TypeError for a host it refuses.
		if recover() != nil {
			ascii, err = "", errRefused
		}
	}()
	name := js.Global().Get("URL").New("http://" + host + probe + "/").Get("hostname").String()
	ascii, ok := strings.CutSuffix(name, probeASCII)
	if !ok {
		return "", errRefused
	}
	return ascii, nil
}
