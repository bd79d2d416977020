// Package engine reads robots.txt files exactly as Google's open-source
// parser (github.com/google/robotstxt, the one Googlebot runs) does, decides
// whether a crawler may fetch a URL, and explains the decision.
//
// Data flows one way:
//
//	bytes ──Parse──▶ *Robots (lines + groups + sitemaps + diagnostics)
//	*Robots ──Test(agent, url)──▶ Result (verdict + deciding line + trace)
//
// Parse never fails: any bytes are a robots.txt. Everything that depends only
// on the file is computed once: line splitting, key recognition, pattern
// normalisation and the agent → group table in Parse (parse.go), and each
// group's rule index (index.go, multimatch.go) by the first Test that needs
// that group, then kept. Test only walks what the agent and the URL need:
// the index finds the few rules that can match, and a group with many
// wildcard rules is matched in one pass over the path.
//
// Around the file, the package also answers the questions a tester asks
// before and after matching: which robots.txt governs a URL (scope.go; the
// markers and the one summary for a list of URLs in scopelist.go; host
// names mapped to ASCII by hostascii.go, with x/net/idna natively and,
// in js/wasm builds, the mapper a program installs with SetHostMapper), what an
// HTTP answer to the robots.txt request means (status.go), where Googlebot's
// 500 KiB fetch limit cuts a file (limit.go), how a browser would send a URL
// a person typed (encode.go), which tokens a named crawler obeys
// (crawlers.go), what in a file deserves a warning (lint.go: the table
// of codes and the whole-file checks; lintline.go, lintvalue.go, lintkey.go
// and lintgroup.go look at lines, values, unknown keys and groups;
// diagnostic.go is the finding and its list), and which URLs the sitemaps a
// file names list (sitemap.go reads one sitemap, with sitemapxml.go's small
// XML reader; sitemapwalk.go follows indexes through a fetch function the
// caller gives).
//
// Beyond one crawler and one version: Matrix tests many URLs for many
// crawlers at once, one pass per distinct set of groups (matrix.go), over
// named sets of catalogue crawlers (presets.go); Compare tells what changes
// between two versions of a file, line by line and verdict by verdict
// (diff.go); and expectations files pin verdicts down for the page and for
// CI (expect.go, read and written by a small JSON reader of its own,
// jsontext.go).
//
// Other crawlers run other parsers. readers.go lists them by stable ID and
// answers for each (TestWith, ParseWith): the npm package robots-parser
// (reader_robotsparser.go; Node's own Bidi rule for host labels in
// reader_robotsparser_bidi.go), CPython's urllib.robotparser
// (reader_python.go; its NFKC check reads pynfkc.go's table),
// temoto/robotstxt as Colly runs it (reader_colly.go), Scrapy's Protego
// (reader_protego.go), Perl's WWW::RobotRules with its URI module
// (reader_perl.go) and Ruby's webrobots (reader_webrobots.go),
// each exact to its real code (their languages' text rules in
// reader_text.go, and lower-casing by each runtime's own Unicode tables in
// reader_case.go and reader_case_tables.go), and the documented rule sets
// of Bing, Yandex and RFC 9309 (reader_documented.go and one file per rule
// set). Which
// crawler runs which is crawler_readers.go, and a matrix read by each
// column's crawler's own reader, every reader parsing the file once, is
// matrix_readers.go (with each column's counts and root verdict in that
// reading); the lines that readers read differently from Google are
// portability.go's findings. Every reader on the same URLs side by side is
// reader_compare.go, and its counts over a whole list, row by row or from
// one flag byte per reader (what a Web Worker sends), readers_tally.go.
//
// The package is pure Go and knows nothing of browsers or servers: the
// WebAssembly UI and any other tool embed it and render what it returns; they
// never re-decide a rule.
package engine
