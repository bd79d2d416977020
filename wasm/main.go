//go:build js && wasm

// Command wasm is the robots.txt tester's page: a Vecty UI over package
// engine, compiled to WebAssembly. main only wires; the page flows one way:
//
//	bytes (typed, opened, fetched, linked) ──▶ store actions (wasm/store)
//	   store ──engine.Parse once, engine.Test per URL (model.Tester)──▶ verdicts, rows, findings
//	   long work ──▶ wasm/workers (Web Workers) ──verdicts──▶ store
//	store.Page ──OnChange──▶ the views render what the store holds:
//	   page.go lays them out (the workbench), views.go switches the answers' tabs
//	   wasm/editor, results, findings, site, matrix, readers, aiview, toolbar
//	views ──clicks, keys──▶ store actions (and round again)
//
// Imports point down, one package a concern:
//
//	main (main.go, page.go, views.go, hosts.go)
//	  └ views: editor, results, matrix, readers, aiview, site, findings, toolbar; script (the script API)
//	      └ widget (markup more than one view shows)
//	          └ workers (Web Workers), storage (drafts, links)
//	              └ store (the state and its actions)
//	                  └ browser (tasks, streams, files, rendering)
//	                  └ model (the state's plain data: Saved, list, verdicts, rows; native tests)
//	                      └ engine
//
// No view imports another: where one shows another's work (the matrix's
// band in the editor, a finding's line), main sets a hook below. Every
// verdict, line and sentence comes from the engine; the UI re-decides no rule.
package main

import (
	"errors"
	"syscall/js"
	"time"

	"github.com/hexops/vecty"

	"robotstester/wasm/aiview"
	"robotstester/wasm/browser"
	"robotstester/wasm/editor"
	"robotstester/wasm/findings"
	"robotstester/wasm/matrix"
	"robotstester/wasm/model"
	"robotstester/wasm/readers"
	"robotstester/wasm/results"
	"robotstester/wasm/script"
	"robotstester/wasm/site"
	"robotstester/wasm/storage"
	"robotstester/wasm/store"
	"robotstester/wasm/toolbar"
	"robotstester/wasm/widget"
	"robotstester/wasm/workers"
)

func main() {
	// What the views run in the workers, wired before a worker starts.
	workers.HandleInWorker("readers", readers.CompareInWorker)
	workers.HandleInWorker("readers-cancel", readers.CancelInWorker)
	workers.HandleInWorker("ai-policy", aiview.ProposeInWorker)
	if workers.InWorker() {
		workers.RunWorker()
		return
	}
	store.Page.Runner = workers.NewRunner(store.Page.Receive)
	if p, ok := store.Page.Runner.(*workers.WorkerPool); ok {
		store.Page.LintElsewhere = p.Lint
	}
	opening, from, err := storage.OpeningState()
	if from != storage.OriginNone {
		store.Page.Replace(model.DropExampleLeftover(opening))
	}
	if err != nil {
		store.Page.Message = err.Error()
	}
	// From now on a long robots.txt is parsed in slices (store.replace);
	// the opening state's is parsed now, before the first paint.
	store.Page.ParseInSlices = true
	store.Page.PrepareText = editor.Viewer.Prepare
	// The views plug into each other only here.
	workers.HandleMessage("readers-results", readers.ReceiveReaders)
	workers.OnWorkersBroken(readers.ReadersWorkersBroke)
	workers.HandleMessage("ai-policy", aiview.ReceiveProposal)
	workers.OnWorkersBroken(aiview.WorkersBroke)
	store.AI.ProposeElsewhere = aiview.ProposeInWorkers
	editor.ViewBands = []func() int{matrix.MatrixBand, matrix.DiffBand, aiview.Band}
	store.Page.OnNewSite(site.ForgetSite)
	editor.ViewMarks = func() vecty.ComponentOrHTML { return &matrix.DiffMarks{} }
	findings.ShowLine = editor.GoToLine
	results.ShowLine = showLine
	widget.Revealed = editor.SyncScroll
	site.ChooseResultRow = results.ChooseRow
	_, store.Page.PreviousDraft = storage.PreviousDraft()
	page := newPage()
	// The draft is written a second after the last change, compressed by
	// the browser on the timer's goroutine, and, uncompressed, when the
	// page is hidden or closed (WriteDraftNow: nothing may wait then).
	var draftFailed bool
	var draftNote string // what the draft leaves out, told once
	saved := store.CurrentSaved()
	drafts := browser.Debouncer{Delay: time.Second}
	// save writes the draft; a compressed save gives up when the state
	// changes while the browser compresses it.
	save := func(now bool) {
		if draftFailed || store.CurrentSaved() == saved {
			return
		}
		s := store.CurrentSaved()
		write := storage.WriteDraftNow
		if !now {
			write = storage.WriteDraft(func() bool { return store.CurrentSaved() == s })
		}
		note, err := storage.SaveDraftWithin(s, store.Page.Imported, write)
		if errors.Is(err, storage.ErrDraftStale) {
			return // the change that made it stale schedules the next save
		}
		saved = s
		switch {
		case err != nil:
			draftFailed = true
			store.Page.Notify(err.Error(), "")
		case note != draftNote:
			draftNote = note
			if note != "" {
				store.Page.Notify(note, "")
			}
		}
	}
	saveNow := func() {
		drafts.Cancel()
		save(true)
	}
	shownText := store.Page.EditorVersion
	store.Page.OnChange = func() {
		// The rows and the rest of the page change together, now; but for
		// a new text, the rule hit counts beside it and in their panel
		// come in the next task: a long file's first render is long
		// enough without them.
		results.View.Sync()
		if store.Page.EditorVersion == shownText {
			syncHits()
		} else {
			shownText = store.Page.EditorVersion
			browser.YieldTask(syncHits)
		}
		readers.ReaderTable.Sync()
		browser.RenderNow(page.parts()...)
		findings.FindingLists.Sync()
		if !store.Page.Pending && !draftFailed && store.CurrentSaved() != saved {
			drafts.Schedule(func() { save(false) })
		}
	}
	store.Page.OnPending = results.View.Sync
	store.Page.OnFilter = func() {
		if results.View.Rows != nil {
			results.View.Rows.ToTop()
		}
	}
	store.Page.OnProgress = func() {
		results.View.Sync()
		syncHits()
		browser.RenderNow(page.results)
	}
	js.Global().Call("addEventListener", "pagehide", js.FuncOf(func(js.Value, []js.Value) any {
		saveNow()
		return nil
	}))
	doc := js.Global().Get("document")
	body := doc.Get("body")
	if storage.EmbedMode() {
		body.Get("classList").Call("add", "embed")
	}
	if err := vecty.RenderInto("#app", page); err != nil {
		fail("The tester could not start: " + err.Error() + ". Reload the page.")
		return
	}
	storage.WatchLinks(func(s model.Saved) {
		// A link pasted into this tab displaces the draft, which can be
		// restored.
		_, store.Page.PreviousDraft = storage.PreviousDraft()
		store.Page.NewSite(s, store.FromLink, "")
	}, func(err error) { store.Page.Notify(err.Error(), "") })
	// Tests and benchmarks run the pending recompute at once instead of
	// waiting out the debounce.
	js.Global().Set("__robotsTesterFlush", js.FuncOf(func(js.Value, []js.Value) any {
		// Nothing waiting, nothing to run: testing a long list again
		// for nothing would take seconds.
		if store.Page.Pending {
			store.Page.Flush()
		}
		return nil
	}))
	script.InstallScriptAPI()
	if st := doc.Call("getElementById", "app-status"); st.Truthy() {
		st.Set("hidden", true)
	}
	body.Get("dataset").Set("ready", "true")
	if storage.EmbedMode() {
		// The compact embed shows why for the first URL without a click.
		store.Page.SelectRow(0)
		toolbar.ReportHeight()
	}
	select {}
}

// fail shows why the page cannot run, where the loading message was.
func fail(msg string) {
	if st := js.Global().Get("document").Call("getElementById", "app-status"); st.Truthy() {
		st.Set("textContent", msg)
		st.Set("hidden", false)
	}
}

// syncHits writes the rule hit counts where they show: the editor's column
// and the results' panel.
func syncHits() {
	editor.GutterHits.Sync()
	results.HitsPanel.Sync()
}
