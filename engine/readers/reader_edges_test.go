package readers

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand"
	"os/exec"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Edge cases for the differential, made on purpose rather than at random:
// the places where the readers' languages are most particular. Each set
// runs live (TestReadersLiveEdges) and is part of the golden set.
//
//   - Casing: agent names with Σ beside cased, case-ignorable and caseless
//     characters (Final_Sigma), İ and its two-character lower case, the
//     Kelvin sign, a title-case letter: python's substring and
//     robots-parser's equality see exactly the runtime's lower-casing.
//   - Hosts: URLs whose host only a real URL parser judges right: IDN,
//     upper case, xn-- labels, trailing and empty labels, ports, IPv4 in
//     hex, octal and short forms, percent-escapes, forbidden and ignored
//     code points (robots-parser's WHATWG parser, Python's urlsplit and
//     Colly's net/url each accept or refuse them).
//   - Escapes: every printable ASCII character in rules and URLs, written
//     plainly and as %XX, and %-escapes that are not UTF-8 (Python's quote
//     safe set and unquote's U+FFFD, encodeURI's, net/url's).

// edgeSigmaContexts are the characters put around Σ.
var edgeSigmaContexts = []string{"", "A", "a", "1", "'", ".", ":", "ʰ", "ɐ", "\u0301", "\u0345", "\u00AD", "\u200D", "ǅ", "ς", "σ", "Σ", " ", "-", "_", "İ", "\u212A"}

// edgeHosts are URL starts up to the path.
var edgeHosts = []string{
	"http://example.com", "http://EXAMPLE.COM", "http://Example.Com.", "http://example.com..", "http://.example.com", "http://a..b",
	"http://xn--mller-kva.de", "http://XN--MLLER-KVA.DE", "http://müller.de", "http://MÜLLER.de", "http://faß.de", "http://xn--zca.de",
	"http://xn--a.com", "http://xn--.com", "http://a.xn--", "http://xn--ls8h.la", "http://😀.la", "http://ＥＸＡＭＰＬＥ.com",
	"http://a\u3002b", "http://a\uFF0Eb", "http://a\uFF61b", "http://\u00ADa.com", "http://a\u00ADb.com", "http://\u200B.com",
	"http://a\u200Db.com", "http://a\u200Cb.com", "http://\u0627\u0031.com", "http://1\u0627.com", "http://\u05D0.com", "http://\u2488.com",
	"http://ǅ.com", "http://-a.com", "http://a-.com", "http://_a.com", "http://a_b.com", "http://ab--c.com", "http://xn--ab.com",
	"http://0x7f.1", "http://0x7F.0.0.1", "http://127.1", "http://127.0.0.1.", "http://127.0.0.1..", "http://1.2.3.4.5", "http://256.1",
	"http://0xffffffff", "http://4294967295", "http://4294967296", "http://08.1.1.1", "http://1.2.3.09", "http://0300.0250.0.1",
	"http://0x", "http://0x.0x", "http://a.0x7f", "http://a.1", "http://1.a", "http://0x100.1", "http://0.0.0.0", "http://1.1.1.1e",
	"http://%30x7f.1", "http://ex%2Eample.com", "http://ex%41mple.com", "http://%C3%A9.com", "http://%C3.com", "http://%zz.com",
	"http://a%00b", "http://a%25b", "http://%E2%80%8B.com", "http://a<b", "http://a^b", "http://a|b", "http://a%b", "http://a{b",
	"http://a\"b", "http://a`b", "http://a b", "http://a\tb.com", "http://a\\b", "http://[::1]", "http://[::1]:80", "http://[::FFFF:1.2.3.4]",
	"http://[1::2::3]", "http://[::1", "http://[v1.x]", "http://h:", "http://h:80", "http://h:065535", "http://h:65536", "http://h:0000000000080",
	"http://h:8a", "http://a@h", "http://@h", "http://u@h@i", "http://u:p@h:1", "https://EXAMPLE.com:443", "https://h:0", "ftp://H.com",
	"HTTP://XN--ZCA.de", "http:/example.com", "http:example.com", "http://\u2024.com", "http://a\u2025b", "http://\uFE52a.com",
	"http://xn--abc-.com", "http://xn---.com", "http://xn----.com", "http://xn---tel.com", "http://xn--xn--a-.com", "http://xn--ls8h\u0237xn--.com",
	"http://-xn--\uFF0Exn--", "http://\u0ECE.com", "http://\u0898a.com", "http://\U0002F868.com", "http://\u2135.com", "http://\u034F\u0ECE.com",
	"http://a\u05D0.com", "http://a\u05D0b.com", "http://\u05D0a.com", "http://1\u0661.com", "http://a-.\u05D0", "http://\u05D0\u0870.com",
	"http://xn--a-0hc.com", "http://\u0661\u0300.com", "http://\u05D01\u05D0", "http://-\u05D0.com", "http://a\u05D0\u05D0.com", "http://\u0627\u0661\u06F1.com",
}

// edgeHostPieces make random hosts: letters, digits, dots of every kind,
// xn--, escapes, characters UTS #46 maps, ignores or disallows, joiners,
// combining marks (some newer than ada's tables), right-to-left letters and
// digits (one newer than ada's bidi table), IPv4 parts.
var edgeHostPieces = []string{"a", "b", "A", "Z", "0", "1", "9", "x", "xn--", "XN--", "-", "_", ".", "..", "%2E", "%41", "%", "%zz", "%C3%A9",
	"%E2%80%8B", "%00", "%20", "ß", "ς", "Σ", "\u200D", "\u200C", "\u094D", "क", "\u0301", "ｘ", "Ａ", "０", "．", "。", "｡", "⒈", "\u2024", "😀",
	"\uFFFD", "\uE000", "\U000E0001", "\u0378", "\uFDD0", "\u00AD", "\u034F", "\u180B", "\uFE0F", "\u2060", "ǅ", "ﬀ", "℡", "㍱", "①", "¹", "İ",
	"\u212A", "ﬁ", "\u1E9E", "\u1F88", "\u2F00", "\u3000", "\u00A0", "\u1680", "\u2028", "!", "$", "&", "'", "(", "*", "+", ",", ";", "=", "~",
	"`", "\"", "{", "}", "<", ">", "^", "|", "\U0001E030", "\uA7CB", "\u1C89", "\u0ECE", "\u0898", "\u2C2F", "\U00010570", "ⅰ", "Ⅻ", "ȷ",
	"\U0002F868", "0x", "0X", "08", "255", "256", "4294967295", "0xffffffff", "xn--zca", "xn--ls8h", "xn--a", "xn--1", "xn---", "-xn--",
	"\u0300", "\u20DD", "\u05D0", "\u0627", "\u0661", "\u06F1", "\u0870", "\uFB3E"}

// edgeEscapes are path pieces for the escape cases.
var edgeEscapes = []string{"%80", "%C3", "%C3%A9", "%c3%a9", "%C3%28", "%ED%A0%80", "%F4%90%80%80", "%C0%AF", "%E0%80%AF", "%EF%BF%BD",
	"é%C3%A9", "%E2%82%AC", "%E2%82", "%F0%9F%98%80", "😀", "\uFFFD", "%25", "%2525", "%%", "%G1", "%1", "%", "%7e", "%7E", "%2F", "%2f",
	"%3F", "%23", "%20", "+", "%2B", "%00", "%7F", "\x7F", "%5C", "%5c", "€", "\u0130", "%C4%B0"}

func edgeDiffFiles() []diffFile {
	rnd := rand.New(rand.NewSource(diffSeed + 2))
	var files []diffFile
	add := func(name, body string, tests [][2]string) {
		files = append(files, diffFile{body: []byte(body), name: name, Tests: tests}.prepared())
	}

	// Casing: groups named by Σ words, tested with Σ words.
	var sigmas []string
	for _, x := range edgeSigmaContexts {
		for _, y := range edgeSigmaContexts {
			sigmas = append(sigmas, "b"+x+"Σ"+y, x+"Σ"+y)
		}
	}
	pick := func() string { return sigmas[rnd.Intn(len(sigmas))] }
	ctx := func() string { return edgeSigmaContexts[rnd.Intn(len(edgeSigmaContexts))] }
	for i := 0; i < 40; i++ {
		// Each group's agent is tested as it is and with characters
		// added before or after it, on the path its own rule blocks:
		// a verdict of "blocked" says the group was the one used.
		var b strings.Builder
		var tests [][2]string
		for g := 0; g < 5; g++ {
			agent := pick()
			fmt.Fprintf(&b, "User-agent: %s\nDisallow: /p%d\n\n", agent, g)
			url := fmt.Sprintf("http://example.com/p%d", g)
			tests = append(tests, [2]string{agent, url}, [2]string{agent + ctx(), url}, [2]string{ctx() + agent, url}, [2]string{pick(), url},
				[2]string{strings.ReplaceAll(agent, "Σ", "ς"), url}, [2]string{strings.ReplaceAll(agent, "Σ", "σ"), url})
		}
		b.WriteString("User-agent: *\nAllow: /\n")
		add(fmt.Sprintf("sigma file %d", i), b.String(), tests)
	}

	// Hosts: each host with paths a rule decides.
	hostBody := "User-agent: *\nDisallow: /a\nAllow: /a/b\nDisallow: /é\n"
	for i := 0; i < len(edgeHosts); i += 6 {
		var tests [][2]string
		for _, h := range edgeHosts[i:min(i+6, len(edgeHosts))] {
			for _, p := range []string{"/a", "/a/b", "", "/é"} {
				tests = append(tests, [2]string{"foo", h + p})
			}
		}
		add(fmt.Sprintf("host file %d", i/6), hostBody, tests)
	}

	// Escapes: a rule for each printable ASCII character and each odd
	// escape, tested with the same written plainly and escaped.
	var pieces []string
	for c := byte('!'); c <= '~'; c++ {
		if c != '#' {
			pieces = append(pieces, string(c))
		}
		pieces = append(pieces, fmt.Sprintf("%%%02X", c))
	}
	pieces = append(pieces, edgeEscapes...)
	for i := 0; i < 12; i++ {
		var b strings.Builder
		b.WriteString("User-agent: *\n")
		for r := 0; r < 8; r++ {
			fmt.Fprintf(&b, "%s: /x%sy\n", []string{"Disallow", "Allow"}[rnd.Intn(2)], pieces[rnd.Intn(len(pieces))])
		}
		var tests [][2]string
		for k := 0; k < 20; k++ {
			tests = append(tests, [2]string{"foo", "http://example.com/x" + pieces[rnd.Intn(len(pieces))] + "y"})
		}
		add(fmt.Sprintf("escape file %d", i), b.String(), tests)
	}

	// Crawl-delays at the edge of float64 (Colly fails the whole file on
	// one ParseFloat refuses), to more digits than a float64 holds.
	over := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 1024), new(big.Int).Lsh(big.NewInt(1), 970)).String()
	half := new(big.Int).Exp(big.NewInt(5), big.NewInt(1075), nil).String()
	for _, d := range []string{"1." + over[1:] + "e308", "1." + over[1:41] + "e308", "1." + over[1:41] + "1e308", "-2." + half[1:] + "e-324",
		"-2." + half[1:41] + "e-324", "-2." + half[1:41] + "1e-324", "0x1.fffffffffffff7ffffffp1023", "0x1.fffffffffffff8p1023"} {
		add("delay file "+d[:8], "User-agent: *\nCrawl-delay: "+d+"\nDisallow: /a\n",
			[][2]string{{"foo", "http://example.com/a"}, {"foo", "http://example.com/b"}})
	}
	return files
}

// TestReadersLiveEdges runs the edge cases against the real libraries.
func TestReadersLiveEdges(t *testing.T) {
	t.Parallel()
	files := edgeDiffFiles()
	rp, py, colly := liveAnswers(t, files)
	compareReaders(t, files, rp, py, colly, fmt.Sprintf("%d edge-case files", len(files)))
}

// TestReadersLiveHostCodePoints: which hosts Node's URL parser accepts,
// for every combining mark and every character that NFKC changes, at the
// start of a label and inside one, and for odd xn-- labels, against
// whatwgHost.
func TestReadersLiveHostCodePoints(t *testing.T) {
	t.Parallel()
	node, _ := oracles(t)
	hosts := []string{"xn--abc-", "xn---", "xn----", "xn---xn--", "xn--ls8h-xn--", "XN--ABC-.com", "a.xn--1-", "xn--zca", "xn--a", "xn--",
		"xn--ls8h\u0237xn--", "-xn--\uff0exn--", "xn--\u00e9", "a.xn--\u00e9-", "xn--xn--a-", "xn--1-.2", "xn--0x1-"}
	for r := rune(0x80); r <= unicode.MaxRune; r++ {
		if (0xD800 > r || r > 0xDFFF) && (unicode.In(r, unicode.M) || norm.NFKC.String(string(r)) != string(r)) {
			hosts = append(hosts, string(r)+"b", "a"+string(r)+"b", "a."+string(r))
		}
	}
	// And random hosts from pieces where the two parsers might part.
	rnd := rand.New(rand.NewSource(diffSeed + 3))
	for i := 0; i < 10000; i++ {
		var b strings.Builder
		for k := 1 + rnd.Intn(5); k > 0; k-- {
			b.WriteString(edgeHostPieces[rnd.Intn(len(edgeHostPieces))])
		}
		hosts = append(hosts, b.String())
	}
	compareHosts(t, node, hosts)
}

// TestReadersLiveHostBidi: ada's Bidi rule (reader_robotsparser_bidi.go)
// against Node's URL parser, on every label of up to four characters over
// characters of each class the rule reads, and on every code point that a
// host name may hold in the places that show its class in ada's table.
func TestReadersLiveHostBidi(t *testing.T) {
	t.Parallel()
	node, _ := oracles(t)
	alphabet := []string{"a", "z", "1", "9", "\u05D0", "\u05EA", "\u062A", "\u064A", "\u0661", "\u06F1", "\u0300", "-", "!", "$", "\u00E9"}
	var hosts []string
	var grow func(s string, n int)
	grow = func(s string, n int) {
		if s != "" {
			hosts = append(hosts, s, s+".com", "a-."+s)
		}
		if n > 0 {
			for _, c := range alphabet {
				grow(s+c, n-1)
			}
		}
	}
	grow("", 3)
	for _, a := range alphabet {
		for _, b := range alphabet {
			for _, c := range alphabet {
				for _, d := range alphabet {
					hosts = append(hosts, a+b+c+d)
				}
			}
		}
	}
	// Each code point where its class decides: inside a right-to-left
	// label, inside and at the end of a left-to-right one, first, last,
	// and beside an Arabic-Indic digit.
	for r := rune(0x80); r <= unicode.MaxRune; r++ {
		c := string(r)
		if _, err := rpHostToASCII("a" + c); err != nil {
			continue // not valid in a host name, whatever the rule
		}
		hosts = append(hosts, "\u05D0"+c+"\u05D0", "a"+c+"\u05D0", c+"1\u0661", "a\u05D0"+c, "\u05D0"+c, "1\u05D0"+c)
	}
	compareHosts(t, node, hosts)
}

// TestReadersLiveHostJoiners: ada's joiner check (adaJoinersOK) against
// Node's URL parser, on random right-to-left labels that hold U+200C or
// U+200D among letters that join on either side, on one side or not at
// all, viramas, marks and digits; and on every code point beside a joiner
// in a right-to-left label, where its place in ada's tables decides.
func TestReadersLiveHostJoiners(t *testing.T) {
	t.Parallel()
	node, _ := oracles(t)
	pieces := []string{"\u200C", "\u200D", "\u200C", "\u200D", // joiners
		"\u05D0", "\u07CA", "\u0621", "\u0661", "\u06F1", // right to left, joining nothing; digits
		"\u0628", "\u0644", "\u0712", "\uA840", "\u1820", // dual-joining
		"\u0627", "\u062F", "\u0710", "\uA872", // right- or left-joining
		"\u064B", "\u0300", "\u094D", "\u0D3B", "\u1734", "\U00011046", "\u0915", // marks, viramas
		"a", "1", "-"}
	// The pieces of class R, AL or AN: a label with one is right to left.
	rtl := func(s string) bool {
		return strings.ContainsAny(s, "\u05D0\u07CA\u0621\u0661\u0628\u0644\u0712\u0627\u062F\u0710")
	}
	rnd := rand.New(rand.NewSource(diffSeed + 5))
	label := func() string {
		for {
			var b strings.Builder
			for k := 2 + rnd.Intn(6); k > 0; k-- {
				b.WriteString(pieces[rnd.Intn(len(pieces))])
			}
			if s := b.String(); strings.ContainsAny(s, "\u200C\u200D") && rtl(s) {
				return s
			}
		}
	}
	var hosts []string
	for len(hosts) < 320000 {
		switch l := label(); rnd.Intn(4) {
		case 0:
			hosts = append(hosts, l)
		case 1:
			hosts = append(hosts, l+".com")
		case 2:
			hosts = append(hosts, "a."+l)
		default:
			hosts = append(hosts, l+"."+label())
		}
	}
	t.Logf("%d random hosts, each with a right-to-left label that holds a joiner", len(hosts))
	compareHosts(t, node, hosts)
	hosts = hosts[:0]
	for r := rune(0x80); r <= unicode.MaxRune; r++ {
		c := string(r)
		if r == 0x200C || r == 0x200D {
			continue
		}
		if _, err := rpHostToASCII("a" + c); err != nil {
			continue // not valid in a host name, whatever the rule
		}
		hosts = append(hosts, "\u05D0"+c+"\u200D", "\u05D0"+c+"\u200C\u0628", "\u0628\u200C"+c+"\u05D0")
	}
	t.Logf("%d hosts, every code point beside a joiner in a right-to-left label", len(hosts))
	compareHosts(t, node, hosts)
}

// compareHosts asks Node's URL parser which of hosts it accepts and
// compares with whatwgHost.
func compareHosts(t *testing.T, node string, hosts []string) {
	t.Helper()
	in, err := json.Marshal(hosts)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, "-e", `let s = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (d) => { s += d; });
process.stdin.on('end', () => {
	const ok = (h) => { try { new URL('http://' + h + '/'); return true; } catch (e) { return false; } };
	process.stdout.write(JSON.stringify(JSON.parse(s).map(ok)));
});`)
	cmd.Stdin = bytes.NewReader(in)
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	var want []bool
	if err := json.Unmarshal(out, &want); err != nil || len(want) != len(hosts) {
		t.Fatalf("node answered %d of %d hosts: %v", len(want), len(hosts), err)
	}
	agree := 0
	for i, h := range hosts {
		if whatwgHost(h) == want[i] {
			agree++
		} else if i-agree < 40 {
			t.Errorf("host %+q: Node's URL parser accepts it: %v, whatwgHost: %v", h, want[i], !want[i])
		}
	}
	t.Logf("robots-parser hosts: %d/%d agree with Node's URL parser", agree, len(hosts))
	if agree != len(hosts) {
		t.Errorf("%d disagreements", len(hosts)-agree)
	}
}
