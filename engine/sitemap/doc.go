// Package sitemap reads the URL lists a robots.txt names in its Sitemap:
// lines, exactly to sitemaps.org's formats and limits, with Google's RSS and
// Atom feeds read as sitemaps too. It is pure: it never fetches, so the
// server and the page read sitemaps the same way.
//
// Data flows one way:
//
//	bytes ──ReadSitemap──▶ SitemapFile (kind + URLs + problems, as sentences)
//	root URLs ──SitemapWalk{Fetch, Progress}.Run──▶ SitemapResult (page URLs + one SitemapVisit a sitemap)
//	                        ▲
//	the caller's Fetch ─────┘ (HTTP in the server's /api/sitemap; the server or an opened file in the page)
//
// sitemap.go reads one sitemap's bytes (already decompressed): a <urlset>,
// a <sitemapindex>, an RSS or Atom feed, or a text file with one URL a line;
// sitemapxml.go is the small XML reader it uses instead of encoding/xml,
// which would weigh on the page's WebAssembly; sitemapwalk.go follows
// indexes depth first, in the order the site lists them, through the
// caller's Fetch, with caps on depth, sitemaps and URLs, and reports each
// step to Progress, which may stop it.
//
// It imports engine only for the way counts are written in sentences
// (engine.Thousands); engine never imports it. Which robots.txt governs a
// listed URL, and whether a crawler may fetch it, are engine's questions.
package sitemap
