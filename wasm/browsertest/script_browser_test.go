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
// Each URL is tested twice, and between the two on a second handle of
// other bytes (a rule that is not UTF-8, which crosses as JSON): the
// answers after the first come from the strings the wrapper keeps (rules
// by line, reasons by number, the group sentence by its number), which
// the second handle's answers change in between.
const handleTestJS = `(api, robots, other, agents, urls) => {
	urls = urls.concat(["/" + String.fromCharCode(0xd800) + "x"]);
	const h = api.parse(robots), out = {Fast: h.test !== h._test && String(api.parse).includes("robotsTesterParse"), Diff: [], Errors: []};
	const fromBytes = api.parse(new TextEncoder().encode(robots)), h2 = api.parse(new Uint8Array(other));
	for (let pass = 0; pass < 2; pass++) {
		for (const agent of agents) {
			for (const u of urls) {
				const fast = JSON.stringify(h.test(agent, u)), slow = JSON.stringify(h._test(agent, u));
				if (fast !== slow) out.Diff.push(agent + " " + u + ": " + fast + " ≠ " + slow);
				const bytes = JSON.stringify(fromBytes.test(agent, u));
				if (bytes !== fast) out.Diff.push(agent + " " + u + " parsed from bytes: " + bytes + " ≠ " + fast);
				const fast2 = JSON.stringify(h2.test(agent, u)), slow2 = JSON.stringify(h2._test(agent, u));
				if (fast2 !== slow2) out.Diff.push(agent + " " + u + " on the other file: " + fast2 + " ≠ " + slow2);
			}
			// An ASCII text, which the wrapper copies four characters a
			// store, written after this agent (another alignment each
			// time), against its bytes.
			const plain = robots.replace(/[^\x00-\x7f]/g, "e").slice(0, 120 + agent.length);
			const hp = api.parse(plain), hpBytes = api.parse(new TextEncoder().encode(plain));
			for (const u of urls) {
				const p1 = JSON.stringify(hp.test(agent, u)), p2 = JSON.stringify(hpBytes.test(agent, u));
				if (p1 !== p2) out.Diff.push(agent + " " + u + " on an ASCII text: " + p1 + " ≠ " + p2);
			}
			hp.release();
			hpBytes.release();
		}
	}
	for (const args of [[3, "/"], ["Googlebot"], [], ["Googlebot", {}]]) out.Errors.push(h.test(...args).error || "");
	h.release();
	fromBytes.release();
	h2.release();
	out.Errors.push(h.test("Googlebot", "/").error || "");
	return out;
}`

// textsLetGoJS tests a file of n rules on two handles: the first's
// answers number 2n texts (each rule and its reason), more than the
// wrapper keeps (MAX_TEXTS in handles.js), so the second's answers give
// by number texts the wrapper has let go, and it asks for them again. It
// lists the answers that differ from the js.Func's.
const textsLetGoJS = `(api, n) => {
	const lines = ["User-agent: *"];
	for (let i = 0; i < n; i++) lines.push("Disallow: /p" + i + "/");
	const robots = lines.join("\n"), first = api.parse(robots), out = {Diff: [], Tested: 0};
	const url = i => "https://example.com/p" + i + "/x";
	for (let i = 0; i < n; i++) first.test("Googlebot", url(i));
	const second = api.parse(robots);
	for (let i = 0; i < n; i += 3) {
		const fast = JSON.stringify(second.test("Googlebot", url(i))), slow = JSON.stringify(second._test("Googlebot", url(i)));
		if (fast !== slow) out.Diff.push(url(i) + ": " + fast + " ≠ " + slow);
		out.Tested++;
	}
	first.release();
	second.release();
	return out;
}`

// apiTestJS tests every URL through api.test, of a text (robotsTester:
// the same text, another text between, and the first again as another
// string of the same characters) or of a handle and its id
// (robotsTesterCore), against a handle's js.Func. Fast says whether
// api.test is the loader's (handles.js).
const apiTestJS = `(api, ofText, robots, agents, urls) => {
	const h = api.parse(robots), out = {Fast: /lastText|getPrototypeOf/.test(String(api.test)), Diff: []};
	const other = robots.replace("/private", "/elsewhere");
	for (const agent of agents) {
		for (const u of urls) {
			const slow = JSON.stringify(h._test(agent, u));
			if (ofText) {
				const first = JSON.stringify(api.test(robots, agent, u));
				const between = JSON.stringify(api.test(other, agent, u));
				const again = JSON.stringify(api.test([robots].join(""), agent, u));
				const otherSlow = api.parse(other);
				if (between !== JSON.stringify(otherSlow._test(agent, u))) out.Diff.push(agent + " " + u + " on the other text: " + between);
				otherSlow.release();
				for (const got of [first, again]) if (got !== slow) out.Diff.push(agent + " " + u + ": " + got + " ≠ " + slow);
			} else {
				for (const got of [JSON.stringify(api.test(h, agent, u)), JSON.stringify(api.test(h.id, agent, u))]) {
					if (got !== slow) out.Diff.push(agent + " " + u + ": " + got + " ≠ " + slow);
				}
			}
		}
	}
	h.release();
	return out;
}`

// handleTestManyJS compares a handle's compact testMany, which the loader
// points at the module's exported robotsTesterDecide, with the js.Func's
// (h._testMany) on lists of every length: none, one, a piece's end, and
// past two pieces of 16,384 URLs, the last piece holding what no browser
// sends (a line break, which makes that piece the js.Func's, a CR, items
// that are not strings). It lists the lists whose answers differ, and
// what wrong calls and a released handle answer.
const handleTestManyJS = `(api, robots, agents, urls) => {
	const h = api.parse(robots), out = {Fast: h.testMany !== h._testMany, Diff: [], Errors: [], Compared: 0};
	const long = [];
	while (long.length < 40000) long.push(...urls);
	long.push(null, 7, undefined, "/private\r", "/x\ny", "/private/a");
	const lists = [long, urls, [], ["https://example.com/private"], long.slice(16380, 16390), long.slice(0, 16384)];
	const same = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);
	for (const agent of agents) {
		for (const list of lists) {
			const fast = h.testMany(agent, list, {compact: true}), slow = h._testMany(agent, list, {compact: true});
			out.Compared += list.length;
			if (fast.count !== slow.count || !(fast.allowed instanceof Uint8Array) || !(fast.lines instanceof Int32Array) ||
				!same(fast.allowed, slow.allowed) || !same(fast.lines, slow.lines) || Object.keys(fast).sort().join() !== Object.keys(slow).sort().join()) {
				out.Diff.push(agent + ", a list of " + list.length);
			}
		}
	}
	for (const args of [[3, urls, {compact: true}], ["Googlebot", 3, {compact: true}]]) out.Errors.push(h.testMany(...args).error || "");
	h.release();
	out.Errors.push(h.testMany("Googlebot", urls, {compact: true}).error || "");
	return out;
}`

// handleTestURLs are URLs whose reading differs from one to the next: a
// percent-encoded path, a space, non-ASCII letters, a lone surrogate (not
// UTF-8 at all, added in the page, which JSON cannot carry), a fragment, a path alone, a long path, nothing.
var handleTestURLs = []string{
	"https://example.com/private/x", "https://example.com/private/ok/1?q=1", "https://example.com/Private",
	"https://example.com/a", "https://example.com/x/y", "https://example.com/x/z", "https://example.com/caf%E9", "https://example.com/café",
	"https://example.com/" + strings.Repeat("nothing-", 20), "https://EXAMPLE.com:443/./private/../x?q=a b",
	"https://example.com/a b", "https://example.com/café/ü", "https://example.com/x#frag",
	"/private/a", "/" + strings.Repeat("private/", 1200), "", "ftp://example.com/private", "mailto:a@b",
}

// checkHandleTest fails t when a handle's test through the module's
// exports answers anything but what the js.Func answers, or is not in
// place.
func checkHandleTest(t *testing.T, a *app, api string) {
	t.Helper()
	// With lines of a page served in its place, which a parse of the
	// string leaves out (handles.js, putRead), and a parse of its bytes
	// reads.
	robots := "<!DOCTYPE html>\n<html><head><title>A page served in the place of robots.txt</title></head>\r\n" +
		"<script>" + strings.Repeat("document.title = document.title + ' ';", 16) + "</script>\n" +
		"User-agent: *\nDisallow: /private\nAllow: /private/ok\nAllow: /*.css$\nDisallow: /a\nAllow: /a\nDisallow: /x/y\nAllow: /x/\n\n" +
		"User-agent: GPTBot\nDisallow: /\nDisallow:\n\n# caf\u00e9\n<p>and the page goes on, with nothing a crawler reads</p>\r" +
		"Sitemap: https://example.com/sitemap-of-everything.xml\n"
	// Not UTF-8 (a Latin-1 é), and ends without a line break; the agents'
	// groups differ from the first file's.
	other := []byte("User-agent: Googlebot\nDisallow: /caf\xe9\nDisallow: /private/\nAllow: /private/ok\n\nUser-agent: *\nDisallow: /x")
	otherNumbers := make([]int, len(other))
	for i, b := range other {
		otherNumbers[i] = int(b)
	}
	got := call[struct {
		Fast         bool
		Diff, Errors []string
	}](a, `(...args) => (`+handleTestJS+`)(`+api+`, ...args)`, robots, otherNumbers,
		[]string{"Googlebot", "GPTBot", "somebot", "Googlebot Image", "googlebot/2.1", ""}, handleTestURLs)
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
	many := call[struct {
		Fast         bool
		Diff, Errors []string
		Compared     int
	}](a, `(...args) => (`+handleTestManyJS+`)(`+api+`, ...args)`, robots, []string{"Googlebot", "GPTBot", "somebot"}, handleTestURLs)
	if !many.Fast {
		t.Errorf("%s: a handle's testMany is the js.Func; the loader should have put its own in its place", api)
	}
	for _, d := range many.Diff {
		t.Errorf("%s: compact testMany through the exports and the js.Func differ: %s", api, d)
	}
	for i, e := range many.Errors {
		if !strings.Contains(e, "agent") && !strings.Contains(e, "urls") && !strings.Contains(e, "handle") {
			t.Errorf("%s: wrong testMany call %d answered %q; want a sentence on what to pass", api, i, e)
		}
	}
	if many.Compared < 3*40000 {
		t.Errorf("%s: compact testMany compared on %d URLs", api, many.Compared)
	}
	letGo := call[struct {
		Diff   []string
		Tested int
	}](a, `(...args) => (`+textsLetGoJS+`)(`+api+`, ...args)`, 1500)
	for _, d := range letGo.Diff {
		t.Errorf("%s: after the wrapper let its texts go, the exported test and the js.Func differ: %s", api, d)
	}
	if letGo.Tested != 500 {
		t.Errorf("%s: the texts let go were tested on %d URLs", api, letGo.Tested)
	}
	// The API's own test: robotsTester's of a text (a handle of the last
	// text, kept while the string is the same), robotsTesterCore's of a
	// handle or its id; each as a handle's js.Func answers.
	api2 := call[struct {
		Fast bool
		Diff []string
	}](a, `(...args) => (`+apiTestJS+`)(`+api+`, ...args)`, api == "robotsTester", robots, []string{"Googlebot", "GPTBot", "somebot"}, handleTestURLs)
	if !api2.Fast {
		t.Errorf("%s.test is the js.Func; the loader should have put its own in its place", api)
	}
	for _, d := range api2.Diff {
		t.Errorf("%s.test and a handle's js.Func differ: %s", api, d)
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
