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
		if v.Get("allowed").Bool() != tt.allowed || v.Get("line").Int() != tt.line || v.Get("crawler").String() != tt.crawler || v.Get("testedAs").String() != tt.testedAs {
			t.Errorf("%s %s: allowed %v line %v crawler %q tested as %q; want %v, %d, %q, %q",
				tt.agent, tt.url, v.Get("allowed"), v.Get("line"), v.Get("crawler").String(), v.Get("testedAs").String(), tt.allowed, tt.line, tt.crawler, tt.testedAs)
		}
		reason := v.Get("reason").String()
		if wantWord := map[bool]string{true: "Allowed", false: "Blocked"}[tt.allowed]; !strings.HasPrefix(reason, wantWord) {
			t.Errorf("%s %s: reason %q does not start with %q", tt.agent, tt.url, reason, wantWord)
		}
	}
	if notes := Verdict(r, ReadAgent("Googlebot"), "/private/a b").Get("notes"); notes.Length() == 0 {
		t.Errorf("a typed space gave no note on how the browser encodes it")
	}
}

// The JSON text a verdict crosses as reads back, through the browser's
// JSON.parse, as the string itself would cross: quotes, backslashes and
// control characters escaped, bytes that are not UTF-8 read as U+FFFD as
// the browser's TextDecoder reads them (one for "\xe2\x82", where Go's
// decoder would give two), other letters as they are.
func TestJSONStringsCrossAsTheStringsThemselves(t *testing.T) {
	for _, s := range []string{
		"", "plain", `a "quoted" \ back\slash`, "tab\tnew\nline\x00nul\x1funit", "caf\u00e9 \u2028 \U0001F600",
		"bad \xff byte", "cut \xe2\x82 euro", "\x7f del",
	} {
		got := parseJSON(appendJSONString(nil, s))
		if got.Type() != js.TypeString || got.String() != js.ValueOf(s).String() {
			t.Errorf("JSON of %q read back as %q; want %q", s, got.String(), js.ValueOf(s).String())
		}
	}
}

// A handle answers as the engine does, its id works where a handle goes,
// and a released handle says so.
func TestHandles(t *testing.T) {
	f := NewFiles("api")
	h := f.Parse([]js.Value{js.ValueOf("User-agent: *\nDisallow: /private\n")})
	got := h.Call("test", "Googlebot", "/private/x")
	if got.Get("allowed").Bool() || got.Get("line").Int() != 2 || got.Get("rule").String() != "Disallow: /private" {
		t.Errorf("handle.test = %v; want blocked by line 2", js.Global().Get("JSON").Call("stringify", got))
	}
	many := h.Call("testMany", "Googlebot", []any{"/private/a", "/open", "/private"})
	if many.Length() != 3 || many.Index(0).Get("verdict").String() != "blocked" || many.Index(1).Get("verdict").String() != "allowed" {
		t.Errorf("handle.testMany = %v; want blocked, allowed, blocked", js.Global().Get("JSON").Call("stringify", many))
	}
	compact := h.Call("testMany", "Googlebot", "/private/a\n/open\r\n/private\n", map[string]any{"compact": true})
	if compact.Get("count").Int() != 3 || compact.Get("allowed").Index(1).Int() != 1 || compact.Get("lines").Index(2).Int() != 2 {
		t.Errorf("compact testMany of a text: %v", js.Global().Get("JSON").Call("stringify", compact))
	}
	if r, err := f.Lookup(h.Get("id"), "x"); r == nil || err != "" {
		t.Errorf("the handle's id did not name its file: %q", err)
	}
	if h.Call("lines").Int() != 3 {
		t.Errorf("handle.lines = %v; want 3", h.Call("lines"))
	}
	h.Call("release")
	if e := h.Call("test", "Googlebot", "/").Get("error"); e.Type() != js.TypeString || !strings.Contains(e.String(), "released") {
		t.Errorf("a released handle answered %v; want a sentence saying it was released", e)
	}
	for _, args := range [][]any{{}, {"Googlebot"}, {3, "/"}} {
		if e := h.Call("test", args...).Get("error"); e.Type() != js.TypeString {
			t.Errorf("handle.test%v gave no error sentence", args)
		}
	}
}

// The answer's sentences are engine.Explain's, though Verdict asks only
// for the two it shows.
func TestVerdictSentencesAreExplains(t *testing.T) {
	r := engine.Parse([]byte("User-agent: Googlebot\nUser-agent: bingbot\nAllow: /a/\nDisallow: /a\n\nUser-agent: *\nDisallow: /*.pdf$\nAllow: /x/$\n"))
	for _, agent := range []string{"Googlebot", "bingbot", "somebot", "Googlebot Image", "bad agent/1.0"} {
		for _, url := range []string{"/a", "/a/b", "/doc.pdf", "/x/", "/", "https://example.com/a b?q"} {
			a := ReadAgent(agent)
			res, _ := a.Test(r, url)
			ex := r.Explain(res)
			v := Verdict(r, a, url)
			if got := v.Get("reason").String(); got != ex.Verdict {
				t.Errorf("%s %s: reason %q; Explain says %q", agent, url, got, ex.Verdict)
			}
			if got := v.Get("group").String(); got != ex.Group {
				t.Errorf("%s %s: group %q; Explain says %q", agent, url, got, ex.Group)
			}
		}
	}
}

// The group sentence, kept from one answer to the next (group.go), is
// still Explain's when the file or the agent changes from one call to the
// next: two files alike but for where their groups start, the same agent
// asked of each in turn, and agents of one group after another.
func TestGroupSentenceFollowsFileAndAgent(t *testing.T) {
	files := []*engine.Robots{
		engine.Parse([]byte("User-agent: Googlebot\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n")),
		engine.Parse([]byte("# moved\n\nUser-agent: Googlebot\nDisallow: /a\n\n\nUser-agent: *\nDisallow: /b\n")),
	}
	calls := []struct {
		agent string
		file  int
	}{
		{"Googlebot", 0}, {"Googlebot", 1}, {"somebot", 1}, {"otherbot", 1}, {"Googlebot Image", 1},
		{"Googlebot Image", 0}, {"bingbot", 0}, {"otherbot", 0}, {"Googlebot", 0},
	}
	for _, url := range []string{"/a", "/b", "/c"} {
		for _, c := range calls {
			r, a := files[c.file], ReadAgent(c.agent)
			res, _ := a.Test(r, url)
			if got, want := Verdict(r, a, url).Get("group").String(), r.Explain(res).Group; got != want {
				t.Errorf("%s %s (file %d): group %q; Explain says %q", c.agent, url, c.file, got, want)
			}
		}
	}
}
