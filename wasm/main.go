//go:build js && wasm

// Command wasm is the robots.txt tester's page: a Vecty UI over package
// engine, compiled to WebAssembly. It renders and dispatches; every verdict,
// line and sentence comes from the engine.
package main

import (
	"errors"
	"syscall/js"
	"time"

	"github.com/hexops/vecty"

	"robotstester/wasm/browser"
)

func main() {
	if inWorker() {
		runWorker()
		return
	}
	store.runner = newRunner(store.receive)
	if p, ok := store.runner.(*workerPool); ok {
		store.lintElsewhere = p.lint
	}
	opening, from, err := openingState()
	if from != OriginNone {
		store.replace(dropExampleLeftover(opening))
	}
	if err != nil {
		store.message = err.Error()
	}
	// From now on a long robots.txt is parsed in slices (store.replace);
	// the opening state's is parsed now, before the first paint.
	store.parseInSlices = true
	store.prepareText = viewer.prepare
	_, store.previousDraft = previousDraft()
	page := newPage()
	// The draft is written a second after the last change, compressed by
	// the browser on the timer's goroutine, and, uncompressed, when the
	// page is hidden or closed (writeDraftNow: nothing may wait then).
	var draftFailed bool
	var draftNote string // what the draft leaves out, told once
	saved := currentSaved()
	drafts := browser.Debouncer{Delay: time.Second}
	// save writes the draft; a compressed save gives up when the state
	// changes while the browser compresses it.
	save := func(now bool) {
		if draftFailed || currentSaved() == saved {
			return
		}
		s := currentSaved()
		write := writeDraftNow
		if !now {
			write = writeDraft(func() bool { return currentSaved() == s })
		}
		note, err := saveDraftWithin(s, store.imported, write)
		if errors.Is(err, errDraftStale) {
			return // the change that made it stale schedules the next save
		}
		saved = s
		switch {
		case err != nil:
			draftFailed = true
			store.notify(err.Error(), "")
		case note != draftNote:
			draftNote = note
			if note != "" {
				store.notify(note, "")
			}
		}
	}
	saveNow := func() {
		drafts.Cancel()
		save(true)
	}
	shownText := store.editorVersion
	store.onChange = func() {
		// The rows and the rest of the page change together, now; but for
		// a new text, the rule hit counts beside it and in their panel
		// come in the next task: a long file's first render is long
		// enough without them.
		view.sync()
		if store.editorVersion == shownText {
			hits.sync()
		} else {
			shownText = store.editorVersion
			browser.YieldTask(hits.sync)
		}
		readerTable.sync()
		browser.RenderNow(page.parts()...)
		findingLists.sync()
		if !store.pending && !draftFailed && currentSaved() != saved {
			drafts.Schedule(func() { save(false) })
		}
	}
	store.onPending = view.sync
	store.onFilter = func() {
		if view.rows != nil {
			view.rows.toTop()
		}
	}
	store.onProgress = func() {
		view.sync()
		hits.sync()
		browser.RenderNow(page.results)
	}
	js.Global().Call("addEventListener", "pagehide", js.FuncOf(func(js.Value, []js.Value) any {
		saveNow()
		return nil
	}))
	doc := js.Global().Get("document")
	body := doc.Get("body")
	if embedMode() {
		body.Get("classList").Call("add", "embed")
	}
	if err := vecty.RenderInto("#app", page); err != nil {
		fail("The tester could not start: " + err.Error() + ". Reload the page.")
		return
	}
	watchLinks(func(s Saved) {
		// A link pasted into this tab displaces the draft, which can be
		// restored.
		_, store.previousDraft = previousDraft()
		applySaved(s)
	}, func(err error) { store.notify(err.Error(), "") })
	// Tests and benchmarks run the pending recompute at once instead of
	// waiting out the debounce.
	js.Global().Set("__robotsTesterFlush", js.FuncOf(func(js.Value, []js.Value) any {
		// Nothing waiting, nothing to run: testing a long list again
		// for nothing would take seconds.
		if store.pending {
			store.flush()
		}
		return nil
	}))
	installScriptAPI()
	if st := doc.Call("getElementById", "app-status"); st.Truthy() {
		st.Set("hidden", true)
	}
	body.Get("dataset").Set("ready", "true")
	if embedMode() {
		// The compact embed shows why for the first URL without a click.
		store.selectRow(0)
		reportHeight()
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
