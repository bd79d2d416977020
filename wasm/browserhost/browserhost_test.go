//go:build js && wasm

package browserhost

import "testing"

// TestToASCII runs the mapper on the JavaScript host's URL parser (Node's
// under make test-wasm; wasm/browsertest/hostmap_browser_test.go checks
// Chromium's against x/net/idna over a larger table).
func TestToASCII(t *testing.T) {
	for _, c := range []struct {
		host, want string // want "" means refused
	}{
		{"straße.de", "xn--strae-oqa.de"},
		{"Bücher.Example", "xn--bcher-kva.example"},
		{"ＥＸＡＭＰＬＥ．ｃｏｍ", "example.com"},
		{"１２７.０.０.１", "127.0.0.1"}, // the engine reads the address, not the parser
		{"münchen.de.", "xn--mnchen-3ya.de."},
		{"xn--mller-kva.eu", "xn--mller-kva.eu"},
		{"xn--a.com", ""},    // Punycode of a control character, checked through the non-ASCII probe
		{"a b.com", ""},      // a forbidden code point as typed
		{"a@b.ü", ""},        // would otherwise split the URL at "@"
		{"a/b.ü", ""},        // and at "/"
		{"\u0301a.com", ""},  // a label starting with a combining mark
		{"a\u00a0b.com", ""}, // maps to a space
	} {
		got, err := toASCII(c.host)
		switch {
		case c.want == "" && err == nil:
			t.Errorf("toASCII(%q) = %q; want it refused", c.host, got)
		case c.want != "" && (err != nil || got != c.want):
			t.Errorf("toASCII(%q) = %q, %v; want %q", c.host, got, err, c.want)
		}
	}
}
