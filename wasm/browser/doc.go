//go:build js && wasm

// Package browser is the page's glue to the browser, below everything else
// in wasm/: it knows no store, no view and no rule of the engine.
//
//	tasks       sliced.go (RunSliced: long work in slices of SliceBudget),
//	            debounce.go (Debouncer, NextTask), afterpaint.go (AfterPaint)
//	rendering   render.go (RenderNow: Vecty's renders in the current task),
//	            buttons.go (Button, FileButton), htmlescape.go (EscapeHTML)
//	bytes in    fileio.go (ReadFile, WatchFileInput, WatchDrop),
//	            streamread.go (ReadStream), jsvalue.go (Await, JSBytes, Int32s)
//	bytes out   fileio.go (DownloadBytes), deflate.go (DeflateRaw, InflateRaw
//	            through the browser's CompressionStream)
//
// The store and the views import it; it imports only the standard library,
// syscall/js, Vecty and the engine's formatting of numbers.
package browser
