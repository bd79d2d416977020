//go:build !js

package browsertest

import (
	"strings"
	"testing"
)

// handleTestJS tests every URL on a handle of api (robotsTester or
// robotsTesterCore) three ways: through h.test, which the loader points at
// the module's exported robotsTesterTest, through h._test, the js.Func,
// and on a handle parsed from the text's bytes; it lists the answers that
// differ, and what wrong calls answer (the loader's functions hand them
// to the js.Funcs). Fast says whether parse and h.test are the loader's.
const handleTestJS = `(api, robots, agents, urls) => {
	urls = urls.concat(["/" + String.fromCharCode(0xd800) + "x"]);
	const h = api.parse(robots), out = {Fast: h.test !== h._test && String(api.parse).includes("robotsTesterParse"), Diff: [], Errors: []};
	const fromBytes = api.parse(new TextEncoder().encode(robots));
	for (const agent of agents) {
		for (const u of urls) {
			const fast = JSON.stringify(h.test(agent, u)), slow = JSON.stringify(h._test(agent, u));
			if (fast !== slow) out.Diff.push(agent + " " + u + ": " + fast + " ≠ " + slow);
			const bytes = JSON.stringify(fromBytes.test(agent, u));
			if (bytes !== fast) out.Diff.push(agent + " " + u + " parsed from bytes: " + bytes + " ≠ " + fast);
		}
	}
	for (const args of [[3, "/"], ["Googlebot"], [], ["Googlebot", {}]]) out.Errors.push(h.test(...args).error || "");
	h.release();
	fromBytes.release();
	out.Errors.push(h.test("Googlebot", "/").error || "");
	return out;
}`

// handleTestURLs are URLs whose reading differs from one to the next: a
// percent-encoded path, a space, non-ASCII letters, a lone surrogate (not
// UTF-8 at all, added in the page, which JSON cannot carry), a fragment, a path alone, a long path, nothing.
var handleTestURLs = []string{
	"https://example.com/private/x", "https://example.com/private/ok/1?q=1", "https://example.com/Private",
	"https://example.com/a b", "https://example.com/café/ü", "https://example.com/x#frag",
	"/private/a", "/" + strings.Repeat("private/", 1200), "", "ftp://example.com/private", "mailto:a@b",
}

// checkHandleTest fails t when a handle's test through the module's
// exports answers anything but what the js.Func answers, or is not in
// place.
func checkHandleTest(t *testing.T, a *app, api string) {
	t.Helper()
	robots := "User-agent: *\nDisallow: /private\nAllow: /private/ok\nAllow: /*.css$\n\nUser-agent: GPTBot\nDisallow: /\n\n# caf\u00e9\n"
	got := call[struct {
		Fast         bool
		Diff, Errors []string
	}](a, `(...args) => (`+handleTestJS+`)(`+api+`, ...args)`, robots, []string{"Googlebot", "GPTBot", "somebot", "Googlebot Image"}, handleTestURLs)
	if !got.Fast {
		t.Errorf("%s: a handle's test is the js.Func; the loader should have put the exported test in its place", api)
	}
	for _, d := range got.Diff {
		t.Errorf("%s: the exported test and the js.Func differ: %s", api, d)
	}
	for i, e := range got.Errors {
		if !strings.Contains(e, "handle") {
			t.Errorf("%s: wrong call %d answered %q; want a sentence on what to pass", api, i, e)
		}
	}
}

// TestBrowserScriptHandleTest: the page's handles answer through the
// module's exports exactly as through the js.Func.
func TestBrowserScriptHandleTest(t *testing.T) {
	ctx := newBrowser(t)
	a := openApp(t, ctx, serveSite(t))
	js[bool](a, `robotsTester.ready.then(() => true)`)
	checkHandleTest(t, a, "robotsTester")
}
