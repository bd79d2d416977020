package readers

import (
	"slices"
	"strings"
	"testing"

	"robotstester/engine"
)

// Every reader must read the byte at each end of a range, 0x80 and 0xFF
// among the high bytes and U+0080 and U+07FF among the two-byte UTF-8
// characters, as it reads its neighbour inside the range: a rule and URLs
// that differ only there must get the same verdict, written or
// percent-encoded.
func TestReadersReadHighByteEdgesLikeTheirNeighbours(t *testing.T) {
	pct := func(s string) string {
		var b strings.Builder
		for i := 0; i < len(s); i++ {
			b.WriteString("%" + engine.HexByte(s[i]))
		}
		return b.String()
	}
	for _, pair := range [][2]string{{"\x80", "\x81"}, {"\xFF", "\xFE"}, {"\xC2\x80", "\xC2\x81"}, {"\xDF\xBF", "\xDF\xBE"}} {
		for _, id := range Readers() {
			read := func(x string) []ReaderResult {
				var out []ReaderResult
				for _, rule := range []string{"/a" + x, "/a" + pct(x), "/a" + strings.ToLower(pct(x)), "/*" + x + "$"} {
					body := []byte("User-agent: *\nDisallow: " + rule + "\n")
					for _, url := range []string{"/a" + x, "/a" + pct(x), "/a" + strings.ToLower(pct(x)), "/a" + x + "b", "/b" + pct(x)} {
						res, err := TestWith(id, body, "bot", url)
						if err != nil {
							t.Fatal(err)
						}
						out = append(out, ReaderResult{Allowed: res.Allowed, Line: res.Line, Failed: res.Failed})
					}
				}
				return out
			}
			if edge, inside := read(pair[0]), read(pair[1]); !slices.Equal(edge, inside) {
				t.Errorf("%s reads %q as %+v, but its neighbour %q as %+v", id, pair[0], edge, pair[1], inside)
			}
		}
	}
}
