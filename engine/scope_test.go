package engine

import (
	"strings"
	"testing"
)

// Every row of google-crawling.md §1, valid and not valid columns.
var scopeSpecTests = []struct {
	robots, url string
	code        string
}{
	{"http://example.com/robots.txt", "http://example.com/", ScopeSameOrigin},
	{"http://example.com/robots.txt", "http://example.com/folder/file", ScopeSameOrigin},
	{"http://example.com/robots.txt", "http://other.example.com/", ScopeHost},
	{"http://example.com/robots.txt", "https://example.com/", ScopeScheme},
	{"http://example.com/robots.txt", "http://example.com:8181/", ScopePort},

	{"http://www.example.com/robots.txt", "http://www.example.com/", ScopeSameOrigin},
	{"http://www.example.com/robots.txt", "http://example.com/", ScopeHost},
	{"http://www.example.com/robots.txt", "http://shop.www.example.com/", ScopeHost},
	{"http://www.example.com/robots.txt", "http://www.shop.example.com/", ScopeHost},

	{"http://example.com/folder/robots.txt", "http://example.com/folder/page", ScopeNotRoot},
	{"http://example.com/folder/robots.txt", "http://example.com/", ScopeNotRoot},

	{"http://www.müller.eu/robots.txt", "http://www.müller.eu/", ScopeSameOrigin},
	{"http://www.müller.eu/robots.txt", "http://www.xn--mller-kva.eu/", ScopeSameOrigin},
	{"http://www.müller.eu/robots.txt", "http://www.muller.eu/", ScopeHost},

	{"https://www.exämple.com/robots.txt", "https://www.exämple.com/", ScopeSameOrigin},
	// The spec's "valid for" column writes the punycode without "www.";
	// hosts differ by their labels, so only the www form is the same host.
	{"https://www.exämple.com/robots.txt", "https://www.xn--exmple-cua.com/", ScopeSameOrigin},
	{"https://exämple.com/robots.txt", "https://xn--exmple-cua.com/", ScopeSameOrigin},
	{"https://www.exämple.com/robots.txt", "https://www.example.com/", ScopeHost},

	{"ftp://example.com/robots.txt", "ftp://example.com/", ScopeSameOrigin},
	{"ftp://example.com/robots.txt", "http://example.com/", ScopeScheme},

	{"http://127.0.0.1/robots.txt", "http://127.0.0.1/", ScopeSameOrigin},
	{"http://127.0.0.1/robots.txt", "http://example.com/", ScopeHost},
	{"http://127.0.0.1/robots.txt", "https://example.com/", ScopeHostScheme},
	{"http://example.com/robots.txt", "https://other.example.com/", ScopeHostScheme},

	{"http://example.com:80/robots.txt", "http://example.com:80/", ScopeSameOrigin},
	{"http://example.com:80/robots.txt", "http://example.com/", ScopeSameOrigin},
	{"http://example.com:80/robots.txt", "http://example.com:81/", ScopePort},

	{"https://example.com:443/robots.txt", "https://example.com:443/", ScopeSameOrigin},
	{"https://example.com:443/robots.txt", "https://example.com/", ScopeSameOrigin},
	{"https://example.com:443/robots.txt", "https://example.com:444/", ScopePort},

	{"http://example.com:8181/robots.txt", "http://example.com:8181/", ScopeSameOrigin},
	{"http://example.com:8181/robots.txt", "http://example.com/", ScopePort},
}

// Edge cases beyond the spec's table.
var scopeEdgeTests = []struct {
	robots, url string
	code        string
}{
	// A site origin stands for its /robots.txt, with or without the slash.
	{"https://example.com", "https://example.com/page", ScopeSameOrigin},
	{"https://example.com/", "https://example.com/page", ScopeSameOrigin},
	{"https://example.com", "https://www.example.com/page", ScopeHost},
	// Scheme and host are case-insensitive; the path is not.
	{"HTTPS://EXAMPLE.COM/robots.txt", "https://example.com/a", ScopeSameOrigin},
	{"https://example.com/robots.txt", "https://Example.COM/a", ScopeSameOrigin},
	{"https://example.com/ROBOTS.TXT", "https://example.com/a", ScopeNotRobots},
	{"https://example.com/page.html", "https://example.com/a", ScopeNotRobots},
	{"https://example.com/robots.txt?x=1", "https://example.com/a", ScopeNotRobots},
	// A final dot makes another host name.
	{"https://example.com/robots.txt", "https://example.com./a", ScopeHost},
	// Userinfo is not part of the origin.
	{"https://user:pass@example.com/robots.txt", "https://example.com/a", ScopeSameOrigin},
	{"https://example.com/robots.txt", "https://user@example.com/a", ScopeSameOrigin},
	// IPv6 hosts compare as addresses, ports as numbers.
	{"http://[2001:db8::1]:8080/robots.txt", "http://[2001:DB8:0::1]:8080/x", ScopeSameOrigin},
	{"http://[2001:db8::1]:8080/robots.txt", "http://[2001:db8::1]/x", ScopePort},
	{"http://[2001:db8::1]/robots.txt", "http://[2001:db8::2]/x", ScopeHost},
	{"http://example.com:0080/robots.txt", "http://example.com/x", ScopeSameOrigin},
	{"http://example.com:/robots.txt", "http://example.com/x", ScopeSameOrigin},
	// Unreadable inputs.
	{"", "https://example.com/", ScopeInvalidRobotsURL},
	{"example.com/robots.txt", "https://example.com/", ScopeInvalidRobotsURL},
	{"https://", "https://example.com/", ScopeInvalidRobotsURL},
	// Browsers skip any number of slashes after a special scheme.
	{"https:///example.com/robots.txt", "https://example.com/", ScopeSameOrigin},
	// A path alone is read on the file's own site.
	{"https://example.com/robots.txt", "/page", ScopeSameOrigin},
	{"https://example.com/robots.txt", "/a b?q#f", ScopeSameOrigin},
	{"https://example.com/folder/robots.txt", "/page", ScopeNotRoot},
	{"https://example.com/robots.txt", "mailto:someone@example.com", ScopeInvalidURL},
	{"https://example.com/robots.txt", "https://example.com:99999/", ScopeInvalidURL},
	{"https://example.com/robots.txt", "https://example.com:http/", ScopeInvalidURL},
	{"https://example.com/robots.txt", "http://[::1/", ScopeInvalidURL},
	{"https://example.com/robots.txt", "http://999.1.1.1/", ScopeInvalidURL},
	{"https://example.com/robots.txt", "http://exa mple.com/", ScopeInvalidURL},
}

func TestScope(t *testing.T) {
	for _, tests := range [][]struct {
		robots, url string
		code        string
	}{scopeSpecTests, scopeEdgeTests} {
		for _, tt := range tests {
			got := Scope(tt.robots, tt.url)
			if got.Code != tt.code || got.Governs != (tt.code == ScopeSameOrigin) {
				t.Errorf("Scope(%q, %q) = %s (governs %v), want %s: %s", tt.robots, tt.url, got.Code, got.Governs, tt.code, got.Reason)
			}
			if got.Reason == "" || !strings.HasSuffix(got.Reason, ".") {
				t.Errorf("Scope(%q, %q): reason %q is not a sentence", tt.robots, tt.url, got.Reason)
			}
		}
	}
}

// A reason that turns a URL away names the robots.txt that does govern it.
func TestScopeReasonNamesTheFix(t *testing.T) {
	tests := []struct {
		robots, url, fix string
	}{
		{"http://example.com/robots.txt", "http://other.example.com/a", "http://other.example.com/robots.txt"},
		{"http://example.com/robots.txt", "https://example.com/a", "https://example.com/robots.txt"},
		{"http://example.com/robots.txt", "http://example.com:8181/a", "http://example.com:8181/robots.txt"},
		{"http://www.example.com/robots.txt", "http://www.müller.eu/a", "http://www.xn--mller-kva.eu/robots.txt"},
		{"http://example.com/folder/robots.txt", "http://example.com/a", "http://example.com/robots.txt"},
		{"https://example.com/Robots.txt", "https://example.com/a", "https://example.com/robots.txt"},
	}
	for _, tt := range tests {
		got := Scope(tt.robots, tt.url)
		if !strings.Contains(got.Reason, tt.fix) {
			t.Errorf("Scope(%q, %q).Reason = %q, want it to name %s", tt.robots, tt.url, got.Reason, tt.fix)
		}
	}
}

func TestScopeReasonExplainsTheHost(t *testing.T) {
	tests := []struct {
		robots, url, why string
	}{
		{"http://127.0.0.1/robots.txt", "http://example.com/", "IP address"},
		{"http://www.example.com/robots.txt", "http://shop.www.example.com/", "subdomain"},
		{"https://example.com/robots.txt", "https://example.com./", "final dot"},
	}
	for _, tt := range tests {
		got := Scope(tt.robots, tt.url)
		if !strings.Contains(got.Reason, tt.why) {
			t.Errorf("Scope(%q, %q).Reason = %q, want it to mention %q", tt.robots, tt.url, got.Reason, tt.why)
		}
	}
}

func TestRobotsURLFor(t *testing.T) {
	tests := []struct {
		url, want string
	}{
		{"https://example.com/a/b?c#d", "https://example.com/robots.txt"},
		{"https://example.com", "https://example.com/robots.txt"},
		{"HTTP://WWW.Example.COM:80/x", "http://www.example.com/robots.txt"},
		{"http://example.com:8181/x", "http://example.com:8181/robots.txt"},
		{"ftp://example.com:21/pub/file", "ftp://example.com/robots.txt"},
		{"https://www.müller.eu/straße", "https://www.xn--mller-kva.eu/robots.txt"},
		{"http://[2001:DB8::1]:8080/", "http://[2001:db8::1]:8080/robots.txt"},
		{"http://user:pw@example.com/", "http://example.com/robots.txt"},
		{"https:\\\\example.com\\a", "https://example.com/robots.txt"},
	}
	for _, tt := range tests {
		got, err := RobotsURLFor(tt.url)
		if err != nil || got != tt.want {
			t.Errorf("RobotsURLFor(%q) = %q, %v; want %q", tt.url, got, err, tt.want)
		}
	}
	for _, bad := range []string{"", "/path", "example.com/x", "file:///etc/passwd", "http://"} {
		if got, err := RobotsURLFor(bad); err == nil {
			t.Errorf("RobotsURLFor(%q) = %q, want an error", bad, got)
		}
	}
}

func FuzzScope(f *testing.F) {
	for _, tt := range scopeSpecTests {
		f.Add(tt.robots, tt.url)
	}
	for _, tt := range scopeEdgeTests {
		f.Add(tt.robots, tt.url)
	}
	f.Fuzz(func(t *testing.T, robots, url string) {
		got := Scope(robots, url)
		if got.Reason == "" || got.Code == "" {
			t.Fatalf("Scope(%q, %q) has no code or reason: %+v", robots, url, got)
		}
		if got.Governs != (got.Code == ScopeSameOrigin) {
			t.Fatalf("Scope(%q, %q): governs %v with code %s", robots, url, got.Governs, got.Code)
		}
		if got.Governs && !splitURL(url).bare {
			if want, err := RobotsURLFor(url); err != nil || want != got.File {
				t.Fatalf("Scope(%q, %q) governs, but the URL's robots.txt is %q (%v), not %q", robots, url, want, err, got.File)
			}
		}
	})
}

// A port is a number from 0 to 65535 (RFC 6335 §6; a TCP port is 16 bits):
// either side of each end, a URL is read or refused, whether Scope or
// EncodeURL reads it.
func TestPortBoundaries(t *testing.T) {
	for _, tt := range []struct {
		port string
		ok   bool
	}{
		{"0", true}, {"1", true}, {"65534", true}, {"65535", true}, {"065535", true},
		{"65536", false}, {"65537", false}, {"99999", false}, {"655350", false}, {"4294967296", false}, {"-1", false},
	} {
		url, robots := "http://example.com:"+tt.port+"/a", "http://example.com:"+tt.port+"/robots.txt"
		if got := Scope("http://example.com/robots.txt", url); (got.Code != ScopeInvalidURL) != tt.ok {
			t.Errorf("Scope of %s: %s (%s); the port is valid: %v", url, got.Code, got.Reason, tt.ok)
		}
		if got := Scope(robots, "http://example.com/a"); (got.Code != ScopeInvalidRobotsURL) != tt.ok {
			t.Errorf("Scope under %s: %s (%s); the port is valid: %v", robots, got.Code, got.Reason, tt.ok)
		}
		if e := EncodeURL(url); (e.Err == "") != tt.ok {
			t.Errorf("EncodeURL(%s): error %q; the port is valid: %v", url, e.Err, tt.ok)
		}
	}
}

// TestScopeNamesHostAndScheme: a URL on another host over another scheme
// is named by both, the host first (issue 22: https://www.bbc.com/ against
// a file served at http://127.0.0.1:18091 was called "Other scheme").
func TestScopeNamesHostAndScheme(t *testing.T) {
	r := Scope("http://127.0.0.1:18091/robots.txt", "https://www.bbc.com/")
	if r.Governs || r.Code != ScopeHostScheme || r.Label() != "Other host and scheme" {
		t.Fatalf("Scope = %+v, label %q; want host-scheme, Other host and scheme", r, r.Label())
	}
	for _, want := range []string{"www.bbc.com over https", "127.0.0.1 over http", "IP address", "each scheme has its own robots.txt", "governed by https://www.bbc.com/robots.txt"} {
		if !strings.Contains(r.Reason, want) {
			t.Errorf("the reason %q does not say %q", r.Reason, want)
		}
	}
}
