//go:build !js

package browsertest

// Browser tests of the site session (issue 22, wasm/store/session.go):
// fetching a site, or pasting a new file, replaces everything the page
// derived from the site before, and keeps the file before as a named Diff
// source. The sites are servers this test starts on 127.0.0.1.

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

// sessionView is what the page shows about "the current site".
type sessionView struct {
	Strip, StripState, ServedAt, Status, Summary, URLs, Imported, Results string
	Blocked                                                               bool
}

const sessionJS = `(() => {
	const q = s => document.querySelector(s);
	const text = s => { const e = q(s); return e ? e.textContent : ""; };
	const strip = q("#fetch-strip");
	return {
		Strip: strip ? strip.textContent : "", StripState: strip ? strip.dataset.state || "" : "",
		ServedAt: q("input#robots-url").value, Status: q("select#status").value,
		Summary: text("#sitemap-summary"), URLs: q("textarea#urls") ? q("textarea#urls").value : "",
		Imported: text("#imported-list"), Results: text("table#results tbody"), Blocked: !!q("#sitemap-blocked"),
	};
})()`

// pasteRobots pastes text over the editor's whole text, as a person does
// with Ctrl+A, Ctrl+V: the paste event, then the input it causes.
func (a *app) pasteRobots(text string) {
	a.t.Helper()
	if !call[bool](a, `text => {
		const area = document.querySelector("textarea#robots");
		if (!area) return false;
		area.focus();
		area.setSelectionRange(0, area.value.length);
		const data = new DataTransfer();
		data.setData("text/plain", text);
		if (!area.dispatchEvent(new ClipboardEvent("paste", {clipboardData: data, bubbles: true, cancelable: true}))) return true;
		area.value = text;
		area.dispatchEvent(new InputEvent("input", {inputType: "insertFromPaste", data: text, bubbles: true}));
		`+flushJS+`
		return true;
	}`, text) {
		a.t.Fatalf("no robots.txt textarea\n%s", a.describe())
	}
}

func TestBrowserSiteSession(t *testing.T) {
	ctx := newBrowser(t)
	siteA := newLiveSite(t, 0, 10)
	siteB := newFetchSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "down for maintenance", http.StatusInternalServerError)
	}))
	a := openApp(t, ctx, serveWithAPI(t, true))
	a.crawler("Googlebot")
	a.setText("textarea#urls", "/typed-by-hand")
	opening := js[sessionView](a, sessionJS)
	// The sitemap "At most" field is valid as it opens, and its arrows move
	// by whole steps.
	type capField struct {
		Value, Up string
		Valid     bool
	}
	capJS := `(() => { const c = document.querySelector("#sitemap-cap"); const v = {Value: c.value, Valid: c.validity.valid}; c.stepUp(); v.Up = c.value; c.stepDown(); return v; })()`
	if c := js[capField](a, capJS); !c.Valid || c.Value != "50000" || c.Up != "51000" {
		t.Errorf("At most: %+v; want a valid 50000 whose arrow goes to 51000", c)
	}

	// Site A, typed without a scheme: an IP literal is fetched over http.
	fetchInPage(a, strings.TrimPrefix(siteA.url("127.0.0.1", "/"), "http://"))
	waitFor(a, "site A fetched", stripJS, func(s stripView) bool { return s.State == "live" })
	js[bool](a, `document.querySelector("#test-sitemaps").click(), true`)
	waitFor(a, "site A's sitemap URLs counted", sessionJS, func(v sessionView) bool { return v.Blocked })
	atA := js[sessionView](a, sessionJS)
	robotsA := siteA.url("127.0.0.1", "/robots.txt")
	if atA.ServedAt != robotsA || !strings.Contains(atA.Summary, "of these 70 sitemap URLs are blocked") {
		t.Fatalf("after site A: Served at %q, sitemap summary %q; want %s and A's 70 URLs counted", atA.ServedAt, atA.Summary, robotsA)
	}
	screenshot(t, ctx, "session-a")

	// Site B answers 500: nothing of A's strip, sitemaps or URLs is shown
	// as B's, and the file the editor keeps is named as A's.
	fetchInPage(a, strings.TrimPrefix(siteB.url("127.0.0.1", "/"), "http://"))
	waitFor(a, "site B's 500", stripJS, func(s stripView) bool { return s.Status == "500" })
	atB := js[sessionView](a, sessionJS)
	robotsB := siteB.url("127.0.0.1", "/robots.txt")
	if atB.ServedAt != robotsB {
		t.Errorf("after site B: Served at %q, want %s", atB.ServedAt, robotsB)
	}
	if atB.Summary != "" || atB.Blocked {
		t.Errorf("after site B, the sitemap summary still says %q (site A's)", atB.Summary)
	}
	if strings.Contains(atB.Results, siteA.url("127.0.0.1", "/s")) || atB.Imported != "" {
		t.Errorf("after site B, the URL list is still A's sitemap URLs: results %.200q, imported note %q", atB.Results, atB.Imported)
	}
	if atB.URLs != "/typed-by-hand" {
		t.Errorf("after site B, the URL box holds %q; want the list typed before A's sitemaps", atB.URLs)
	}
	if strings.Contains(atB.Strip, "Live: the editor holds the file as fetched") || !strings.Contains(atB.Strip, "fetched from "+siteA.url("127.0.0.1", "/final/robots.txt")) ||
		!strings.Contains(atB.Strip, "not this site's") {
		t.Errorf("after site B, the strip %q does not say the editor keeps site A's file", atB.Strip)
	}
	screenshot(t, ctx, "session-b-500")

	// C pasted over the whole text: a file of its own, served nowhere.
	fileC := "User-agent: *\nDisallow: /c-only/\n"
	a.pasteRobots(fileC)
	atC := waitFor(a, "the pasted file's session", sessionJS, func(v sessionView) bool { return v.StripState == "none" })
	if atC.ServedAt != "" || atC.Status != opening.Status {
		t.Errorf("after pasting C: Served at %q, server answer %q; want empty and the default %q", atC.ServedAt, atC.Status, opening.Status)
	}
	if strings.TrimSpace(atC.Strip) != "" || atC.Summary != "" || atC.Blocked {
		t.Errorf("after pasting C, site B's strip %q or A's sitemaps %q still show", atC.Strip, atC.Summary)
	}
	if got := js[string](a, `document.querySelector("textarea#robots").value`); got != fileC {
		t.Errorf("the editor holds %q, want the pasted file", got)
	}

	// The file before the paste (A's) is a named Diff source, not a
	// silent baseline: the comparison starts empty.
	a.openTab("diff")
	if label := js[string](a, `document.querySelector("label[for=diff-other]").textContent`); !strings.Contains(label, "the text below") {
		t.Errorf("the Diff view compares with %q at once; want nothing chosen until asked", label)
	}
	a.click("#diff-previous")
	waitFor(a, "the file before the paste as Diff's before", `document.querySelector("label[for=diff-other]").textContent`,
		func(s string) bool { return strings.Contains(s, "the file before this paste") })
	if got := js[string](a, `document.querySelector("textarea#diff-other").value`); !strings.Contains(got, "Disallow: /s2/") {
		t.Errorf("the before version is %q, want site A's file", got)
	}
	hunks := waitFor(a, "the diff against A's file", `(() => { const s = document.querySelector("#diff-summary"); return s ? s.dataset.hunks || "" : ""; })()`,
		func(n string) bool { return n != "" && n != "0" })
	t.Logf("C against A: %s changed lines", hunks)

	// One click compares with the text as it is now; an edit then shows.
	a.click("#diff-now")
	waitFor(a, "no change against the text as it is now", `(() => { const s = document.querySelector("#diff-summary"); return s ? s.dataset.hunks || "" : ""; })()`,
		func(n string) bool { return n == "0" })
	a.setText("textarea#robots", fileC+"Disallow: /later/\n")
	waitFor(a, "the edit as a change", `(() => { const s = document.querySelector("#diff-summary"); return s ? s.dataset.hunks || "" : ""; })()`,
		func(n string) bool { return n == "1" })
	screenshot(t, ctx, "session-c-diff")
}

// TestBrowserFetchCancel: a slow fetch takes the previous site's strip
// down at once, offers Cancel, and once cancelled leaves the editor and
// the answer as they were.
func TestBrowserFetchCancel(t *testing.T) {
	ctx := newBrowser(t)
	live := newLiveSite(t, 0, 10)
	slow := newFetchSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(15 * time.Second):
		}
		http.Error(w, "too late", http.StatusServiceUnavailable)
	}))
	a := openApp(t, ctx, serveWithAPI(t, true))
	fetchInPage(a, live.url("127.0.0.1", "/"))
	waitFor(a, "the first site fetched", stripJS, func(s stripView) bool { return s.State == "live" })
	before := js[sessionView](a, sessionJS)

	fetchInPage(a, slow.url("127.0.0.1", "/"))
	busy := waitFor(a, "the fetch under way", sessionJS, func(v sessionView) bool { return v.StripState == "busy" })
	if strings.Contains(busy.Strip, "Live:") || !strings.Contains(busy.Strip, "Fetching "+slow.url("127.0.0.1", "/robots.txt")) {
		t.Errorf("while fetching, the strip says %q; want only what is being fetched", busy.Strip)
	}
	a.click("#fetch-cancel")
	after := waitFor(a, "the fetch cancelled", sessionJS, func(v sessionView) bool { return strings.Contains(v.Strip, "cancelled") })
	if after.ServedAt != before.ServedAt || after.Status != before.Status {
		t.Errorf("after Cancel: Served at %q, answer %q; want them as before, %q and %q", after.ServedAt, after.Status, before.ServedAt, before.Status)
	}
	if js[bool](a, `document.querySelector("#fetch").disabled`) {
		t.Error("after Cancel the Fetch button is still disabled")
	}
	// The cancelled answer, should it come, changes nothing.
	time.Sleep(500 * time.Millisecond)
	if got := js[sessionView](a, sessionJS); got.ServedAt != before.ServedAt || got.StripState == "kept" {
		t.Errorf("the cancelled fetch's answer came through: %+v", got)
	}
}
