package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"testing"
	"testing/fstest"

	"github.com/andybalholm/brotli"

	"robotstester/internal/webfiles"
)

// brotliSite is testSite with the Brotli forms make brotli writes: a good
// one for app.wasm and index.html, a stale one for style.css (made from
// other bytes), none for wasm_exec.js.
func brotliSite() fstest.MapFS {
	site := testSite()
	for _, name := range []string{"app.wasm", "index.html"} {
		site[name+webfiles.BrotliSuffix] = &fstest.MapFile{Data: webfiles.Brotli(site[name].Data)}
	}
	site["style.css"+webfiles.BrotliSuffix] = &fstest.MapFile{Data: webfiles.Brotli([]byte("body { margin: 1em; }\n"))}
	return site
}

// decoded is the body of rec as the client reads it, after the coding it
// was sent with.
func decoded(t *testing.T, rec *httptest.ResponseRecorder) []byte {
	t.Helper()
	body := rec.Body.Bytes()
	var r io.Reader
	switch enc := rec.Header().Get("Content-Encoding"); enc {
	case "":
		return body
	case "br":
		r = brotli.NewReader(bytes.NewReader(body))
	case "gzip":
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			t.Fatalf("Content-Encoding gzip, but the body is not gzip: %v", err)
		}
		r = zr
	default:
		t.Fatalf("unexpected Content-Encoding %q", enc)
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("inflating the %s body: %v", rec.Header().Get("Content-Encoding"), err)
	}
	return out
}

func TestBrotliNegotiation(t *testing.T) {
	site := brotliSite()
	h := compressedHandler(site)
	tests := []struct {
		path, acceptEncoding, want string
	}{
		{"/app.wasm", "", ""},
		{"/app.wasm", "br", "br"},
		{"/app.wasm", "gzip, deflate, br, zstd", "br"}, // Chromium's list: br is smaller
		{"/app.wasm", "BR", "br"},
		{"/app.wasm", "br;q=1.0, gzip;q=0.5", "br"},
		{"/app.wasm", "br;q=0.5, gzip;q=1.0", "gzip"}, // the client's preference wins
		{"/app.wasm", "gzip;q=0.8, br;q=0.8", "br"},   // a tie goes to the smaller
		{"/app.wasm", "br;q=0, gzip", "gzip"},
		{"/app.wasm", "br; q=0.000, gzip;q=0.1", "gzip"},
		{"/app.wasm", "br;q=0, gzip;q=0", ""},
		{"/app.wasm", "br;q=nonsense, gzip", "gzip"},
		{"/app.wasm", "br;q=0.3, br;q=0", "br"}, // named twice: the higher weight
		{"/app.wasm", "*", "br"},
		{"/app.wasm", "*;q=0", ""},
		{"/app.wasm", "gzip;q=0, *", "br"},
		{"/app.wasm", "br;q=0, *", "gzip"},
		{"/app.wasm", "identity", ""},
		{"/app.wasm", "deflate, zstd", ""},
		{"/", "br, gzip", "br"},
		{"/wasm_exec.js", "br, gzip", "gzip"}, // no .br: gzip is the fallback
		{"/wasm_exec.js", "br", ""},
		{"/style.css", "br", ""}, // a stale .br is never sent
		{"/style.css", "br, gzip", "gzip"},
		{"/shot.png", "br, gzip", ""},
	}
	for _, tt := range tests {
		rec := get(t, h, "GET", tt.path, map[string]string{"Accept-Encoding": tt.acceptEncoding})
		if got := rec.Header().Get("Content-Encoding"); got != tt.want {
			t.Errorf("GET %s, Accept-Encoding %q: Content-Encoding %q, want %q", tt.path, tt.acceptEncoding, got, tt.want)
			continue
		}
		name := siteName(tt.path)
		if got := decoded(t, rec); !bytes.Equal(got, site[name].Data) {
			t.Errorf("GET %s, Accept-Encoding %q: the body does not decode to %s", tt.path, tt.acceptEncoding, name)
		}
		if got, want := rec.Header().Get("Content-Length"), strconv.Itoa(rec.Body.Len()); got != want {
			t.Errorf("GET %s, Accept-Encoding %q: Content-Length %s, body has %s bytes", tt.path, tt.acceptEncoding, got, want)
		}
		if tt.path != "/shot.png" && rec.Header().Get("Vary") != "Accept-Encoding" {
			t.Errorf("GET %s, Accept-Encoding %q: Vary %q, want Accept-Encoding", tt.path, tt.acceptEncoding, rec.Header().Get("Vary"))
		}
	}
}

func TestBrotliFormsAreNotPages(t *testing.T) {
	h := compressedHandler(brotliSite())
	for _, p := range []string{"/app.wasm.br", "/index.html.br", "/style.css.br"} {
		if rec := get(t, h, "GET", p, map[string]string{"Accept-Encoding": "br"}); rec.Code != http.StatusNotFound {
			t.Errorf("GET %s: status %d, want 404 (a .br is served only as its file's Brotli form)", p, rec.Code)
		}
	}
}

func TestETagPerEncoding(t *testing.T) {
	h := compressedHandler(brotliSite())
	tags := map[string]string{}
	for _, enc := range []string{"", "gzip", "br"} {
		rec := get(t, h, "GET", "/app.wasm", map[string]string{"Accept-Encoding": enc})
		if got := rec.Header().Get("Content-Encoding"); got != enc {
			t.Fatalf("Accept-Encoding %q: Content-Encoding %q", enc, got)
		}
		tags[enc] = rec.Header().Get("ETag")
	}
	if tags[""] == tags["gzip"] || tags[""] == tags["br"] || tags["gzip"] == tags["br"] {
		t.Fatalf("the forms of app.wasm share an ETag: %q", tags)
	}
	for sent, tag := range tags {
		for asked := range tags {
			rec := get(t, h, "GET", "/app.wasm", map[string]string{"Accept-Encoding": asked, "If-None-Match": tag})
			want := http.StatusOK
			if sent == asked {
				want = http.StatusNotModified
			}
			if rec.Code != want {
				t.Errorf("If-None-Match the %q form's tag, Accept-Encoding %q: status %d, want %d", sent, asked, rec.Code, want)
			}
			if rec.Code == http.StatusNotModified && (rec.Body.Len() != 0 || rec.Header().Get("ETag") != tag || rec.Header().Get("Vary") != "Accept-Encoding") {
				t.Errorf("304 for the %q form: body %d bytes, ETag %q, Vary %q", sent, rec.Body.Len(), rec.Header().Get("ETag"), rec.Header().Get("Vary"))
			}
		}
	}
}

func TestBrotliHeadAndRange(t *testing.T) {
	site := brotliSite()
	h := compressedHandler(site)
	head := get(t, h, "HEAD", "/app.wasm", map[string]string{"Accept-Encoding": "gzip, br"})
	if head.Code != http.StatusOK || head.Body.Len() != 0 || head.Header().Get("Content-Encoding") != "br" {
		t.Errorf("HEAD /app.wasm (br): status %d, %d-byte body, Content-Encoding %q; want 200, none, br", head.Code, head.Body.Len(), head.Header().Get("Content-Encoding"))
	}
	if got, want := head.Header().Get("Content-Length"), strconv.Itoa(len(site["app.wasm.br"].Data)); got != want {
		t.Errorf("HEAD /app.wasm (br): Content-Length %s, want the .br's %s", got, want)
	}
	rec := get(t, h, "GET", "/app.wasm", map[string]string{"Range": "bytes=0-3", "Accept-Encoding": "br, gzip"})
	if rec.Code != http.StatusPartialContent || rec.Header().Get("Content-Encoding") != "" || rec.Body.String() != "\x00asm" {
		t.Errorf("Range bytes=0-3 with br accepted: status %d, Content-Encoding %q, body %q; want 206 of the identity bytes", rec.Code, rec.Header().Get("Content-Encoding"), rec.Body.String())
	}
}

// TestBrotliOfTheEmbeddedSite checks the page as the binary carries it after
// make brotli: app.wasm goes out as Brotli to a browser that accepts it.
func TestBrotliOfTheEmbeddedSite(t *testing.T) {
	site := siteFS()
	if _, err := fs.Stat(site, "app.wasm"+webfiles.BrotliSuffix); err != nil {
		msg := "web/app.wasm.br is missing: run make brotli before this test"
		if os.Getenv("CI") == "true" {
			t.Fatal(msg + " (CI=true: a build step left undone fails)")
		}
		t.Skip(msg)
	}
	h := newHandler(site)
	rec := get(t, h, "GET", "/app.wasm", map[string]string{"Accept-Encoding": "gzip, deflate, br, zstd"})
	if rec.Header().Get("Content-Encoding") != "br" {
		t.Fatalf("app.wasm went out as %q, not br: is web/app.wasm.br stale? (make brotli)", rec.Header().Get("Content-Encoding"))
	}
	wasm, _ := fs.ReadFile(site, "app.wasm")
	if !bytes.Equal(decoded(t, rec), wasm) {
		t.Error("the Brotli body does not inflate to app.wasm")
	}
	t.Logf("app.wasm: %d bytes, %d as Brotli", len(wasm), rec.Body.Len())
}
