//go:build !js

package browsertest

// The page-truth test (issue 14): what the page shows for a real
// robots.txt must be what the engine says about the bytes Googlebot reads
// of it. Each file is opened the way a person opens one (the "Open
// robots.txt…" file input, so the bytes are exact), with its URL list, in
// one tab reused across files; then every row, the summary, the findings
// counts and the first findings are compared with the engine's answers.

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"robotstester/engine"
	"robotstester/engine/catalogue"
)

// truthFindingsCompared is how many of the first listed findings are
// compared one by one (the counts cover them all).
const truthFindingsCompared = 10

// truthURLsGenerated bounds the URLs made from a file's own rules when the
// corpus has no list for it.
const truthURLsGenerated = 40

// truthFiles are the 20 largest corpus files (0001–0020) and 20 others
// drawn with a fixed seed, so every run tests the same files.
func truthFiles(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var all []string
	for _, e := range entries {
		if regexp.MustCompile(`^\d{4}\.txt$`).MatchString(e.Name()) {
			all = append(all, e.Name())
		}
	}
	slices.Sort(all)
	if len(all) < 40 {
		t.Fatalf("%s holds %d robots.txt files, want the corpus of 386", dir, len(all))
	}
	files, rest := all[:20], slices.Clone(all[20:])
	rng := rand.New(rand.NewPCG(14, 2026))
	rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	sample := rest[:20]
	slices.Sort(sample)
	return append(files, sample...)
}

// truthURLs is the corpus's URL list for a file, or, when it has none,
// paths made from the file's own rules (each pattern with "*" read as "x"
// and a final "$" dropped), with "/" and "/robots.txt".
func truthURLs(t *testing.T, urlDir, name string, r *engine.Robots) []string {
	t.Helper()
	if b, err := os.ReadFile(filepath.Join(urlDir, name)); err == nil {
		var urls []string
		for _, line := range strings.Split(string(b), "\n") {
			if u := strings.TrimSpace(line); u != "" {
				urls = append(urls, u)
			}
		}
		return urls
	} else if !os.IsNotExist(err) {
		t.Fatal(err)
	}
	urls := []string{"/", "/robots.txt"}
	for _, ln := range r.Lines {
		if len(urls) == truthURLsGenerated {
			break
		}
		if ln.Kind != engine.KindAllow && ln.Kind != engine.KindDisallow {
			continue
		}
		p := strings.ReplaceAll(strings.TrimSuffix(ln.Value(r.Body), "$"), "*", "x")
		if strings.HasPrefix(p, "/") && !slices.Contains(urls, p) {
			urls = append(urls, p)
		}
	}
	return urls
}

// truthFinding is one item of the findings list as the page shows it.
type truthFinding struct {
	Line, Text string
}

// truthPage is what the page shows about the file and its URLs.
type truthPage struct {
	Message, Summary, Counts, Coverage, ScopeSummary string
	NothingToReport                                  bool
	Listed                                           int
	Findings                                         []truthFinding
}

var truthPageJS = `(() => {
	const text = s => { const e = document.querySelector(s); return e ? e.textContent.trim() : ""; };
	const items = Array.from(document.querySelectorAll("#diagnostics ul.findings > li"));
	return {
		Message: text("#share-message"), Summary: text("#summary"), Counts: text("#diag-counts"),
		Coverage: text("#diag-coverage"), ScopeSummary: text("#scope-summary"),
		NothingToReport: text("#diagnostics").includes("Nothing to report"),
		Listed: items.length,
		Findings: items.slice(0, ` + strconv.Itoa(truthFindingsCompared) + `).map(li => {
			const b = li.querySelector("button.diag");
			return {Line: b ? (b.dataset.line ?? "") : "", Text: li.textContent.trim()};
		}),
	};
})()`

// truthWant is what the engine says about the bytes Googlebot reads of a
// file, as the page words it.
type truthWant struct {
	rows     []truthRow
	summary  string
	counts   string
	findings []truthFinding
	all      int // findings in all
	cut      engine.Cut
}

type truthRow struct {
	verdict, line, rule, testedAs string
}

// engineTruth asks the engine about body for the crawler, and each URL as a
// browser sends it (engine.EncodeURL; as typed when it cannot be read).
func engineTruth(body []byte, crawler catalogue.Crawler, urls []string) truthWant {
	cut := engine.FetchLimit(body)
	r := engine.Parse(cut.Body)
	var w truthWant
	w.cut = cut
	allowed := 0
	for _, u := range urls {
		sent := u
		if enc := engine.EncodeURL(u); enc.Err == "" {
			sent = enc.URL
		}
		res := r.TestCrawler(crawler, sent)
		row := truthRow{verdict: "blocked", line: strconv.Itoa(res.Line), rule: r.RuleText(res.Line), testedAs: res.Path}
		if res.Allowed {
			row.verdict = "allowed"
			allowed++
		}
		w.rows = append(w.rows, row)
	}
	noun := " URLs: "
	if len(urls) == 1 {
		noun = " URL: "
	}
	w.summary = strconv.Itoa(len(urls)) + noun + strconv.Itoa(allowed) + " allowed, " + strconv.Itoa(len(urls)-allowed) + " blocked"
	d := engine.LintCut(cut, r)
	e, wn, n := d.Counts()
	w.counts = truthCount(e, "error") + ", " + truthCount(wn, "warning") + ", " + truthCount(n, "note")
	w.all = len(d)
	// The page lists the cut first, then the rest in the engine's order.
	if i := slices.IndexFunc(d, func(x engine.Diagnostic) bool { return x.Code == "file-too-large" }); i > 0 {
		d = slices.Concat(d[i:i+1], d[:i], d[i+1:])
	}
	for i, x := range d {
		if i == truthFindingsCompared {
			break
		}
		f := truthFinding{Text: truthNoun(x.Severity) + ": " + shownSentence(x.String())}
		if x.Line > 0 {
			f.Line = strconv.Itoa(x.Line)
		}
		w.findings = append(w.findings, f)
	}
	return w
}

// truthNoun is how the findings list labels a severity: an info finding
// is a "note", as the counts call it.
func truthNoun(s engine.Severity) string {
	if s == engine.SeverityInfo {
		return "note"
	}
	return s.String()
}

func truthCount(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// shownSentence is an engine sentence as the page's text shows it: its
// `quoted` values are set in <code> without the backticks (when they
// pair up), and bytes that are not UTF-8 read as U+FFFD.
func shownSentence(s string) string {
	if strings.Count(s, "`")%2 == 0 {
		s = strings.ReplaceAll(s, "`", "")
	}
	return sameReplacement(strings.ToValidUTF8(s, "\uFFFD"))
}

var replacementRun = regexp.MustCompile("\uFFFD+")

// sameReplacement collapses runs of U+FFFD, which Go and the browser's
// decoder may count differently for one run of bad bytes.
func sameReplacement(s string) string { return replacementRun.ReplaceAllString(s, "\uFFFD") }

// differences lists where the page and the engine disagree, "" when they
// agree.
func (w truthWant) differences(rows []resultRow, p truthPage) []string {
	var out []string
	if len(rows) != len(w.rows) {
		return []string{fmt.Sprintf("%d rows, want %d", len(rows), len(w.rows))}
	}
	for i, r := range rows {
		want := w.rows[i]
		line := want.line
		if line == "0" {
			line = ""
		}
		rule := want.rule
		if want.line == "0" {
			rule = ""
		}
		got := truthRow{verdict: r.Verdict, line: r.LineText, rule: sameReplacement(r.Rule), testedAs: sameReplacement(r.TestedAs)}
		exp := truthRow{verdict: want.verdict, line: line, rule: sameReplacement(strings.TrimSpace(strings.ToValidUTF8(rule, "\uFFFD"))),
			testedAs: sameReplacement(strings.TrimSpace(strings.ToValidUTF8(want.testedAs, "\uFFFD")))}
		if got != exp || r.Line != want.line || r.Scope != "" {
			out = append(out, fmt.Sprintf("row %d %s: page %+v data-line %q data-scope %q; engine %+v line %s", i, r.URL, got, r.Line, r.Scope, exp, want.line))
		}
		if len(out) > 5 {
			return out
		}
	}
	if p.Summary != w.summary {
		out = append(out, fmt.Sprintf("#summary %q, want %q", p.Summary, w.summary))
	}
	if p.ScopeSummary != "" {
		out = append(out, fmt.Sprintf("#scope-summary %q with no Served at typed", p.ScopeSummary))
	}
	if p.Counts != w.counts {
		out = append(out, fmt.Sprintf("#diag-counts %q, want %q", p.Counts, w.counts))
	}
	if p.Listed != min(w.all, 300) {
		out = append(out, fmt.Sprintf("%d findings listed, want %d", p.Listed, min(w.all, 300)))
	}
	if p.NothingToReport != (w.all == 0) {
		out = append(out, fmt.Sprintf("\"Nothing to report\" shown: %v, with %d findings", p.NothingToReport, w.all))
	}
	if (p.Coverage != "") != w.cut.Truncated {
		out = append(out, fmt.Sprintf("#diag-coverage %q for a file cut: %v", p.Coverage, w.cut.Truncated))
	}
	for i, f := range w.findings {
		if i >= len(p.Findings) {
			break
		}
		got := p.Findings[i]
		if got.Line != f.Line || !strings.HasSuffix(sameReplacement(got.Text), f.Text) {
			out = append(out, fmt.Sprintf("finding %d: page (line %q) %.300q, engine (line %q) %.300q", i, got.Line, got.Text, f.Line, f.Text))
		}
	}
	return out
}

// waitTruth polls the page until it shows what want says, and fails the
// test with the differences left when it does not in time.
func (a *app) waitTruth(what string, want truthWant) {
	a.t.Helper()
	deadline := time.Now().Add(settleTimeout)
	var last []string
	for {
		v, err := chromedp.Run(a.ctx, chromedp.Evaluate[struct {
			Rows []resultRow
			Page truthPage
		}](`({Rows: `+rowsJS+`, Page: `+truthPageJS+`})`))
		if err != nil {
			last = []string{err.Error()}
		} else if last = want.differences(v.Rows, v.Page); len(last) == 0 {
			return
		}
		if time.Now().After(deadline) || a.ctx.Err() != nil {
			break
		}
		time.Sleep(25 * time.Millisecond)
	}
	a.t.Errorf("%s: after %v the page still differs from the engine:\n%s", what, settleTimeout, strings.Join(last, "\n"))
}

// clickCutFinding clicks the file-too-large finding and waits for the
// editor's caret on the cut line, or, when the file is too long for the
// textarea (wasm/editorview.go), for the viewer focused with it in view.
func (a *app) clickCutFinding(line int) {
	a.t.Helper()
	sel := fmt.Sprintf(`#diagnostics button.diag[data-line="%d"]`, line)
	a.openFindings()
	if err := chromedp.Do(a.ctx, chromedp.Click(chromedp.CSS(sel))); err != nil {
		a.t.Fatalf("clicking the cut's finding %s: %v\n%s", sel, err, a.describe())
	}
	waitFor(a, fmt.Sprintf("the editor caret on line %d after clicking the cut's finding", line), `(line => {
		const t = document.querySelector("textarea#robots");
		if (t) return t.value.slice(0, t.selectionStart).split("\n").length;
		const v = document.querySelector("div#robots"), y = 8 + (line - 1) * 20;
		return document.activeElement === v && y >= v.scrollTop && y + 20 <= v.scrollTop + v.clientHeight ? line : -1;
	})(`+strconv.Itoa(line)+`)`, func(n int) bool { return n == line })
}

// openRobotsFile opens path with the page's "Open robots.txt…" input and
// waits for the page to say it did.
func (a *app) openRobotsFile(path string) {
	a.t.Helper()
	if err := chromedp.Do(a.ctx, chromedp.SetUploadFiles(chromedp.CSS("input#open-file"), []string{path})); err != nil {
		a.t.Fatalf("opening %s: %v\n%s", path, err, a.describe())
	}
	want := "Opened " + filepath.Base(path) + "."
	waitFor(a, "#share-message to say "+want, `(document.querySelector("#share-message") || {textContent: ""}).textContent.trim()`,
		func(s string) bool { return s == want })
}

// TestBrowserPageTruth loads 40 corpus files (the 20 largest and 20 drawn
// with a fixed seed) with their URL lists and checks the page against the
// engine: every row's verdict, line, rule and tested path, the summary, the
// findings counts (the cut's file-too-large among them), "Nothing to
// report" only when true, and the first findings listed.
func TestBrowserPageTruth(t *testing.T) {
	realDir := sharedPath(t, "corpus", "real")
	urlDir := sharedPath(t, "corpus", "urls")
	ctx := newBrowser(t)
	a := openApp(t, ctx, serveSite(t))
	name := a.crawler("Googlebot")
	crawler, ok := catalogue.FindCrawler(name)
	if !ok {
		t.Fatalf("the page's crawler %q is not in the engine's catalogue", name)
	}
	a.setText("input#robots-url", "")
	for _, file := range truthFiles(t, realDir) {
		t.Run(file, func(t *testing.T) {
			a.t = t
			path, err := filepath.Abs(filepath.Join(realDir, file))
			if err != nil {
				t.Fatal(err)
			}
			body, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			cut := engine.FetchLimit(body)
			urls := truthURLs(t, urlDir, file, engine.Parse(cut.Body))
			want := engineTruth(body, crawler, urls)
			a.setText("textarea#urls", strings.Join(urls, "\n"))
			a.openRobotsFile(path)
			a.waitTruth(file, want)
			if want.cut.Truncated {
				a.clickCutFinding(want.cut.Line)
			}
			if file == "0001.txt" {
				js[bool](a, `(() => { document.querySelector("#diagnostics").scrollIntoView({block: "start"}); return true; })()`)
				screenshot(t, ctx, "truth-0001-findings")
			}
		})
	}
}

// wikipediaURLs are pages of en.wikipedia.org, tested against Wikipedia's
// robots.txt (corpus 0066.txt, from en.wikipedia.org; see MANIFEST.tsv).
var wikipediaURLs = []string{
	"https://en.wikipedia.org/wiki/Main_Page",
	"https://en.wikipedia.org/wiki/Special:Search",
	"https://en.wikipedia.org/w/index.php?title=Robots.txt&action=edit",
	"https://en.wikipedia.org/wiki/Special:Random",
	"https://en.wikipedia.org/api/rest_v1/page/summary/Robots.txt",
	"https://en.wikipedia.org/wiki/Robots_exclusion_standard",
}

// TestBrowserNoExampleLeftovers replaces the first-run example with
// Wikipedia's robots.txt and Wikipedia URLs, as a new user would: nothing
// of the example's www.example.com is left ("Served at" is empty and
// follows the URLs, no row is flagged), and the page still agrees with the
// engine. Typing another site in "Served at" then flags each row with a
// compact marker and says it once for the list, in full in the why panel.
func TestBrowserNoExampleLeftovers(t *testing.T) {
	path, err := filepath.Abs(filepath.Join(sharedPath(t, "corpus", "real"), "0066.txt"))
	if err != nil {
		t.Fatal(err)
	}
	body, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx := newBrowser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 1400)); err != nil {
		t.Fatal(err)
	}
	a := openApp(t, ctx, serveSite(t))
	note := func() string {
		return js[string](a, `(document.querySelector("#robots-url-note") || {textContent: ""}).textContent.trim()`)
	}
	if got := note(); !strings.Contains(got, "https://www.example.com/robots.txt") {
		t.Errorf("the example's Served at note %q does not say it follows www.example.com", got)
	}
	crawler, ok := catalogue.FindCrawler(js[string](a, `document.querySelector("select#crawler").value`))
	if !ok {
		t.Fatal("the example's crawler is not in the engine's catalogue")
	}
	a.setText("textarea#urls", strings.Join(wikipediaURLs, "\n"))
	a.openRobotsFile(path)
	a.waitTruth("Wikipedia's robots.txt", engineTruth(body, crawler, wikipediaURLs))

	if v := js[string](a, `document.querySelector("input#robots-url").value`); v != "" {
		t.Errorf("Served at holds %q after the example was replaced, want it empty", v)
	}
	if got := note(); !strings.Contains(got, "follows the URLs") || !strings.Contains(got, "https://en.wikipedia.org/robots.txt") {
		t.Errorf("the note under Served at %q does not say it follows en.wikipedia.org", got)
	}
	a.selectRow(0)
	waitFor(a, "the why panel for row 0", decidedJS, func(d decided) bool { return d.Winner != "" })
	left := js[string](a, `["#results-section", "#why", "#robots-url-note", "#diagnostics"].map(s => document.querySelector(s).textContent).join(" ")`)
	if strings.Contains(left, "example.com") {
		t.Errorf("the page still speaks of example.com after Wikipedia replaced the example: %.600q", left)
	}
	js[bool](a, `(() => { document.querySelector("#robots-url").scrollIntoView({block: "start"}); window.scrollBy(0, -80); return true; })()`)
	screenshot(t, ctx, "truth-wikipedia")

	a.setText("input#robots-url", "https://www.example.com/robots.txt")
	rows := a.waitRows("every Wikipedia row flagged as on another host", func(rows []resultRow) bool {
		for _, r := range rows {
			if r.Scope != "out" {
				return false
			}
		}
		return len(rows) == len(wikipediaURLs)
	})
	for _, r := range rows {
		if r.ScopeText != "Other host" {
			t.Errorf("%s: td.scope %q, want the compact marker \"Other host\"", r.URL, r.ScopeText)
		}
	}
	want := strconv.Itoa(len(wikipediaURLs)) + " URLs are on other hosts: tested against this file anyway; each host has its own robots.txt."
	if got := js[string](a, `(document.querySelector("#scope-summary") || {textContent: ""}).textContent.trim()`); got != want {
		t.Errorf("#scope-summary %q, want %q", got, want)
	}
	a.selectRow(1)
	why := waitFor(a, "the why panel's scope sentence", `(document.querySelector("#why .scope-note") || {textContent: ""}).textContent.trim()`,
		func(s string) bool { return s != "" })
	if !strings.Contains(why, "is on the host en.wikipedia.org, not www.example.com") {
		t.Errorf("#why .scope-note %q, want the engine's full sentence", why)
	}
	screenshot(t, ctx, "truth-scope-summary")
}
