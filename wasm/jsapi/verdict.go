//go:build js && wasm

package jsapi

import (
	"strconv"
	"syscall/js"
	"unsafe"

	"robotstester/engine"
	"robotstester/engine/catalogue"
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
	crawler catalogue.Crawler
	named   bool
	token   string
	reading *engine.ColumnReading // its column read, for the Tester of any file
}

// ReadAgent looks name up in the catalogue once, and reads its column
// once, for many tests of many files.
func ReadAgent(name string) Agent {
	c, ok := catalogue.FindCrawler(name)
	a := Agent{crawler: c, named: ok, token: name}
	a.reading = engine.ReadColumn(a.Column())
	return a
}

// Tester is a's engine.Tester on r.
func (a Agent) Tester(r *engine.Robots) *engine.Tester {
	return a.TesterInto(r, new(engine.Tester))
}

// TesterInto is a's engine.Tester on r, made in t (engine.TesterInto).
func (a Agent) TesterInto(r *engine.Robots, t *engine.Tester) *engine.Tester {
	if a.reading == nil { // an Agent not made by ReadAgent
		return r.Tester(a.Column())
	}
	return r.TesterInto(t, a.reading)
}

// Sent is what the tester matches for a typed URL: what a browser would
// send (engine.EncodeURL), or the text as typed when it cannot be read as a
// URL, with the sentences that say so.
func Sent(typed string) (url string, notes []string) {
	enc, _ := sent(typed)
	return enc.URL, enc.Notes
}

// sent is Sent as engine.Encoded, whose URL and Path an engine.Tester
// tests (TestEncoded): a text that cannot be read as a URL is tested as
// typed, its path found by engine.MatchPath, its note the reason; read
// says the text was read as a URL, which is then ASCII (a host in
// Punycode, a path and query percent-encoded).
func sent(typed string) (enc engine.Encoded, read bool) {
	enc = engine.EncodeURL(typed)
	if enc.Err != "" {
		return engine.Encoded{URL: typed, Path: engine.MatchPath(typed), Notes: []string{enc.Err}}, false
	}
	return enc, true
}

// Column is a as a column of the engine's matrix, which decides the same
// (TestMatrixCellsEqualPerCrawlerTest).
func (a Agent) Column() engine.Column {
	if a.named {
		return engine.CrawlerColumn(a.crawler)
	}
	return engine.TokenColumn(a.token)
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
// both script APIs (robotsTester's test and testMany, a handle's, and
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
//
// The object crosses as one JSON text that the browser's JSON.parse turns
// into the object: setting its eleven fields one by one from Go costs a
// call into JavaScript each, ten times the test itself (issue 26).
func Verdict(r *engine.Robots, a Agent, typed string) js.Value {
	verdictBuf = appendVerdict(verdictBuf[:0], r, a, typed)
	return parseJSON(verdictBuf)
}

// verdictBuf is Verdict's JSON, kept from call to call: a script calls it
// once a URL, and every byte allocated is garbage to collect.
var verdictBuf []byte

// appendVerdict writes Verdict's object as JSON.
func appendVerdict(b []byte, r *engine.Robots, a Agent, typed string) []byte {
	res, notes := a.Test(r, typed)
	group, _ := groupSentence(r, res)
	verdict := "blocked"
	if res.Allowed {
		verdict = "allowed"
	}
	b = append(b, `{"allowed":`...)
	b = strconv.AppendBool(b, res.Allowed)
	b = append(b, `,"verdict":"`...)
	b = append(b, verdict...)
	b = append(b, `","line":`...)
	b = strconv.AppendInt(b, int64(res.Line), 10)
	for _, f := range [...]struct{ key, value string }{
		{"rule", r.RuleText(res.Line)}, {"reason", r.Why(res)}, {"group", group},
		{"testedAs", res.Path}, {"sent", res.URL},
	} {
		b = append(b, `,"`...)
		b = append(b, f.key...)
		b = append(b, `":`...)
		b = appendJSONString(b, f.value)
	}
	b = append(b, `,"notes":[`...)
	for i, n := range notes {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, n)
	}
	b = append(b, `],"token":`...)
	b = appendJSONString(b, res.Token)
	b = append(b, `,"crawler":`...)
	b = appendJSONString(b, res.Crawler)
	return append(b, '}')
}

// appendJSONString writes s as a JSON string (RFC 8259 §7): the quote, the
// backslash and the control characters escaped, every other byte as it is.
// A byte that is not UTF-8 is then read as the browser's TextDecoder reads
// any Go string that crosses (U+FFFD, the WHATWG way), and it cannot hide
// the closing quote: that decoder never takes an ASCII byte into an error.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c < 0x20:
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
		default:
			b = append(b, c)
		}
	}
	return append(b, '"')
}

// jsonParse is the browser's JSON.parse, looked up once.
var jsonParse = js.Global().Get("JSON").Get("parse")

// parseJSON is the browser's JSON.parse of text Go wrote. The text crosses
// as a string without a copy in Go: js.ValueOf decodes it into a
// JavaScript string at once, before text can change.
func parseJSON(text []byte) js.Value {
	if len(text) == 0 {
		return jsonParse.Invoke("")
	}
	return jsonParse.Invoke(unsafe.String(&text[0], len(text)))
}

// agentCache is the last agent read: a script passes the same agent for
// every URL, and looking a name up in the catalogue costs more than many a
// test.
var agentCache struct {
	name  string
	agent Agent
	set   bool
}

// ReadAgentCached is ReadAgent, remembering the last name.
func ReadAgentCached(name string) Agent {
	if !agentCache.set || agentCache.name != name {
		agentCache.name, agentCache.agent, agentCache.set = name, ReadAgent(name), true
	}
	return agentCache.agent
}
