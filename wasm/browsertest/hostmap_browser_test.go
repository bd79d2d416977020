//go:build !js

package browsertest

import (
	"strings"
	"testing"

	"robotstester/engine"
)

// idnHosts are hosts whose mapping needs the UTS #46 tables: natively the
// engine maps them with x/net/idna, in the browser programs with the
// browser's URL parser (wasm/browserhost). why names the case; deviation,
// when set, is a known difference of Chromium's mapping, logged rather than
// failed (and failed when it no longer differs, so the note stays true).
var idnHosts = []struct{ host, why, deviation string }{
	{"straße.de", "ß is kept (non-transitional)", ""},
	{"Bücher.Example", "upper case and an umlaut", ""},
	{"ＥＸＡＭＰＬＥ．ｃｏｍ", "fullwidth letters and dot", ""},
	{"a。b.example", "an ideographic full stop is a dot", ""},
	{"ex\u00adample.com", "a soft hyphen is dropped", ""},
	{"ℌ.com", "a letterlike symbol maps to h", ""},
	{"ΑΒΓ.gr", "Greek capitals", ""},
	{"İ.com", "a dotted capital I", ""},
	{"☕.example", "an emoji", ""},
	{"xn--mller-kva.eu", "a valid Punycode label", ""},
	{"XN--MLLER-KVA.EU", "a valid Punycode label in capitals", ""},
	{"xn--ls8h.la", "a Punycode emoji", ""},
	{"xn--a.com", "Punycode that decodes to a control character", ""},
	{"xn--mller-kva-.eu", "Punycode that does not decode", ""},
	{"xn--.com", "an empty Punycode label", ""},
	{"xn--abc.com", "Punycode that decodes to control characters", ""},
	{"xn--a.ü.com", "an invalid Punycode label beside a non-ASCII one", ""},
	{"xn--mller-kva.xn--a", "an invalid Punycode label last", ""},
	{"مثال.إختبار", "an Arabic domain (Bidi rule kept)", ""},
	{"אבג.com", "a Hebrew label beside an ASCII one", ""},
	{"0ا.com", "a right-to-left label starting with a digit (Bidi rule B1)", ""},
	{"aא.com", "a left-to-right label holding a Hebrew letter (Bidi rule B6)", ""},
	{"क्\u200d.com", "a zero width joiner after a virama (allowed)", ""},
	{"a\u200db.com", "a zero width joiner between letters (CheckJoiners refuses)", ""},
	{"a\u200cb.com", "a zero width non-joiner between letters (CheckJoiners refuses)", ""},
	{"\u0301a.com", "a label starting with a combining mark", ""},
	{"a\u00a0b.com", "a no-break space maps to a space, which no host may hold", ""},
	{"a／b.com", "a fullwidth solidus maps to /", ""},
	{"１２７.０.０.１", "fullwidth digits make an IPv4 address", ""},
	{"ü.1", "a last label that is a number but no address", ""},
	{"ü.0x7f", "a hexadecimal last label", ""},
	{"\U0001FFFE.com", "a noncharacter", ""},
	{"münchen.de.", "a trailing dot", ""},
}

// TestBrowserHostMapping: core.wasm (the engine with no IDNA tables, mapping
// hosts with Chromium's URL parser) sends every URL of idnHosts as the
// native engine (x/net/idna) does, and refuses those it refuses.
func TestBrowserHostMapping(t *testing.T) {
	base := serveSite(t)
	a := openApp(t, newBrowser(t), base)
	hosts := make([]string, len(idnHosts))
	for i, c := range idnHosts {
		hosts[i] = c.host
	}
	type answer struct {
		Sent  string   `json:"sent"`
		Notes []string `json:"notes"`
	}
	got := call[[]answer](a, `async (hosts) => {
		const go = new Go();
		const r = await WebAssembly.instantiateStreaming(fetch("core.wasm"), go.importObject);
		go.run(r.instance);
		const core = await robotsTesterCore.ready;
		const h = core.parse("User-agent: *\nDisallow: /x\n");
		return hosts.map(host => core.test(h, "Googlebot", "https://" + host + "/x"));
	}`, hosts)
	if len(got) != len(idnHosts) {
		t.Fatalf("core.wasm answered %d hosts of %d", len(got), len(idnHosts))
	}
	for i, c := range idnHosts {
		typed := "https://" + c.host + "/x"
		want := engine.EncodeURL(typed)
		var same bool
		var gotText, wantText string
		if want.Err != "" {
			wantText = "refused: " + want.Err
			refused := got[i].Sent == typed && len(got[i].Notes) > 0 && strings.HasPrefix(got[i].Notes[0], "The URL cannot be read")
			gotText = "sent " + got[i].Sent
			if refused {
				gotText = "refused: " + got[i].Notes[0]
			}
			same = refused
		} else {
			wantText, gotText = "sent "+want.URL, "sent "+got[i].Sent
			same = got[i].Sent == want.URL
		}
		switch {
		case same && c.deviation != "":
			t.Errorf("%q (%s): Chromium now maps it as x/net/idna does (%s); drop the deviation note %q", c.host, c.why, wantText, c.deviation)
		case !same && c.deviation != "":
			t.Logf("%q (%s): known deviation, %s: browser %s; native %s", c.host, c.why, c.deviation, gotText, wantText)
		case !same:
			t.Errorf("%q (%s): core.wasm in Chromium %s\nnative engine %s", c.host, c.why, gotText, wantText)
		}
	}
}
