package commands

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"robotstester/engine"
	"robotstester/engine/sharedtest"
)

func audit(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = RunAudit(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

const auditRobots = "User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n\nUser-agent: GPTBot\nUser-agent: anthropic-ai\nDisallow: /\n\nUser-agent: Google-Extended\nDisallow: /\n"

func TestAuditText(t *testing.T) {
	file := writeFile(t, "robots.txt", auditRobots)
	code, out, errOut := audit(t, "", "-robots", file, "-url", "https://example.com/news/")
	for _, want := range []string{
		"AI training: 1 of 7 blocked (GPTBot).\n",
		"Control token: 1 of 2 blocked (Google-Extended).\n",
		"Content signal at line 2: search=yes, ai-train=no.\n",
		"\nOpenAI\n  GPTBot ",
		"blocked at https://example.com/news/",
		"warning: line 6: `anthropic-ai` is no longer sent by Anthropic's crawlers",
		"warning: line 2: declares ai-train=no, yet ClaudeBot",
		"info: line 9: `Google-Extended` is a control token, not a crawler",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q:\n%s", want, out)
		}
	}
	if code != 1 || errOut != "" {
		t.Errorf("warnings: exit %d, stderr %q; want 1", code, errOut)
	}
	// Notes alone exit 0; standard input is read with -robots -.
	code, out, _ = audit(t, "User-agent: Google-Extended\nDisallow: /\n", "-robots", "-")
	if code != 0 || !strings.HasSuffix(out, "0 errors, 0 warnings, 1 notes\n") {
		t.Errorf("a note: exit %d, output:\n%s", code, out)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{nil, "-robots is required"},
		{[]string{"-robots", file, "extra"}, `unexpected argument "extra"`},
		{[]string{"-robots", file + ".none"}, "cannot read the robots.txt"},
		{[]string{"-robots", "http://127.0.0.1:1/robots.txt"}, "no HTTP answer"},
	} {
		if code, _, errOut := audit(t, "", tt.args...); code != 2 || !strings.Contains(errOut, tt.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tt.args, code, errOut, tt.want)
		}
	}
}

func TestAuditJSON(t *testing.T) {
	file := writeFile(t, "robots.txt", auditRobots)
	_, out, _ := audit(t, "", "-robots", file, "-json", "-url", "https://example.com/a")
	var got auditJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	var gpt *auditCrawlerJSON
	for i := range got.Crawlers {
		if got.Crawlers[i].Name == "GPTBot" {
			gpt = &got.Crawlers[i]
		}
	}
	if gpt == nil || gpt.Operator != "OpenAI" || gpt.Purpose != "ai-training" || gpt.Obeys != 5 || gpt.Root != "blocked" || gpt.Line != 7 ||
		len(gpt.URLs) != 1 || gpt.URLs[0].Verdict != "blocked" || gpt.URLs[0].Line != 7 {
		t.Errorf("GPTBot: %+v", gpt)
	}
	if len(got.Purposes) != 5 || got.Purposes[0].Purpose != "ai-training" || strings.Join(got.Purposes[0].Blocked, ",") != "GPTBot" {
		t.Errorf("purposes: %+v", got.Purposes)
	}
	if len(got.Signals) != 1 || got.Signals[0].Group != 1 || got.Signals[0].Uses["ai-train"] || !got.Signals[0].Uses["search"] {
		t.Errorf("signals: %+v", got.Signals)
	}
	codes := map[string]int{}
	for _, f := range got.Findings {
		codes[f.Code] = f.Line
	}
	if codes["ai-retired-token"] != 6 || codes["content-signal-conflict"] != 2 || codes["ai-control-token"] != 9 {
		t.Errorf("findings: %+v", got.Findings)
	}
}

// A fetched robots.txt: a 200 is audited; a 503 blocks every crawler that
// reads robots.txt, and the text says why.
func TestAuditURL(t *testing.T) {
	u, _ := robotsSite(t, 0, 200, auditRobots)
	code, out, errOut := audit(t, "", "-robots", u, "-fetch-allow-private")
	if code != 1 || !strings.HasPrefix(out, "Fetched http://127.0.0.1:") || !strings.Contains(out, "AI training: 1 of 7 blocked (GPTBot).") {
		t.Errorf("200: exit %d, stderr %q, output:\n%s", code, errOut, out)
	}
	u, _ = robotsSite(t, 0, 503, "User-agent: *\nAllow: /\n")
	_, out, _ = audit(t, "", "-robots", u, "-fetch-allow-private", "-json")
	var got auditJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	for _, c := range got.Crawlers {
		if want := map[bool]string{true: "blocked", false: "allowed"}[len(c.Tokens) > 0]; c.Root != want {
			t.Errorf("503: %s is %s, want %s", c.Name, c.Root, want)
		}
	}
	if got.Fetch == nil || got.Fetch.Status != 503 || got.Fetch.Effect != "full disallow" {
		t.Errorf("503: fetch %+v", got.Fetch)
	}
	// Without -fetch-allow-private the loopback site is refused.
	if code, _, errOut := audit(t, "", "-robots", u); code != 2 || !strings.Contains(errOut, "no HTTP answer") {
		t.Errorf("private address: exit %d, stderr %q", code, errOut)
	}
}

// check reads a policy: one case per AI crawler of the purposes it names,
// at the root and at each URL: 7 training and 9 search crawlers, twice.
func TestCheckPolicy(t *testing.T) {
	robots := writeFile(t, "robots.txt", "User-agent: GPTBot\nUser-agent: ClaudeBot\nUser-agent: CCBot\nUser-agent: Meta-ExternalAgent\nUser-agent: Amazonbot\nUser-agent: Bytespider\nUser-agent: MistralAI-Training\nDisallow: /\n")
	policy := writeFile(t, "policy.json", `{"policy": {"ai-training": "blocked", "ai-search": "allowed"}, "urls": ["https://example.com/news/"]}`)
	code, out, errOut := check(t, "", "-expect", policy, "-robots", robots)
	if code != 0 || !strings.HasSuffix(out, "32 passed, 0 failed\n") {
		t.Errorf("policy met: exit %d, stderr %q, output:\n%s", code, errOut, out)
	}
	code, out, _ = check(t, "User-agent: GPTBot\nDisallow: /\n", "-expect", policy, "-robots", "-")
	if code != 1 || !strings.Contains(out, "FAIL "+policy+":1: case 5: ClaudeBot https://example.com/: expected blocked; Allowed") {
		t.Errorf("policy not met: exit %d, output:\n%s", code, out)
	}
}

// On every corpus file, each crawler's row of audit -json says what the
// Matrix of the AI catalogue's columns says for it: the group it obeys,
// its verdict and deciding line at / and at each -url, and the purposes'
// lists of blocked and allowed names (issue 23). The audit reads what
// Googlebot reads, as the Matrix here does.
func TestAuditEqualsMatrixOnCorpus(t *testing.T) {
	files := sharedtest.CorpusFiles(t)
	if len(files) != 386 {
		t.Fatalf("%d corpus files, want 386", len(files))
	}
	urls := []string{"https://example.com/search?q=1", "https://example.com/wp-admin/", "https://example.com/news/article.html"}
	args := []string{"-json"}
	for _, u := range urls {
		args = append(args, "-url", u)
	}
	cols := engine.AIColumns()
	for _, f := range files {
		name := filepath.Base(f)
		body, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		_, out, errOut := audit(t, "", append([]string{"-robots", f}, args...)...)
		var got auditJSON
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("%s: %v (stderr %q)", name, err, errOut)
		}
		m := engine.Parse(engine.FetchLimit(body).Body).Matrix(append([]string{"/"}, urls...), cols)
		if len(got.Crawlers) != len(cols) {
			t.Fatalf("%s: %d crawlers, the Matrix has %d columns", name, len(got.Crawlers), len(cols))
		}
		rootOf := map[string]string{}
		for i, c := range got.Crawlers {
			root := m.Cell(0, i)
			obeys := 0
			if o := m.Obeys[i]; len(o.Lines) > 0 {
				obeys = o.Lines[0]
			}
			if c.Name != cols[i].Name || c.Root != verdict(root.Allowed) || c.Line != root.Line || c.Obeys != obeys {
				t.Fatalf("%s: %s is %s by line %d, obeying line %d; the Matrix says %s (%s) by line %d, obeying line %d",
					name, c.Name, c.Root, c.Line, c.Obeys, cols[i].Name, verdict(root.Allowed), root.Line, obeys)
			}
			if len(c.URLs) != len(urls) {
				t.Fatalf("%s: %s has %d URL verdicts, want %d", name, c.Name, len(c.URLs), len(urls))
			}
			for u, cell := range c.URLs {
				if want := m.Cell(u+1, i); cell.URL != urls[u] || cell.Verdict != verdict(want.Allowed) || cell.Line != want.Line {
					t.Fatalf("%s: %s at %s is %s by line %d; the Matrix says %s by line %d", name, c.Name, urls[u], cell.Verdict, cell.Line, verdict(want.Allowed), want.Line)
				}
			}
			rootOf[c.Name] = c.Root
		}
		for _, p := range got.Purposes {
			for verdict, names := range map[string][]string{"blocked": p.Blocked, "allowed": p.Allowed} {
				for _, n := range names {
					if rootOf[n] != verdict {
						t.Fatalf("%s: %s lists %s as %s; its row says %s", name, p.Purpose, n, verdict, rootOf[n])
					}
				}
			}
		}
	}
}
