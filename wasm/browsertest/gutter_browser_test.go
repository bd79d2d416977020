//go:build !js

package browsertest

// Browser tests for the rule hit counts in the editor's gutter and for the
// scope of a list too long to work out on the page (issue 9): the gutter
// shows the panel's counts, filters the table by click and by keyboard,
// marks a rule that decides nothing, follows edits and scroll; a list of
// more than 200,000 URLs gets its scope summary and "Served at" note.

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"robotstester/engine"
)

// gutterCount is one count in the editor's gutter.
type gutterCount struct {
	Line, Hits          int
	Text, Label, Title  string
	Class, Pressed, Tab string
}

const gutterCountsJS = `Array.from(document.querySelectorAll("#hit-gutter button.gutter-hit")).map(b => ({
	Line: Number(b.dataset.line), Hits: Number(b.dataset.hits), Text: b.textContent,
	Label: b.getAttribute("aria-label"), Title: b.title, Class: b.className,
	Pressed: b.getAttribute("aria-pressed"), Tab: b.getAttribute("tabindex"),
}))`

// gutterCounts waits for the gutter's counts to satisfy ok.
func (a *app) gutterCounts(what string, ok func(map[int]gutterCount) bool) map[int]gutterCount {
	a.t.Helper()
	var got map[int]gutterCount
	waitFor(a, what, gutterCountsJS, func(list []gutterCount) bool {
		got = map[int]gutterCount{}
		for _, c := range list {
			got[c.Line] = c
		}
		return ok(got)
	})
	return got
}

// gutterRobots is scaleRobots with many rules after it that decide no URL,
// so that the file scrolls in the editor.
func gutterRobots() string {
	var b strings.Builder
	b.WriteString(scaleRobots)
	for i := range 300 {
		fmt.Fprintf(&b, "disallow: /never-%d/\n", i)
	}
	return b.String()
}

func TestBrowserHitGutter(t *testing.T) {
	const n = 5000
	ctx := newBrowser(t)
	a := openApp(t, ctx, serveSite(t))
	a.crawler("Googlebot")
	a.setText("input#robots-url", "")
	a.setText("textarea#robots", gutterRobots())
	a.setText("textarea#urls", strings.Join(scaleURLs(n), "\n"))
	a.table("5,000 URLs tested", func(s tableState) bool {
		return s.Settled == "true" && strings.HasPrefix(s.Summary, "5,000 URLs:")
	})
	want := map[int]int{}
	for i := range n {
		want[scaleLine(i)]++
	}

	t.Run("counts are the panel's", func(t *testing.T) {
		a.t = t
		got := a.gutterCounts("the gutter's counts", func(g map[int]gutterCount) bool {
			return g[2].Hits == want[2] && g[5].Line == 5
		})
		panel := js[map[string]string](a, `Object.fromEntries(Array.from(document.querySelectorAll("#hits button.hit")).map(b => [b.dataset.line, b.dataset.hits]))`)
		for line, k := range map[int]int{2: want[2], 3: want[3], 4: want[4], 5: 0} {
			c := got[line]
			if c.Hits != k || panel[strconv.Itoa(line)] != strconv.Itoa(k) {
				t.Errorf("line %d: gutter %d, panel %s, want %d", line, c.Hits, panel[strconv.Itoa(line)], k)
			}
			if k > 0 && (c.Text != strconv.Itoa(k) && !strings.HasSuffix(c.Text, "k")) {
				t.Errorf("line %d shows %q for %d URLs", line, c.Text, k)
			}
			if k > 0 && !strings.Contains(c.Label, "decides "+commas(k)+" URLs") {
				t.Errorf("line %d's label %q does not give the count in full", line, c.Label)
			}
		}
		if _, ok := got[1]; ok {
			t.Errorf("the user-agent line has a count: %+v", got[1])
		}
		// A rule that decides nothing: marked in words, not by colour.
		five := got[5]
		if five.Text != "none" || !strings.Contains(five.Class, "unused") ||
			five.Title != "line 5 · Disallow: /never-used/: decides no URL of this list" || five.Label != "none: "+five.Title {
			t.Errorf("line 5, which decides no URL: %+v", five)
		}
		tabs := 0
		for _, c := range got {
			if c.Tab == "0" {
				tabs++
			}
		}
		if tabs != 1 {
			t.Errorf("%d counts in the Tab order, want 1 (the others by arrow keys)", tabs)
		}
		if len(got) > 150 {
			t.Errorf("%d counts written for a file of 305 lines in a 19-line editor: only those in view (and a margin) should be", len(got))
		}
		screenshot(t, ctx, "hit-gutter")
	})

	t.Run("a click filters the table", func(t *testing.T) {
		a.t = t
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#hit-gutter button[data-line="3"]`))); err != nil {
			t.Fatal(err)
		}
		a.table("the rows line 3 decided", func(s tableState) bool { return s.RowCount == want[3]+1 })
		for _, l := range js[[]string](a, `Array.from(document.querySelectorAll("tbody tr.result")).map(tr => tr.dataset.line)`) {
			if l != "3" {
				t.Fatalf("filtered on line 3, a row shows line %s", l)
			}
		}
		got := a.gutterCounts("line 3 pressed", func(g map[int]gutterCount) bool { return g[3].Pressed == "true" })
		if got[2].Pressed != "false" {
			t.Errorf("line 2's count is pressed too")
		}
		if p := js[string](a, `document.querySelector('#hits button.hit[data-line="3"]').getAttribute("aria-pressed")`); p != "true" {
			t.Errorf("the panel's line 3 entry is not pressed (%q)", p)
		}
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#hit-gutter button[data-line="3"]`))); err != nil {
			t.Fatal(err)
		}
		a.table("every row back (a second click)", func(s tableState) bool { return s.RowCount == n+1 })
	})

	t.Run("the keyboard filters the table", func(t *testing.T) {
		a.t = t
		// Tab from the crawler picker's last control reaches the
		// gutter before the editor: focus the count that takes the stop.
		js[bool](a, `(() => { document.querySelector('#hit-gutter button[tabindex="0"]').focus(); return true; })()`)
		focused := `(() => { const b = document.activeElement; return b && b.classList.contains("gutter-hit") ? Number(b.dataset.line) : 0; })()`
		waitFor(a, "a count focused", focused, func(l int) bool { return l > 0 })
		a.key(kb.Home)
		waitFor(a, "Home: line 2's count focused", focused, func(l int) bool { return l == 2 })
		a.key(kb.ArrowDown)
		waitFor(a, "ArrowDown: line 3's count focused", focused, func(l int) bool { return l == 3 })
		a.key(kb.ArrowDown)
		waitFor(a, "ArrowDown: line 4's count focused", focused, func(l int) bool { return l == 4 })
		a.key(kb.Enter)
		a.table("Enter: the rows line 4 decided", func(s tableState) bool { return s.RowCount == want[4]+1 })
		got := a.gutterCounts("line 4 pressed and in the Tab order", func(g map[int]gutterCount) bool {
			return g[4].Pressed == "true" && g[4].Tab == "0"
		})
		if got[2].Tab != "-1" {
			t.Errorf("line 2's count keeps tabindex %q after focus moved", got[2].Tab)
		}
		a.key(kb.End)
		waitFor(a, "End: the last rule's count focused, the editor scrolled to it", focused, func(l int) bool { return l == 305 })
		scroll := js[int](a, `document.querySelector("#robots").scrollTop`)
		if scroll == 0 {
			t.Errorf("End moved focus to line 305 but the editor did not scroll")
		}
		screenshot(t, ctx, "hit-gutter-keyboard")
		a.key(kb.Enter)
		a.table("Enter: line 305 decides no row", func(s tableState) bool { return s.RowCount == 1 && s.Settled == "true" })
		a.key(kb.Enter)
		a.table("Enter again: every row back", func(s tableState) bool { return s.RowCount == n+1 })
	})

	t.Run("counts scroll with the editor", func(t *testing.T) {
		a.t = t
		// Line 200's count sits beside line 200 once the editor shows it.
		offset := js[float64](a, `(() => {
			const area = document.querySelector("#robots");
			area.scrollTop = 199 * 20 - 40;
			area.dispatchEvent(new Event("scroll"));
			const b = document.querySelector('#hit-gutter button[data-line="200"]');
			if (!b) return 1e9;
			return b.getBoundingClientRect().top - (area.getBoundingClientRect().top + 8 + 199 * 20 - area.scrollTop);
		})()`)
		if offset < -2 || offset > 2 {
			t.Errorf("line 200's count is %.0f px off line 200 after scrolling (1e9: not written)", offset)
		}
	})

	t.Run("counts follow an edit", func(t *testing.T) {
		a.t = t
		// While the edit waits for its debounce the counts are hidden: a
		// count may stand beside a line that moved.
		stale := js[bool](a, `(() => {
			const area = document.querySelector("#robots");
			area.value = "# a new first line\n" + area.value;
			area.dispatchEvent(new Event("input", {bubbles: true}));
			return document.querySelector("#hit-gutter").dataset.stale === "true";
		})()`)
		if !stale {
			t.Errorf("the gutter's counts are not marked stale while an edit waits")
		}
		js[bool](a, `(() => { `+flushJS+` return true; })()`)
		a.table("the edit tested", func(s tableState) bool { return s.Settled == "true" && strings.HasPrefix(s.Summary, "5,000 URLs:") })
		js[bool](a, `(() => { const area = document.querySelector("#robots"); area.scrollTop = 0; area.dispatchEvent(new Event("scroll")); return true; })()`)
		got := a.gutterCounts("the counts moved down a line", func(g map[int]gutterCount) bool {
			return g[3].Hits == want[2] && g[4].Hits == want[3] && g[5].Hits == want[4]
		})
		if got[6].Text != "none" || got[2].Line != 0 {
			t.Errorf("after the edit: line 6 %+v (want none), line 2 %+v (want no count)", got[6], got[2])
		}
		if s := js[string](a, `document.querySelector("#hit-gutter").dataset.stale || ""`); s != "" {
			t.Errorf("the counts are still marked stale after the edit was tested")
		}
	})

	t.Run("phone width", func(t *testing.T) {
		a.t = t
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(375, 812, chromedp.EmulateMobile)); err != nil {
			t.Fatal(err)
		}
		sizes := js[map[string]float64](a, `({
			gutter: document.querySelector("#hit-gutter").getBoundingClientRect().width,
			text: document.querySelector("#robots").getBoundingClientRect().width,
			page: document.documentElement.scrollWidth,
		})`)
		if sizes["gutter"] < 20 || sizes["text"] < 180 || sizes["page"] > 375 {
			t.Errorf("at 375 px: gutter %v px, editor text %v px, page %v px wide", sizes["gutter"], sizes["text"], sizes["page"])
		}
		screenshot(t, ctx, "hit-gutter-narrow")
	})
}

// writeHostsFile writes n URLs, gzipped: every fifth on another host when
// twoHosts, else all on example.com.
func writeHostsFile(t testing.TB, name string, n int, twoHosts bool) (path string, urls []string) {
	t.Helper()
	var b bytes.Buffer
	urls = make([]string, n)
	for i := range n {
		urls[i] = scaleURL(i)
		if twoHosts && i%5 == 0 {
			urls[i] = strings.Replace(urls[i], "example.com", "shop.example.org", 1)
		}
		b.WriteString(urls[i])
		b.WriteByte('\n')
	}
	var z bytes.Buffer
	w := gzip.NewWriter(&z)
	w.Write(b.Bytes())
	w.Close()
	path = filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, z.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, urls
}

func TestBrowserScopeLongList(t *testing.T) {
	const n = 250000
	one, _ := writeHostsFile(t, "one-host.txt.gz", n, false)
	two, twoURLs := writeHostsFile(t, "two-hosts.txt.gz", n, true)
	// The page asks the workers for the scope: count the requests.
	a, ctx := openScalePage(t, longTasksJS+`;(() => {
		window.__scopeAsks = 0;
		const post = Worker.prototype.postMessage;
		Worker.prototype.postMessage = function(msg, ...rest) {
			if (msg && msg.type === "scope") window.__scopeAsks++;
			return post.call(this, msg, ...rest);
		};
	})()`)
	summary := `(document.querySelector("#scope-summary") || {textContent: ""}).textContent`
	note := `document.querySelector("#robots-url-note").textContent`

	t.Run("Served at follows the URLs' one host", func(t *testing.T) {
		a.t = t
		a.importFile(one)
		a.table("250,000 URLs tested", func(s tableState) bool {
			return s.Settled == "true" && strings.HasPrefix(s.Summary, "250,000 URLs:")
		})
		a.longest()
		got := waitFor(a, "the note under Served at", note, func(s string) bool { return strings.Contains(s, "follows the URLs") })
		if !strings.Contains(got, "they all belong to https://example.com/robots.txt") {
			t.Errorf("the note under Served at %q does not name https://example.com/robots.txt", got)
		}
		t.Logf("longest main-thread task while the scope was worked out: %.0f ms", a.longest())
		// The gutter's counts of a long list are the panel's too.
		panel := js[map[string]string](a, `Object.fromEntries(Array.from(document.querySelectorAll("#hits button.hit")).map(b => [b.dataset.line, b.dataset.hits]))`)
		gutter := a.gutterCounts("the gutter's counts", func(g map[int]gutterCount) bool { return len(g) == 4 })
		for line := 2; line <= 5; line++ {
			if c := gutter[line]; strconv.Itoa(c.Hits) != panel[strconv.Itoa(line)] || strings.Contains(c.Class, "partial") {
				t.Errorf("line %d: gutter %+v, panel %s", line, c, panel[strconv.Itoa(line)])
			}
		}
		if want := countLine(n, 2); gutter[2].Hits != want || gutter[2].Text != compactCountOf(want) {
			t.Errorf("line 2 decided %d URLs, the gutter says %d (%q)", want, gutter[2].Hits, gutter[2].Text)
		}
		screenshot(t, ctx, "scope-long-list-served-at")
	})

	t.Run("the summary of the URLs on other hosts", func(t *testing.T) {
		a.t = t
		a.importFile(two)
		waitFor(a, "the second file imported", `(document.querySelector("#imported-list") || {textContent: ""}).textContent`,
			func(s string) bool { return strings.Contains(s, "two-hosts.txt.gz") })
		a.table("250,000 URLs on two hosts tested", func(s tableState) bool {
			return s.Settled == "true" && strings.HasPrefix(s.Summary, "250,000 URLs:")
		})
		got := waitFor(a, "the note: two hosts, no one robots.txt", note, func(s string) bool { return strings.HasPrefix(s, "Empty: every URL is tested") })
		if strings.Contains(got, "follows") {
			t.Errorf("two hosts, yet the note says %q", got)
		}
		const robotsURL = "https://example.com/robots.txt"
		a.setText("input#robots-url", robotsURL)
		// What the engine says of the same URLs.
		var tally engine.ScopeTally
		for _, u := range twoURLs {
			if r := engine.Scope(robotsURL, u); !r.Governs {
				tally.Add(r)
			}
		}
		want := tally.Summary()
		if !strings.HasPrefix(want, "50000 URLs are on other hosts") {
			t.Fatalf("the engine's summary %q: the generated list is not what this test expects", want)
		}
		a.longest()
		waitFor(a, "the scope summary", summary, func(s string) bool { return s == want })
		t.Logf("longest main-thread task while the scope was worked out: %.0f ms", a.longest())
		if by := js[string](a, `document.querySelector("table#results").dataset.testedBy`); by != "workers" {
			t.Errorf("tested by %q, want workers", by)
		}
		if asks := js[int](a, `window.__scopeAsks`); asks == 0 {
			t.Errorf("the workers were never asked for the list's scope: the page worked it out itself")
		}
		screenshot(t, ctx, "scope-long-list-summary")
	})
}

// compactCountOf is how the gutter writes a count of k thousand and more:
// rounded down to a thousand, "71k" for 71,428.
func compactCountOf(n int) string {
	if n < 10000 || n >= 1000000 {
		panic("compactCountOf is for counts of 10,000 to 999,999")
	}
	return strconv.Itoa(n/1000) + "k"
}

// Without workers a long list's scope is worked out on the page, in
// slices, at any size.
func TestBrowserScopeLongListWithoutWorkers(t *testing.T) {
	const n = 210000
	path, urls := writeHostsFile(t, "two-hosts.txt.gz", n, true)
	a, ctx := openScalePage(t, longTasksJS+";delete window.Worker;")
	const robotsURL = "https://example.com/"
	a.setText("input#robots-url", robotsURL)
	a.longest()
	a.importFile(path)
	a.table("210,000 URLs tested", func(s tableState) bool {
		return s.Settled == "true" && strings.HasPrefix(s.Summary, "210,000 URLs:")
	})
	if by := js[string](a, `document.querySelector("table#results").dataset.testedBy`); by != "slices" {
		t.Errorf("without workers the list was tested by %q, want slices", by)
	}
	t.Logf("longest main-thread task while the page imported and tested the list: %.0f ms", a.longest())
	var tally engine.ScopeTally
	for _, u := range urls {
		if r := engine.Scope(robotsURL, u); !r.Governs {
			tally.Add(r)
		}
	}
	want := tally.Summary()
	if want == "" {
		t.Fatal("the generated list has no URL on another host")
	}
	waitFor(a, "the scope summary", `(document.querySelector("#scope-summary") || {textContent: ""}).textContent`,
		func(s string) bool { return s == want })
	t.Logf("longest main-thread task while the page worked out the scope: %.0f ms", a.longest())
	screenshot(t, ctx, "scope-long-list-without-workers")
}
