//go:build js && wasm

package main

import (
	"strings"
	"testing"
)

// The selected row carries the marks; every row stays out of the Tab
// order (the table is the Tab stop).
func TestSelectedRowIsMarked(t *testing.T) {
	var b strings.Builder
	newRowView(row{Input: "/a", TestedAs: "/a"}).write(&b, 5, 40, true)
	h := b.String()
	for _, want := range []string{`class="result selected" aria-current="true"`, `aria-rowindex="7"`, `data-pos="5"`, `data-index="40"`, `tabindex="-1"`} {
		if !strings.Contains(h, want) {
			t.Errorf("selected row lacks %s: %s", want, h)
		}
	}
}
