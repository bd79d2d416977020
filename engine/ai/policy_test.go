package ai

import (
	"slices"
	"sort"
	"strings"
	"testing"

	"robotstester/engine"
	"robotstester/engine/catalogue"
	"robotstester/engine/sharedtest"
)

func mustPolicy(t *testing.T, kv ...string) catalogue.Policy {
	t.Helper()
	var p catalogue.Policy
	for i := 0; i < len(kv); i += 2 {
		r, err := engine.ReadPolicyRule(kv[i], kv[i+1])
		if err != nil {
			t.Fatal(err)
		}
		p = append(p, r)
	}
	return p
}

func TestApplyPolicySmallCases(t *testing.T) {
	tests := []struct {
		name, body string
		policy     []string
		want       string
	}{
		{"a new group for the crawlers to block",
			"User-agent: *\nDisallow: /private\n",
			[]string{"OpenAI/ai-training", "blocked"},
			"User-agent: *\nDisallow: /private\n\nUser-agent: GPTBot\nDisallow: /\n"},
		{"a retired token's group is reused",
			"User-agent: *\nAllow: /\n\nUser-agent: anthropic-ai\nDisallow: /\n",
			[]string{"Anthropic/ai-training", "blocked"},
			"User-agent: *\nAllow: /\n\nUser-agent: anthropic-ai\nUser-agent: ClaudeBot\nDisallow: /\n"},
		{"a group of its own is edited in place",
			"User-agent: GPTBot\nDisallow: /\nAllow: /public\n",
			[]string{"OpenAI/ai-training", "allowed"},
			"User-agent: GPTBot\nAllow: /public\n"},
		{"a group left without rules keeps one",
			"User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nDisallow: /\n",
			[]string{"OpenAI/ai-training", "allowed"},
			"User-agent: GPTBot\nAllow: /\n\nUser-agent: *\nDisallow: /\n"},
		{"a shared group loses the crawler, which falls back to *",
			"User-agent: *\nAllow: /\n\nUser-agent: Googlebot\nUser-agent: GPTBot\nDisallow: /\n",
			[]string{"OpenAI/ai-training", "allowed"},
			"User-agent: *\nAllow: /\n\nUser-agent: Googlebot\nDisallow: /\n"},
		{"CRLF line ends are kept, and the file's last line gets one",
			"User-agent: *\r\nDisallow:",
			[]string{"OpenAI/ai-training", "blocked"},
			"User-agent: *\r\nDisallow:\r\n\r\nUser-agent: GPTBot\r\nDisallow: /\r\n"},
		{"trailing user-agent lines without rules do not swallow the new group",
			"User-agent: *\nDisallow: /x\nUser-agent: Foo\n",
			[]string{"OpenAI/ai-training", "blocked"},
			"User-agent: *\nDisallow: /x\nUser-agent: GPTBot\nDisallow: /\n\nUser-agent: Foo\n"},
	}
	for _, tt := range tests {
		ch, err := ApplyPolicy(engine.Parse([]byte(tt.body)), mustPolicy(t, tt.policy...))
		if err != nil || ch.Text != tt.want {
			t.Errorf("%s:\n got %q, %v\nwant %q", tt.name, ch.Text, err, tt.want)
		}
	}
}

// A policy applied to 20 corpus files: the new file's audit meets it, and
// the Diff over every catalogue crawler lists exactly the flips asked for:
// each moved crawler flips at the root, and nothing else flips but moved
// crawlers, towards the answer wanted.
func TestApplyPolicyOnCorpus(t *testing.T) {
	files := sharedtest.CorpusBodies(t)
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	var pick []string
	for i := 0; len(pick) < 19; i += len(names) / 19 {
		pick = append(pick, names[i])
	}
	pick = append(pick, "0173.txt")
	policies := [][]string{
		{"ai-training", "blocked", "ai-search", "allowed", "ai-user", "allowed"},
		{"ai-training", "blocked", "ai-search", "blocked", "ai-control", "blocked", "OpenAI", "allowed"},
		{"ai-training", "allowed", "ai-search", "allowed", "ai-user", "allowed", "ai-control", "allowed"},
	}
	var cols []engine.Column
	for _, c := range catalogue.Crawlers() {
		cols = append(cols, engine.CrawlerColumn(c))
	}
	urls := []string{"https://example.com/", "https://example.com/search?q=1", "https://example.com/private/", "https://example.com/index.html"}
	moved := 0
	for i, name := range pick {
		p := mustPolicy(t, policies[i%len(policies)]...)
		old := engine.Parse(files[name])
		ch, err := ApplyPolicy(old, p)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		nu := engine.Parse([]byte(ch.Text))
		for _, c := range Unmet(p, AuditOf(nu, nil)) {
			if len(c.Tokens) > 0 {
				t.Errorf("%s: %s is still %s at /", name, c.Name, c.Root())
			}
		}
		d := engine.Compare(old, nu, urls, cols)
		flippedAtRoot := map[string]bool{}
		for _, f := range d.Flips {
			col := cols[f.Col].Name
			c, _ := catalogue.FindCrawler(col)
			role, _ := catalogue.FindAIRole(col)
			allow, ok := p.Wants(c.Operator, role.Purpose)
			if !slices.Contains(ch.Changed, col) || !ok || f.B.Allowed != allow {
				t.Errorf("%s: a flip not asked for: %s", name, d.Sentence(f))
			}
			if f.Row == 0 {
				flippedAtRoot[col] = true
			}
		}
		for _, c := range ch.Changed {
			if !flippedAtRoot[c] {
				t.Errorf("%s: %s was to move, but does not flip at /", name, c)
			}
		}
		moved += len(ch.Changed)
		// Applying it again changes nothing.
		if again, err := ApplyPolicy(nu, p); err != nil || again.Text != ch.Text {
			t.Errorf("%s: applied twice, the text changes again (%v)", name, err)
		}
		// Every edit names a line of the old file.
		for _, e := range ch.Edits {
			if e.Line < 0 || e.Line > len(old.Lines) {
				t.Errorf("%s: edit %+v outside the old file", name, e)
			}
		}
	}
	if moved == 0 {
		t.Error("no crawler moved in 20 files: the test tests nothing")
	}
}

// Any bytes: Audit answers without panicking, as the Matrix does, and
// ApplyPolicy either meets the policy or says it could not.
func FuzzAuditAndPolicy(f *testing.F) {
	for _, b := range sharedtest.FuzzSeedBodies {
		f.Add([]byte(b), uint8(0))
	}
	f.Add([]byte("User-agent: GPTBot\nUser-agent: anthropic-ai\nContent-Signal: ai-train=no,,x\nDisallow: /\nUser-agent: Foo\n"), uint8(3))
	f.Add([]byte("\xEF\xBB\xBFUser-agent: Claude-Web\r\nAllow: /index.html"), uint8(1))
	policies := [][]string{
		{"ai-training", "blocked", "ai-search", "allowed"},
		{"ai-training", "allowed", "ai-user", "allowed", "ai-control", "allowed"},
		{"ai-search", "blocked", "OpenAI", "allowed"},
		{"ai-training", "blocked", "ai-search", "blocked", "ai-user", "blocked", "ai-control", "blocked"},
	}
	f.Fuzz(func(t *testing.T, body []byte, which uint8) {
		r := engine.Parse(body)
		au := AuditOf(r, []string{"https://example.com/a"})
		for _, d := range au.Findings {
			if d.Line < 0 || d.Line > len(r.Lines) || !strings.HasSuffix(d.Message, ".") {
				t.Fatalf("finding %+v", d)
			}
		}
		p := mustPolicy(t, policies[int(which)%len(policies)]...)
		ch, err := ApplyPolicy(r, p)
		if err != nil {
			return
		}
		for _, c := range Unmet(p, AuditOf(engine.Parse([]byte(ch.Text)), nil)) {
			if len(c.Tokens) > 0 {
				t.Fatalf("%s is still %s at / in %q", c.Name, c.Root(), ch.Text)
			}
		}
	})
}
