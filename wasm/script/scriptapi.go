//go:build js && wasm

package script

import (
	"encoding/binary"
	"strings"
	"syscall/js"

	"robotstester/engine"
	"robotstester/wasm/browser"
	"robotstester/wasm/jsapi"
)

// The script API lets a documentation page drive the engine from its own
// script, without the tester's UI:
//
//	await robotsTester.ready;
//	robotsTester.test("User-agent: *\nDisallow: /private\n", "Googlebot", "https://example.com/private/x")
//	// → {allowed: false, verdict: "blocked", line: 2, rule: "Disallow: /private", reason: "…", group: "…",
//	//    testedAs: "/private/x", sent: "https://example.com/private/x", notes: [], token: "", crawler: "Googlebot (…)"}
//	robotsTester.testMany(robotsTxt, agent, [url1, url2])  // → an array of the same objects
//	robotsTester.testMany(robotsTxt, agent, urls, {compact: true})
//	// → {count, allowed: Uint8Array (1 allowed, 0 blocked), lines: Int32Array (deciding line, 0 for none)}
//
// The objects are wasm/jsapi's Verdict, the same as robotsTesterCore.test
// gives: each URL read as a browser sends it (sent and notes say what that
// changed). The compact answer is for long lists (a million URLs in about
// two seconds): no object, no sentence per URL, each URL matched as given
// (as a crawler requested it), the verdicts as typed arrays in the order
// of urls. robotsTester.testManyAsync(robotsTxt, agent, urls)
// gives the same answer through a Promise, tested in workers
// (scriptasync.go), so the page never waits for it.
//
// robotsTxt is a string (read as UTF-8) or a Uint8Array (exact bytes). agent
// names a crawler of the catalogue ("Googlebot Image", or its token
// "Googlebot-Image"), tested with its fallback tokens and its stance on the
// "*" group, as the page does; any other agent is read as a product token.
// token is the token whose group applied ("" when the "*" group or none did).
// Wrong arguments give an object with an error sentence instead of a
// verdict: {error: "…"}. robotsTester.audit(robotsTxt) answers which AI
// crawlers may read the site (scriptaudit.go).

// lastParsed caches the last robots.txt parsed by the script API: a page that
// tests many URLs against one file, one call at a time, parses it once.
var lastParsed struct {
	body   string
	robots *engine.Robots
}

// InstallScriptAPI defines window.robotsTester. loader.js may have created
// the object first, with a ready Promise whose resolver it kept as _resolve:
// that resolver is called, and it and the rejecter (_reject, for a load
// failure) are removed. Otherwise ready is a Promise already resolved.
func InstallScriptAPI() {
	win := js.Global()
	api := win.Get("robotsTester")
	if api.Type() != js.TypeObject {
		api = win.Get("Object").New()
		win.Set("robotsTester", api)
	}
	api.Set("test", js.FuncOf(func(_ js.Value, args []js.Value) any {
		robots, agent, err := scriptArgs(args)
		if err == "" && args[2].Type() != js.TypeString {
			err = "robotsTester.test(robotsTxt, agent, url): url must be a string such as \"https://example.com/page\"."
		}
		if err != "" {
			return map[string]any{"error": err}
		}
		return jsapi.Verdict(robots, jsapi.ReadAgent(agent), args[2].String())
	}))
	api.Set("testMany", js.FuncOf(func(_ js.Value, args []js.Value) any {
		robots, agent, err := scriptArgs(args)
		if err == "" && !win.Get("Array").Call("isArray", args[2]).Bool() {
			err = "robotsTester.testMany(robotsTxt, agent, urls): urls must be an array of strings."
		}
		if err != "" {
			return map[string]any{"error": err}
		}
		urls := scriptURLs(args[2])
		if len(args) > 3 && args[3].Type() == js.TypeObject && args[3].Get("compact").Truthy() {
			return scriptCompact(robots, agent, urls)
		}
		a := jsapi.ReadAgent(agent)
		out := make([]any, len(urls))
		for i, u := range urls {
			out[i] = jsapi.Verdict(robots, a, u)
		}
		return out
	}))
	api.Set("testManyAsync", js.FuncOf(func(_ js.Value, args []js.Value) any { return testManyAsync(args) }))
	api.Set("audit", js.FuncOf(func(_ js.Value, args []js.Value) any { return scriptAudit(args) }))
	if resolve := api.Get("_resolve"); resolve.Type() == js.TypeFunction {
		resolve.Invoke(api)
		api.Delete("_resolve")
		api.Delete("_reject")
	} else if api.Get("ready").Type() != js.TypeObject {
		api.Set("ready", win.Get("Promise").Call("resolve", api))
	}
}

// scriptArgs reads (robotsTxt, agent, url or urls) and parses robotsTxt, reusing the
// last parse when the bytes are the same. err is a sentence for the caller.
func scriptArgs(args []js.Value) (robots *engine.Robots, agent string, err string) {
	const usage = "robotsTester.test(robotsTxt, agent, url) takes a robots.txt (a string or a Uint8Array), a crawler token such as \"Googlebot\" and a URL: pass all three."
	if len(args) < 3 {
		return nil, "", usage
	}
	b, ok := jsapi.Bytes(args[0])
	if !ok || args[1].Type() != js.TypeString {
		return nil, "", usage
	}
	body := string(b)
	if lastParsed.robots == nil || lastParsed.body != body {
		lastParsed.body, lastParsed.robots = body, engine.Parse([]byte(body))
	}
	return lastParsed.robots, args[1].String(), ""
}

// scriptURLs reads an array of URLs. Reading a million strings one by one
// costs a call into JavaScript each; joined by the browser they cross at
// once. A URL holding a line break (not one a browser sends) makes the
// join ambiguous, and the array is then read item by item.
func scriptURLs(arr js.Value) []string {
	n := arr.Length()
	if n == 0 {
		return nil
	}
	joined := arr.Call("join", "\n").String()
	if strings.Count(joined, "\n") == n-1 {
		return strings.Split(joined, "\n")
	}
	out := make([]string, n)
	for i := range out {
		out[i] = arr.Index(i).String()
	}
	return out
}

// scriptCompact tests urls as given and answers with typed arrays.
func scriptCompact(r *engine.Robots, agent string, urls []string) map[string]any {
	a := jsapi.ReadAgent(agent)
	allowed := make([]byte, len(urls))
	lines := make([]byte, 4*len(urls))
	for i, u := range urls {
		res := a.Match(r, u)
		if res.Allowed {
			allowed[i] = 1
		}
		binary.LittleEndian.PutUint32(lines[4*i:], uint32(res.Line))
	}
	return map[string]any{
		"count":   len(urls),
		"allowed": browser.JSBytes(allowed),
		"lines":   js.Global().Get("Int32Array").New(browser.JSBytes(lines).Get("buffer")),
	}
}
