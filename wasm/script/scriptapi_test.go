//go:build js && wasm

package script

import (
	"strings"
	"syscall/js"
	"testing"

	"robotstester/engine"
	"robotstester/wasm/jsapi"
)

// scriptCall calls window.robotsTester[method] as a page script would.
func scriptCall(method string, args ...any) js.Value {
	return js.Global().Get("robotsTester").Call(method, args...)
}

func TestScriptAPIAnswersLikeTheEngine(t *testing.T) {
	InstallScriptAPI()
	const robots = "User-agent: *\nDisallow: /private\n\nUser-agent: Googlebot\nAllow: /private/ok\nDisallow: /private\n"
	tests := []struct {
		agent, url string
		allowed    bool
		line       int
		rule       string
	}{
		{"Googlebot", "https://example.com/private/x", false, 6, "Disallow: /private"},
		{"Googlebot", "https://example.com/private/ok.html", true, 5, "Allow: /private/ok"},
		{"Bingbot", "https://example.com/private", false, 2, "Disallow: /private"},
		{"Bingbot", "https://example.com/", true, 0, ""},
	}
	for _, tt := range tests {
		got := scriptCall("test", robots, tt.agent, tt.url)
		verdict := map[bool]string{true: "allowed", false: "blocked"}[tt.allowed]
		if got.Get("allowed").Bool() != tt.allowed || got.Get("verdict").String() != verdict ||
			got.Get("line").Int() != tt.line || got.Get("rule").String() != tt.rule {
			t.Errorf("test(%s, %s) = {allowed %v, verdict %v, line %v, rule %q}; want {%v %s %d %q}", tt.agent, tt.url,
				got.Get("allowed"), got.Get("verdict"), got.Get("line"), got.Get("rule").String(), tt.allowed, verdict, tt.line, tt.rule)
		}
		if got.Get("reason").String() == "" || got.Get("group").Type() != js.TypeString {
			t.Errorf("test(%s, %s) has no reason sentence: %q", tt.agent, tt.url, got.Get("reason").String())
		}
	}
	got := scriptCall("test", robots, "Googlebot", "https://example.com/private/x?q=1")
	if got.Get("testedAs").String() != "/private/x?q=1" || !strings.EqualFold(got.Get("token").String(), "Googlebot") {
		t.Errorf("testedAs %q, token %q; want the matched path and the token", got.Get("testedAs").String(), got.Get("token").String())
	}
	if !strings.Contains(got.Get("reason").String(), "6") {
		t.Errorf("the reason %q does not name the deciding line 6", got.Get("reason").String())
	}
}

func TestScriptAPIParsesARepeatedFileOnce(t *testing.T) {
	InstallScriptAPI()
	const robots = "User-agent: *\nDisallow: /a\n"
	scriptCall("test", robots, "x", "/a")
	first := lastParsed.robots
	scriptCall("test", robots, "x", "/b")
	if lastParsed.robots != first {
		t.Errorf("the same robots.txt was parsed again")
	}
	scriptCall("test", robots+"Disallow: /b\n", "x", "/b")
	if lastParsed.robots == first {
		t.Errorf("a changed robots.txt was not parsed again")
	}
}

func TestScriptAPITakesExactBytes(t *testing.T) {
	InstallScriptAPI()
	// A BOM, CRLF breaks and a byte that is not UTF-8 in the path.
	body := []byte("\xef\xbb\xbfUser-agent: *\r\nDisallow: /\xff\r\n")
	buf := js.Global().Get("Uint8Array").New(len(body))
	js.CopyBytesToJS(buf, body)
	got := scriptCall("test", buf, "Googlebot", "https://example.com/%FF")
	if got.Get("allowed").Bool() || got.Get("line").Int() != 2 {
		t.Errorf("test(bytes) = allowed %v, line %v; want blocked by line 2", got.Get("allowed"), got.Get("line"))
	}
	if lastParsed.body != string(body) {
		t.Errorf("the bytes reached the engine as %q", lastParsed.body)
	}
}

func TestScriptAPITestMany(t *testing.T) {
	InstallScriptAPI()
	urls := js.Global().Get("Array").New("/a", "/b", "/a/c")
	got := scriptCall("testMany", "User-agent: *\nDisallow: /a\n", "Googlebot", urls)
	if got.Length() != 3 {
		t.Fatalf("testMany returned %d results, want 3", got.Length())
	}
	for i, want := range []string{"blocked", "allowed", "blocked"} {
		if v := got.Index(i).Get("verdict").String(); v != want {
			t.Errorf("testMany result %d = %s, want %s", i, v, want)
		}
	}
}

func TestScriptAPIWrongArgumentsGiveASentence(t *testing.T) {
	InstallScriptAPI()
	for _, tt := range []struct {
		method string
		args   []any
	}{
		{"test", nil},
		{"test", []any{42, "Googlebot", "/"}},
		{"test", []any{"User-agent: *", js.Null(), "/"}},
		{"test", []any{"User-agent: *", "Googlebot", 3}},
		{"testMany", []any{"User-agent: *", "Googlebot", "/not-an-array"}},
	} {
		got := scriptCall(tt.method, tt.args...)
		if msg := got.Get("error"); msg.Type() != js.TypeString || !strings.Contains(msg.String(), "robotsTester.") {
			t.Errorf("%s(%v) = %v; want {error: a usage sentence}", tt.method, tt.args, msg)
		}
	}
}

func TestScriptAPIResolvesTheLoadersPromise(t *testing.T) {
	resolved := js.Undefined()
	resolve := js.FuncOf(func(_ js.Value, args []js.Value) any {
		resolved = args[0]
		return nil
	})
	defer resolve.Release()
	pre := js.Global().Get("Object").New()
	pre.Set("_resolve", resolve)
	pre.Set("_reject", resolve)
	js.Global().Set("robotsTester", pre)
	InstallScriptAPI()
	if !resolved.Equal(pre) || pre.Get("test").Type() != js.TypeFunction {
		t.Errorf("installScriptAPI did not complete the loader's object and resolve its promise with it")
	}
	if pre.Get("_resolve").Type() != js.TypeUndefined || pre.Get("_reject").Type() != js.TypeUndefined {
		t.Errorf("the resolver or the rejecter was left on the public object")
	}

	js.Global().Delete("robotsTester")
	InstallScriptAPI()
	if js.Global().Get("robotsTester").Get("ready").Type() != js.TypeObject {
		t.Errorf("without a loader's object, ready is not a Promise")
	}
}

func TestScriptAPIKnowsTheCatalogue(t *testing.T) {
	InstallScriptAPI()
	// Googlebot-Image falls back to the googlebot group (google-crawling.md
	// §4); AdsBot-Google ignores "*"; an unknown token uses "*".
	const robots = "User-agent: googlebot\nDisallow: /g\n\nUser-agent: *\nDisallow: /\n"
	tests := []struct {
		agent, url, verdict, crawler, token string
	}{
		{"Googlebot-Image", "/photo.png", "allowed", "present", "googlebot"},
		{"Googlebot-Image", "/g/photo.png", "blocked", "present", "googlebot"},
		{"AdsBot-Google", "/page", "allowed", "present", ""},
		{"made-up-bot", "/page", "blocked", "", ""},
	}
	for _, tt := range tests {
		got := scriptCall("test", robots, tt.agent, tt.url)
		crawler := got.Get("crawler").String()
		if got.Get("verdict").String() != tt.verdict || (crawler != "") != (tt.crawler != "") || !strings.EqualFold(got.Get("token").String(), tt.token) {
			t.Errorf("test(%s, %s) = %s, crawler %q, token %q; want %s, a catalogue crawler: %v, token %q",
				tt.agent, tt.url, got.Get("verdict").String(), crawler, got.Get("token").String(), tt.verdict, tt.crawler != "", tt.token)
		}
	}
}

func TestScriptAPICompactAnswerMatchesTheObjects(t *testing.T) {
	InstallScriptAPI()
	const robots = "User-agent: *\nDisallow: /private\nAllow: /private/ok\n"
	urls := []any{"https://example.com/private/x", "https://example.com/private/ok", "/", "/private\nx"}
	objects := scriptCall("testMany", robots, "Googlebot", urls)
	compact := scriptCall("testMany", robots, "Googlebot", urls, map[string]any{"compact": true})
	if compact.Get("count").Int() != len(urls) || compact.Get("allowed").Length() != len(urls) || compact.Get("lines").Length() != len(urls) {
		t.Fatalf("compact answer for %d URLs: count %v, %v verdicts, %v lines", len(urls), compact.Get("count"), compact.Get("allowed").Length(), compact.Get("lines").Length())
	}
	for i := range urls {
		o := objects.Index(i)
		allowed := compact.Get("allowed").Index(i).Int() == 1
		if allowed != o.Get("allowed").Bool() || compact.Get("lines").Index(i).Int() != o.Get("line").Int() {
			t.Errorf("URL %d: compact allowed=%v line %v; objects allowed=%v line %v", i, allowed, compact.Get("lines").Index(i), o.Get("allowed"), o.Get("line"))
		}
	}
}

// testManyAsync answers as testMany's compact form, through a Promise
// (here tested in slices: Node gives the page no workers).
func TestScriptAPIAsyncMatchesTheCompactAnswer(t *testing.T) {
	InstallScriptAPI()
	const robots = "User-agent: *\nDisallow: /private\nAllow: /private/ok\n"
	var urls []any
	for i := range 3000 {
		urls = append(urls, []string{"/private/x", "/private/ok", "/", "/private%20y"}[i%4]+"?"+strings.Repeat("a", i%5))
	}
	want := scriptCall("testMany", robots, "Googlebot", urls, map[string]any{"compact": true})
	done := make(chan js.Value, 1)
	then := js.FuncOf(func(_ js.Value, args []js.Value) any { done <- args[0]; return nil })
	defer then.Release()
	scriptCall("testManyAsync", robots, "Googlebot", urls).Call("then", then)
	got := <-done
	if got.Get("count").Int() != len(urls) {
		t.Fatalf("testManyAsync answered %v URLs, want %d", got.Get("count"), len(urls))
	}
	for i := range urls {
		if got.Get("allowed").Index(i).Int() != want.Get("allowed").Index(i).Int() || got.Get("lines").Index(i).Int() != want.Get("lines").Index(i).Int() {
			t.Fatalf("URL %d (%v): async allowed %v line %v; testMany allowed %v line %v", i, urls[i],
				got.Get("allowed").Index(i), got.Get("lines").Index(i), want.Get("allowed").Index(i), want.Get("lines").Index(i))
		}
	}
}

// TestScriptAPIVerdictIsJsapis: robotsTester.test and testMany answer with
// wasm/jsapi's Verdict, the object robotsTesterCore.test gives, key for
// key: a typed URL read as a browser sends it. The compact form matches
// each URL as given.
func TestScriptAPIVerdictIsJsapis(t *testing.T) {
	InstallScriptAPI()
	const robots = "User-agent: *\nDisallow: /café\nDisallow: /a%20b\n"
	r := engine.Parse([]byte(robots))
	stringify := js.Global().Get("JSON").Get("stringify")
	tests := []struct {
		agent, url, testedAs string
		allowed              bool
	}{
		{"Googlebot", "https://example.com/café", "/caf%C3%A9", false},
		{"Googlebot", "/a b", "/a%20b", false},
		{"somebot", "https://example.com/caf%C3%A9", "/caf%C3%A9", false},
		{"Googlebot Image", "https://example.com/ok#top", "/ok", true},
	}
	var urls []any
	for _, tt := range tests {
		urls = append(urls, tt.url)
	}
	many := scriptCall("testMany", robots, "Googlebot", urls)
	for i, tt := range tests {
		got := scriptCall("test", robots, tt.agent, tt.url)
		want := jsapi.Verdict(r, jsapi.ReadAgent(tt.agent), tt.url)
		if g, w := stringify.Invoke(got).String(), stringify.Invoke(want).String(); g != w {
			t.Errorf("test(%q, %q) = %s; jsapi.Verdict gives %s", tt.agent, tt.url, g, w)
		}
		if got.Get("testedAs").String() != tt.testedAs || got.Get("allowed").Bool() != tt.allowed {
			t.Errorf("test(%q, %q) tested %q, allowed %v; want %q, %v", tt.agent, tt.url, got.Get("testedAs").String(), got.Get("allowed").Bool(), tt.testedAs, tt.allowed)
		}
		if tt.agent == "Googlebot" {
			if g, w := stringify.Invoke(many.Index(i)).String(), stringify.Invoke(got).String(); g != w {
				t.Errorf("testMany's object for %q is %s, test's %s", tt.url, g, w)
			}
		}
	}
	if notes := scriptCall("test", robots, "Googlebot", "/a b").Get("notes"); notes.Length() == 0 {
		t.Errorf("a typed space gave no note on how a browser sends it")
	}
	compact := scriptCall("testMany", robots, "Googlebot", []any{"/café", "/caf%C3%A9"}, map[string]any{"compact": true})
	if a := compact.Get("allowed"); a.Index(0).Int() != 1 || a.Index(1).Int() != 0 {
		t.Errorf("compact testMany: allowed %v, %v; want the raw /café allowed and /caf%%C3%%A9 blocked, each matched as given", a.Index(0), a.Index(1))
	}
}

// robotsTester.parse gives a handle whose answers are the handle-less
// calls' own, until it is released.
func TestScriptAPIHandles(t *testing.T) {
	InstallScriptAPI()
	const robots = "User-agent: *\nDisallow: /private\nAllow: /private/ok\n"
	stringify := js.Global().Get("JSON").Get("stringify")
	h := scriptCall("parse", robots)
	urls := []any{"https://example.com/private/x", "https://example.com/private/ok", "/a b"}
	for _, u := range urls {
		if g, w := stringify.Invoke(h.Call("test", "Googlebot", u)).String(), stringify.Invoke(scriptCall("test", robots, "Googlebot", u)).String(); g != w {
			t.Errorf("handle.test(%q) = %s; robotsTester.test gives %s", u, g, w)
		}
	}
	compact := h.Call("testMany", "Googlebot", urls, map[string]any{"compact": true})
	want := scriptCall("testMany", robots, "Googlebot", urls, map[string]any{"compact": true})
	for _, k := range []string{"count", "allowed", "lines"} {
		if g, w := stringify.Invoke(compact.Get(k)).String(), stringify.Invoke(want.Get(k)).String(); g != w {
			t.Errorf("handle.testMany compact: %s = %s; robotsTester.testMany gives %s", k, g, w)
		}
	}
	h.Call("release")
	if e := h.Call("test", "Googlebot", "/").Get("error"); e.Type() != js.TypeString || !strings.Contains(e.String(), "robotsTester") {
		t.Errorf("a released handle answered %v; want a sentence naming robotsTester", e)
	}
}
