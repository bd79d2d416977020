package main

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// BenchmarkBrowserAutosave pastes a large robots.txt (listed with 10 URLs)
// into the editor, which shows it in the read-only viewer, and waits for
// the draft, stored compressed by the browser's CompressionStream a second
// after the last change: it reports the milliseconds from the paste until
// the draft is stored (saved-after-ms, the second's wait included) and the
// longest main-thread task from the paste until then, its testing included
// (longest-task-ms, target 50).
//
//	go test -run '^$' -bench BrowserAutosave -benchtime 3x .
func BenchmarkBrowserAutosave(b *testing.B) {
	for _, size := range []struct {
		name  string
		bytes int
	}{{"500KiB", 500 << 10}, {"4MiB", 4 << 20}} {
		b.Run(size.name, func(b *testing.B) {
			blocking, _, urls := benchRobots(size.bytes, 10)
			a, ctx := openMeasured(b)
			a.setText("textarea#urls", strings.Join(urls, "\n"))
			var saved, longest []float64
			tr := startTrace(b, ctx)
			for i := 0; b.Loop(); i++ {
				a.longest()
				ms := call[float64](a, `(text) => new Promise((resolve, reject) => {
					const clear = document.querySelector("#clear-robots");
					if (clear) clear.click();
					const start = performance.now();
					const before = localStorage.getItem("robots-tester.draft");
					(`+pasteJS+`)("textarea#robots", text);
					const poll = () => {
						const d = localStorage.getItem("robots-tester.draft") || "";
						if (d.startsWith("v1.") && d !== before) { resolve(performance.now() - start); return; }
						if (performance.now() - start > 30000) { reject(new Error("no new compressed draft within 30 s")); return; }
						setTimeout(poll, 20);
					};
					poll();
				})`, blocking+fmt.Sprintf("# edit %d\n", i))
				saved = append(saved, ms)
				longest = append(longest, a.longest())
			}
			tr.end("autosave-" + size.name)
			b.ReportMetric(mean(saved), "saved-after-ms")
			b.ReportMetric(slices.Max(longest), "longest-task-ms")
		})
	}
}
