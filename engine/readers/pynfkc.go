package readers

// nfkcDelimiters are the code points whose NFKC form holds one of the
// characters CPython's urllib.parse._checknetloc looks for ('/', '?', '#',
// '@', ':'): the only way NFKC normalisation of a host can reveal one, as
// no canonical composition starts from these ASCII characters or makes
// one. A table of 19 instead of x/text's normalisation tables, which cost
// the WebAssembly download about 40 KB as Brotli (issue 9).
// pynfkc_test.go derives the table again from golang.org/x/text/unicode/norm
// over every code point.
var nfkcDelimiters = [...]rune{
	0x2047, // ⁇ → "??"
	0x2048, // ⁈ → "?!"
	0x2049, // ⁉ → "!?"
	0x2100, // ℀ → "a/c"
	0x2101, // ℁ → "a/s"
	0x2105, // ℅ → "c/o"
	0x2106, // ℆ → "c/u"
	0x2A74, // ⩴ → "::="
	0xFE13, // ︓ → ":"
	0xFE16, // ︖ → "?"
	0xFE55, // ﹕ → ":"
	0xFE56, // ﹖ → "?"
	0xFE5F, // ﹟ → "#"
	0xFE6B, // ﹫ → "@"
	0xFF03, // ＃ → "#"
	0xFF0F, // ／ → "/"
	0xFF1A, // ： → ":"
	0xFF1F, // ？ → "?"
	0xFF20, // ＠ → "@"
}

// nfkcRevealsDelimiter reports whether NFKC normalisation of s, which
// holds none of '/', '?', '#', '@', ':' itself, yields one of them.
func nfkcRevealsDelimiter(s string) bool {
	for _, r := range s {
		if r < 0x2047 || r > 0xFF20 {
			continue
		}
		for _, d := range nfkcDelimiters {
			if r == d {
				return true
			}
		}
	}
	return false
}
