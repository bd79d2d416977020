//go:build js && wasm

package workers

import (
	"errors"
	"syscall/js"
	"unsafe"

	"robotstester/wasm/browser"
	"robotstester/wasm/model"
	"robotstester/wasm/store"
)

// A URL list file is read in a worker when the page has them: the worker
// reads the stream, inflates a .gz, splits lines or reads the CSV column
// (ImportURLs, the same code), and sends the list back as its text, in
// parts, and the ends of its URLs. Messages (beside WorkerPool's):
//
//	page → worker {type: "import", file: File}
//	page → worker {type: "import-cancel"}
//	worker → page {type: "import-progress", read}
//	worker → page {type: "import-text", size, part: Uint8Array}  (parts in order)
//	worker → page {type: "import-done", ends: Int32Array}
//	worker → page {type: "import-error", message}

// importPart is how much of the list's text one message carries: copying
// it into the page's memory takes about a millisecond.
const importPart = 1 << 20

// importFile asks the pool's first worker to read file for run, and
// reports whether it could.
func (p *WorkerPool) importFile(file js.Value, run *importRun) bool {
	if p.Broken || !p.startWorkers() {
		return false
	}
	run.worker = p.Workers[0]
	p.importing = run
	run.worker.Call("postMessage", map[string]any{"type": "import", "file": file})
	return true
}

// importMessage handles a worker's import message for the running import.
func (p *WorkerPool) importMessage(data js.Value) {
	run := p.importing
	if run == nil || run != FileImport {
		return
	}
	switch data.Get("type").String() {
	case "import-progress":
		run.Read = data.Get("read").Int()
		store.Page.ResultsChanged()
	case "import-text":
		if run.text == nil {
			run.text = make([]byte, 0, data.Get("size").Int())
		}
		part := data.Get("part")
		n := len(run.text)
		run.text = run.text[:n+part.Length()]
		js.CopyBytesToGo(run.text[n:], part)
	case "import-done":
		p.importing = nil
		var list model.URLList
		if len(run.text) > 0 {
			// The text is not written again: it becomes the list's string.
			list = model.URLList{Text: unsafe.String(&run.text[0], len(run.text)), Ends: browser.Int32s(data.Get("ends"))}
		}
		run.text = nil
		// The list is tested and shown in a task of its own: copying a
		// million ends is a few milliseconds already.
		browser.YieldTask(func() { run.finish(list, nil) })
	case "import-error":
		p.importing = nil
		run.finish(model.URLList{}, errors.New(data.Get("message").String()))
	}
}

// workerImport is the import a worker runs, nil when none.
var workerImport *importRun

// importInWorker reads file and posts the list to the page.
func importInWorker(file js.Value) {
	if workerImport != nil {
		workerImport.Cancel()
	}
	run := &importRun{Name: file.Get("name").String()}
	workerImport = run
	post := func(msg map[string]any, transfer ...any) {
		js.Global().Call("postMessage", msg, transfer)
	}
	go func() {
		list, err := run.readFile(file, func(n int) {
			post(map[string]any{"type": "import-progress", "read": n})
		})
		if workerImport == run {
			workerImport = nil
		}
		switch {
		case run.canceled:
			return
		case err != nil:
			post(map[string]any{"type": "import-error", "message": err.Error()})
			return
		}
		for at := 0; at < len(list.Text); at += importPart {
			part := browser.JSBytes([]byte(list.Text[at:min(at+importPart, len(list.Text))]))
			post(map[string]any{"type": "import-text", "size": len(list.Text), "part": part}, part.Get("buffer"))
		}
		ends := make([]byte, 4*len(list.Ends))
		for i, e := range list.Ends {
			ends[4*i], ends[4*i+1], ends[4*i+2], ends[4*i+3] = byte(e), byte(e>>8), byte(e>>16), byte(e>>24)
		}
		endsJS := js.Global().Get("Int32Array").New(browser.JSBytes(ends).Get("buffer"))
		post(map[string]any{"type": "import-done", "ends": endsJS}, endsJS.Get("buffer"))
	}()
}
