package readers

import (
	"errors"
	"strconv"
	"strings"

	"robotstester/engine"
)

// Readers: the same robots.txt as other crawlers' parsers read it. Google's
// reading is package engine; each other reader is its own file
// (reader_<id>.go) and answers one question the same way: may this agent
// fetch this URL, which line decided, and why.
//
// The reader IDs are stable, like lint.go's codes: an ID never changes
// meaning, a new reader gets a new ID.
//
//	id               reads the file as                                        exact to
//	google           Google's parser (package engine)                         github.com/google/robotstxt, conformance suite
//	robots-parser    the npm package robots-parser 3.0.1 (Lighthouse, Crawlee) Robots.js 3.0.1: isAllowed and getMatchingLineNumber
//	python           CPython's urllib.robotparser, can_fetch                  CPython 3.11.7 (Lib/urllib/robotparser.py, parse.py)
//	colly            github.com/temoto/robotstxt v1.1.2 (Colly's parser)      FromBytes + TestAgent, with the path Colly passes
//	protego          Scrapy's Protego 0.2.1, as Scrapy calls it               protego.py (Debian python3-protego 0.2.1+dfsg-1) on Debian's Python 3.11.2
//	perl-robotrules  Perl's WWW::RobotRules 6.02, as LWP::RobotUA drives it    RobotRules.pm (Debian libwww-robotrules-perl 6.02-1) with URI 5.17, Perl 5.36
//	ruby-webrobots   Ruby's webrobots 0.1.2 (what Mechanize obeys)            webrobots.rb, robotstxt.rb (Debian ruby-webrobots 0.1.2-1.1), Ruby 3.1.2
//	bing             Bing's published robots.txt rules                        documented behaviour, no public code
//	yandex           Yandex's published robots.txt rules                      documented behaviour, no public code
//	rfc9309          RFC 9309 read strictly                                   the RFC's text and ABNF
//
// Every implementation reader is checked against the real library by the
// differential tests (reader_diff_test.go, reader_libs_diff_test.go); the
// documented readers by tests that quote the documentation's own examples.

// ReaderInfo describes one reader.
type ReaderInfo struct {
	ID     string // stable: see the table above
	Name   string // how the page names it
	Exact  string // what it is exact to
	Source string // where its rules come from
	// Lines: the real reader reports the line that decided (Google's
	// matching_line, robots-parser's getMatchingLineNumber). Other readers'
	// Line is the line of the rule they applied, found by this package.
	Lines bool
	// Documented: a rule set read from documentation, with no public code
	// to match.
	Documented bool
}

var readerTable = []ReaderInfo{
	{ID: "google", Name: "Google", Lines: true,
		Exact:  "Google's open-source parser, the one Googlebot runs",
		Source: "https://github.com/google/robotstxt (robots.cc)"},
	{ID: "robots-parser", Name: "robots-parser (npm)", Lines: true,
		Exact:  "the npm package robots-parser 3.0.1, used by Lighthouse and Crawlee",
		Source: "https://www.npmjs.com/package/robots-parser/v/3.0.1 (Robots.js)"},
	{ID: "python", Name: "Python urllib.robotparser",
		Exact:  "CPython 3.11.7's urllib.robotparser, RobotFileParser.can_fetch",
		Source: "https://github.com/python/cpython/blob/v3.11.7/Lib/urllib/robotparser.py"},
	{ID: "colly", Name: "Colly (temoto/robotstxt)",
		Exact:  "the Go module github.com/temoto/robotstxt v1.1.2 (FromBytes, TestAgent), given the path Colly passes",
		Source: "https://github.com/temoto/robotstxt/tree/v1.1.2"},
	{ID: "protego", Name: "Protego (Scrapy)",
		Exact:  "Protego 0.2.1, Scrapy's robots.txt parser, as Scrapy's ProtegoRobotParser calls it (Protego.parse, can_fetch)",
		Source: "https://github.com/scrapy/protego/tree/0.2.1 (protego.py)"},
	{ID: "perl-robotrules", Name: "WWW::RobotRules (Perl, LWP)",
		Exact:  "the Perl module WWW::RobotRules 6.02 with URI 5.17, as LWP::RobotUA drives it (parse, allowed)",
		Source: "https://metacpan.org/release/GAAS/WWW-RobotRules-6.02/source/lib/WWW/RobotRules.pm"},
	{ID: "ruby-webrobots", Name: "webrobots (Ruby, Mechanize)",
		Exact:  "the Ruby gem webrobots 0.1.2, what Mechanize obeys (WebRobots#allowed?)",
		Source: "https://github.com/knu/webrobots/tree/v0.1.2 (lib/webrobots.rb, lib/webrobots/robotstxt.ry)"},
	{ID: "bing", Name: "Bing", Documented: true,
		Exact:  "Bing's published robots.txt rules",
		Source: "https://blogs.bing.com/webmaster/2012/05/03/to-crawl-or-not-to-crawl-that-is-bingbots-question"},
	{ID: "yandex", Name: "Yandex", Documented: true,
		Exact:  "Yandex's published robots.txt rules",
		Source: "https://yandex.com/support/webmaster/robot-workings/allow-disallow.html"},
	{ID: "rfc9309", Name: "RFC 9309 (strict)", Documented: true,
		Exact:  "RFC 9309, the Robots Exclusion Protocol, read strictly",
		Source: "https://www.rfc-editor.org/rfc/rfc9309"},
}

// Readers lists the reader IDs, Google first.
func Readers() []string {
	ids := make([]string, len(readerTable))
	for i, r := range readerTable {
		ids[i] = r.ID
	}
	return ids
}

// DescribeReader returns what the reader with this ID is.
func DescribeReader(id string) (ReaderInfo, bool) {
	for _, r := range readerTable {
		if r.ID == id {
			return r, true
		}
	}
	return ReaderInfo{}, false
}

// ReaderResult is one reader's answer for one agent and URL.
type ReaderResult struct {
	Reader  string // the reader's ID
	Allowed bool
	// Line is the deciding line, counted as the editor counts lines (LF,
	// CR, CRLF); 0 when no rule decided.
	Line int
	// Why says in one sentence how the reader came to its answer.
	Why string
	// Failed: the reader raises an error on this file or URL instead of
	// answering (Python's ValueError, temoto's parse error that makes Colly
	// refuse the request, a URL robots-parser cannot parse). A crawler then
	// fetches nothing, so Allowed is false.
	Failed bool
}

// ReaderFile is a robots.txt parsed once by one reader, to be tested for
// many agents and URLs. It is read-only and safe for concurrent use.
type ReaderFile interface {
	Reader() string
	Test(agent, url string) ReaderResult
}

// ErrUnknownReader is wrapped by the error for a reader ID not in
// Readers().
var ErrUnknownReader = errors.New("unknown reader")

// unknownReaderError is ErrUnknownReader with the ID and the readers
// there are (written without package fmt, which the js/wasm builds leave
// out for size).
type unknownReaderError string

func (e unknownReaderError) Error() string { return ErrUnknownReader.Error() + ": " + string(e) }
func (e unknownReaderError) Unwrap() error { return ErrUnknownReader }

// ParseWith parses body as the reader with this ID reads it.
func ParseWith(reader string, body []byte) (ReaderFile, error) {
	switch reader {
	case "google":
		return GoogleReader(engine.Parse(body)), nil
	case "robots-parser":
		return parseRobotsParser(body), nil
	case "python":
		return parsePython(body), nil
	case "colly":
		return parseColly(body), nil
	case "protego":
		return parseProtego(body), nil
	case "perl-robotrules":
		return parsePerl(body), nil
	case "ruby-webrobots":
		return parseWebrobots(body), nil
	case "bing":
		return parseDocumented(body, bingRules), nil
	case "yandex":
		return parseDocumented(body, yandexRules), nil
	case "rfc9309":
		return parseDocumented(body, rfc9309Rules), nil
	}
	return nil, unknownReaderError(strconv.Quote(reader) + " is not a reader; the readers are " + strings.Join(Readers(), ", "))
}

// TestWith decides with the reader with this ID whether agent may fetch url
// under the robots.txt body. To test many URLs, ParseWith once and Test
// each.
func TestWith(reader string, body []byte, agent, url string) (ReaderResult, error) {
	f, err := ParseWith(reader, body)
	if err != nil {
		return ReaderResult{}, err
	}
	return f.Test(agent, url), nil
}
