//go:build js && wasm

package site

import (
	"encoding/base64"
	"strconv"
	"strings"
	"syscall/js"
	"time"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"robotstester/engine"
	"robotstester/engine/sitemap"
	"robotstester/wasm/browser"
	"robotstester/wasm/model"
	"robotstester/wasm/storage"
	"robotstester/wasm/store"
	"robotstester/wasm/widget"
)

// Site: fetch a live site's robots.txt as Googlebot gets it, and test the
// URLs its sitemaps list (issue 10). The server fetches (internal/fetch);
// without one (the offline file, a static host, -fetch=false)
// the browser's own fetch is tried, which works only where the site allows
// cross-origin reads. What was fetched goes through the store like an
// opened file: the bytes into the editor exactly, the answer into the
// "server answered" choice, the robots.txt URL into "Served at".

// fetched is one robots.txt fetch as the page shows it.
type fetched struct {
	via         string // "server" or "browser"
	robotsURL   string
	finalURL    string
	status      int // 0 for a network error
	hops        []fetchHop
	redirects   int // redirects followed (or, when too many, MaxRedirects)
	tooMany     bool
	contentType string
	size        int64
	sizeKnown   bool
	truncated   bool
	elapsedMs   int64
	errMsg      string        // the network error's sentence, "" when an answer came
	answer      engine.Answer // what Googlebot got
	body        string        // the bytes put in the editor, when 2xx
	bodyUsed    bool          // the editor got the body (a 2xx answer)
}

type fetchHop struct {
	url    string
	status int
}

// siteState is the Site panel's own state: what is being fetched and the
// last outcome. The robots.txt, URLs and answer live in the store.
type siteState struct {
	typed    string
	busy     string // the robots.txt URL being fetched, "" for none
	fetching int    // numbers the fetches: a cancelled one's answer is dropped
	abort    js.Value
	last     *fetched
	message  string // why nothing was fetched, with the fix
	offer    bool   // the message offers "Open robots.txt…"

	walking    bool
	cancelled  bool
	progress   sitemap.SitemapProgress
	cap        int
	result     *sitemap.SitemapResult
	sitemapURL string // typed: walk this sitemap instead of the file's
	filled     string // the URL list the sitemaps filled
	// typedBefore is the URL list the sitemaps' replaced, back when the
	// site they came from goes (forgetSitemaps).
	typedBefore string
	sitemapMsg  string
}

var site = siteState{cap: sitemap.DefaultSitemapCap}

// siteChanged renders the page after a change of the panel's state.
func siteChanged() { store.Page.Changed() }

// Site renders the panel.
type Site struct {
	vecty.Core
}

func (c *Site) Render() vecty.ComponentOrHTML {
	if storage.EmbedMode() {
		return elem.Div()
	}
	return elem.Section(
		vecty.Markup(prop.ID("site-panel"), vecty.Class("site"), vecty.Attribute("aria-labelledby", "site-title")),
		elem.Heading2(vecty.Markup(prop.ID("site-title"), vecty.Class("visually-hidden")), vecty.Text("Live site")),
		elem.Form(
			vecty.Markup(
				vecty.Class("site-form"),
				event.Submit(func(*vecty.Event) { startFetch() }).PreventDefault(),
			),
			elem.Label(vecty.Markup(prop.For("site")), vecty.Text("Site")),
			elem.Input(vecty.Markup(
				prop.ID("site"),
				prop.Type(prop.TypeText),
				vecty.Attribute("inputmode", "url"),
				vecty.Attribute("autocomplete", "url"),
				vecty.Attribute("spellcheck", "false"),
				vecty.Attribute("placeholder", "example.com or any URL on the site"),
				vecty.Attribute("aria-describedby", "site-help"),
				event.Input(func(ev *vecty.Event) { site.typed = ev.Target.Get("value").String() }),
			)),
			elem.Button(
				vecty.Markup(prop.ID("fetch"), prop.Type(prop.TypeSubmit), vecty.Property("disabled", site.busy != "")),
				vecty.Text(map[bool]string{false: "Fetch", true: "Fetching…"}[site.busy != ""]),
			),
			vecty.If(site.busy != "", browser.Button("fetch-cancel", "Cancel", cancelFetch)),
			vecty.If(site.busy == "" && undoable(), browser.Button("fetch-undo", "Restore the file before this fetch", undoFetch)),
		),
		elem.Paragraph(vecty.Markup(prop.ID("site-help"), vecty.Class("help")),
			vecty.Text("Fetches the site's robots.txt as Googlebot would (redirects, status, 500 KiB) into the editor. The site's name goes to this tester's server, which fetches it; nothing else you type leaves your browser.")),
		fetchStrip(),
		sitemapControls(),
	)
}

// Mount wires the sitemap file input.
func (c *Site) Mount() {
	if storage.EmbedMode() {
		return
	}
	input := js.Global().Get("document").Call("getElementById", "import-sitemap")
	if input.Truthy() {
		browser.WatchFileInput(input, importSitemap)
	}
}

// fetchStrip shows what Googlebot got, or why nothing could be fetched.
func fetchStrip() *vecty.HTML {
	f := site.last
	markup := func(extra ...vecty.Applyer) vecty.MarkupList {
		return vecty.Markup(append([]vecty.Applyer{prop.ID("fetch-strip"), vecty.Class("fetch-strip"),
			vecty.Attribute("role", "status"), vecty.Attribute("aria-live", "polite")}, extra...)...)
	}
	if site.busy != "" {
		// The previous site's strip is gone: nothing of it is about this one.
		return elem.Div(markup(vecty.Attribute("data-state", "busy")),
			elem.Paragraph(vecty.Markup(vecty.Class("fetch-message")), vecty.Text("Fetching "+site.busy+"…")))
	}
	if site.message != "" {
		return elem.Div(markup(vecty.Attribute("data-state", "message")),
			elem.Paragraph(vecty.Markup(vecty.Class("fetch-message")), vecty.Text(site.message)),
			vecty.If(site.offer, elem.Paragraph(browser.Button("fetch-open-file", "Open robots.txt…", func() {
				js.Global().Get("document").Call("getElementById", "open-file").Call("click")
			}))),
		)
	}
	if f == nil {
		return elem.Div(markup(vecty.Attribute("data-state", "none")))
	}
	state, stateText := "live", "Live: the editor holds the file as fetched."
	switch {
	case !f.bodyUsed:
		state, stateText = "kept", "Google read no file from this answer, so it follows the answer alone; the editor keeps "+keptFile()+"."
	case store.Page.In.Robots != f.body:
		state, stateText = "edited", "Edited since fetch: the editor no longer holds the fetched file."
	}
	outcome := engine.OutcomeFor(f.answer)
	var facts vecty.List
	fact := func(label, value string) {
		facts = append(facts, elem.DefinitionTerm(vecty.Text(label)), elem.Description(vecty.Text(value)))
	}
	fact("Requested", f.robotsURL)
	if f.status != 0 {
		fact("Status", strconv.Itoa(f.status))
	}
	if f.finalURL != "" && f.finalURL != f.robotsURL {
		fact("Final URL", f.finalURL)
	}
	if f.bodyUsed || f.size > 0 {
		size := browser.ByteSize(f.size)
		if !f.sizeKnown {
			size = "more than " + size
		}
		fact("Size", size)
	}
	if f.contentType != "" {
		fact("Content-Type", f.contentType)
	}
	if f.elapsedMs > 0 {
		fact("Time", strconv.FormatInt(f.elapsedMs, 10)+" ms")
	} else {
		fact("Time", "under 1 ms")
	}
	fact("Fetched by", map[string]string{"server": "this tester's server", "browser": "your browser"}[f.via])
	var hops vecty.List
	for i, h := range f.hops {
		text := h.url
		if h.status != 0 {
			text += " → " + strconv.Itoa(h.status)
		}
		hops = append(hops, elem.ListItem(
			vecty.Markup(vecty.Attribute("data-status", strconv.Itoa(h.status))),
			vecty.Text(text+redirectNote(i, len(f.hops), f)),
		))
	}
	return elem.Div(
		markup(
			vecty.Attribute("data-state", state),
			vecty.Attribute("data-status", strconv.Itoa(f.status)),
			vecty.Attribute("data-effect", outcome.Effect.String()),
		),
		elem.Paragraph(vecty.Markup(prop.ID("fetch-state"), vecty.Class("fetch-state", state)), vecty.Text(stateText)),
		vecty.If(f.errMsg != "", elem.Paragraph(vecty.Markup(prop.ID("fetch-error"), vecty.Class("error")), vecty.Text(f.errMsg))),
		elem.DescriptionList(vecty.Markup(vecty.Class("fetch-facts")), facts),
		vecty.If(len(hops) > 1 || f.tooMany, elem.OrderedList(vecty.Markup(prop.ID("fetch-hops"), vecty.Attribute("aria-label", "Each request and its answer")), hops)),
		vecty.If(f.truncated, elem.Paragraph(vecty.Markup(prop.ID("fetch-cut"), vecty.Class("warning")), vecty.Text(cutSentence(f)))),
		elem.Paragraph(
			vecty.Markup(prop.ID("fetch-outcome")),
			elem.Strong(vecty.Text("What Googlebot does: "+outcome.Effect.String()+". ")),
			vecty.Text(outcome.Reason),
		),
	)
}

func redirectNote(i, n int, f *fetched) string {
	if i == n-1 && f.tooMany {
		return " (not followed: Google stops after " + strconv.Itoa(engine.MaxRedirects) + " redirects)"
	}
	return ""
}

func cutSentence(f *fetched) string {
	size := browser.ByteSize(f.size)
	if !f.sizeKnown {
		size = "more than " + size
	}
	msg := "The file is " + size + ": Googlebot reads only the first 500 KiB (" + engine.Thousands(engine.GooglebotFetchLimit) +
		" bytes), so the editor holds that part and the rest is ignored"
	if body := f.body; body != "" && !strings.HasSuffix(body, "\n") && !strings.HasSuffix(body, "\r") {
		msg += "; its last line, " + strconv.Itoa(widget.CountLines(body)) + ", is cut mid-way and read as what is left of it"
	}
	return msg + "; shorten the file or move the rules that matter to the top."
}

// startFetch runs Fetch for the typed site.
func startFetch() {
	typed := strings.TrimSpace(site.typed)
	if site.busy != "" {
		return
	}
	site.message, site.offer = "", false
	if typed == "" {
		site.message = "Type a site first, such as example.com or https://www.example.com/, then press Fetch."
		siteChanged()
		return
	}
	typed = withScheme(typed)
	robotsURL, err := engine.RobotsURLFor(typed)
	if err != nil {
		site.message = widget.SentenceCase(err.Error()) + "; type a site such as https://example.com/."
		siteChanged()
		return
	}
	site.busy, site.last = robotsURL, nil
	site.fetching++
	id := site.fetching
	site.abort = js.Global().Get("AbortController").New()
	siteChanged()
	go func() {
		f, msg, offer := fetchRobots(typed, robotsURL)
		if id != site.fetching {
			return // cancelled
		}
		site.busy = ""
		if f == nil {
			site.message, site.offer = msg, offer
			if strings.HasPrefix(typed, "https://") && strings.Contains(msg, "tls:") {
				site.message += " If the site serves plain HTTP, type http://" + strings.TrimPrefix(typed, "https://") + "."
			}
			siteChanged()
			return
		}
		if f.errMsg != "" && strings.HasPrefix(typed, "https://") && strings.Contains(f.errMsg, "tls") {
			f.errMsg += " If the site serves plain HTTP, type http://" + strings.TrimPrefix(typed, "https://") + "."
		}
		applyFetched(f)
	}()
}

// cancelFetch stops the fetch under way: its request is aborted and its
// answer, if one still comes, dropped.
func cancelFetch() {
	if site.busy == "" {
		return
	}
	site.fetching++
	site.abort.Call("abort")
	site.busy, site.message = "", "Fetch cancelled: the editor and the answer are as they were."
	siteChanged()
}

// withScheme gives a site typed without a scheme one: http for localhost
// and IP literals, which seldom have a certificate for their name, https
// for any other name.
func withScheme(typed string) string {
	if strings.Contains(typed, "://") {
		return typed
	}
	host := typed
	if i := strings.IndexAny(host, "/?#"); i >= 0 {
		host = host[:i]
	}
	// The page links no net package (wasmdeps_test): the port is cut by
	// hand, and the address read by the engine's own parsers.
	if strings.HasPrefix(host, "[") {
		if i := strings.IndexByte(host, ']'); i > 0 {
			host = host[1:i]
		}
	} else if i := strings.LastIndexByte(host, ':'); i >= 0 && strings.Count(host, ":") == 1 {
		host = host[:i]
	}
	if strings.EqualFold(host, "localhost") || strings.HasSuffix(strings.ToLower(host), ".localhost") {
		return "http://" + typed
	}
	if _, ok := engine.ParseIPv4(host); ok {
		return "http://" + typed
	}
	if _, ok := engine.ParseIPv6(host); ok {
		return "http://" + typed
	}
	return "https://" + typed
}

// keptFile names the file the editor keeps after an answer with none.
func keptFile() string {
	if from := store.Page.Session.From; from != "" {
		return "the file " + from + ", which is not this site's"
	}
	return "the text it had, which is not this site's"
}

// fetchRobots asks the server, else the browser. It returns the fetch, or
// why there is none.
func fetchRobots(typed, robotsURL string) (f *fetched, msg string, offer bool) {
	why := "this copy of the tester has no server to fetch with (it is the offline file or on a static host)"
	if hasServer() {
		status, obj, err := fetchJSON("api/robots?url=" + browser.QueryEscape(typed))
		switch {
		case err != nil:
			why = "the tester's server could not be reached (" + err.Error() + ")"
		case obj.IsUndefined():
			// Not our server: a static host answered.
		case obj.Get("code").String() == "disabled" || obj.Get("code").String() == "not-found":
			why = "live fetching is turned off on this tester's server"
		case status == 200:
			return fromServer(obj), "", false
		default:
			return nil, browser.JSString(obj.Get("error")), false
		}
	}
	f, err := fetchByBrowser(robotsURL)
	if err == nil {
		return f, "", false
	}
	return nil, "The tester cannot fetch " + robotsURL + " because " + why + " and your browser may not read that site from this page " +
		"(the site does not allow cross-origin reads, or this page may only connect to its own server): open " + robotsURL +
		" in a new tab, save it, and load it with the Open robots.txt… button.", true
}

// hasServer is false where there can be no /api: a page opened from disk.
func hasServer() bool {
	return js.Global().Get("location").Get("protocol").String() != "file:"
}

// fromServer reads /api/robots's JSON.
func fromServer(obj js.Value) *fetched {
	f := &fetched{
		via: "server", robotsURL: browser.JSString(obj.Get("robotsUrl")), finalURL: browser.JSString(obj.Get("finalUrl")),
		status: obj.Get("status").Int(), contentType: browser.JSString(obj.Get("contentType")),
		size: int64(obj.Get("size").Float()), sizeKnown: obj.Get("sizeKnown").Truthy(), truncated: obj.Get("truncated").Truthy(),
		elapsedMs: int64(obj.Get("elapsedMs").Float()), errMsg: browser.JSString(obj.Get("error")),
	}
	if hops := obj.Get("hops"); hops.Truthy() {
		for i := range hops.Length() {
			h := hops.Index(i)
			f.hops = append(f.hops, fetchHop{browser.JSString(h.Get("url")), h.Get("status").Int()})
		}
	}
	if r := obj.Get("redirects"); r.Truthy() {
		f.redirects = r.Length()
	}
	if b64 := browser.JSString(obj.Get("body")); b64 != "" {
		if body, err := base64.StdEncoding.DecodeString(b64); err == nil {
			f.body = string(body)
		}
	}
	switch code := browser.JSString(obj.Get("code")); code {
	case "ok":
		f.answer = engine.Answer{Status: f.status, Redirects: f.redirects}
	case "too-many-redirects":
		f.tooMany, f.redirects = true, engine.MaxRedirects
		f.answer = engine.Answer{Status: f.status, Redirects: engine.MaxRedirects}
		f.errMsg = ""
	default:
		f.answer = engine.Answer{Kind: engine.AnswerNetworkError}
	}
	return f
}

// fetchByBrowser is the browser's own request: it works only when the site
// allows cross-origin reads (Access-Control-Allow-Origin), and says
// nothing of the redirects but that there were some.
func fetchByBrowser(robotsURL string) (*fetched, error) {
	start := time.Now()
	resp, err := browser.Await(js.Global().Call("fetch", robotsURL, map[string]any{
		"mode": "cors", "credentials": "omit", "cache": "no-store", "redirect": "follow", "signal": fetchSignal(),
	}))
	if err != nil {
		return nil, err
	}
	data, err := browser.ResponseBytes(resp, engine.GooglebotFetchLimit*4)
	if err != nil {
		return nil, err
	}
	f := &fetched{
		via: "browser", robotsURL: robotsURL, finalURL: resp.Get("url").String(), status: resp.Get("status").Int(),
		contentType: browser.JSString(resp.Get("headers").Call("get", "content-type")),
		size:        int64(len(data)), sizeKnown: true, elapsedMs: time.Since(start).Milliseconds(),
	}
	if resp.Get("redirected").Truthy() {
		f.redirects = 1
		f.hops = []fetchHop{{robotsURL + " (redirected; the browser does not say how often)", 0}}
	}
	f.hops = append(f.hops, fetchHop{f.finalURL, f.status})
	if len(data) > engine.GooglebotFetchLimit {
		f.truncated = true
		data = data[:engine.GooglebotFetchLimit]
	}
	f.body = string(data)
	f.answer = engine.Answer{Status: f.status, Redirects: f.redirects}
	return f, nil
}

// applyFetched puts a fetch into the store: the body into the editor when
// Google reads it (a 2xx answer), the answer into the "server answered"
// choice, the robots.txt URL into "Served at".
//
// It starts a new site session (store.NewSite): whatever the page derived
// from the previous site goes, and the file before is kept, named.
func applyFetched(f *fetched) {
	in := store.CurrentSaved()
	if f.status >= 200 && f.status <= 299 && f.errMsg == "" && !f.tooMany {
		in.Robots, f.bodyUsed = f.body, true
	}
	in.Status = answerChoice(f.answer)
	in.RobotsURL = f.robotsURL
	store.Page.NewSite(in, store.FromFetch, f.finalURL)
	site.last = f
	if f.bodyUsed {
		store.Page.Live = &store.LiveFile{Body: f.body, From: f.finalURL}
		rememberFetched(f)
	}
	siteChanged()
}

// rememberFetched keeps the file in this browser's list of versions
// fetched from its site, which the diff view offers.
func rememberFetched(f *fetched) {
	storage.RememberFetched(storage.Fetched{Site: f.robotsURL, From: f.finalURL, AtMs: js.Global().Get("Date").Call("now").Int(), Body: f.body})
}

// ForgetSite drops what the panel derived from the previous site: its
// strip, its message and its sitemaps (set by main with store.OnNewSite).
func ForgetSite(in *model.Saved) {
	site.last, site.message, site.offer = nil, "", false
	forgetSitemaps(in)
}

// answerChoice is the "server answered" choice for a real answer: the one
// equal to it, else the first with the same effect (the engine's) and,
// in order of preference, the same status class and redirects, the same
// status class, or only the same effect.
func answerChoice(a engine.Answer) string {
	effect := engine.OutcomeFor(a).Effect
	class := func(x engine.Answer) int {
		if x.Kind == engine.AnswerNetworkError {
			return -1
		}
		return x.Status / 100
	}
	var best string
	bestScore := -1
	for _, c := range engine.Answers() {
		if c.Answer == a {
			return c.ID
		}
		if engine.OutcomeFor(c.Answer).Effect != effect || c.Answer.DaysUnreachable > 0 || c.Answer.NotFound5xx {
			continue
		}
		score := 0
		if class(c.Answer) == class(a) {
			score += 2
			if (c.Answer.Redirects > 0) == (a.Redirects > 0) {
				score++
			}
		}
		if score > bestScore {
			best, bestScore = c.ID, score
		}
	}
	return best
}

// undoable reports whether the latest session is a fetch that replaced a
// file, which Undo restores.
func undoable() bool {
	return store.Page.Session.Kind == store.FromFetch && store.Page.Session.Previous != nil
}

func undoFetch() {
	if !undoable() {
		return
	}
	prev := store.Page.Session.Previous.Saved
	store.Page.Session.Kind, store.Page.Session.Previous = "", nil
	store.Page.Live, site.last = nil, nil
	store.ApplySaved(prev)
	store.Page.Notify("Restored the file before this fetch.", "")
}

// fetchSignal is the abort signal of the robots.txt fetch under way (Cancel
// aborts it), undefined for none.
func fetchSignal() js.Value {
	if site.busy == "" || site.abort.IsUndefined() {
		return js.Undefined()
	}
	return site.abort.Get("signal")
}

// fetchJSON GETs a path of the tester's own server. obj is undefined when
// the answer is not JSON (a static host's 404 page).
func fetchJSON(path string) (status int, obj js.Value, err error) {
	resp, err := browser.Await(js.Global().Call("fetch", path, map[string]any{"cache": "no-store", "credentials": "same-origin", "signal": fetchSignal()}))
	if err != nil {
		return 0, js.Undefined(), err
	}
	status = resp.Get("status").Int()
	ct := browser.JSString(resp.Get("headers").Call("get", "content-type"))
	if !strings.HasPrefix(ct, "application/json") {
		return status, js.Undefined(), nil
	}
	obj, err = browser.Await(resp.Call("json"))
	if err != nil {
		return status, js.Undefined(), nil
	}
	return status, obj, nil
}
