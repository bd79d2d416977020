//go:build !js

package browsertest

import (
	"fmt"
	"strings"
	"testing"

	"robotstester/engine/catalogue"
)

// matrixBenchRobots is a file with a "*" group whose line 2 flips every
// URL, and a dozen AI crawlers' groups, as sites write them now.
func matrixBenchRobots(rule string) string {
	var b strings.Builder
	b.WriteString("User-agent: *\n" + rule + ": /\nDisallow: /admin/\nDisallow: /*?session=\n\n")
	for _, tok := range []string{"GPTBot", "ClaudeBot", "CCBot", "Bytespider", "PerplexityBot", "Google-Extended", "Applebot-Extended", "meta-externalagent", "Amazonbot", "cohere-ai", "OAI-SearchBot", "ChatGPT-User"} {
		fmt.Fprintf(&b, "User-agent: %s\nDisallow: /\nAllow: /blog/\n\n", tok)
	}
	b.WriteString("User-agent: bingbot\nDisallow: /search\n")
	return b.String()
}

// matrixRecomputeJS replaces the robots.txt and times, in the page, from
// the input event to the matrix's first cell showing the new verdict (DOM),
// and reads how long the engine's matrix took (#matrix-status
// data-recompute-ms).
const matrixRecomputeJS = `(text, verdict) => new Promise((resolve, reject) => {
	const area = document.querySelector("textarea#robots");
	const wrap = document.getElementById("matrix-wrap");
	const done = () => {
		const td = document.querySelector('table#matrix td[data-row="0"][data-col="0"]');
		return td && td.dataset.verdict === verdict;
	};
	let start = 0;
	const obs = new MutationObserver(() => { if (done()) finish(); });
	const timer = setTimeout(() => { obs.disconnect(); reject(new Error("the matrix did not become " + verdict + " within 10 s")); }, 10000);
	const finish = () => {
		const dom = performance.now() - start;
		obs.disconnect();
		clearTimeout(timer);
		resolve({DOM: dom, Engine: parseFloat(document.getElementById("matrix-status").dataset.recomputeMs)});
	};
	area.value = text;
	void area.offsetHeight;
	obs.observe(wrap, {subtree: true, childList: true, attributes: true, characterData: true});
	start = performance.now();
	area.dispatchEvent(new Event("input", {bubbles: true}));
	if (typeof window.__robotsTesterFlush === "function") window.__robotsTesterFlush();
	if (done()) finish();
})`

// BenchmarkBrowserMatrixRecompute edits the robots.txt under a matrix of
// 1,000 URLs × the catalogue's 65 crawlers (issue 11; target 100 ms) and
// reports the engine's matrix recompute in Chromium (engine-ms/op) and the
// time until the grid shows the new verdicts (ms/op; it also holds the
// results table's own recompute, which the matrix view hides but keeps).
func BenchmarkBrowserMatrixRecompute(b *testing.B) {
	blocking, allowing := matrixBenchRobots("Disallow"), matrixBenchRobots("Allow")
	urls := make([]string, 1000)
	for i := range urls {
		urls[i] = fmt.Sprintf("https://example.com/%s/%d?page=%d", []string{"blog", "shop", "search", "docs", "news"}[i%5], i, i%7)
	}
	var names []string
	for _, c := range catalogue.Crawlers()[:65] {
		names = append(names, c.Name)
	}
	ctx := newBrowser(b)
	a := openApp(b, ctx, serveSite(b))
	a.crawler("Googlebot")
	a.setText("textarea#robots", blocking)
	a.setText("textarea#urls", strings.Join(urls, "\n"))
	a.openTab("matrix")
	a.choose("#matrix-preset", "none", "")
	a.setText("#matrix-columns", strings.Join(names, ", "))
	waitFor(a, "65 columns", `document.querySelectorAll("table#matrix thead th[data-col]").length`, func(n int) bool { return n == 65 })
	if status := js[string](a, `document.getElementById("matrix-status").textContent`); !strings.HasPrefix(status, "1,000 URLs × 65 crawlers") && !strings.HasPrefix(status, "1000 URLs × 65 crawlers") {
		b.Fatalf("the matrix is not 1,000 × 65: %q", status)
	}
	type times struct{ DOM, Engine float64 }
	text, verdict := allowing, "allowed"
	flip := func() times {
		t := call[times](a, matrixRecomputeJS, text, verdict)
		if verdict == "allowed" {
			text, verdict = blocking, "blocked"
		} else {
			text, verdict = allowing, "allowed"
		}
		return t
	}
	for range 4 { // warm-up: Chromium compiles the wasm in tiers as it runs
		flip()
	}
	var dom, eng []float64
	for b.Loop() {
		t := flip()
		dom, eng = append(dom, t.DOM), append(eng, t.Engine)
	}
	b.ReportMetric(mean(eng), "engine-ms/op")
	b.ReportMetric(median(eng), "engine-median-ms")
	b.ReportMetric(mean(dom), "ms/op")
	b.ReportMetric(median(dom), "median-ms")
	screenshot(b, ctx, "bench-matrix-1000x65")
}
