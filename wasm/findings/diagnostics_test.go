//go:build js && wasm

package findings

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"robotstester/engine"
	"robotstester/wasm/model"
	"robotstester/wasm/store"
)

// A file over 500 KiB gets its cut among its findings, with the findings of
// the part Googlebot reads and none past the cut, and the findings say
// which lines they cover.
func TestFindingsOfAFileOverTheFetchLimit(t *testing.T) {
	in := model.ExampleState
	in.Robots = "User-agent: *\nDissallow: /early\n" + numbered("Disallow: /padding", 30000) + "Dissallow: /late\n"
	s := store.NewState(in)
	var codes []string
	for _, d := range s.Lint {
		codes = append(codes, strconv.Itoa(d.Line)+" "+d.Code)
		if d.Line > s.Cut.Line {
			t.Errorf("a finding past the cut (line %d): %s", s.Cut.Line, d)
		}
	}
	// The cut line, read only in part, may repeat an earlier rule: that
	// finding is true of what Googlebot reads.
	cut := strconv.Itoa(s.Cut.Line) + " file-too-large"
	if len(codes) < 2 || codes[0] != "2 typo" || !slices.Contains(codes, cut) {
		t.Errorf("findings %.300q, want the typo on line 2 and %q", codes, cut)
	}
	got := coverage(s.LintedCut)
	for _, part := range []string{"lines 1–" + strconv.Itoa(s.Cut.Line), "lines " + strconv.Itoa(s.Cut.FirstDroppedLine) + "–" + strconv.Itoa(s.Cut.LastLine), "left out"} {
		if !strings.Contains(got, part) {
			t.Errorf("coverage %q does not say %q", got, part)
		}
	}
	if small := store.NewState(model.ExampleState); coverage(small.LintedCut) != "" {
		t.Errorf("the example has a coverage note: %q", coverage(small.LintedCut))
	}
}

func TestCoverageNamesTheLinesGooglebotReads(t *testing.T) {
	s := store.NewState(model.Saved{Robots: strings.Repeat("#", 600*1024) + "\nUser-agent: *"})
	if got, want := coverage(s.LintedCut), "These findings cover line 1 (line 1 only up to column 512000), the first 500 KiB, which is all Googlebot reads; line 2, past the cut, is left out: Googlebot ignores it."; got != want {
		t.Errorf("coverage %q, want %q", got, want)
	}
}

// numbered is n lines, each line followed by its number.
func numbered(line string, n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString(line + strconv.Itoa(i) + "\n")
	}
	return b.String()
}

// The cut is listed first, even in a file whose findings before it are
// more than the list shows.
func TestTheCutIsListedFirst(t *testing.T) {
	in := model.ExampleState
	in.Robots = "User-agent: *\n" + strings.Repeat("Crawl-delay: 1\n", maxListed+10) + numbered("Disallow: /padding", 30000)
	s := store.NewState(in)
	got := listed(s.Lint)
	if len(got) != len(s.Lint) || got[0].Code != "file-too-large" || got[0].Line != s.Cut.Line {
		t.Fatalf("first listed %v of %d, want the cut at line %d", got[0], len(got), s.Cut.Line)
	}
	if got[1] != s.Lint[0] || got[len(got)-1] != s.Lint[len(s.Lint)-2] {
		t.Errorf("the other findings are not in the engine's order")
	}
}

// After an edit the verdicts come first; the findings, Google's and the
// other readers', follow in later tasks, for the newest parse only.
func TestFindingsFollowAnEditInLaterTasks(t *testing.T) {
	saved := store.Page
	t.Cleanup(func() { store.Page = saved })
	in := model.ExampleState
	in.Robots = "User-agent: *\nDisallow: /*.pdf$\n"
	store.Page = store.NewState(in)
	if !strings.Contains(store.Page.Others.String(), "line 2") {
		t.Fatalf("the other readers' findings of the first file lack line 2:\n%s", store.Page.Others)
	}
	store.Page.EditRobots("User-agent: *\nDisallow: /a\nDisallow: /*.zip$\n")
	store.Page.Flush()
	store.Page.EditRobots("User-agent: *\nDisallow: /b\nDisallow: /c\nDisallow: /*.gz$\n")
	store.Page.Flush()
	if store.Page.Linted == store.Page.Robots {
		t.Fatal("the edit's findings were made in its own task, before its results showed")
	}
	// Sleeping lets the JavaScript event loop run the later tasks; the
	// minute only stops a hang, never a slow machine.
	for start := time.Now(); store.Page.Linted != store.Page.Robots; time.Sleep(10 * time.Millisecond) {
		if time.Since(start) > time.Minute {
			t.Fatal("the findings of the last edit never came (a minute passed: a hang)")
		}
	}
	if got := store.Page.Others.String(); !strings.Contains(got, "line 4") || strings.Contains(got, "line 3") {
		t.Errorf("the other readers' findings are not the last edit's (line 4 only):\n%s", got)
	}
}

// A new lint keeps the findings and sitemaps shown that read as they did,
// at the same places, and writes at most a batch of the others in each
// list at once.
func TestFindingListsKeepWhatReadsTheSame(t *testing.T) {
	saved := store.Page
	t.Cleanup(func() { store.Page = saved })
	// Sitemaps from and up to to, no two alike.
	sitemaps := func(from, to int) string {
		var b strings.Builder
		for i := from; i < to; i++ {
			b.WriteString("Sitemap: https://example.com/s" + strconv.Itoa(i) + ".xml\n")
		}
		return b.String()
	}
	store.Page = store.NewState(model.ExampleState)
	// lint lints robots, and gives its lists as a page that has grown them
	// to 200 items would show them.
	var lint, maps itemList
	lintOf := func(robots string) (lintItems, mapItems []string) {
		store.Page.EditRobots(robots)
		store.Page.Flush()
		store.Page.LintNow()
		return findingItems(listed(store.Page.Lint)), sitemapItems(store.Page.Linted.Sitemaps)
	}
	plain := "User-agent: *\nDisallow: /b\n"
	for _, c := range []struct {
		was, is      string
		lintN, mapsN int
	}{
		{plain + sitemaps(0, 200), plain + sitemaps(0, 200) + "# the same items\n", 200, 200},
		{plain + sitemaps(0, 200), plain + sitemaps(0, 100), 200, 200},
		{plain + sitemaps(0, 100), "User-agent: *\nDissallow: /b\n" + sitemaps(0, 100), findingsBatch, 200},
		{plain + sitemaps(0, 200), "# a line above them all\n" + plain + sitemaps(0, 200), 200, findingsBatch},
		{plain + sitemaps(0, 200), plain + sitemaps(0, 120) + "Sitemap: https://example.com/other.xml\n" + sitemaps(121, 200), 200, 120 + findingsBatch},
		{plain + sitemaps(0, 100), plain + sitemaps(0, 200), 200, 100 + findingsBatch},
	} {
		wasLint, wasMaps := lintOf(c.was)
		lint.shown, lint.n = wasLint[:min(200, len(wasLint))], 200
		maps.shown, maps.n = wasMaps[:min(200, len(wasMaps))], 200
		isLint, isMaps := lintOf(c.is)
		lint.kept(isLint)
		maps.kept(isMaps)
		if lint.n != c.lintN || maps.n != c.mapsN {
			t.Errorf("after %.50q…: %d findings and %d sitemaps listed, want %d and %d", c.is, lint.n, maps.n, c.lintN, c.mapsN)
		}
	}
	if got := sitemapItems(store.Page.Linted.Sitemaps)[0]; got != `<li><code>https://example.com/s0.xml</code> (line 3)</li>` {
		t.Errorf("the first sitemap item is %s", got)
	}
}

// A finding's item is what the page showed before it was written as HTML:
// a button for a line, escaped, with the sentence's quoted values as code.
func TestFindingItems(t *testing.T) {
	got := findingItems(engine.Diagnostics{
		{Line: 5, Severity: engine.SeverityWarning, Code: "x", Message: "the value `<a&b>` is odd"},
		{Line: 0, Severity: engine.SeverityError, Code: "y", Message: "no `closing"},
	})
	want := []string{
		`<li><button type="button" class="diag" data-line="5" data-severity="warning" tabindex="0"><span class="severity warning"><span aria-hidden="true">⚠ </span>warning: </span>line 5: the value <code>&lt;a&amp;b&gt;</code> is odd</button></li>`,
		`<li><span class="diag whole-file"><span class="severity error"><span aria-hidden="true">⛔ </span>error: </span>no ` + "`" + `closing</span></li>`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("findingItems:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestAlikeShown(t *testing.T) {
	for _, c := range []struct {
		was, is []int
		n, want int
	}{
		{nil, nil, 0, 0},
		{[]int{1, 2, 3}, []int{1, 2, 3}, 2, 2},
		{[]int{1, 2, 3}, []int{1, 2, 4}, 2, 2}, // the third is not shown
		{[]int{1, 2, 3}, []int{1, 2, 4}, 3, 2},
		{[]int{1, 2}, []int{1, 2, 3}, 5, 2}, // a third item is new
		{[]int{1, 2, 3}, []int{1, 2}, 5, 5}, // only one goes
		{[]int{1}, []int{1}, 40, 40},
		{[]int{9, 2}, []int{1, 2}, 40, 0},
	} {
		if got := alikeShown(c.was, c.is, c.n); got != c.want {
			t.Errorf("alikeShown(%v, %v, %d) = %d, want %d", c.was, c.is, c.n, got, c.want)
		}
	}
}

// Every finding shown is counted in the words its label uses: Google's in
// #diag-counts, the other readers' apart (issue 22: "0 errors, 0 warnings,
// 1 note" above twenty warnings of other readers, labelled "info").
func TestEveryFindingShownIsCounted(t *testing.T) {
	others := engine.Diagnostics{
		{Line: 2, Severity: engine.SeverityWarning, Code: "readers-a", Message: "a"},
		{Line: 3, Severity: engine.SeverityWarning, Code: "readers-b", Message: "b"},
		{Line: 4, Severity: engine.SeverityInfo, Code: "readers-c", Message: "c"},
	}
	if got := othersCount(others); got != "2 warnings, 1 note" {
		t.Errorf("othersCount = %q, want 2 warnings, 1 note", got)
	}
	if got := othersCount(nil); got != "" {
		t.Errorf("othersCount(none) = %q, want nothing", got)
	}
	item := findingItems(others)[2]
	if !strings.Contains(item, `data-severity="info" tabindex="-1"`) || !strings.Contains(item, "</span>note: </span>") {
		t.Errorf("an info finding reads %s; want it labelled a note, as the counts call it", item)
	}
}
