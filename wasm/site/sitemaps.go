//go:build js && wasm

package site

import (
	"robotstester/engine/sitemap"
	"strconv"
	"strings"
	"syscall/js"
	"time"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"robotstester/engine"
	"robotstester/wasm/browser"
	"robotstester/wasm/model"
	"robotstester/wasm/store"
	"robotstester/wasm/widget"
)

// Sitemaps in the page: "Test sitemap URLs" walks the sitemaps the
// robots.txt names (sitemap.SitemapWalk) one request a sitemap, so the page
// can show how far it got and stop when asked; "Import sitemap…" reads a
// local file. Either way the URLs go into the URL list through the store
// as an imported list does (ImportList: over MaxTypedURLs, kept out of the
// text box and tested in the workers), and the summary counts the blocked
// ones for the chosen crawler.

// capStep is the "At most" field's step and least value.
const capStep = 1000

// shownBlocked is how many blocked sitemap URLs the summary lists as links.
const shownBlocked = 20

func sitemapControls() *vecty.HTML {
	return elem.Div(
		vecty.Markup(prop.ID("sitemap-tools"), vecty.Class("sitemap-tools")),
		elem.Div(
			vecty.Markup(vecty.Class("buttons")),
			elem.Button(
				vecty.Markup(prop.ID("test-sitemaps"), prop.Type(prop.TypeButton), vecty.Property("disabled", site.walking),
					event.Click(func(*vecty.Event) { startSitemaps() })),
				vecty.Text("Test sitemap URLs"),
			),
			browser.FileButton("import-sitemap", "Import sitemap…", ".xml,.gz,.txt,application/xml,text/xml,text/plain,application/gzip"),
			elem.Label(vecty.Markup(prop.For("sitemap-url")), vecty.Text("Sitemap")),
			elem.Input(vecty.Markup(
				prop.ID("sitemap-url"), prop.Type(prop.TypeURL), vecty.Class("sitemap-url"),
				vecty.Attribute("autocomplete", "off"), vecty.Attribute("spellcheck", "false"),
				vecty.Attribute("placeholder", "the robots.txt's Sitemap: lines"),
				event.Input(func(ev *vecty.Event) { site.sitemapURL = ev.Target.Get("value").String() }),
			)),
			elem.Label(vecty.Markup(prop.For("sitemap-cap")), vecty.Text("At most")),
			elem.Input(vecty.Markup(
				prop.ID("sitemap-cap"), prop.Type(prop.TypeNumber), vecty.Class("cap"),
				// The default is a whole number of steps from min, so the
				// field is valid as it opens and its arrows move by a step.
				vecty.Attribute("min", strconv.Itoa(capStep)), vecty.Attribute("step", strconv.Itoa(capStep)),
				vecty.Property("value", strconv.Itoa(site.cap)),
				vecty.Attribute("aria-describedby", "sitemap-cap-help"),
				event.Change(func(ev *vecty.Event) {
					if n, err := strconv.Atoi(ev.Target.Get("value").String()); err == nil && n >= capStep && n%capStep == 0 {
						site.cap = n
					}
				}),
			)),
			elem.Span(vecty.Markup(prop.ID("sitemap-cap-help")), vecty.Text("URLs")),
		),
		sitemapProgress(),
		sitemapSummary(),
	)
}

// sitemapProgress shows the walk while it runs.
func sitemapProgress() vecty.MarkupOrChild {
	if !site.walking {
		return nil
	}
	p := site.progress
	return elem.Div(
		vecty.Markup(prop.ID("sitemap-progress"), vecty.Class("progress"), vecty.Attribute("data-urls", strconv.Itoa(p.URLs))),
		elem.Progress(vecty.Markup(
			vecty.Attribute("max", strconv.Itoa(site.cap)), vecty.Attribute("value", strconv.Itoa(min(p.URLs, site.cap))),
			vecty.Attribute("aria-label", "URLs read from the sitemaps"),
		)),
		elem.Paragraph(
			vecty.Markup(vecty.Attribute("role", "status"), vecty.Attribute("aria-live", "polite")),
			vecty.Text(progressSentence(p)),
		),
		browser.Button("sitemap-cancel", "Cancel", func() { site.cancelled = true; siteChanged() }),
	)
}

func progressSentence(p sitemap.SitemapProgress) string {
	if p.Done == 0 {
		return "Reading " + p.Current + "…"
	}
	s := "Read " + widget.Count(p.Done, "sitemap") + ", " + engine.Thousands(p.URLs) + " URLs so far"
	if p.Queued > 0 {
		s += ", " + strconv.Itoa(p.Queued) + " to go"
	}
	s += "; the latest: " + p.Current
	if site.cancelled {
		s += "; stopping after the sitemaps already asked for"
	}
	return s + "."
}

// sitemapSummary says what the last walk found and how many of its URLs
// the chosen crawler may not fetch, with links to them.
func sitemapSummary() vecty.MarkupOrChild {
	markup := vecty.Markup(prop.ID("sitemap-summary"), vecty.Attribute("role", "status"), vecty.Attribute("aria-live", "polite"))
	if site.sitemapMsg != "" && site.result == nil {
		return elem.Div(markup, elem.Paragraph(vecty.Text(site.sitemapMsg)))
	}
	res := site.result
	if res == nil || site.walking {
		return elem.Div(markup)
	}
	var items vecty.List
	items = append(items, elem.Paragraph(vecty.Markup(prop.ID("sitemap-read")), vecty.Text(readSentence(res))))
	for _, n := range res.Notes {
		items = append(items, elem.Paragraph(vecty.Markup(vecty.Class("note")), vecty.Text(n)))
	}
	if len(res.URLs) == 0 {
		items = append(items, elem.Paragraph(vecty.Text("No URLs were read, so the URL list is unchanged; each sitemap's error is below.")))
	} else if store.Page.GivenList() != site.filled {
		items = append(items, elem.Paragraph(vecty.Text("The URL list changed since the sitemaps were read; press Test sitemap URLs again to count the blocked ones.")))
	} else if !store.Page.Pending && store.Page.Res.Done() {
		// The verdicts of the whole list (verdicts.go), however long.
		var blocked []int
		for i, f := range store.Page.Res.Flags {
			if f&model.FlagAllowed == 0 {
				blocked = append(blocked, i)
			}
		}
		crawler := crawlerName()
		all := engine.Thousands(store.Page.List.Len())
		line := engine.Thousands(len(blocked)) + " of these " + all + " sitemap URLs are blocked for " + crawler
		if len(blocked) == 0 {
			line = "None of these " + all + " sitemap URLs is blocked for " + crawler + "."
		} else {
			line += ": a URL in a sitemap should be crawlable, so allow these or take them out of the sitemap (Search Console reports them as \"Submitted URL blocked by robots.txt\")."
		}
		items = append(items, elem.Paragraph(vecty.Markup(prop.ID("sitemap-blocked"), vecty.Attribute("data-blocked", strconv.Itoa(len(blocked)))), vecty.Text(line)))
		if len(blocked) > 0 {
			var links vecty.List
			for _, i := range blocked[:min(len(blocked), shownBlocked)] {
				links = append(links, elem.ListItem(elem.Button(
					vecty.Markup(prop.Type(prop.TypeButton), vecty.Class("link-button"), vecty.Attribute("data-index", strconv.Itoa(i)),
						event.Click(func(*vecty.Event) { showRow(i) })),
					vecty.Text(store.Page.List.At(i)),
				)))
			}
			items = append(items, elem.OrderedList(vecty.Markup(prop.ID("sitemap-blocked-list"), vecty.Attribute("aria-label", "Blocked sitemap URLs")), links))
			if len(blocked) > shownBlocked {
				items = append(items, elem.Paragraph(vecty.Markup(vecty.Class("help")),
					vecty.Text("And "+engine.Thousands(len(blocked)-shownBlocked)+" more: export the results (CSV) to see them all.")))
			}
		}
	}
	var visits vecty.List
	for _, v := range res.Visits {
		visits = append(visits, elem.ListItem(vecty.Markup(vecty.Attribute("data-status", strconv.Itoa(v.Status))), vecty.Text(visitSentence(v))))
	}
	items = append(items, elem.Details(
		elem.Summary(vecty.Text("Each sitemap read ("+strconv.Itoa(len(res.Visits))+")")),
		elem.UnorderedList(vecty.Markup(prop.ID("sitemap-visits")), visits),
	))
	return elem.Div(markup, items)
}

func readSentence(res *sitemap.SitemapResult) string {
	failed := 0
	for _, v := range res.Visits {
		if v.Err != "" {
			failed++
		}
	}
	s := "Read " + widget.Count(len(res.Visits), "sitemap")
	if failed > 0 {
		s += " (" + strconv.Itoa(failed) + " could not be read; see below)"
	}
	if len(res.URLs) == 0 {
		return s + ": no URLs."
	}
	return s + ": " + engine.Thousands(len(res.URLs)) + " URLs, now in the URL list."
}

func visitSentence(v sitemap.SitemapVisit) string {
	s := v.URL + ": "
	if v.Status != 0 {
		s += strconv.Itoa(v.Status) + ", "
	}
	switch {
	case v.Err != "":
		s += v.Err
	case v.Kind == sitemap.SitemapIndex:
		s += "an index of " + widget.Count(v.Listed, "sitemap") + "."
	default:
		s += engine.Thousands(v.Listed) + " URLs (" + v.Kind.String() + "), " + engine.Thousands(v.Added) + " new."
	}
	for _, p := range v.Problems {
		s += " " + p
	}
	return s
}

// crawlerName is the chosen crawler as the page names it.
func crawlerName() string {
	if c, ok := model.PickedCrawler(store.Page.In); ok {
		return c.Name
	}
	if store.Page.In.Token != "" {
		return store.Page.In.Token
	}
	return "the chosen crawler"
}

// ChooseResultRow selects a row of the results table, scrolls it into
// view and focuses it (set by main: the site panel imports no view).
var ChooseResultRow func(pos int)

// showRow selects row i as a click on it would, and brings it into view.
func showRow(i int) {
	pos := store.Page.Table.Position(i)
	if pos < 0 {
		// Filtered out: every row again.
		store.Page.SetFilter(func(v *store.TableView) { v.Verdict, v.Line, v.Text = "", 0, "" })
		pos = store.Page.Table.Position(i)
	}
	ChooseResultRow(pos)
	row := js.Global().Get("document").Call("querySelector", `table#results tr.result[data-index="`+strconv.Itoa(i)+`"]`)
	if row.Truthy() {
		row.Call("scrollIntoView", map[string]any{"block": "center"})
	}
}

// startSitemaps walks the sitemaps of the robots.txt in the editor.
func startSitemaps() {
	if site.walking {
		return
	}
	if u := strings.TrimSpace(site.sitemapURL); u != "" {
		if !strings.HasPrefix(u, "http://") && !strings.HasPrefix(u, "https://") {
			site.result = nil
			site.sitemapMsg = "The sitemap " + strconv.Quote(u) + " is not an http(s) URL: write it in full, such as https://www.example.com/sitemap.xml, or empty the field to use the robots.txt's Sitemap: lines."
			siteChanged()
			return
		}
		walkSitemaps(u, []string{u})
		return
	}
	var roots []string
	for _, sm := range store.Page.Robots.Sitemaps {
		if u := strings.TrimSpace(sm.URL); strings.HasPrefix(u, "http://") || strings.HasPrefix(u, "https://") {
			roots = append(roots, u)
		}
	}
	if len(roots) == 0 {
		site.result = nil
		site.sitemapMsg = "This robots.txt names no sitemap: add a line such as Sitemap: https://www.example.com/sitemap.xml, type a sitemap's URL in the Sitemap field, or use Import sitemap… to read one from a file."
		siteChanged()
		return
	}
	name := roots[0]
	if len(roots) > 1 {
		name = "the robots.txt's " + strconv.Itoa(len(roots)) + " sitemaps"
	}
	walkSitemaps(name, roots)
}

// walkSitemaps runs the walk in a goroutine; the page stays responsive
// because each fetch yields to the browser. name says where the roots
// came from, for the URL list's note.
func walkSitemaps(name string, roots []string) {
	site.walking, site.cancelled, site.result, site.sitemapMsg = true, false, nil, ""
	site.progress = sitemap.SitemapProgress{Queued: len(roots), Current: roots[0]}
	session := store.Page.Session.ID
	siteChanged()
	go func() {
		walk := sitemap.SitemapWalk{
			MaxURLs: site.cap,
			// Three at once: the server lets one client run four
			// fetches (fetchlimit.go), and one stays free for Fetch.
			Parallel: 3,
			Fetch:    fetchSitemap,
			Progress: func(p sitemap.SitemapProgress) bool {
				if store.Page.Session.ID != session {
					// Another site now: its panel shows nothing of this walk.
					return false
				}
				site.progress = p
				siteChanged()
				return !site.cancelled
			},
		}
		res := walk.Run(roots)
		if store.Page.Session.ID != session {
			return
		}
		finishSitemaps(name, &res)
	}()
}

// forgetSitemaps drops what the sitemaps of the previous site gave (a new
// site session, store.NewSite): their summary, a walk still running, and
// the URL list they filled, which gives way to the list typed before it.
func forgetSitemaps(in *model.Saved) {
	site.walking, site.cancelled, site.result, site.sitemapMsg = false, false, nil, ""
	if site.filled != "" && store.Page.GivenList() == site.filled {
		switch {
		case store.Page.Imported != nil && in.URLs == "":
			in.URLs = store.Page.Imported.Typed
			store.Page.Imported = nil
		case in.URLs == site.filled:
			in.URLs = site.typedBefore
		}
	}
	site.filled, site.typedBefore = "", ""
}

// finishSitemaps fills the URL list with what a walk found, named by
// where it came from. It goes the way of an imported list (ImportList): a
// long one is kept out of the text box, where Chromium would take seconds
// to lay it out, and tested in the workers.
func finishSitemaps(name string, res *sitemap.SitemapResult) {
	site.walking = false
	site.result = res
	if len(res.URLs) == 0 {
		siteChanged()
		return
	}
	urls := model.SplitURLs(strings.Join(res.URLs, "\n"))
	site.filled, site.typedBefore = urls.Text, store.Page.In.URLs
	if store.Page.Imported != nil {
		site.typedBefore = store.Page.Imported.Typed
	}
	store.Page.ImportList(name, urls)
	siteChanged()
}

// fetchSitemap gets one sitemap: through the server when there is one,
// else by the browser's own request.
func fetchSitemap(u string) sitemap.SitemapFetched {
	if hasServer() {
		status, obj, err := fetchJSON("api/sitemap?follow=0&url=" + browser.QueryEscape(u))
		if err == nil && !obj.IsUndefined() {
			code := browser.JSString(obj.Get("code"))
			switch {
			case status == 429:
				// Wait as long as the server says (at least a second, at
				// most a minute), then ask again.
				wait := 3
				if r := obj.Get("retryAfter"); r.Type() == js.TypeNumber {
					wait = min(max(r.Int(), 1), 60)
				}
				site.progress.Current = u + " (waiting: " + browser.JSString(obj.Get("error")) + ")"
				siteChanged()
				time.Sleep(time.Duration(wait) * time.Second)
				return sitemap.SitemapFetched{Wait: !site.cancelled, Err: browser.JSString(obj.Get("error"))}
			case code != "disabled" && code != "not-found":
				return sitemapFromServer(obj)
			}
		}
	}
	resp, err := browser.Await(js.Global().Call("fetch", u, map[string]any{"mode": "cors", "credentials": "omit", "redirect": "follow"}))
	if err != nil {
		return sitemap.SitemapFetched{Err: "Your browser may not read " + u + " from this page (the site does not allow cross-origin reads) and there is no tester server to fetch it: download it and load it with the Import sitemap… button."}
	}
	status := resp.Get("status").Int()
	if status < 200 || status > 299 {
		return sitemap.SitemapFetched{Status: status, Err: "The sitemap answered " + strconv.Itoa(status) + ", not 200, so Google cannot read it; serve it with 200."}
	}
	data, err := browser.ResponseBytes(resp, sitemap.MaxSitemapBytes)
	if err == nil {
		data, err = maybeGunzip(data)
	}
	if err != nil {
		return sitemap.SitemapFetched{Status: status, Err: widget.SentenceCase(err.Error()) + "; split the sitemap into files of at most 50 MB."}
	}
	return sitemap.SitemapFetched{Status: status, File: sitemap.ReadSitemap(data)}
}

func sitemapFromServer(obj js.Value) sitemap.SitemapFetched {
	f := sitemap.SitemapFetched{Status: obj.Get("status").Int(), Err: browser.JSString(obj.Get("error"))}
	if f.Err == "" && (f.Status < 200 || f.Status > 299) {
		f.Err = "The sitemap answered " + strconv.Itoa(f.Status) + ", not 200, so Google cannot read it; serve it with 200."
	}
	f.File.Kind = sitemap.SitemapKindNamed(browser.JSString(obj.Get("kind")))
	// One string across the boundary, not one per URL: 50,000 calls into
	// JavaScript would hold the main thread far longer.
	if urls := obj.Get("urls"); urls.Truthy() && urls.Length() > 0 {
		f.File.URLs = strings.Split(urls.Call("join", "\n").String(), "\n")
	}
	if ps := obj.Get("problems"); ps.Truthy() {
		for i := range ps.Length() {
			f.File.Problems = append(f.File.Problems, ps.Index(i).String())
		}
	}
	return f
}

// maybeGunzip decompresses a .xml.gz with the browser's DecompressionStream
// (no gzip code in the page), stopping at 50 MB.
func maybeGunzip(data []byte) ([]byte, error) {
	if !sitemap.SitemapGzipped(data) {
		return data, nil
	}
	ds := js.Global().Get("DecompressionStream")
	if !ds.Truthy() {
		return nil, browser.JSErr("this browser cannot decompress gzip (no DecompressionStream); decompress the file with gunzip first")
	}
	buf := js.Global().Get("Uint8Array").New(len(data))
	js.CopyBytesToJS(buf, data)
	blob := js.Global().Get("Blob").New([]any{buf})
	stream := blob.Call("stream").Call("pipeThrough", ds.New("gzip"))
	out, err := browser.ReadStream(stream, sitemap.MaxSitemapBytes)
	if err != nil {
		return nil, browser.JSErr("the gzip file cannot be decompressed (" + err.Error() + ")")
	}
	return out, nil
}

// importSitemap reads a sitemap file a person chose: its URLs go into the
// list; an index's sitemaps are fetched as Test sitemap URLs does.
func importSitemap(name string, data []byte, err error) {
	if err != nil {
		site.result, site.sitemapMsg = nil, err.Error()
		siteChanged()
		return
	}
	go func() {
		data, err := maybeGunzip(data)
		if err != nil {
			site.result, site.sitemapMsg = nil, name+": "+err.Error()+"."
			siteChanged()
			return
		}
		f := sitemap.ReadSitemap(data)
		if f.Kind == sitemap.SitemapIndex && len(f.URLs) > 0 {
			walkSitemaps(name, f.URLs)
			return
		}
		res := sitemap.SitemapWalk{MaxURLs: site.cap, Fetch: func(string) sitemap.SitemapFetched {
			return sitemap.SitemapFetched{File: f}
		}}.Run([]string{name})
		if len(res.URLs) == 0 {
			site.result = nil
			site.sitemapMsg = name + ": " + strings.Join(f.Problems, " ")
			siteChanged()
			return
		}
		finishSitemaps(name, &res)
	}()
}
