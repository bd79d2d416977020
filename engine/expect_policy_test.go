package engine

import (
	"strings"
	"testing"

	"robotstester/engine/catalogue"
)

func TestExpectationsPolicyExpandsPerCrawler(t *testing.T) {
	file := `{"policy": {"ai-training": "blocked", "OpenAI/ai-search": "allowed"},
 "urls": ["https://example.com/news/a", "https://example.com/b"]}`
	exp, err := ReadExpectations("p.json", []byte(file))
	if err != nil {
		t.Fatal(err)
	}
	per := map[string][]string{}
	for _, c := range exp.Cases {
		if c.Line != 1 {
			t.Errorf("%s %s: line %d, want 1 (the policy's)", c.Crawler, c.URL, c.Line)
		}
		role, _ := catalogue.FindAIRole(c.Crawler)
		want := role.Purpose != catalogue.PurposeTraining
		if c.Allowed != want {
			t.Errorf("%s: expected allowed %v", c.Crawler, c.Allowed)
		}
		per[c.Crawler] = append(per[c.Crawler], c.URL)
	}
	for _, name := range []string{"GPTBot", "ClaudeBot", "CCBot", "Meta-ExternalAgent", "OAI-SearchBot"} {
		if got := strings.Join(per[name], " "); got != "https://example.com/ https://example.com/news/a https://example.com/b" {
			t.Errorf("%s: cases at %q", name, got)
		}
	}
	for _, name := range []string{"Claude-SearchBot", "ChatGPT-User", "anthropic-ai (legacy/undocumented)", "Google-Agent"} {
		if len(per[name]) > 0 {
			t.Errorf("%s: cases %v, want none", name, per[name])
		}
	}
	// Checked against a file that blocks only GPTBot, ClaudeBot fails.
	res, err := exp.Check([]byte("User-agent: GPTBot\nDisallow: /\n"), true)
	if err != nil {
		t.Fatal(err)
	}
	failed := map[string]bool{}
	for _, r := range res {
		if !r.Pass {
			failed[r.Case.Crawler] = true
		}
	}
	if failed["GPTBot"] || failed["OAI-SearchBot"] || !failed["ClaudeBot"] || !failed["CCBot"] {
		t.Errorf("failed %v", failed)
	}
}

func TestExpectationsPolicyErrors(t *testing.T) {
	for _, tt := range []struct{ file, want string }{
		{`{"policy": {"ai-training": "nope"}}`, "p.json:1: the policy for `ai-training` is `nope`"},
		{"{\n\"policy\": {\"Nobody\": \"allowed\"}}", "p.json:2: `Nobody` is neither a purpose"},
		{`{"policy": []}`, `"policy" must be an object`},
		{`{"policy": {}}`, "the policy is empty"},
		{`{"policy": {"ai-search": "allowed"}, "urls": "https://example.com/"}`, `"urls" must be a list`},
	} {
		_, err := ReadExpectations("p.json", []byte(tt.file))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.file, err, tt.want)
		}
	}
}
