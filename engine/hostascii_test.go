//go:build !js

package engine

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// asciiHostAlphabet weighs the code points that matter to UTS #46 and to
// the "xn--" test: dots, hyphens, letters of both cases, digits, then every
// other ASCII code point (controls and punctuation included).
var asciiHostAlphabet = func() []byte {
	b := []byte("....----xXnN0129aAzZ_")
	for c := 0; c < 0x80; c++ {
		b = append(b, byte(c))
	}
	return b
}()

// TestPlainASCIIHostsMapToLowerCase proves the table-free rule of
// hostascii.go: every ASCII host without an "xn--" label maps, under the
// browsers' profile of x/net/idna, to its lower-case form, with no error.
// It tries every host of up to two ASCII code points, hosts shaped like
// Punycode labels (which must go to the mapper), and random hosts.
func TestPlainASCIIHostsMapToLowerCase(t *testing.T) {
	var hosts []string
	for a := 0; a < 0x80; a++ {
		hosts = append(hosts, string(rune(a)))
		for b := 0; b < 0x80; b++ {
			hosts = append(hosts, string([]byte{byte(a), byte(b)}))
		}
	}
	for _, label := range []string{"xn--mller-kva", "XN--a", "xn--", "xn--abc-", "xn-", "xn-a", "xn_-a", "x-n--a", "axn--b", "xn", "-xn--a", "XN-", "Xn-9"} {
		hosts = append(hosts, label, label+".com", "a."+label, "."+label+".", "www."+strings.ToUpper(label)+".Example")
	}
	rng := rand.New(rand.NewPCG(13, 9))
	for range 200000 {
		b := make([]byte, 1+rng.IntN(24))
		for i := range b {
			b[i] = asciiHostAlphabet[rng.IntN(len(asciiHostAlphabet))]
		}
		hosts = append(hosts, string(b))
	}
	plain := 0
	for _, host := range hosts {
		if !PlainASCIIHost(host) {
			continue
		}
		plain++
		want, err := hostProfile.ToASCII(host)
		if err != nil {
			t.Errorf("x/net/idna refuses the plain ASCII host %q (%v); the table-free rule would accept it", host, err)
			continue
		}
		if got, _ := MapHost(host); got != want {
			t.Errorf("MapHost(%q) = %q; x/net/idna maps it to %q", host, got, want)
		}
	}
	if plain < len(hosts)/2 {
		t.Errorf("only %d of %d generated hosts were plain ASCII; the test checks too little", plain, len(hosts))
	}
}

// TestPlainASCIIHost: what goes to the mapper and what does not.
func TestPlainASCIIHost(t *testing.T) {
	for _, c := range []struct {
		host  string
		plain bool
	}{
		{"example.com", true},
		{"WWW.Example.COM", true},
		{"xn-.com", true},
		{"axn--b.com", true},
		{"", true},
		{"xn--mller-kva.eu", false},
		{"www.XN--mller-kva.eu", false},
		{"a.Xn--", false},
		{"müller.eu", false},
		{"example.com\u00a0", false},
	} {
		if got := PlainASCIIHost(c.host); got != c.plain {
			t.Errorf("PlainASCIIHost(%q) = %v, want %v", c.host, got, c.plain)
		}
	}
}

// TestNoHostMapper: without a mapper (a js/wasm build whose program
// installed none), an international host gets a sentence, not a panic,
// and plain hosts still work.
func TestNoHostMapper(t *testing.T) {
	saved := hostMapper
	defer SetHostMapper(saved)
	SetHostMapper(nil)
	e := EncodeURL("https://müller.eu/x")
	if !strings.Contains(e.Err, "müller.eu") || !strings.Contains(e.Err, "SetHostMapper") {
		t.Errorf("EncodeURL of an international host with no mapper: Err = %q; want a sentence naming the host and SetHostMapper", e.Err)
	}
	if e := EncodeURL("https://Example.COM/x"); e.Err != "" || e.URL != "https://example.com/x" {
		t.Errorf("EncodeURL of a plain host with no mapper = %q, %q; want https://example.com/x", e.URL, e.Err)
	}
}

// A label "xn--" (Punycode of nothing) is found wherever it stands.
func TestHasEmptyPunycodeLabel(t *testing.T) {
	for host, want := range map[string]bool{
		"xn--": true, "xn--.example": true, "www.XN--.example": true, "example.Xn--": true, ".xn--.": true,
		"": false, "example.com": false, "xn--a.example": false, "a..b": false, "xn-.example": false, "axn--.example": false,
	} {
		if got := HasEmptyPunycodeLabel(host); got != want {
			t.Errorf("HasEmptyPunycodeLabel(%q) = %v; want %v", host, got, want)
		}
	}
}
