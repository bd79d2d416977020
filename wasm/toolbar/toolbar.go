//go:build js && wasm

package toolbar

import (
	"strings"
	"syscall/js"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/prop"

	"robotstester/wasm/browser"
	"robotstester/wasm/model"
	"robotstester/wasm/storage"
	"robotstester/wasm/store"
	"robotstester/wasm/workers"
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
	saved         model.Saved // in embed mode, what the "Open in full tester" link holds
	linkReady     bool        // in embed mode, whether that link is made (fullLink)
	findings      string      // in embed mode, the findings the details toggle counts
}

func (t *Toolbar) view() toolbarView {
	v := toolbarView{message: store.Page.Message, link: store.Page.Link, previousDraft: store.Page.PreviousDraft}
	if storage.EmbedMode() {
		v.saved = store.CurrentSaved()
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
	s := store.Page
	t.shown = t.view()
	if storage.EmbedMode() {
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
					in, left := store.LinkState(store.CurrentSaved(), store.Page.Imported)
					copyLink(in, func(link string, err error) {
						if err != nil {
							store.Page.Notify(strings.TrimSpace(err.Error()+" "+left), link)
							return
						}
						if left != "" {
							store.Page.Notify("Link copied. "+left, link)
							return
						}
						store.Page.Notify("Link copied: it holds the whole state in its #fragment, which is never sent to a server.", link)
					})
				}()
			}),
			browser.FileButton("open-file", "Open robots.txt…", ".txt,text/plain"),
			browser.Button("download", "Download robots.txt", func() {
				browser.DownloadBytes("robots.txt", "text/plain", []byte(store.CurrentSaved().Robots))
			}),
			browser.FileButton("import-urls", "Import URLs…", ".txt,.csv,.gz,text/plain,text/csv,application/gzip"),
			browser.Button("export-csv", "Export CSV", func() {
				store.StartExport(store.CSVExport)
			}),
			browser.Button("export-json", "Export JSON", func() {
				store.StartExport(store.JSONExport)
			}),
			browser.Button("reset", "Reset to example", func() { store.ApplySaved(model.ExampleState) }),
			vecty.If(s.PreviousDraft, browser.Button("restore-draft", "Restore the draft you had before opening this link", func() {
				store.Page.PreviousDraft = false
				go func() {
					if d, ok := storage.RestorePreviousDraft(); ok {
						store.ApplySaved(d)
					}
				}()
			})),
		),
		elem.Paragraph(
			vecty.Markup(
				prop.ID("share-message"),
				vecty.Attribute("aria-live", "polite"),
				vecty.Attribute("data-link", s.Link),
			),
			vecty.Text(s.Message),
			vecty.If(s.Link != "" && s.Message != "", elem.Input(vecty.Markup(
				prop.Type(prop.TypeText),
				vecty.Class("link"),
				vecty.Attribute("readonly", true),
				vecty.Attribute("aria-label", "The link"),
				prop.Value(s.Link),
			))),
		),
	)
}

// Mount wires the file inputs and the editor's drop target once they exist.
func (t *Toolbar) Mount() {
	if storage.EmbedMode() {
		return
	}
	doc := js.Global().Get("document")
	browser.WatchFileInput(doc.Call("getElementById", "open-file"), openRobots)
	urls := doc.Call("getElementById", "import-urls")
	urls.Call("addEventListener", "change", js.FuncOf(func(js.Value, []js.Value) any {
		if files := urls.Get("files"); files.Length() > 0 {
			workers.ImportFile(files.Index(0))
		}
		urls.Set("value", "")
		return nil
	}))
	browser.WatchDrop(doc.Call("querySelector", ".editor-frame"), openRobots)
}

// openRobots puts an opened or dropped file into the editor, bytes exact.
func openRobots(name string, data []byte, err error) {
	if err != nil {
		store.Page.Notify(err.Error(), "")
		return
	}
	in := store.CurrentSaved()
	in.Robots = string(data)
	// Said with the file, by the render that shows it: a render of the
	// page before it, only to say so, would hold a long file's task.
	store.Page.Message, store.Page.Link = "Opened "+name+".", ""
	store.Page.NewSite(in, store.FromOpen, name)
}
