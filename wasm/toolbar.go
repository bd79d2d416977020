//go:build js && wasm

package main

import (
	"strings"
	"syscall/js"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/prop"

	"robotstester/wasm/browser"
)

// Toolbar holds the file and sharing controls. The work behind them
// (permalinks, files, drafts) lives in permalink.go, files.go and
// storage.go; the toolbar dispatches to it and shows the outcome in
// #share-message.
type Toolbar struct {
	vecty.Core
	shown toolbarView
}

// toolbarView is what the toolbar shows of the store: it is skipped while
// that is the same, as it is on every edit.
type toolbarView struct {
	message, link string
	previousDraft bool
	saved         Saved  // in embed mode, what the "Open in full tester" link holds
	linkReady     bool   // in embed mode, whether that link is made (fullLink)
	findings      string // in embed mode, the findings the details toggle counts
}

func (t *Toolbar) view() toolbarView {
	v := toolbarView{message: store.message, link: store.link, previousDraft: store.previousDraft}
	if embedMode() {
		v.saved = currentSaved()
		_, _, v.linkReady = fullLink(v.saved)
		v.findings = findingsSummary()
	}
	return v
}

func (t *Toolbar) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*Toolbar)
	return ok && p.shown == t.view()
}

func (t *Toolbar) Render() vecty.ComponentOrHTML {
	s := store
	t.shown = t.view()
	if embedMode() {
		nav := vecty.Markup(vecty.Class("toolbar"), vecty.Attribute("aria-label", "Tester"))
		href, err, ready := fullLink(t.shown.saved)
		if err != nil {
			return elem.Navigation(nav, elem.Paragraph(vecty.Markup(prop.ID("share-message")), vecty.Text(err.Error())))
		}
		return elem.Navigation(nav, elem.Anchor(
			vecty.Markup(prop.ID("open-full"), vecty.MarkupIf(href != "", prop.Href(href)), vecty.Attribute("target", "_blank"),
				vecty.Attribute("rel", "noopener"), vecty.Attribute("aria-busy", !ready)),
			vecty.Text("Open in full tester"),
		), embedDetailsToggle())
	}
	return elem.Navigation(
		vecty.Markup(vecty.Class("toolbar"), vecty.Attribute("aria-label", "File and sharing")),
		elem.Div(
			vecty.Markup(vecty.Class("buttons")),
			browser.Button("copy-link", "Copy link", func() {
				// The browser compresses the link: waited for on a goroutine.
				go func() {
					in, left := linkState(currentSaved(), store.imported)
					copyLink(in, func(link string, err error) {
						if err != nil {
							store.notify(strings.TrimSpace(err.Error()+" "+left), link)
							return
						}
						if left != "" {
							store.notify("Link copied. "+left, link)
							return
						}
						store.notify("Link copied: it holds the whole state in its #fragment, which is never sent to a server.", link)
					})
				}()
			}),
			browser.FileButton("open-file", "Open robots.txt…", ".txt,text/plain"),
			browser.Button("download", "Download robots.txt", func() {
				browser.DownloadBytes("robots.txt", "text/plain", []byte(currentSaved().Robots))
			}),
			browser.FileButton("import-urls", "Import URLs…", ".txt,.csv,.gz,text/plain,text/csv,application/gzip"),
			browser.Button("export-csv", "Export CSV", func() {
				startExport(csvExport)
			}),
			browser.Button("export-json", "Export JSON", func() {
				startExport(jsonExport)
			}),
			browser.Button("reset", "Reset to example", func() { applySaved(exampleState) }),
			vecty.If(s.previousDraft, browser.Button("restore-draft", "Restore the draft you had before opening this link", func() {
				store.previousDraft = false
				go func() {
					if d, ok := restorePreviousDraft(); ok {
						applySaved(d)
					}
				}()
			})),
		),
		elem.Paragraph(
			vecty.Markup(
				prop.ID("share-message"),
				vecty.Attribute("aria-live", "polite"),
				vecty.Attribute("data-link", s.link),
			),
			vecty.Text(s.message),
			vecty.If(s.link != "" && s.message != "", elem.Input(vecty.Markup(
				prop.Type(prop.TypeText),
				vecty.Class("link"),
				vecty.Attribute("readonly", true),
				vecty.Attribute("aria-label", "The link"),
				prop.Value(s.link),
			))),
		),
	)
}

// Mount wires the file inputs and the editor's drop target once they exist.
func (t *Toolbar) Mount() {
	if embedMode() {
		return
	}
	doc := js.Global().Get("document")
	browser.WatchFileInput(doc.Call("getElementById", "open-file"), openRobots)
	urls := doc.Call("getElementById", "import-urls")
	urls.Call("addEventListener", "change", js.FuncOf(func(js.Value, []js.Value) any {
		if files := urls.Get("files"); files.Length() > 0 {
			importFile(files.Index(0))
		}
		urls.Set("value", "")
		return nil
	}))
	browser.WatchDrop(doc.Call("querySelector", ".editor-frame"), openRobots)
}

// openRobots puts an opened or dropped file into the editor, bytes exact.
func openRobots(name string, data []byte, err error) {
	if err != nil {
		store.notify(err.Error(), "")
		return
	}
	in := currentSaved()
	in.Robots = string(data)
	// Said with the file, by the render that shows it: a render of the
	// page before it, only to say so, would hold a long file's task.
	store.message, store.link = "Opened "+name+".", ""
	applySaved(in)
}
