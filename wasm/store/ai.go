//go:build js && wasm

package store

import (
	"strconv"
	"strings"
	"time"

	"robotstester/engine"
	"robotstester/engine/ai"
	"robotstester/wasm/model"
)

// The AI view's state (wasm/aiview shows it): the audit of the robots.txt
// at the site root and the first URLs of the list, brought up when the
// file or the list changed, in a task after the one that renders the page
// (aiview.go; a 500 KiB file audits in about 3 ms in Chromium,
// BenchmarkBrowserAIView), with the verdict of the crawler that fetches
// for each control token; the policy chosen and the change it proposes (a
// long file's in a worker); and the text before the last policy applied,
// which Undo restores byte for byte. Every verdict is the engine's
// (model/aiview.go).

// AIState is the AI view's part of the store.
type AIState struct {
	audit     ai.Audit
	auditOf   *engine.Robots
	auditList int     // the ListVersion audited
	AuditMs   float64 // how long the last audit took, in milliseconds
	// fetchers are, by control token, the crawler that fetches the pages
	// it governs and that crawler's verdict at /, found with the audit:
	// a crawler's first tests of a long group may build its rule index.
	fetchers map[string]AIFetcher

	// The policy chosen is Page.In.AIPolicy (model/aipolicy.go), so that
	// links and the autosave keep it; the change it proposes follows.
	proposal    *model.AIProposal
	proposalErr string
	proposedOf  *engine.Robots
	proposedFor string // the choices proposed for
	proposedAt  int    // the ListVersion
	// Proposing: a worker writes the proposal (ProposeElsewhere).
	Proposing bool
	// ProposedBy is where the proposal shown was written: "page" or
	// "worker".
	ProposedBy string

	// ProposeElsewhere asks a worker for the proposal of a long robots.txt
	// (its bytes as Googlebot reads them), calling done with it when it
	// comes, and reports whether a worker was asked; nil in tests. On a
	// 500 KiB file, ai.ApplyPolicy and the comparison after it parse
	// the file three times: some 150 ms on the page's thread
	// (BenchmarkBrowserAIView).
	ProposeElsewhere func(robots []byte, choices []model.PolicyChoice, urls []string, done func(p *model.AIProposal, err string)) bool

	// Before and Applied: the exact bytes before and after the last policy
	// applied; Undo restores Before while the editor still holds Applied.
	Before, Applied string

	// Line is the line the view points at in the editor, 0 for none.
	Line int
}

// AI is the AI view's state.
var AI = &AIState{}

// aiURLs are the first model.MaxAIURLs URLs of the list, as a browser sends
// them (the matrix tests the same).
func aiURLs() []string {
	s := Page
	n := min(s.List.Len(), model.MaxAIURLs)
	out := make([]string, n)
	for i := range out {
		out[i] = s.List.At(i)
		if enc := engine.EncodeURL(out[i]); enc.Err == "" {
			out[i] = enc.URL
		}
	}
	return out
}

// Behind reports whether the audit is of another robots.txt or URL list
// than the page's: the AI view then shows the last one, marked busy, and
// brings it up in a task of its own (aiview.go).
func (a *AIState) Behind() bool {
	return a.auditOf != Page.Robots || a.auditList != Page.ListVersion
}

// Audit brings the audit up to the store and returns it.
func (a *AIState) Audit() ai.Audit {
	s := Page
	if a.Behind() {
		start := time.Now()
		a.audit = model.Audit(s.Robots, aiURLs())
		a.AuditMs = float64(time.Since(start).Microseconds()) / 1000
		a.fetchers = map[string]AIFetcher{}
		for _, c := range a.audit.Crawlers {
			if name, res, ok := model.FetchedBy(s.Robots, c); ok {
				a.fetchers[c.Name] = AIFetcher{Name: name, Result: res}
			}
		}
		a.auditOf, a.auditList = s.Robots, s.ListVersion
	}
	return a.audit
}

// AIFetcher is the crawler that fetches the pages a control token governs
// (model.FetchedBy), and its verdict at the site root.
type AIFetcher struct {
	Name   string
	Result engine.Result
}

// FetchedBy is, for the control token crawler of the audit, the crawler
// that fetches the pages it governs; ok is false for any other crawler.
func (a *AIState) FetchedBy(crawler string) (f AIFetcher, ok bool) {
	f, ok = a.fetchers[crawler]
	return f, ok
}

// Choice is the value chosen for key, "" for none.
func (a *AIState) Choice(key string) string {
	return model.PolicyValue(Page.In.AIPolicy, key)
}

// Choose sets the policy for key ("allowed", "blocked" or "" for no
// choice); the view then shows the change it proposes.
func (a *AIState) Choose(key, value string) {
	if text := model.WithPolicyChoice(Page.In.AIPolicy, key, value); text != Page.In.AIPolicy {
		Page.In.AIPolicy = text
		Page.Changed()
	}
}

// ClearPolicy forgets every choice.
func (a *AIState) ClearPolicy() {
	Page.In.AIPolicy = ""
	Page.Changed()
}

// ChoicesKey is the choices as one comparable value.
func (a *AIState) ChoicesKey() string { return Page.In.AIPolicy }

// Proposal is the change the choices ask of the robots.txt, nil when no
// choice is made or while a worker writes it (Proposing); err is a
// sentence when the choices cannot be written.
func (a *AIState) Proposal() (p *model.AIProposal, err string) {
	s := Page
	key := a.ChoicesKey()
	if a.proposedOf == s.Robots && a.proposedFor == key && a.proposedAt == s.ListVersion {
		return a.proposal, a.proposalErr
	}
	robots, list := s.Robots, s.ListVersion
	a.proposedOf, a.proposedFor, a.proposedAt = robots, key, list
	a.proposal, a.proposalErr, a.Proposing = nil, "", false
	choices := model.PolicyChoices(key)
	policy, perr := model.PolicyFrom(choices)
	switch {
	case perr != nil:
		a.proposalErr = perr.Error()
	case len(policy) == 0:
	case s.Cut.Truncated:
		a.proposalErr = "The robots.txt is longer than the " + strconv.Itoa(s.Cut.Limit) + " bytes Googlebot reads: a policy is written only into a file read whole. Shorten the file first."
	case len(s.Robots.Body) >= model.WorkerLintBytes && a.ProposeElsewhere != nil &&
		a.ProposeElsewhere([]byte(s.Robots.Body), choices, aiURLs(), func(p *model.AIProposal, err string) {
			if a.proposedOf == robots && a.proposedFor == key && a.proposedAt == list && a.Proposing {
				a.proposal, a.proposalErr, a.Proposing, a.ProposedBy = p, err, false, "worker"
				s.Changed()
			}
		}):
		a.Proposing = true
	default:
		a.ProposedBy = "page"
		prop, err := model.ProposePolicy(s.Robots, policy, aiURLs())
		if err != nil {
			a.proposalErr = err.Error()
		} else {
			a.proposal = &prop
		}
	}
	return a.proposal, a.proposalErr
}

// Repropose drops the proposal a worker was asked for and writes it again
// (on the page, when the workers cannot run).
func (a *AIState) Repropose() {
	a.proposedOf, a.Proposing = nil, false
	Page.Changed()
}

// ApplyPolicy puts the proposed text in the editor, keeping the text before
// for Undo.
func (a *AIState) ApplyPolicy() {
	p, _ := a.Proposal()
	s := Page
	if p == nil || p.Text == string(s.Robots.Body) {
		return
	}
	in := s.In
	a.Before, a.Applied = in.Robots, p.Text
	in.Robots = p.Text
	a.Line = 0
	s.Replace(in)
	s.Notify("Applied the policy: the answer at / changed for "+strings.Join(p.Changed, ", ")+". Undo restores the text you had.", "")
}

// CanUndo reports whether the editor still holds the text the last policy
// wrote.
func (a *AIState) CanUndo() bool {
	return a.Applied != "" && Page.In.Robots == a.Applied
}

// UndoPolicy restores the exact text the last applied policy replaced.
func (a *AIState) UndoPolicy() {
	if !a.CanUndo() {
		return
	}
	in := Page.In
	in.Robots = a.Before
	a.Before, a.Applied, a.Line = "", "", 0
	Page.Replace(in)
	Page.Notify("Restored the text you had before the policy.", "")
}

// PointAt marks line in the editor (the view's band), 0 for none.
func (a *AIState) PointAt(line int) {
	a.Line = line
	Page.Changed()
}
