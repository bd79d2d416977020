package readers

// The bing reader: Bing's published robots.txt rules. Bing publishes no
// parser, so this is a rule set read from its own words; where they are
// silent, RFC 9309 applies (the rfc9309 reader), which they never
// contradict:
//
//   - robots.txt is read per host and a missing file means everything may
//     be crawled ("To crawl or not to crawl, that is BingBot's question",
//     Bing Webmaster Blog, 2012-05-03,
//     https://blogs.bing.com/webmaster/2012/05/03/to-crawl-or-not-to-crawl-that-is-bingbots-question).
//   - Allow, '*' (any run of characters) and '$' (the end of the URL) are in
//     the core set of directives Google, Yahoo and Microsoft announced on
//     2008-06-03 that all three support.
//   - A group naming bingbot is the only one Bingbot reads; the "*" group's
//     rules are then ignored (Bing's Frédéric Dubut, 2019, as reported at
//     https://thrivesearch.com/robots-txt-tip-from-bing-include-all-relevant-directives-if-you-have-a-bingbot-section/:
//     "If you create a section for Bingbot specifically, all the default
//     directives will be ignored (except Crawl-Delay)").
//   - The longest matching rule wins, an Allow on a tie: Bing does not say
//     more than that the most specific rule applies, so RFC 9309 §2.2.2
//     decides the tie.
var bingRules = &docRules{id: "bing", name: "Bing", decodeUnreserved: true, robotsTxtAllowed: true}
