//go:build js && wasm

// Package readers is the Readers view: how each other reader of robots.txt
// (engine/readers.Readers: robots-parser, Python, Colly, Bing, Yandex, RFC 9309)
// answers for the URL list, where they disagree with Google.
//
//	store.Page ──readers.ParseAll (store/portability.go)──▶ each reader's parse
//	URL list ──readersrun.go (slices, or workerreaders.go in the workers)──▶ readerstable.go
//
// main wires its worker messages (HandleMessage, HandleInWorker).
package readers
