//go:build js && wasm

// Package matrix holds the views that test many crawlers at once: the matrix
// (URLs × crawlers, matrix.go; each crawler's own reader, matrixreaders.go;
// expectations pinned on cells, expect.go, read and checked in slices when
// there are many, pincheck.go) and the diff of two versions of the file
// (diff.go).
//
//	store.Page (robots.txt, URL list, columns) ──engine.Matrix / engine.Compare──▶ grid, flips
//
// A view computes what it shows only while its tab is open, once per
// change of what it depends on; every verdict comes from the engine.
package matrix
