//go:build !js

package browsertest

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// bigRobots is a robots.txt of at least size bytes: "user-agent: *", then
// "disallow: /p<i>/" for i = 0, 1, …, so the URL /p<i>/x is decided by
// line i+2 alone.
func bigRobots(size int) string {
	var b strings.Builder
	b.WriteString("user-agent: *\n")
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "disallow: /p%d/\n", i)
	}
	return b.String()
}

// pasteJS pastes text into the textarea sel as Ctrl+V would: a paste event
// with the text as clipboard data, dispatched in a task of its own, over
// the whole of the textarea's text. It resolves once the event is handled.
const pasteJS = `(sel, text, from, to) => new Promise(resolve => {
	const t = document.querySelector(sel);
	const data = new DataTransfer();
	data.setData("text/plain", text);
	t.focus();
	if (from === undefined) t.select(); else t.setSelectionRange(from, to);
	setTimeout(() => {
		const taken = !t.dispatchEvent(new ClipboardEvent("paste", {clipboardData: data, bubbles: true, cancelable: true}));
		resolve(taken);
	}, 0);
})`

// viewState is what the viewer shows.
type viewState struct {
	Viewer, Textarea    bool
	Label               string
	First, Lines, Nums  int
	Top, Client, Height int
	Line                string // the text of the line asked for, "" when not held
	Active              string // the focused element's id
}

// viewJS reads the viewer, and the text of line n when the viewer holds
// it.
const viewJS = `n => {
	const v = document.querySelector("div#robots.big-view");
	const pre = v && v.querySelector(".view-lines");
	const nums = document.querySelector(".gutter .numbers");
	const s = {Viewer: !!v, Textarea: !!document.querySelector("textarea#robots"), Label: v ? v.getAttribute("aria-label") : "",
		First: 0, Lines: 0, Nums: nums ? nums.textContent.split("\n").length : 0, Top: 0, Client: 0, Height: 0, Line: "",
		Active: document.activeElement ? document.activeElement.id : ""};
	if (!pre) return s;
	const lines = pre.textContent.split("\n");
	Object.assign(s, {First: +pre.dataset.first, Lines: lines.length, Top: v.scrollTop, Client: v.clientHeight, Height: v.scrollHeight});
	if (n >= s.First && n < s.First + lines.length) s.Line = lines[n - s.First];
	return s;
}`

// alignJS measures, for line n, how far the deciding band (0 when there
// is none) and the gutter's number are from the viewer's line, in pixels.
const alignJS = `n => {
	// Where line k of the text node t is drawn.
	const top = (t, k) => {
		const lines = t.data.split("\n");
		let at = 0;
		for (let i = 0; i < k; i++) at += lines[i].length + 1;
		const r = document.createRange();
		r.setStart(t, at);
		r.setEnd(t, at + lines[k].length);
		return r.getBoundingClientRect().top;
	};
	const pre = document.querySelector(".view-lines"), nums = document.querySelector(".gutter .numbers");
	const line = top(pre.firstChild, n - +pre.dataset.first);
	const d = document.querySelector("#decided-line");
	return [d ? d.getBoundingClientRect().top - (pre.getBoundingClientRect().top + (n - +pre.dataset.first) * 20) : 0,
		top(nums.firstChild, n - +nums.textContent.split("\n")[0]) - line];
}`

func (a *app) view(line int) viewState {
	a.t.Helper()
	return call[viewState](a, viewJS, line)
}

// TestBrowserBigFile pastes a 4 MiB robots.txt into the editor: it is
// shown in the read-only viewer, never in the textarea, with a few hundred
// lines in the DOM; selecting a result scrolls the viewer to its deciding
// line, which the band marks where the viewer shows it; the keys scroll
// it; Clear brings the textarea back. A small file stays in the textarea,
// and an opened big file goes to the viewer too.
func TestBrowserBigFile(t *testing.T) {
	ctx := newBrowser(t)
	a := openApp(t, ctx, serveSite(t))
	robots := bigRobots(4 << 20)
	lines := strings.Count(robots, "\n") + 1
	const deep = 20000 // decided by line deep+2, well inside Google's 500 KiB
	urls := []string{"https://example.com/p" + strconv.Itoa(deep) + "/x", "https://example.com/elsewhere"}
	a.setText("textarea#urls", strings.Join(urls, "\n"))

	if !call[bool](a, pasteJS, "textarea#robots", robots) {
		t.Fatal("the paste of 4 MiB was not taken from the textarea (preventDefault)")
	}
	v := waitFor(a, "the viewer, focused", "("+viewJS+")(1)", func(v viewState) bool { return v.Viewer && v.Active == "robots" })
	if v.Textarea || v.Active != "robots" {
		t.Errorf("textarea still on the page: %v; focus on %q: want the viewer alone, focused", v.Textarea, v.Active)
	}
	if msg := js[string](a, `document.querySelector("#share-message").textContent`); !strings.Contains(msg, "Pasted 4,096 KiB: too long to edit here") {
		t.Errorf("after the paste the page says %q", msg)
	}
	if want := commaNumber(lines) + " lines"; !strings.Contains(v.Label, "read-only") || !strings.Contains(v.Label, want) {
		t.Errorf("viewer label %q: want it to say read-only and %q", v.Label, want)
	}
	if v.Lines > 300 || v.Nums > 300 {
		t.Errorf("the DOM holds %d lines and %d gutter numbers of %d: want at most 300", v.Lines, v.Nums, lines)
	}
	if v.Line != "user-agent: *" || v.First != 1 {
		t.Errorf("viewer's line 1 = %q (first held %d), want user-agent: *", v.Line, v.First)
	}
	if v.Height < lines*20 {
		t.Errorf("viewer scrolls %d px for %d lines: want at least 20 px a line", v.Height, lines)
	}
	note := js[string](a, `document.querySelector("#editor-help").textContent`)
	for _, want := range []string{"Read-only", "too long to edit here", "open it again", "download"} {
		if !strings.Contains(note, want) {
			t.Errorf("the note %q does not say %q", note, want)
		}
	}

	rows := a.waitRows("both URLs tested", func(rows []resultRow) bool { return len(rows) == 2 })
	checkRow(t, rows[0], "blocked", deep+2)
	a.selectRow(0)
	d := a.waitDecided(deep + 2)
	if want := "disallow: /p" + strconv.Itoa(deep) + "/"; d.Text != want {
		t.Errorf("deciding band's text %q, want %q", d.Text, want)
	}
	v = waitFor(a, "the viewer to hold the deciding line", "("+viewJS+")("+strconv.Itoa(deep+2)+")",
		func(v viewState) bool { return v.Line != "" })
	if y := 8 + (deep+1)*20; y < v.Top || y+20 > v.Top+v.Client {
		t.Errorf("deciding line at y=%d is not in view (scrollTop %d, height %d)", y, v.Top, v.Client)
	}
	if !strings.HasPrefix(v.Line, "disallow: /p"+strconv.Itoa(deep)+"/") {
		t.Errorf("the viewer's line %d is %q", deep+2, v.Line)
	}
	// The band, the viewer's line and the gutter's number are at one height.
	off := call[[]float64](a, alignJS, deep+2)
	if len(off) != 2 || off[0] < -1 || off[0] > 1 || off[1] < -1 || off[1] > 1 {
		t.Errorf("band and gutter number are %v px off the viewer's line %d", off, deep+2)
	}
	js[bool](a, `(document.querySelector(".editor").scrollIntoView(), true)`)
	screenshot(t, ctx, "bigfile-viewer")

	// A finding's line: the viewer, focused, shows it, and the band marks it.
	// The findings come in a later task than the viewer: wait for the cut's.
	cut := waitFor(a, "the cut's finding", `(() => { const b = document.querySelector("button.diag[data-severity=error]"); return b ? +b.dataset.line : -1; })()`,
		func(line int) bool { return line >= 0 })
	a.openFindings()
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("button.diag[data-severity=error]"))); err != nil {
		t.Fatal(err)
	}
	v = waitFor(a, "the viewer at the finding's line", "("+viewJS+")("+strconv.Itoa(cut)+")", func(v viewState) bool { return v.Line != "" })
	if band := js[string](a, `(document.querySelector(".band.focus-line") || {dataset: {}}).dataset.line || ""`); band != strconv.Itoa(cut) || v.Active != "robots" {
		t.Errorf("after the finding on line %d: focus band on %q, focus on %q; want the band on it and the viewer focused", cut, band, v.Active)
	}

	// Keys scroll the focused viewer.
	key := func(k string, want func(v viewState) bool, what string) viewState {
		t.Helper()
		js[bool](a, `(document.querySelector("#robots").focus(), true)`)
		if err := chromedp.Do(ctx, chromedp.KeyEvent(k)); err != nil {
			t.Fatal(err)
		}
		return waitFor(a, what, "("+viewJS+")(1)", want)
	}
	v = key(kb.Home, func(v viewState) bool { return v.Top == 0 && v.First == 1 }, "Home to scroll to the top")
	if v.Active != "robots" {
		t.Errorf("focus is on %q, want the viewer", v.Active)
	}
	v = key(kb.ArrowDown, func(v viewState) bool { return v.Top == 20 }, "ArrowDown to scroll a line")
	v = key(kb.PageDown, func(v viewState) bool { return v.Top == 20+v.Client-20 }, "PageDown to scroll a page")
	v = key(kb.End, func(v viewState) bool {
		return v.Top > 0 && v.Top+v.Client >= v.Height-1 && v.First+v.Lines-1 == lines
	}, "End to scroll to the end and the viewer to hold the last line")
	last := call[viewState](a, viewJS, lines)
	if last.Line != "" {
		t.Errorf("the last line is %q, want it empty (the file ends with a line break)", last.Line)
	}
	if last.Lines > 300 {
		t.Errorf("at the end the DOM holds %d lines", last.Lines)
	}
	if n := js[string](a, `document.querySelector(".gutter .numbers").textContent.split("\n").pop()`); n != strconv.Itoa(lines) {
		t.Errorf("the gutter's last number at the end is %s, want %d", n, lines)
	}
	if off := call[[]float64](a, alignJS, lines-1); len(off) != 2 || off[1] < -1 || off[1] > 1 {
		t.Errorf("the gutter's number of line %d is %v px off the viewer's line", lines-1, off)
	}

	// Clear: the textarea is back, empty, with the caret in it.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#clear-robots"))); err != nil {
		t.Fatal(err)
	}
	v = waitFor(a, "the textarea back", "("+viewJS+")(1)", func(v viewState) bool { return v.Textarea && !v.Viewer })
	if got := js[string](a, `document.querySelector("textarea#robots").value`); got != "" || v.Active != "robots" {
		t.Errorf("after Clear the textarea holds %q, focus on %q: want it empty and focused", got, v.Active)
	}
	if v.Nums != 1 {
		t.Errorf("after Clear the gutter has %d numbers, want 1", v.Nums)
	}

	// A small paste goes into the textarea as the browser inserts it.
	small := bigRobots(30 << 10)
	if call[bool](a, pasteJS, "textarea#robots", small) {
		t.Errorf("a paste of %d bytes was taken from the textarea", len(small))
	}
	a.setText("textarea#robots", small)
	smallLines := strings.Count(small, "\n") + 1
	v = waitFor(a, "the small file's gutter", "("+viewJS+")(1)", func(v viewState) bool { return v.Nums == smallLines })
	if v.Viewer || !v.Textarea || js[int](a, `document.querySelector("textarea#robots").value.length`) != len(small) {
		t.Errorf("a %d-byte file is not in the textarea: %+v", len(small), v)
	}

	// A paste just over 32 KiB (maxEditBytes) goes to the viewer.
	over := small + strings.Repeat("# padding to go over 32 KiB\n", (32<<10-len(small))/28+2)
	if !call[bool](a, pasteJS, "textarea#robots", over) {
		t.Errorf("a paste of %d bytes was left to the textarea", len(over))
	}
	v = waitFor(a, "the viewer for a paste just over the limit", "("+viewJS+")(1)", func(v viewState) bool { return v.Viewer })
	if want := commaNumber(strings.Count(over, "\n")+1) + " lines"; v.Textarea || !strings.Contains(v.Label, want) {
		t.Errorf("after a %d-byte paste: %+v, want the viewer alone with %s", len(over), v, want)
	}

	// Edit it here anyway: the textarea takes the whole text, and a paste
	// into it stays there, until a new text replaces it.
	js[bool](a, `(document.querySelector("#edit-anyway").click(), true)`)
	v = waitFor(a, "the textarea with the long text", "("+viewJS+")(1)", func(v viewState) bool { return v.Textarea && !v.Viewer })
	if got := js[int](a, `document.querySelector("textarea#robots").value.length`); got != len(over) || v.Active != "robots" {
		t.Errorf("Edit it here anyway: the textarea holds %d characters, focus on %q; want %d, focused", got, v.Active, len(over))
	}
	if call[bool](a, pasteJS, "textarea#robots", "Disallow: /edited\n", 0, 0) {
		t.Error("a paste into a long text edited anyway was taken from the textarea")
	}
	// (A synthetic paste inserts nothing: the edit is typed.)
	js[bool](a, `(() => {
		const t = document.querySelector("textarea#robots");
		t.value = "Disallow: /edited\n" + t.value;
		t.dispatchEvent(new InputEvent("input", {bubbles: true, inputType: "insertText"}));
		return true;
	})()`)
	v = waitFor(a, "the edit in the long text's textarea", "("+viewJS+")(1)", func(v viewState) bool { return v.Textarea })
	if v.Viewer || !js[bool](a, `document.querySelector("textarea#robots").value.startsWith("Disallow: /edited\n")`) {
		t.Errorf("after an edit of the long text edited anyway: %+v", v)
	}

	// A long paste in place of a selection keeps the text around it, and
	// the pasted bytes as they are: "A\n" + paste + "\nZ" from "A\nBC\nZ".
	a.setText("textarea#robots", "A\nBC\nZ")
	crlf := "user-agent: *\r\n" + strings.Repeat("disallow: /é\r\n", 3000)
	if !call[bool](a, pasteJS, "textarea#robots", crlf, 2, 4) {
		t.Fatal("a long paste over a selection was left to the textarea")
	}
	waitFor(a, "the viewer for the paste over a selection", "("+viewJS+")(1)", func(v viewState) bool { return v.Viewer && v.Line == "A" })
	captureDownloads(a)
	if got, want := string(download(a, "#view-download")), "A\n"+crlf+"\nZ"; got != want {
		t.Errorf("after a paste over a selection the file is %d bytes %.40q…, want %d bytes %.40q…", len(got), got, len(want), want)
	}

	// Text dropped into the textarea that makes it too long: to the viewer.
	js[bool](a, `(document.querySelector("#clear-robots").click(), true)`)
	call[bool](a, `text => {
		const t = document.querySelector("textarea#robots");
		t.value = text;
		t.dispatchEvent(new InputEvent("input", {bubbles: true, inputType: "insertFromDrop"}));
		return true;
	}`, over)
	v = waitFor(a, "the viewer for dropped text", "("+viewJS+")(1)", func(v viewState) bool { return v.Viewer })
	if want := commaNumber(strings.Count(over, "\n")+1) + " lines"; !strings.Contains(v.Label, want) {
		t.Errorf("after a drop of %d bytes: %+v, want the viewer with %s", len(over), v, want)
	}

	// An opened big file goes to the viewer, which is scrolled.
	draft := js[string](a, `localStorage.getItem("robots-tester.draft") || ""`)
	call[bool](a, `() => { const v = document.querySelector("#robots"); v.scrollTop = 400; v.dispatchEvent(new Event("scroll")); return true; }`)
	path := filepath.Join(t.TempDir(), "big-robots.txt")
	if err := os.WriteFile(path, []byte(strings.ReplaceAll(robots, "\n", "\r\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.CSS("input#open-file"), []string{path})); err != nil {
		t.Fatal(err)
	}
	v = waitFor(a, "the viewer for the opened file", "("+viewJS+")(22)", func(v viewState) bool {
		return strings.Contains(v.Label, commaNumber(lines)+" lines")
	})
	if v.Textarea || v.Line != "disallow: /p20/" || v.Top != 400 {
		t.Errorf("opened CRLF file: %+v, want the viewer alone, still scrolled to 400, line 22 disallow: /p20/", v)
	}
	if got := download(a, "#view-download"); string(got) != strings.ReplaceAll(robots, "\n", "\r\n") {
		t.Errorf("the opened CRLF file downloads as %d other bytes", len(got))
	}

	// Its draft, at the next start, goes to the viewer too.
	waitFor(a, "the opened file's draft", `localStorage.getItem("robots-tester.draft") || ""`, func(d string) bool {
		return d != draft && strings.HasPrefix(d, "v1.")
	})
	if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	waitFor(a, "the page to start again", `document.body !== null && document.body.dataset.ready === "true"`, func(ok bool) bool { return ok })
	v = a.view(2)
	if v.Textarea || v.Line != "disallow: /p0/" || !strings.Contains(v.Label, commaNumber(lines)+" lines") {
		t.Errorf("after a reload with the 4 MiB draft: %+v, want the viewer alone with %d lines", v, lines)
	}

	// Reset to the example: the textarea again.
	js[bool](a, `(document.querySelector("#reset").click(), true)`)
	v = waitFor(a, "the example in the textarea", "("+viewJS+")(1)", func(v viewState) bool { return v.Textarea })
	if v.Viewer || v.Nums < 2 || v.Nums > 100 {
		t.Errorf("after Reset: %+v, want the textarea alone and the example's line numbers", v)
	}
}

// commaNumber is wasm's number: 1234567 → "1,234,567".
func commaNumber(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// BenchmarkBrowserBigFile measures what a large robots.txt costs the page.
//
//	go test -run '^$' -bench BrowserBigFile -benchtime 3x ./wasm/browsertest
//
// textarea-<size>: setting the textarea's value (as a typed or small
// pasted text is) to a file of that size, the layout forced at once:
// layout-ms is that task (the page's own work on an input is a string
// copy; the engine waits for the debounce), which is what maxEditBytes
// (wasm/editorview.go) is chosen by. paste-4MiB and open-4MiB: a 4 MiB
// file pasted into the editor (a paste event, as Ctrl+V fires) or opened
// with "Open robots.txt…", and open-corpus-0001 the corpus's 3.7 MB file
// opened, with 10 URLs listed: shown-ms until the viewer
// and the verdicts are shown, and longest-task-ms, the longest main-thread
// task from the paste or the file's choice until 300 ms after (its
// findings included). With BENCH_TRACE=/tmp/traces the longest tasks'
// trace events are logged.
func BenchmarkBrowserBigFile(b *testing.B) {
	for _, size := range []int{32, 48, 64, 128, 512} {
		b.Run(fmt.Sprintf("textarea-%dKiB", size), func(b *testing.B) {
			a, ctx := openMeasured(b)
			text, _, _ := benchRobots(size<<10, 0)
			var layout, longest []float64
			for i := 0; b.Loop(); i++ {
				a.setText("textarea#robots", "")
				a.longest()
				tr := startTrace(b, ctx)
				layout = append(layout, call[float64](a, `text => {
					const area = document.querySelector("textarea#robots");
					const start = performance.now();
					area.value = text;
					area.dispatchEvent(new Event("input", {bubbles: true}));
					void area.scrollHeight;
					return performance.now() - start;
				}`, text+fmt.Sprintf("# %d\n", i)))
				longest = append(longest, a.longest())
				tr.end(fmt.Sprintf("bigfile-textarea-%dKiB-%d", size, i))
			}
			b.ReportMetric(mean(layout), "layout-ms")
			b.ReportMetric(slices.Max(longest), "longest-task-ms")
		})
	}
	robots := bigRobots(4 << 20)
	_, _, urls := benchRobots(1000, 10)
	path := filepath.Join(b.TempDir(), "robots.txt")
	if err := os.WriteFile(path, []byte(robots), 0o644); err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct{ how, name string }{{"paste", "4MiB"}, {"open", "4MiB"}, {"open", "corpus-0001"}} {
		how := c.how
		b.Run(how+"-"+c.name, func(b *testing.B) {
			path := path
			if c.name == "corpus-0001" {
				// The corpus's largest real file: 3,718,003 bytes, 47,066
				// lines, most of them Allow rules of one group.
				path = filepath.Join(sharedPath(b, "corpus", "real"), "0001.txt")
			}
			a, ctx := openMeasured(b)
			a.setText("textarea#urls", strings.Join(urls, "\n"))
			if how == "paste" {
				call[bool](a, `text => { window.__bigText = text; return true; }`, robots)
			}
			var shown, longest []float64
			for i := 0; b.Loop(); i++ {
				a.setText("textarea#robots", "")
				a.longest()
				tr := startTrace(b, ctx)
				start := js[float64](a, `performance.now()`)
				if how == "paste" {
					js[bool](a, `(`+pasteJS+`)("textarea#robots", window.__bigText)`)
				} else if err := chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.CSS("input#open-file"), []string{path})); err != nil {
					b.Fatal(err)
				}
				shown = append(shown, call[float64](a, `start => new Promise((resolve, reject) => {
					const poll = () => {
						if (document.querySelector("div#robots.big-view") && document.querySelector("table#results").dataset.settled === "true") {
							resolve(performance.now() - start);
						} else if (performance.now() - start > 30000) {
							reject(new Error("no viewer within 30 s"));
						} else {
							setTimeout(poll, 5);
						}
					};
					poll();
				})`, start))
				longest = append(longest, a.longest())
				tr.end(fmt.Sprintf("bigfile-%s-%d", how, i))
				js[bool](a, `(document.querySelector("#clear-robots").click(), true)`)
			}
			b.ReportMetric(mean(shown), "shown-ms")
			b.ReportMetric(slices.Max(longest), "longest-task-ms")
		})
	}
}

// The viewer's find searches the whole file, not only the lines in view
// (which are all the browser's own find can reach): Ctrl+F in the viewer
// goes to it, each match comes into view with a band on its line, and
// Enter and Shift+Enter go to the next and the previous.
func TestBrowserViewerFind(t *testing.T) {
	ctx := newBrowser(t)
	a := openApp(t, ctx, serveSite(t))
	robots := bigRobots(1 << 20)
	if !call[bool](a, pasteJS, "textarea#robots", robots) {
		t.Fatal("the paste of 1 MiB was not taken from the textarea")
	}
	waitFor(a, "the viewer, focused", "("+viewJS+")(1)", func(v viewState) bool { return v.Viewer && v.Active == "robots" })
	// As Ctrl+F reaches the page (the browser's own find bar is not the
	// headless browser's to open).
	js[bool](a, `document.querySelector("#robots").dispatchEvent(new KeyboardEvent("keydown", {key: "f", ctrlKey: true, bubbles: true, cancelable: true})) === false`)
	waitFor(a, "the find field, focused", `document.activeElement ? document.activeElement.id : ""`, func(id string) bool { return id == "view-find" })

	const query = "DISALLOW: /P2000"
	var lines []int // the lines it is on: /p2000/, /p20000/ … /p20009/
	for i, line := range strings.Split(robots, "\n") {
		if strings.Contains(line, strings.ToLower(query)) {
			lines = append(lines, i+1)
		}
	}
	if len(lines) < 2 {
		t.Fatalf("%q is on %d lines of the file", query, len(lines))
	}
	status := func(want string) {
		t.Helper()
		waitFor(a, "the find status "+want, `document.querySelector("#view-find-status").textContent`, func(s string) bool { return s == want })
	}
	shown := func(k int) {
		t.Helper()
		line := lines[k]
		status(strconv.Itoa(k+1) + " of " + strconv.Itoa(len(lines)) + " (line " + commaNumber(line) + ")")
		v := waitFor(a, "line "+strconv.Itoa(line)+" in view", "("+viewJS+")("+strconv.Itoa(line)+")", func(v viewState) bool { return v.Line != "" })
		if !strings.Contains(v.Line, strings.ToLower(query)) {
			t.Errorf("match %d: the viewer's line %d is %q", k+1, line, v.Line)
		}
		if band := js[string](a, `(document.querySelector(".band.find-line") || {dataset: {}}).dataset.line || ""`); band != strconv.Itoa(line) {
			t.Errorf("match %d: the find band is on line %q, want %d", k+1, band, line)
		}
	}
	a.setText("#view-find", query)
	shown(0)
	a.key("\r")
	shown(1)
	screenshot(t, ctx, "viewer-find")
	if err := chromedp.Do(ctx, chromedp.KeyEvent("\r", chromedp.KeyModifiers(chromedp.ModifierShift))); err != nil {
		t.Fatal(err)
	}
	shown(0)
	a.click("#view-find-prev")
	shown(len(lines) - 1)
	a.setText("#view-find", "disallow: /nowhere/")
	status("No match")
	if n := js[int](a, `document.querySelectorAll(".band.find-line").length`); n != 0 {
		t.Errorf("%d find bands with no match", n)
	}
	// Escape goes back to the viewer.
	a.key("\u001b")
	waitFor(a, "the viewer focused again", `document.activeElement ? document.activeElement.id : ""`, func(id string) bool { return id == "robots" })

	// A new text is searched again for the same words, from its top.
	a.setText("#view-find", query)
	waitFor(a, "the matches again", `document.querySelector("#view-find-status").textContent`, func(s string) bool {
		return strings.Contains(s, " of "+strconv.Itoa(len(lines))+" (line ")
	})
	a.click("#clear-robots")
	if !call[bool](a, pasteJS, "textarea#robots", robots+"disallow: /p2000-more/\n") {
		t.Fatal("the second paste was not taken from the textarea")
	}
	status("1 of " + strconv.Itoa(len(lines)+1) + " (line " + commaNumber(lines[0]) + ")")
}
