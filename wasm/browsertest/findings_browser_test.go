//go:build !js

package browsertest

import (
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// A file's findings and sitemaps are listed a batch a task; an edit that
// leaves them reading as they did keeps every item in the DOM as it is (the
// same elements, none written again), and one that moves their line
// numbers has them written again, a batch a task, with the new numbers.
func TestBrowserFindingsStayAcrossEdits(t *testing.T) {
	ctx := newBrowser(t)
	a := openApp(t, ctx, serveSite(t))
	var maps strings.Builder
	const n = 150
	for i := range n {
		maps.WriteString("Sitemap: https://example.com/s" + strconv.Itoa(i) + ".xml\n")
	}
	file := func(top, rule string) string {
		return top + "User-agent: *\n" + rule + "\n" + maps.String()
	}
	items := `Array.from(document.querySelectorAll("#sitemaps li")).map(li => li.textContent.trim())`
	listed := func(what string, firstLine int) {
		t.Helper()
		waitFor(a, what, items, func(got []string) bool {
			return len(got) == n && strings.HasSuffix(got[0], "(line "+strconv.Itoa(firstLine)+")") &&
				strings.HasSuffix(got[n-1], "(line "+strconv.Itoa(firstLine+n-1)+")")
		})
	}
	a.setText("textarea#robots", file("", "Disallow: /a"))
	listed("all 150 sitemaps listed, from line 3", 3)
	mark := `(() => { document.querySelectorAll("#sitemaps li").forEach(li => li.dataset.kept = "yes"); return true; })()`
	kept := `document.querySelectorAll('#sitemaps li[data-kept="yes"]').length`
	js[bool](a, mark)

	// A typo on line 2 adds a finding; the sitemaps read as they did.
	a.setText("textarea#robots", file("", "Dissallow: /a"))
	waitFor(a, "the typo's finding", `Array.from(document.querySelectorAll("#diagnostics button.diag")).map(b => b.dataset.line)`,
		func(lines []string) bool { return len(lines) > 0 && lines[0] == "2" })
	listed("the 150 sitemaps after the typo", 3)
	if got := js[int](a, kept); got != n {
		t.Errorf("after an edit that left the sitemaps as they were, %d of %d items are the elements listed before", got, n)
	}

	// A line above them all moves every line number.
	a.setText("textarea#robots", file("# moved down a line\n", "Dissallow: /a"))
	listed("the 150 sitemaps from line 4", 4)
	if got := js[int](a, kept); got == n {
		t.Errorf("every sitemap moved a line, yet all %d items are as they were", n)
	}
	screenshot(t, ctx, "findings-kept")
}

// A robots.txt of workerLintBytes or more is linted in a worker, one under
// it on the page, and a page without workers lints every file itself: the
// findings, Google's and the other readers', read the same either way.
func TestBrowserLongFileLintedInAWorker(t *testing.T) {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for i := 0; b.Len() < 100<<10; i++ {
		switch i % 5 {
		case 0:
			b.WriteString("Dissallow: /typo/" + strconv.Itoa(i) + "\n")
		case 1:
			b.WriteString("Disallow: /*.pdf$\n")
		case 2:
			b.WriteString("Sitemap: https://example.com/s" + strconv.Itoa(i) + ".xml\n")
		default:
			b.WriteString("Disallow: /p" + strconv.Itoa(i) + "/\n")
		}
	}
	long := b.String()
	short := long[:2000]
	type lists struct {
		By, Counts                 string
		Findings, Others, Sitemaps []string
	}
	read := `(() => {
		const items = sel => Array.from(document.querySelectorAll(sel + " > li")).map(li => li.textContent.trim());
		return {By: document.querySelector("#diagnostics").dataset.lintedBy, Counts: document.querySelector("#diag-counts").textContent,
			Findings: items("#findings"), Others: items("#findings-other"), Sitemaps: items("#sitemaps")};
	})()`
	lint := func(a *app, text string) lists {
		t.Helper()
		a.setText("textarea#robots", text)
		// The lint done, and its lists grown in full.
		var last lists
		waitFor(a, "the findings of the file", read, func(l lists) bool {
			total := 0
			for _, n := range regexp.MustCompile(`\d+`).FindAllString(l.Counts, -1) {
				k, _ := strconv.Atoi(n)
				total += k
			}
			done := l.By != "" && len(l.Sitemaps) == strings.Count(text, "Sitemap:") && len(l.Sitemaps) > 0 &&
				total > 0 && len(l.Findings) == min(maxListedFindings, total) && reflect.DeepEqual(l, last)
			last = l
			return done
		})
		return last
	}
	withWorkers, _ := openScalePage(t, "")
	without, _ := openScalePage(t, "delete window.Worker;")
	var longCounts string
	for _, c := range []struct {
		text, by string
	}{{long, "worker"}, {short, "page"}} {
		got, want := lint(withWorkers, c.text), lint(without, c.text)
		if c.text == long {
			longCounts = got.Counts
		}
		if got.By != c.by || want.By != "page" {
			t.Errorf("%d bytes linted by %q with workers, %q without; want %q and page", len(c.text), got.By, want.By, c.by)
		}
		got.By, want.By = "", ""
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%d bytes: the findings differ with workers and without:\n%+v\n%+v", len(c.text), got, want)
		}
		if len(got.Others) == 0 {
			t.Errorf("%d bytes: no other readers' findings", len(c.text))
		}
	}
	// Edits in a row: the worker lints the newest (the older ones it has
	// not started are dropped), and the page shows its findings.
	last := long
	for i := range 6 {
		last = strings.Replace(long, "Disallow: /p3/", "Dissallow: /edit"+strconv.Itoa(i)+"/", 1)
		withWorkers.setText("textarea#robots", last)
	}
	got, want := lint(withWorkers, last), lint(without, last)
	got.By, want.By = "", ""
	if !reflect.DeepEqual(got, want) || got.Counts == longCounts {
		t.Errorf("after edits in a row the worker's findings are not the last edit's:\n%+v\n%+v", got, want)
	}
}

// maxListedFindings is wasm/diagnostics.go's maxListed.
const maxListedFindings = 300
