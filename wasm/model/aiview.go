package model

import (
	"strconv"
	"strings"

	"robotstester/engine"
	"robotstester/engine/ai"
	"robotstester/engine/catalogue"
)

// The AI view's plain data (wasm/aiview shows it): one ai.Audit
// arranged as a headline per purpose and a row per operator, and a policy
// proposed by ai.ApplyPolicy with the verdicts it flips. Every verdict
// and line is the audit's, which is the engine's Matrix for the AI
// catalogue's crawlers (engine/ai/audit.go); nothing here decides a rule.
// Beside the script API's robotsTester.audit (wasm/script/scriptaudit.go),
// these are the page's only calls into the engine's AI functions.

// MaxAIURLs bounds the listed URLs the AI view shows a verdict for beside
// the site root: it is read at a glance, and each row grows by one cell a
// URL. The Matrix shows a long list.
const MaxAIURLs = 10

// Audit is the audit of r at the site root and at the first MaxAIURLs of
// urls.
func Audit(r *engine.Robots, urls []string) ai.Audit {
	return ai.AuditOf(r, urls[:min(len(urls), MaxAIURLs)])
}

// AIHeadline is one purpose's line of the headline: "AI training: 3 of 9
// blocked", or for control tokens the ones blocked.
type AIHeadline struct {
	Purpose          catalogue.AIPurpose
	Blocked, Allowed []string
	Text             string
}

// AIHeadlines are the purposes the catalogue has crawlers for, in the
// audit's order.
func AIHeadlines(au ai.Audit) []AIHeadline {
	var out []AIHeadline
	for _, p := range au.Purposes {
		n := len(p.Blocked) + len(p.Allowed)
		if n == 0 {
			continue
		}
		text := p.Purpose.Label() + ": " + strconv.Itoa(len(p.Blocked)) + " of " + strconv.Itoa(n) + " blocked"
		if p.Purpose == catalogue.PurposeControl {
			text = "control tokens: "
			if len(p.Blocked) == 0 {
				text += "none blocked"
			} else {
				text += strings.Join(p.Blocked, ", ") + " blocked"
			}
		}
		out = append(out, AIHeadline{Purpose: p.Purpose, Blocked: p.Blocked, Allowed: p.Allowed, Text: text})
	}
	return out
}

// AIOperator is one operator's row: its crawlers in the catalogue's order.
type AIOperator struct {
	Name     string
	Crawlers []ai.AuditCrawler
}

// AIOperators groups the audit's crawlers by operator, in the order the
// operators first appear in the catalogue.
func AIOperators(au ai.Audit) []AIOperator {
	var out []AIOperator
	at := map[string]int{}
	for _, c := range au.Crawlers {
		i, ok := at[c.Operator]
		if !ok {
			i = len(out)
			at[c.Operator] = i
			out = append(out, AIOperator{Name: c.Operator})
		}
		out[i].Crawlers = append(out[i].Crawlers, c)
	}
	return out
}

// FetchedBy is, for a control token, the crawler that fetches the pages it
// governs (its token, as the engine's note names it) and its verdict at
// the site root of r; ok is false for any other crawler.
func FetchedBy(r *engine.Robots, c ai.AuditCrawler) (name string, res engine.Result, ok bool) {
	role, _ := catalogue.FindAIRole(c.Name)
	if c.Purpose != catalogue.PurposeControl || role.FetchedBy == "" {
		return "", engine.Result{}, false
	}
	fc, found := catalogue.FindCrawler(role.FetchedBy)
	if !found {
		return "", engine.Result{}, false
	}
	return fc.Tokens[0], r.TestCrawler(fc, "/"), true
}

// PolicyChoice is one choice of the AI view's policy: a purpose or an
// operator (a key engine.ReadPolicyRule reads) and "allowed", "blocked", or
// "" for no choice.
type PolicyChoice struct {
	Key, Value string
}

// PolicyFrom reads the choices made into a policy; the choices left empty
// are skipped. An error is a sentence with its fix.
func PolicyFrom(choices []PolicyChoice) (catalogue.Policy, error) {
	var p catalogue.Policy
	for _, c := range choices {
		if c.Value == "" {
			continue
		}
		rule, err := engine.ReadPolicyRule(c.Key, c.Value)
		if err != nil {
			return nil, err
		}
		p = append(p, rule)
	}
	return p, nil
}

// AIProposal is the change a policy asks of a file, as the view shows it
// (plain values, so a worker can send it): the new text, the crawlers it
// moves at the site root, the lines it removes and adds, and every verdict
// that flips for the AI catalogue's crawlers at the root and the URLs the
// view shows.
type AIProposal struct {
	Text string
	// Changed are the crawlers whose root verdict the change flips;
	// Unreachable those the policy wants otherwise that have no token.
	Changed, Unreachable []string
	Summary              string // engine.Diff.Summary
	Lines                []DiffLine
	Flips                []AIFlip
}

// AIFlip is one verdict the change flips.
type AIFlip struct {
	Crawler, URL string
	Allowed      bool   // after the change
	Sentence     string // engine.Diff.Sentence
}

// DiffLine is one line of a text diff as shown: removed from the file
// before (Line is its number there) or added to the file after (its number
// there).
type DiffLine struct {
	Remove bool
	Line   int
	Text   string
}

// ProposePolicy proposes the smallest change to r that meets p
// (ai.ApplyPolicy), and compares the two files (engine.Compare) at "/"
// and at the first MaxAIURLs of urls.
func ProposePolicy(r *engine.Robots, p catalogue.Policy, urls []string) (AIProposal, error) {
	change, err := ai.ApplyPolicy(r, p)
	if err != nil {
		return AIProposal{}, err
	}
	at := append([]string{"/"}, urls[:min(len(urls), MaxAIURLs)]...)
	after := engine.Parse([]byte(change.Text))
	d := engine.Compare(r, after, at, engine.AIColumns())
	out := AIProposal{Text: change.Text, Changed: change.Changed, Unreachable: change.Unreachable,
		Summary: d.Summary(), Lines: diffLines(r, after, d.Lines)}
	for _, f := range d.Flips {
		out.Flips = append(out.Flips, AIFlip{Crawler: d.Columns[f.Col].Name, URL: d.URLs[f.Row], Allowed: f.B.Allowed, Sentence: d.Sentence(f)})
	}
	return out, nil
}

// diffLines are the lines of hunks (engine.LineDiff of before and after),
// each hunk's removed lines then its added ones.
func diffLines(before, after *engine.Robots, hunks []engine.Hunk) []DiffLine {
	text := func(r *engine.Robots, n int) string {
		ln := r.Lines[n-1]
		return r.Body[ln.Start:ln.End]
	}
	var out []DiffLine
	for _, h := range hunks {
		for n := h.AFrom; n < h.ATo; n++ {
			out = append(out, DiffLine{Remove: true, Line: n, Text: text(before, n)})
		}
		for n := h.BFrom; n < h.BTo; n++ {
			out = append(out, DiffLine{Line: n, Text: text(after, n)})
		}
	}
	return out
}

// PolicyKeys are the keys the view offers: each purpose, then each
// operator of the AI catalogue, in its order.
func PolicyKeys(au ai.Audit) (purposes []catalogue.AIPurpose, operators []string) {
	for _, h := range AIHeadlines(au) {
		purposes = append(purposes, h.Purpose)
	}
	for _, op := range AIOperators(au) {
		operators = append(operators, strings.TrimSuffix(op.Name, " (attributed)"))
	}
	return purposes, operators
}
