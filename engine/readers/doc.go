// Package readers reads a robots.txt as crawlers other than Googlebot do,
// each by its own parser's rules, and says where they part from Google.
// Google's reading is package engine; this package imports it and engine
// never imports this one.
//
// Data flows one way, the same for every reader:
//
//	bytes ──ParseWith(id)──▶ ReaderFile ──Test(agent, url)──▶ ReaderResult (verdict + line + why)
//	*engine.Robots ──GoogleReader──▶ ReaderFile (Google's answer, not parsed again)
//	bytes ──ParseAll──▶ []ReaderFile ──CompareReaders──▶ []ReaderRow ──ReaderTally.Add──▶ counts
//	bytes + *engine.Robots + *engine.Matrix ──NewReaderMatrix──▶ ReaderMatrix (each column in its crawler's reader)
//	*engine.Robots ──Portability──▶ []PortabilityFinding (readers-* codes, found by running the readers)
//
// readers.go lists the readers by stable ID and answers for each (Readers,
// TestWith, ParseWith): the npm package robots-parser
// (reader_robotsparser.go; Node's own Bidi rule for host labels in
// reader_robotsparser_bidi.go), CPython's urllib.robotparser
// (reader_python.go; its NFKC check reads pynfkc.go's table),
// temoto/robotstxt as Colly runs it (reader_colly.go), Scrapy's Protego
// (reader_protego.go), Perl's WWW::RobotRules with its URI module
// (reader_perl.go) and Ruby's webrobots (reader_webrobots.go), each exact
// to its real code (their languages' text rules in reader_text.go, and
// lower-casing by each runtime's own Unicode tables in reader_case.go and
// reader_case_tables.go), and the documented rule sets of Bing, Yandex and
// RFC 9309 (reader_documented.go and one file per rule set); Google's
// reading is reader_google.go, which only wraps engine. Which groups each
// reader applies to a crawler is reader_obeys.go.
//
// Which crawler runs which reader is crawler_readers.go, and a matrix read
// by each column's crawler's own reader, every reader parsing the file
// once, is matrix_readers.go (with each column's counts and root verdict in
// that reading); the lines that readers read differently from Google are
// portability.go's findings. Every reader on the same URLs side by side is
// reader_compare.go, and its counts over a whole list, row by row or from
// one flag byte per reader (what a Web Worker sends), readers_tally.go.
//
// The implementation readers are checked against the real libraries by
// reader_diff_test.go (oracles and golden answers in testdata/readers/).
// Like engine, the package is pure Go and knows nothing of browsers or
// servers.
package readers
