//go:build !js

package browsertest

import (
	"strconv"
	"strings"
	"testing"
)

// TestBrowserMarkersFollowTheScroll: a file with a finding on each of
// 1,500 lines has markers only near the editor's scroll, and scrolling to
// the end brings the last lines' markers, beside their lines.
func TestBrowserMarkersFollowTheScroll(t *testing.T) {
	ctx := newBrowser(t)
	a := openApp(t, ctx, serveSite(t))
	const n = 1500
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for i := 2; i <= n; i++ {
		b.WriteString("Dissalow: /p" + strconv.Itoa(i) + "\n")
	}
	a.setText("textarea#robots", b.String())
	waitFor(a, "the marker of line 2", `document.querySelectorAll('.marker[data-line="2"]').length`, func(k int) bool { return k == 1 })
	if k := js[int](a, `document.querySelectorAll(".marker").length`); k > 200 {
		t.Errorf("%d markers in the DOM for %d lines with findings; want only those near the scroll", k, n-1)
	}
	if js[int](a, `document.querySelectorAll('.marker[data-line="1490"]').length`) != 0 {
		t.Error("line 1490's marker is drawn while the editor shows the top")
	}
	js[bool](a, `(() => {
		const t = document.querySelector("textarea#robots");
		t.scrollTop = t.scrollHeight;
		t.dispatchEvent(new Event("scroll"));
		return true;
	})()`)
	waitFor(a, "line 1490's marker after scrolling to the end", `document.querySelectorAll('.marker[data-line="1490"]').length`, func(k int) bool { return k == 1 })
	// Drawn beside its line: the gutter layer is moved with the scroll.
	off := js[float64](a, `(() => {
		const t = document.querySelector("textarea#robots");
		const m = document.querySelector('.marker[data-line="1490"]').getBoundingClientRect();
		const lineTop = t.getBoundingClientRect().top + 8 + 1489 * 20 - t.scrollTop;
		return m.top - lineTop;
	})()`)
	if off < -2 || off > 2 {
		t.Errorf("line 1490's marker is %.1f px off its line", off)
	}
	if k := js[int](a, `document.querySelectorAll(".marker").length`); k > 200 {
		t.Errorf("%d markers in the DOM after the scroll", k)
	}
}
