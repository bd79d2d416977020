package engine

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"robotstester/engine/sharedtest"
)

var updateLint = flag.Bool("update-lint", false, "rewrite testdata/lint/*.golden from Lint's output")

// findings renders d as "line code severity" strings, the form the tables
// below expect.
func lintFindingList(d Diagnostics) []string {
	out := make([]string, len(d))
	for i, x := range d {
		out[i] = strconv.Itoa(x.Line) + " " + x.Code + " " + x.Severity.String()
	}
	return out
}

// Each row is a small file and every finding Lint must report for it: no
// more, no less (in Lint's order). say is a piece of one finding's message.
var lintCases = []struct {
	name string
	body string
	want []string
	say  string
}{
	{"a clean file has no findings",
		"User-agent: *\nDisallow: /private/\nAllow: /private/open\n\nSitemap: https://example.com/sitemap.xml\n",
		nil, ""},
	{"an accepted typo says what Google reads and how to spell it",
		"User-agent: *\nDissallow: /x\n",
		[]string{"2 typo warning"}, "`Dissallow` is read by Google as `Disallow`; other crawlers may ignore it — spell it Disallow."},
	{"a missing colon is read by Google, not by others",
		"User-agent: *\nDisallow /x\n",
		[]string{"2 missing-colon warning"}, "Google reads `Disallow /x` as `Disallow: /x`"},
	{"a typo and a missing colon on one line are two findings",
		"Useragent *\nDisallow: /x\n",
		[]string{"1 missing-colon warning", "1 typo warning"}, "`Useragent` is read by Google as `User-agent`"},
	{"a three-word line without a colon is dropped",
		"User-agent: *\nDisallow: /z\nDisallow / x\n",
		[]string{"3 dropped-line error"}, "write `Disallow: / x`"},
	{"a dropped user-agent line is an error, prose is a warning",
		"User-agent\nThe file you requested could not be found\nUser-agent: *\nDisallow: /\n",
		[]string{"1 dropped-line error", "2 dropped-line warning", "4 blocks-all warning"}, "it has no colon and no value"},
	{"a key Google does not accept gets the closest known key",
		"User-agent: *\nDisalow: /a\nDisallw: /b\nUser_agent: x\nAlow: /c\n",
		[]string{"2 typo warning", "3 unknown-directive error", "4 unknown-directive error", "5 unknown-directive error"}, ""},
	{"an unknown key far from any known one is a warning",
		"User-agent: *\nDisallow: /x\nACAP-crawler: *\n",
		[]string{"3 unknown-directive warning"}, "Google does not know the key `ACAP-crawler`"},
	{"a lost line break hides a key after other words",
		"User-agent: *\nDisallow: /z\nGPTBot Disallow: /\n",
		[]string{"3 unknown-directive error"}, "start a new line at `Disallow`"},
	{"junk before a key hides it",
		"User-agent: *\nDisallow: /z\n- Disallow: /x\n",
		[]string{"3 unknown-directive error"}, "start the line with `Disallow:`"},
	{"directives Google ignores say who reads them",
		"User-agent: *\nCrawl-delay: 10\nNoindex: /x\nHost: example.com\nClean-param: ref /\nRequest-rate: 1/5\nVisit-time: 0600-0845\nContent-Signal: ai-train=no\nDisallow: /y\n",
		[]string{"2 ignored-directive info", "3 ignored-directive warning", "4 ignored-directive info", "5 ignored-directive info",
			"6 ignored-directive info", "7 ignored-directive info", "8 ignored-directive info"},
		"Google ignores Crawl-delay; Bingbot"},
	{"a content signal is checked against the uses contentsignals.org defines",
		"User-agent: *\nContent-Signal: search=yes, ai-training=no\nDisallow: /y\n",
		[]string{"2 content-signal-syntax warning", "2 ignored-directive info"}, "`ai-training` is not a use content signals define (search, ai-input, ai-train) — write ai-train instead."},
	{"a rule before any user-agent is ignored",
		"Disallow: /x\nUser-agent: *\nDisallow: /y\n",
		[]string{"1 orphan-rule error"}, "no user-agent line comes before it"},
	{"empty rules: Disallow allows everything, Allow does nothing",
		"User-agent: a\nDisallow:\nUser-agent: b\nAllow:\n",
		[]string{"2 empty-disallow info", "4 empty-allow warning"}, "an empty Disallow blocks nothing"},
	{"a pattern with neither / nor * never matches",
		"User-agent: *\nDisallow: private/\n",
		[]string{"2 never-matches error"}, "write `Disallow: /private/`"},
	{"a query or an extension without a path is meant anywhere",
		"User-agent: *\nDisallow: ?sort=\nDisallow: .pdf\n",
		[]string{"2 never-matches error", "3 never-matches error"}, "write `Disallow: /*?sort=`"},
	{"a full URL as a pattern never matches: the path does",
		"User-agent: *\nDisallow: https://ex.com/private?a=1\n",
		[]string{"2 never-matches error"}, "write `Disallow: /private?a=1`"},
	{"a full URL after a missing colon is split at its own colon",
		"User-agent: *\nDisallow https://ex.com/private\n",
		[]string{"2 colon-in-value error"}, "write `Disallow: /private`"},
	{"a sitemap with a missing colon is split at the scheme's colon",
		"Sitemap https://ex.com/s.xml\n",
		[]string{"1 colon-in-value error"}, "write `Sitemap: https://ex.com/s.xml`"},
	{"a key Google reads by its prefix",
		"User-agents: *\nDisallowAITraining: /\n",
		[]string{"1 key-suffix warning", "2 key-suffix error", "2 blocks-all warning"}, "`User-agents` is read by Google as `User-agent`"},
	{"a NUL byte ends the line",
		"User-agent: *\nDisallow: /a\x00bc\nDisallow: /d\x00  \n",
		[]string{"2 nul-byte error", "3 nul-byte warning"}, "a NUL byte at column 13 ends the line for Google, so it ignores `bc`"},
	{"invalid UTF-8 names its column",
		"User-agent: *\nDisallow: /caf\xe9\n# caf\xe9\n",
		[]string{"2 invalid-utf8 warning", "3 invalid-utf8 info"}, "byte 0xE9 at column 15 is not valid UTF-8; Google matches it as %E9"},
	{"a BOM is skipped by Google",
		"\xEF\xBB\xBFUser-agent: *\nDisallow: /x\n",
		[]string{"1 bom info"}, "Google skips it"},
	{"part of a BOM is skipped too",
		"\xEF\xBBUser-agent: *\nDisallow: /x\n",
		[]string{"1 partial-bom warning"}, "2 bytes of a byte-order mark"},
	{"a BOM inside the file hides the key",
		"User-agent: *\nDisallow: /x\n\xEF\xBB\xBFUser-agent: b\nDisallow: /y\n",
		[]string{"3 stray-bom error"}, "Google does not recognise `User-agent`"},
	{"a UTF-16 file has no directive for Google",
		"\xFF\xFEU\x00s\x00e\x00r\x00",
		[]string{"0 utf16 error"}, "save it as UTF-8"},
	{"a user-agent with a version is read without it",
		"User-agent: Googlebot/2.1\nDisallow: /x\n",
		[]string{"1 agent-suffix info"}, "Google reads `Googlebot/2.1` as `Googlebot` and ignores the rest"},
	{"a user-agent with a space is cut to its first word",
		"User-agent: Googlebot Images\nDisallow: /x\n",
		[]string{"1 agent-cut warning"}, "Google reads `Googlebot Images` as `Googlebot`"},
	{"a token one letter off a known crawler's",
		"User-agent: Googlebot-Images\nDisallow: /x\nUser-agent: GPTBot\nUser-agent: Googlebot-Mobile\nDisallow: /y\n",
		[]string{"1 agent-misspelt warning"}, "`Googlebot-Image` does, and it does not obey this group"},
	{"digits end a token, which matters only to Google",
		"User-agent: Spinn3r\nDisallow: /x\n",
		[]string{"1 agent-cut info"}, "Google reads `Spinn3r` as `Spinn` (digits end a token)"},
	{"a whole User-Agent header is read as Mozilla",
		"User-agent: Mozilla/5.0 (compatible; Googlebot/2.1)\nDisallow: /x\n",
		[]string{"1 agent-cut warning"}, "is a whole User-Agent header"},
	{"*foo is not global",
		"User-agent: *foo\nDisallow: /x\n",
		[]string{"1 agent-not-global error"}, "Google reads `*foo` as no crawler at all"},
	{"* followed by text is global",
		"User-agent: * all\nDisallow: /x\n",
		[]string{"1 agent-suffix info"}, "Google reads `* all` as `*`"},
	{"a user-agent without a token applies to no crawler",
		"User-agent: 123bot\nDisallow: /x\nUser-agent:\nDisallow: /y\n",
		[]string{"1 agent-empty error", "3 agent-empty error"}, "Google reads no product token from `123bot`"},
	{"relative and malformed sitemaps",
		"Sitemap: /sitemap.xml\nSitemap: //ex.com/s.xml\nSitemap: ftp://ex.com/s.xml\nSitemap: https://ex.com/a.xml https://ex.com/b.xml\nSitemap:\nSitemap: https:///s.xml\n",
		[]string{"1 sitemap-invalid error", "2 sitemap-invalid error", "3 sitemap-invalid error", "4 sitemap-invalid error",
			"5 sitemap-invalid error", "6 sitemap-invalid error"},
		"`/sitemap.xml` is a relative URL"},
	{"a sitemap listed twice",
		"Sitemap: https://ex.com/s.xml\nSitemap: https://ex.com/s.xml\n",
		[]string{"2 sitemap-repeated info"}, "already listed on line 1"},
	{"Disallow: / for * blocks the site",
		"User-agent: *\nDisallow: /\n",
		[]string{"2 blocks-all warning"}, "blocks the whole site"},
	{"an Allow: / of equal length reopens the site",
		"User-agent: *\nDisallow: /\nAllow: /\n",
		[]string{"2 shadowed-disallow error"}, "the Allow on line 3 has the same pattern"},
	{"Disallow: / for Googlebot keeps Google out",
		"User-agent: Googlebot\nDisallow: /\nUser-agent: googlebot-news\nDisallow: /\n",
		[]string{"2 blocks-all warning"}, "this rule blocks Googlebot from the whole site"},
	{"an Allow: / in another Googlebot group reopens the site",
		"User-agent: Googlebot\nDisallow: /\nUser-agent: Bingbot\nDisallow: /x\nUser-agent: Googlebot\nAllow: /\n",
		[]string{"5 agent-repeated info"}, ""},
	{"Disallow: /* beats Allow: /",
		"User-agent: *\nAllow: /\nDisallow: /*\n",
		[]string{"3 blocks-all warning"}, ""},
	{"a group without rules at the end of the file, followed by a sitemap",
		"User-agent: *\nDisallow: /private\n\nUser-agent: Googlebot\nSitemap: https://ex.com/s.xml\n",
		[]string{"4 group-no-rules error"}, "the group for `Googlebot` has no rules, so Google lets it fetch everything and ignores the \"*\" group's rules for it"},
	{"a last group without rules, naming only an agent named before, adds nothing",
		"User-agent: *\nDisallow: /a\nUser-agent: Googlebot\nDisallow: /b\nUser-agent: Googlebot\n",
		[]string{"3 global-not-inherited info", "5 agent-repeated info"}, ""},
	{"a * group without rules",
		"User-agent: *\n",
		[]string{"1 group-no-rules warning"}, ""},
	{"a group repeating a rule",
		"User-agent: *\nDisallow: /a\nDisallow: /b\nDisallow: /a\n",
		[]string{"4 duplicate-rule info"}, "the group already has this rule on line 2"},
	{"percent case makes no difference to a duplicate",
		"User-agent: *\nDisallow: /%7e\nDisallow: /%7E\n",
		[]string{"3 duplicate-rule info"}, ""},
	{"$ inside a pattern is literal",
		"User-agent: *\nDisallow: /a$b\nDisallow: /a$\n",
		[]string{"2 dollar-inside warning"}, "the \"$\" at column 13 is matched as a literal \"$\""},
	{"a # in a pattern starts a comment",
		"User-agent: *\nDisallow: /#!/secret\nDisallow: /page#top\nDisallow: /x # fine\n",
		[]string{"2 blocks-all warning", "2 hash-in-value error", "3 hash-in-value warning"}, "so the rule is `/`"},
	{"columns count from the line's first byte, indentation included",
		"User-agent: *\n  Disallow /a$b\n",
		[]string{"2 missing-colon warning", "2 dollar-inside warning"}, "the \"$\" at column 14"},
	{"a space in a pattern",
		"User-agent: *\nDisallow: /a b\n",
		[]string{"2 space-in-pattern warning"}, "crawlers request a space as %20"},
	{"user-agent lines apart are still one group",
		"User-agent: Googlebot\nCrawl-delay: 5\nUser-agent: Bingbot\nDisallow: /\n",
		[]string{"2 ignored-directive info", "3 group-joined warning", "4 blocks-all warning"}, "Google puts `Bingbot` in the same group as `Googlebot` on line 1"},
	{"a comment between user-agent lines is not a finding",
		"User-agent: Googlebot\n# and Bing\nUser-agent: Bingbot\nDisallow: /x\n",
		nil, ""},
	{"an agent named in two groups: Google merges them",
		"User-agent: Googlebot\nDisallow: /a\nUser-agent: googlebot\nDisallow: /b\n",
		[]string{"3 agent-repeated info"}, "Google merges the rules of both groups"},
	{"a named crawler does not inherit the * group",
		"User-agent: *\nDisallow: /private\nUser-agent: Googlebot\nDisallow: /tmp\n",
		[]string{"3 global-not-inherited info"}, "1 rule of the \"*\" group is not repeated here"},
	{"nothing to inherit when the named group repeats the * rules",
		"User-agent: *\nDisallow: /private\nUser-agent: Googlebot\nDisallow: /private\nDisallow: /tmp\n",
		nil, ""},
	{"a path wrapped onto the next line",
		"User-agent: *\nDisallow:\n/private/page\n",
		[]string{"2 empty-disallow info", "3 bare-value error"}, ""},
	{"a comment in another language is not a path",
		"User-agent: *\nDisallow: /x\n// keep out\n/* bots */\n",
		[]string{"3 dropped-line warning", "4 dropped-line warning"}, "start it with \"#\" to make it a comment"},
	{"a URL alone on a line",
		"User-agent: *\nDisallow: /x\nhttps://ex.com/sitemap.xml\n",
		[]string{"3 bare-value warning"}, "write `Sitemap: https://ex.com/sitemap.xml`"},
	{"an HTML page served as robots.txt",
		"<!DOCTYPE html>\n<html><body>\n<p>Not found</p>\ncolor: red\n</body></html>\n",
		[]string{"1 html error", "1 missing-colon info", "3 missing-colon info"}, "the file is an HTML page"},
	{"a stray tag in a text file",
		"User-agent: *\nDisallow: /x\n</pre>\n",
		[]string{"3 html warning"}, ""},
	{"text without a single directive",
		"Forbidden\n",
		[]string{"0 no-directives warning", "1 dropped-line warning"}, "Google finds no user-agent, allow, disallow or sitemap line"},
	{"an empty file is not a finding",
		"", nil, ""},
}

func TestLintFindings(t *testing.T) {
	for _, c := range lintCases {
		t.Run(c.name, func(t *testing.T) {
			d := Lint(Parse([]byte(c.body)))
			if got := lintFindingList(d); !slices.Equal(got, c.want) {
				t.Fatalf("findings:\n got %q\nwant %q\n%s", got, c.want, d)
			}
			if c.say != "" && !strings.Contains(d.String(), c.say) {
				t.Errorf("no finding says %q:\n%s", c.say, d)
			}
		})
	}
}

// The flags Google's reporter sets, from spec §3, §4 and §11: which lines
// are typos, which lack a colon, which are dropped.
func TestLintFlagSemantics(t *testing.T) {
	cases := []struct {
		line       string
		typo       bool
		colon      bool // missing colon
		dropped    bool
		suffix     bool // read by prefix, not a typo
		recognised Kind
	}{
		{line: "User-agent: x", recognised: KindUserAgent},
		{line: "User agent: x", typo: true, recognised: KindUserAgent},
		{line: "Useragent: x", typo: true, recognised: KindUserAgent},
		{line: "Useragent x", typo: true, colon: true, recognised: KindUserAgent},
		{line: "user_agent: x", recognised: KindUnknown},
		{line: "User-agents: x", suffix: true, recognised: KindUserAgent},
		{line: "Disallow /x", colon: true, recognised: KindDisallow},
		{line: "Disallow\t/x", colon: true, recognised: KindDisallow},
		{line: "Disallow / x", dropped: true, recognised: KindInvalid},
		{line: "Disallow /x:y", suffix: false, recognised: KindDisallow},
		{line: "Dissallow: /x", typo: true, recognised: KindDisallow},
		{line: "Dissalow: /x", typo: true, recognised: KindDisallow},
		{line: "Disalow: /x", typo: true, recognised: KindDisallow},
		{line: "Diasllow: /x", typo: true, recognised: KindDisallow},
		{line: "Disallaw: /x", typo: true, recognised: KindDisallow},
		{line: "Disallowance: /x", suffix: true, recognised: KindDisallow},
		{line: "Allowed: /x", suffix: true, recognised: KindAllow},
		{line: "Alow: /x", recognised: KindUnknown},
		{line: "Site-map: https://a.com/s.xml", typo: true, recognised: KindSitemap},
		{line: "Sitemaps: https://a.com/s.xml", suffix: true, recognised: KindSitemap},
		{line: ": /x", dropped: true, recognised: KindInvalid},
		{line: "Crawl-delay 5", colon: true, recognised: KindUnknown},
	}
	for _, c := range cases {
		body := "User-agent: a\nDisallow: /z\n" + c.line + "\n"
		r := Parse([]byte(body))
		if k := r.Lines[2].Kind; k != c.recognised {
			t.Errorf("%q is read as %v, want %v", c.line, k, c.recognised)
		}
		codes := map[string]bool{}
		for _, d := range Lint(r) {
			if d.Line == 3 {
				codes[d.Code] = true
			}
		}
		if codes["typo"] != c.typo || codes["missing-colon"] != c.colon || codes["dropped-line"] != c.dropped || codes["key-suffix"] != c.suffix {
			t.Errorf("%q: typo=%v missing-colon=%v dropped=%v key-suffix=%v, want %v %v %v %v", c.line,
				codes["typo"], codes["missing-colon"], codes["dropped-line"], codes["key-suffix"], c.typo, c.colon, c.dropped, c.suffix)
		}
	}
}

// lintTrickyBodies are files whose typo, missing-colon and too-long lines are
// easy to get wrong.
var lintTrickyBodies = []string{
	"Useragent x\nUser agent: y\nuser agent z\nDisallow / x\nDisallow /x\nDissalow\t/y\n",
	"User-agent: *\r\nDisallow /a#b c\r\n# Disallow x\r\nDisalow:\r\nSite-map x\rsitemap y z\n",
	"User-agent: *\nDisallow: /" + strings.Repeat("a", MaxLineLen) + "\nDisallow /" + strings.Repeat("b", MaxLineLen-10) + "\n" +
		"#" + strings.Repeat("c", MaxLineLen+5) + "\nUseragent " + strings.Repeat("d", MaxLineLen) + " e\n",
	"\xEF\xBB\xBFUseragent\t*\n\x00Disallow /x\nDisallow\x00 /x\nDisallow /x\x00 y\n",
	"User-agent: *\nDisallow: /\x00" + strings.Repeat("x", MaxLineLen) + "\nCrawl-delay 4\n: x\n   \t\nAllow\n",
	"\xFF\xFEU\x00s\x00\n\x00" + strings.Repeat("a\x00", MaxLineLen) + "\nUseragent x\n",
}

// lintLines is the set of lines Lint reports with code.
func lintLines(d Diagnostics, code string) []int {
	var lines []int
	for _, x := range d {
		if x.Code == code {
			lines = append(lines, x.Line)
		}
	}
	return lines
}

func linesFlagged(r *Robots, set func(Line) bool) []int {
	var lines []int
	for _, ln := range r.Lines {
		if set(ln) {
			lines = append(lines, ln.Number)
		}
	}
	return lines
}

// checkLintFlags: the lines reported as typo, missing colon and too long
// are exactly those Google's reporter flags (Line.Typo, Line.MissingColon,
// Line.TooLong, set by Parse as robots.cc's LineMetadata).
func checkLintFlags(t *testing.T, name string, r *Robots, d Diagnostics) {
	t.Helper()
	for _, f := range []struct {
		code string
		flag func(Line) bool
	}{
		{"typo", func(ln Line) bool { return ln.Typo }},
		{"missing-colon", func(ln Line) bool { return ln.MissingColon }},
		{"line-too-long", func(ln Line) bool { return ln.TooLong }},
	} {
		if got, want := lintLines(d, f.code), linesFlagged(r, f.flag); !slices.Equal(got, want) {
			t.Errorf("%s: %s on lines %v, Google's reporter flags %v", name, f.code, got, want)
		}
	}
}

func TestLintFlagsAgreeWithGoogle(t *testing.T) {
	for i, body := range lintTrickyBodies {
		r := Parse([]byte(body))
		checkLintFlags(t, "tricky body "+strconv.Itoa(i), r, Lint(r))
	}
	// The first tricky body, line by line, as robots.cc reports it.
	d := Lint(Parse([]byte(lintTrickyBodies[0])))
	if got := lintLines(d, "typo"); !slices.Equal(got, []int{1, 2, 6}) {
		t.Errorf("typo lines %v, want [1 2 6]", got)
	}
	if got := lintLines(d, "missing-colon"); !slices.Equal(got, []int{1, 5, 6}) {
		t.Errorf("missing-colon lines %v, want [1 5 6]", got)
	}
	if got := lintLines(d, "dropped-line"); !slices.Equal(got, []int{3, 4}) {
		t.Errorf("dropped lines %v, want [3 4]", got)
	}
	d = Lint(Parse([]byte(lintTrickyBodies[2])))
	if got := lintLines(d, "line-too-long"); !slices.Equal(got, []int{2, 4, 5}) {
		t.Errorf("too-long lines %v, want [2 4 5]", got)
	}
}

func TestLintFlagsAgreeOnCorpus(t *testing.T) {
	for name, body := range sharedtest.CorpusBodies(t) {
		r := Parse(body)
		checkLintFlags(t, name, r, Lint(r))
	}
}

// lintCodes are the codes of the table in lint.go's comment.
func lintCodes(t testing.TB) map[string]bool {
	src, err := os.ReadFile("lint.go")
	if err != nil {
		t.Fatal(err)
	}
	codes := map[string]bool{}
	for _, line := range strings.Split(string(src), "\n") {
		if rest, ok := strings.CutPrefix(line, "//\t"); ok {
			if f := strings.Fields(rest); len(f) > 1 && f[0] != "code" {
				codes[f[0]] = true
			}
		}
	}
	return codes
}

// checkLintWellFormed: the list is sorted, every finding points into the file,
// has a documented code and a sentence of valid UTF-8 ending in a full stop,
// and there are at most a handful per line (Lint stays linear).
func checkLintWellFormed(t *testing.T, name string, r *Robots, d Diagnostics, codes map[string]bool) {
	t.Helper()
	if !slices.IsSortedFunc(d, func(a, b Diagnostic) int { return a.Line - b.Line }) {
		t.Errorf("%s: findings not sorted by line", name)
	}
	if len(d) > 16*len(r.Lines)+8 {
		t.Errorf("%s: %d findings for %d lines", name, len(d), len(r.Lines))
	}
	for _, x := range d {
		switch {
		case x.Line < 0 || x.Line > len(r.Lines):
			t.Errorf("%s: line %d outside the file's %d lines: %s", name, x.Line, len(r.Lines), x)
		case x.Col < 0 || x.Line > 0 && x.Col > r.Lines[x.Line-1].End-r.Lines[x.Line-1].Start+1:
			t.Errorf("%s: column %d outside line %d: %s", name, x.Col, x.Line, x)
		case !codes[x.Code]:
			t.Errorf("%s: code %q is not in lint.go's table", name, x.Code)
		case x.Severity > SeverityInfo:
			t.Errorf("%s: severity %d", name, x.Severity)
		case !utf8.ValidString(x.Message) || !strings.HasSuffix(x.Message, ".") || !strings.Contains(x.Message, " — "):
			t.Errorf("%s: message is not a sentence with a fix: %q", name, x.Message)
		}
	}
}

// TestLintCorpus runs Lint over all 386 real files: no panic, and every
// finding well formed.
func TestLintCorpus(t *testing.T) {
	codes := lintCodes(t)
	seen := map[string]int{}
	for name, body := range sharedtest.CorpusBodies(t) {
		r := Parse(body)
		d := Lint(r)
		checkLintWellFormed(t, name, r, d, codes)
		for _, x := range d {
			seen[x.Code]++
		}
	}
	t.Logf("findings by code on the corpus: %v", seen)
}

func TestLintTablesAreWellFormed(t *testing.T) {
	codes := lintCodes(t)
	used := map[string]bool{}
	for _, c := range lintCases {
		r := Parse([]byte(c.body))
		d := Lint(r)
		checkLintWellFormed(t, c.name, r, d, codes)
		for _, x := range d {
			used[x.Code] = true
		}
	}
	for _, body := range lintTrickyBodies {
		for _, x := range Lint(Parse([]byte(body))) {
			used[x.Code] = true
		}
	}
	for _, x := range Lint(Parse(lintBigFile())) {
		used[x.Code] = true
	}
	for code := range codes {
		if !used[code] {
			t.Errorf("code %q is documented but no test produces it", code)
		}
	}
}

// bigFile is a file over Googlebot's 500 KiB: 10,000 rules of 60 bytes.
func lintBigFile() []byte {
	var b bytes.Buffer
	b.WriteString("User-agent: *\n")
	for i := 0; b.Len() < 600_000; i++ {
		s := strconv.Itoa(i)
		b.WriteString("Disallow: /" + strings.Repeat("p", 48-len(s)) + s + "\n")
	}
	return b.Bytes()
}

// TestLintFileTooLarge: the first byte Googlebot does not read is byte
// 512,000. In lintBigFile line 1 holds 14 bytes and every later line 60, so
// after a one-line prefix of p bytes that byte is byte 511,986-p of the
// rules: in rule (511,986-p)/60 (0-based), which is on the line numbered
// that plus 3, at column (511,986-p)%60+1, where column 60 is the break.
func TestLintFileTooLarge(t *testing.T) {
	body := lintBigFile()
	for _, c := range []struct {
		prefix    string
		line, col int
		say       string
	}{
		// p = 0 (no prefix line: numbered plus 2): 511,986 = 8533*60 + 6.
		{"", 8535, 7, "it reads this line only up to column 6 (which can turn it into a different rule) and ignores lines 8536–10002"},
		// p = 6: 511,980 = 8533*60, the first byte of line 8536.
		{"#xxxx\n", 8536, 1, "it ignores lines 8536–10003"},
		// p = 7: 511,979 = 8532*60 + 59, the line break of line 8535.
		{"#xxxxx\n", 8535, 0, "this is the last line it reads, and it ignores lines 8536–10003"},
	} {
		var hit []Diagnostic
		for _, d := range Lint(Parse(append([]byte(c.prefix), body...))) {
			if d.Code == "file-too-large" {
				hit = append(hit, d)
			}
		}
		if len(hit) != 1 || hit[0].Line != c.line || hit[0].Col != c.col || hit[0].Severity != SeverityError {
			t.Errorf("prefix %q: %v, want one error at line %d column %d", c.prefix, hit, c.line, c.col)
			continue
		}
		if !strings.Contains(hit[0].Message, c.say) || !strings.Contains(hit[0].Message, "512,000 (500 KiB)") {
			t.Errorf("prefix %q: message %q does not say %q", c.prefix, hit[0].Message, c.say)
		}
	}
}

// A file over 500 KiB is linted as Googlebot gets it: the findings of the
// part it reads, the cut among them, and none for the lines past the cut,
// whether the caller parsed the whole file (Lint) or the cut (LintCut).
func TestLintReadsWhatGooglebotReads(t *testing.T) {
	body := append([]byte("User-agent: *\nDissallow: /early\n"), lintBigFile()...)
	body = append(body, "Dissallow: /late\nUser-agent: Googlebot\n"...)
	c := FetchLimit(body)
	whole := Lint(Parse(body))
	cut := LintCut(c, Parse(c.Body))
	if got, want := lintFindingList(cut), []string{"2 typo warning", "3 agent-repeated info", strconv.Itoa(c.Line) + " file-too-large error"}; !slices.Equal(got, want) {
		t.Errorf("LintCut: findings %q, want %q (the typo before the cut and the cut, nothing past it)", got, want)
	}
	if !slices.Equal(whole, cut) {
		t.Errorf("Lint of the whole file and LintCut of its cut differ:\n%s\n%s", whole, cut)
	}
	if full := LintCut(c, Parse(body)); !slices.Equal(full, cut) {
		t.Errorf("LintCut given the whole parse: %q, want what Googlebot reads: %q", lintFindingList(full), lintFindingList(cut))
	}
	// Without a cut, LintCut is Lint.
	small := []byte("User-agent: *\nDissallow: /x\n")
	if a, b := LintCut(FetchLimit(small), Parse(small)), Lint(Parse(small)); !slices.Equal(a, b) || len(a) != 1 {
		t.Errorf("a small file: LintCut %q, Lint %q, want the same one typo", lintFindingList(a), lintFindingList(b))
	}
}

func TestLintLineTooLong(t *testing.T) {
	value := "/" + strings.Repeat("a", 20000)
	d := Lint(Parse([]byte("User-agent: *\nDisallow: " + value + "\n")))
	if got := lintFindingList(d); !slices.Equal(got, []string{"2 line-too-long error"}) {
		t.Fatalf("findings %q", got)
	}
	if d[0].Col != MaxLineLen+1 || !strings.Contains(d[0].Message, "(16,653 bytes)") || !strings.Contains(d[0].Message, "20,011 bytes long") {
		t.Errorf("column %d, message %q", d[0].Col, d[0].Message)
	}
}

func TestDiagnosticsPrint(t *testing.T) {
	d := Lint(Parse([]byte("User-agent: *\nDissallow: /x\nDisallow: /x\nfoo\n")))
	errors, warnings, infos := d.Counts()
	if errors != 0 || warnings != 2 || infos != 1 {
		t.Errorf("counts %d %d %d, want 0 2 1:\n%s", errors, warnings, infos, d)
	}
	want := "line 2: `Dissallow` is read by Google as `Disallow`; other crawlers may ignore it — spell it Disallow.\n" +
		"line 3: the group already has this rule on line 2 — remove one of them.\n" +
		"line 4: Google ignores the line `foo`: it is not a \"key: value\" directive — remove it, or start it with \"#\" to make it a comment.\n"
	if d.String() != want {
		t.Errorf("String():\n%s\nwant:\n%s", d, want)
	}
	if got := d.Error(); got != strings.SplitN(want, "\n", 2)[0]+" (and 2 more)" {
		t.Errorf("Error() = %q", got)
	}
	if got := d[0].Error(); got != d[0].String() {
		t.Errorf("Diagnostic.Error() = %q, String() = %q", got, d[0].String())
	}
	if got := (Diagnostic{Message: "whole file."}).String(); got != "whole file." {
		t.Errorf("a whole-file finding prints %q", got)
	}
	if got := (Diagnostics{}).Error(); got != "no findings" {
		t.Errorf("empty list prints %q", got)
	}
}

func TestDiagnosticsSort(t *testing.T) {
	d := Diagnostics{
		{Line: 2, Code: "b", Severity: SeverityInfo},
		{Line: 2, Col: 3, Code: "a", Severity: SeverityError},
		{Line: 2, Code: "c", Severity: SeverityError},
		{Line: 1, Col: 9, Code: "z", Severity: SeverityWarning},
		{Line: 0, Code: "y", Severity: SeverityInfo},
	}
	d.Sort()
	var got []string
	for _, x := range d {
		got = append(got, x.Code)
	}
	if want := []string{"y", "z", "c", "b", "a"}; !slices.Equal(got, want) {
		t.Errorf("sorted codes %v, want %v", got, want)
	}
}

func TestSeverityString(t *testing.T) {
	for s, want := range map[Severity]string{SeverityError: "error", SeverityWarning: "warning", SeverityInfo: "info", 7: "severity?"} {
		if s.String() != want {
			t.Errorf("Severity(%d).String() = %q, want %q", s, s.String(), want)
		}
	}
}

// TestLintGolden: the whole report of each testdata/lint/*.txt, word for
// word, so a reviewer reads every message as a user will.
func TestLintGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "lint", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden inputs: %v", err)
	}
	for _, f := range files {
		body, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		got := Lint(Parse(body)).String()
		golden := strings.TrimSuffix(f, ".txt") + ".golden"
		if *updateLint {
			if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (run go test -run TestLintGolden -update-lint)", err)
		}
		if got != string(want) {
			t.Errorf("%s:\n got:\n%s\nwant:\n%s", f, got, want)
		}
	}
}

func FuzzLint(f *testing.F) {
	for _, c := range lintCases {
		f.Add([]byte(c.body))
	}
	for _, b := range lintTrickyBodies {
		f.Add([]byte(b))
	}
	codes := lintCodes(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		r := Parse(body)
		d := Lint(r)
		checkLintWellFormed(t, "fuzz input", r, d, codes)
		checkLintFlags(t, "fuzz input", r, d)
	})
}

// BenchmarkLint lints the largest files of the corpus (parsed beforehand).
func BenchmarkLint(b *testing.B) {
	files := sharedtest.CorpusBodies(b)
	var names []string
	for name := range files {
		names = append(names, name)
	}
	slices.Sort(names)
	// What the page lints: the part Googlebot reads of each of the six
	// files over 500 KiB (numbered by size), parsed once, with its cut.
	for _, name := range names[:6] {
		c := FetchLimit(files[name])
		r := Parse(c.Body)
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				LintCut(c, r)
			}
			b.ReportMetric(float64(len(c.Body))*float64(b.N)/b.Elapsed().Seconds()/1e6, "MB/s")
		})
	}
}

// TestLintDeadRulesNeverDecide checks the findings that call a rule dead
// against the engine itself, on the whole corpus: a rule that never matches
// (never-matches, orphan-rule) is in no Result's matches, and a shadowed
// Disallow is never the deciding line. Each flagged rule is tried with the
// agents of its group (or one only "*" applies to) on paths made from the
// rule itself and, for the first rules of a file, on its URL list.
func TestLintDeadRulesNeverDecide(t *testing.T) {
	urlDir := sharedDir(t, "corpus", "urls")
	checked := 0
	for name, body := range sharedtest.CorpusBodies(t) {
		r := Parse(body)
		var paths []string
		if list, err := os.ReadFile(filepath.Join(urlDir, name)); err == nil {
			paths = strings.Fields(string(list))
		}
		flagged := 0
		for _, d := range Lint(r) {
			if d.Code != "never-matches" && d.Code != "orphan-rule" && d.Code != "shadowed-disallow" {
				continue
			}
			ln := r.Lines[d.Line-1]
			v := ln.Value(r.Body)
			probes := []string{v, "/" + v, MatchPath(v), "/" + v + "x"}
			if flagged++; flagged <= 20 {
				// The URL list, for the first few rules of a file only:
				// files with thousands of dead rules would take long.
				probes = append(probes, paths...)
			}
			for _, agent := range lintAgentsFor(r, ln) {
				for _, p := range probes {
					res := r.Test(agent, "https://example.com"+p)
					checked++
					if d.Code == "shadowed-disallow" {
						if res.Line == d.Line {
							t.Fatalf("%s line %d (%s) decided for %q on %q", name, d.Line, d.Code, agent, p)
						}
						continue
					}
					for _, m := range res.Matches {
						if m.Line == d.Line {
							t.Fatalf("%s line %d (%s) matched for %q on %q", name, d.Line, d.Code, agent, p)
						}
					}
				}
			}
		}
	}
	t.Logf("%d tests of rules Lint calls dead", checked)
}

// lintAgentsFor: tokens the group of ln applies to, or, for a rule before
// any group, a token no group names.
func lintAgentsFor(r *Robots, ln Line) []string {
	const nobody = "LintProbeBot"
	if ln.Group < 0 {
		return []string{nobody}
	}
	var agents []string
	for _, a := range r.Groups[ln.Group].Agents {
		switch {
		case a.Global:
			agents = append(agents, nobody)
		case a.Token != "":
			agents = append(agents, a.Token)
		}
	}
	return agents
}
