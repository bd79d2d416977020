//go:build js && wasm

package aiview

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"robotstester/engine"
	"robotstester/engine/sharedtest"
	"robotstester/wasm/model"
	"robotstester/wasm/store"
)

// The markup of one crawler's row (crawlerHTML): its attributes, then the
// verdict a person reads at / and at each URL, with the line button or "no
// rule" after it.
var (
	crawlerRE = regexp.MustCompile(`^<li class="ai-crawler" data-crawler="([^"]*)" data-root="(\w+)" data-line="(\d+)" data-obeys="(\d+)">`)
	rootRE    = regexp.MustCompile(`<div class="ai-root">` + verdictMarkup)
	urlRE     = regexp.MustCompile(`<li data-url="([^"]*)" data-verdict="(\w+)">` + verdictMarkup)
)

const verdictMarkup = `<span class="v" data-verdict="(\w+)">(✓ allowed|✕ blocked)</span> at [^,]*, (?:no rule|<button type="button" class="ai-line link-button" data-line="(\d+)")`

// On every corpus file, the rows the view writes say what the Matrix says
// for each crawler (issue 23): the group it obeys, and its verdict and
// deciding line at / and at each URL shown, in its attributes and in what
// a person reads. TestAIRowsEqualMatrixOnCorpus (wasm/model) checks the
// rows' data the same way; this checks the markup made of it.
func TestRowsMarkupEqualMatrixOnCorpus(t *testing.T) {
	files := sharedtest.CorpusFiles(t)
	if len(files) != 386 {
		t.Fatalf("%d corpus files, want 386", len(files))
	}
	page, ai := store.Page, store.AI
	defer func() { store.Page, store.AI = page, ai }()
	in := model.ExampleState
	in.URLs = "https://example.com/search?q=1\nhttps://example.com/wp-admin/"
	store.Page = store.NewState(in)
	cols := engine.AIColumns()
	for _, f := range files {
		name := filepath.Base(f)
		body, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		in.Robots = string(body)
		store.Page.Replace(in)
		store.AI = &store.AIState{}
		au := store.AI.Audit()
		m := store.Page.Robots.Matrix(append([]string{"/"}, au.URLs...), cols)
		items := strings.Split(operatorsHTML(au), `<li class="ai-crawler"`)[1:]
		if len(items) != len(cols) {
			t.Fatalf("%s: %d crawler rows, the Matrix has %d columns", name, len(items), len(cols))
		}
		seen := map[string]bool{}
		for _, item := range items {
			item = `<li class="ai-crawler"` + item
			head := crawlerRE.FindStringSubmatch(item)
			if head == nil {
				t.Fatalf("%s: a row's markup does not read as a crawler's: %.200s", name, item)
			}
			i := colIndex(cols, head[1])
			if i < 0 || seen[head[1]] {
				t.Fatalf("%s: row %q is no column of the Matrix, or shown twice", name, head[1])
			}
			seen[head[1]] = true
			root := m.Cell(0, i)
			obeys := 0
			if o := m.Obeys[i]; len(o.Lines) > 0 {
				obeys = o.Lines[0]
			}
			if head[2] != engine.VerdictWord(root.Allowed) || head[3] != strconv.Itoa(root.Line) || head[4] != strconv.Itoa(obeys) {
				t.Fatalf("%s: %s's row says %s by line %s, obeying line %s; the Matrix says %s by line %d, obeying line %d",
					name, head[1], head[2], head[3], head[4], engine.VerdictWord(root.Allowed), root.Line, obeys)
			}
			if shown := rootRE.FindStringSubmatch(item); shown == nil || !readsAs(shown[1:], root) {
				t.Fatalf("%s: %s at / reads %v; the Matrix says %+v", name, head[1], shown, root)
			}
			cells := urlRE.FindAllStringSubmatch(item, -1)
			if len(cells) != len(au.URLs) {
				t.Fatalf("%s: %s has %d URL verdicts, want %d", name, head[1], len(cells), len(au.URLs))
			}
			for u, c := range cells {
				want := m.Cell(u+1, i)
				if c[1] != au.URLs[u] || c[2] != engine.VerdictWord(want.Allowed) || !readsAs(c[3:], want) {
					t.Fatalf("%s: %s at %s reads %v; the Matrix says %+v", name, head[1], au.URLs[u], c[1:], want)
				}
			}
		}
	}
}

func colIndex(cols []engine.Column, name string) int {
	for i, c := range cols {
		if c.Name == name {
			return i
		}
	}
	return -1
}

// readsAs reports whether a verdict's markup (its attribute, its words,
// its line button's line or "" for no rule) reads as cell.
func readsAs(shown []string, cell engine.Cell) bool {
	words := map[bool]string{true: "✓ allowed", false: "✕ blocked"}
	line := ""
	if cell.Line > 0 {
		line = strconv.Itoa(cell.Line)
	}
	return shown[0] == engine.VerdictWord(cell.Allowed) && shown[1] == words[cell.Allowed] && shown[2] == line
}
