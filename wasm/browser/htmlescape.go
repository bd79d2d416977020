//go:build js && wasm

package browser

import "strings"

// htmlEscaper escapes what html.EscapeString escapes, with the same
// entities. The html package is not used: its init keeps its table of 2,231
// entity names (for UnescapeString) in app.wasm, 70 KB that escaping never
// reads.
var htmlEscaper = strings.NewReplacer(`&`, "&amp;", `'`, "&#39;", `<`, "&lt;", `>`, "&gt;", `"`, "&#34;")

// EscapeHTML makes s safe as text or as a quoted attribute value in markup.
func EscapeHTML(s string) string {
	return htmlEscaper.Replace(s)
}
