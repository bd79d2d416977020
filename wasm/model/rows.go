package model

import (
	"strconv"
	"strings"

	"robotstester/engine"
	"robotstester/engine/catalogue"
)

// Row is one URL of the list with the engine's answer for it.
type Row struct {
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

// Sent is what the page tests for one typed URL, which depends on the
// typed text and the robots.txt URL alone, not on the file.
type Sent struct {
	URL   string             // what a browser would send
	notes []string           // Row.Encoding
	Scope engine.ScopeResult // Row.OffScope
	// origin is the scheme, host and port of the URL a browser sends, as
	// engine.EncodeURL writes them (lower-case, punycode, no default
	// port), "" for a path alone and "!" for a URL that cannot be read;
	// only worked out when no robots.txt URL is set (see ListScope).
	origin string
}

// NewSent reads one typed URL as a browser would send it.
func NewSent(u, robotsURL string) Sent {
	v, enc := Sent{URL: u, Scope: Scope(robotsURL, u)}, engine.EncodeURL(u)
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
		v.URL, v.notes = enc.URL, enc.Notes
	}
	return v
}

// SentCache keeps each URL's sent form from one recompute to the next, so
// an edit of the robots.txt (the common change) only tests. It holds the
// URLs of the last list, for one robots.txt URL.
type SentCache struct {
	RobotsURL string
	ByInput   map[string]Sent
	// Scope is what the last list's URLs say about where the file is
	// served (see ListScope).
	Scope ListScope
}

func (c *SentCache) Get(u, robotsURL string) Sent {
	if v, ok := c.ByInput[u]; ok {
		return v
	}
	return NewSent(u, robotsURL)
}

// Tester is what one recompute tests every URL with: the parsed file, the
// crawler or token and the server answer chosen. The page, the time-sliced
// loop and the workers all test through it, so a verdict is decided one way
// wherever it runs.
type Tester struct {
	robots    *engine.Robots
	crawler   catalogue.Crawler
	picked    bool
	token     string
	robotsURL string
	answer    engine.AnswerChoice
	outcome   engine.Outcome
}

func NewTester(r *engine.Robots, in Saved) Tester {
	t := Tester{robots: r, token: in.Token, robotsURL: in.RobotsURL}
	t.answer, t.outcome = ServerAnswer(in.Status)
	t.crawler, t.picked = PickedCrawler(in)
	return t
}

// overrides reports whether the server answer decides every URL alone.
func (t Tester) overrides() bool { return t.outcome.Effect != engine.EffectConditional }

// Result is the rules' answer for what a browser would send.
func (t Tester) Result(v Sent) engine.Result {
	if t.picked {
		return t.robots.TestCrawler(t.crawler, v.URL)
	}
	return t.robots.Test(t.token, v.URL)
}

// Verdict is one URL's answer in the compact form the table filters, sorts
// and counts (see verdicts.go).
func (t Tester) Verdict(v Sent) (uint8, int32) {
	res := t.Result(v)
	flags := uint8(FlagTested)
	if v.Scope.Code != "" {
		flags |= FlagOut
	}
	if t.overrides() {
		flags |= FlagOverride
		if t.outcome.Effect == engine.EffectFullAllow {
			flags |= FlagAllowed
		}
		return flags, 0
	}
	if res.Allowed {
		flags |= FlagAllowed
	}
	return flags, int32(res.Line)
}

// Row is one URL's whole answer, as the table and the why panel show it.
// The texts for a line or a set of groups are kept in names, shared by the
// rows of one recompute.
func (t Tester) Row(u string, v Sent, names *RowNames) Row {
	res := t.Result(v)
	if names.rules == nil {
		names.rules, names.groups = map[int]string{}, map[string]string{}
	}
	rule, ok := names.rules[res.Line]
	if !ok {
		rule = t.robots.RuleText(res.Line)
		names.rules[res.Line] = rule
	}
	key := groupKey(res)
	group, ok := names.groups[key]
	if !ok {
		group = groupText(t.robots, res)
		names.groups[key] = group
	}
	r := Row{
		Input:    u,
		TestedAs: res.Path,
		Result:   res,
		Allowed:  res.Allowed,
		Line:     res.Line,
		Rule:     rule,
		Group:    group,
		Scope:    v.Scope.Label(),
		OffScope: v.Scope,
		Encoding: v.notes,
	}
	if t.overrides() {
		r.Allowed = t.outcome.Effect == engine.EffectFullAllow
		r.Line, r.Rule = 0, ""
		r.Override = "Server answer: " + t.answer.Label
	}
	return r
}

// RowNames are the rule and group texts of one recompute.
type RowNames struct {
	rules  map[int]string
	groups map[string]string
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

// ServerAnswer is the chosen answer to the robots.txt request and what it
// means; an unknown or empty ID is the usual answer, the first.
func ServerAnswer(id string) (engine.AnswerChoice, engine.Outcome) {
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
