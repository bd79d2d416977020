//go:build js && wasm

package script

import (
	"syscall/js"

	"robotstester/engine"
	"robotstester/wasm/jsapi"
)

// The script API lets a documentation page drive the engine from its own
// script, without the tester's UI:
//
//	await robotsTester.ready;
//	const h = robotsTester.parse(robotsTxt)   // a handle: parse once, test many (jsapi.Files)
//	h.test("Googlebot", "https://example.com/private/x")
//	// → {allowed: false, verdict: "blocked", line: 2, rule: "Disallow: /private", reason: "…", group: "…",
//	//    testedAs: "/private/x", sent: "https://example.com/private/x", notes: [], token: "", crawler: "Googlebot (…)"}
//	h.testMany(agent, [url1, url2])           // → an array of the same objects
//	h.testMany(agent, urls, {compact: true})
//	// → {count, allowed: Uint8Array (1 allowed, 0 blocked), lines: Int32Array (deciding line, 0 for none)}
//	h.release()
//	robotsTester.test(robotsTxt, agent, url)  // the same without a handle: the last file's parse is reused
//	robotsTester.testMany(robotsTxt, agent, urls, {compact: true})
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

// files are the handles robotsTester.parse gave.
var files = jsapi.NewFiles("robotsTester")

// lastParsed is the last robots.txt the handle-less calls of the js.Funcs
// parsed (testMany, and test when the loader's, which keeps a handle of
// the last string, hands it a Uint8Array): a page that tests many URLs
// against one file, one call at a time, parses it once. text is the string as it came: wasm_exec.js gives equal strings
// one reference while Go holds one (its _ids map is keyed by the value),
// so while the text is unchanged a call knows it by that reference alone,
// without copying or encoding the text again. A Uint8Array may change
// between calls: its bytes are copied and compared.
var lastParsed struct {
	text   js.Value
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
	api.Set("parse", files.ParseFunc())
	// The loader's test when it has one: a string's calls go through a
	// handle of the last text (jsapi.Files.TextTest); this js.Func
	// answers the rest.
	api.Set("test", files.TextTest(js.FuncOf(func(_ js.Value, args []js.Value) any {
		robots, agent, err := scriptArgs(args)
		if err == "" && args[2].Type() != js.TypeString {
			err = "robotsTester.test(robotsTxt, agent, url): url must be a string such as \"https://example.com/page\"."
		}
		if err != "" {
			return jsapi.Fail(err)
		}
		return jsapi.Verdict(robots, jsapi.ReadAgentCached(agent), args[2].String())
	}).Value))
	api.Set("testMany", js.FuncOf(func(_ js.Value, args []js.Value) any {
		robots, agent, err := scriptArgs(args)
		if err == "" && !win.Get("Array").Call("isArray", args[2]).Bool() {
			err = "robotsTester.testMany(robotsTxt, agent, urls): urls must be an array of strings."
		}
		if err != "" {
			return jsapi.Fail(err)
		}
		return jsapi.TestMany(robots, jsapi.ReadAgentCached(agent), args[2], len(args) > 3 && jsapi.Compact(args[3]))
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

// scriptArgs reads (robotsTxt, agent, url or urls) and parses robotsTxt,
// reusing the last parse while the text is unchanged (lastParsed). err is
// a sentence for the caller.
func scriptArgs(args []js.Value) (robots *engine.Robots, agent string, err string) {
	const usage = "robotsTester.test(robotsTxt, agent, url) takes a robots.txt (a string or a Uint8Array), a crawler token such as \"Googlebot\" and a URL: pass all three."
	if len(args) < 3 || args[1].Type() != js.TypeString {
		return nil, "", usage
	}
	if lastParsed.robots == nil || !args[0].Equal(lastParsed.text) || args[0].Type() != js.TypeString {
		b, ok := jsapi.Bytes(args[0])
		if !ok {
			return nil, "", usage
		}
		if lastParsed.robots == nil || lastParsed.body != string(b) {
			lastParsed.body, lastParsed.robots = string(b), engine.Parse(b)
		}
		lastParsed.text = args[0]
	}
	return lastParsed.robots, args[1].String(), ""
}
