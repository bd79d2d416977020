package readers

import (
	"strings"

	"robotstester/engine/catalogue"
)

// Which reader each crawler of the catalogue runs. The catalogue itself is
// engine/catalogue/crawlers_data.go; this file only reads it, so a crawler
// added there gets a reading here by its operator, or by the library its
// user agent or its operator's page names (libraryReadings), and otherwise
// the RFC 9309 reading, marked as assumed.

// CrawlerReading is the reader a crawler is known (or assumed) to run.
type CrawlerReading struct {
	// Reader is a reader ID (see Readers), "" for a crawler that ignores
	// robots.txt.
	Reader string
	// Assumed: no source says which parser the crawler runs; the RFC 9309
	// reading (or its operator's main crawler's) is the best guess.
	Assumed bool
	Source  string // where the assignment comes from
	Note    string // one sentence for the page
}

const (
	googleParserSource = "https://github.com/google/robotstxt — the robots.txt parser and matcher Google open-sourced from its production crawlers"
	bingTesterSource   = "https://blogs.bing.com/webmaster/2012/05/03/to-crawl-or-not-to-crawl-that-is-bingbots-question — how BingBot reads robots.txt; Bing's robots.txt tester (Webmaster Tools) tests as Bingbot and AdIdxBot"
	yandexSource       = "https://yandex.com/support/webmaster/robot-workings/allow-disallow.html"
	rfcSource          = "https://www.rfc-editor.org/rfc/rfc9309 — the operator publishes no parser, so the standard's reading is assumed"
)

// libraryReadings: the library a crawler reads robots.txt with, when its
// user agent (UAExample) or its operator's page (quoted in Notes) names it.
// A Scrapy spider sends "Scrapy/2.x (+https://scrapy.org)" unless its
// author sets another, and Scrapy reads robots.txt with Protego; Ruby's
// Mechanize sends "Mechanize/2.x Ruby/3.x" and obeys webrobots; Perl's
// LWP::RobotUA obeys WWW::RobotRules.
var libraryReadings = []struct{ mention, reader, source, note string }{
	{"Scrapy", "protego", "https://docs.scrapy.org/en/latest/topics/downloader-middleware.html#robotstxt-parser (Protego, Scrapy's default robots.txt parser since 2.0)",
		"A Scrapy crawler: Scrapy reads robots.txt with Protego."},
	{"WWW::RobotRules", "perl-robotrules", "https://metacpan.org/pod/WWW::RobotRules",
		"Its operator says it follows WWW::RobotRules, the Perl module."},
	{"LWP::RobotUA", "perl-robotrules", "https://metacpan.org/pod/LWP::RobotUA (it obeys WWW::RobotRules)",
		"Its operator says it runs LWP::RobotUA, which obeys WWW::RobotRules."},
	{"Mechanize/", "ruby-webrobots", "https://github.com/sparklemotion/mechanize (it obeys robots.txt with webrobots)",
		"A Ruby Mechanize crawler: Mechanize reads robots.txt with webrobots."},
}

// ReaderOf says which reader crawler c runs.
func ReaderOf(c catalogue.Crawler) CrawlerReading {
	ignores := strings.HasPrefix(c.RobotsTxt, "ignores") || strings.HasPrefix(c.RobotsTxt, "generally ignores")
	switch {
	case ignores || len(c.Tokens) == 0:
		return CrawlerReading{Source: c.Source, Note: "It does not read robots.txt, by its operator's account."}
	case c.Operator == "Google":
		return CrawlerReading{Reader: "google", Source: googleParserSource,
			Note: "Google's crawlers run Google's open-source parser."}
	case strings.EqualFold(c.Tokens[0], "bingbot") || strings.EqualFold(c.Tokens[0], "adidxbot"):
		return CrawlerReading{Reader: "bing", Source: bingTesterSource,
			Note: "Bing documents how Bingbot and AdIdxBot read robots.txt."}
	case c.Operator == "Microsoft":
		return CrawlerReading{Reader: "bing", Assumed: true, Source: bingTesterSource,
			Note: "A Microsoft crawler: Bing's rules are assumed, as Microsoft documents them for Bingbot and AdIdxBot only."}
	case c.Operator == "Yandex":
		return CrawlerReading{Reader: "yandex", Source: yandexSource,
			Note: "Yandex documents how its robots read robots.txt."}
	}
	for _, l := range libraryReadings {
		if strings.Contains(c.UAExample+" "+c.Notes, l.mention) {
			return CrawlerReading{Reader: l.reader, Source: c.Source + " — " + l.source, Note: l.note}
		}
	}
	for _, c2 := range catalogue.Crawlers() {
		// Another crawler of the operator's whose library is named: its
		// reading is the best guess, as for Microsoft's crawlers.
		for _, l := range libraryReadings {
			if c2.Operator == c.Operator && c2.Name != c.Name && strings.Contains(c2.UAExample+" "+c2.Notes, l.mention) {
				return CrawlerReading{Reader: l.reader, Assumed: true, Source: c2.Source + " — " + l.source,
					Note: "Its operator names the library only for " + c2.Name + ", whose reading is assumed."}
			}
		}
	}
	return CrawlerReading{Reader: "rfc9309", Assumed: true, Source: rfcSource,
		Note: "Its operator publishes no parser, so RFC 9309's reading is assumed."}
}

// TestCrawlerWith decides for crawler c with the reader f: Google's reader
// follows the crawler's token chain as TestCrawler does; the documented
// readers take the first of its tokens a group names, and "*" unless it
// ignores "*"; the implementation readers are given its own token, as a
// crawler built on them passes its name.
func TestCrawlerWith(f ReaderFile, c catalogue.Crawler, url string) ReaderResult {
	switch r := f.(type) {
	case googleFile:
		return r.result(r.r.TestCrawler(c, url))
	case *docFile:
		return r.testTokens(c.Tokens, c.ObeysGlobal, url)
	}
	if len(c.Tokens) == 0 {
		return ReaderResult{Reader: f.Reader(), Allowed: true, Why: c.Name + " names no robots.txt token, so no group can apply to it."}
	}
	return f.Test(c.Tokens[0], url)
}
