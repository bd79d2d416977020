// Package engine reads robots.txt files exactly as Google's open-source
// parser (github.com/google/robotstxt, the one Googlebot runs) does, decides
// whether a crawler may fetch a URL, and explains the decision.
//
// Data flows one way:
//
//	bytes ──Parse──▶ *Robots (lines + groups + sitemaps + diagnostics)
//	*Robots ──Test(agent, url)──▶ Result (verdict + deciding line + trace)
//	*Robots ──Tester(column)──▶ *Tester ──Decide(url), DecideLines(urls)──▶ Cell (verdict + line, for lists)
//
// Parse never fails: any bytes are a robots.txt. Everything that depends only
// on the file is computed once: line splitting, key recognition, pattern
// normalisation and the agent → group table in Parse (parse.go), and each
// group's rule index (built in index.go, matched in indexmatch.go and
// multimatch.go) once it pays, then kept: the first tests of a group try
// its rules one by one (index.go, groupList), so a file tested for a
// handful of URLs is never indexed. Test only walks what
// the agent and the URL need: the index finds the few rules that can match,
// and a group with many wildcard rules is matched in one pass over the path.
// A list (DecideLines) goes further once the index is built: a lazy
// automaton made from it (machine.go) reads each path a byte at a time,
// and stops as soon as the verdict is known.
//
// Around the file, the package also answers the questions a tester asks
// before and after matching: which robots.txt governs a URL (scope.go; the
// markers and the one summary for a list of URLs in scopelist.go; host
// names mapped to ASCII by hostascii.go, with x/net/idna natively and,
// in js/wasm builds, the mapper a program installs with SetHostMapper), what an
// HTTP answer to the robots.txt request means (status.go), where Googlebot's
// 500 KiB fetch limit cuts a file (limit.go), how a browser would send a URL
// a person typed (encode.go), how a crawler of the catalogue is tested
// with the tokens it obeys (crawlers.go), what in a file deserves a
// warning (lint.go: the table of codes and the whole-file checks;
// lintline.go, lintvalue.go, lintkey.go and lintgroup.go look at lines,
// values, unknown keys and groups; of Content-Signal lines, lintkey.go
// checks only the syntax; diagnostic.go is the finding and its list).
//
// Beyond one crawler and one version: Matrix tests many URLs for many
// crawlers at once, one pass per distinct set of groups (matrix.go), over
// the catalogue's presets and AI crawlers as columns (PresetColumns,
// AIColumns, crawlers.go); Compare tells what changes between two
// versions of a file, line by line and verdict by verdict (diff.go); and
// expectations files pin verdicts down for the page and for CI (expect.go,
// read and written by a small JSON reader of its own, jsontext.go, a case
// at a time when the page reads a large one, expectread.go; a policy in
// one stands for a case per AI crawler, its entries read by
// ReadPolicyRule, crawlers.go).
//
// Below it, imported by it and importing nothing of the project: package
// catalogue (engine/catalogue) is the crawler catalogue: the tokens each
// named crawler obeys in precedence order, its AI crawlers and control
// tokens by purpose, each sourced and dated, the policies keyed by purpose
// and operator, and the presets. What of the catalogue needs the engine's
// types or sentences (TestCrawler, AIColumns, PresetColumns,
// ReadPolicyRule) stays here, in crawlers.go.
//
// Beside it, importing it and never imported by it: package readers
// (engine/readers) reads the same file as other crawlers' parsers do
// (robots-parser, Python, Colly, Protego, WWW::RobotRules, webrobots, Bing,
// Yandex, RFC 9309) and finds the lines they read differently; package
// sitemap (engine/sitemap) reads the URL lists a file's Sitemap: lines name;
// package ai (engine/ai) audits which AI crawlers may read a site, reads
// its content signals, and writes the change that meets a policy. What they
// share with Google's reading (the ASCII, URL and host steps, SplitLines,
// Thousands, Matches, Quote, VerdictWord) is exported here and lives here
// only.
//
// The package is pure Go and knows nothing of browsers or servers: the
// WebAssembly UI and any other tool embed it and render what it returns; they
// never re-decide a rule.
package engine
