//go:build js && wasm

package workers

import (
	"errors"
	"io"
	"strings"
	"syscall/js"
	"time"

	"github.com/hexops/vecty"

	"robotstester/wasm/browser"
	"robotstester/wasm/model"
	"robotstester/wasm/store"
)

// Importing a URL list file of any size: the file's stream (inflated by
// the browser's DecompressionStream when it is a .gz) is read a chunk at a
// time by a goroutine, which waits, and so gives its thread back, whenever
// it needs the next chunk or has worked for a slice (SliceBudget). The
// goroutine runs in a worker when the page has them (workerimport.go),
// else on the page. A million lines import without a long task; Cancel
// stops between chunks. A long paste is kept aside the same way.

// PasteURLs keeps a long paste out of the text box: the list (the box's
// text with the paste in place of the selection) is kept aside as an
// imported one, unless it turns out to hold no more than MaxTypedURLs. The
// pasted text is read into Go and split in slices, after the paste's own
// task: a hundred thousand URLs are megabytes to convert.
func PasteURLs(ev *vecty.Event) {
	data := ev.Get("clipboardData")
	if !data.Truthy() {
		return
	}
	// A String object: its length is read without copying the text.
	pasted := js.Global().Get("Object").Invoke(data.Call("getData", "text/plain"))
	n := pasted.Get("length").Int()
	if n < model.MaxTypedURLs*8 {
		// Too short to hold that many URLs: the box takes it.
		return
	}
	ev.Call("preventDefault")
	area := ev.Target
	value := area.Get("value").String()
	start := utf16Offset(value, area.Get("selectionStart").Int())
	end := max(start, utf16Offset(value, area.Get("selectionEnd").Int()))
	var lb model.ListBuilder
	rest, at := value[:start], 0
	browser.RunSliced(func(deadline time.Time) bool {
		if at == n && rest == "" {
			// Read whole in an earlier slice: the list is tested and
			// shown in a task of its own.
			return true
		}
		if at == 0 {
			// Megabytes, which can start a collection: not in the
			// paste's own task.
			lb.B.Grow(n + len(value))
		}
		for time.Now().Before(deadline) {
			if at < n {
				var piece string
				piece, at = browser.NextPiece(pasted, at, n)
				rest += piece
				if at == n {
					rest += value[end:]
				}
			}
			// Whole lines only, until the text has all come.
			for rest != "" {
				if at < n && strings.IndexAny(rest, "\n\r") < 0 {
					break
				}
				rest = lb.AddLine(rest)
			}
			if at == n && rest == "" {
				break
			}
		}
		return false
	}, func() {
		urls := lb.List()
		if urls.Len() <= model.MaxTypedURLs {
			// Short after all: the box takes it.
			in := store.Page.In
			in.URLs = urls.Text
			store.Page.Replace(in)
			return
		}
		store.Page.ImportList("the pasted list", urls)
		// The message in a task of its own: the results come first.
		browser.YieldTask(func() {
			store.Page.Notify("Pasted "+model.Number(urls.Len())+" URLs: too many for the text box, so they are kept aside and tested as a list.", "")
		})
	})
}

// FileImport is the import running, nil when none.
var FileImport *importRun

// importRun is one file being imported.
type importRun struct {
	Name     string
	Read     int // URLs read so far
	canceled bool
	reader   js.Value // the stream's reader, where this thread reads it
	worker   js.Value // the worker that reads it, else undefined

	// The list as the worker sends it (WorkerPool, "import-…" messages).
	text []byte
	ends []int32
}

// errCanceled ends a canceled import.
var errCanceled = errors.New("the import was canceled")

// ImportFile reads file as a URL list and puts it in the store. A worker
// reads it when the page has them (inflating a .gz is work for the
// thread that reads the stream); else a goroutine here does.
func ImportFile(file js.Value) {
	if FileImport != nil {
		FileImport.Cancel()
	}
	run := &importRun{Name: file.Get("name").String()}
	FileImport = run
	// The progress shows in a task of its own: starting the workers is
	// work enough for the file input's.
	browser.YieldTask(store.Page.Changed)
	if p, ok := store.Page.Runner.(*WorkerPool); ok && p.importFile(file, run) {
		return
	}
	go func() {
		urls, err := run.readFile(file, func(n int) {
			run.Read = n
			store.Page.ResultsChanged()
		})
		run.finish(urls, err)
	}()
}

// readFile reads file's stream (inflated when its name ends in .gz) as a
// URL list.
func (r *importRun) readFile(file js.Value, progress func(int)) (model.URLList, error) {
	stream := file.Call("stream")
	if strings.HasSuffix(strings.ToLower(r.Name), ".gz") {
		if js.Global().Get("DecompressionStream").Type() != js.TypeFunction {
			return model.URLList{}, errors.New(r.Name + " is gzip-compressed, and this browser cannot decompress it: decompress it first (gunzip), then import it.")
		}
		stream = stream.Call("pipeThrough", js.Global().Get("DecompressionStream").New("gzip"))
	}
	r.reader = stream.Call("getReader")
	if r.canceled {
		r.reader.Call("cancel")
		return model.URLList{}, errCanceled
	}
	return model.ImportURLs(r.Name, &streamReader{run: r, last: time.Now().UnixNano()}, progress)
}

// finish puts the list read in the store, or says why there is none.
func (r *importRun) finish(urls model.URLList, err error) {
	if FileImport != r {
		return
	}
	FileImport = nil
	switch {
	case r.canceled:
		store.Page.Notify("Import of "+r.Name+" canceled: the list is as it was.", "")
	case err != nil:
		store.Page.Notify(err.Error(), "")
	default:
		store.Page.ImportList(r.Name, urls)
		browser.YieldTask(func() { store.Page.Notify("Imported "+model.Number(urls.Len())+" URLs from "+r.Name+".", "") })
	}
}

// Cancel stops the import between two chunks.
func (r *importRun) Cancel() {
	r.canceled = true
	if r.reader.Truthy() {
		r.reader.Call("cancel")
	}
	if r.worker.Truthy() {
		r.worker.Call("postMessage", map[string]any{"type": "import-cancel"})
		r.finish(model.URLList{}, errCanceled)
	}
}

// streamReader reads a ReadableStream's Uint8Array chunks as an io.Reader.
// Read blocks its goroutine on a channel, which lets the browser's event
// loop run until the chunk's promise settles.
type streamReader struct {
	run  *importRun
	buf  []byte
	last int64 // when the goroutine last gave the page back, in Unix ns (not a time.Time: see SlicedJob)
	done bool
}

func (r *streamReader) Read(p []byte) (int, error) {
	if r.run.canceled {
		return 0, errCanceled
	}
	if len(r.buf) == 0 {
		if r.done {
			return 0, io.EOF
		}
		if time.Since(time.Unix(0, r.last)) > browser.SliceBudget {
			// Chunks can arrive as already-settled promises, whose
			// callbacks run in the same task: make it end.
			browser.LaterTask()
		}
		chunk, done, err := r.next()
		r.last = time.Now().UnixNano()
		if err != nil {
			return 0, err
		}
		if r.run.canceled {
			return 0, errCanceled
		}
		r.buf, r.done = chunk, done
		if len(r.buf) == 0 {
			if r.done {
				return 0, io.EOF
			}
			return 0, nil
		}
	}
	n := copy(p, r.buf)
	r.buf = r.buf[n:]
	return n, nil
}

// next waits for the stream's next chunk.
func (r *streamReader) next() (chunk []byte, done bool, err error) {
	type answer struct {
		chunk []byte
		done  bool
		err   error
	}
	ch := make(chan answer, 1)
	var then, fail js.Func
	then = js.FuncOf(func(_ js.Value, args []js.Value) any {
		then.Release()
		fail.Release()
		res := args[0]
		if res.Get("done").Bool() {
			ch <- answer{done: true}
			return nil
		}
		v := res.Get("value")
		b := make([]byte, v.Get("length").Int())
		js.CopyBytesToGo(b, v)
		ch <- answer{chunk: b}
		return nil
	})
	fail = js.FuncOf(func(_ js.Value, args []js.Value) any {
		then.Release()
		fail.Release()
		ch <- answer{err: errors.New(args[0].Call("toString").String())}
		return nil
	})
	r.run.reader.Call("read").Call("then", then, fail)
	a := <-ch
	return a.chunk, a.done, a.err
}

// utf16Offset is the byte offset in s of the UTF-16 offset u (a
// textarea's selection), clamped to s.
func utf16Offset(s string, u int) int {
	for i, r := range s {
		if u <= 0 {
			return i
		}
		if r >= 0x10000 {
			u -= 2
		} else {
			u--
		}
	}
	return len(s)
}
