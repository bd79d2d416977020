//go:build !js

package browsertest

// Browser tests of issue 4: the one-file build opened from file:// with the
// network off, permalinks that bring back the exact bytes, the autosaved
// draft, the embed mode in an <iframe>, the script API and the exports. They
// use the harness of browser_test.go (newBrowser, openApp, waitFor, …).

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// scriptVerdict is what robotsTester.test returns, as far as the tests read it.
type scriptVerdict struct {
	Allowed  bool   `json:"allowed"`
	Verdict  string `json:"verdict"`
	Line     int    `json:"line"`
	Rule     string `json:"rule"`
	Reason   string `json:"reason"`
	TestedAs string `json:"testedAs"`
}

// denyDownloads keeps Chromium from writing the tests' downloads to disk; the
// tests read them from the Blob instead (see captureDownloads).
func denyDownloads(t *testing.T, ctx context.Context) {
	t.Helper()
	if _, err := chromedp.CallBrowser(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{Behavior: browser.SetDownloadBehaviorBehaviorDeny}); err != nil {
		t.Fatalf("denying downloads: %v", err)
	}
}

// captureDownloads makes the page keep every Blob it turns into a download
// URL, so a test can read what a download would save.
func captureDownloads(a *app) {
	a.t.Helper()
	js[bool](a, `(() => {
		window.__downloads = [];
		const create = URL.createObjectURL.bind(URL);
		URL.createObjectURL = blob => { window.__downloads.push(blob); return create(blob); };
		return true;
	})()`)
}

// download clicks the control sel and returns the bytes of the Blob the page
// offered for download.
func download(a *app, sel string) []byte {
	a.t.Helper()
	before := js[int](a, `window.__downloads.length`)
	js[bool](a, `document.querySelector(`+quoteJS(sel)+`).click(), true`)
	waitFor(a, "a download from "+sel, `window.__downloads.length`, func(n int) bool { return n > before })
	enc := js[string](a, `(async () => {
		const bytes = new Uint8Array(await window.__downloads.at(-1).arrayBuffer());
		let s = "";
		for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
		return btoa(s);
	})()`)
	b, err := base64.StdEncoding.DecodeString(enc)
	if err != nil {
		a.t.Fatal(err)
	}
	return b
}

func quoteJS(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}

// TestOfflineSingleFile opens dist/robots-tester.html from file:// with the
// network emulated offline, runs a test end to end through the page and
// through the script API, and checks that the page asked the network for
// nothing.
func TestOfflineSingleFile(t *testing.T) {
	if _, err := os.Stat(filepath.Join(root, "web", "app.wasm")); err != nil {
		cannotRun(t, "web/app.wasm is not built (run make wasm)")
	}
	out := t.TempDir()
	buildDist(t, out)
	ctx := newBrowser(t)

	var mu sync.Mutex
	var requests []string
	if err := chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*network.EventRequestWillBeSent); ok {
			u := e.Request.URL
			if !strings.HasPrefix(u, "file:") && !strings.HasPrefix(u, "data:") && !strings.HasPrefix(u, "blob:") {
				mu.Lock()
				requests = append(requests, u)
				mu.Unlock()
			}
		}
	}); err != nil {
		t.Fatal(err)
	}
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, network.Enable, network.EnableParams{}); err != nil {
			return err
		}
		if _, err := cdp.Call(ctx, tg, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
			MatchedNetworkConditions: []*network.Conditions{{Offline: true, DownloadThroughput: -1, UploadThroughput: -1}},
		}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, tg, network.OverrideNetworkState, network.OverrideNetworkStateParams{Offline: true, DownloadThroughput: -1, UploadThroughput: -1})
		return err
	}))
	if err != nil {
		t.Fatalf("taking the tab offline: %v", err)
	}

	a := openApp(t, ctx, "file://"+filepath.ToSlash(filepath.Join(out, singleFileName)))
	if js[bool](a, `navigator.onLine`) {
		t.Errorf("the tab is not offline: the test would not show the file works without a network")
	}
	rows := a.load("User-agent: *\nDisallow: /private\nAllow: /private/press\n",
		"https://example.com/private/plans", "https://example.com/private/press/kit", "https://example.com/")
	want := []struct{ verdict, line string }{{"blocked", "2"}, {"allowed", "3"}, {"allowed", "0"}}
	for i, r := range rows {
		if r.Verdict != want[i].verdict || (want[i].line != "0" && r.Line != want[i].line) {
			t.Errorf("offline row %d (%s) = %s by line %q; want %s by line %s", i, r.URL, r.Verdict, r.Line, want[i].verdict, want[i].line)
		}
	}

	got := js[scriptVerdict](a, `robotsTester.ready.then(api => api.test("User-agent: *\nDisallow: /private\n", "Googlebot", "https://example.com/private/x"))`)
	if got.Allowed || got.Verdict != "blocked" || got.Line != 2 || got.TestedAs != "/private/x" || !strings.Contains(got.Reason, "2") {
		t.Errorf("robotsTester.test offline = %+v; want blocked by line 2, with a reason naming the line", got)
	}
	screenshot(t, ctx, "offline-single-file")

	mu.Lock()
	defer mu.Unlock()
	if len(requests) > 0 {
		t.Errorf("the single file asked the network for %q", requests)
	}
}

// trickyRobots is about 30 KB of what a textarea cannot carry: a BOM, CRLF
// breaks, tabs, non-ASCII paths, and one bare CR. (Under the 32 KiB a
// textarea is given, wasm/editorview.go: a longer file is shown read-only,
// and bigfile_browser_test.go checks its bytes.)
func trickyRobots() []byte {
	var b bytes.Buffer
	b.WriteString("\xef\xbb\xbfUser-agent:\tGooglebot\r\nDisallow:\t/privé/\r\nAllow: /privé/öffentlich\r")
	for i := 0; b.Len() < 30*1024; i++ {
		fmt.Fprintf(&b, "Disallow: /sección-%d/*.php$\t# regla %d\r\n", i, i%7)
	}
	b.WriteString("User-agent: *\r\nDisallow: /\r\n")
	return b.Bytes()
}

// TestPermalinkRoundTripsExactBytes opens a tricky robots.txt as a file,
// copies the link, opens the link in a fresh tab and downloads the robots.txt
// there: the bytes must be those of the file.
func TestPermalinkRoundTripsExactBytes(t *testing.T) {
	ctx := newBrowser(t)
	denyDownloads(t, ctx)
	a := openApp(t, ctx, serveSite(t))
	body := trickyRobots()
	file := filepath.Join(t.TempDir(), "robots.txt")
	if err := os.WriteFile(file, body, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.CSS("input#open-file"), []string{file})); err != nil {
		t.Fatalf("choosing the file in input#open-file: %v", err)
	}
	waitFor(a, "the opened file in the editor", `document.querySelector("textarea#robots").value.endsWith("User-agent: *\nDisallow: /\n")`,
		func(ok bool) bool { return ok })
	a.setText("textarea#urls", "https://example.com/privé/x\nhttps://example.com/sección-3/a.php")
	captureDownloads(a)
	if got := download(a, "#download"); !bytes.Equal(got, body) {
		t.Fatalf("Download after opening the file gave %d bytes, not the file's %d: %s", len(got), len(body), firstDiff(got, body))
	}

	js[bool](a, `document.querySelector("#copy-link").click(), true`)
	link := waitFor(a, "the link in #share-message[data-link]", `document.querySelector("#share-message").dataset.link || ""`,
		func(s string) bool { return s != "" })
	t.Logf("permalink for a %d-byte robots.txt: %d characters", len(body), len(link))
	if !strings.Contains(link, "#v1.") {
		t.Fatalf("the link %.80q carries no state in its fragment", link)
	}

	tab, cancel := chromedp.NewContext(ctx)
	defer cancel()
	b := openApp(t, tab, link)
	captureDownloads(b)
	if got := download(b, "#download"); !bytes.Equal(got, body) {
		t.Errorf("the link brought back %d bytes, not the %d of the file: %s", len(got), len(body), firstDiff(got, body))
	}
	shown := js[string](b, `document.querySelector("textarea#robots").value`)
	normalised := strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(strings.TrimPrefix(string(body), "\xef\xbb\xbf"))
	if shown != normalised {
		t.Errorf("the editor in the new tab shows other text than the file (%d characters, want %d)", len(shown), len(normalised))
	}
	if urls := js[string](b, `document.querySelector("textarea#urls").value`); urls != "https://example.com/privé/x\nhttps://example.com/sección-3/a.php" {
		t.Errorf("the link brought back the URL list %q", urls)
	}
	if addr := js[string](b, `location.href`); strings.Contains(addr, "#v1.") {
		t.Errorf("the state stayed in the address bar after opening the link (%.80q): a reload would reopen the link over the draft", addr)
	}
}

func firstDiff(got, want []byte) string {
	for i := range min(len(got), len(want)) {
		if got[i] != want[i] {
			return fmt.Sprintf("first difference at byte %d: %q, want %q", i, got[i:min(i+12, len(got))], want[i:min(i+12, len(want))])
		}
	}
	return "one is a prefix of the other"
}

// TestDraftSurvivesReloadAndLinks edits the robots.txt, reloads (the draft
// comes back), then opens a link: the link wins, and the draft it displaced
// can be restored.
func TestDraftSurvivesReloadAndLinks(t *testing.T) {
	ctx := newBrowser(t)
	base := serveSite(t)
	a := openApp(t, ctx, base)
	draft := "User-agent: *\nDisallow: /my-draft\n"
	a.load(draft, "https://example.com/my-draft/x")
	waitFor(a, "the draft in localStorage", `Object.keys(localStorage).some(k => k.includes("draft"))`, func(ok bool) bool { return ok })

	a = openApp(t, ctx, base)
	if got := js[string](a, `document.querySelector("textarea#robots").value`); got != draft {
		t.Fatalf("after a reload the editor shows %q, not the draft %q", got, draft)
	}

	// A colleague's link: made here, then the page goes back to the draft.
	a.load("User-agent: *\nDisallow: /their-link\n", "https://example.com/their-link")
	js[bool](a, `document.querySelector("#copy-link").click(), true`)
	link := waitFor(a, "the link in #share-message[data-link]", `document.querySelector("#share-message").dataset.link || ""`,
		func(s string) bool { return s != "" })
	a.load(draft, "https://example.com/my-draft/x")
	waitFor(a, "the draft saved again", `document.querySelector("textarea#robots").value`, func(s string) bool { return s == draft })

	// The same page with a new fragment: the open page reads the link (a
	// hashchange), once the browser has inflated it.
	a = openApp(t, ctx, link)
	waitFor(a, "the link's state over the draft", `document.querySelector("textarea#robots").value`,
		func(s string) bool { return strings.Contains(s, "/their-link") })
	js[bool](a, `document.querySelector("#restore-draft").click(), true`)
	waitFor(a, "the displaced draft restored", `document.querySelector("textarea#robots").value`, func(s string) bool { return s == draft })
}

// embedParent is a documentation page that embeds the tester and sizes the
// <iframe> from its height messages, as the README's snippet does.
const embedParent = `<!doctype html><meta charset="utf-8"><title>docs</title>
<script>
window.heights = [];
addEventListener("message", e => {
  if (e.data && e.data.type === "robots-tester:height") {
    heights.push(e.data.height);
    document.querySelector("iframe").style.height = e.data.height + "px";
  }
});
</script>
<p>Our robots.txt:</p>
<iframe title="robots.txt tester" style="width: 480px; border: 0"></iframe>`

// TestEmbedInIframe embeds the tester with a state made by the full page and
// checks the height messages, the verdicts, the read-only editor and the
// link back to the full tester.
func TestEmbedInIframe(t *testing.T) {
	ctx := newBrowser(t)
	base := behind(t, func(next http.Handler) http.Handler {
		mux := http.NewServeMux()
		mux.Handle("/", next)
		mux.HandleFunc("/docs.html", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, embedParent)
		})
		return mux
	}, "-fetch=false")
	srvURL := strings.TrimSuffix(base, "/")

	a := openApp(t, ctx, srvURL+"/")
	a.load("User-agent: *\nDisallow: /private\n", "https://example.com/private/a", "https://example.com/open")
	js[bool](a, `document.querySelector("#copy-link").click(), true`)
	link := waitFor(a, "the link in #share-message[data-link]", `document.querySelector("#share-message").dataset.link || ""`,
		func(s string) bool { return s != "" })
	frag := link[strings.Index(link, "#"):]

	if err := chromedp.Do(ctx, chromedp.Navigate(srvURL+"/docs.html")); err != nil {
		t.Fatal(err)
	}
	call[bool](a, `src => { document.querySelector("iframe").src = src; return true; }`, "./?embed&readonly"+frag)
	first := waitFor(a, "a height message from the embed", `heights.length ? heights[heights.length - 1] : 0`, func(h int) bool { return h > 50 })

	const inFrame = `document.querySelector("iframe").contentDocument`
	verdicts := waitFor(a, "the embed's verdicts", `Array.from(`+inFrame+`.querySelectorAll("tr.result")).map(tr => tr.dataset.verdict)`,
		func(v []string) bool { return len(v) == 2 })
	if verdicts[0] != "blocked" || verdicts[1] != "allowed" {
		t.Errorf("the embed shows %q; want blocked, allowed", verdicts)
	}
	if !js[bool](a, inFrame+`.body.classList.contains("embed")`) {
		t.Errorf("the embedded page lacks body.embed")
	}
	if !js[bool](a, inFrame+`.querySelector("textarea#robots").readOnly`) {
		t.Errorf("?readonly left the embedded editor editable")
	}
	// The browser compresses the link's state: it comes a moment later.
	full := waitFor(a, "the Open in full tester link", inFrame+`.querySelector("a#open-full").href`,
		func(href string) bool { return href != "" })
	if !strings.Contains(full, "#v1.") || strings.Contains(full, "embed") {
		t.Errorf("Open in full tester points to %q; want the full page with the state in its fragment", full)
	}

	// More URLs make the embed taller: a new height is posted.
	call[bool](a, `urls => {
		const ta = document.querySelector("iframe").contentDocument.querySelector("textarea#urls");
		ta.value = urls;
		ta.dispatchEvent(new Event("input", {bubbles: true}));
		return true;
	}`, strings.Repeat("https://example.com/private/more\n", 12))
	waitFor(a, "a taller height after adding rows", `heights[heights.length - 1]`, func(h int) bool { return h > first })
	screenshot(t, ctx, "embed-iframe")

	// The script API answers in the embed too, from the parent's script.
	got := js[scriptVerdict](a, `document.querySelector("iframe").contentWindow.robotsTester.ready.then(api => api.test("User-agent: *\nAllow: /\n", "Bingbot", "https://example.com/x"))`)
	if !got.Allowed || got.Verdict != "allowed" || got.Line != 2 {
		t.Errorf("robotsTester.test in the embed = %+v; want allowed by line 2", got)
	}
}

// TestExportsCSVAndJSON exports the results and reads the files.
func TestExportsCSVAndJSON(t *testing.T) {
	ctx := newBrowser(t)
	denyDownloads(t, ctx)
	a := openApp(t, ctx, serveSite(t))
	a.load("User-agent: *\nDisallow: /private\n", "https://example.com/private/a", "https://example.com/open")
	captureDownloads(a)

	csv := string(download(a, "#export-csv"))
	lines := strings.Split(strings.TrimSuffix(csv, "\r\n"), "\r\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "url,tested_as,crawler,verdict,line,rule,group,reason") {
		t.Fatalf("the CSV export is\n%s", csv)
	}
	if !strings.HasPrefix(lines[1], "https://example.com/private/a,/private/a,") || !strings.Contains(lines[1], ",blocked,2,Disallow: /private,") {
		t.Errorf("CSV row 1 = %q; want the blocked URL with line 2 and its rule", lines[1])
	}
	if !strings.Contains(lines[2], ",allowed,0,") {
		t.Errorf("CSV row 2 = %q; want allowed with no deciding line", lines[2])
	}

	var rows []struct {
		URL, TestedAs, Verdict, Rule, Reason string
		Line                                 int
	}
	raw := download(a, "#export-json")
	if err := json.Unmarshal(raw, &rows); err != nil {
		t.Fatalf("the JSON export does not parse: %v\n%s", err, raw)
	}
	if len(rows) != 2 || rows[0].Verdict != "blocked" || rows[0].Line != 2 || rows[0].TestedAs != "/private/a" || rows[0].Reason == "" || rows[1].Verdict != "allowed" {
		t.Errorf("the JSON export is %+v", rows)
	}
}
