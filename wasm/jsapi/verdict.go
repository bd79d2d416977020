//go:build js && wasm

package jsapi

import (
	"syscall/js"

	"robotstester/engine"
)

// Bytes reads a robots.txt argument: a string (its UTF-8 bytes) or a
// Uint8Array (the exact bytes, so CRLF, a BOM and invalid UTF-8 survive).
// ok is false for anything else.
func Bytes(v js.Value) (body []byte, ok bool) {
	switch {
	case v.Type() == js.TypeString:
		return []byte(v.String()), true
	case v.InstanceOf(js.Global().Get("Uint8Array")):
		b := make([]byte, v.Length())
		js.CopyBytesToGo(b, v)
		return b, true
	}
	return nil, false
}

// Agent is who a test is for: a crawler of the catalogue ("Googlebot Image",
// or its own token "Googlebot-Image"), tested with its fallback tokens and
// its stance on the "*" group as the tester's page does, or any other text,
// read as a product token.
type Agent struct {
	crawler engine.Crawler
	named   bool
	token   string
}

// ReadAgent looks name up in the catalogue once, for many tests.
func ReadAgent(name string) Agent {
	c, ok := engine.FindCrawler(name)
	return Agent{crawler: c, named: ok, token: name}
}

// Sent is what the tester matches for a typed URL: what a browser would
// send (engine.EncodeURL), or the text as typed when it cannot be read as a
// URL, with the sentences that say so.
func Sent(typed string) (url string, notes []string) {
	enc := engine.EncodeURL(typed)
	if enc.Err != "" {
		return typed, []string{enc.Err}
	}
	return enc.URL, enc.Notes
}

// Test decides one typed URL for a, as a browser would send it (Sent).
func (a Agent) Test(r *engine.Robots, typed string) (engine.Result, []string) {
	url, notes := Sent(typed)
	return a.Match(r, url), notes
}

// Match decides url for a as given, for lists already encoded as a
// crawler requests them (Google matches the URL it is given).
func (a Agent) Match(r *engine.Robots, url string) engine.Result {
	if a.named {
		return r.TestCrawler(a.crawler, url)
	}
	return r.Test(a.token, url)
}

// Verdict is one decision as a plain object, in the engine's words, for
// both script APIs (the page's robotsTester.test and testMany, and
// robotsTesterCore.test of wasm/core):
//
//	{allowed, verdict: "allowed"|"blocked", line, rule, reason, group,
//	 testedAs, sent, notes, token, crawler}
//
// The typed URL is read as a browser sends it (engine.EncodeURL, the
// engine's own reading of an address, as the page's table and its Workers
// read what a person types): a URL already percent-encoded as a crawler
// requests it is unchanged, and one with a space or a non-ASCII letter is
// tested as Googlebot would request it. line is the deciding line (0 when
// no rule decided), rule its text as Google read it, reason and group the
// sentences of engine.Explain, testedAs the path matched, sent the URL
// matched, notes how the browser's reading changed what was typed, token
// the token whose group applied and crawler the catalogue's name ("" for an
// agent that is not in it).
func Verdict(r *engine.Robots, a Agent, typed string) map[string]any {
	res, notes := a.Test(r, typed)
	ex := r.Explain(res)
	verdict := "blocked"
	if res.Allowed {
		verdict = "allowed"
	}
	jsNotes := make([]any, len(notes))
	for i, n := range notes {
		jsNotes[i] = n
	}
	return map[string]any{
		"allowed":  res.Allowed,
		"verdict":  verdict,
		"line":     res.Line,
		"rule":     r.RuleText(res.Line),
		"reason":   ex.Verdict,
		"group":    ex.Group,
		"testedAs": res.Path,
		"sent":     res.URL,
		"notes":    jsNotes,
		"token":    res.Token,
		"crawler":  res.Crawler,
	}
}
