//go:build !js

package browsertest

// Browser tests of the live-site panel (wasm/site.go, wasm/sitemaps.go):
// the page served with /api by the tester's binary (-fetch-allow-private),
// fetching from a second server on 127.0.0.1. Chromium itself only talks to
// the tester's own server.

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"robotstester/engine"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// liveSite is the site the browser tests fetch: a robots.txt two redirects
// away with bytes a textarea cannot carry, and a sitemap index of gzip
// sitemaps.
type liveSite struct {
	*fetchSite
	robots  []byte
	urls    []string // every sitemap URL, in index order
	perFile int
}

const liveSitemaps, livePerSitemap = 7, 10000 // 70,000 URLs

// sitemapsDelay is how long TestBrowserSitemaps' site takes to serve each sitemap.
const sitemapsDelay = 600 * time.Millisecond

func newLiveSite(t *testing.T, sitemapDelay time.Duration, perFile int) *liveSite {
	t.Helper()
	ls := &liveSite{perFile: perFile}
	files := map[string][]byte{}
	ls.fetchSite = newFetchSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			http.Redirect(w, r, "/moved/robots.txt", http.StatusMovedPermanently)
			return
		case "/moved/robots.txt":
			http.Redirect(w, r, "/final/robots.txt", http.StatusFound)
			return
		case "/final/robots.txt":
			w.Header().Set("Content-Type", "text/plain; charset=windows-1252")
			w.Write(ls.robots)
			return
		}
		body, ok := files[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		if strings.HasSuffix(r.URL.Path, ".gz") {
			time.Sleep(sitemapDelay)
			w.Header().Set("Content-Type", "application/gzip")
		}
		w.Write(body)
	}))
	origin := ls.url("127.0.0.1", "")
	ls.robots = []byte("\xef\xbb\xbfUser-agent: *\r\nDisallow: /caf\xe9\r\nDisallow: /s2/\r\nDisallow: /*?print\r\n\r\nSitemap: " + origin + "/sitemap_index.xml\r\n")
	var idx strings.Builder
	idx.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`)
	for i := range liveSitemaps {
		name := fmt.Sprintf("/sitemaps/s%d.xml.gz", i)
		fmt.Fprintf(&idx, "\n<sitemap><loc>%s%s</loc></sitemap>", origin, name)
		var b bytes.Buffer
		zw := gzip.NewWriter(&b)
		zw.Write([]byte(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`))
		for j := range perFile {
			u := fmt.Sprintf("%s/s%d/page-%d", origin, i, j)
			if j%100 == 0 {
				u += "?print=1"
			}
			ls.urls = append(ls.urls, u)
			fmt.Fprintf(zw, "\n<url><loc>%s</loc></url>", strings.ReplaceAll(u, "&", "&amp;"))
		}
		zw.Write([]byte("\n</urlset>\n"))
		zw.Close()
		files[name] = b.Bytes()
	}
	idx.WriteString("\n</sitemapindex>\n")
	files["/sitemap_index.xml"] = []byte(idx.String())
	return ls
}

// fetchInPage types site into the Site field and presses Enter.
func fetchInPage(a *app, site string) {
	a.t.Helper()
	a.setText("input#site", site)
	if err := chromedp.Do(a.ctx, chromedp.SendKeys(chromedp.CSS("input#site"), kb.Enter)); err != nil {
		a.t.Fatalf("pressing Enter in the Site field: %v", err)
	}
}

type stripView struct {
	State, Status, Effect, Text, Outcome, Error string
	Hops                                        []string
}

const stripJS = `(() => {
	const s = document.querySelector("#fetch-strip");
	if (!s) return {};
	const text = sel => { const e = s.querySelector(sel); return e ? e.textContent : ""; };
	return {State: s.dataset.state || "", Status: s.dataset.status || "", Effect: s.dataset.effect || "",
		Text: s.textContent, Outcome: text("#fetch-outcome"), Error: text("#fetch-error"),
		Hops: Array.from(s.querySelectorAll("#fetch-hops li")).map(li => li.textContent)};
})()`

func TestBrowserFetch(t *testing.T) {
	ctx := newBrowser(t)
	live := newLiveSite(t, 0, 10)
	broken := newFetchSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "maintenance", http.StatusServiceUnavailable)
	}))
	line := "Disallow: /a-long-enough-path-to-fill-the-file/\n"
	big := []byte(strings.Repeat(line, 700*1024/len(line)+1)[:700*1024])
	large := newFetchSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write(big) }))
	loop := newFetchSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, r.URL.Path+"?hop="+r.URL.Query().Get("hop")+"1", http.StatusMovedPermanently)
	}))
	a := openApp(t, ctx, serveWithAPI(t, true))
	before := js[string](a, `document.querySelector("textarea#robots").value`)

	fetchInPage(a, live.url("127.0.0.1", "/some/page?x=1"))
	strip := waitFor(a, "the strip to show a live fetch", stripJS, func(s stripView) bool { return s.State == "live" })
	robotsURL := live.url("127.0.0.1", "/robots.txt")
	if strip.Status != "200" || strip.Effect != "conditional allow" || !strings.Contains(strip.Outcome, "after 2 redirects") {
		t.Errorf("strip: status %q effect %q outcome %q; want 200, conditional allow, after 2 redirects", strip.Status, strip.Effect, strip.Outcome)
	}
	wantHops := []string{robotsURL + " → 301", live.url("127.0.0.1", "/moved/robots.txt") + " → 302", live.url("127.0.0.1", "/final/robots.txt") + " → 200"}
	if strings.Join(strip.Hops, "\n") != strings.Join(wantHops, "\n") {
		t.Errorf("hops %q, want %q", strip.Hops, wantHops)
	}
	for _, want := range []string{"Final URL" + live.url("127.0.0.1", "/final/robots.txt"), fmt.Sprintf("Size%d bytes", len(live.robots)), "text/plain; charset=windows-1252", " ms", "this tester's server"} {
		if !strings.Contains(strip.Text, want) {
			t.Errorf("the strip %q does not say %q", strip.Text, want)
		}
	}
	if got := js[string](a, `document.querySelector("select#status").value`); got != "redirect-ok" {
		t.Errorf("the server-answer choice is %q, want redirect-ok", got)
	}
	if got := js[string](a, `document.querySelector("input#robots-url").value`); got != robotsURL {
		t.Errorf("Served at shows %q, want %q", got, robotsURL)
	}
	if got := js[string](a, `document.querySelector("#fetch-strip").getAttribute("role")`); got != "status" {
		t.Errorf("the strip's role is %q, want status", got)
	}
	captureDownloads(a)
	if got := download(a, "#download"); !bytes.Equal(got, live.robots) {
		t.Errorf("the editor holds %q, not the fetched bytes %q", got, live.robots)
	}
	screenshot(t, ctx, "fetch-live")

	// An edit turns "live" into "edited"; Undo brings the old text back.
	a.setText("textarea#robots", "User-agent: *\nDisallow: /edited\n")
	waitFor(a, "the strip to say edited", stripJS, func(s stripView) bool { return s.State == "edited" })
	js[bool](a, `document.querySelector("#fetch-undo").click(), true`)
	waitFor(a, "the text from before the fetch", `document.querySelector("textarea#robots").value`, func(s string) bool { return s == before })

	// 700 KiB: the editor gets what Googlebot reads, the strip says so.
	fetchInPage(a, large.url("127.0.0.1", "/"))
	cut := waitFor(a, "the 500 KiB cut", `(() => { const c = document.querySelector("#fetch-cut"); return c ? c.textContent : ""; })()`,
		func(s string) bool { return s != "" })
	if !strings.Contains(cut, "716,800 bytes") || !strings.Contains(cut, "500 KiB") {
		t.Errorf("the cut says %q", cut)
	}
	if got := download(a, "#download"); !bytes.Equal(got, big[:engine.GooglebotFetchLimit]) {
		t.Errorf("after a 700 KiB fetch the editor holds %d bytes, want the first %d", len(got), engine.GooglebotFetchLimit)
	}
	screenshot(t, ctx, "fetch-cut")
	js[bool](a, `document.querySelector("#fetch-undo").click(), true`)

	// A 503: the editor keeps its text, the answer says full disallow.
	fetchInPage(a, broken.url("127.0.0.1", "/"))
	strip = waitFor(a, "the strip to show the 503", stripJS, func(s stripView) bool { return s.Status == "503" })
	if strip.State != "kept" || strip.Effect != "full disallow" {
		t.Errorf("503: state %q effect %q; want kept, full disallow", strip.State, strip.Effect)
	}
	if got := js[string](a, `document.querySelector("select#status").value`); got != "503" {
		t.Errorf("503: the server-answer choice is %q", got)
	}
	if got := js[string](a, `document.querySelector("textarea#robots").value`); got != before {
		t.Errorf("503: the editor changed to %q", got)
	}
	screenshot(t, ctx, "fetch-503")

	// Endless redirects: Google stops after 5 and reads the file as missing.
	fetchInPage(a, loop.url("127.0.0.1", "/"))
	strip = waitFor(a, "the redirect loop", stripJS, func(s stripView) bool { return s.Effect == "full allow" })
	if len(strip.Hops) != 6 || !strings.Contains(strip.Hops[5], "not followed") || !strings.Contains(strip.Outcome, "at most 5 redirect hops") {
		t.Errorf("redirect loop: hops %q outcome %q", strip.Hops, strip.Outcome)
	}
	if got := js[string](a, `document.querySelector("select#status").value`); got != "redirect-too-many" {
		t.Errorf("redirect loop: the server-answer choice is %q", got)
	}

	// A refused destination and a port where nothing listens: sentences.
	// (A name that does not resolve is fetch_test.go's, with its own
	// resolver: the tester run as a user asks the system's, and the tests
	// send nothing off this machine.)
	fetchInPage(a, "http://169.254.169.254/")
	msg := waitFor(a, "the refusal", `document.querySelector("#fetch-strip").textContent`, func(s string) bool { return strings.Contains(s, "Refused destination") })
	if !strings.Contains(msg, "link-local") {
		t.Errorf("refusal %q does not say why", msg)
	}
	fetchInPage(a, "http://127.0.0.1:"+closedPort(t)+"/")
	strip = waitFor(a, "the refused connection", stripJS, func(s stripView) bool { return strings.Contains(s.Error, "Connection refused") })
	if strip.Effect != "full disallow" || js[string](a, `document.querySelector("select#status").value`) != "unreachable" {
		t.Errorf("refused connection: effect %q; want full disallow and the unreachable choice", strip.Effect)
	}
}

// TestBrowserFetchWithoutServer: with -fetch=false the page still works,
// and Fetch says in one sentence why it cannot, offering Open robots.txt….
func TestBrowserFetchWithoutServer(t *testing.T) {
	ctx := newBrowser(t)
	a := openApp(t, ctx, serveWithAPI(t, false))
	// Port 1 on loopback: nothing listens, and the page's CSP stops the
	// browser's own request before it is sent anyway.
	fetchInPage(a, "http://127.0.0.1:1/")
	// While the fetch is under way the strip says only that (data-state busy).
	msg := waitFor(a, "the explanation", `document.querySelector("#fetch-strip").dataset.state === "message" ? document.querySelector("#fetch-strip").textContent : ""`,
		func(s string) bool { return s != "" })
	if !strings.Contains(msg, "live fetching is turned off") || !strings.Contains(msg, "Open robots.txt") {
		t.Errorf("without fetching the page says %q", msg)
	}
	if !js[bool](a, `!!document.querySelector("#fetch-open-file")`) {
		t.Error("no Open robots.txt… button beside the explanation")
	}
	rows := a.load("User-agent: *\nDisallow: /x\nSitemap: http://127.0.0.1:1/sitemap.xml\n", "https://www.example.com/x")
	checkVerdict(t, rows[0], "blocked")
	screenshot(t, ctx, "fetch-disabled")

	// Test sitemap URLs without a server: the sitemap cannot be read, the
	// summary says why, and the URL list stays as it was.
	js[bool](a, `document.querySelector("#test-sitemaps").click(), true`)
	summary := waitFor(a, "the sitemap error", `document.querySelector("#sitemap-summary").textContent`, func(s string) bool { return strings.Contains(s, "no URLs") })
	if !strings.Contains(summary, "Import sitemap") || !strings.Contains(summary, "URL list is unchanged") {
		t.Errorf("sitemaps without a server: %q", summary)
	}
	if urls := js[string](a, `document.querySelector("textarea#urls").value`); urls != "https://www.example.com/x" {
		t.Errorf("a walk that read nothing changed the URL list to %q", urls)
	}

	// Import sitemap… needs no server: a .xml.gz is decompressed by the
	// browser.
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(`<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` +
		`<url><loc>https://www.example.com/a</loc></url><url><loc>https://www.example.com/x/1</loc></url>` +
		`<url><loc>https://www.example.com/x/2?q=1&amp;r=2</loc></url></urlset>`))
	zw.Close()
	file := filepath.Join(t.TempDir(), "sitemap.xml.gz")
	if err := os.WriteFile(file, gz.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.CSS("input#import-sitemap"), []string{file})); err != nil {
		t.Fatalf("choosing the file in input#import-sitemap: %v", err)
	}
	blocked := waitFor(a, "the imported sitemap's blocked count", `(() => { const b = document.querySelector("#sitemap-blocked"); return b ? b.dataset.blocked : ""; })()`,
		func(s string) bool { return s != "" })
	if blocked != "2" {
		t.Errorf("imported sitemap: %s blocked, want 2", blocked)
	}
	if urls := js[string](a, `document.querySelector("textarea#urls").value`); urls != "https://www.example.com/a\nhttps://www.example.com/x/1\nhttps://www.example.com/x/2?q=1&r=2" {
		t.Errorf("imported sitemap: the URL list is %q", urls)
	}
	screenshot(t, ctx, "sitemap-import")
}

// TestBrowserSitemapsCancel: Cancel stops the walk after the sitemap being
// read, and the URLs read so far are tested.
func TestBrowserSitemapsCancel(t *testing.T) {
	ctx := newBrowser(t)
	live := newLiveSite(t, 700*time.Millisecond, 100)
	a := openApp(t, ctx, serveWithAPI(t, true))
	fetchInPage(a, live.url("127.0.0.1", "/"))
	waitFor(a, "the fetched robots.txt", stripJS, func(s stripView) bool { return s.State == "live" })
	js[bool](a, `document.querySelector("#test-sitemaps").click(), true`)
	waitFor(a, "the first sitemap read", `(() => { const p = document.querySelector("#sitemap-progress"); return p ? +p.dataset.urls : -1; })()`,
		func(n int) bool { return n >= 100 })
	js[bool](a, `document.querySelector("#sitemap-cancel").click(), true`)
	summary := waitFor(a, "the cancelled walk's summary", `(() => { const s = document.querySelector("#sitemap-summary"); return s ? s.textContent : ""; })()`,
		func(s string) bool { return strings.Contains(s, "Cancelled after") })
	n := js[int](a, `document.querySelector("textarea#urls").value.split("\n").length`)
	if n < 100 || n >= liveSitemaps*100 || !strings.Contains(summary, "only the URLs read so far are listed") {
		t.Errorf("after Cancel: %d URLs in the list, summary %q", n, summary)
	}

	// A sitemap the person names instead of the file's.
	a.setText("input#sitemap-url", live.url("127.0.0.1", "/sitemaps/s3.xml.gz"))
	js[bool](a, `document.querySelector("#test-sitemaps").click(), true`)
	summary = waitFor(a, "the named sitemap read", `(() => { const s = document.querySelector("#sitemap-read"); return s ? s.textContent : ""; })()`,
		func(s string) bool { return strings.HasPrefix(s, "Read 1 sitemap") })
	if !strings.Contains(summary, ": 100 URLs") || !strings.HasPrefix(js[string](a, `document.querySelector("textarea#urls").value`), live.url("127.0.0.1", "/s3/page-0")) {
		t.Errorf("a named sitemap: %q", summary)
	}
}

// TestBrowserFetchWithoutAPI: where there is no /api (the offline single
// file, or dist/site/ on a static host), Fetch asks the browser itself: a
// site that allows cross-origin reads is fetched, one that does not gets a
// sentence saying why and the Open robots.txt… offer.
func TestBrowserFetchWithoutAPI(t *testing.T) {
	out := t.TempDir()
	buildDist(t, out)
	static := httptest.NewServer(http.FileServer(http.Dir(filepath.Join(out, "site"))))
	t.Cleanup(static.Close)
	body := "User-agent: *\nDisallow: /cors\n"
	site := newFetchSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		if r.URL.Query().Get("closed") == "" && !strings.HasPrefix(r.Host, "localhost") {
			w.Header().Set("Access-Control-Allow-Origin", "*")
		}
		w.Write([]byte(body))
	}))
	for _, tc := range []struct{ name, page string }{
		{"single file", "file://" + filepath.ToSlash(filepath.Join(out, singleFileName))},
		{"static host", static.URL + "/"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := newBrowser(t)
			a := openApp(t, ctx, tc.page)
			fetchInPage(a, site.url("127.0.0.1", "/"))
			strip := waitFor(a, "the browser's fetch", stripJS, func(s stripView) bool { return s.State == "live" })
			if strip.Status != "200" || !strings.Contains(strip.Text, "your browser") {
				t.Errorf("%s, CORS site: %+v", tc.name, strip)
			}
			if got := js[string](a, `document.querySelector("textarea#robots").value`); got != body {
				t.Errorf("the editor holds %q, want %q", got, body)
			}
			screenshot(t, ctx, "fetch-"+strings.ReplaceAll(tc.name, " ", "-"))

			fetchInPage(a, site.url("localhost", "/"))
			msg := waitFor(a, "the explanation", `document.querySelector("#fetch-strip").dataset.state === "message" ? document.querySelector("#fetch-strip").textContent : ""`,
				func(s string) bool { return s != "" })
			if !strings.Contains(msg, "cross-origin") || !strings.Contains(msg, "Open robots.txt") {
				t.Errorf("%s, site without CORS: %q", tc.name, msg)
			}
		})
	}
}

// TestBrowserSitemaps: Test sitemap URLs on an index of 70,000 URLs in 7
// gzip sitemaps shows its progress, stops at the default cap of 50,000,
// says so, and counts the blocked URLs.
func TestBrowserSitemaps(t *testing.T) {
	ctx := newBrowser(t)
	// Each sitemap waits long enough that the page, reading and testing
	// 10,000 URLs a sitemap on a loaded machine, shows a step between two
	// waves of fetches (one run at load average 10 showed only one step
	// with 300 ms).
	live := newLiveSite(t, sitemapsDelay, livePerSitemap)
	a := openApp(t, ctx, serveWithAPI(t, true))
	a.crawler("Googlebot")
	fetchInPage(a, live.url("127.0.0.1", "/"))
	waitFor(a, "the fetched robots.txt", stripJS, func(s stripView) bool { return s.State == "live" })

	// Every progress text the page shows is recorded.
	js[bool](a, `(() => {
		window.__progress = [];
		new MutationObserver(() => {
			const p = document.querySelector("#sitemap-progress p");
			if (p && window.__progress.at(-1) !== p.textContent) window.__progress.push(p.textContent);
		}).observe(document.body, {subtree: true, childList: true, characterData: true});
		return true;
	})()`)
	a.setText("textarea#urls", "/typed-before-the-sitemaps")
	clicked := time.Now()
	js[bool](a, `document.querySelector("#test-sitemaps").click(), true`)
	waitFor(a, "the progress bar past the second sitemap", `(() => { const p = document.querySelector("#sitemap-progress"); return p ? +p.dataset.urls : -1; })()`,
		func(n int) bool { return n >= 2*livePerSitemap })
	screenshot(t, ctx, "sitemap-progress")

	// Reading and testing 50,000 URLs (in the workers) takes the page about
	// 2 s on the 2-core machine; a loaded CI machine gets up to 80 s, within
	// browserTimeout.
	deadline := time.Now().Add(80 * time.Second)
	var blocked string
	for time.Now().Before(deadline) {
		blocked = js[string](a, `(() => { const b = document.querySelector("#sitemap-blocked"); return b ? b.dataset.blocked : ""; })()`)
		if blocked != "" {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	if blocked == "" {
		t.Fatalf("no blocked count after 80 s\n%s", a.describe())
	}
	t.Logf("Test sitemap URLs: %v from the click to the blocked count for 50,000 URLs (6 sitemaps, each served after %v)", time.Since(clicked).Round(100*time.Millisecond), sitemapsDelay)
	want := 0
	for _, u := range live.urls[:50000] {
		if strings.Contains(u, "/s2/") || strings.Contains(u, "?print") {
			want++
		}
	}
	if blocked != fmt.Sprint(want) {
		t.Errorf("blocked count %s, want %d", blocked, want)
	}
	summary := js[string](a, `document.querySelector("#sitemap-summary").textContent`)
	for _, w := range []string{"Read 6 sitemaps", "50,000 URLs", "Stopped at 50,000 URLs", "2 sitemaps not read", fmt.Sprintf("%s of these 50,000 sitemap URLs are blocked for Googlebot", engine.Thousands(want))} {
		if !strings.Contains(summary, w) {
			t.Errorf("the summary %q does not say %q", summary, w)
		}
	}
	// Fetches overlap (three at once), so which steps a person sees
	// varies; each step shown says the count and the latest sitemap.
	progress := js[[]string](a, `window.__progress`)
	children := 0
	for _, p := range progress {
		if strings.Contains(p, "URLs so far") && strings.Contains(p, "; the latest: "+live.url("127.0.0.1", "/sitemaps/s")) {
			children++
		}
	}
	if children < 2 {
		t.Errorf("progress shown: %q; want a count and the latest sitemap at several steps", progress)
	}
	// 50,000 URLs take the long-list path of an imported file: out of the
	// text box, which Chromium takes seconds to lay out, and tested in the
	// workers.
	if n := js[int](a, `(() => { const u = document.querySelector("textarea#urls"); return u ? u.value.split("\n").length : 0; })()`); n >= 10 {
		t.Errorf("the text box holds %d lines of the sitemap list; want it kept aside", n)
	}
	if note := js[string](a, `(document.querySelector("#imported-list") || {textContent: ""}).textContent`); !strings.Contains(note, "50,000 URLs imported from "+live.url("127.0.0.1", "/sitemap_index.xml")) || !strings.Contains(note, "too many to show in a text box") {
		t.Errorf("#imported-list %q does not say the sitemap list is kept aside", note)
	}
	if by := js[string](a, `document.querySelector("table#results").dataset.testedBy`); by != "workers" {
		t.Errorf("the sitemap list was tested by %q, want workers", by)
	}
	js[bool](a, `document.querySelector("#sitemap-summary").scrollIntoView({block: "start"}), true`)
	screenshot(t, ctx, "sitemap-summary")
	first := js[string](a, `document.querySelector("#sitemap-blocked-list button").dataset.index`)
	js[bool](a, `document.querySelector("#sitemap-blocked-list button").click(), true`)
	waitFor(a, "the blocked URL's row selected", `(() => { const r = document.querySelector("table#results tr.result.selected"); return r ? r.dataset.index : ""; })()`,
		func(s string) bool { return s == first })
	screenshot(t, ctx, "sitemap-done")

	// Type a list instead: the list typed before the walk is back.
	js[bool](a, `document.querySelector("#clear-imported").click(), true`)
	typed := waitFor(a, "the text box back", `(() => { const u = document.querySelector("textarea#urls"); return u ? u.value : "(none)"; })()`,
		func(s string) bool { return s != "(none)" })
	if typed != "/typed-before-the-sitemaps" {
		t.Errorf("after Type a list instead the text box holds %q, want the list typed before", typed)
	}
}

// TestBrowserFetchNarrow: the panel, the strip with its long URLs and the
// sitemap summary fit a phone's 375 px.
func TestBrowserFetchNarrow(t *testing.T) {
	ctx := newBrowser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(375, 812, chromedp.EmulateMobile)); err != nil {
		t.Fatal(err)
	}
	live := newLiveSite(t, 0, 50)
	a := openApp(t, ctx, serveWithAPI(t, true))
	fetchInPage(a, live.url("127.0.0.1", "/a/rather/long/path/to/show/that/the/strip/wraps/its/text"))
	waitFor(a, "the fetched robots.txt", stripJS, func(s stripView) bool { return s.State == "live" })
	js[bool](a, `document.querySelector("#test-sitemaps").click(), true`)
	waitFor(a, "the blocked count", `(() => { const b = document.querySelector("#sitemap-blocked"); return b ? b.dataset.blocked : ""; })()`,
		func(s string) bool { return s != "" })
	if width := js[int](a, `document.documentElement.scrollWidth`); width > 375 {
		wide := js[[]string](a, `Array.from(document.querySelectorAll("#site-panel *")).filter(e => e.getBoundingClientRect().right > 376)
			.slice(0, 8).map(e => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + " right=" + Math.round(e.getBoundingClientRect().right))`)
		t.Errorf("at 375 px the page is %d px wide; in the panel, past the edge: %q", width, wide)
	}
	js[bool](a, `document.querySelector("#site-panel").scrollIntoView(), true`)
	screenshot(t, ctx, "fetch-narrow-375")
}

// TestBrowserDiffWithLiveFile: after a fetch, the Diff view offers the
// live file (and the file from before the fetch) as the version to compare
// the draft with, and an edit of the draft shows as a change against it.
func TestBrowserDiffWithLiveFile(t *testing.T) {
	ctx := newBrowser(t)
	live := newLiveSite(t, 0, 10)
	a := openApp(t, ctx, serveWithAPI(t, true))
	fetchInPage(a, live.url("127.0.0.1", "/"))
	waitFor(a, "the strip to show a live fetch", stripJS, func(s stripView) bool { return s.State == "live" })
	draft := "User-agent: *\nDisallow: /\n"
	a.setText("textarea#robots", draft)
	waitFor(a, "the strip to say edited", stripJS, func(s stripView) bool { return s.State == "edited" })

	a.openTab("diff")
	a.click("#diff-live")
	label := waitFor(a, "the live file as the before version", `document.querySelector("label[for=diff-other]").textContent`,
		func(s string) bool { return strings.Contains(s, "the live file fetched from") })
	if !strings.Contains(label, live.url("127.0.0.1", "/final/robots.txt")) {
		t.Errorf("the before version is named %q, want the final URL of the fetch", label)
	}
	hunks := waitFor(a, "the diff against the live file", `(() => { const s = document.querySelector("#diff-summary"); return s ? s.dataset.hunks || "" : ""; })()`,
		func(n string) bool { return n != "" && n != "0" })
	if hunks == "" {
		t.Fatal("no changed lines between the live file and a different draft")
	}
	screenshot(t, ctx, "diff-live-file")

	a.click("#diff-previous")
	waitFor(a, "the pre-fetch text as the before version", `document.querySelector("label[for=diff-other]").textContent`,
		func(s string) bool { return strings.Contains(s, "the file before this fetch") })
}
