package fetch

// The fetcher's SSRF defence: which destinations it refuses. The address
// is judged where the connection is made (the dialer's Control hook, set up
// in NewAPI), so every redirect hop and every DNS answer meet the
// same check; the URL's host is only pre-checked for what no resolver
// should be asked about (odd IPv4 spellings, other schemes).

import (
	"errors"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
)

// destinationError is a refused destination (SSRF defence).
type destinationError struct {
	host   string // as named in the URL, "" until known
	addr   netip.Addr
	reason string // a phrase: "it is a loopback address"
}

func (e *destinationError) Error() string {
	s := "the tester does not fetch from "
	if e.host != "" && e.host != e.addr.String() {
		s += e.host + " (" + e.addr.String() + ")"
	} else if e.addr.IsValid() {
		s += e.addr.String()
	} else {
		s += e.host
	}
	return s + ": " + e.reason
}

// refusedRange is a block of addresses the tester never fetches from,
// unless private says -fetch-allow-private admits it.
type refusedRange struct {
	prefix  netip.Prefix
	what    string
	private bool // admitted by -fetch-allow-private
}

// refusedRanges: the IANA special-purpose registries (RFC 6890 and its
// updates) and RFC 4291 for IPv6. Private and loopback ranges may be
// admitted for intranet use; link-local (where cloud metadata services
// live, 169.254.169.254), multicast, broadcast and unspecified never are.
var refusedRanges = func() []refusedRange {
	var out []refusedRange
	add := func(cidr, what string, private bool) {
		out = append(out, refusedRange{netip.MustParsePrefix(cidr), what, private})
	}
	add("0.0.0.0/8", "an unspecified (\"this network\") address", false)
	add("127.0.0.0/8", "a loopback address", true)
	add("10.0.0.0/8", "a private (RFC 1918) address", true)
	add("172.16.0.0/12", "a private (RFC 1918) address", true)
	add("192.168.0.0/16", "a private (RFC 1918) address", true)
	add("100.64.0.0/10", "a carrier-grade NAT (RFC 6598) address", true)
	add("169.254.0.0/16", "a link-local address (cloud metadata services live there)", false)
	add("192.0.0.0/24", "an IETF protocol address (RFC 6890)", false)
	add("192.0.2.0/24", "a documentation address (RFC 5737)", false)
	add("198.51.100.0/24", "a documentation address (RFC 5737)", false)
	add("203.0.113.0/24", "a documentation address (RFC 5737)", false)
	add("198.18.0.0/15", "a benchmarking address (RFC 2544)", false)
	add("224.0.0.0/4", "a multicast address", false)
	add("240.0.0.0/4", "a reserved address (and the broadcast address)", false)
	add("::/128", "the unspecified address", false)
	add("::1/128", "the IPv6 loopback address", true)
	add("::/96", "an IPv4-compatible IPv6 address (deprecated, RFC 4291)", false)
	add("100::/64", "a discard-only address (RFC 6666)", false)
	add("2001:db8::/32", "a documentation address (RFC 3849)", false)
	add("fc00::/7", "a unique local (private IPv6) address", true)
	add("fe80::/10", "an IPv6 link-local address", false)
	add("fec0::/10", "a site-local IPv6 address (deprecated)", false)
	add("ff00::/8", "an IPv6 multicast address", false)
	return out
}()

// destAllowed says whether the tester may connect to ip. IPv4 addresses
// written in IPv6 forms (mapped ::ffff:a.b.c.d, translated ::ffff:0:a.b.c.d,
// NAT64 64:ff9b::/96 and 64:ff9b:1::/48, 6to4 2002::/16) are judged by the
// IPv4 address inside them. An address with a zone is refused first:
// netip.Prefix.Contains is false for every zoned address, so no range
// below would ever match one.
func destAllowed(ip netip.Addr, allowPrivate bool) error {
	if err := zoneRefused(ip); err != nil {
		return err
	}
	if inner, ok := embeddedIPv4(ip); ok {
		if err := destAllowed(inner, allowPrivate); err != nil {
			var de *destinationError
			errors.As(err, &de)
			de.addr, de.reason = ip, "it holds "+inner.String()+", "+de.reason[len("it is "):]
			return de
		}
		return nil
	}
	for _, r := range refusedRanges {
		if !r.prefix.Contains(ip) {
			continue
		}
		if !(allowPrivate && r.private) {
			fix := "; the tester fetches public sites only"
			if r.private {
				fix = "; -fetch-allow-private (a flag of the server and of check) lets the tester reach intranet sites"
			}
			return &destinationError{addr: ip, reason: "it is " + r.what + fix}
		}
		return nil // the first, most specific range decides: ::1 before ::/96
	}
	return nil
}

// zoneRefused refuses an IPv6 address with a zone (RFC 6874: [fe80::1%25eth0]
// in a URL). A zone names an interface of this machine, which no public
// site needs, and it hides the address from the refused ranges
// (netip.Prefix.Contains ignores zoned addresses): ::1%lo is loopback,
// fd00:ec2::254%eth0 a cloud's metadata service. It is checked on the URL's
// host before any lookup and again in the dialer, whatever Allow says.
func zoneRefused(ip netip.Addr) error {
	if ip.Zone() == "" {
		return nil
	}
	return &destinationError{addr: ip, reason: "it names a network interface of this server (the IPv6 zone %" + ip.Zone() +
		"), which a public site never needs; the tester fetches public sites only, so remove the zone"}
}

// hostZoneRefused is zoneRefused for a URL's host name: any "%" in it is
// a zone (url.Parse admits percent signs in a host only there).
func hostZoneRefused(host string) error {
	if !strings.Contains(host, "%") {
		return nil
	}
	if ip, err := netip.ParseAddr(host); err == nil {
		return zoneRefused(ip)
	}
	return &destinationError{host: host, reason: "its host holds a \"%\", which only an IPv6 zone may hold; the tester fetches public sites only, so remove the zone"}
}

// ipv4Forms are the IPv6 prefixes that carry an IPv4 address, and the
// byte where it starts.
var ipv4Forms = []struct {
	prefix netip.Prefix
	at     int
}{
	{netip.MustParsePrefix("::ffff:0:0:0/96"), 12}, // translated (RFC 2765)
	{netip.MustParsePrefix("64:ff9b::/96"), 12},    // NAT64 (RFC 6052)
	{netip.MustParsePrefix("64:ff9b:1::/48"), 12},  // local-use NAT64 (RFC 8215)
	{netip.MustParsePrefix("2002::/16"), 2},        // 6to4 (RFC 3056)
}

// embeddedIPv4 finds the IPv4 address inside the IPv6 forms that carry one.
func embeddedIPv4(ip netip.Addr) (netip.Addr, bool) {
	if !ip.Is6() {
		return netip.Addr{}, false
	}
	if ip.Is4In6() {
		return ip.Unmap(), true
	}
	b := ip.As16()
	for _, f := range ipv4Forms {
		if f.prefix.Contains(ip) {
			i := f.at
			return netip.AddrFrom4([4]byte{b[i], b[i+1], b[i+2], b[i+3]}), true
		}
	}
	return netip.Addr{}, false
}

// oddIPv4 reports whether host is an IPv4 address in a spelling other than
// four decimal numbers: one number (2130706433), hexadecimal (0x7f.1),
// octal (017700000001, 0177.0.0.1) or fewer than four parts (127.1). The C
// library's inet_aton (so getaddrinfo, Go's cgo resolver) and browsers
// read these as addresses; Go's own parsers refuse them (netip.ParseAddr,
// net.ParseIP), so its pure-Go resolver would send them to DNS as names.
// The tester refuses them outright rather than depend on which resolver
// runs; the dial-time check would catch the address either way.
func oddIPv4(host string) bool {
	host = strings.TrimSuffix(host, ".")
	if host == "" {
		return false
	}
	if ip, err := netip.ParseAddr(host); err == nil && ip.Is4() {
		return false
	}
	labels := strings.Split(host, ".")
	if len(labels) > 4 {
		return false // no IPv4 address has more than four parts
	}
	for _, label := range labels {
		l := strings.ToLower(label)
		if strings.HasPrefix(l, "0x") {
			l = l[2:]
			if strings.Trim(l, "0123456789abcdef") != "" {
				return false
			}
			continue
		}
		if l == "" || strings.Trim(l, "0123456789") != "" {
			return false
		}
	}
	return true
}

// checkTarget reads the URL a person gave into the URL to fetch: http or
// https, a host that is not an odd IPv4 spelling. The code is "" when it
// may be fetched.
func checkTarget(raw string) (u *url.URL, code, msg string) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, codeBadURL, "The URL " + strconv.Quote(raw) + " cannot be read (" + err.Error() + "); check it."
	}
	if u.Scheme == "" || u.Host == "" && u.Opaque == "" && !strings.Contains(raw, "://") {
		return nil, codeBadURL, "The URL " + strconv.Quote(raw) + " names no site; give the whole address, such as https://example.com/."
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, codeBadURL, "The tester fetches http and https URLs only, not " + strconv.Quote(u.Scheme+":") + "; give an http(s) URL."
	}
	if err := hostZoneRefused(u.Hostname()); err != nil {
		return nil, codeRefusedDestination, "Refused destination: " + err.Error() + "."
	}
	if oddIPv4(u.Hostname()) {
		return nil, codeRefusedDestination, "Refused destination: the host " + u.Hostname() + " is an IPv4 address written in an unusual form (a single number, hexadecimal or octal), which the tester does not fetch; write the address as four decimal numbers, such as 192.0.2.1."
	}
	return u, "", ""
}
