//go:build js && wasm

package toolbar

import (
	"errors"
	"math"
	"strconv"
	"syscall/js"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"robotstester/wasm/model"
	"robotstester/wasm/store"
	"robotstester/wasm/widget"
)

// heightMessage is the postMessage type an embedding page listens for.
const heightMessage = "robots-tester:height"

// fullLinks is the "Open in full tester" link of the state last asked for,
// made on a goroutine because the browser compresses it (deflate.go).
var fullLinks struct {
	of     model.Saved // the state the link is, or is being, made of
	href   string      // the link made of the state before, while it is made
	err    error
	making bool
}

// fullLink is the link to the full tester holding s, or, while it is being
// made, the one before (ready false); it re-renders the page once made.
func fullLink(s model.Saved) (href string, err error, ready bool) {
	c := &fullLinks
	if c.of == s && !c.making {
		return c.href, c.err, true
	}
	if c.of != s {
		c.of, c.making = s, true
		go func() {
			href, err := openFullLink(s)
			if c.of != s {
				return // a newer state took over; its goroutine finishes
			}
			c.href, c.err, c.making = href, err, false
			store.Page.Changed()
		}()
	}
	return c.href, c.err, false
}

// openFullLink is the address of the full tester holding s: this page,
// without its embed query, with s in the fragment. Call it from a
// goroutine (EncodeFragment).
func openFullLink(s model.Saved) (string, error) {
	s.Embed, s.ReadOnly = false, false
	frag, err := store.EncodeFragment(s)
	if err != nil {
		return "", err
	}
	return pageAddress() + frag, nil
}

// shareLink is the permalink of s for the page as it is opened now (embed
// flags kept in the state, so a link made in embed mode embeds the same way).
func shareLink(s model.Saved) (string, error) {
	frag, err := store.EncodeFragment(s)
	if err != nil {
		return "", err
	}
	return pageAddress() + frag, nil
}

// pageAddress is the page's address without query and fragment.
func pageAddress() string {
	loc := js.Global().Get("location")
	if loc.Get("protocol").String() == "file:" {
		return "file://" + loc.Get("pathname").String()
	}
	return loc.Get("origin").String() + loc.Get("pathname").String()
}

// copyLink builds the permalink of s and copies it to the clipboard. done
// gets the link even when copying failed (the UI shows it to copy by hand);
// err is a sentence for the user.
func copyLink(s model.Saved, done func(link string, err error)) {
	link, err := shareLink(s)
	if err != nil {
		done("", err)
		return
	}
	clip := js.Global().Get("navigator").Get("clipboard")
	if clip.IsUndefined() {
		done(link, errClipboard)
		return
	}
	var ok, fail js.Func
	release := func() { ok.Release(); fail.Release() }
	ok = js.FuncOf(func(js.Value, []js.Value) any {
		release()
		done(link, nil)
		return nil
	})
	fail = js.FuncOf(func(js.Value, []js.Value) any {
		release()
		done(link, errClipboard)
		return nil
	})
	clip.Call("writeText", link).Call("then", ok, fail)
}

var errClipboard = errors.New("The browser did not let the page copy the link: select the link shown here and copy it yourself.")

// ReportHeight tells the embedding page the height of the content each time
// it changes, so the <iframe> can fit it without a scroll bar:
//
//	{type: "robots-tester:height", height: N}
//
// The message goes to any origin ("*"): it carries a number and nothing of
// the user's robots.txt. Outside an <iframe> it does nothing.
func ReportHeight() {
	win := js.Global()
	if win.Get("parent").Equal(win) {
		return
	}
	body := win.Get("document").Get("body")
	last := -1
	post := func() {
		// The body's box plus its margins: the document's own height,
		// which, unlike scrollHeight, also shrinks when content goes.
		style := win.Call("getComputedStyle", body)
		px := func(v string) float64 { return win.Call("parseFloat", style.Get(v)).Float() }
		h := body.Call("getBoundingClientRect").Get("height").Float() + px("marginTop") + px("marginBottom")
		n := int(math.Ceil(h))
		if n == last {
			return
		}
		last = n
		win.Get("parent").Call("postMessage", map[string]any{"type": heightMessage, "height": n}, "*")
	}
	post()
	if ro := win.Get("ResizeObserver"); !ro.IsUndefined() {
		ro.New(js.FuncOf(func(js.Value, []js.Value) any {
			post()
			return nil
		})).Call("observe", body)
	}
}

// embedMore is whether the compact embed shows everything the full page
// does (findings, server answer, robots.txt URL, the rest of the columns
// and of the why panel). It changes the page's look, not the store: the
// toggle sets a class on <body> that web/style.css reads.
var embedMore bool

// findingsSummary counts the file's findings for the toggle, so a reader
// of the compact embed knows there is something to see: "1 error, 2
// warnings", or "" when there is none.
func findingsSummary() string {
	return widget.SeverityCounts(store.Page.Lint.Counts())
}

// embedDetailsToggle is the button that shows or hides those parts.
func embedDetailsToggle() *vecty.HTML {
	findings := findingsSummary()
	label := func(more bool) string {
		if more {
			return "Hide findings and details"
		}
		if findings != "" {
			return "Show findings (" + findings + ") and details"
		}
		return "Show findings and details"
	}
	return elem.Button(
		vecty.Markup(
			prop.ID("embed-more"),
			prop.Type(prop.TypeButton),
			vecty.Attribute("aria-expanded", strconv.FormatBool(embedMore)),
			vecty.Attribute("aria-controls", "app"),
			event.Click(func(ev *vecty.Event) {
				embedMore = !embedMore
				js.Global().Get("document").Get("body").Get("classList").Call("toggle", "embed-more", embedMore)
				// The toolbar skips re-rendering when the store is the
				// same, so the button is updated here.
				ev.Target.Call("setAttribute", "aria-expanded", strconv.FormatBool(embedMore))
				ev.Target.Set("textContent", label(embedMore))
			}),
		),
		vecty.Text(label(embedMore)),
	)
}
