//go:build js && wasm

package jsapi

import (
	"slices"
	"syscall/js"
	"testing"
)

// TestSplitJoined: a piece's URLs come back as joined, and a URL holding a
// line break (more lines than URLs) or fewer lines say so.
func TestSplitJoined(t *testing.T) {
	for _, tt := range []struct {
		joined string
		n      int
		want   []string
		ok     bool
	}{
		{"a\nb\nc", 3, []string{"a", "b", "c"}, true},
		{"a\n\nc", 3, []string{"a", "", "c"}, true},
		{"", 1, []string{""}, true},
		{"a\nb\nc", 2, nil, false},
		{"a\nb", 3, nil, false},
	} {
		got, ok := splitJoined(nil, tt.joined, tt.n)
		if ok != tt.ok || ok && !slices.Equal(got, tt.want) {
			t.Errorf("splitJoined(%q, %d) = %q, %v; want %q, %v", tt.joined, tt.n, got, ok, tt.want, tt.ok)
		}
	}
}

// TestEachPieceReadsEveryURL: an array crosses in pieces, its URLs in
// order, one with a line break whole (its piece read item by item), and
// a piece's room reused for the next holds no URL of the one before.
func TestEachPieceReadsEveryURL(t *testing.T) {
	var want []string
	arr := js.Global().Get("Array").New()
	for i := range 10 {
		u := "https://example.com/" + string(rune('a'+i))
		if i == 4 {
			u = "https://example.com/line\nbreak"
		}
		want = append(want, u)
		arr.Call("push", u)
	}
	var got []string
	eachPiece(arr, 3, func(at int, piece []string) {
		if at != len(got) {
			t.Errorf("a piece at %d after %d URLs", at, len(got))
		}
		got = append(got, piece...)
	})
	if !slices.Equal(got, want) {
		t.Errorf("eachPiece read %q; want %q", got, want)
	}
}
