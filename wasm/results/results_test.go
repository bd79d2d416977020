//go:build js && wasm

package results

import (
	"strings"
	"testing"

	"robotstester/wasm/model"
)

// The selected row carries the marks; every row stays out of the Tab
// order (the table is the Tab stop).
func TestSelectedRowIsMarked(t *testing.T) {
	var b strings.Builder
	newRowView(model.Row{Input: "/a", TestedAs: "/a"}).write(&b, 5, 40, true)
	h := b.String()
	for _, want := range []string{`class="result selected" aria-current="true"`, `aria-rowindex="7"`, `data-pos="5"`, `data-index="40"`, `tabindex="-1"`} {
		if !strings.Contains(h, want) {
			t.Errorf("selected row lacks %s: %s", want, h)
		}
	}
}

func TestRowHTMLEscapesAndLeavesTheSelectionOut(t *testing.T) {
	rows := []model.Row{
		{Input: `/<script>"&`, TestedAs: `/<script>"&`, Allowed: true},
		{Input: "/b", TestedAs: "/b", Line: 3, Rule: "Disallow: /b", Group: "* (line 1)", Scope: "other host"},
	}
	wants := [][]string{
		{`aria-rowindex="2" data-pos="0" data-index="0" data-verdict="allowed" data-line="0" tabindex="-1"`, `&lt;script&gt;&#34;&amp;`},
		{`aria-rowindex="3" data-pos="1" data-index="1" data-verdict="blocked" data-line="3" data-scope="out" tabindex="-1"`,
			`<td class="line" role="cell">3</td>`, `<td class="scope" role="cell" title="other host">other host</td>`},
	}
	for i, r := range rows {
		var b strings.Builder
		newRowView(r).write(&b, i, i, false)
		h := b.String()
		if strings.Contains(h, "<script>") {
			t.Fatal("a URL's text reached the HTML unescaped")
		}
		if strings.Contains(h, "selected") || strings.Contains(h, "aria-current") {
			t.Errorf("row %d carries selection marks: %s", i, h)
		}
		for _, want := range wants[i] {
			if !strings.Contains(h, want) {
				t.Errorf("row %d HTML lacks %s: %s", i, want, h)
			}
		}
	}
}
