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
// on the file (line splitting, key recognition, pattern normalisation, the
// agent → group table, the rule indexes) is computed once in Parse; Test only
// walks what the agent and the URL need.
//
// Around the file, the package also answers the questions a tester asks before
// and after matching: which robots.txt governs a URL (scope.go), what an HTTP
// answer to the robots.txt request means (status.go), where Googlebot's
// 500 KiB fetch limit cuts a file (limit.go), how a browser would send a URL a
// person typed (encode.go), which tokens a named crawler obeys (crawlers.go),
// and what in a file deserves a warning (lint.go).
//
// The package is pure Go and knows nothing of browsers or servers: the
// WebAssembly UI and any other tool embed it and render what it returns; they
// never re-decide a rule.
package engine
