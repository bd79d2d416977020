//go:build js && wasm

package widget

import (
	"strconv"
	"strings"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"

	"robotstester/wasm/browser"
)

// Sentence renders one of the engine's sentences, whose quoted values are
// set off with backticks (`Googlebot`), with those values as code. A
// sentence with an unmatched backtick is shown as written.
func Sentence(s string) vecty.List {
	parts := SentenceParts(s)
	out := make(vecty.List, 0, len(parts))
	for i, p := range parts {
		switch {
		case i%2 == 1:
			out = append(out, elem.Code(vecty.Text(p)))
		case p != "":
			out = append(out, vecty.Text(p))
		}
	}
	return out
}

// SentenceParts is s cut at its backticks: the parts at odd places are the
// quoted values. A sentence with an unmatched backtick is one part, as
// written.
func SentenceParts(s string) []string {
	parts := strings.Split(s, "`")
	if len(parts)%2 == 0 {
		return []string{s}
	}
	return parts
}

// SentenceHTML writes one of the engine's sentences as Sentence renders
// it, as markup: the values in backticks as code, escaped.
func SentenceHTML(b *strings.Builder, s string) {
	for i, p := range SentenceParts(s) {
		if i%2 == 1 {
			b.WriteString("<code>" + browser.EscapeHTML(p) + "</code>")
		} else {
			b.WriteString(browser.EscapeHTML(p))
		}
	}
}

// Count: "1 error", "0 warnings".
func Count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// SeverityCounts names the counts of findings by severity, in the nouns
// the findings list labels them with, leaving out those at zero: "1 error,
// 2 warnings", "" for none.
func SeverityCounts(errs, warns, notes int) string {
	var parts []string
	for _, c := range []struct {
		n    int
		noun string
	}{{errs, "error"}, {warns, "warning"}, {notes, "note"}} {
		if c.n > 0 {
			parts = append(parts, Count(c.n, c.noun))
		}
	}
	return strings.Join(parts, ", ")
}

// SentenceCase upper-cases the first letter of an ASCII phrase: "full
// allow" → "Full allow".
func SentenceCase(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

func Sentences(texts []string) vecty.List {
	items := make(vecty.List, len(texts))
	for i, t := range texts {
		items[i] = elem.ListItem(Sentence(t))
	}
	return items
}
