//go:build js && wasm

package main

import (
	"strconv"
	"syscall/js"
)

// Keep in step with --line and --pad in web/style.css.
const (
	linePx = 20
	padPx  = 8
)

func px(n int) string { return strconv.Itoa(n) + "px" }

// countLines is the number of lines the textarea shows for text: Google's
// line count, since LF, CR and CRLF each end one line.
func countLines(text string) int {
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

// revealLine scrolls the editor so line is in view, unless it already is.
func revealLine(line int) {
	area := js.Global().Get("document").Call("getElementById", "robots")
	if !area.Truthy() || line < 1 {
		return
	}
	y := padPx + (line-1)*linePx
	top, height := area.Get("scrollTop").Int(), area.Get("clientHeight").Int()
	if y < top || y+linePx > top+height {
		area.Set("scrollTop", max(0, y-height/3))
	}
}
