//go:build js && wasm

// Package workers tests, lints and imports long inputs off the page's
// thread, in Web Workers started from the page's own program (web/loader.js).
//
//	store ──TestJob──▶ pool.go (WorkerPool: a store.Runner) ──postMessage──▶ worker.go (RunWorker)
//	                                                                          │ model.Tester per URL
//	store.Receive ◀── verdicts, a chunk at a time ◀────────────────────────────┘
//
// The same pool lints a long robots.txt (workerlint.go), works out a long
// list's scope (workerscope.go) and reads an imported URL file
// (importfile.go, workerimport.go); where no worker can run, each falls
// back to slices on the page (browser.RunSliced). A view with work of its
// own in the workers (the Readers view) plugs in with HandleMessage,
// OnWorkersBroken and HandleInWorker, which main wires: this package
// imports no view. Every verdict comes from the engine, through the store.
package workers
