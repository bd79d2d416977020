package ai

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"robotstester/engine"
	"robotstester/engine/catalogue"
	"robotstester/engine/sharedtest"
)

func findingsAt(au Audit, code string) []int {
	var lines []int
	for _, d := range au.Findings {
		if d.Code == code {
			lines = append(lines, d.Line)
		}
	}
	return lines
}

// BBC's robots.txt (corpus 0173) blocks anthropic-ai and Claude-Web, which
// no Anthropic crawler sends; ClaudeBot obeys * and is allowed.
func TestAuditBBC(t *testing.T) {
	body, err := os.ReadFile(filepath.Join(sharedtest.Dir(t, "corpus", "real"), "0173.txt"))
	if err != nil {
		t.Fatal(err)
	}
	au := AuditOf(engine.Parse(body), nil)
	claude, ok := au.Crawler("ClaudeBot")
	if !ok || !claude.Allowed || claude.Purpose != catalogue.PurposeTraining {
		t.Fatalf("ClaudeBot: %+v, want an AI training crawler allowed at /", claude)
	}
	if got := findingsAt(au, "ai-retired-token"); !slices.Equal(got, []int{104, 107}) {
		t.Errorf("ai-retired-token at lines %v, want 104 (Claude-Web) and 107 (anthropic-ai)", got)
	}
	for _, d := range au.Findings {
		if d.Line == 107 && d.Code == "ai-retired-token" {
			if d.Severity != engine.SeverityWarning || !strings.Contains(d.Message, "`User-agent: ClaudeBot`") || !strings.Contains(d.Message, "ClaudeBot obeys * (line 6) and is allowed at /") {
				t.Errorf("line 107: %v %q", d.Severity, d.Message)
			}
		}
	}
	if gpt, _ := au.Crawler("GPTBot"); gpt.Allowed || gpt.Line != 93 || gpt.Obeys != 92 {
		t.Errorf("GPTBot: %+v, want blocked by line 93 of the group at line 92", gpt)
	}
}

// Blocking Google-Extended keeps Googlebot in: the audit says so.
func TestAuditControlTokenOnly(t *testing.T) {
	au := AuditOf(engine.Parse([]byte("User-agent: *\nDisallow: /private\n\nUser-agent: Google-Extended\nDisallow: /\n")), nil)
	ext, _ := au.Crawler("Google-Extended")
	if ext.Allowed || ext.Line != 5 || ext.Obeys != 4 || ext.Purpose != catalogue.PurposeControl {
		t.Fatalf("Google-Extended: %+v, want a control token blocked by line 5", ext)
	}
	googlebot, _ := catalogue.FindCrawler("Googlebot")
	if !engine.Parse([]byte("User-agent: *\nDisallow: /private\n\nUser-agent: Google-Extended\nDisallow: /\n")).TestCrawler(googlebot, "https://example.com/").Allowed {
		t.Fatal("Googlebot is blocked")
	}
	var note []engine.Diagnostic
	for _, d := range au.Findings {
		if d.Code == "ai-control-token" {
			note = append(note, d)
		}
	}
	if len(note) != 1 || note[0].Line != 4 || note[0].Severity != engine.SeverityInfo ||
		!strings.Contains(note[0].Message, "does not keep Googlebot out: Googlebot is allowed at /") ||
		!strings.Contains(note[0].Message, "Gemini") {
		t.Errorf("control-token notes %v, want one at line 4 saying Googlebot is still allowed", note)
	}
	for _, p := range au.Purposes {
		if p.Purpose == catalogue.PurposeControl && !slices.Equal(p.Blocked, []string{"Google-Extended"}) {
			t.Errorf("control tokens blocked %v, want Google-Extended alone", p.Blocked)
		}
	}
	// Googlebot blocked too: the note says that is what keeps the pages out.
	both := AuditOf(engine.Parse([]byte("User-agent: Googlebot\nUser-agent: Google-Extended\nDisallow: /\n")), nil)
	for _, d := range both.Findings {
		if d.Code == "ai-control-token" && !strings.Contains(d.Message, "Googlebot is blocked at / as well by line 3") {
			t.Errorf("with Googlebot blocked: %q", d.Message)
		}
	}
}

func TestAuditUnevenOperatorSaidOnce(t *testing.T) {
	au := AuditOf(engine.Parse([]byte("User-agent: GPTBot\nUser-agent: ClaudeBot\nDisallow: /\n")), nil)
	var ops []string
	for _, d := range au.Findings {
		if d.Code == "ai-uneven-operator" {
			ops = append(ops, strings.SplitN(d.Message, "'", 2)[0])
			if d.Line != 3 {
				t.Errorf("uneven finding at line %d, want the deciding line 3: %s", d.Line, d.Message)
			}
		}
	}
	if !slices.Equal(ops, []string{"OpenAI", "Anthropic"}) {
		t.Errorf("uneven operators %v, want OpenAI and Anthropic once each", ops)
	}
	if got := findingsAt(AuditOf(engine.Parse([]byte("User-agent: *\nDisallow: /\n")), nil), "ai-uneven-operator"); len(got) != 0 {
		t.Errorf("everything blocked alike, yet uneven findings at %v", got)
	}
}

func TestAuditContentSignals(t *testing.T) {
	body := "User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n\nUser-agent: GPTBot\nContent-signal: ai-input=no\nDisallow: /\n"
	r := engine.Parse([]byte(body))
	sig := ContentSignals(r)
	if len(sig) != 2 || sig[0].Group != 0 || sig[1].Group != 1 || sig[0].Line != 2 {
		t.Fatalf("signals %+v", sig)
	}
	if yes, ok := sig[0].Says(engine.SignalAITrain); !ok || yes {
		t.Errorf("line 2 says ai-train %v %v, want no", yes, ok)
	}
	au := AuditOf(r, nil)
	var conflicts []string
	for _, d := range au.Findings {
		if d.Code == "content-signal-conflict" {
			conflicts = append(conflicts, d.String())
		}
	}
	// Line 2: ai-train=no, yet ClaudeBot (and others, not GPTBot) obey * and
	// are allowed. Line 6: ai-input=no in GPTBot's group, which blocks it.
	if len(conflicts) != 1 || !strings.HasPrefix(conflicts[0], "line 2: declares ai-train=no, yet ClaudeBot") || strings.Contains(conflicts[0], "GPTBot") {
		t.Errorf("conflicts %q", conflicts)
	}
	if got := findingsAt(au, "content-signal-note"); !slices.Equal(got, []int{2, 6}) {
		t.Errorf("notes at %v, want 2 and 6", got)
	}
	// Lint: Google ignores the line (info), and the syntax is checked.
	bad := engine.Lint(engine.Parse([]byte("User-agent: *\nContent-Signal: ai_train=no, search=maybe, search=yes,\nDisallow:\n")))
	var codes []string
	for _, d := range bad {
		if d.Line == 2 {
			codes = append(codes, d.Code+": "+d.Message)
		}
	}
	// Warnings sort before the note.
	want := []string{"content-signal-syntax", "content-signal-syntax", "content-signal-syntax", "ignored-directive"}
	if len(codes) != len(want) {
		t.Fatalf("line 2 findings %q, want %v", codes, want)
	}
	for i, c := range codes {
		if !strings.HasPrefix(c, want[i]) {
			t.Errorf("finding %d: %q, want %s", i, c, want[i])
		}
	}
	if !strings.Contains(codes[0], "write ai-train instead.") || !strings.Contains(codes[1], "search=`maybe` is neither yes nor no") || !strings.Contains(codes[2], "extra comma") {
		t.Errorf("syntax findings %q", codes[:3])
	}
	for _, d := range engine.Lint(engine.Parse([]byte("User-agent: *\nContent-Signal: search=yes, ai-input=yes, ai-train=no\nAllow: /\n"))) {
		if d.Code != "ignored-directive" {
			t.Errorf("a well-formed signal: %v", d)
		}
	}
}

// Each crawler's row says what the Matrix says for it, on every corpus
// file, at the root and at each URL.
func TestAuditAgreesWithMatrixOnCorpus(t *testing.T) {
	urls := []string{"https://example.com/", "https://example.com/search?q=x", "https://example.com/news/article.html", "https://example.com/wp-admin/"}
	cols := engine.AIColumns()
	for name, body := range sharedtest.CorpusBodies(t) {
		r := engine.Parse(body)
		au := AuditOf(r, urls)
		m := r.Matrix(append([]string{"/"}, urls...), cols)
		if len(au.Crawlers) != len(cols) {
			t.Fatalf("%s: %d rows for %d columns", name, len(au.Crawlers), len(cols))
		}
		for i, c := range au.Crawlers {
			root := m.Cell(0, i)
			obeys := 0
			if o := m.Obeys[i]; len(o.Lines) > 0 {
				obeys = o.Lines[0]
			}
			if c.Name != cols[i].Name || c.Allowed != root.Allowed || c.Line != root.Line || c.Obeys != obeys {
				t.Errorf("%s: %s root %v line %d obeys %d; the Matrix says %v line %d obeys %d",
					name, c.Name, c.Allowed, c.Line, c.Obeys, root.Allowed, root.Line, obeys)
			}
			// And what one test of the crawler says, outside the Matrix.
			crawler, _ := catalogue.FindCrawler(c.Name) // a column of AIColumns, so in the catalogue
			if res := r.TestCrawler(crawler, "https://example.com/"); res.Allowed != c.Allowed || res.Line != c.Line {
				t.Errorf("%s: %s root %v line %d; TestCrawler says %v line %d", name, c.Name, c.Allowed, c.Line, res.Allowed, res.Line)
			}
			for u := range urls {
				if got, want := c.URLs[u], m.Cell(u+1, i); got != want {
					t.Errorf("%s: %s %s: %+v, the Matrix says %+v", name, c.Name, urls[u], got, want)
				}
			}
		}
		for _, d := range au.Findings {
			if d.Message == "" || d.Line < 0 || d.Line > len(r.Lines) {
				t.Errorf("%s: finding %+v", name, d)
			}
		}
	}
}

// BenchmarkAudit audits every corpus file once per iteration (parsed
// beforehand), at the root and at two URLs.
func BenchmarkAudit(b *testing.B) {
	var parsed []*engine.Robots
	for _, body := range sharedtest.CorpusBodies(b) {
		parsed = append(parsed, engine.Parse(body))
	}
	urls := []string{"https://example.com/a", "https://example.com/b/c"}
	b.ResetTimer()
	for b.Loop() {
		for _, r := range parsed {
			AuditOf(r, urls)
		}
	}
	b.ReportMetric(float64(b.N*len(parsed))/b.Elapsed().Seconds(), "files/s")
}

// A retired token whose successor has no token: nothing to add, the line
// can go.
func TestAuditRetiredTokenWithoutSuccessorToken(t *testing.T) {
	au := AuditOf(engine.Parse([]byte("User-agent: *\nAllow: /\n\nUser-agent: Google-NotebookLM\nDisallow: /\n")), nil)
	var got []engine.Diagnostic
	for _, d := range au.Findings {
		if d.Code == "ai-retired-token" {
			got = append(got, d)
		}
	}
	if len(got) != 1 || got[0].Line != 4 || got[0].Severity != engine.SeverityInfo ||
		got[0].Message != "`Google-NotebookLM` is no longer sent by Google's crawlers; Gemini Notebook (formerly NotebookLM) has no token and ignores robots.txt, so no line reaches it — remove the line." {
		t.Errorf("findings %+v", got)
	}
}

func TestAuditRetiredTokenBesideItsSuccessor(t *testing.T) {
	// ClaudeBot's own group gives another answer: change that group.
	au := AuditOf(engine.Parse([]byte("User-agent: ClaudeBot\nAllow: /\n\nUser-agent: anthropic-ai\nDisallow: /\n")), nil)
	for _, d := range au.Findings {
		if d.Code == "ai-retired-token" && (d.Line != 4 || d.Severity != engine.SeverityWarning ||
			d.Message != "`anthropic-ai` is no longer sent by Anthropic's crawlers; ClaudeBot obeys the group at line 1 (ClaudeBot) and is allowed at / (line 2) — change its own group if it should get this group's answer.") {
			t.Errorf("%v %s", d.Severity, d)
		}
	}
	// The same answer from its own group: the line does nothing.
	au = AuditOf(engine.Parse([]byte("User-agent: ClaudeBot\nDisallow: /\n\nUser-agent: anthropic-ai\nDisallow: /\n")), nil)
	for _, d := range au.Findings {
		if d.Code == "ai-retired-token" && (d.Severity != engine.SeverityInfo || !strings.HasSuffix(d.Message, "so the line does nothing — remove the line.")) {
			t.Errorf("%v %s", d.Severity, d)
		}
	}
	au = AuditOf(engine.Parse([]byte("User-agent: ClaudeBot\nUser-agent: anthropic-ai\nDisallow: /\n")), nil)
	for _, d := range au.Findings {
		if d.Code == "ai-retired-token" && (d.Line != 2 || d.Severity != engine.SeverityInfo || !strings.HasSuffix(d.Message, "named here or get the same answer at / from groups of their own, so the line does nothing — remove the line.")) {
			t.Errorf("%v %s", d.Severity, d)
		}
	}
	if got := findingsAt(au, "ai-retired-token"); !slices.Equal(got, []int{2}) {
		t.Errorf("retired-token findings at %v, want line 2", got)
	}
}

func TestRetiredAITokens(t *testing.T) {
	for _, tok := range []string{"anthropic-ai", "Claude-Web", "CLAUDE-WEB"} {
		if _, _, ok := retiredAIToken(tok); !ok {
			t.Errorf("%s is not read as retired", tok)
		}
	}
	if _, _, ok := retiredAIToken("ClaudeBot"); ok {
		t.Error("ClaudeBot is read as retired")
	}
}
