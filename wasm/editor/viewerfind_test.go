//go:build js && wasm

package editor

import (
	"math/rand/v2"
	"strings"
	"syscall/js"
	"testing"
	"time"

	"robotstester/wasm/browser"
	"robotstester/wasm/model"
	"robotstester/wasm/store"
	"robotstester/wasm/widget"
)

// The viewer's find finds what a byte-by-byte search that ignores the case
// of ASCII letters finds, on the line each match starts on, in order, and
// steps from match to match round the ends.
func TestViewerFindFindsEveryMatch(t *testing.T) {
	saved := store.Page
	t.Cleanup(func() {
		store.Page = saved
		finder = viewFinder{current: -1, edits: browser.Debouncer{Delay: browser.DebounceDelay}}
	})
	rng := rand.New(rand.NewPCG(3, 7))
	words := []string{"Disallow", "disallow", "DISALLOW", "Allow", "/Search", "/search/", "é", "Ä", "*", "$", "?q=", " ", "\r\n", "\n", "\r"}
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for b.Len() < 200<<10 {
		b.WriteString(words[rng.IntN(len(words))])
	}
	in := model.ExampleState
	in.Robots = b.String()
	store.Page = store.NewState(in)
	// Node's document (testdata/nodedom.js) has no elements: the viewer
	// is indexed as its render would, and there is no line to scroll to.
	doc := js.Global().Get("document")
	doc.Set("getElementById", js.FuncOf(func(js.Value, []js.Value) any { return nil }))
	t.Cleanup(func() { doc.Delete("getElementById") })
	text := store.Page.EditorText
	Viewer.starts, Viewer.cols, Viewer.more = lineStarts(text, nil)
	if !bigMode() {
		t.Fatalf("a %d-byte text is not in the viewer", len(text))
	}
	for _, q := range []string{"disallow", "SEARCH/", "é", "ä", "\r\n", "?q=/", "no such text", "*$"} {
		finder.search(q)
		// Sleeping lets the search's later tasks run; the minute only
		// stops a hang, never a slow machine.
		for start := time.Now(); !finder.done; time.Sleep(10 * time.Millisecond) {
			if time.Since(start) > time.Minute {
				t.Fatalf("%q: the search never ended (a minute passed: a hang)", q)
			}
		}
		// The reference: byte by byte, A-Z read as a-z.
		fold := func(c byte) byte {
			if 'A' <= c && c <= 'Z' {
				return c + 'a' - 'A'
			}
			return c
		}
		var want []int32
		for at := 0; at+len(q) <= len(text) && len(want) <= maxFindMatches; {
			k := 0
			for k < len(q) && fold(text[at+k]) == fold(q[k]) {
				k++
			}
			if k == len(q) {
				want = append(want, int32(widget.CountLines(text[:at])))
				at += len(q)
			} else {
				at++
			}
		}
		more := len(want) > maxFindMatches
		if more {
			want = want[:maxFindMatches]
		}
		if len(finder.lines) != len(want) || finder.more != more {
			t.Fatalf("%q: %d matches (more %v), want %d (more %v)", q, len(finder.lines), finder.more, len(want), more)
		}
		for i := range want {
			if finder.lines[i] != want[i] {
				t.Fatalf("%q: match %d on line %d, want %d", q, i, finder.lines[i], want[i])
			}
		}
		if len(want) == 0 {
			if finder.status() != "No match" {
				t.Errorf("%q: status %q", q, finder.status())
			}
			continue
		}
		if finder.current != 0 || finder.line() != int(want[0]) {
			t.Errorf("%q: the first match shown is %d (line %d), want 0 (line %d)", q, finder.current, finder.line(), want[0])
		}
		finder.step(-1)
		if finder.current != len(want)-1 {
			t.Errorf("%q: Previous from the first match went to %d, want the last, %d", q, finder.current, len(want)-1)
		}
		finder.step(1)
		of := model.Number(len(want))
		if more {
			of += " or more"
		}
		if want := "1 of " + of + " (line " + model.Number(int(want[0])) + ")"; finder.status() != want {
			t.Errorf("%q: status %q, want %q", q, finder.status(), want)
		}
	}
	// A search that comes after the text was cleared ends, finding nothing.
	in.Robots = ""
	store.Page = store.NewState(in)
	finder.search("disallow")
	for start := time.Now(); !finder.done; time.Sleep(10 * time.Millisecond) {
		if time.Since(start) > time.Minute {
			t.Fatal("a search of an empty text never ended (a minute passed: a hang)")
		}
	}
	if len(finder.lines) != 0 {
		t.Errorf("%d matches in an empty text", len(finder.lines))
	}
}
