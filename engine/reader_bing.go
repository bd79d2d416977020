package engine

// The bing reader: Bing's published robots.txt rules. Bing publishes no
// parser, so this is a rule set read from its own words; where they are
// silent, RFC 9309 applies (the rfc9309 reader), which Bing's statements
// never contradict:
//
//   - A group naming bingbot is the only one Bingbot reads; the "*" group's
//     rules are then ignored (Bing's Frédéric Dubut, 2019: "If you create a
//     section for Bingbot specifically, all the default directives will be
//     ignored (except Crawl-Delay)").
//   - '*' matches any run of characters and '$' ends a pattern; Allow is
//     supported (the Robots Exclusion Protocol documentation Google, Yahoo
//     and Microsoft published together, June 2008,
//     https://blogs.bing.com/webmaster/2008/06/03/robots-exclusion-protocol-joining-together-to-provide-better-documentation).
//   - robots.txt is read per host, and a missing file means everything may
//     be crawled ("To crawl or not to crawl, that is BingBot's question",
//     https://blogs.bing.com/webmaster/2012/05/03/to-crawl-or-not-to-crawl-that-is-bingbots-question).
//   - The most specific (longest) matching rule wins, an Allow on a tie
//     (RFC 9309 §2.2.2; Bing's robots.txt tester, announced
//     https://blogs.bing.com/webmaster/2019/09/12/bing-robots-txt-tester,
//     reports the one deciding statement).
var bingRules = &docRules{id: "bing", name: "Bing", decodeUnreserved: true, robotsTxtAllowed: true}
