//go:build js && wasm

package main

import (
	"strings"
	"syscall/js"
	"testing"
)

func args(vs ...any) []js.Value {
	out := make([]js.Value, len(vs))
	for i, v := range vs {
		out[i] = js.ValueOf(v)
	}
	return out
}

// errorOf is the error sentence of an answer, "" when it is not an error.
func errorOf(v any) string {
	e := js.ValueOf(v)
	if e.Type() != js.TypeObject || e.Get("error").Type() != js.TypeString {
		return ""
	}
	return e.Get("error").String()
}

func TestHandlesParseOnceAndRelease(t *testing.T) {
	h := files.Parse(args("User-agent: *\nDisallow: /private\n"))
	if got := lines(js.Undefined(), args(h)); got != 3 {
		t.Errorf("lines = %v; want 3 (two lines and the empty one after the last break)", got)
	}
	v := test(js.Undefined(), args(h, "Googlebot", "https://example.com/private/x")).(js.Value)
	if v.Get("allowed").Bool() || v.Get("line").Int() != 2 || v.Get("rule").String() != "Disallow: /private" {
		t.Errorf("test = %v; want blocked by line 2, Disallow: /private", js.Global().Get("JSON").Call("stringify", v))
	}
	if byID := test(js.Undefined(), args(h.Get("id"), "Googlebot", "/open")).(js.Value); !byID.Get("allowed").Bool() {
		t.Errorf("test by the handle's id = %v; want allowed", js.Global().Get("JSON").Call("stringify", byID))
	}
	many := js.ValueOf(testMany(js.Undefined(), args(h, "Googlebot", "/private/a\n/open\r\n/private")))
	allowed, line := many.Get("allowed"), many.Get("line")
	if allowed.Length() != 3 || allowed.Index(0).Int() != 0 || allowed.Index(1).Int() != 1 || allowed.Index(2).Int() != 0 {
		t.Errorf("testMany allowed = %v; want 0, 1, 0", js.Global().Get("Array").Call("from", allowed).Call("join"))
	}
	if line.Get("constructor").Get("name").String() != "Uint32Array" || line.Index(0).Int() != 2 || line.Index(1).Int() != 0 {
		t.Errorf("testMany line = %v; want a Uint32Array 2, 0, 2", js.Global().Get("Array").Call("from", line).Call("join"))
	}
	release(js.Undefined(), args(h))
	if e := errorOf(test(js.Undefined(), args(h, "Googlebot", "/"))); !strings.Contains(e, "released") {
		t.Errorf("a released handle answered %q; want a sentence saying it was released", e)
	}
	if other := files.Parse(args("")); other.Get("id").Int() == h.Get("id").Int() {
		t.Errorf("a new parse reused the released handle %v", h.Get("id"))
	}
}

func TestWrongArgumentsSaySo(t *testing.T) {
	h := files.Parse(args("User-agent: *\n"))
	tests := []struct {
		name string
		got  any
		want string
	}{
		{"parse without a file", files.Parse(nil), "takes the robots.txt"},
		{"parse of a number", files.Parse(args(7)), "string or a Uint8Array"},
		{"test without a handle", test(js.Undefined(), args("robots", "Googlebot", "/")), "handle returned by parse"},
		{"test without an agent", test(js.Undefined(), args(h)), "agent must be a string"},
		{"test without a url", test(js.Undefined(), args(h, "Googlebot")), "url must be a string"},
		{"testMany of a number", testMany(js.Undefined(), args(h, "Googlebot", 5)), "array of strings"},
		{"lines of nothing", lines(js.Undefined(), nil), "handle returned by parse"},
	}
	for _, tt := range tests {
		if e := errorOf(tt.got); !strings.Contains(e, tt.want) {
			t.Errorf("%s: error %q; want one containing %q", tt.name, e, tt.want)
		}
	}
}

func TestCrawlersListTheCatalogue(t *testing.T) {
	list := crawlers(js.Undefined(), nil).([]any)
	first := list[0].(map[string]any)
	if len(list) < 20 || first["token"] != "Googlebot" || !strings.HasPrefix(first["name"].(string), "Googlebot") {
		t.Errorf("crawlers: %d entries, first %v; want the catalogue with Googlebot first", len(list), first)
	}
}
