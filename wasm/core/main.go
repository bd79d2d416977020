//go:build js && wasm

// Command core is the engine alone compiled to WebAssembly (web/core.wasm):
// no UI, no DOM. It defines globalThis.robotsTesterCore, which embed.js (the
// documentation widgets) shares between every widget of a page, and which
// runs as it is inside a Worker (globalThis is the worker's scope there).
//
//	const core = robotsTesterCore;            // after core.ready resolves
//	const h = core.parse(robotsTxt);          // a string or a Uint8Array (exact bytes)
//	core.test(h, "Googlebot", "/private/x");  // → {allowed, verdict, line, rule, reason, group, testedAs, sent, notes, token, crawler}
//	core.testMany(h, "Googlebot", urls);      // urls: an array, or one string with a URL a line
//	                                          // → {allowed: Uint8Array (1 allowed, 0 blocked), line: Uint32Array}
//	core.lines(h);                            // the file's line count
//	core.crawlers();                          // → [{name, token, operator, purpose}] of the catalogue
//	core.release(h);                          // frees the parsed file
//
// Parse once, test many: a handle keeps the parsed file (and the rule
// indexes the engine builds on first use) until it is released. Wrong
// arguments give {error: "sentence"} instead of an answer. Every verdict,
// line and sentence comes from package engine through wasm/jsapi.
package main

import (
	"strings"
	"syscall/js"

	"robotstester/engine"
	"robotstester/wasm/jsapi"
)

// globalName is the object the program defines on globalThis.
const globalName = "robotsTesterCore"

// files holds the parsed robots.txt files by handle. Handles are never
// reused, so a stale handle is an error rather than another file.
var (
	files = map[int]*engine.Robots{}
	next  = 1
)

func main() {
	g := js.Global()
	api := g.Get(globalName)
	if api.Type() != js.TypeObject {
		api = g.Get("Object").New()
		g.Set(globalName, api)
	}
	api.Set("version", 1)
	api.Set("parse", js.FuncOf(parse))
	api.Set("test", js.FuncOf(test))
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

func fail(sentence string) map[string]any {
	return map[string]any{"error": sentence}
}

func parse(_ js.Value, args []js.Value) any {
	if len(args) < 1 {
		return fail(globalName + ".parse(robotsTxt) takes the robots.txt as a string or a Uint8Array.")
	}
	body, ok := jsapi.Bytes(args[0])
	if !ok {
		return fail(globalName + ".parse(robotsTxt): robotsTxt must be a string or a Uint8Array of the file's bytes.")
	}
	h := next
	next++
	files[h] = engine.Parse(body)
	return h
}

// file reads the handle argument.
func file(args []js.Value, call string) (*engine.Robots, string) {
	if len(args) < 1 || args[0].Type() != js.TypeNumber {
		return nil, globalName + "." + call + ": the first argument must be a handle returned by parse."
	}
	r := files[args[0].Int()]
	if r == nil {
		return nil, globalName + "." + call + ": this handle was released or never returned by parse; parse the robots.txt again."
	}
	return r, ""
}

// agentArg reads (handle, agent, …).
func agentArg(args []js.Value, call string) (*engine.Robots, jsapi.Agent, string) {
	r, err := file(args, call)
	if err != "" {
		return nil, jsapi.Agent{}, err
	}
	if len(args) < 2 || args[1].Type() != js.TypeString {
		return nil, jsapi.Agent{}, globalName + "." + call + ": the agent must be a string, a crawler name such as \"Googlebot\" or a product token."
	}
	return r, jsapi.ReadAgent(args[1].String()), ""
}

func test(_ js.Value, args []js.Value) any {
	const call = "test(handle, agent, url)"
	r, agent, err := agentArg(args, call)
	if err == "" && (len(args) < 3 || args[2].Type() != js.TypeString) {
		err = globalName + "." + call + ": the url must be a string such as \"https://example.com/page\" or \"/page\"."
	}
	if err != "" {
		return fail(err)
	}
	return jsapi.Verdict(r, agent, args[2].String())
}

// testMany answers a list in two typed arrays, one crossing of the
// JavaScript boundary each, so a Worker can post them (transferable) for a
// list of any length; test gives the sentences for the rows a person looks at.
func testMany(_ js.Value, args []js.Value) any {
	const call = "testMany(handle, agent, urls)"
	r, agent, err := agentArg(args, call)
	var urls []string
	if err == "" {
		switch {
		case len(args) < 3:
			err = globalName + "." + call + ": pass the URLs as an array of strings or one string with a URL a line."
		case args[2].Type() == js.TypeString:
			urls = strings.Split(strings.TrimSuffix(args[2].String(), "\n"), "\n")
		case js.Global().Get("Array").Call("isArray", args[2]).Bool():
			urls = make([]string, args[2].Length())
			for i := range urls {
				urls[i] = args[2].Index(i).String()
			}
		default:
			err = globalName + "." + call + ": pass the URLs as an array of strings or one string with a URL a line."
		}
	}
	if err != "" {
		return fail(err)
	}
	allowed := make([]byte, len(urls))
	lineBytes := make([]byte, 4*len(urls))
	for i, u := range urls {
		res, _ := agent.Test(r, strings.TrimSuffix(u, "\r"))
		if res.Allowed {
			allowed[i] = 1
		}
		n := uint32(res.Line)
		// Little-endian, as every WebAssembly host's typed arrays are.
		lineBytes[4*i], lineBytes[4*i+1], lineBytes[4*i+2], lineBytes[4*i+3] = byte(n), byte(n>>8), byte(n>>16), byte(n>>24)
	}
	u8 := js.Global().Get("Uint8Array")
	a := u8.New(len(allowed))
	js.CopyBytesToJS(a, allowed)
	l := u8.New(len(lineBytes))
	js.CopyBytesToJS(l, lineBytes)
	return map[string]any{
		"allowed": a,
		"line":    js.Global().Get("Uint32Array").New(l.Get("buffer")),
	}
}

func lines(_ js.Value, args []js.Value) any {
	r, err := file(args, "lines(handle)")
	if err != "" {
		return fail(err)
	}
	return len(r.Lines)
}

// crawlers lists the catalogue for a crawler picker: the name to pass as the
// agent, its own product token, who runs it and what for.
func crawlers(js.Value, []js.Value) any {
	all := engine.Crawlers()
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
	if len(args) > 0 && args[0].Type() == js.TypeNumber {
		delete(files, args[0].Int())
	}
	return nil
}
