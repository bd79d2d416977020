package sitemap

import (
	"strconv"

	"robotstester/engine"
)

// Walking sitemaps: from the sitemaps a robots.txt names, through sitemap
// indexes, to the page URLs, within the caps a person sets. The walk is the
// same wherever the bytes come from: the caller's Fetch does the I/O (an
// HTTP client in the server, the server's /api/sitemap in the page) and
// Progress lets it show each step and stop the walk.

// SitemapFetched is what the caller's Fetch got for one sitemap URL.
type SitemapFetched struct {
	File SitemapFile
	// Status is the last HTTP status, 0 when there was none (a network
	// error, or a file read from disk).
	Status int
	// Err is a sentence saying why the sitemap could not be read, "" when
	// it could (File then holds what was read).
	Err string
	// Wait is true when Fetch was refused for now (rate limit) and the
	// same URL should be asked again; the walk asks again at once, so
	// Fetch itself waits before returning it.
	Wait bool
	// Stop, when set, is a sentence saying which limit ended the walk (the
	// server's rate limits): this sitemap was not fetched, and the walk
	// stops as capped with Stop as its note.
	Stop string
}

// SitemapVisit is the report for one sitemap of a walk.
type SitemapVisit struct {
	URL      string
	Depth    int // 0 for a root
	Status   int
	Kind     SitemapKind
	Listed   int // URLs (or child sitemaps) it lists, up to MaxSitemapURLs
	Added    int // of its page URLs, how many joined the result (new, under the cap)
	Err      string
	Problems []string
}

// SitemapWalk is a walk's settings; zero fields take the defaults.
type SitemapWalk struct {
	MaxURLs  int // the total cap on page URLs; DefaultSitemapCap when 0
	MaxDepth int // deepest index level followed; DefaultSitemapDepth when 0
	// MaxSitemaps bounds how many sitemaps are fetched (0: no bound but
	// the URL cap).
	MaxSitemaps int
	// MaxBytes bounds the URL text the walk keeps (0: no bound but the
	// URL cap), so a few huge URLs cannot make a huge answer.
	MaxBytes int
	// Parallel is how many sitemaps may be fetched at once (1 when 0):
	// while it waits for one, the walk asks for the next ones on its
	// stack, and still reads them in order. Fetch must then be safe to
	// call from several goroutines.
	Parallel int
	Fetch    func(url string) SitemapFetched
	// Progress is told after each sitemap; returning false stops the walk
	// (a person pressed Cancel). Nil: never stops.
	Progress func(SitemapProgress) bool
}

// SitemapProgress is where a walk stands.
type SitemapProgress struct {
	Done    int    // sitemaps fetched
	Queued  int    // sitemaps known but not yet fetched
	URLs    int    // page URLs collected
	Current string // the sitemap just fetched
}

// SitemapResult is what a walk found.
type SitemapResult struct {
	URLs       []string // page URLs, each once, in the order found
	Visits     []SitemapVisit
	Duplicates int // page URLs listed again and dropped
	// Capped: the walk stopped at a limit (MaxURLs, MaxBytes, MaxSitemaps
	// or a Fetch's Stop) and a note says which; Skipped sitemaps were not
	// fetched (by those limits or the depth limit).
	Capped    bool
	Bytes     int // the length of the URL text in URLs
	Cancelled bool
	Skipped   []string
	// Notes are sentences about the walk as a whole.
	Notes []string
}

type queued struct {
	url   string
	depth int
}

// Run walks from roots (a robots.txt's Sitemap: URLs, or one the person
// gave). Indexes are followed depth first in file order, so the URLs come
// out in the order the site lists them; a sitemap listed twice is fetched
// once.
func (w SitemapWalk) Run(roots []string) SitemapResult {
	maxURLs, maxDepth := w.MaxURLs, w.MaxDepth
	if maxURLs <= 0 {
		maxURLs = DefaultSitemapCap
	}
	if maxDepth <= 0 {
		maxDepth = DefaultSitemapDepth
	}
	var res SitemapResult
	seen := map[string]bool{}
	urls := map[string]bool{}
	var stack []queued
	for i := len(roots) - 1; i >= 0; i-- {
		stack = append(stack, queued{roots[i], 0})
	}
	// ahead holds the fetches started before their turn (Parallel).
	ahead := map[string]chan SitemapFetched{}
	prefetch := func() {
		for i := len(stack) - 1; i >= 0 && len(ahead) < w.Parallel-1 && len(res.URLs) < maxURLs; i-- {
			u := stack[i].url
			if seen[u] || ahead[u] != nil {
				continue
			}
			ch := make(chan SitemapFetched, 1) // never blocks: a walk that stops early leaves it behind
			ahead[u] = ch
			go func() { ch <- w.fetchNow(u) }()
		}
	}
	tooDeep := 0
	stop := "" // the note of the limit that ended the walk
	full := func() bool { return len(res.URLs) >= maxURLs || w.MaxBytes > 0 && res.Bytes >= w.MaxBytes }
	for len(stack) > 0 {
		next := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[next.url] {
			continue
		}
		if stop != "" || full() || w.MaxSitemaps > 0 && len(res.Visits) >= w.MaxSitemaps {
			res.Skipped = append(res.Skipped, next.url)
			continue
		}
		seen[next.url] = true
		var got SitemapFetched
		if ch := ahead[next.url]; ch != nil {
			delete(ahead, next.url)
			prefetch()
			got = <-ch
		} else {
			prefetch()
			got = w.fetchNow(next.url)
		}
		if got.Stop != "" {
			stop = got.Stop
			res.Skipped = append(res.Skipped, next.url)
			continue
		}
		v := SitemapVisit{URL: next.url, Depth: next.depth, Status: got.Status, Kind: got.File.Kind,
			Listed: len(got.File.URLs), Err: got.Err, Problems: got.File.Problems}
		if got.Err == "" {
			if got.File.Kind == SitemapIndex {
				if next.depth+1 > maxDepth {
					tooDeep++
					res.Skipped = append(res.Skipped, got.File.URLs...)
				} else {
					for i := len(got.File.URLs) - 1; i >= 0; i-- {
						stack = append(stack, queued{got.File.URLs[i], next.depth + 1})
					}
				}
			} else {
				for _, u := range got.File.URLs {
					if urls[u] {
						res.Duplicates++
						continue
					}
					if full() {
						res.Capped = true
						break
					}
					urls[u] = true
					res.URLs = append(res.URLs, u)
					res.Bytes += len(u)
					v.Added++
				}
			}
		}
		res.Visits = append(res.Visits, v)
		if w.Progress != nil && !w.Progress(SitemapProgress{Done: len(res.Visits), Queued: len(stack), URLs: len(res.URLs), Current: next.url}) {
			res.Cancelled = true
			for i := len(stack) - 1; i >= 0; i-- {
				if !seen[stack[i].url] {
					res.Skipped = append(res.Skipped, stack[i].url)
				}
			}
			break
		}
	}
	if full() && len(res.Skipped) > 0 || w.MaxSitemaps > 0 && len(res.Visits) >= w.MaxSitemaps && len(res.Skipped) > 0 || stop != "" {
		res.Capped = true
	}
	switch {
	case !res.Capped:
	case stop != "":
		res.Notes = append(res.Notes, stop+" Not read: "+sitemapsPhrase(len(res.Skipped))+".")
	case len(res.URLs) >= maxURLs:
		res.Notes = append(res.Notes, "Stopped at "+engine.Thousands(maxURLs)+" URLs, the cap set for this test; "+
			sitemapsPhrase(len(res.Skipped))+" not read: raise the cap to test more.")
	case w.MaxBytes > 0 && res.Bytes >= w.MaxBytes:
		res.Notes = append(res.Notes, "Stopped at "+engine.Thousands(w.MaxBytes)+" bytes of URLs, the most one walk keeps; "+
			sitemapsPhrase(len(res.Skipped))+" not read: test the remaining sitemaps one by one.")
	default:
		res.Notes = append(res.Notes, "Stopped after "+sitemapsPhrase(w.MaxSitemaps)+", the most one walk fetches; "+
			sitemapsPhrase(len(res.Skipped))+" not read: test the remaining sitemaps one by one.")
	}
	if tooDeep > 0 {
		res.Notes = append(res.Notes, "A sitemap index nested more than "+strconv.Itoa(maxDepth)+" levels deep was not followed ("+
			strconv.Itoa(tooDeep)+" such indexes): list page sitemaps directly in the top index (sitemaps.org forbids nesting indexes).")
	}
	if res.Duplicates > 0 {
		res.Notes = append(res.Notes, engine.Thousands(res.Duplicates)+" URLs were listed more than once; each is tested once.")
	}
	if res.Cancelled {
		res.Notes = append(res.Notes, "Cancelled after "+sitemapsPhrase(len(res.Visits))+"; only the URLs read so far are listed.")
	}
	return res
}

// fetchNow fetches u, asking again while Fetch says to wait.
func (w SitemapWalk) fetchNow(u string) SitemapFetched {
	got := w.Fetch(u)
	for got.Wait {
		got = w.Fetch(u)
	}
	return got
}

func sitemapsPhrase(n int) string {
	if n == 1 {
		return "1 sitemap"
	}
	return engine.Thousands(n) + " sitemaps"
}
