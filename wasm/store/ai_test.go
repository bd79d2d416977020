//go:build js && wasm

package store

import (
	"slices"
	"strings"
	"testing"

	"robotstester/engine"
	"robotstester/engine/catalogue"
	"robotstester/wasm/model"
)

// withPage runs f with a fresh page state holding robots and a fresh AI
// state, and puts the page's back.
func withPage(t *testing.T, robots string, f func()) {
	t.Helper()
	page, ai := Page, AI
	defer func() { Page, AI = page, ai }()
	in := model.ExampleState
	in.Robots = robots
	Page, AI = NewState(in), &AIState{}
	f()
}

// A policy chosen, applied and undone: the proposal moves the training
// crawlers, Apply writes it, Undo restores the exact bytes (BOM and CRLF),
// and an edit after Apply takes Undo away.
func TestAIPolicyApplyUndoRestoresExactBytes(t *testing.T) {
	original := "\ufeffUser-agent: *\r\nDisallow: /private\r\n"
	withPage(t, original, func() {
		AI.Audit()
		AI.Choose("ai-training", "blocked")
		p, err := AI.Proposal()
		if err != "" || p == nil || len(p.Changed) == 0 {
			t.Fatalf("proposal %v, error %q", p, err)
		}
		AI.ApplyPolicy()
		if Page.In.Robots != p.Text || !AI.CanUndo() {
			t.Fatalf("after Apply the file is %q (undo %v), want the proposal %q", Page.In.Robots, AI.CanUndo(), p.Text)
		}
		for _, pu := range AI.Audit().Purposes {
			if pu.Purpose == catalogue.PurposeTraining {
				for _, name := range pu.Allowed {
					if c, _ := AI.Audit().Crawler(name); len(c.Tokens) > 0 {
						t.Errorf("%s is still allowed after the policy", name)
					}
				}
			}
		}
		AI.UndoPolicy()
		if Page.In.Robots != original || AI.CanUndo() {
			t.Fatalf("after Undo the file is %q (undo %v), want %q", Page.In.Robots, AI.CanUndo(), original)
		}
		AI.ApplyPolicy()
		Page.EditRobots("User-agent: *\nDisallow: /\n")
		Page.Flush()
		if AI.CanUndo() {
			t.Error("Undo is offered after the file was edited past the policy")
		}
	})
}

// A file longer than Googlebot reads is not rewritten: the proposal says
// why instead.
func TestAIPolicyRefusesATruncatedFile(t *testing.T) {
	long := "User-agent: *\nDisallow: /private\n" + strings.Repeat("# padding\n", engine.GooglebotFetchLimit/10+1)
	withPage(t, long, func() {
		AI.Audit()
		AI.Choose("ai-training", "blocked")
		if p, err := AI.Proposal(); p != nil || !strings.Contains(err, "Shorten the file") {
			t.Errorf("proposal %v, error %q; want a refusal", p, err)
		}
	})
}

// The policy chosen is part of the state: the autosave and a link carry
// it, and the state they bring back shows the same choices and proposes
// the same change.
func TestAIPolicyTravelsWithTheState(t *testing.T) {
	var saved model.Saved
	var before *model.AIProposal
	withPage(t, "User-agent: *\nDisallow: /private\n", func() {
		AI.Audit()
		AI.Choose("ai-training", "blocked")
		AI.Choose("OpenAI", "allowed")
		saved = CurrentSaved()
		before, _ = AI.Proposal()
	})
	if want := "ai-training=blocked\nOpenAI=allowed\n"; saved.AIPolicy != want {
		t.Fatalf("the state saved holds the policy %q, want %q", saved.AIPolicy, want)
	}
	if before == nil || len(before.Changed) == 0 {
		t.Fatalf("no change proposed before the link: %v", before)
	}
	frag, err := EncodeFragment(saved)
	if err != nil {
		t.Fatal(err)
	}
	opened, _, err := DecodeFragment(frag)
	if err != nil {
		t.Fatal(err)
	}
	withPage(t, "", func() {
		Page.Replace(opened)
		AI.Audit()
		if AI.Choice("ai-training") != "blocked" || AI.Choice("OpenAI") != "allowed" || AI.Choice("ai-search") != "" {
			t.Errorf("after the link the choices are %q", Page.In.AIPolicy)
		}
		after, err := AI.Proposal()
		if err != "" || after == nil || after.Text != before.Text || !slices.Equal(after.Changed, before.Changed) {
			t.Errorf("after the link the proposal is %+v (error %q), want %+v", after, err, before)
		}
		AI.ClearPolicy()
		if CurrentSaved().AIPolicy != "" {
			t.Errorf("after Clear the state still holds the policy %q", CurrentSaved().AIPolicy)
		}
	})
}
