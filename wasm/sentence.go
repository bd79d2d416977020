//go:build js && wasm

package main

import (
	"strconv"
	"strings"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
)

// sentence renders one of the engine's sentences, whose quoted values are
// set off with backticks (`Googlebot`), with those values as code. A
// sentence with an unmatched backtick is shown as written.
func sentence(s string) vecty.List {
	parts := sentenceParts(s)
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

// sentenceParts is s cut at its backticks: the parts at odd places are the
// quoted values. A sentence with an unmatched backtick is one part, as
// written.
func sentenceParts(s string) []string {
	parts := strings.Split(s, "`")
	if len(parts)%2 == 0 {
		return []string{s}
	}
	return parts
}

// count: "1 error", "0 warnings".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// sentenceCase upper-cases the first letter of an ASCII phrase: "full
// allow" → "Full allow".
func sentenceCase(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

func sentences(texts []string) vecty.List {
	items := make(vecty.List, len(texts))
	for i, t := range texts {
		items[i] = elem.ListItem(sentence(t))
	}
	return items
}
