// Package catalogue is the crawler catalogue: the crawlers a tester can
// name, each with the robots.txt tokens it obeys in precedence order and
// its stance on the "*" group, and what the AI crawlers among them are for.
// It holds the data and the rules over its fields only; reading a
// robots.txt for a crawler is package engine's (TestCrawler).
//
//	crawlers_data.go ──Crawlers, FindCrawler, CrawlerForUserAgent──▶ Crawler (crawlers.go)
//	crawlers_ai.go ──AIRoles, FindAIRole──▶ AIRole (purpose + stance on robots.txt, sourced and dated)
//	Policy (crawlers_ai.go) ──Wants(operator, purpose)──▶ the verdict a policy wants for a crawler
//	the catalogue's fields ──Presets──▶ named sets of crawlers, a matrix's first columns (presets.go)
//
// The table in crawlers_data.go is ../shared/crawlers/crawlers.json
// written as Go (gathered from the operators' own pages;
// ../shared/crawlers/README.md lists each source), followed by the
// crawlers the file lacks; TestCatalogueMatchesSharedJSON
// (crawlers_test.go) fails when the two drift, and lists those additions
// and the corrections. The AI roles cite each operator's page and the day
// it was read.
//
// Package engine imports it (testing a catalogue crawler, its columns, a
// policy read from an expectations file, the misspelt-token lint), and so
// do engine/ai, engine/readers, the command line and the page; it imports
// nothing of the project. So it keeps its own copy of the bytes of a
// product token (isTokenByte), which its tests check against
// engine.IsTokenByte.
package catalogue
