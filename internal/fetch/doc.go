// Package fetch is the server's live fetching: GET /api/robots and GET
// /api/sitemap, and the one fetch `check -robots URL` (and test, lint and
// audit with a URL) makes. It fetches what a person asked for, as Googlebot
// would, and hands the bytes to the engine; it never decides a rule.
//
//	request ──HostGuard (hostguard.go: the Host is one this server answers to)
//	        ──API.ServeHTTP (fetch.go: GET only, rate limits and fetches at once
//	          per client and in all: fetchlimit.go; a memory budget: fetchmemory.go)
//	        ──/api/robots: API.Robots ─┐   /api/sitemap: serveSitemap (sitemap.go) ─┐
//	                                   ▼                                            ▼
//	          checkTarget, then a dial that refuses private, loopback and zoned
//	          addresses after every lookup and redirect (fetchguard.go)
//	        ──the body, its Content-Encoding undone (fetchdecode.go), counted and cut
//	        ──engine.OutcomeFor / engine/sitemap ──▶ JSON with a stable code (fetch.go's table)
//
// Files: fetch.go (the API, the codes, the client and its redirects),
// fetchguard.go (SSRF: refused ranges, zones, odd IPv4 forms), fetchdecode.go
// (gzip, deflate, Brotli), fetchlimit.go (rate limits and the client key the
// server's connection caps use too), fetchmemory.go (budgets for fetched
// bytes, and the soft memory limit the server sets), hostguard.go (DNS
// rebinding), sitemap.go (one sitemap or a walk through indexes).
//
// It imports engine and engine/sitemap, and nothing of the server: the
// root package (server.go) routes /api/ here (withAPI), puts its security
// headers on the answers and caps connections; internal/commands calls
// API.Robots for -robots URL. README, Security, lists every limit.
package fetch
