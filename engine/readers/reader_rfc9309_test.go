package readers

import (
	"math/rand/v2"
	"robotstester/engine"
	"strings"
	"testing"
)

// RFC 9309 §5 (Examples), every URL its text speaks of: §5.1's groups for
// foobot, for barbot and bazbot together, and the empty quxbot group at the
// end; §5.2's longest match. The documented readers all follow the RFC
// here (Bing and Yandex add nothing that these files touch).
func TestDocumentedReadersReadRFC9309Examples(t *testing.T) {
	simple := "User-Agent: *\nDisallow: *.gif$\nDisallow: /example/\nAllow: /publications/\n\n" +
		"User-Agent: foobot\nDisallow:/\nAllow:/example/page.html\nAllow:/example/allowed.gif\n\n" +
		"User-Agent: barbot\nUser-Agent: bazbot\nDisallow: /example/page.html\n\n" +
		"User-Agent: quxbot\n\nEOF\n"
	longest := "User-Agent: foobot\nAllow: /example/page/\nDisallow: /example/page/disallowed.gif\n"
	for _, tt := range []struct {
		body, agent, url string
		allowed          bool
		line             int
	}{
		// §5.1: foobot may fetch the two pages it is allowed, nothing else.
		{simple, "foobot", "/example/page.html", true, 8},
		{simple, "foobot", "/example/allowed.gif", true, 9},
		{simple, "foobot", "/publications/x", false, 7},
		// barbot and bazbot share a group: only /example/page.html is out.
		{simple, "barbot", "/example/page.html", false, 13},
		{simple, "bazbot", "/example/page.html", false, 13},
		{simple, "bazbot", "/example/other.html", true, 0},
		// "*" is not matched by path-patterns that do not start with "/"
		// (§2.2.2: *.gif$ is not a valid path-pattern); /example/ is out.
		{simple, "otherbot", "/example/x", false, 3},
		{simple, "otherbot", "/publications/x", true, 4},
		// quxbot's group is empty, so quxbot may fetch everything.
		{simple, "quxbot", "/example/x", true, 0},
		// §5.2: the longest match decides.
		{longest, "foobot", "/example/page/", true, 2},
		{longest, "foobot", "/example/page/disallowed.gif", false, 3},
	} {
		for _, id := range []string{"rfc9309", "bing", "yandex"} {
			got, err := TestWith(id, []byte(tt.body), tt.agent, "https://example.com"+tt.url)
			if err != nil {
				t.Fatal(err)
			}
			if got.Allowed != tt.allowed || got.Line != tt.line {
				t.Errorf("%s, %s %s: allowed=%v line %d (%s), want allowed=%v line %d", id, tt.agent, tt.url, got.Allowed, got.Line, got.Why, tt.allowed, tt.line)
			}
		}
	}
}

// Google's parser (robots.cc, by authors of RFC 9309) and the documented
// readers part only where the RFC leaves Google's extensions out (a
// missing colon, typos, a pattern not starting with "/", %XX of an
// unreserved character, /robots.txt itself, the index.html variant) or a
// crawler's page says more. On random files that stay clear of all of
// these, every verdict and deciding line must be Google's.
func TestDocumentedReadersAgreeWithGoogleWithinTheRFC(t *testing.T) {
	rng := rand.New(rand.NewPCG(9309, 1))
	pick := func(s ...string) string { return s[rng.IntN(len(s))] }
	path := func(wild bool) string {
		var b strings.Builder
		b.WriteString("/")
		for range rng.IntN(5) {
			if wild {
				b.WriteString(pick("a", "b", "/", "ab", "*"))
			} else {
				b.WriteString(pick("a", "b", "/", "ab", ".x"))
			}
		}
		if wild && rng.IntN(4) == 0 {
			b.WriteString("$")
		}
		return b.String()
	}
	for round := 0; round < 400; round++ {
		var b strings.Builder
		for range 1 + rng.IntN(3) {
			for range 1 + rng.IntN(2) {
				b.WriteString("User-agent: " + pick("foo", "bar", "*") + "\n")
			}
			for range 1 + rng.IntN(4) {
				b.WriteString(pick("Allow", "Disallow") + ": " + path(true) + "\n")
			}
			b.WriteString("\n")
		}
		body := []byte(b.String())
		for range 10 {
			agent, url := pick("foo", "bar", "baz"), "https://example.com"+path(false)
			want, err := TestWith("google", body, agent, url)
			if err != nil {
				t.Fatal(err)
			}
			for _, id := range []string{"rfc9309", "bing"} {
				got, err := TestWith(id, body, agent, url)
				if err != nil {
					t.Fatal(err)
				}
				if got.Allowed != want.Allowed || got.Line != want.Line {
					t.Fatalf("%s, %s %s: allowed=%v line %d (%s); Google allowed=%v line %d, in\n%s", id, agent, url, got.Allowed, got.Line, got.Why, want.Allowed, want.Line, body)
				}
			}
		}
	}
}

// RFC 9309 §2.2.2: a crawler percent-encodes the octets of a URL that are
// not printable ASCII before it matches them, so a rule written with the
// escape matches the URL written with the octet. The edges of that range,
// the space and DEL (0x20, 0x7F) and 0x80 and 0xFF, must each be encoded
// like the bytes within it, by every documented reader.
func TestDocumentedReadersEncodeTheEdgesOfPrintableASCII(t *testing.T) {
	for _, c := range []byte{0x01, 0x1F, 0x20, 0x7F, 0x80, 0xFF} {
		body := []byte("User-agent: *\nDisallow: /a%" + engine.HexByte(c) + "\n")
		url := "https://example.com/a" + string([]byte{c}) + "b"
		for _, id := range []string{"rfc9309", "bing", "yandex"} {
			got, err := TestWith(id, body, "foo", url)
			if err != nil {
				t.Fatal(err)
			}
			if got.Allowed || got.Line != 2 {
				t.Errorf("%s: Disallow: /a%%%s and the URL %q: allowed=%v line %d (%s), want blocked by line 2", id, engine.HexByte(c), url, got.Allowed, got.Line, got.Why)
			}
		}
	}
}
