//go:build !js

package browsertest

// Browser benchmarks of the documentation widgets (issue 13, "Targets"),
// run by make bench (-bench Browser): a docs page on a second loopback
// origin with its examples below the fold, loaded with the HTTP cache off.
//
//	go test -run '^$' -bench BrowserEmbed -benchtime 10x ./wasm/browsertest

import (
	"context"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/heapprofiler"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// coldBrowser is a browser whose loads bypass the HTTP cache (and with it
// the compiled-wasm cache), as a first visit.
func coldBrowser(b *testing.B) context.Context {
	ctx := newBrowser(b)
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		if _, err := cdp.Call(ctx, t, network.Enable, network.EnableParams{}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, t, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true})
		return err
	}))
	if err != nil {
		b.Fatal(err)
	}
	return ctx
}

// firstReadyJS scrolls the first widget into view and resolves with the
// milliseconds until it shows its verdicts (the engine fetched, compiled,
// started, and the file parsed and tested).
const firstReadyJS = `new Promise((resolve, reject) => {
	const h = document.querySelector("robots-tester");
	if (h.getAttribute("data-state")) return reject(new Error("the widget started before it was scrolled to"));
	const t0 = performance.now();
	h.addEventListener("robots-tester:ready", () => resolve(performance.now() - t0), {once: true});
	setTimeout(() => reject(new Error("the first widget was not ready within 10 s")), 10000);
	h.scrollIntoView();
})`

// BenchmarkBrowserEmbed10Widgets loads a docs page with 10 examples and
// reports, per cold load: the engine downloads (target 1), the engine's
// transfer in bytes as the browser received it (Brotli target 600 KB;
// gzip until the server sends Brotli), and the milliseconds from the first
// widget scrolling into view to its verdicts (target 300 ms).
func BenchmarkBrowserEmbed10Widgets(b *testing.B) {
	ctx := coldBrowser(b)
	tester := serveEmbedSite(b)
	docs := serveDocs(b, tester, docsPage(tester.base, docsExamples(10), true, true))
	var ms, transfer float64
	before := tester.coreFetches.Load()
	for b.Loop() {
		a := openDocs(b, ctx, docs, 10)
		ms += js[float64](a, firstReadyJS)
		scrollThrough(a)
		waitFor(a, "every widget ready", `Array.from(document.querySelectorAll("robots-tester")).every(h => h.getAttribute("data-state") === "ready")`,
			func(ok bool) bool { return ok })
		transfer += js[float64](a, `performance.getEntriesByType("resource").filter(e => e.name.endsWith("/core.wasm")).reduce((s, e) => s + e.transferSize, 0)`)
	}
	n := float64(b.N)
	b.ReportMetric(float64(tester.coreFetches.Load()-before)/n, "engine-downloads/op")
	b.ReportMetric(transfer/n, "engine-transfer-B/op")
	b.ReportMetric(ms/n, "first-ready-ms/op")
}

// BenchmarkBrowserEmbedMemory reports the JS heap (after a forced garbage
// collection) plus the engine's WebAssembly memory with every widget
// started, for a page with 1 example and one with 10, and their ratio
// (target ≤ 1.5).
func BenchmarkBrowserEmbedMemory(b *testing.B) {
	// One browser and one pair of servers per page; every iteration loads
	// the page afresh.
	page := func(n int) func() float64 {
		ctx := coldBrowser(b)
		tester := serveEmbedSite(b)
		docs := serveDocs(b, tester, docsPage(tester.base, docsExamples(n), true, true))
		return func() float64 {
			a := openDocs(b, ctx, docs, n)
			scrollThrough(a)
			waitFor(a, "every widget ready", `Array.from(document.querySelectorAll("robots-tester")).every(h => h.getAttribute("data-state") === "ready")`,
				func(ok bool) bool { return ok })
			var heap float64
			err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
				if _, err := cdp.Call(ctx, t, heapprofiler.CollectGarbage, cdp.Empty{}); err != nil {
					return err
				}
				u, err := cdp.Call(ctx, t, runtime.GetHeapUsage, cdp.Empty{})
				heap = u.UsedSize
				return err
			}))
			if err != nil {
				b.Fatal(err)
			}
			return heap + js[float64](a, `robotsTesterEmbed.memory()`)
		}
	}
	measureOne, measureTen := page(1), page(10)
	var one, ten float64
	for b.Loop() {
		one += measureOne()
		ten += measureTen()
	}
	n := float64(b.N)
	b.ReportMetric(one/n/1e6, "MB-1-widget")
	b.ReportMetric(ten/n/1e6, "MB-10-widgets")
	b.ReportMetric(ten/one, "ratio-10-vs-1")
}
