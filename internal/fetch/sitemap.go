package fetch

// GET /api/sitemap?url=S fetches a sitemap with the defences of /api/robots
// (fetch.go) and answers what it lists, read by the engine (ReadSitemap).
// It never answers the sitemap's bytes, only the URLs in it, so it is no
// proxy for other content.
//
//	/api/sitemap?url=S              S and, if it is an index, its sitemaps (depth-limited),
//	                                up to max URLs in all: {urls, sitemaps: [per-sitemap status]}
//	/api/sitemap?url=S&follow=0     S alone: {kind, urls (pages, or an index's sitemaps), problems}
//	&max=N                          the total cap on page URLs (default 50,000)
//	&depth=D                        how deep indexes are followed (default 2)
//
// The page walks an index itself with follow=0, one request a sitemap, so
// it can show progress and stop when asked; the walk is sitemap.SitemapWalk
// in both places.
//
// Limits (README, Security): each sitemap after the first takes a token
// from the client's and the server's rate limits (fetchlimit.go, spend);
// a walk keeps at most followMaxBytes of URL text and fetches at most
// followMaxSitemaps; the bytes fetched count against the request's and the
// server's memory budgets (fetchmemory.go). A walk stopped by any of them
// answers capped: true with a note naming it.

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"math"
	"net/http"
	"strconv"
	"time"

	"robotstester/engine"

	"robotstester/engine/sitemap"
)

const (
	// followBudget bounds a follow=1 walk, within the server's 60 s
	// write timeout (newServer).
	followBudget = 45 * time.Second
	// followMaxSitemaps bounds the sitemaps one follow=1 request fetches;
	// the page walks larger indexes request by request.
	followMaxSitemaps = 200
	// followMaxURLs bounds max=: the answer is held in memory whole.
	followMaxURLs = 500000
	// followMaxBytes bounds the URL text a follow=1 walk keeps and
	// answers, whatever max= says: 50,000 URLs of 320 bytes.
	followMaxBytes = sitemap.MaxSitemapURLBytes
)

// sitemapAnswer is the JSON of /api/sitemap?follow=0.
type sitemapAnswer struct {
	Answer
	Kind       string   `json:"kind"`
	URLs       []string `json:"urls"`
	Problems   []string `json:"problems"`
	Compressed bool     `json:"compressed"` // the file itself was gzip (.xml.gz)
}

// walkAnswer is the JSON of /api/sitemap (follow=1).
type walkAnswer struct {
	Code       string      `json:"code"`
	URL        string      `json:"url"`
	URLs       []string    `json:"urls"`
	Sitemaps   []visitJSON `json:"sitemaps"`
	Capped     bool        `json:"capped"`
	Skipped    int         `json:"skipped"`
	Duplicates int         `json:"duplicates"`
	Notes      []string    `json:"notes"`
	ElapsedMs  int64       `json:"elapsedMs"`
	Error      string      `json:"error"`
}

type visitJSON struct {
	URL      string   `json:"url"`
	Depth    int      `json:"depth"`
	Status   int      `json:"status"`
	Kind     string   `json:"kind"`
	Listed   int      `json:"listed"`
	Added    int      `json:"added"`
	Error    string   `json:"error"`
	Problems []string `json:"problems"`
}

func (a *API) serveSitemap(w http.ResponseWriter, r *http.Request, raw string) {
	if _, code, msg := checkTarget(raw); code != "" {
		writeJSON(w, httpStatusFor(code), APIError{Code: code, Error: msg})
		return
	}
	q := r.URL.Query()
	if q.Get("follow") == "0" || q.Get("follow") == "false" {
		ans := a.fetchSitemap(r.Context(), raw)
		writeJSON(w, httpStatusFor(ans.Code), ans)
		return
	}
	walk := sitemap.SitemapWalk{MaxSitemaps: followMaxSitemaps, MaxBytes: followMaxBytes, Parallel: 3}
	for _, p := range []struct {
		name string
		to   *int
		most int
	}{{"max", &walk.MaxURLs, followMaxURLs}, {"depth", &walk.MaxDepth, 10}} {
		if v := q.Get(p.name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > p.most {
				writeJSON(w, http.StatusBadRequest, APIError{Code: codeBadURL, Error: "The " + p.name + " parameter must be a whole number from 1 to " +
					engine.Thousands(p.most) + ", not " + strconv.Quote(v) + "."})
				return
			}
			*p.to = n
		}
	}
	start := time.Now()
	ctx, cancel := context.WithTimeout(r.Context(), followBudget)
	defer cancel()
	// The root is fetched first so that a refused or unreadable URL is
	// answered as it is by follow=0 (403, 400).
	root := a.fetchSitemap(ctx, raw)
	if root.Code == codeRefusedDestination || root.Code == codeBadURL {
		writeJSON(w, httpStatusFor(root.Code), root)
		return
	}
	client := clientKey(r)
	walk.Fetch = func(u string) sitemap.SitemapFetched {
		if u == raw {
			return fetchedFrom(root) // the request's own token paid for it
		}
		if stop := a.limits.spend(client); stop != "" {
			return sitemap.SitemapFetched{Stop: stop}
		}
		return fetchedFrom(a.fetchSitemap(ctx, u))
	}
	walk.Progress = func(sitemap.SitemapProgress) bool { return ctx.Err() == nil }
	res := walk.Run([]string{raw})
	out := walkAnswer{Code: CodeOK, URL: raw, URLs: res.URLs, Sitemaps: []visitJSON{}, Capped: res.Capped,
		Skipped: len(res.Skipped), Duplicates: res.Duplicates, Notes: res.Notes}
	if out.URLs == nil {
		out.URLs = []string{}
	}
	for _, v := range res.Visits {
		out.Sitemaps = append(out.Sitemaps, visitJSON{v.URL, v.Depth, v.Status, v.Kind.String(), v.Listed, v.Added, v.Err, nonNil(v.Problems)})
	}
	if res.Cancelled {
		out.Notes = append(out.Notes, "The server stopped after "+followBudget.String()+"; fetch the remaining sitemaps one by one (follow=0).")
	}
	if root.Error != "" {
		out.Code, out.Error = root.Code, root.Error
	}
	out.ElapsedMs = time.Since(start).Milliseconds()
	writeJSON(w, http.StatusOK, out)
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// fetchedFrom is a one-sitemap answer as the walk reads it.
func fetchedFrom(ans sitemapAnswer) sitemap.SitemapFetched {
	f := sitemap.SitemapFetched{Status: ans.Status, Err: ans.Error}
	if f.Err == "" && (ans.Status < 200 || ans.Status > 299) {
		f.Err = "The sitemap answered " + strconv.Itoa(ans.Status) + ", not 200, so Google cannot read it; serve it with 200."
	}
	f.File = sitemap.SitemapFile{Kind: sitemap.SitemapKindNamed(ans.Kind), URLs: ans.URLs, Problems: ans.Problems}
	return f
}

// fetchSitemap fetches and reads one sitemap.
func (a *API) fetchSitemap(ctx context.Context, raw string) sitemapAnswer {
	ans := sitemapAnswer{URLs: []string{}, Problems: []string{}, Kind: sitemap.SitemapUnknown.String()}
	if _, code, msg := checkTarget(raw); code != "" {
		ans.Answer = Answer{Code: code, URL: raw, Error: msg, Redirects: []string{}, Hops: []hop{}}
		return ans
	}
	tooBig := "The sitemap is more than " + strconv.Itoa(sitemap.MaxSitemapBytes) + " bytes (50 MB) uncompressed, the most a sitemap may be (sitemaps.org); split it and list the parts in a sitemap index."
	// The body and its decompressed form count against the request's
	// budget until the sitemap is read; then only the URLs kept do, until
	// the answer is written.
	reading := newMemBudget(math.MaxInt64, budgetOf(ctx), oneRequest)
	defer reading.close()
	ans.Answer = a.get(withBudget(ctx, reading), raw, fetchPlan{keep: sitemap.MaxSitemapBytes, count: sitemap.MaxSitemapBytes, timeout: a.opts.SitemapTimeout, tooBig: tooBig})
	body := ans.Body
	ans.Body = nil
	if ans.Error != "" || ans.Status < 200 || ans.Status > 299 {
		return ans
	}
	if sitemap.SitemapGzipped(body) {
		ans.Compressed = true
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err == nil {
			body, err = readCounted(ctx, zr, sitemap.MaxSitemapBytes+1, 0, reading)
		}
		var full *budgetError
		if errors.As(err, &full) {
			ans.Code, ans.Error, ans.Status = codeBusy, full.Error(), 0
			return ans
		}
		if err != nil {
			ans.Code, ans.Error = codeEncoding, "The sitemap looks gzip-compressed but cannot be decompressed ("+err.Error()+"); compress it again with gzip."
			return ans
		}
		if len(body) > sitemap.MaxSitemapBytes {
			ans.Code, ans.Error, ans.Truncated = codeTooLarge, tooBig, true
			return ans
		}
		ans.Size, ans.SizeKnown = int64(len(body)), true
	}
	f := sitemap.ReadSitemap(body)
	reading.close()
	if err := budgetOf(ctx).take(int64(f.Bytes)); err != nil {
		ans.Code, ans.Error, ans.Status = codeBusy, err.Error(), 0
		return ans
	}
	ans.Kind, ans.URLs, ans.Problems = f.Kind.String(), nonNil(f.URLs), nonNil(f.Problems)
	ans.Truncated = ans.Truncated || f.Truncated
	return ans
}
