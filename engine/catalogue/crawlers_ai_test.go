package catalogue

import (
	"regexp"
	"strings"
	"testing"
)

// Every role names a catalogue crawler, once, with a purpose, a stance, a
// date and, unless the stance is unknown, the operator's page.
func TestAIRolesAreSourcedAndDated(t *testing.T) {
	day := regexp.MustCompile(`^20\d\d-\d\d-\d\d$`)
	seen := map[string]bool{}
	for _, a := range AIRoles() {
		c, ok := FindCrawler(a.Crawler)
		if !ok || c.Name != a.Crawler {
			t.Errorf("role %q names no catalogue crawler", a.Crawler)
			continue
		}
		if seen[a.Crawler] {
			t.Errorf("role %q is listed twice", a.Crawler)
		}
		seen[a.Crawler] = true
		if !day.MatchString(a.Checked) {
			t.Errorf("%s: checked %q is not a date", a.Crawler, a.Checked)
		}
		if a.Note == "" {
			t.Errorf("%s: no note", a.Crawler)
		}
		switch {
		case a.Robots == RobotsUnknown && a.Source != "":
			t.Errorf("%s: the stance is unknown, yet a page is cited (%s): say what it states", a.Crawler, a.Source)
		case a.Robots != RobotsUnknown && !strings.HasPrefix(a.Source, "https://"):
			t.Errorf("%s: stance %q without the operator's page", a.Crawler, a.Robots)
		}
		if (a.Robots == RobotsIgnores) != (len(c.Tokens) == 0) {
			t.Errorf("%s: stance %q but tokens %v", a.Crawler, a.Robots, c.Tokens)
		}
		if a.Retired() != (len(a.ReplacedBy) > 0) {
			t.Errorf("%s: retired %v but replaced by %v", a.Crawler, a.Retired(), a.ReplacedBy)
		}
		for _, r := range a.ReplacedBy {
			if ra, ok := FindAIRole(r); !ok || ra.Retired() {
				t.Errorf("%s: replaced by %q, which is not a current AI crawler", a.Crawler, r)
			}
		}
		// A user-triggered fetcher whose operator says the rules may not
		// apply is one the catalogue tests without "*".
		if a.Robots == RobotsMayIgnore && c.ObeysGlobal {
			t.Errorf("%s: may ignore robots.txt, yet obeys *", a.Crawler)
		}
	}
	// Every crawler of the AI preset has a role.
	ai, _ := FindPreset("ai")
	for _, name := range ai.Crawlers {
		if !seen[name] {
			t.Errorf("%s is in the AI preset but has no role in crawlers_ai.go", name)
		}
	}
}

// Each AI purpose with crawlers that have a token is a preset of the
// matrix, holding exactly those crawlers.
func TestPresetsByAIPurpose(t *testing.T) {
	for _, purpose := range AIPurposes {
		var want []string
		for _, c := range Crawlers() {
			if a, ok := FindAIRole(c.Name); ok && a.Purpose == purpose && !a.Retired() && len(c.Tokens) > 0 {
				want = append(want, c.Name)
			}
		}
		p, ok := FindPreset(string(purpose))
		if ok != (len(want) > 0) || strings.Join(p.Crawlers, "|") != strings.Join(want, "|") {
			t.Errorf("preset %s: %v, %v; want %v", purpose, p.Crawlers, ok, want)
		}
	}
	if p, _ := FindPreset("ai-training"); !strings.Contains(strings.Join(p.Crawlers, "|"), "GPTBot|") || strings.Contains(strings.Join(p.Crawlers, "|"), "anthropic-ai") {
		t.Errorf("AI training preset %v", p.Crawlers)
	}
}

func TestPolicyMostSpecificWins(t *testing.T) {
	// "ai-training": "blocked", "OpenAI": "allowed", "OpenAI/ai-search": "blocked"
	p := Policy{{Purpose: PurposeTraining}, {Operator: "OpenAI", Allow: true}, {Operator: "OpenAI", Purpose: PurposeSearch}}
	for _, tt := range []struct {
		op      string
		purpose AIPurpose
		allow   bool
		ok      bool
	}{
		{"Anthropic", PurposeTraining, false, true},
		{"OpenAI", PurposeTraining, true, true},
		{"OpenAI", PurposeSearch, false, true},
		{"Anthropic", PurposeSearch, false, false},
		{"Anthropic (attributed)", PurposeTraining, false, true},
	} {
		if allow, ok := p.Wants(tt.op, tt.purpose); allow != tt.allow || ok != tt.ok {
			t.Errorf("%s %s: %v %v, want %v %v", tt.op, tt.purpose, allow, ok, tt.allow, tt.ok)
		}
	}
}
