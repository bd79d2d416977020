package sitemap

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestReadSitemap(t *testing.T) {
	tests := []struct {
		name     string
		data     string
		kind     SitemapKind
		urls     []string
		problems []string // substrings, one per problem, in order
	}{
		{"urlset", `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://example.com/</loc><lastmod>2024-01-01</lastmod></url>
  <url><loc> https://example.com/a?x=1&amp;y=2 </loc></url>
</urlset>`, SitemapURLSet, []string{"https://example.com/", "https://example.com/a?x=1&y=2"}, nil},
		{"index", `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<sitemap><loc>https://example.com/s1.xml.gz</loc></sitemap><sitemap><loc>https://example.com/s2.xml</loc></sitemap></sitemapindex>`,
			SitemapIndex, []string{"https://example.com/s1.xml.gz", "https://example.com/s2.xml"}, nil},
		{"prefixed namespace and CDATA", `<s:urlset xmlns:s="http://www.sitemaps.org/schemas/sitemap/0.9"><s:url><s:loc><![CDATA[https://example.com/ü]]></s:loc></s:url></s:urlset>`,
			SitemapURLSet, []string{"https://example.com/ü"}, nil},
		{"image tags are not pages", `<urlset xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"><url><loc>https://example.com/p</loc><image:image><image:loc>https://example.com/i.jpg</image:loc></image:image></url></urlset>`,
			SitemapURLSet, []string{"https://example.com/p"}, nil},
		{"text", "\xef\xbb\xbfhttps://example.com/a\r\n\r\nhttps://example.com/b\nnot a url\n", SitemapText,
			[]string{"https://example.com/a", "https://example.com/b"}, []string{"Line 4: \"not a url\" is not an absolute http(s) URL"}},
		{"rss", `<rss version="2.0"><channel><item><link>https://example.com/post</link></item></channel></rss>`, SitemapFeed, []string{"https://example.com/post"}, nil},
		{"atom", `<feed xmlns="http://www.w3.org/2005/Atom"><entry><link href="https://example.com/e"/></entry></feed>`, SitemapFeed, []string{"https://example.com/e"}, nil},
		{"broken XML keeps what came before", "<urlset>\n<url><loc>https://example.com/a</loc></url>\n<url><loc>https://example.com/?a=1&b=2</loc></url>\n</urlset>",
			SitemapURLSet, []string{"https://example.com/a"}, []string{"Line 3:", "&amp;"}},
		{"HTML page", "<!doctype html><html><body>Not found</body></html>", SitemapUnknown, nil, []string{"root element is <html>"}},
		{"entry without loc", "<urlset><url><lastmod>2024</lastmod></url><url><loc>/relative</loc></url></urlset>", SitemapURLSet, nil,
			[]string{"Line 1: a <url> entry has no <loc>", "\"/relative\" is not an absolute http(s) URL"}},
		{"empty", "  \n", SitemapUnknown, nil, []string{"empty"}},
		{"gzip left compressed", "\x1f\x8b\x08\x00rest", SitemapUnknown, nil, []string{"gzip"}},
		{"another charset", `<?xml version="1.0" encoding="ISO-8859-1"?><urlset><url><loc>https://example.com/</loc></url></urlset>`, SitemapURLSet,
			[]string{"https://example.com/"}, []string{"must be UTF-8"}},
		{"comments, a DOCTYPE and references", "<?xml version='1.0'?>\n<!DOCTYPE urlset [<!ENTITY x 'y'>]>\n<!-- generated -->\n<urlset>\n" +
			"<url><loc>https://example.com/&#x263A;/&#233;?a=&lt;b&gt;&quot;&apos;</loc><!-- <loc>https://example.com/no</loc> --></url>\n" +
			"<url/><url><loc/></url></urlset>\n", SitemapURLSet, []string{"https://example.com/☺/é?a=<b>\"'"}, []string{"2 of 3 <url> entries have no <loc>"}},
		{"mismatched tags", "<urlset>\n<url><loc>https://example.com/a</loc></url>\n<url><loc>https://example.com/b</url>\n</urlset>", SitemapURLSet,
			[]string{"https://example.com/a"}, []string{"Line 3: </url> closes <loc>"}},
		{"cut short", "<urlset><url><loc>https://example.com/a</loc></url><url><loc>https://exa", SitemapURLSet,
			[]string{"https://example.com/a"}, []string{"ends before <loc> is closed"}},
		{"attribute without quotes", "<urlset><url a=b><loc>https://example.com/a</loc></url></urlset>", SitemapURLSet, nil, []string{"not in quotes"}},
		{"text outside the root", "<urlset></urlset>junk", SitemapURLSet, nil, []string{"outside the root"}},
		{"nested loc is not the entry's", "<urlset><url><image><loc>https://example.com/i.jpg</loc></image><loc>https://example.com/p</loc></url></urlset>",
			SitemapURLSet, []string{"https://example.com/p"}, nil},
	}
	for _, tt := range tests {
		f := ReadSitemap([]byte(tt.data))
		if f.Kind != tt.kind || !reflect.DeepEqual(f.URLs, tt.urls) {
			t.Errorf("%s: kind %v urls %q, want %v %q (problems %q)", tt.name, f.Kind, f.URLs, tt.kind, tt.urls, f.Problems)
		}
		joined := strings.Join(f.Problems, "\n")
		for _, p := range tt.problems {
			if !strings.Contains(joined, p) {
				t.Errorf("%s: problems %q lack %q", tt.name, f.Problems, p)
			}
		}
		if tt.problems == nil && len(f.Problems) > 0 {
			t.Errorf("%s: unexpected problems %q", tt.name, f.Problems)
		}
	}
}

func TestReadSitemapLimits(t *testing.T) {
	var b strings.Builder
	b.WriteString("<urlset>")
	for i := range MaxSitemapURLs + 5 {
		fmt.Fprintf(&b, "<url><loc>https://example.com/%d</loc></url>", i)
	}
	b.WriteString("</urlset>")
	f := ReadSitemap([]byte(b.String()))
	if len(f.URLs) != MaxSitemapURLs || !f.Truncated || len(f.Problems) != 1 || !strings.Contains(f.Problems[0], "50,000") {
		t.Errorf("50,005 URLs: kept %d, truncated %v, problems %q; want 50,000, a sentence naming the limit", len(f.URLs), f.Truncated, f.Problems)
	}
	var many strings.Builder
	for i := range 30 {
		fmt.Fprintf(&many, "bad %d\n", i)
	}
	f = ReadSitemap([]byte(many.String()))
	if len(f.Problems) != maxProblems+1 || !strings.Contains(f.Problems[maxProblems], "More problems") {
		t.Errorf("30 bad lines: %d problems, want %d and a closing note", len(f.Problems), maxProblems+1)
	}
	huge := make([]byte, MaxSitemapBytes+10)
	for i := range huge {
		huge[i] = ' '
	}
	copy(huge, "https://example.com/a\n")
	f = ReadSitemap(huge)
	if !f.Truncated || !strings.Contains(f.Problems[0], "50 MB") || len(f.URLs) != 1 {
		t.Errorf("over 50 MB: truncated %v, problems %q, urls %d", f.Truncated, f.Problems, len(f.URLs))
	}
}

// fakeSitemaps serves a tree of sitemaps from a map, recording each fetch.
type fakeSitemaps struct {
	files   map[string]string
	fetched []string
}

func (s *fakeSitemaps) fetch(u string) SitemapFetched {
	s.fetched = append(s.fetched, u)
	data, ok := s.files[u]
	if !ok {
		return SitemapFetched{Status: 404, Err: "The sitemap answered 404."}
	}
	return SitemapFetched{Status: 200, File: ReadSitemap([]byte(data))}
}

func index(children ...string) string {
	var b strings.Builder
	b.WriteString("<sitemapindex>")
	for _, c := range children {
		b.WriteString("<sitemap><loc>" + c + "</loc></sitemap>")
	}
	return b.String() + "</sitemapindex>"
}

func pages(prefix string, n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString("https://example.com/" + prefix + strconv.Itoa(i) + "\n")
	}
	return b.String()
}

func TestSitemapWalk(t *testing.T) {
	s := &fakeSitemaps{files: map[string]string{
		"https://example.com/index.xml":  index("https://example.com/a.txt", "https://example.com/nested.xml", "https://example.com/missing.xml", "https://example.com/a.txt"),
		"https://example.com/a.txt":      pages("a", 3) + "https://example.com/b0\n",
		"https://example.com/nested.xml": index("https://example.com/b.txt", "https://example.com/deep.xml"),
		"https://example.com/b.txt":      pages("b", 2),
		"https://example.com/deep.xml":   index("https://example.com/c.txt"),
		"https://example.com/c.txt":      pages("c", 2),
	}}
	var steps []SitemapProgress
	res := SitemapWalk{Fetch: s.fetch, Progress: func(p SitemapProgress) bool { steps = append(steps, p); return true }}.Run([]string{"https://example.com/index.xml"})
	want := []string{"https://example.com/a0", "https://example.com/a1", "https://example.com/a2", "https://example.com/b0", "https://example.com/b1"}
	if !reflect.DeepEqual(res.URLs, want) {
		t.Errorf("URLs %q, want %q", res.URLs, want)
	}
	wantFetched := []string{"https://example.com/index.xml", "https://example.com/a.txt", "https://example.com/nested.xml", "https://example.com/b.txt", "https://example.com/deep.xml", "https://example.com/missing.xml"}
	if !reflect.DeepEqual(s.fetched, wantFetched) {
		t.Errorf("fetched %q, want %q (depth first, each once, c.txt below the depth limit)", s.fetched, wantFetched)
	}
	if res.Duplicates != 1 || res.Capped || res.Cancelled || len(res.Skipped) != 1 || res.Skipped[0] != "https://example.com/c.txt" {
		t.Errorf("duplicates %d capped %v cancelled %v skipped %q", res.Duplicates, res.Capped, res.Cancelled, res.Skipped)
	}
	if len(steps) != 6 || steps[5].Done != 6 || steps[5].URLs != 5 {
		t.Errorf("progress %+v", steps)
	}
	if v := res.Visits[5]; v.Status != 404 || v.Err == "" {
		t.Errorf("missing sitemap: %+v", v)
	}
	notes := strings.Join(res.Notes, "\n")
	for _, w := range []string{"nested more than 2 levels", "listed more than once"} {
		if !strings.Contains(notes, w) {
			t.Errorf("notes %q lack %q", res.Notes, w)
		}
	}

	// The cap stops the walk; cancelling stops it too.
	s.fetched = nil
	res = SitemapWalk{MaxURLs: 2, Fetch: s.fetch}.Run([]string{"https://example.com/index.xml"})
	if len(res.URLs) != 2 || !res.Capped || len(s.fetched) != 2 || !strings.Contains(strings.Join(res.Notes, " "), "Stopped at 2 URLs") {
		t.Errorf("cap 2: %d URLs capped %v fetched %q notes %q", len(res.URLs), res.Capped, s.fetched, res.Notes)
	}
	s.fetched = nil
	res = SitemapWalk{Fetch: s.fetch, Progress: func(p SitemapProgress) bool { return p.Done < 2 }}.Run([]string{"https://example.com/index.xml"})
	if !res.Cancelled || len(s.fetched) != 2 || len(res.URLs) != 4 {
		t.Errorf("cancel after 2: cancelled %v fetched %q urls %d", res.Cancelled, s.fetched, len(res.URLs))
	}
}

// FuzzReadSitemap: any bytes read without a panic, and every URL kept is
// an absolute http(s) URL.
func FuzzReadSitemap(f *testing.F) {
	f.Add([]byte(`<urlset><url><loc>https://example.com/a&amp;b</loc></url></urlset>`))
	f.Add([]byte(`<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><sitemapindex><sitemap><loc><![CDATA[https://example.com/s.xml]]></loc></sitemap></sitemapindex>`))
	f.Add([]byte("<feed><entry><link href='https://example.com/e'/></entry></feed>"))
	f.Add([]byte("https://example.com/a\r\nhttps://example.com/b\n"))
	f.Add([]byte("<urlset><url a='&#x110000;'><loc>&#0;</loc></url></"))
	f.Fuzz(func(t *testing.T, data []byte) {
		sm := ReadSitemap(data)
		for _, u := range sm.URLs {
			if !absoluteHTTP(u) {
				t.Fatalf("kept %q, which is not an absolute http(s) URL", u)
			}
		}
		if len(sm.URLs) > MaxSitemapURLs {
			t.Fatalf("kept %d URLs", len(sm.URLs))
		}
	})
}

// BenchmarkReadSitemap reads a full sitemap: 50,000 URLs, about 4 MB.
func BenchmarkReadSitemap(b *testing.B) {
	var sb strings.Builder
	sb.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	for i := range MaxSitemapURLs {
		fmt.Fprintf(&sb, "  <url>\n    <loc>https://www.example.com/category-%d/product-%d?colour=blue&amp;size=%d</loc>\n    <lastmod>2024-05-01</lastmod>\n  </url>\n", i%97, i, i%13)
	}
	sb.WriteString("</urlset>\n")
	data := []byte(sb.String())
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for b.Loop() {
		if f := ReadSitemap(data); len(f.URLs) != MaxSitemapURLs {
			b.Fatalf("read %d URLs", len(f.URLs))
		}
	}
	b.ReportMetric(float64(MaxSitemapURLs)*float64(b.N)/b.Elapsed().Seconds(), "URLs/s")
}

// TestSitemapWalkParallel: with Parallel 3 at most three fetches run at
// once, more than one does, and the result is the sequential walk's.
func TestSitemapWalkParallel(t *testing.T) {
	files := map[string]string{}
	var children []string
	for i := range 12 {
		u := "https://example.com/s" + strconv.Itoa(i) + ".txt"
		children = append(children, u)
		files[u] = pages("p"+strconv.Itoa(i)+"-", 10)
	}
	files["https://example.com/index.xml"] = index(children...)
	var mu sync.Mutex
	running, most := 0, 0
	fetch := func(u string) SitemapFetched {
		mu.Lock()
		running++
		most = max(most, running)
		mu.Unlock()
		time.Sleep(5 * time.Millisecond)
		mu.Lock()
		running--
		mu.Unlock()
		return SitemapFetched{Status: 200, File: ReadSitemap([]byte(files[u]))}
	}
	seq := SitemapWalk{Fetch: fetch}.Run([]string{"https://example.com/index.xml"})
	most = 0
	par := SitemapWalk{Fetch: fetch, Parallel: 3}.Run([]string{"https://example.com/index.xml"})
	if !reflect.DeepEqual(seq.URLs, par.URLs) || len(par.URLs) != 120 || len(par.Visits) != 13 {
		t.Errorf("parallel walk: %d URLs, %d visits; want the sequential walk's %d and %d", len(par.URLs), len(par.Visits), len(seq.URLs), len(seq.Visits))
	}
	if most < 2 || most > 3 {
		t.Errorf("at most %d fetches ran at once, want 2 or 3", most)
	}
	capped := SitemapWalk{Fetch: fetch, Parallel: 3, MaxURLs: 25}.Run([]string{"https://example.com/index.xml"})
	if len(capped.URLs) != 25 || !capped.Capped || len(capped.Visits) != 4 {
		t.Errorf("parallel, cap 25: %d URLs, capped %v, %d visits", len(capped.URLs), capped.Capped, len(capped.Visits))
	}
}

// TestReadSitemapBounds: what one file keeps is bounded whatever it holds
// (issue 20, attack 2): a URL of 2,048 characters or more is a problem
// naming its line and is not kept; deep nesting is an error naming the
// line; the URL text kept stops at MaxSitemapURLBytes.
func TestReadSitemapBounds(t *testing.T) {
	long := "https://example.com/" + strings.Repeat("a", MaxSitemapURLLen)
	ok := "https://example.com/" + strings.Repeat("b", MaxSitemapURLLen-len("https://example.com/"))
	f := ReadSitemap([]byte("<urlset>\n<url><loc>" + long + "</loc></url>\n<url><loc>" + ok + "</loc></url>\n<url><loc>" + long + "</loc></url>\n</urlset>"))
	if len(f.URLs) != 1 || f.URLs[0] != ok || f.TooLong != 2 || len(f.Problems) != 3 ||
		!strings.HasPrefix(f.Problems[0], "Line 2: a URL of 2,067 characters") || !strings.HasPrefix(f.Problems[1], "Line 4: ") ||
		!strings.Contains(f.Problems[2], "2 URLs are longer than 2,047 characters") {
		t.Errorf("long URLs in XML: urls %d, too long %d, problems %q", len(f.URLs), f.TooLong, f.Problems)
	}
	f = ReadSitemap([]byte(ok + "\n" + long + "\n"))
	if len(f.URLs) != 1 || len(f.Problems) != 1 || !strings.HasPrefix(f.Problems[0], "Line 2: a URL of") {
		t.Errorf("long URL in text: urls %d, problems %q", len(f.URLs), f.Problems)
	}

	huge := "https://example.com/" + strings.Repeat("&amp;", 1_000_000)
	f = ReadSitemap([]byte("<urlset>\n<url><loc>" + huge + "</loc></url>\n<url><loc><![CDATA[" + huge + "]]></loc></url>\n</urlset>"))
	if len(f.URLs) != 0 || f.TooLong != 2 || !strings.HasPrefix(f.Problems[0], "Line 2: a URL of more than 65,536 bytes (5,000,020)") ||
		!strings.HasPrefix(f.Problems[1], "Line 3: a URL of more than 65,536 bytes (5,000,020)") {
		t.Errorf("5 MB URLs: urls %d, too long %d, problems %q", len(f.URLs), f.TooLong, f.Problems)
	}
	if f := ReadSitemap([]byte("<urlset><url><loc>https://example.com/" + strings.Repeat("a", 70_000) + "&bad;</loc></url></urlset>")); len(f.Problems) != 1 || !strings.Contains(f.Problems[0], "starts no valid character reference") {
		t.Errorf("a bad reference past the text kept is still an error: %q", f.Problems)
	}

	deep := "<urlset>\n<url><loc>https://example.com/a</loc></url>\n" + strings.Repeat("<a>", 1_000_000)
	f = ReadSitemap([]byte(deep))
	if len(f.URLs) != 1 || len(f.Problems) != 1 || !strings.HasPrefix(f.Problems[0], "Line 3: elements nest more than 100 deep") {
		t.Errorf("deep nesting: urls %d, problems %q", len(f.URLs), f.Problems)
	}
	if f := ReadSitemap([]byte(strings.Repeat("<a>", 99) + strings.Repeat("</a>", 99))); len(f.Problems) != 1 || !strings.Contains(f.Problems[0], "root element is <a>") {
		t.Errorf("99 levels are read: %q", f.Problems)
	}

	var b strings.Builder
	n := 0
	for b.Len() < MaxSitemapURLBytes+100_000 {
		n++
		b.WriteString(ok[:1000] + strconv.Itoa(n) + "\n")
	}
	f = ReadSitemap([]byte(b.String()))
	if !f.Truncated || f.Bytes > MaxSitemapURLBytes || f.Bytes < MaxSitemapURLBytes-1100 || len(f.URLs) >= n ||
		!strings.Contains(f.Problems[len(f.Problems)-1], "bytes of text, the most the tester keeps of one file") {
		t.Errorf("16 MiB of URLs: truncated %v, %d bytes of %d URLs (of %d), problems %q", f.Truncated, f.Bytes, len(f.URLs), n, f.Problems)
	}
}

// TestSitemapWalkLimitsSayWhichStopped: a walk stopped by its byte budget,
// its sitemap cap or a Fetch's Stop (a rate limit) is capped and its note
// names that limit (issue 20: the 200-sitemap cap answered capped false).
func TestSitemapWalkLimitsSayWhichStopped(t *testing.T) {
	files := map[string]string{}
	var children []string
	for i := range 10 {
		u := "https://example.com/s" + strconv.Itoa(i) + ".txt"
		children = append(children, u)
		files[u] = pages("p"+strconv.Itoa(i)+"-", 10)
	}
	files["https://example.com/index.xml"] = index(children...)
	root := []string{"https://example.com/index.xml"}
	each := len("https://example.com/p0-0")

	s := &fakeSitemaps{files: files}
	res := SitemapWalk{Fetch: s.fetch, MaxBytes: 25 * each}.Run(root)
	if !res.Capped || len(res.URLs) != 25 || res.Bytes != 25*each || len(res.Skipped) != 7 || len(res.Notes) != 1 ||
		!strings.Contains(res.Notes[0], "bytes of URLs, the most one walk keeps; 7 sitemaps not read") {
		t.Errorf("byte budget: capped %v, %d URLs, %d bytes, skipped %d, notes %q", res.Capped, len(res.URLs), res.Bytes, len(res.Skipped), res.Notes)
	}

	s = &fakeSitemaps{files: files}
	res = SitemapWalk{Fetch: s.fetch, MaxSitemaps: 4}.Run(root)
	if !res.Capped || len(res.Visits) != 4 || len(res.Skipped) != 7 || len(res.Notes) != 1 ||
		!strings.Contains(res.Notes[0], "Stopped after 4 sitemaps, the most one walk fetches; 7 sitemaps not read") {
		t.Errorf("sitemap cap: capped %v, %d visits, skipped %d, notes %q", res.Capped, len(res.Visits), len(res.Skipped), res.Notes)
	}

	s = &fakeSitemaps{files: files}
	calls := 0
	res = SitemapWalk{Fetch: func(u string) SitemapFetched {
		if calls++; calls > 3 {
			return SitemapFetched{Stop: "Stopped by the rate limit."}
		}
		return s.fetch(u)
	}}.Run(root)
	if !res.Capped || len(res.Visits) != 3 || len(res.URLs) != 20 || len(res.Skipped) != 8 || len(res.Notes) != 1 ||
		res.Notes[0] != "Stopped by the rate limit. Not read: 8 sitemaps." {
		t.Errorf("stopped by Fetch: capped %v, %d visits, %d URLs, skipped %d, notes %q", res.Capped, len(res.Visits), len(res.URLs), len(res.Skipped), res.Notes)
	}

	s = &fakeSitemaps{files: files}
	if res := (SitemapWalk{Fetch: s.fetch, MaxSitemaps: 11}).Run(root); res.Capped || len(res.Notes) != 0 || len(res.URLs) != 100 {
		t.Errorf("a walk within its caps: capped %v, notes %q, %d URLs", res.Capped, res.Notes, len(res.URLs))
	}
}
