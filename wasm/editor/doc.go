//go:build js && wasm

// Package editor is the robots.txt editor: the text box, or for a long file
// a viewer that writes only the lines in view (editorview.go), with line
// numbers, the findings' markers, the rule hit counts (gutterhits.go), the
// highlighted deciding line and a find bar (viewerfind.go).
//
//	typing ──▶ store.Page.EditRobots ──(debounced) engine.Parse, Test──▶ store ──▶ Editor renders
//
// The bands and marks other views point at (the matrix's cell, the diff's
// flip) come in through ViewBands and ViewMarks, set by main: the editor
// imports no view.
package editor
