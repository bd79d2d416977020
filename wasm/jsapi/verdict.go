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

// Test decides one typed URL for a.
func (a Agent) Test(r *engine.Robots, typed string) (engine.Result, []string) {
	url, notes := Sent(typed)
	if a.named {
		return r.TestCrawler(a.crawler, url), notes
	}
	return r.Test(a.token, url), notes
}

// Verdict is one decision as a plain object, in the engine's words:
//
//	{allowed, verdict: "allowed"|"blocked", line, rule, reason, group,
//	 testedAs, sent, notes, token, crawler}
//
// line is the deciding line (0 when no rule decided), rule its text as
// Google read it, reason and group the sentences of engine.Explain, sent
// what was matched (the URL as a browser sends it), notes how the browser
// changed what was typed.
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
