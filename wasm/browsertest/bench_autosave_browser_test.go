//go:build !js

package browsertest

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
// (longest-task-ms, target 50). Before each paste it clears the editor with
// the Clear button, whose longest task it reports too
// (clear-longest-task-ms); the harness's own setup (the clipboard's
// DataTransfer of megabytes) is not measured.
//
//	go test -run '^$' -bench BrowserAutosave -benchtime 3x ./wasm/browsertest
func BenchmarkBrowserAutosave(b *testing.B) {
	for _, size := range []struct {
		name  string
		bytes int
	}{{"500KiB", 500 << 10}, {"4MiB", 4 << 20}} {
		b.Run(size.name, func(b *testing.B) {
			blocking, _, urls := benchRobots(size.bytes, 10)
			a, ctx := openMeasured(b)
			a.setText("textarea#urls", strings.Join(urls, "\n"))
			var saved, longest, cleared []float64
			tr := startTrace(b, ctx)
			for i := 0; b.Loop(); i++ {
				// The Clear button (the page's work, measured on its own),
				// then the harness's setup, not measured: the clipboard's
				// DataTransfer of megabytes and the draft read back.
				a.longest()
				js[bool](a, `(() => { const clear = document.querySelector("#clear-robots"); if (clear) clear.click(); return true; })()`)
				cleared = append(cleared, a.longest())
				call[bool](a, `(text) => {
					window.__benchDraft = localStorage.getItem("robots-tester.draft");
					window.__benchPaste = new DataTransfer();
					window.__benchPaste.setData("text/plain", text);
					const t = document.querySelector("textarea#robots");
					t.focus();
					t.select();
					return true;
				}`, blocking+fmt.Sprintf("# edit %d\n", i))
				a.longest()
				ms := js[float64](a, `new Promise((resolve, reject) => {
					const start = performance.now();
					const before = window.__benchDraft;
					const t = document.querySelector("textarea#robots");
					t.dispatchEvent(new ClipboardEvent("paste", {clipboardData: window.__benchPaste, bubbles: true, cancelable: true}));
					const poll = () => {
						const d = localStorage.getItem("robots-tester.draft") || "";
						if (d.startsWith("v1.") && d !== before) { resolve(performance.now() - start); return; }
						if (performance.now() - start > 30000) { reject(new Error("no new compressed draft within 30 s")); return; }
						setTimeout(poll, 20);
					};
					poll();
				})`)
				saved = append(saved, ms)
				longest = append(longest, a.longest())
			}
			tr.end("autosave-" + size.name)
			b.ReportMetric(mean(saved), "saved-after-ms")
			b.ReportMetric(slices.Max(longest), "longest-task-ms")
			b.ReportMetric(slices.Max(cleared), "clear-longest-task-ms")
		})
	}
}
