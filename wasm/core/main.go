//go:build js && wasm

// Command core is the engine alone compiled to WebAssembly (web/core.wasm):
// no UI, no DOM. It defines globalThis.robotsTesterCore, which embed.js (the
// documentation widgets) shares between every widget of a page, and which
// runs as it is inside a Worker (globalThis is the worker's scope there).
//
//	const core = robotsTesterCore;            // after core.ready resolves
//	const h = core.parse(robotsTxt);          // a string or a Uint8Array (exact bytes) → a handle
//	h.test("Googlebot", "/private/x");        // → {allowed, verdict, line, rule, reason, group, testedAs, sent, notes, token, crawler}
//	h.testMany("Googlebot", urls);            // → an array of those; {compact: true}: {count, allowed, lines} (jsapi.Files)
//	h.release();                              // frees the parsed file
//	core.test(h, "Googlebot", "/private/x");  // the same as h.test; h may be the handle's id (h.id)
//	core.testMany(h, "Googlebot", urls);      // urls: an array, or one string with a URL a line
//	                                          // → {allowed: Uint8Array (1 allowed, 0 blocked), line: Uint32Array}
//	core.lines(h);                            // the file's line count
//	core.crawlers();                          // → [{name, token, operator, purpose}] of the catalogue
//	core.release(h);                          // frees the parsed file
//
// Parse once, test many: a handle keeps the parsed file (and the rule
// indexes the engine builds when they pay) until it is released. Wrong
// arguments give {error: "sentence"} instead of an answer. Every verdict,
// line and sentence comes from package engine through wasm/jsapi, whose
// answers cross as one JSON text or typed arrays, not a field at a time.
package main

import (
	"syscall/js"

	"robotstester/engine"
	"robotstester/engine/catalogue"
	"robotstester/wasm/jsapi"
)

// globalName is the object the program defines on globalThis.
const globalName = "robotsTesterCore"

// files holds the parsed robots.txt files by handle.
var files = jsapi.NewFiles(globalName)

func main() {
	g := js.Global()
	api := g.Get(globalName)
	if api.Type() != js.TypeObject {
		api = g.Get("Object").New()
		g.Set(globalName, api)
	}
	api.Set("version", 1)
	api.Set("parse", files.ParseFunc())
	api.Set("test", files.HandleTest(js.FuncOf(test).Value)) // a handle's own test when the loader gave one
	api.Set("testMany", js.FuncOf(testMany))
	api.Set("lines", js.FuncOf(lines))
	api.Set("crawlers", js.FuncOf(crawlers))
	api.Set("release", js.FuncOf(release))
	// The loader may have made the object first with a ready Promise whose
	// resolver it kept as _resolve (embed.js does); otherwise ready is a
	// Promise already resolved.
	if resolve := api.Get("_resolve"); resolve.Type() == js.TypeFunction {
		api.Delete("_resolve")
		api.Delete("_reject")
		resolve.Invoke(api)
	} else {
		api.Set("ready", g.Get("Promise").Call("resolve", api))
	}
	select {}
}

// agentArg reads (handle, agent, …).
func agentArg(args []js.Value, call string) (*engine.Robots, jsapi.Agent, string) {
	h := js.Undefined()
	if len(args) > 0 {
		h = args[0]
	}
	r, err := files.Lookup(h, call)
	if err != "" {
		return nil, jsapi.Agent{}, err
	}
	if len(args) < 2 || args[1].Type() != js.TypeString {
		return nil, jsapi.Agent{}, globalName + "." + call + ": the agent must be a string, a crawler name such as \"Googlebot\" or a product token."
	}
	return r, jsapi.ReadAgentCached(args[1].String()), ""
}

func test(_ js.Value, args []js.Value) any {
	const call = "test(handle, agent, url)"
	r, agent, err := agentArg(args, call)
	if err == "" && (len(args) < 3 || args[2].Type() != js.TypeString) {
		err = globalName + "." + call + ": the url must be a string such as \"https://example.com/page\" or \"/page\"."
	}
	if err != "" {
		return jsapi.Fail(err)
	}
	return jsapi.Verdict(r, agent, args[2].String())
}

// testMany answers a list in two typed arrays, each URL read as a browser
// sends it, so a Worker can post them (transferable) for a list of any
// length; test gives the sentences for the rows a person looks at.
func testMany(_ js.Value, args []js.Value) any {
	const call = "testMany(handle, agent, urls)"
	r, agent, err := agentArg(args, call)
	if err == "" && (len(args) < 3 || !jsapi.IsURLList(args[2])) {
		err = globalName + "." + call + ": pass the URLs as an array of strings or one string with a URL a line."
	}
	if err != "" {
		return jsapi.Fail(err)
	}
	_, allowed, lines := jsapi.CompactAnswer(args[2], func(piece []string) []engine.Cell {
		cells := make([]engine.Cell, len(piece))
		for i, u := range piece {
			res, _ := agent.Test(r, u)
			cells[i] = engine.Cell{Allowed: res.Allowed, Line: res.Line, Reason: res.Reason}
		}
		return cells
	})
	return map[string]any{
		"allowed": allowed,
		"line":    js.Global().Get("Uint32Array").New(lines.Get("buffer")),
	}
}

func lines(_ js.Value, args []js.Value) any {
	h := js.Undefined()
	if len(args) > 0 {
		h = args[0]
	}
	r, err := files.Lookup(h, "lines(handle)")
	if err != "" {
		return jsapi.Fail(err)
	}
	return len(r.Lines)
}

// crawlers lists the catalogue for a crawler picker: the name to pass as the
// agent, its own product token, who runs it and what for.
func crawlers(js.Value, []js.Value) any {
	all := catalogue.Crawlers()
	out := make([]any, 0, len(all))
	for _, c := range all {
		token := ""
		if len(c.Tokens) > 0 {
			token = c.Tokens[0]
		}
		out = append(out, map[string]any{"name": c.Name, "token": token, "operator": c.Operator, "purpose": c.Purpose})
	}
	return out
}

func release(_ js.Value, args []js.Value) any {
	if len(args) > 0 {
		files.Release(args[0])
	}
	return nil
}
