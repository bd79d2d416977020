package readers

import (
	"strings"

	"robotstester/engine"
)

// Which reader each crawler of the catalogue runs. The catalogue itself is
// crawlers_data.go; this file only reads it, so a crawler added there gets
// a reading here by its operator, and otherwise the RFC 9309 reading,
// marked as assumed.

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

// ReaderOf says which reader crawler c runs.
func ReaderOf(c engine.Crawler) CrawlerReading {
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
	return CrawlerReading{Reader: "rfc9309", Assumed: true, Source: rfcSource,
		Note: "Its operator publishes no parser, so RFC 9309's reading is assumed."}
}

// TestCrawlerWith decides for crawler c with the reader f: Google's reader
// follows the crawler's token chain as TestCrawler does; the documented
// readers take the first of its tokens a group names, and "*" unless it
// ignores "*"; the implementation readers are given its own token, as a
// crawler built on them passes its name.
func TestCrawlerWith(f ReaderFile, c engine.Crawler, url string) ReaderResult {
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
