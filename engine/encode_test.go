package engine

import (
	"reflect"
	"strings"
	"testing"

	"robotstester/engine/sharedtest"
)

var encodeTests = []struct {
	name, typed, url, host string
	notes                  int // how many changes are explained
}{
	{"an encoded URL is sent as it is",
		"https://example.com/a%20b?q=1", "https://example.com/a%20b?q=1", "example.com", 0},
	{"a space in the path is percent-encoded",
		"https://example.com/a b", "https://example.com/a%20b", "example.com", 1},
	{"non-ASCII letters in the path are percent-encoded as UTF-8",
		"https://example.com/café", "https://example.com/caf%C3%A9", "example.com", 1},
	{"Japanese in the path is percent-encoded as UTF-8",
		"https://ja.example.org/テスト", "https://ja.example.org/%E3%83%86%E3%82%B9%E3%83%88", "ja.example.org", 1},
	{"existing escapes are kept, even lower-case ones",
		"https://example.com/caf%c3%a9%zz", "https://example.com/caf%c3%a9%zz", "example.com", 0},
	{"an IDN host is sent in punycode",
		"http://www.müller.eu/", "http://www.xn--mller-kva.eu/", "www.xn--mller-kva.eu", 1},
	{"an upper-case host is sent in lower case",
		"HTTPS://WWW.Example.COM/Path", "https://www.example.com/Path", "www.example.com", 1},
	{"the path symbols of the path percent-encode set are encoded",
		"https://example.com/\"<>`{}^|", "https://example.com/%22%3C%3E%60%7B%7D%5E|", "example.com", 1},
	{"the query keeps ?, ^, ` and { but encodes quotes, space, < and >",
		"https://example.com/s?q=a b'\"<>?^`{", "https://example.com/s?q=a%20b%27%22%3C%3E?^`{", "example.com", 1},
	{"non-ASCII in the query is percent-encoded",
		"https://example.com/s?q=ü", "https://example.com/s?q=%C3%BC", "example.com", 1},
	{"the fragment is not sent",
		"https://example.com/page#top", "https://example.com/page", "example.com", 1},
	{"a fragment holding ? stays a fragment",
		"https://example.com/page#a?b", "https://example.com/page", "example.com", 1},
	{"an empty query is kept",
		"https://example.com/page?", "https://example.com/page?", "example.com", 0},
	{"a path alone is encoded as a path",
		"/a b", "/a%20b", "", 1},
	{"a path alone resolving to // is flagged: Google would read a host",
		"/a/..//b", "//b", "", 2},
	{"a path alone keeps its query and drops its fragment",
		"/search?q=ü#x", "/search?q=%C3%BC", "", 2},
	{"a URL without scheme is read as https",
		"example.com/x y", "https://example.com/x%20y", "example.com", 2},
	{"a URL with // but without scheme is read as https",
		"//example.com/x", "https://example.com/x", "example.com", 1},
	{"a host and port without scheme is read as https",
		"example.com:8080/x", "https://example.com:8080/x", "example.com", 1},
	{"a host alone gets the root path",
		"https://example.com", "https://example.com/", "example.com", 0},
	{"dot segments are resolved",
		"https://example.com/a/./b/../c", "https://example.com/a/c", "example.com", 1},
	{"encoded dot segments are resolved",
		"https://example.com/a/%2E%2e/b/%2e", "https://example.com/b/", "example.com", 1},
	{".. never climbs above the root",
		"https://example.com/../../a", "https://example.com/a", "example.com", 1},
	{"backslashes are slashes",
		"https://example.com\\a\\b", "https://example.com/a/b", "example.com", 1},
	{"the default port is left out",
		"https://example.com:443/a", "https://example.com/a", "example.com", 1},
	{"another port is kept",
		"http://example.com:8080/a", "http://example.com:8080/a", "example.com", 0},
	{"user and password are left out",
		"https://user:pw@example.com/a", "https://example.com/a", "example.com", 1},
	{"an IPv6 host is written canonically",
		"http://[2001:DB8:0::1]:8080/a", "http://[2001:db8::1]:8080/a", "[2001:db8::1]", 1},
	{"surrounding spaces and inner line breaks are dropped",
		"  https://example.com/a\n/b\t ", "https://example.com/a/b", "example.com", 1},
	{"an ftp URL is encoded like an http one",
		"ftp://example.com/pub/a b", "ftp://example.com/pub/a%20b", "example.com", 1},
	{"bytes that are not UTF-8 are read as U+FFFD",
		"https://example.com/\xff", "https://example.com/%EF%BF%BD", "example.com", 2},
	{"control characters and DEL are percent-encoded",
		"https://example.com/a\x01\x7f", "https://example.com/a%01%7F", "example.com", 1},
}

func TestEncodeURL(t *testing.T) {
	for _, tt := range encodeTests {
		got := EncodeURL(tt.typed)
		if got.Err != "" || got.URL != tt.url || got.Host != tt.host {
			t.Errorf("%s: EncodeURL(%q) = %q host %q err %q; want %q host %q", tt.name, tt.typed, got.URL, got.Host, got.Err, tt.url, tt.host)
			continue
		}
		if got.Path != MatchPath(got.URL) || got.Changed != (got.URL != tt.typed) {
			t.Errorf("%s: path %q changed %v for %q", tt.name, got.Path, got.Changed, got.URL)
		}
		if len(got.Notes) != tt.notes {
			t.Errorf("%s: %d notes, want %d: %q", tt.name, len(got.Notes), tt.notes, got.Notes)
		}
		for _, n := range got.Notes {
			if !strings.HasSuffix(n, ".") {
				t.Errorf("%s: note %q is not a sentence", tt.name, n)
			}
		}
		// A browser sends the same URL when given what it sent.
		if got.Host == "" && strings.HasPrefix(got.URL, "//") {
			continue
		}
		if again := EncodeURL(got.URL); again.URL != got.URL || again.Changed {
			t.Errorf("%s: encoding %q again gives %q", tt.name, got.URL, again.URL)
		}
	}
}

func TestEncodeURLErrors(t *testing.T) {
	tests := []struct {
		name, typed, mention string
	}{
		{"nothing typed", "", "Nothing to test"},
		{"only spaces", "  \t ", "Nothing to test"},
		{"another scheme", "mailto:someone@example.com", "http, https and ftp"},
		{"a file URL", "file:///etc/passwd", "http, https and ftp"},
		{"a word that is no host", "hello world", "neither a URL nor a path"},
		{"a port that is no number", "https://example.com:abc/", "not a number"},
		{"a port out of range", "https://example.com:70000/", "above 65535"},
		{"an invalid IPv6 address", "http://[1:2::3::4]/", "IPv6"},
		{"a host with a forbidden character", "https://exa<mple.com/", "'<'"},
		{"no host after the scheme", "https://", "no host name"},
	}
	for _, tt := range tests {
		got := EncodeURL(tt.typed)
		if got.Err == "" || got.URL != "" || !strings.Contains(got.Err, tt.mention) || !strings.HasSuffix(got.Err, ".") {
			t.Errorf("%s: EncodeURL(%q) = %q, err %q; want an error sentence mentioning %q", tt.name, tt.typed, got.URL, got.Err, tt.mention)
		}
	}
}

// The encoded URL is what rules are matched against: an encoded rule
// matches what a person typed once it is encoded.
func TestEncodeURLThenTest(t *testing.T) {
	r := Parse([]byte("User-agent: *\nDisallow: /caf%C3%A9\n"))
	typed := "https://example.com/café/menu"
	if res := r.Test("Googlebot", typed); !res.Allowed {
		t.Fatalf("Test must not encode: %q matched line %d", typed, res.Line)
	}
	enc := EncodeURL(typed)
	if res := r.Test("Googlebot", enc.URL); res.Allowed || res.Line != 2 {
		t.Errorf("%q encoded as %q: allowed %v line %d, want blocked by line 2", typed, enc.URL, res.Allowed, res.Line)
	}
}

func FuzzEncodeURL(f *testing.F) {
	for _, tt := range encodeTests {
		f.Add(tt.typed)
	}
	f.Fuzz(func(t *testing.T, typed string) {
		got := EncodeURL(typed)
		if (got.Err == "") == (got.URL == "") {
			t.Fatalf("EncodeURL(%q): URL %q with error %q", typed, got.URL, got.Err)
		}
		if got.Err != "" {
			return
		}
		// Hosts may hold symbols DNS names cannot (WHATWG URL, host
		// parsing); the path and query never hold these bytes.
		for i := 0; i < len(got.Path); i++ {
			if c := got.Path[i]; c <= ' ' || c >= 0x7F || c == '#' || c == '"' || c == '<' || c == '>' {
				t.Fatalf("EncodeURL(%q) = %q sends the byte %q unencoded", typed, got.URL, c)
			}
		}
		if got.Host == "" && strings.HasPrefix(got.URL, "//") {
			// A path alone starting with "//" reads as a host (and says so).
			return
		}
		if again := EncodeURL(got.URL); again.URL != got.URL {
			t.Fatalf("EncodeURL(%q) = %q, but encoding that gives %q", typed, got.URL, again.URL)
		}
	})
}

// Paths without a dot segment take RemoveDotSegments' short way: the
// answer must be the one the segment walk gives.
func TestRemoveDotSegmentsShortWay(t *testing.T) {
	for path, want := range map[string]string{
		"/a/b.html": "/a/b.html", "a": "/a", "": "/", "//x": "//x", "/a/%2F/b": "/a/%2F/b",
		"/a/.../b": "/a/.../b", "/a/%2e%2e/b": "/b", "/a/./b": "/a/b", "/a/.": "/a/", "/a/%2E.": "/",
	} {
		if got := RemoveDotSegments(path); got != want {
			t.Errorf("RemoveDotSegments(%q) = %q, want %q", path, got, want)
		}
	}
}

// asIsSamples are URLs near encodedAsIs's edges: each is taken as it is,
// or read in full, and either way must get the full reading's answer.
var asIsSamples = []string{
	"https://example.com/", "http://example.com/a/b?c=d&e=f", "https://a.b.c/x;y,z=1", "https://example.com/%7Euser/%2Fx",
	"https://example.com/a/./b", "https://example.com/a/../b", "https://example.com/a/%2e/b", "https://example.com/a/%2E%2e/b",
	"https://example.com/.well-known/x", "https://example.com/a.b/c.d", "https://example.com/.", "https://example.com/..",
	"https://example.com/a/.", "https://example.com/a/..", "https://example.com/./", "https://example.com/../x", "https://example.com/.?q",
	"https://example.com/..?q", "https://example.com/...", "https://example.com/.../x", "https://example.com/..a/b", "https://example.com/.a",
	"https://example.com/a?/./b", "https://example.com/a?x=/../y", "https://example.com/.%2e/x", "https://example.com/x/.hidden", "https://EXAMPLE.com/", "HTTPS://example.com/",
	"https://example.com", "https://example.com?q", "https://example.com:443/", "https://example.com:8080/", "https://u:p@example.com/",
	"https://127.0.0.1/", "https://1.2.3/", "https://0x7f.1/", "https://a.0x1/", "https://a.1/", "https://a.b./", "https://a..b/",
	"https://.a/", "https://a-.b/", "https://-a.b/", "https://xn--caf-dma.com/", "https://xn--a.com/", "https://a.xn--b/",
	"https://example.com/a b", "https://example.com/a\tb", "https://example.com/é", "https://example.com/a#f", "https://example.com/a\\b",
	"https://example.com/a\"b", "https://example.com/a<b>", "https://example.com/a^b", "https://example.com/a`b", "https://example.com/a{b}",
	"https://example.com/a?b'c", "https://example.com/a?b\"c", "https://example.com/a?b^c`d{e}", "https://example.com/a?b?c/../d",
	"https://example.com/a%zz", "https://example.com/a%", "https://example.com/a%2", "https://example.com//a", "https://example.com/?",
	"ftp://example.com/", "https:/example.com/", "http:/example.com/", "http:/", "http://", "https://", "http:example.com/",
	"http//example.com/", "httpx://example.com/", "https:x/example.com/", "http://x/", "https://xa.xn.com/", "https://a.xnx-.com/", "https:///x", "/path", "example.com/x", " https://example.com/", "https://example.com/ ",
	"https://example.com/\x00", "https://example.com/a\x7f", "https://exa_mple.com/", "https://example.com/a:b@c", "https://ex%41mple.com/",
}

// TestEncodedAsIsIsTheFullReading: every URL the short way takes gets the
// answer the full reading gives, over the samples above and the URLs of
// the corpus lists, whole and as paths on a few hosts.
func TestEncodedAsIsIsTheFullReading(t *testing.T) {
	urls := append([]string(nil), asIsSamples...)
	for _, l := range sharedtest.CorpusLists(t) {
		for _, u := range l.URLs {
			urls = append(urls, u, "https://example.com"+u, "http://www.example.co.uk"+u, "https://1.2.3.4"+u)
		}
	}
	taken := 0
	for _, u := range urls {
		got, ok := encodedAsIs(u)
		if !ok {
			continue
		}
		taken++
		if want := encodeURL(u); !reflect.DeepEqual(got, want) {
			t.Errorf("%q: the short way gives %+v, the full reading %+v", u, got, want)
		}
	}
	if taken < len(urls)/4 {
		t.Errorf("the short way took %d of %d URLs; it should take the plain ones", taken, len(urls))
	}
	t.Logf("%d of %d URLs taken as they are", taken, len(urls))
}

func FuzzEncodedAsIs(f *testing.F) {
	for _, u := range asIsSamples {
		f.Add(u)
	}
	f.Fuzz(func(t *testing.T, typed string) {
		if got, ok := encodedAsIs(typed); ok {
			if want := encodeURL(typed); !reflect.DeepEqual(got, want) {
				t.Fatalf("%q: the short way gives %+v, the full reading %+v", typed, got, want)
			}
		}
	})
}
