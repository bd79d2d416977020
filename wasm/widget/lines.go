//go:build js && wasm

package widget

import (
	"strconv"
	"syscall/js"
)

// Keep in step with --line and --pad in web/style.css.
const (
	LinePx = 20
	PadPx  = 8
)

func Px(n int) string { return strconv.Itoa(n) + "px" }

// CountLines is the number of lines the textarea shows for text: Google's
// line count, since LF, CR and CRLF each end one line.
func CountLines(text string) int {
	n := 1
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '\r':
			if i+1 < len(text) && text[i+1] == '\n' {
				i++
			}
			n++
		case '\n':
			n++
		}
	}
	return n
}

// Revealed, when set (main sets the editor's scroll handler), is told at
// once of a scroll RevealLine made, so that what moves with the editor's
// scroll (the viewer's lines, the gutter) follows now rather than at a
// scroll event, which a busy page may deliver late.
var Revealed func(area js.Value)

// RevealLine scrolls the editor so line is in view, unless it already is.
func RevealLine(line int) {
	area := js.Global().Get("document").Call("getElementById", "robots")
	if !area.Truthy() || line < 1 {
		return
	}
	y := PadPx + (line-1)*LinePx
	top, height := area.Get("scrollTop").Int(), area.Get("clientHeight").Int()
	if y < top || y+LinePx > top+height {
		area.Set("scrollTop", max(0, y-height/3))
		if Revealed != nil {
			Revealed(area)
		}
	}
}
