//go:build js && wasm

package main

import (
	"strconv"
	"strings"

	"robotstester/engine"
)

// row is one URL of the list with the engine's answer for it.
type row struct {
	Input    string        // as typed in the list
	TestedAs string        // the path the rules were matched against
	Result   engine.Result // the rules' verdict
	Allowed  bool          // the verdict shown: the rules', unless the server answer overrides them
	Line     int           // the deciding line, 0 when no line decides
	Rule     string        // the deciding rule as Google read it
	Group    string        // the group(s) whose rules applied
	Override string        // names the server answer when it decides alone
	// Scope is the table's compact marker for a URL the file does not
	// govern ("Other host"), "" when it governs it or no robots.txt URL is
	// set; OffScope is the engine's whole answer (its Reason is for the
	// why panel and the exports), zero in the same cases. The list's
	// summary (scopeSummary) says it once for all rows.
	Scope    string
	OffScope engine.ScopeResult
	// Encoding says how a browser would change what was typed before
	// sending it (sentences from engine.EncodeURL); when the input cannot
	// be read as a URL it says why, and the input is tested as typed.
	Encoding []string
}

// sent is what the page tests for one typed URL, which depends on the
// typed text and the robots.txt URL alone, not on the file.
type sent struct {
	url   string             // what a browser would send
	notes []string           // Row.Encoding
	scope engine.ScopeResult // Row.OffScope
	// origin is the scheme, host and port of the URL a browser sends, as
	// engine.EncodeURL writes them (lower-case, punycode, no default
	// port), "" for a path alone and "!" for a URL that cannot be read;
	// only worked out when no robots.txt URL is set (see listScope).
	origin string
}

// sentCache keeps each URL's sent form from one recompute to the next, so
// an edit of the robots.txt (the common change) only tests. It holds the
// URLs of the last list, for one robots.txt URL.
type sentCache struct {
	robotsURL string
	byInput   map[string]sent
	// scope is what the last list's URLs say about where the file is
	// served (see listScope).
	scope listScope
}

func (c *sentCache) get(u, robotsURL string) sent {
	if v, ok := c.byInput[u]; ok {
		return v
	}
	v, enc := sent{url: u, scope: scope(robotsURL, u)}, engine.EncodeURL(u)
	switch {
	case strings.TrimSpace(robotsURL) != "" || enc.Err == "" && enc.Host == "":
		// A robots.txt URL is set, or a path alone (which any robots.txt
		// governs).
	case enc.Err != "":
		v.origin = "!"
	default:
		v.origin = enc.URL
		if i := strings.Index(v.origin, "://"); i >= 0 {
			if j := strings.IndexByte(v.origin[i+3:], '/'); j >= 0 {
				v.origin = v.origin[:i+3+j]
			}
		}
	}
	if enc.Err != "" {
		v.notes = []string{enc.Err}
	} else {
		v.url, v.notes = enc.URL, enc.Notes
	}
	return v
}

// buildRows tests every URL of the list once against the parsed file. The
// texts the table shows for a line or a set of groups are built once per
// recompute, however many URLs share them.
func buildRows(r *engine.Robots, in Saved, cache *sentCache) []row {
	urls := urlLines(in.URLs)
	rows := make([]row, len(urls))
	answer, outcome := serverAnswer(in.Status)
	crawler, picked := pickedCrawler(in)
	if cache.robotsURL != in.RobotsURL {
		cache.byInput = nil
	}
	kept := make(map[string]sent, len(urls))
	var ls listScope
	rules := map[int]string{}
	groups := map[string]string{}
	for i, u := range urls {
		// Test what a browser would send for what was typed.
		v := cache.get(u, in.RobotsURL)
		kept[u] = v
		ls.add(v)
		var res engine.Result
		if picked {
			res = r.TestCrawler(crawler, v.url)
		} else {
			res = r.Test(in.Token, v.url)
		}
		rule, ok := rules[res.Line]
		if !ok {
			rule = r.RuleText(res.Line)
			rules[res.Line] = rule
		}
		key := groupKey(res)
		group, ok := groups[key]
		if !ok {
			group = groupText(r, res)
			groups[key] = group
		}
		rows[i] = row{
			Input:    u,
			TestedAs: res.Path,
			Result:   res,
			Allowed:  res.Allowed,
			Line:     res.Line,
			Rule:     rule,
			Group:    group,
			Scope:    v.scope.Label(),
			OffScope: v.scope,
			Encoding: v.notes,
		}
		if outcome.Effect != engine.EffectConditional {
			rows[i].Allowed = outcome.Effect == engine.EffectFullAllow
			rows[i].Line, rows[i].Rule = 0, ""
			rows[i].Override = "Server answer: " + answer.Label
		}
	}
	ls.done()
	cache.robotsURL, cache.byInput, cache.scope = in.RobotsURL, kept, ls
	return rows
}

// groupKey is what groupText reads of a result: the applied groups, whether
// they are the * ones and the token.
func groupKey(res engine.Result) string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(int(res.Source)))
	b.WriteString(strings.ToLower(res.Token))
	for _, g := range res.Groups {
		b.WriteByte(',')
		b.WriteString(strconv.Itoa(g))
	}
	return b.String()
}

// serverAnswer is the chosen answer to the robots.txt request and what it
// means; an unknown or empty ID is the usual answer, the first.
func serverAnswer(id string) (engine.AnswerChoice, engine.Outcome) {
	a, ok := engine.FindAnswer(id)
	if !ok {
		a = engine.Answers()[0]
	}
	return a, engine.OutcomeFor(a.Answer)
}

// groupText names the user-agent lines whose groups applied:
// "googlebot (line 1)", "* (line 4)".
func groupText(r *engine.Robots, res engine.Result) string {
	parts := make([]string, 0, min(len(res.Groups), maxGroupsNamed+1))
	for _, gi := range res.Groups {
		if len(parts) == maxGroupsNamed {
			parts = append(parts, "and "+strconv.Itoa(len(res.Groups)-maxGroupsNamed)+" more groups")
			break
		}
		for _, a := range r.Groups[gi].Agents {
			if a.Global == (res.Source == engine.SourceGlobal) && (a.Global || strings.EqualFold(a.Token, res.Token)) {
				parts = append(parts, a.Value+" (line "+strconv.Itoa(a.Line)+")")
				break
			}
		}
	}
	return strings.Join(parts, ", ")
}

// maxGroupsNamed is how many groups a row's group column names: Google
// merges every group that names the crawler, and a file can hold thousands.
const maxGroupsNamed = 6

// summary is the sentence announced when the results change:
// "12 URLs: 9 allowed, 3 blocked".
func summary(rows []row) string {
	allowed := 0
	for _, r := range rows {
		if r.Allowed {
			allowed++
		}
	}
	n := len(rows)
	if n == 0 {
		return "No URLs to test: add one per line."
	}
	noun := " URLs: "
	if n == 1 {
		noun = " URL: "
	}
	return strconv.Itoa(n) + noun + strconv.Itoa(allowed) + " allowed, " + strconv.Itoa(n-allowed) + " blocked"
}
