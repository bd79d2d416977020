//go:build !js

package browsertest

// Browser test of issue 12: the Other readers view (every reader's verdict
// per URL, disagreements first, each with its reason), the portability
// findings in the lint panel, and which reader a picked crawler runs. It
// uses the harness of browser_test.go.

import (
	"robotstester/engine/readers"
	"strings"
	"testing"
)

// readerRow is one row of the readers table as the page shows it.
type readerRow struct {
	URL      string   `json:"url"`
	Agree    bool     `json:"agree"`
	Verdicts []string `json:"verdicts"` // per reader: "allowed", "blocked" or "failed"
	Why      []string `json:"why"`      // the disagreement sentences under the row
}

const readersJS = `[...document.querySelectorAll("#readers-table tr.reader-row")].map(tr => ({
	url: tr.querySelector("th").textContent,
	agree: tr.dataset.agree === "true",
	verdicts: [...tr.querySelectorAll("td[data-verdict]")].map(td => td.dataset.verdict),
	why: [...tr.querySelectorAll("td.reasons li")].map(li => li.textContent),
}))`

func TestBrowserReaders(t *testing.T) {
	ctx := newBrowser(t)
	a := openApp(t, ctx, serveSite(t))
	robots := strings.Join([]string{
		"User-agent: *",
		"Disallow: /private",
		"Allow: /private/open",
		"Disallow: /*.pdf$",
		"Dissallow: /tmp",
		"Disallow /drafts",
		"Clean-param: ref /articles/",
	}, "\n") + "\n"
	urls := []string{"https://example.com/", "https://example.com/about", "https://example.com/docs/a.pdf",
		"https://example.com/private/open/x", "https://example.com/tmp/a", "https://example.com/drafts/b"}
	a.load(robots, urls...)
	js[bool](a, `(document.querySelector("#tab-readers").click(), true)`)

	rows := waitFor(a, "the readers table to show every URL", readersJS, func(rows []readerRow) bool { return len(rows) == len(urls) })
	// Disagreements first, and each says why.
	seenAgree := false
	disagree := map[string]readerRow{}
	for _, r := range rows {
		if len(r.Verdicts) != len(readers.Readers()) {
			t.Fatalf("row %q has %d verdicts, want one per reader (%d)", r.URL, len(r.Verdicts), len(readers.Readers()))
		}
		if r.Agree {
			seenAgree = true
			if len(r.Why) != 0 {
				t.Errorf("row %q agrees but lists reasons %q", r.URL, r.Why)
			}
			continue
		}
		if seenAgree {
			t.Errorf("row %q disagrees but comes after a row where every reader agrees", r.URL)
		}
		if len(r.Why) == 0 {
			t.Errorf("row %q disagrees without a reason", r.URL)
		}
		disagree[r.URL] = r
	}
	pdf, ok := disagree["https://example.com/docs/a.pdf"]
	if !ok {
		t.Fatalf("the PDF, blocked only by a wildcard rule, is not among the disagreements: %+v", rows)
	}
	if pdf.Verdicts[0] != "blocked" || pdf.Verdicts[2] != "allowed" {
		t.Errorf("the PDF: Google %s, Python %s; want Google blocked, Python allowed", pdf.Verdicts[0], pdf.Verdicts[2])
	}
	if !strings.Contains(strings.Join(pdf.Why, " "), "Python's reader has no wildcards: line 4 /*.pdf$ is matched as a literal path") {
		t.Errorf("the PDF's reasons %q do not say Python reads the wildcard literally", pdf.Why)
	}
	for _, u := range []string{"https://example.com/private/open/x", "https://example.com/tmp/a", "https://example.com/drafts/b"} {
		if _, ok := disagree[u]; !ok {
			t.Errorf("%s (first-match order, a typo, a missing colon) is not among the disagreements", u)
		}
	}
	if _, ok := disagree["https://example.com/about"]; ok {
		t.Errorf("/about is listed as a disagreement")
	}

	// The portability findings in the lint panel name the readers.
	findings := waitFor(a, "portability findings in the lint panel",
		`[...document.querySelectorAll("#diagnostics .diag")].map(d => d.textContent)`,
		func(f []string) bool { return strings.Contains(strings.Join(f, "\n"), "read differently by") })
	all := strings.Join(findings, "\n")
	for _, want := range []string{
		"Disallow: /*.pdf$ is read differently by Python urllib.robotparser",
		"Allow: /private/open is read differently by Python urllib.robotparser",
		"Dissallow: /tmp is read differently by robots-parser (npm)",
		"Clean-param is read only by Yandex",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("no finding saying %q among:\n%s", want, all)
		}
	}

	js[bool](a, `(document.querySelector("#diagnostics").scrollIntoView(), true)`)
	screenshot(t, ctx, "readers-findings")

	// A picked crawler says which reader it runs.
	a.crawler("Bingbot")
	note := waitFor(a, "the picked crawler's reader", `(document.querySelector("#crawler-reader") || {}).textContent || ""`,
		func(s string) bool { return s != "" })
	if !strings.Contains(note, "Bingbot runs the Bing reader") {
		t.Errorf("crawler note %q, want it to say Bingbot runs the Bing reader", note)
	}
	a.crawler("")

	js[bool](a, `(document.querySelector("#readers-section").scrollIntoView(), true)`)
	screenshot(t, ctx, "readers")
}
