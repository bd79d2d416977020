package readers

import (
	"strings"
	"unicode"

	"robotstester/engine"
)

// Full lower-casing as the readers' languages do it: Python's str.lower()
// (Objects/unicodeobject.c, lower_ucs4 and handle_capital_sigma) and
// JavaScript's String.prototype.toLowerCase() (ECMA-262 §22.1.3.28, ICU's
// u_strToLower in V8). Both follow Unicode §3.13 "Default Case
// Conversion": each character goes to its full lower-case mapping (İ,
// U+0130, becomes "i̇", two characters), and Σ (U+03A3) becomes the final
// ς when a cased character comes before it and none after it, skipping
// case-ignorable characters (the Final_Sigma context).
//
// Which characters are cased or case-ignorable, and which have a mapping,
// depends on the Unicode version of the language's runtime, not on Go's:
// CPython 3.11 has Unicode 14.0, Node 20 the Unicode of its ICU (17.0 for
// ICU 78), Go's unicode package 15.0. So the tables come from the real
// runtimes (reader_case_tables.go, written by TestReadersLiveCase from
// testdata/readers/case.py and case.js): nothing is inferred from Go's
// tables but the mappings both agree on.

// caseTables is one runtime's lower-casing.
type caseTables struct {
	runtime   string              // what the tables were probed from
	ignorable *unicode.RangeTable // Case_Ignorable
	cased     *unicode.RangeTable // Cased and not Case_Ignorable (a character with both only counts as case-ignorable)
	// The mappings that differ from Go's unicode.ToLower: the runtime's
	// full mapping, or the character itself where the runtime has none.
	lower map[rune]string
}

// lowerString is the runtime's lower-casing of s.
func (t *caseTables) lowerString(s string) string {
	if isASCII(s) {
		return engine.LowerASCII(s)
	}
	rs := []rune(s)
	var b strings.Builder
	b.Grow(len(s))
	for i, r := range rs {
		if r == 0x3A3 {
			if t.finalSigma(rs, i) {
				b.WriteRune(0x3C2)
			} else {
				b.WriteRune(0x3C3)
			}
			continue
		}
		if m, ok := t.lower[r]; ok {
			b.WriteString(m)
			continue
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// finalSigma: rs[i] follows a cased character and no cased character
// follows it, case-ignorable characters skipped both ways.
func (t *caseTables) finalSigma(rs []rune, i int) bool {
	j := i - 1
	for j >= 0 && unicode.Is(t.ignorable, rs[j]) {
		j--
	}
	if j < 0 || !unicode.Is(t.cased, rs[j]) {
		return false
	}
	j = i + 1
	for j < len(rs) && unicode.Is(t.ignorable, rs[j]) {
		j++
	}
	return j == len(rs) || !unicode.Is(t.cased, rs[j])
}

// pyLower is CPython 3.11's str.lower().
func pyLower(s string) string { return pyCase.lowerString(s) }

// jsLower is toLowerCase() in the Node that robots-parser was checked with.
func jsLower(s string) string { return jsCase.lowerString(s) }

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
