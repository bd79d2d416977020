package fetch

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// sitemapSite serves /index.xml listing n gzip sitemaps of per URLs each
// (/s0.xml.gz …), a plain text sitemap and a 404.
func sitemapSite(t *testing.T, n, per int) *fetchSite {
	t.Helper()
	files := map[string][]byte{}
	var idx strings.Builder
	idx.WriteString(`<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`)
	var site *fetchSite
	site = newFetchSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, ok := files[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		if strings.HasSuffix(r.URL.Path, ".gz") {
			w.Header().Set("Content-Type", "application/x-gzip")
		}
		w.Write(body)
	}))
	for i := range n {
		fmt.Fprintf(&idx, "<sitemap><loc>%s</loc></sitemap>", site.url("www.test", fmt.Sprintf("/s%d.xml.gz", i)))
		var b bytes.Buffer
		zw := gzip.NewWriter(&b)
		zw.Write([]byte(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`))
		for j := range per {
			fmt.Fprintf(zw, "<url><loc>https://www.example.com/s%d/page%d</loc></url>", i, j)
		}
		zw.Write([]byte("</urlset>"))
		zw.Close()
		files[fmt.Sprintf("/s%d.xml.gz", i)] = b.Bytes()
	}
	fmt.Fprintf(&idx, "<sitemap><loc>%s</loc></sitemap>", site.url("www.test", "/gone.xml"))
	idx.WriteString("</sitemapindex>")
	files["/index.xml"] = []byte(idx.String())
	files["/pages.txt"] = []byte("https://www.example.com/a\nhttps://www.example.com/b\n")
	return site
}

func askSitemap(t *testing.T, h http.Handler, query string, into any) int {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/sitemap?"+query, nil))
	if err := json.Unmarshal(rec.Body.Bytes(), into); err != nil {
		t.Fatalf("%s: %v in %.300s", query, err, rec.Body)
	}
	return rec.Code
}

func TestSitemapOne(t *testing.T) {
	site := sitemapSite(t, 2, 3)
	h := testFetchAPI(t, site.port)
	var idx sitemapAnswer
	askSitemap(t, h, "follow=0&url="+url.QueryEscape(site.url("www.test", "/index.xml")), &idx)
	if idx.Code != CodeOK || idx.Kind != "index" || len(idx.URLs) != 3 || idx.Status != 200 || idx.Body != nil {
		t.Fatalf("index: %+v", idx)
	}
	var gz sitemapAnswer
	askSitemap(t, h, "follow=0&url="+url.QueryEscape(idx.URLs[1]), &gz)
	if gz.Kind != "urlset" || !gz.Compressed || len(gz.URLs) != 3 || gz.URLs[2] != "https://www.example.com/s1/page2" {
		t.Errorf("gzip sitemap: %+v", gz)
	}
	var txt sitemapAnswer
	askSitemap(t, h, "follow=0&url="+url.QueryEscape(site.url("www.test", "/pages.txt")), &txt)
	if txt.Kind != "text" || len(txt.URLs) != 2 {
		t.Errorf("text sitemap: %+v", txt)
	}
	var gone sitemapAnswer
	askSitemap(t, h, "follow=0&url="+url.QueryEscape(site.url("www.test", "/gone.xml")), &gone)
	if gone.Status != 404 || len(gone.URLs) != 0 {
		t.Errorf("missing sitemap: %+v", gone)
	}
}

func TestSitemapFollow(t *testing.T) {
	site := sitemapSite(t, 3, 4)
	h := testFetchAPI(t, site.port)
	var w walkAnswer
	code := askSitemap(t, h, "url="+url.QueryEscape(site.url("www.test", "/index.xml")), &w)
	if code != 200 || w.Code != CodeOK || len(w.URLs) != 12 || len(w.Sitemaps) != 5 || w.Capped {
		t.Fatalf("follow: HTTP %d %+v", code, w)
	}
	if last := w.Sitemaps[4]; last.Status != 404 || !strings.Contains(last.Error, "404") {
		t.Errorf("the missing child: %+v", last)
	}
	if w.Sitemaps[1].Kind != "urlset" || w.Sitemaps[1].Added != 4 || w.Sitemaps[1].Depth != 1 {
		t.Errorf("a child: %+v", w.Sitemaps[1])
	}
	code = askSitemap(t, h, "max=6&url="+url.QueryEscape(site.url("www.test", "/index.xml")), &w)
	if len(w.URLs) != 6 || !w.Capped || w.Skipped != 2 || !strings.Contains(strings.Join(w.Notes, " "), "Stopped at 6 URLs") {
		t.Errorf("max=6: %d URLs capped %v skipped %d notes %q", len(w.URLs), w.Capped, w.Skipped, w.Notes)
	}
	var bad APIError
	if code := askSitemap(t, h, "max=500001&url="+url.QueryEscape(site.url("www.test", "/index.xml")), &bad); code != 400 || !strings.Contains(bad.Error, "1 to 500,000") {
		t.Errorf("max=500001: %d %+v", code, bad)
	}
	if code := askSitemap(t, h, "max=none&url="+url.QueryEscape(site.url("www.test", "/index.xml")), &bad); code != 400 || bad.Code != codeBadURL {
		t.Errorf("max=none: %d %+v", code, bad)
	}
}
