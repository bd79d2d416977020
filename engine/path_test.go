package engine

import (
	"strings"
	"testing"
)

// TestMatchPathAfterTheScheme: MatchPath's short way for http:// and
// https:// starts the host's search right after the "//", as robots.cc's
// search for "://" does, so a host that is empty or starts with '/', '?'
// or ';' is read the same (the path starts there).
func TestMatchPathAfterTheScheme(t *testing.T) {
	for url, path := range map[string]string{
		"http://;a/b":  "/;a/b",
		"https://;a/b": "/;a/b",
		"http://?q":    "/?q",
		"https://?q/r": "/?q/r",
		"http:///x":    "/x",
		"https:///x":   "/x",
		"http://":      "/",
		"https://#x/y": "/",
		"http:/x/y":    "/x/y",
		"https:x/y":    "/y",
	} {
		if got := MatchPath(url); got != path {
			t.Errorf("MatchPath(%q) = %q, want %q", url, got, path)
		}
	}
}

// MatchPath's one pass for http:// and https:// URLs reads them as
// robots.cc's GetPathParamsQuery does (pathParamsQuery, whose search for
// "://" finds their scheme), then ends the path at its first NUL: on URLs
// made of hosts and paths holding '#', NUL, '/', '?' and ';' anywhere,
// short and long.
func TestMatchPathIsGooglesReading(t *testing.T) {
	google := func(url string) string {
		p := pathParamsQuery(url)
		if i := strings.IndexByte(p, 0); i >= 0 {
			p = p[:i]
		}
		return p
	}
	// The host is read eight bytes at a time (hostEnds): each end byte
	// also comes at each place in a word, with eight more bytes after it.
	hosts := []string{"", "example.com", "a#b", "x;y", "h?q", "\x00h", "h\x00", "#", "www.some-long-host-name.example"}
	for _, end := range "/?;#" {
		for at := range 17 {
			hosts = append(hosts, strings.Repeat("h", at)+string(end)+"abcdefgh")
		}
	}
	pieces := []string{"", "/", "?", ";", "#", "\x00", "a", "/b/c", "%2F", "/0123456789abcdefghij", "?q=a#frag", "/x\x00y", "é"}
	compared := 0
	for _, scheme := range []string{"http://", "https://"} {
		for _, host := range hosts {
			for _, a := range pieces {
				for _, b := range pieces {
					for _, c := range pieces {
						url := scheme + host + a + b + c
						if _, ok := httpMatchPath(url); !ok {
							t.Fatalf("%q: the one pass did not take it", url)
						}
						if got, want := MatchPath(url), google(url); got != want {
							t.Fatalf("MatchPath(%q) = %q, GetPathParamsQuery's reading %q", url, got, want)
						}
						compared++
					}
				}
			}
		}
	}
	t.Logf("%d URLs compared", compared)
}
