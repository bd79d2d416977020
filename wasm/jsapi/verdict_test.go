//go:build js && wasm

package jsapi

import (
	"strings"
	"syscall/js"
	"testing"

	"robotstester/engine"
)

func TestBytesKeepsExactBytes(t *testing.T) {
	raw := []byte("User-agent: *\r\nDisallow: /\xff\n")
	arr := js.Global().Get("Uint8Array").New(len(raw))
	js.CopyBytesToJS(arr, raw)
	tests := []struct {
		name string
		in   js.Value
		want string
		ok   bool
	}{
		{"a string is its UTF-8", js.ValueOf("User-agent: é\n"), "User-agent: é\n", true},
		{"a Uint8Array is its bytes, CRLF and invalid UTF-8 kept", arr, string(raw), true},
		{"a number is refused", js.ValueOf(3), "", false},
		{"undefined is refused", js.Undefined(), "", false},
	}
	for _, tt := range tests {
		got, ok := Bytes(tt.in)
		if ok != tt.ok || string(got) != tt.want {
			t.Errorf("%s: Bytes = %q, %v; want %q, %v", tt.name, got, ok, tt.want, tt.ok)
		}
	}
}

func TestVerdictIsTheEngines(t *testing.T) {
	r := engine.Parse([]byte("User-agent: Googlebot-Image\nDisallow: /img\n\nUser-agent: *\nDisallow: /private\n"))
	tests := []struct {
		agent, url string
		allowed    bool
		line       int
		crawler    string
		testedAs   string
	}{
		{"Googlebot", "https://example.com/private/x", false, 5, "Googlebot (Smartphone / Desktop)", "/private/x"},
		{"Googlebot Image", "/img/a.png", false, 2, "Googlebot Image", "/img/a.png"},
		{"Googlebot-Image", "/private/x", true, 0, "Googlebot Image", "/private/x"},
		{"somebot", "/private/x", false, 5, "", "/private/x"},
		{"Googlebot", "/private/a b", false, 5, "Googlebot (Smartphone / Desktop)", "/private/a%20b"},
	}
	for _, tt := range tests {
		v := Verdict(r, ReadAgent(tt.agent), tt.url)
		if v["allowed"] != tt.allowed || v["line"] != tt.line || v["crawler"] != tt.crawler || v["testedAs"] != tt.testedAs {
			t.Errorf("%s %s: allowed %v line %v crawler %q tested as %q; want %v, %d, %q, %q",
				tt.agent, tt.url, v["allowed"], v["line"], v["crawler"], v["testedAs"], tt.allowed, tt.line, tt.crawler, tt.testedAs)
		}
		reason, _ := v["reason"].(string)
		if wantWord := map[bool]string{true: "Allowed", false: "Blocked"}[tt.allowed]; !strings.HasPrefix(reason, wantWord) {
			t.Errorf("%s %s: reason %q does not start with %q", tt.agent, tt.url, reason, wantWord)
		}
	}
	if notes := Verdict(r, ReadAgent("Googlebot"), "/private/a b")["notes"].([]any); len(notes) == 0 {
		t.Errorf("a typed space gave no note on how the browser encodes it")
	}
}
