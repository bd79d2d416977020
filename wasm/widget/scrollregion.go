//go:build js && wasm

package widget

import "github.com/hexops/vecty"

// ScrollRegion makes a box that scrolls by itself reachable from the
// keyboard: a Tab stop (so the arrow keys scroll it) named by what it
// holds, as a region. A box whose content has no Tab stop of its own
// cannot otherwise be scrolled without a pointer (WCAG 2.1.1; axe's
// scrollable-region-focusable).
func ScrollRegion(name string) vecty.Applyer {
	return vecty.Markup(
		vecty.Attribute("tabindex", "0"),
		vecty.Attribute("role", "region"),
		vecty.Attribute("aria-label", name),
	)
}
