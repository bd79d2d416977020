package main

import (
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
