package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"robotstester/internal/fetch"
)

// testSite is a small site with the shape of web/, plus files that must
// never be served.
func testSite() fstest.MapFS {
	return fstest.MapFS{
		"index.html":     {Data: []byte(strings.Repeat("<!doctype html><title>robots.txt tester</title>\n", 20))},
		"app.wasm":       {Data: append([]byte("\x00asm\x01\x00\x00\x00"), bytes.Repeat([]byte("wasm code "), 500)...)},
		"wasm_exec.js":   {Data: []byte(strings.Repeat("globalThis.Go = class {};\n", 40))},
		"loader.js":      {Data: []byte(strings.Repeat("WebAssembly.instantiateStreaming(fetch('app.wasm'));\n", 10))},
		"style.css":      {Data: []byte(strings.Repeat("body { margin: 0; }\n", 30))},
		"icon.svg":       {Data: []byte(strings.Repeat("<svg xmlns='http://www.w3.org/2000/svg'></svg>\n", 10))},
		"data.json":      {Data: []byte(strings.Repeat(`{"crawler": "Googlebot"}`+"\n", 20))},
		"shot.png":       {Data: []byte("\x89PNG\r\n\x1a\nnot really an image")},
		"favicon.ico":    {Data: bytes.Repeat([]byte{0, 0, 1, 0}, 100)},
		"docs/guide.txt": {Data: []byte("a guide without an index.html beside it\n")},
		".hidden":        {Data: []byte("secret")},
		".git/config":    {Data: []byte("[core]")},
		"sub/.env":       {Data: []byte("TOKEN=1")},
	}
}

// compressedHandler is newHandler once its gzip variants are stored, so
// that what a test sees does not depend on how far compression got.
func compressedHandler(site fs.FS) http.Handler {
	h := newHandler(site).(*handler)
	<-h.compressed
	return h
}

// get sends one request through the handler.
func get(t *testing.T, h http.Handler, method, target string, header map[string]string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, target, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestContentTypes(t *testing.T) {
	h := compressedHandler(testSite())
	tests := []struct{ path, want string }{
		{"/", "text/html; charset=utf-8"},
		{"/index.html", "text/html; charset=utf-8"},
		{"/app.wasm", "application/wasm"},
		{"/wasm_exec.js", "text/javascript; charset=utf-8"},
		{"/loader.js", "text/javascript; charset=utf-8"},
		{"/style.css", "text/css; charset=utf-8"},
		{"/icon.svg", "image/svg+xml"},
		{"/data.json", "application/json"},
		{"/shot.png", "image/png"},
		{"/favicon.ico", "image/x-icon"},
		{"/docs/guide.txt", "text/plain; charset=utf-8"},
	}
	for _, tt := range tests {
		rec := get(t, h, "GET", tt.path, nil)
		if rec.Code != http.StatusOK {
			t.Errorf("GET %s: status %d, want 200", tt.path, rec.Code)
		}
		if got := rec.Header().Get("Content-Type"); got != tt.want {
			t.Errorf("GET %s: Content-Type %q, want %q", tt.path, got, tt.want)
		}
	}
}

func TestCompressionNegotiation(t *testing.T) {
	site := testSite()
	h := compressedHandler(site)
	tests := []struct {
		acceptEncoding string
		gzip           bool
	}{
		{"", false},
		{"gzip", true},
		{"gzip, deflate, br, zstd", true},
		{"br;q=1.0, gzip;q=0.5", true},
		{"x-gzip", true},
		{"GZIP", true},
		{"gzip;q=0", false},
		{"gzip; q=0.000", false},
		{"identity", false},
		{"br", false},
		{"*", true},
		{"*;q=0", false},
		{"gzip;q=0, *", false},
		{"*;q=0, gzip", true},
		{"gzip;q=nonsense", false},
	}
	for _, tt := range tests {
		rec := get(t, h, "GET", "/app.wasm", map[string]string{"Accept-Encoding": tt.acceptEncoding})
		enc := rec.Header().Get("Content-Encoding")
		if tt.gzip != (enc == "gzip") {
			t.Errorf("Accept-Encoding %q: Content-Encoding %q, want gzip=%v", tt.acceptEncoding, enc, tt.gzip)
			continue
		}
		body := rec.Body.Bytes()
		if tt.gzip {
			zr, err := gzip.NewReader(bytes.NewReader(body))
			if err != nil {
				t.Fatalf("Accept-Encoding %q: body is not gzip: %v", tt.acceptEncoding, err)
			}
			if body, err = io.ReadAll(zr); err != nil {
				t.Fatalf("Accept-Encoding %q: inflating: %v", tt.acceptEncoding, err)
			}
		}
		if !bytes.Equal(body, site["app.wasm"].Data) {
			t.Errorf("Accept-Encoding %q: body differs from app.wasm", tt.acceptEncoding)
		}
		if got, want := rec.Header().Get("Content-Length"), strconv.Itoa(rec.Body.Len()); got != want {
			t.Errorf("Accept-Encoding %q: Content-Length %s, body has %s bytes", tt.acceptEncoding, got, want)
		}
	}
}

func TestVary(t *testing.T) {
	h := compressedHandler(testSite())
	for _, p := range []string{"/", "/app.wasm", "/wasm_exec.js", "/style.css", "/icon.svg", "/data.json"} {
		for _, ae := range []string{"", "gzip"} {
			if got := get(t, h, "GET", p, map[string]string{"Accept-Encoding": ae}).Header().Get("Vary"); got != "Accept-Encoding" {
				t.Errorf("GET %s (Accept-Encoding %q): Vary %q, want Accept-Encoding", p, ae, got)
			}
		}
	}
	if got := get(t, h, "GET", "/shot.png", map[string]string{"Accept-Encoding": "gzip"}).Header(); got.Get("Vary") != "" || got.Get("Content-Encoding") != "" {
		t.Errorf("GET /shot.png: Vary %q, Content-Encoding %q; a PNG is never recompressed", got.Get("Vary"), got.Get("Content-Encoding"))
	}
}

func TestETagRevalidation(t *testing.T) {
	h := compressedHandler(testSite())
	identity := get(t, h, "GET", "/app.wasm", nil).Header().Get("ETag")
	gzipped := get(t, h, "GET", "/app.wasm", map[string]string{"Accept-Encoding": "gzip"}).Header().Get("ETag")
	for _, tag := range []string{identity, gzipped} {
		if !strings.HasPrefix(tag, `"`) || !strings.HasSuffix(tag, `"`) || len(tag) < 10 {
			t.Fatalf("ETag %q is not a strong entity tag", tag)
		}
	}
	if identity == gzipped {
		t.Fatalf("identity and gzip variants share the ETag %s", identity)
	}
	if other := get(t, h, "GET", "/style.css", nil).Header().Get("ETag"); other == identity {
		t.Fatalf("style.css and app.wasm share the ETag %s", identity)
	}
	tests := []struct {
		name, acceptEncoding, ifNoneMatch string
		want                              int
	}{
		{"identity tag, identity request", "", identity, http.StatusNotModified},
		{"gzip tag, gzip request", "gzip", gzipped, http.StatusNotModified},
		{"gzip tag in a list", "gzip", `"other", ` + gzipped, http.StatusNotModified},
		{"wildcard", "", "*", http.StatusNotModified},
		{"gzip tag, identity request", "", gzipped, http.StatusOK},
		{"identity tag, gzip request", "gzip", identity, http.StatusOK},
		{"stale tag", "gzip", `"0123456789abcdef"`, http.StatusOK},
	}
	for _, tt := range tests {
		rec := get(t, h, "GET", "/app.wasm", map[string]string{"Accept-Encoding": tt.acceptEncoding, "If-None-Match": tt.ifNoneMatch})
		if rec.Code != tt.want {
			t.Errorf("%s: status %d, want %d", tt.name, rec.Code, tt.want)
		}
		if rec.Code == http.StatusNotModified {
			if rec.Body.Len() != 0 {
				t.Errorf("%s: 304 with a %d-byte body", tt.name, rec.Body.Len())
			}
			if rec.Header().Get("Vary") != "Accept-Encoding" || rec.Header().Get("ETag") == "" {
				t.Errorf("%s: 304 without Vary or ETag: %v", tt.name, rec.Header())
			}
		}
	}
}

func TestLastModified(t *testing.T) {
	h := compressedHandler(testSite())
	lm := get(t, h, "GET", "/style.css", nil).Header().Get("Last-Modified")
	when, err := http.ParseTime(lm)
	if err != nil {
		t.Fatalf("Last-Modified %q: %v", lm, err)
	}
	if age := time.Since(when); age < 0 || age > time.Minute {
		t.Fatalf("Last-Modified %s is not the server's start time (now %s)", lm, time.Now().UTC().Format(http.TimeFormat))
	}
	if again := get(t, h, "GET", "/app.wasm", nil).Header().Get("Last-Modified"); again != lm {
		t.Errorf("Last-Modified differs between files: %q and %q; it is one fixed start time", lm, again)
	}
	tests := []struct {
		since string
		want  int
	}{
		{lm, http.StatusNotModified},
		{when.Add(time.Hour).Format(http.TimeFormat), http.StatusNotModified},
		{when.Add(-time.Hour).Format(http.TimeFormat), http.StatusOK},
	}
	for _, tt := range tests {
		if rec := get(t, h, "GET", "/style.css", map[string]string{"If-Modified-Since": tt.since}); rec.Code != tt.want {
			t.Errorf("If-Modified-Since %s (Last-Modified %s): status %d, want %d", tt.since, lm, rec.Code, tt.want)
		}
	}
}

func TestRange(t *testing.T) {
	site := testSite()
	h := compressedHandler(site)
	rec := get(t, h, "GET", "/app.wasm", map[string]string{"Range": "bytes=0-3", "Accept-Encoding": "gzip"})
	if rec.Code != http.StatusPartialContent {
		t.Fatalf("Range bytes=0-3: status %d, want 206", rec.Code)
	}
	if enc := rec.Header().Get("Content-Encoding"); enc != "" {
		t.Errorf("Range bytes=0-3: Content-Encoding %q; ranges are served from the identity bytes", enc)
	}
	if got := rec.Body.String(); got != "\x00asm" {
		t.Errorf("Range bytes=0-3: body %q, want the wasm magic number", got)
	}
	want := "bytes 0-3/" + strconv.Itoa(len(site["app.wasm"].Data))
	if got := rec.Header().Get("Content-Range"); got != want {
		t.Errorf("Content-Range %q, want %q", got, want)
	}
}

func TestCacheControl(t *testing.T) {
	h := compressedHandler(testSite())
	for _, p := range []string{"/", "/index.html", "/app.wasm", "/wasm_exec.js", "/loader.js", "/style.css"} {
		if got := get(t, h, "GET", p, nil).Header().Get("Cache-Control"); got != "no-cache" {
			t.Errorf("GET %s: Cache-Control %q, want no-cache (unversioned names are revalidated by ETag)", p, got)
		}
	}
}

// withAPI sends /api/ to live fetching, here turned off (-fetch=false),
// and the rest to the site, unclean paths included; the API's answers
// carry the security headers too.
func TestAPIRouting(t *testing.T) {
	h := withAPI(compressedHandler(testSite()), fetch.NewAPI(fetch.Options{Enabled: false}))
	if rec := get(t, h, "GET", "/", nil); rec.Code != 200 {
		t.Errorf("the page: %d, want 200 with fetching off", rec.Code)
	}
	if rec := get(t, h, "GET", "/a/../index.html", nil); rec.Code != http.StatusNotFound {
		t.Errorf("an unclean path: %d, want the site's own 404, not a redirect", rec.Code)
	}
	for _, req := range []struct{ method, path string }{{"GET", "/api/robots?url=x"}, {"POST", "/api/robots?url=x"}, {"GET", "/api/other"}} {
		rec := get(t, h, req.method, req.path, nil)
		if rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), `"code":"disabled"`) && !strings.Contains(rec.Body.String(), `"code":"not-found"`) {
			t.Errorf("%s %s: HTTP %d %s; want the API's own 404", req.method, req.path, rec.Code, rec.Body)
		}
		for k, want := range securityHeaders {
			if got := rec.Header().Get(k); got != want {
				t.Errorf("%s %s: %s %q, want %q", req.method, req.path, k, got, want)
			}
		}
	}
}

func TestSecurityHeadersOnEveryResponse(t *testing.T) {
	h := compressedHandler(testSite())
	requests := []struct{ method, path string }{
		{"GET", "/"},
		{"GET", "/app.wasm"},
		{"HEAD", "/style.css"},
		{"GET", "/missing"},
		{"GET", "/../go.mod"},
		{"POST", "/"},
	}
	for _, req := range requests {
		hdr := get(t, h, req.method, req.path, nil).Header()
		for k, want := range securityHeaders {
			if got := hdr.Get(k); got != want {
				t.Errorf("%s %s: %s %q, want %q", req.method, req.path, k, got, want)
			}
		}
		if xfo := hdr.Get("X-Frame-Options"); xfo != "" {
			t.Errorf("%s %s: X-Frame-Options %q would stop the embed mode from being framed", req.method, req.path, xfo)
		}
	}
	csp := securityHeaders["Content-Security-Policy"]
	for _, directive := range []string{
		"default-src 'self'",
		"script-src 'self' 'wasm-unsafe-eval'",
		"style-src 'self'",
		"img-src 'self' data:",
		"connect-src 'self'",
		"frame-ancestors *",
	} {
		if !strings.Contains(csp, directive+";") && !strings.HasSuffix(csp, directive) {
			t.Errorf("CSP %q lacks %q", csp, directive)
		}
	}
	for _, loose := range []string{"'unsafe-eval'", "'unsafe-inline'", "http:", "https:", "blob:"} {
		if strings.Contains(csp, loose) {
			t.Errorf("CSP %q allows %s, which the page does not need", csp, loose)
		}
	}
}

func TestNotFound(t *testing.T) {
	h := compressedHandler(testSite())
	for _, target := range []string{
		"/missing.js",
		"/../go.mod",
		"/%2e%2e/server.go",
		"/%2E%2E/%2e%2e/etc/passwd",
		"/web/../server.go",
		"/docs/../index.html",
		"/./index.html",
		"//etc/passwd",
		"//index.html",
		"/.git/config",
		"/.git/",
		"/.hidden",
		"/%2ehidden",
		"/sub/.env",
		"/..%5cserver.go",
		"/docs%5cguide.txt",
		"/index.html%00",
		"/index.html%00.png",
		"/docs",
		"/docs/",
		"/sub/",
		"/index.html/",
	} {
		rec := get(t, h, "GET", target, nil)
		if rec.Code != http.StatusNotFound {
			t.Errorf("GET %s: status %d, want 404", target, rec.Code)
		}
		if strings.Contains(rec.Body.String(), "<a href") || strings.Contains(rec.Body.String(), "guide.txt") {
			t.Errorf("GET %s: body looks like a directory listing: %q", target, rec.Body.String())
		}
	}
}

func TestHead(t *testing.T) {
	site := testSite()
	h := compressedHandler(site)
	rec := get(t, h, "HEAD", "/app.wasm", nil)
	if rec.Code != http.StatusOK || rec.Body.Len() != 0 {
		t.Fatalf("HEAD /app.wasm: status %d with a %d-byte body, want 200 and none", rec.Code, rec.Body.Len())
	}
	if got, want := rec.Header().Get("Content-Length"), strconv.Itoa(len(site["app.wasm"].Data)); got != want {
		t.Errorf("HEAD /app.wasm: Content-Length %s, want %s", got, want)
	}
	if got := rec.Header().Get("Content-Type"); got != "application/wasm" {
		t.Errorf("HEAD /app.wasm: Content-Type %q", got)
	}
}

func TestMethodNotAllowed(t *testing.T) {
	h := compressedHandler(testSite())
	for _, method := range []string{"POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE"} {
		rec := get(t, h, method, "/", nil)
		if rec.Code != http.StatusMethodNotAllowed {
			t.Errorf("%s /: status %d, want 405", method, rec.Code)
		}
		if got := rec.Header().Get("Allow"); got != "GET, HEAD" {
			t.Errorf("%s /: Allow %q, want \"GET, HEAD\"", method, got)
		}
	}
}

func TestMissingWasm(t *testing.T) {
	site := testSite()
	delete(site, "app.wasm")
	h := compressedHandler(site)
	for _, p := range []string{"/", "/index.html"} {
		rec := get(t, h, "GET", p, nil)
		if rec.Code != http.StatusOK {
			t.Errorf("GET %s without app.wasm: status %d, want 200", p, rec.Code)
		}
		if got := rec.Header().Get("Content-Type"); got != "text/html; charset=utf-8" {
			t.Errorf("GET %s without app.wasm: Content-Type %q", p, got)
		}
		if body := rec.Body.String(); !strings.Contains(body, missingWasm) || body == string(site["index.html"].Data) {
			t.Errorf("GET %s without app.wasm: the page does not say %q:\n%s", p, missingWasm, body)
		}
		if got := rec.Header().Get("Cache-Control"); got != "no-store" {
			t.Errorf("GET %s without app.wasm: Cache-Control %q, want no-store so the real page replaces it", p, got)
		}
	}
	if rec := get(t, h, "GET", "/app.wasm", nil); rec.Code != http.StatusNotFound {
		t.Errorf("GET /app.wasm without app.wasm: status %d, want 404", rec.Code)
	}
	if rec := get(t, h, "GET", "/style.css", nil); rec.Code != http.StatusOK {
		t.Errorf("GET /style.css without app.wasm: status %d, want 200", rec.Code)
	}
}

func TestServerTimeouts(t *testing.T) {
	srv := newServer("127.0.0.1:8080", http.NotFoundHandler())
	if srv.Addr != "127.0.0.1:8080" {
		t.Errorf("Addr %q", srv.Addr)
	}
	for name, d := range map[string]time.Duration{
		"ReadHeaderTimeout": srv.ReadHeaderTimeout,
		"ReadTimeout":       srv.ReadTimeout,
		"WriteTimeout":      srv.WriteTimeout,
		"IdleTimeout":       srv.IdleTimeout,
	} {
		if d <= 0 || d > 5*time.Minute {
			t.Errorf("%s is %v; want a bound between 0 and 5 minutes", name, d)
		}
	}
	if srv.ReadHeaderTimeout > srv.ReadTimeout {
		t.Errorf("ReadHeaderTimeout %v exceeds ReadTimeout %v", srv.ReadHeaderTimeout, srv.ReadTimeout)
	}
	if srv.MaxHeaderBytes <= 0 || srv.MaxHeaderBytes > http.DefaultMaxHeaderBytes {
		t.Errorf("MaxHeaderBytes %d; want a bound below the default", srv.MaxHeaderBytes)
	}
}

func TestGracefulShutdown(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := newServer(ln.Addr().String(), compressedHandler(testSite()))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- serve(ctx, srv, ln) }()

	url := "http://" + ln.Addr().String() + "/app.wasm"
	resp, err := http.Get(url)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/wasm" {
		t.Fatalf("GET %s over TCP: status %d, Content-Type %q", url, resp.StatusCode, resp.Header.Get("Content-Type"))
	}

	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve returned %v after cancel, want nil", err)
		}
	case <-time.After(shutdownGrace + 2*time.Second):
		t.Fatal("serve did not return after its context was cancelled")
	}
	if _, err := http.Get(url); err == nil {
		t.Errorf("GET %s succeeded after shutdown", url)
	}
}

func TestOpenURL(t *testing.T) {
	tests := []struct{ addr, want string }{
		{"127.0.0.1:8080", "http://127.0.0.1:8080/"},
		{"0.0.0.0:8080", "http://localhost:8080/"},
		{"[::]:9000", "http://localhost:9000/"},
		{"[::1]:9000", "http://[::1]:9000/"},
	}
	for _, tt := range tests {
		a, err := net.ResolveTCPAddr("tcp", tt.addr)
		if err != nil {
			t.Fatal(err)
		}
		if got := openURL(a); got != tt.want {
			t.Errorf("openURL(%s) = %s, want %s", tt.addr, got, tt.want)
		}
	}
}

// TestEmbeddedSite checks the page the binary carries: the entry points the
// single-file build contract names are embedded, and no dotfile is.
func TestEmbeddedSite(t *testing.T) {
	site := siteFS()
	for _, name := range []string{"index.html", "loader.js", "style.css"} {
		if _, err := fs.Stat(site, name); err != nil {
			t.Errorf("web/%s is not embedded: %v", name, err)
		}
	}
	fs.WalkDir(site, ".", func(name string, d fs.DirEntry, err error) error {
		if err == nil && name != "." && strings.HasPrefix(d.Name(), ".") {
			t.Errorf("dotfile web/%s is embedded", name)
		}
		return err
	})
}

func TestShutdownLetsInFlightRequestsFinish(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	started, release := make(chan struct{}), make(chan struct{})
	slow := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(started)
		<-release
		io.WriteString(w, "finished")
	})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- serve(ctx, newServer(ln.Addr().String(), slow), ln) }()

	answer := make(chan string, 1)
	go func() {
		resp, err := http.Get("http://" + ln.Addr().String() + "/")
		if err != nil {
			answer <- err.Error()
			return
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		answer <- string(b)
	}()
	<-started
	cancel()
	select {
	case err := <-done:
		t.Fatalf("serve returned (%v) while a request was still being answered", err)
	case <-time.After(200 * time.Millisecond):
	}
	close(release)
	if got := <-answer; got != "finished" {
		t.Errorf("the in-flight request got %q, want its full answer", got)
	}
	if err := <-done; err != nil {
		t.Errorf("serve returned %v, want nil", err)
	}
}

// TestServesWhileCompressing asks for app.wasm at once, before its gzip may
// be ready: either form may come, but its ETag must be that form's.
func TestServesWhileCompressing(t *testing.T) {
	site := testSite()
	site["app.wasm"] = &fstest.MapFile{Data: bytes.Repeat([]byte("a wasm not compressed before "), 1<<15)}
	identity := strongETag(site["app.wasm"].Data)
	rec := get(t, newHandler(site), "GET", "/app.wasm", map[string]string{"Accept-Encoding": "gzip"})
	if rec.Header().Get("Vary") != "Accept-Encoding" {
		t.Errorf("Vary %q before compression finished, want Accept-Encoding", rec.Header().Get("Vary"))
	}
	body, etag := rec.Body.Bytes(), rec.Header().Get("ETag")
	if rec.Header().Get("Content-Encoding") == "gzip" {
		if etag == identity {
			t.Fatalf("gzip body sent under the identity ETag %s", etag)
		}
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		if body, err = io.ReadAll(zr); err != nil {
			t.Fatal(err)
		}
	} else if etag != identity {
		t.Fatalf("identity body sent under ETag %s, want %s", etag, identity)
	}
	if !bytes.Equal(body, site["app.wasm"].Data) {
		t.Error("body differs from app.wasm")
	}
}
