package engine

import "testing"

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
