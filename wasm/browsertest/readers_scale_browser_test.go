//go:build !js

package browsertest

// The Readers view on long lists (issue 12): every URL compared, not the
// first 200; counts over the whole list equal to the engine's; about a
// hundred rows in the DOM whatever the list; progress, cancel and resume;
// the keys; a phone's width. And its benchmark on 100,000 URLs:
//
//	go test -run '^$' -bench 'BrowserReaders' -benchtime 3x ./wasm/browsertest

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"robotstester/engine"
	"robotstester/engine/catalogue"
	"robotstester/engine/readers"
)

// readerTally is the #readers-tally table: per reader ID, the URLs it
// decides otherwise than Google.
const readerTallyJS = `Object.fromEntries([...document.querySelectorAll("#readers-tally tr[data-reader]")].map(tr => [tr.dataset.reader, +tr.dataset.differ]))`

// readersDoneJS is whether the comparison covered n URLs.
func readersDoneJS(n int) string {
	return `(() => { const p = document.getElementById("readers-summary"); return !!p && p.dataset.done === "true" && p.dataset.compared === "` + strconv.Itoa(n) + `"; })()`
}

// untilPage waits until the JavaScript expression cond holds, checking it
// again on every change of the page's DOM: no time limit of its own but
// the browser's (browserTimeout), so a slow machine only waits longer.
func untilPage(a *app, cond string) {
	a.t.Helper()
	js[bool](a, `new Promise(resolve => {
		const holds = () => { try { return !!(`+cond+`); } catch (e) { return false; } };
		if (holds()) { resolve(true); return; }
		const obs = new MutationObserver(() => { if (holds()) { obs.disconnect(); resolve(true); } });
		obs.observe(document.documentElement, {subtree: true, childList: true, attributes: true, characterData: true});
	})`)
}

// wantReaderTally is the engine's count, per reader, of the URLs it decides
// otherwise than Google for crawler, over urls as a browser sends them.
func wantReaderTally(t testing.TB, robots, crawler string, urls []string) (map[string]int, int) {
	body := []byte(robots)
	files := readers.ParseAll(body, engine.Parse(body))
	c, ok := catalogue.FindCrawler(crawler)
	if !ok {
		t.Fatalf("no crawler %s", crawler)
	}
	var tally readers.ReaderTally
	for _, u := range urls {
		if enc := engine.EncodeURL(u); enc.Err == "" {
			u = enc.URL
		}
		tally.Add(readers.CompareReader(files, &c, "", u, nil))
	}
	out := map[string]int{}
	for k, f := range files[1:] {
		out[f.Reader()] = tally.Differ[k+1]
	}
	return out, tally.Disagree
}

// The comparison runs in the workers that hold the list, and in slices of
// the page's thread where there are none.
func TestBrowserReadersLongList(t *testing.T) {
	for _, by := range []string{"workers", "slices"} {
		t.Run(by, func(t *testing.T) {
			script := ""
			if by == "slices" {
				script = "delete window.Worker;"
			}
			// Long enough for the comparison to report progress before
			// it ends, in the workers too.
			n := 60000
			if by == "slices" {
				n = 30000
			}
			testReadersLongList(t, script, by, n)
		})
	}
}

func testReadersLongList(t *testing.T, script, by string, n int) {
	path := writeURLFile(t, "readers.txt", n)
	a, ctx := openScalePage(t, script)
	a.importFile(path)
	untilPage(a, `document.querySelector("#summary").textContent.startsWith("`+commas(n)+` URLs:")`)
	a.openTab("readers")

	// A long comparison shows its progress and can be stopped, then goes
	// on from where it stopped. Stop is clicked in the page as the first
	// progress is shown, before the next message or slice is handled, not
	// after a round trip to the test; from then on every count shown is
	// recorded, and none may pass the one Stop settles on.
	shown := js[int](a, `new Promise(resolve => {
		const cancel = () => {
			const p = document.getElementById("readers-summary"), stop = document.getElementById("readers-cancel");
			if (!p || !stop || !document.getElementById("readers-progress")) return p && p.dataset.done === "true" ? -1 : 0;
			const shown = +p.dataset.compared;
			if (shown <= 0) return 0;
			stop.click();
			window.__changedAfterStop = [];
			new MutationObserver(() => {
				const now = +document.getElementById("readers-summary").dataset.compared;
				if (window.__changedAfterStop) window.__changedAfterStop.push(now);
			}).observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
			return shown;
		};
		const tried = cancel();
		if (tried !== 0) { resolve(tried); return; }
		const obs = new MutationObserver(() => {
			const got = cancel();
			if (got !== 0) { obs.disconnect(); resolve(got); }
		});
		obs.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
	})`)
	if shown < 0 {
		t.Fatalf("the comparison of %d URLs ended without showing its progress", n)
	}
	untilPage(a, `document.getElementById("readers-summary").textContent.startsWith("Stopped after")`)
	stopped := js[int](a, `+document.getElementById("readers-summary").dataset.compared`)
	// A turn of the event loop and a frame, for anything already queued.
	counts := js[[]int](a, `new Promise(resolve => setTimeout(() => requestAnimationFrame(() => setTimeout(() => {
		const c = window.__changedAfterStop; window.__changedAfterStop = null; resolve(c);
	}))))`)
	if stopped < shown || stopped >= n || slices.Max(append(counts, stopped)) != stopped {
		t.Fatalf("Stop clicked at %d URLs shown: stopped after %d, counts shown since %v; want it stopped short of %d, and no more", shown, stopped, counts, n)
	}
	t.Logf("Stop clicked as %d of %d URLs showed compared; stopped after %d", shown, n, stopped)
	a.click("#readers-resume")
	untilPage(a, readersDoneJS(n))
	if got := js[string](a, `document.getElementById("readers-summary").dataset.by`); got != by {
		t.Errorf("the comparison ran in %q, want %q", got, by)
	}

	// The counts cover the whole list, as the engine counts it.
	want, disagree := wantReaderTally(t, scaleRobots, "Googlebot", scaleURLs(n))
	got := js[map[string]int](a, readerTallyJS)
	for id, w := range want {
		if got[id] != w {
			t.Errorf("%s: the page counts %d URLs it decides otherwise than Google, the engine %d", id, got[id], w)
		}
	}
	if want["python"] == 0 {
		t.Fatal("the test list has no URL Python decides otherwise: the counts prove nothing")
	}
	summary := js[string](a, `document.getElementById("readers-summary").textContent`)
	if wantText := commas(disagree) + " of " + commas(n) + " URLs are read differently"; !strings.HasPrefix(summary, wantText) {
		t.Errorf("summary %q, want it to start %q", summary, wantText)
	}

	// About a hundred rows in the DOM, disagreements first: the last
	// disagreeing row and the first agreeing one meet at position disagree.
	rows := js[int](a, `document.querySelectorAll("#readers-table tbody tr").length`)
	if rows == 0 || rows > 200 {
		t.Errorf("%d rows in the DOM for %d URLs, want a window of at most 200", rows, n)
	}
	// Its URL, as a person clicks a row: the row, a reader a column, is
	// wider than the window, and its middle out of view.
	a.click("#readers-table tbody tr.reader-row th.reader-url")
	js[bool](a, `document.activeElement.dispatchEvent(new KeyboardEvent("keydown", {key: "End", bubbles: true})), true`)
	last := waitFor(a, "the last row selected", `(() => { const tr = document.querySelector("#readers-table tr.reader-row.selected"); return tr ? +tr.dataset.pos : -1; })()`,
		func(p int) bool { return p == n-1 })
	if agree := js[string](a, `document.querySelector("#readers-table tr.reader-row.selected").dataset.agree`); agree != "true" {
		t.Errorf("the last row (%d) disagrees: disagreements must come first", last)
	}
	waitFor(a, "the why panel of the last row", `document.querySelectorAll("#readers-why .reader-verdicts li").length`, func(n int) bool { return n == len(readers.Readers()) })
	js[bool](a, `document.querySelector("#readers-table").focus(), document.querySelector("#readers-table").dispatchEvent(new KeyboardEvent("keydown", {key: "Home", bubbles: true})), true`)
	first := waitFor(a, "the first row selected", `(() => { const tr = document.querySelector("#readers-table tr.reader-row.selected"); return tr ? tr.dataset.pos + " " + tr.dataset.agree : ""; })()`,
		func(s string) bool { return s != "" && s[0] == '0' })
	if first != "0 false" {
		t.Errorf("the first row is %q, want a disagreement", first)
	}
	reasons := js[[]string](a, `[...document.querySelectorAll("#readers-why .reader-reasons li")].map(li => li.textContent)`)
	if len(reasons) == 0 {
		t.Errorf("the first row's why panel gives no reason readers disagree")
	}
	screenshot(t, ctx, "readers-long-list-"+by)

	// Away and back: the rows are written again, the comparison kept.
	a.openTab("results")
	a.openTab("readers")
	waitFor(a, "the rows back", `document.querySelectorAll("#readers-table tbody tr.reader-row").length`, func(n int) bool { return n > 0 && n <= 200 })
	if !js[bool](a, readersDoneJS(n)) {
		t.Errorf("coming back to the Readers tab compared the list again")
	}

	// A phone's width: rows become cards, still a window of them.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(375, 812, chromedp.EmulateMobile)); err != nil {
		t.Fatal(err)
	}
	wide := js[bool](a, `document.documentElement.scrollWidth > window.innerWidth + 1`)
	if wide {
		t.Errorf("the Readers view is wider than a phone's screen")
	}
	js[bool](a, `(document.querySelector("#readers-table").scrollIntoView(), true)`)
	screenshot(t, ctx, "readers-phone-"+by)
}

// BenchmarkBrowserReaders100k compares 100,000 imported URLs with every
// reader in the Readers view and reports the milliseconds from opening the
// tab until every URL is compared and counted, the longest main-thread
// task meanwhile (any task, from PerformanceObserver "longtask"), the
// longest piece of the comparison's own main-thread work (a slice, or the
// handling of a worker's message with its progress render, by its own
// clock: longest-slice-ms), and the DOM rows then.
//
// It runs in the workers (the page's own), and in slices of the page's
// thread with Worker taken away.
func BenchmarkBrowserReaders100k(b *testing.B) {
	for _, by := range []string{"workers", "slices"} {
		b.Run(by, func(b *testing.B) {
			script := longTasksJS
			if by == "slices" {
				script += ";delete window.Worker;"
			}
			benchmarkReaders(b, script, by)
		})
	}
}

func benchmarkReaders(b *testing.B, script, by string) {
	const n = 100000
	path := writeURLFile(b, "readers.txt", n)
	a, ctx := openScalePage(b, script)
	a.importFile(path)
	waitFor(a, "the list tested", `document.querySelector("#summary").textContent.startsWith("100,000 URLs:")`, func(ok bool) bool { return ok })
	var total, longest, slice float64
	var rows int
	for i := 0; b.Loop(); i++ {
		a.openTab("results")
		// A new comparison each time: the token typed changes.
		a.crawler("")
		a.setText("input#token", "Bot"+strconv.Itoa(i))
		waitFor(a, "the list tested", `document.querySelector("table#results").dataset.settled === "true" && document.querySelector("#summary").textContent.startsWith("100,000 URLs:")`,
			func(ok bool) bool { return ok })
		// The page's own work after a new test (hit counts, scope) ends
		// first: a second with no long task, 10 s at most.
		call[bool](a, `() => new Promise(resolve => {
			const start = performance.now();
			let quietFrom = performance.now();
			const check = () => {
				if (window.__longest > 0) { window.__longest = 0; quietFrom = performance.now(); }
				if (performance.now() - quietFrom > 1000 || performance.now() - start > 10000) { resolve(true); return; }
				setTimeout(check, 50);
			};
			check();
		})`)
		a.longest()
		tr := startTrace(b, ctx)
		ms := call[float64](a, `() => new Promise((resolve, reject) => {
			const start = performance.now();
			document.querySelector("#tab-readers").click();
			const check = () => {
				const p = document.getElementById("readers-summary");
				if (p && p.dataset.done === "true" && p.dataset.compared === "100000") { resolve(performance.now() - start); return; }
				if (performance.now() - start > 120000) { reject(new Error("not done in 120 s")); return; }
				setTimeout(check, 20);
			};
			check();
		})`)
		tr.end("readers-100k-" + by + "-" + strconv.Itoa(i))
		if got := js[string](a, `document.getElementById("readers-summary").dataset.by`); got != by {
			b.Fatalf("the comparison ran in %q, want %q", got, by)
		}
		total += ms
		longest = max(longest, a.longest())
		slice = max(slice, js[float64](a, `+document.getElementById("readers-summary").dataset.longestSliceMs`))
		rows = js[int](a, `document.querySelectorAll("#readers-table tbody tr").length`)
	}
	b.ReportMetric(total/float64(b.N), "ms/op")
	b.ReportMetric(longest, "longest-task-ms")
	b.ReportMetric(slice, "longest-slice-ms")
	b.ReportMetric(float64(rows), "dom-rows")
	b.ReportMetric(float64(n)/(total/float64(b.N))*1000, "URLs/s")
	screenshot(b, ctx, "bench-readers-100k-"+by)
}
