package engine

import (
	"math/rand/v2"
	"net/netip"
	"strings"
	"testing"
)

// netipIPv4 and netipIPv6 are what asciiHost read with net/netip before
// ipaddr.go: the oracle these tests compare against.
func netipIPv4(s string) (string, bool) {
	a, err := netip.ParseAddr(s)
	if err != nil || !a.Is4() {
		return "", false
	}
	return a.String(), true
}

func netipIPv6(s string) (string, bool) {
	a, err := netip.ParseAddr(s)
	if err != nil || !a.Is6() || a.Zone() != "" {
		return "", false
	}
	return a.String(), true
}

func ourIPv4(s string) (string, bool) {
	ip, ok := ParseIPv4(s)
	if !ok {
		return "", false
	}
	return formatIPv4(ip), true
}

func ourIPv6(s string) (string, bool) {
	ip, ok := ParseIPv6(s)
	if !ok {
		return "", false
	}
	return formatIPv6(ip), true
}

// ipSamples are the hard cases: every rule of netip's parsers, and the
// RFC 5952 choices of String.
var ipSamples = []string{
	"", ".", "0.0.0.0", "255.255.255.255", "256.1.1.1", "1.2.3", "1.2.3.4.5",
	"01.2.3.4", "1.2.3.00", "1.2.3.0", "1..2.3", ".1.2.3", "1.2.3.", "1.2.3.4 ",
	"1.2.3.4%eth0", "+1.2.3.4", "0x1.2.3.4", "1.2.3.4:80", "1234.1.1.1", "192.0.2.1",
	"::", ":::", "::1", "1::", "1:", ":1", "1::2::3", "::ffff:192.0.2.1",
	"::FFFF:C000:0201", "::ffff:0.0.0.0", "::1.2.3.4", "1:2:3:4:5:6:1.2.3.4",
	"1:2:3:4:5:6:7:1.2.3.4", "1:2:3:4:5:1.2.3.4", "::1:2:3:4:5:6:1.2.3.4",
	"1:2:3:4:5:6:7::", "::2:3:4:5:6:7:8", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7:8:9",
	"1:2:3:4:5:6:7", "2001:DB8::1", "2001:db8:0:0:1:0:0:1", "2001:0db8:0:0:0:0:2:1",
	"2001:db8::0:1", "2001:db8:0:1:1:1:1:1", "0:0:1:0:0:0:1:0", "1:0:0:2:0:0:0:3",
	"12345::1", "0001:0002::", "00000::1", "fe80::1%eth0", "fe80::1%", "g::1",
	"1:2:3:4:5:6:7:8%x", "::ffff:1.2.3.04", "::ffff:1.2.3", "1.2.3.4::", "a:b",
	"::ffff:ffff:1.2.3.4", "0:0:0:0:0:ffff:102:304", "::ffff:0:102:304",
}

// compareIP fails when s reads differently from net/netip, as either form.
func compareIP(t *testing.T, s string) {
	t.Helper()
	for _, form := range []struct {
		name      string
		our, want func(string) (string, bool)
	}{{"IPv4", ourIPv4, netipIPv4}, {"IPv6", ourIPv6, netipIPv6}} {
		got, ok := form.our(s)
		if want, wok := form.want(s); ok != wok || got != want {
			t.Errorf("%s %q: read as %q %v, net/netip reads %q %v", form.name, s, got, ok, want, wok)
		}
	}
}

func TestIPAddressesReadAsNetip(t *testing.T) {
	for _, s := range ipSamples {
		compareIP(t, s)
	}
	// Random addresses with runs of zero groups, written in each form
	// net/netip knows, and their upper-case spellings.
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var b [16]byte
		for i := range b {
			if r.IntN(3) > 0 {
				b[i] = byte(r.IntN(256))
			}
		}
		if r.IntN(4) == 0 {
			copy(b[:], make([]byte, 2*r.IntN(8)))
		}
		a := netip.AddrFrom16(b)
		for _, s := range []string{a.String(), a.StringExpanded(), strings.ToUpper(a.StringExpanded()), a.Unmap().String()} {
			compareIP(t, s)
		}
	}
}

func FuzzIPAddresses(f *testing.F) {
	for _, s := range ipSamples {
		f.Add(s)
	}
	f.Fuzz(compareIP)
}
