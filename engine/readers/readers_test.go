package readers

import (
	"errors"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"robotstester/engine/sharedtest"

	"robotstester/engine"
	"robotstester/engine/catalogue"
)

func TestReadersAreListedAndDescribed(t *testing.T) {
	want := []string{"google", "robots-parser", "python", "colly", "protego", "perl-robotrules", "ruby-webrobots", "bing", "yandex", "rfc9309"}
	if got := Readers(); !slices.Equal(got, want) {
		t.Fatalf("Readers() = %q, want %q", got, want)
	}
	for _, id := range want {
		info, ok := DescribeReader(id)
		if !ok || info.ID != id || info.Name == "" || info.Exact == "" || !strings.HasPrefix(info.Source, "https://") {
			t.Errorf("DescribeReader(%q) = %+v, %v", id, info, ok)
		}
		if _, err := TestWith(id, []byte("User-agent: *\nDisallow: /a\n"), "foo", "https://example.com/a"); err != nil {
			t.Errorf("TestWith(%q): %v", id, err)
		}
	}
	_, err := TestWith("lynx", nil, "foo", "/")
	if !errors.Is(err, ErrUnknownReader) || !strings.Contains(err.Error(), "rfc9309") {
		t.Errorf("an unknown reader gives %v, want ErrUnknownReader listing the readers", err)
	}
}

// readerCase: under body, agent fetching url is allowed (or not) by the
// reader, decided by line.
type readerCase struct {
	what    string
	reader  string
	body    string
	agent   string
	url     string
	allowed bool
	line    int
	failed  bool
}

var readerCases = []readerCase{
	{"Google reads $ as the end of the URL", "google", "User-agent: *\nDisallow: /*.pdf$\n", "foo", "https://example.com/a.pdf", false, 2, false},
	{"Python has no wildcards: /*.pdf$ is a literal prefix", "python", "User-agent: *\nDisallow: /*.pdf$\n", "foo", "https://example.com/a.pdf", true, 0, false},
	{"robots-parser reads wildcards as Google does", "robots-parser", "User-agent: *\nDisallow: /*.pdf$\n", "foo", "https://example.com/a.pdf", false, 2, false},
	{"temoto's regular expression matches anywhere in the path", "colly", "User-agent: *\nDisallow: /a*b\n", "foo", "https://example.com/x/a/b", false, 2, false},
	{"Google anchors a pattern at the start of the path", "google", "User-agent: *\nDisallow: /a*b\n", "foo", "https://example.com/x/a/b", true, 0, false},
	{"Python takes the first rule that applies, not the longest", "python", "User-agent: *\nDisallow: /\nAllow: /public\n", "foo", "https://example.com/public/x", false, 2, false},
	{"Google takes the longest rule", "google", "User-agent: *\nDisallow: /\nAllow: /public\n", "foo", "https://example.com/public/x", true, 3, false},
	{"Python finds the agent as a substring", "python", "User-agent: bot\nDisallow: /\n", "Googlebot", "https://example.com/", false, 2, false},
	{"Google accepts the typo dissallow", "google", "User-agent: *\nDissallow: /a\n", "foo", "https://example.com/a", false, 2, false},
	{"robots-parser ignores the typo dissallow", "robots-parser", "User-agent: *\nDissallow: /a\n", "foo", "https://example.com/a", true, 0, false},
	{"Google accepts a missing colon", "google", "User-agent: *\nDisallow /a\n", "foo", "https://example.com/a", false, 2, false},
	{"RFC 9309 requires the colon", "rfc9309", "User-agent: *\nDisallow /a\n", "foo", "https://example.com/a", true, 0, false},
	{"temoto refuses a rule before any user-agent, so Colly fetches nothing", "colly", "Disallow: /a\nUser-agent: *\nDisallow: /b\n", "foo", "https://example.com/c", false, 1, true},
	{"Python raises on a file that is not UTF-8", "python", "User-agent: *\nDisallow: /\xff\n", "foo", "https://example.com/c", false, 2, true},
	{"a blank line ends a Python group before its rules", "python", "User-agent: *\n\nDisallow: /\n", "foo", "https://example.com/", true, 0, false},
	{"Google keeps the group across a blank line", "google", "User-agent: *\n\nDisallow: /\n", "foo", "https://example.com/", false, 3, false},
	// RFC 9309 §2.2.2's table: %62%61%7A is matched as baz.
	{"RFC 9309 decodes escaped unreserved characters", "rfc9309", "User-agent: *\nDisallow: /foo/bar/baz\n", "foo", "https://example.com/foo/bar/%62%61%7A", false, 2, false},
	{"Google compares escapes as written", "google", "User-agent: *\nDisallow: /foo/bar/baz\n", "foo", "https://example.com/foo/bar/%62%61%7A", true, 0, false},
	{"RFC 9309: /robots.txt is always allowed", "rfc9309", "User-agent: *\nDisallow: /\n", "foo", "https://example.com/robots.txt", true, 0, false},
	{"RFC 9309: a path-pattern starts with /", "rfc9309", "User-agent: *\nDisallow: *.pdf\n", "foo", "https://example.com/a.pdf", true, 0, false},
	{"RFC 9309: a user-agent value must be a product token", "rfc9309", "User-agent: foo/1.0\nDisallow: /\n", "foo", "https://example.com/", true, 0, false},
	// Yandex's own examples (robot-workings/allow-disallow).
	{"Yandex: Allow /cgi-bin with Disallow / allows /cgi-bin", "yandex", "User-agent: Yandex\nAllow: /cgi-bin\nDisallow: /\n", "YandexBot", "https://example.com/cgi-bin/x", true, 2, false},
	{"Yandex: …and blocks the rest", "yandex", "User-agent: Yandex\nAllow: /cgi-bin\nDisallow: /\n", "YandexBot", "https://example.com/x", false, 3, false},
	{"Yandex: an empty Disallow is Allow: /, which wins a tie", "yandex", "User-agent: Yandex\nDisallow:\nDisallow: /\n", "YandexBot", "https://example.com/x", true, 2, false},
	{"Yandex: a YandexBot group hides the Yandex group", "yandex", "User-agent: YandexBot\nDisallow: /a\n\nUser-agent: Yandex\nDisallow: /\n", "YandexBot", "https://example.com/b", true, 0, false},
	{"Yandex: the Yandex group before *", "yandex", "User-agent: *\nDisallow: /\n\nUser-agent: Yandex\nDisallow: /a\n", "YandexBot", "https://example.com/b", true, 0, false},
	{"Bing: a bingbot group hides *", "bing", "User-agent: *\nDisallow: /\n\nUser-agent: bingbot\nDisallow: /a\n", "bingbot", "https://example.com/b", true, 0, false},
	{"Bing: longest wins whatever the order", "bing", "User-agent: *\nAllow: /a/b\nDisallow: /a\n", "bingbot", "https://example.com/a/b", true, 2, false},
}

func TestReadersReadAsDocumented(t *testing.T) {
	for _, c := range readerCases {
		got, err := TestWith(c.reader, []byte(c.body), c.agent, c.url)
		if err != nil {
			t.Fatal(err)
		}
		if got.Allowed != c.allowed || got.Line != c.line || got.Failed != c.failed || got.Why == "" || got.Reader != c.reader {
			t.Errorf("%s: %s says allowed=%v line %d failed=%v (%s), want allowed=%v line %d failed=%v",
				c.what, c.reader, got.Allowed, got.Line, got.Failed, got.Why, c.allowed, c.line, c.failed)
		}
	}
}

// TestPythonWhyNamesTheWildcard: the sentence the page shows for Python and
// a wildcard rule.
func TestPythonWhyNamesTheWildcard(t *testing.T) {
	got, _ := TestWith("python", []byte("User-agent: *\n#\n#\n#\n#\n#\nDisallow: /*.pdf$\n"), "foo", "https://example.com/a.pdf")
	want := "Python's reader has no wildcards: line 7 `/*.pdf$` is matched as a literal path"
	if !strings.HasPrefix(got.Why, want) {
		t.Errorf("Why = %q, want it to start %q", got.Why, want)
	}
}

// TestParseOnceTestMany: a ReaderFile answers as TestWith does, URL after
// URL, and from several goroutines.
func TestParseOnceTestMany(t *testing.T) {
	body := []byte("User-agent: *\nDisallow: /a\nAllow: /a/b$\nDisallow: /*.pdf$\n")
	urls := []string{"/", "/a", "/a/b", "/a/b/c", "/x.pdf", "/x.pdf?y", "https://example.com/a/b"}
	for _, id := range Readers() {
		f, err := ParseWith(id, body)
		if err != nil {
			t.Fatal(err)
		}
		done := make(chan bool)
		for w := 0; w < 3; w++ {
			go func() {
				for _, u := range urls {
					want, _ := TestWith(id, body, "foo", u)
					if got := f.Test("foo", u); got != want {
						t.Errorf("%s %q: parsed once %+v, TestWith %+v", id, u, got, want)
					}
				}
				done <- true
			}()
		}
		for w := 0; w < 3; w++ {
			<-done
		}
	}
}

func TestEveryCrawlerHasAReader(t *testing.T) {
	for _, c := range catalogue.Crawlers() {
		got := ReaderOf(c)
		if got.Source == "" || got.Note == "" {
			t.Errorf("%s: reading %+v has no source or note", c.Name, got)
		}
		if got.Reader != "" {
			if _, ok := DescribeReader(got.Reader); !ok {
				t.Errorf("%s: reader %q is not a reader", c.Name, got.Reader)
			}
		} else if len(c.Tokens) > 0 && !strings.Contains(c.RobotsTxt, "ignores") {
			t.Errorf("%s reads robots.txt (%q) but has no reader", c.Name, c.RobotsTxt)
		}
		if got.Reader == "rfc9309" && !got.Assumed {
			t.Errorf("%s: the RFC 9309 reading is only ever assumed", c.Name)
		}
	}
	for name, want := range map[string]string{"Googlebot": "google", "Googlebot Image": "google", "Bingbot": "bing", "YandexBot": "yandex", "GPTBot": "rfc9309",
		"DuckDuckBot": "perl-robotrules"} {
		c, ok := catalogue.FindCrawler(name)
		if !ok {
			t.Fatalf("no crawler %q", name)
		}
		if got := ReaderOf(c); got.Reader != want || got.Assumed != (want == "rfc9309") {
			t.Errorf("%s: reader %q assumed %v, want %q", name, got.Reader, got.Assumed, want)
		}
	}
	// DuckDuckGo names WWW::RobotRules for DuckDuckBot only; a Scrapy or a
	// Mechanize user agent names its library.
	if c, _ := catalogue.FindCrawler("DuckAssistBot"); ReaderOf(c).Reader != "perl-robotrules" || !ReaderOf(c).Assumed {
		t.Errorf("DuckAssistBot: %+v, want perl-robotrules, assumed from DuckDuckBot", ReaderOf(c))
	}
	for ua, want := range map[string]string{"Scrapy/2.11.2 (+https://scrapy.org)": "protego", "Mechanize/2.10 Ruby/3.1.2p20 (http://github.com/sparklemotion/mechanize/)": "ruby-webrobots"} {
		c := catalogue.Crawler{Name: "Somebot", Operator: "Someone", Tokens: []string{"Somebot"}, ObeysGlobal: true, RobotsTxt: "obeys", UAExample: ua, Source: "https://example.com/bot"}
		if got := ReaderOf(c); got.Reader != want || got.Assumed || !strings.HasPrefix(got.Source, c.Source) {
			t.Errorf("a crawler sending %q: %+v, want %s, not assumed", ua, got, want)
		}
	}
}

// TestCrawlerWithReaders: Google's reader follows the crawler's tokens as
// TestCrawler does; the documented readers follow them too.
func TestCrawlerWithReaders(t *testing.T) {
	body := []byte("User-agent: Googlebot\nDisallow: /g\n\nUser-agent: Yandex\nDisallow: /y\n\nUser-agent: *\nDisallow: /\n")
	yandexBot, _ := catalogue.FindCrawler("YandexBot")
	for _, c := range catalogue.Crawlers() {
		for _, id := range Readers() {
			f, _ := ParseWith(id, body)
			for _, u := range []string{"/g", "/y", "/x"} {
				got := TestCrawlerWith(f, c, u)
				if id == "google" {
					if want := engine.Parse(body).TestCrawler(c, u); got.Allowed != want.Allowed || got.Line != want.Line {
						t.Errorf("%s %s %s: %+v, TestCrawler allowed=%v line %d", c.Name, id, u, got, want.Allowed, want.Line)
					}
				}
			}
		}
	}
	f, _ := ParseWith("yandex", body)
	if got := TestCrawlerWith(f, yandexBot, "/x"); !got.Allowed || got.Line != 0 {
		t.Errorf("YandexBot with the yandex reader at /x: %+v, want the Yandex group (allowed)", got)
	}
}

func TestCompareReadersPutsDisagreementsFirst(t *testing.T) {
	body := []byte("User-agent: *\nDisallow: /private\nDisallow: /*.pdf$\n")
	rows := CompareReaders(ParseAll(body, nil), nil, "foo", []string{"https://example.com/", "https://example.com/a.pdf", "https://example.com/private"}, nil)
	if len(rows) != 3 || rows[0].URL != "https://example.com/a.pdf" || rows[0].Agree() || !rows[1].Agree() || !rows[2].Agree() {
		t.Fatalf("rows %+v: want the PDF (where Python disagrees) first", rows)
	}
	// Python and WWW::RobotRules read the '*' literally, each in its own words.
	if len(rows[0].Disagreements) != 2 || !strings.HasPrefix(rows[0].Disagreements[0], "Python's reader has no wildcards: line 3 `/*.pdf$`") ||
		!strings.Contains(rows[0].Disagreements[1], "WWW::RobotRules") {
		t.Errorf("disagreements %q", rows[0].Disagreements)
	}
	if rows[1].URL != "https://example.com/" {
		t.Errorf("agreeing rows keep their order: %q first", rows[1].URL)
	}
}

// TestDisagreementsGiveTheReason: a reader that differs because of a line
// Google reads its own way is explained by that line's finding, once for
// all the readers it names.
func TestDisagreementsGiveTheReason(t *testing.T) {
	body := []byte("User-agent: *\nDissallow: /tmp\n")
	r := engine.Parse(body)
	rows := CompareReaders(ParseAll(body, r), nil, "foo", []string{"https://example.com/tmp/a"}, Portability(r))
	if len(rows) != 1 || len(rows[0].Disagreements) != 1 || !strings.Contains(rows[0].Disagreements[0], "`Dissallow: /tmp` is read differently by robots-parser (npm), Python urllib.robotparser") {
		t.Errorf("disagreements %q, want the typo finding once", rows[0].Disagreements)
	}
}

// BenchmarkReadersParseAll: every reader parses the largest real file (tens
// of thousands of rules) cut at 500 KiB, as the Readers view does after
// each edit.
func BenchmarkReadersParseAll(b *testing.B) {
	full, err := os.ReadFile(filepath.Join(sharedtest.Dir(b, "corpus", "real"), "0001.txt"))
	if err != nil {
		b.Fatal(err)
	}
	body := engine.FetchLimit(full).Body // what the page parses
	r := engine.Parse(body)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ParseAll(body, r)
	}
	b.ReportMetric(float64(len(body))/1e6*float64(b.N)/b.Elapsed().Seconds(), "MB/s")
}

// FuzzReaders: no reader panics on any file, agent or URL, and a parsed
// file answers as TestWith does.
func FuzzReaders(f *testing.F) {
	f.Add([]byte("User-agent: *\nDisallow: /*.pdf$\nCrawl-delay: 0x1p-2\n"), "foo", "https://example.com/a.pdf?b=c&a")
	f.Add([]byte("\xEF\xBB\xBFUser-agent: foo/1\r\nAllow: /%C3%A9\rDisallow /x\n\nClean-param: a"), "Foo", "//[::1]:80/x#y")
	f.Add([]byte("Disallow: //[x\nUser-agent: ΣΑΣ\nDisallow: http://x/a;p?q"), "σας", "http://0x7f.1/%zz")
	f.Fuzz(func(t *testing.T, body []byte, agent, url string) {
		for _, id := range Readers() {
			p, err := ParseWith(id, body)
			if err != nil {
				t.Fatal(err)
			}
			got := p.Test(agent, url)
			if got.Why == "" || got.Reader != id || got.Failed && got.Allowed {
				t.Fatalf("%s: %+v", id, got)
			}
		}
		Portability(engine.Parse(body))
	})
}

// TestParseAllIsParseWith: ParseAll's shared parses answer as each
// reader's own.
func TestParseAllIsParseWith(t *testing.T) {
	if *bingRules != (docRules{id: "bing", name: "Bing", decodeUnreserved: true, robotsTxtAllowed: true}) ||
		*rfc9309Rules != (docRules{id: "rfc9309", name: "RFC 9309", decodeUnreserved: true, robotsTxtAllowed: true}) {
		t.Fatal("bing and rfc9309 no longer read alike: ParseAll must not share their parse")
	}
	g := readerGen{rand.New(rand.NewSource(3))}
	for i := 0; i < 300; i++ {
		body := g.body()
		all := ParseAll(body, nil)
		for k, id := range Readers() {
			one, _ := ParseWith(id, body)
			for j := 0; j < 5; j++ {
				agent, url := g.pick(diffTestAgents...), g.url()
				if a, b := all[k].Test(agent, url), one.Test(agent, url); a != b {
					t.Fatalf("%s %q %q %q: ParseAll %+v, ParseWith %+v", id, body, agent, url, a, b)
				}
			}
		}
	}
}

// TestDisagreementFromTheFilesShape: Python drops a group at a blank line;
// the blank-line finding says so.
func TestDisagreementFromTheFilesShape(t *testing.T) {
	body := []byte("User-agent: *\n\nDisallow: /\n")
	r := engine.Parse(body)
	rows := CompareReaders(ParseAll(body, r), nil, "foo", []string{"https://example.com/x"}, Portability(r))
	if len(rows[0].Disagreements) != 1 || !strings.Contains(rows[0].Disagreements[0], "Python's reader, WWW::RobotRules and webrobots end a group at a blank line") {
		t.Errorf("disagreements %q", rows[0].Disagreements)
	}
}

// BenchmarkReadersCompare: every reader decides one URL of the largest
// real file (cut at 500 KiB), as the Readers view does row by row.
func BenchmarkReadersCompare(b *testing.B) {
	full, err := os.ReadFile(filepath.Join(sharedtest.Dir(b, "corpus", "real"), "0001.txt"))
	if err != nil {
		b.Fatal(err)
	}
	body := engine.FetchLimit(full).Body
	r := engine.Parse(body)
	files, findings := ParseAll(body, r), Portability(r)
	urls := []string{"https://example.com/", "https://example.com/a/b/c.html", "https://example.com/search?q=x", "https://example.com/static/app.js"}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		CompareReader(files, nil, "Googlebot", urls[i%len(urls)], findings)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "URLs/s")
}
