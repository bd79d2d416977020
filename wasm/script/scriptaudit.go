//go:build js && wasm

package script

import (
	"syscall/js"

	"robotstester/engine"
	"robotstester/engine/ai"
	"robotstester/wasm/jsapi"
)

// robotsTester.audit(robotsTxt[, urls]) answers which AI crawlers may read
// the site, as `robots-tester audit -robots FILE -json` prints it (audit.go
// at the root; a browser test compares the two on corpus files):
//
//	robotsTester.audit("User-agent: GPTBot\nDisallow: /\n")
//	// → {crawlers: [{name, operator, purpose, robots, tokens, obeys, root, line, urls?}],
//	//    purposes: [{purpose, blocked: [names], allowed: [names]}],
//	//    signals: [{line, group, uses: {use: yes}}], findings: [{line, code, severity, message}]}
//
// root is "allowed" or "blocked" at the site root, obeys the first
// user-agent line of the group the crawler obeys (0 for none), line the
// deciding line (0 for none); urls, when an array of URLs is given, holds
// {url, verdict, line} for each. Like Googlebot and the command, it reads
// the first 500 KiB only.

const auditUsage = "robotsTester.audit(robotsTxt, urls) takes a robots.txt (a string or a Uint8Array) and, if wanted, an array of URLs to give each crawler's verdict for."

// scriptAudit is robotsTester.audit.
func scriptAudit(args []js.Value) any {
	if len(args) < 1 {
		return map[string]any{"error": auditUsage}
	}
	body, ok := jsapi.Bytes(args[0])
	if !ok {
		return map[string]any{"error": auditUsage}
	}
	var urls []string
	if len(args) > 1 && args[1].Type() != js.TypeUndefined {
		if !js.Global().Get("Array").Call("isArray", args[1]).Bool() {
			return map[string]any{"error": auditUsage}
		}
		urls = jsapi.URLs(args[1])
	}
	return auditObject(ai.AuditOf(engine.Parse(engine.FetchLimit(body).Body), urls))
}

// auditObject is au as plain values, key for key the command's -json.
func auditObject(au ai.Audit) map[string]any {
	crawlers := make([]any, len(au.Crawlers))
	for i, c := range au.Crawlers {
		row := map[string]any{"name": c.Name, "operator": c.Operator, "purpose": string(c.Purpose), "robots": string(c.Robots),
			"tokens": jsStrings(c.Tokens), "obeys": c.Obeys, "root": c.Root(), "line": c.Line}
		if len(c.URLs) > 0 {
			cells := make([]any, len(c.URLs))
			for u, cell := range c.URLs {
				verdict := "blocked"
				if cell.Allowed {
					verdict = "allowed"
				}
				cells[u] = map[string]any{"url": au.URLs[u], "verdict": verdict, "line": cell.Line}
			}
			row["urls"] = cells
		}
		crawlers[i] = row
	}
	purposes := make([]any, len(au.Purposes))
	for i, p := range au.Purposes {
		purposes[i] = map[string]any{"purpose": string(p.Purpose), "blocked": jsStrings(p.Blocked), "allowed": jsStrings(p.Allowed)}
	}
	signals := make([]any, len(au.Signals))
	for i, s := range au.Signals {
		uses := map[string]any{}
		for _, u := range s.Uses {
			uses[u.Use] = u.Yes
		}
		signals[i] = map[string]any{"line": s.Line, "group": s.GroupLine, "uses": uses}
	}
	findings := make([]any, len(au.Findings))
	for i, d := range au.Findings {
		findings[i] = map[string]any{"line": d.Line, "code": d.Code, "severity": d.Severity.String(), "message": d.Message}
	}
	return map[string]any{"crawlers": crawlers, "purposes": purposes, "signals": signals, "findings": findings}
}

// jsStrings is a list of strings as a JavaScript array.
func jsStrings(names []string) []any {
	out := make([]any, len(names))
	for i, n := range names {
		out[i] = n
	}
	return out
}
