//go:build !js

package browsertest

import (
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
)

// BenchmarkBrowserOpenByView opens, in turn, the first 500 KiB of the
// corpus's two largest files, as BenchmarkBrowserAIView does, with the
// Results view open and with the AI view open, and reports the longest
// main-thread task from the file's choice until 300 ms after the page
// says it opened it (open-longest-task-ms, and its mean over the opens;
// 0 when no task was long, as the Long Tasks API reports only tasks over
// 50 ms): what a view adds to the open of a long file. BENCH_TRACE saves a trace
// of each open (tasktrace_browser_test.go).
func BenchmarkBrowserOpenByView(b *testing.B) {
	for _, view := range []string{"results", "ai"} {
		b.Run(view, func(b *testing.B) {
			paths, _ := longCorpusFiles(b)
			a, ctx := openMeasured(b)
			if view == "ai" {
				a.openAI()
			}
			var openLongest []float64
			for i := 0; b.Loop(); i++ {
				a.longest()
				tr := startTrace(b, ctx)
				if err := chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.CSS("input#open-file"), []string{paths[i%2]})); err != nil {
					b.Fatal(err)
				}
				want := "Opened " + filepath.Base(paths[i%2]) + "."
				waitFor(a, want, `document.getElementById("share-message").textContent`, func(n string) bool { return n == want })
				openLongest = append(openLongest, a.longest())
				tr.end("open-" + view + "-" + strconv.Itoa(i))
			}
			b.ReportMetric(slices.Max(openLongest), "open-longest-task-ms")
			b.ReportMetric(mean(openLongest), "mean-open-longest-task-ms")
		})
	}
}
