//go:build js && wasm

package browser

import (
	"html"
	"testing"
)

func TestEscapeHTMLIsHTMLEscapeString(t *testing.T) {
	for _, s := range []string{
		"", "plain /path?q=1", `<script>alert("x")</script>`, "Tom & Jerry's", "&amp; already",
		"a\x00b", "ünïcödé <b>", `'"&<>`, "&#39;&#34;",
	} {
		if got, want := EscapeHTML(s), html.EscapeString(s); got != want {
			t.Errorf("escapeHTML(%q) = %q, html.EscapeString gives %q", s, got, want)
		}
	}
}
