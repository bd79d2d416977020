//go:build js && wasm

package widget

import (
	"strconv"
	"strings"
	"syscall/js"
)

// VirtualRows keeps only the rows in view of a long table in the DOM, plus
// a margin (overscanRows) above and below: whatever the row count, the
// table body holds about a hundred rows, and its top and bottom padding
// stand for the rest. Rows have one fixed height (web/style.css), measured
// from a written row, so a row's position is its number times that height.
//
// It knows nothing of what a row shows: write appends row pos's markup (a
// <tr> with data-pos and aria-rowindex), so any view of many rows (results,
// a matrix, readers) can use it.
type VirtualRows struct {
	scroller js.Value // the element that scrolls
	body     js.Value // the tbody the rows are written into
	write    func(b *strings.Builder, pos int)

	// The layout as last measured (measure): reading it while the page
	// has changed (an edit in a 500 KiB textarea) would make the browser
	// lay out the whole page within our task.
	rowPx     float64 // one row's height in CSS pixels
	scrollTop float64 // the scroller's scrollTop
	clientPx  float64 // the scroller's clientHeight
	bodyTopPx float64 // where the body starts in the scroller: below the head
	measuring bool    // a measure is due in the next frame
	measured  bool    // rowPx is a written row's height

	count       int     // rows in all
	version     int     // what the written rows show; a new one rewrites them
	First, End  int     // the positions written: first ≤ pos < end
	top, bottom float64 // the body's padding as set
}

// overscanRows are written above and below the rows in view, so a scroll
// shows written rows before the next scroll event rewrites the window.
const overscanRows = 12

// maxScrollPx bounds the body's height: browsers cap an element's height
// (Chromium near 33.5 million pixels, Firefox near 17.9 million). Past it,
// a pixel of scroll moves more than a pixel of rows.
const maxScrollPx = 8e6

// defaultRowPx is the row height assumed until a row is measured.
const defaultRowPx = 37

func NewVirtualRows(scroller, body js.Value, write func(*strings.Builder, int)) *VirtualRows {
	v := &VirtualRows{scroller: scroller, body: body, write: write, rowPx: defaultRowPx, clientPx: 576, bodyTopPx: 40, First: -1}
	scroller.Call("addEventListener", "scroll", js.FuncOf(func(js.Value, []js.Value) any {
		// A scroll event comes after layout: reading it costs nothing.
		v.measure()
		v.render(false)
		return nil
	}), map[string]any{"passive": true})
	if ro := js.Global().Get("ResizeObserver"); ro.Type() == js.TypeFunction {
		ro.New(js.FuncOf(func(js.Value, []js.Value) any {
			v.measure()
			v.render(false)
			return nil
		})).Call("observe", scroller)
	}
	v.measureSoon()
	return v
}

// measure reads the layout the window is computed from.
func (v *VirtualRows) measure() {
	v.scrollTop = max(0, v.scroller.Get("scrollTop").Float())
	v.clientPx = v.scroller.Get("clientHeight").Float()
	v.bodyTopPx = v.body.Get("offsetTop").Float()
	if rows := v.body.Get("rows"); rows.Length() > 0 {
		if h := rows.Index(0).Call("getBoundingClientRect").Get("height").Float(); h > 0 {
			v.rowPx, v.measured = h, true
		}
	}
}

// measureSoon measures in the next frame, when the browser has laid the
// page out anyway, and writes the window again if it moved.
func (v *VirtualRows) measureSoon() {
	if v.measuring {
		return
	}
	v.measuring = true
	var cb js.Func
	cb = js.FuncOf(func(js.Value, []js.Value) any {
		cb.Release()
		v.measuring = false
		// A new row height moves the window; the rows keep their markup.
		v.measure()
		v.render(false)
		return nil
	})
	js.Global().Call("requestAnimationFrame", cb)
}

// Update shows count rows of the given version: the rows in view are
// rewritten when the version or the window changed. A count alone changes
// the padding: rows appended past the window (a long run's progress) leave
// the rows written as they are.
func (v *VirtualRows) Update(count, version int) {
	changed := version != v.version
	v.count, v.version = count, version
	v.render(changed)
}

// geometry is the height of all the rows as laid out, and how many rows
// one pixel of it stands for.
func (v *VirtualRows) geometry() (height, scale float64) {
	full := float64(v.count) * v.rowPx
	if full <= maxScrollPx {
		return full, 1
	}
	view := v.viewPx()
	return maxScrollPx, (full - view) / (maxScrollPx - view)
}

// viewPx is the height of the scroller's rows area (below a sticky head).
func (v *VirtualRows) viewPx() float64 {
	return max(v.clientPx-v.bodyTopPx, v.rowPx)
}

// scrolled is how far the rows area is scrolled, in pixels of rows.
func (v *VirtualRows) scrolled() float64 { return v.scrollTop }

// render writes the rows in view; force rewrites them even if the window
// is the same.
func (v *VirtualRows) render(force bool) {
	height, scale := v.geometry()
	// Fewer rows than before (a filter) shorten the body: the browser
	// clamps its scroll, and so is the one remembered.
	v.scrollTop = min(v.scrollTop, max(0, height+v.bodyTopPx-v.clientPx))
	y := v.scrolled()
	virtualY := y * scale
	first := max(0, int(virtualY/v.rowPx)-overscanRows)
	end := min(v.count, int((virtualY+v.viewPx())/v.rowPx)+1+overscanRows)
	if first > end {
		first = end
	}
	top := float64(first) * v.rowPx
	if scale != 1 {
		// The row at virtualY shows at y: the rows before it in the window
		// sit just above.
		top = max(0, y-(virtualY-float64(first)*v.rowPx))
	}
	bottom := max(0, height-top-float64(end-first)*v.rowPx)
	if top != v.top || bottom != v.bottom {
		style := v.body.Get("style")
		style.Set("paddingTop", strconv.FormatFloat(top, 'f', 1, 64)+"px")
		style.Set("paddingBottom", strconv.FormatFloat(bottom, 'f', 1, 64)+"px")
		v.top, v.bottom = top, bottom
	}
	if !force && first == v.First && end == v.End {
		return
	}
	focused := v.focusedPos()
	if !force && v.First >= 0 && first < v.End && end > v.First {
		v.shift(first, end)
	} else {
		var b strings.Builder
		for pos := first; pos < end; pos++ {
			v.write(&b, pos)
		}
		v.body.Set("innerHTML", b.String())
	}
	v.First, v.End = first, end
	if focused >= 0 {
		if tr := v.Row(focused); tr.Truthy() {
			tr.Call("focus", map[string]any{"preventScroll": true})
		} else {
			// The focused row scrolled out of the window: the table keeps
			// the focus, so the keys still move through the rows.
			v.body.Call("closest", "table").Call("focus", map[string]any{"preventScroll": true})
		}
	}
	if v.count > 0 && !v.measured {
		// The rows' real height, once they are laid out.
		v.measureSoon()
	}
}

// shift moves the written window to first ≤ pos < end when it overlaps
// the one written: the rows both show stay as they are (a row's markup
// depends on its position only), those that left are removed and the new
// ones written beside them, so a scroll or a row height measured anew
// lays out a few rows rather than all of them.
func (v *VirtualRows) shift(first, end int) {
	for pos := v.First; pos < first; pos++ {
		v.body.Call("deleteRow", 0)
	}
	for pos := end; pos < v.End; pos++ {
		v.body.Call("deleteRow", -1)
	}
	var b strings.Builder
	if first < v.First {
		for pos := first; pos < v.First; pos++ {
			v.write(&b, pos)
		}
		v.body.Call("insertAdjacentHTML", "afterbegin", b.String())
		b.Reset()
	}
	if end > v.End {
		for pos := v.End; pos < end; pos++ {
			v.write(&b, pos)
		}
		v.body.Call("insertAdjacentHTML", "beforeend", b.String())
	}
}

// focusedPos is the position of the written row that has the focus, -1
// when none has.
func (v *VirtualRows) focusedPos() int {
	active := js.Global().Get("document").Get("activeElement")
	if !active.Truthy() || !v.body.Call("contains", active).Bool() {
		return -1
	}
	return RowPos(active)
}

// Row is the written <tr> at pos, or a falsy value when pos is not written.
func (v *VirtualRows) Row(pos int) js.Value {
	if pos < v.First || pos >= v.End {
		return js.Null()
	}
	return v.body.Get("rows").Index(pos - v.First)
}

// PageRows is how many rows one screen of the scroller shows.
func (v *VirtualRows) PageRows() int {
	return max(1, int(v.viewPx()/v.rowPx)-1)
}

// KeyTarget is the position a key moves to from position cur (-1 for no
// row) in a table of these rows: the arrows, Page Up, Page Down, Home and
// End move through every row, not only those in the DOM. ok is false for
// another key.
func (v *VirtualRows) KeyTarget(key string, cur int) (pos int, ok bool) {
	switch key {
	case "ArrowDown":
		pos = cur + 1
	case "ArrowUp":
		pos = max(cur-1, 0)
	case "PageDown":
		pos = cur + v.PageRows()
	case "PageUp":
		pos = cur - v.PageRows()
	case "Home":
		pos = 0
	case "End":
		pos = v.count - 1
	default:
		return 0, false
	}
	return pos, true
}

// Reveal scrolls the fewest pixels that bring row pos fully into view, and
// writes the window at once, so the row can take the focus now.
func (v *VirtualRows) Reveal(pos int) {
	if pos < 0 || pos >= v.count {
		return
	}
	_, scale := v.geometry()
	view := v.viewPx()
	y := v.scrolled() * scale
	rowTop := float64(pos) * v.rowPx
	target := y
	switch {
	case rowTop < y:
		target = rowTop
	case rowTop+v.rowPx > y+view:
		target = rowTop + v.rowPx - view
	}
	if target != y {
		v.scrollTop = target / scale
		v.scroller.Set("scrollTop", v.scrollTop)
	}
	v.render(false)
}

// ToTop scrolls back to the first row; the next update writes it.
func (v *VirtualRows) ToTop() {
	v.scrollTop = 0
	v.scroller.Set("scrollTop", 0)
}

// RowPos is the data-pos of the row el is in, -1 when none.
func RowPos(el js.Value) int {
	tr := el.Call("closest", "tr[data-pos]")
	if !tr.Truthy() {
		return -1
	}
	i, err := strconv.Atoi(tr.Get("dataset").Get("pos").String())
	if err != nil {
		return -1
	}
	return i
}
