// Command robotstester serves the robots.txt tester: the page in web/ (the
// Vecty UI compiled to WebAssembly, its loader and styles) embedded in this
// one executable. The server knows nothing of robots.txt rules; every verdict
// is computed in the browser by the engine compiled into web/app.wasm.
//
//	make run                      # builds web/app.wasm, then go run .
//	go run . -addr 127.0.0.1:9000 # another address
//	go run . -dist dist           # writes the offline builds (dist.go) and exits
//	go run . -fetch=false         # no live fetching: /api/* answers 404 (fetch.go)
//	go run . -fetch-allow-private # live fetching may reach loopback and private addresses (intranets, tests)
//
// Live fetching (on by default) answers GET /api/robots?url=SITE, the
// robots.txt that governs SITE as Googlebot gets it, and GET
// /api/sitemap?url=SITEMAP, the URLs a sitemap lists (fetch.go, sitemap.go).
package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"log"
	"mime"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// webFiles is the page, built into the binary so that one file is the whole
// tester. The pattern has no "all:" prefix, so files whose names start with
// "." or "_" are left out by the compiler.
//
//go:embed web
var webFiles embed.FS

// siteFS is the web/ subtree: index.html at its root.
func siteFS() fs.FS {
	site, err := fs.Sub(webFiles, "web")
	if err != nil {
		panic(err) // "web" is a valid path, so fs.Sub cannot fail
	}
	return site
}

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on (host:port)")
	dist := flag.String("dist", "", "write the offline builds into `DIR` (DIR/"+singleFileName+" and DIR/site/) and exit")
	fetchOn := flag.Bool("fetch", true, "answer /api/robots and /api/sitemap by fetching from the web (false: they answer 404)")
	fetchPrivate := flag.Bool("fetch-allow-private", false, "let live fetching reach loopback and private (RFC 1918, CGNAT, ULA) addresses, for intranet sites")
	flag.Parse()
	log.SetFlags(0)

	if *dist != "" {
		if err := writeDist(*dist, siteFS()); err != nil {
			log.Fatalf("writing the offline builds into %s: %v", *dist, err)
		}
		log.Printf("wrote %s and %s", filepath.Join(*dist, singleFileName), filepath.Join(*dist, "site")+string(filepath.Separator))
		return
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatalf("cannot listen on %s: %v; pick another address with -addr host:port", *addr, err)
	}
	api := newFetchAPI(fetchOptions{Enabled: *fetchOn, AllowPrivate: *fetchPrivate})
	srv := newServer(*addr, withAPI(newHandler(siteFS()), api))
	log.Printf("robots.txt tester: open %s in a browser (Ctrl+C to stop)", openURL(ln.Addr()))
	if err := serve(ctx, srv, ln); err != nil {
		log.Fatal(err)
	}
}

// openURL is the address to print for a person: a wildcard listen address is
// reachable on loopback, so say localhost rather than 0.0.0.0 or [::].
func openURL(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return "http://" + a.String() + "/"
	}
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port) + "/"
}

// newServer bounds every phase of a connection, so a slow or idle client
// cannot hold the server's resources: headers within 5 s, the whole request
// within 10 s (the tester only receives GET and HEAD), the response within
// 60 s (app.wasm over a slow link), and keep-alive idleness within 2 minutes.
func newServer(addr string, h http.Handler) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
	}
}

// shutdownGrace is how long in-flight responses may finish after a signal.
const shutdownGrace = 5 * time.Second

// serve runs srv on ln until ctx is cancelled (SIGINT or SIGTERM in main),
// then lets in-flight requests finish for up to shutdownGrace.
func serve(ctx context.Context, srv *http.Server, ln net.Listener) error {
	failed := make(chan error, 1)
	go func() { failed <- srv.Serve(ln) }()
	select {
	case err := <-failed:
		return err
	case <-ctx.Done():
	}
	log.Print("shutting down")
	done, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if err := srv.Shutdown(done); err != nil {
		return fmt.Errorf("requests still running %v after the stop signal were cut off: %w", shutdownGrace, err)
	}
	if err := <-failed; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// securityHeaders go on every response, errors included.
//
// The CSP allows what the page needs and nothing more: its own scripts plus
// 'wasm-unsafe-eval' (compiling app.wasm), its own stylesheet (the UI sets
// styles through the CSSOM, which style-src does not restrict), its own and
// data: images, and fetches to itself (app.wasm). frame-ancestors is * and
// there is no X-Frame-Options because the embed mode (?embed) exists to be
// framed by documentation sites on any origin; the page sends nothing
// anywhere, so being framed exposes nothing. Cross-Origin-Opener-Policy
// only concerns top-level windows, so it does not affect framing.
var securityHeaders = map[string]string{
	"Content-Security-Policy": "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; " +
		"style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
		"object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors *",
	"X-Content-Type-Options":     "nosniff",
	"Referrer-Policy":            "no-referrer",
	"Cross-Origin-Opener-Policy": "same-origin",
}

// fileTypes is fixed here rather than read from the host's mime.types, so
// the server answers the same on every machine (browsers refuse to stream-
// compile app.wasm under any type but application/wasm). compress says
// whether gzip is worth it; PNG is compressed already.
var fileTypes = map[string]struct {
	contentType string
	compress    bool
}{
	".html": {"text/html; charset=utf-8", true},
	".js":   {"text/javascript; charset=utf-8", true},
	".css":  {"text/css; charset=utf-8", true},
	".wasm": {"application/wasm", true},
	".svg":  {"image/svg+xml", true},
	".json": {"application/json", true},
	".txt":  {"text/plain; charset=utf-8", true},
	".ico":  {"image/x-icon", true},
	".png":  {"image/png", false},
}

// asset is one file of the site with everything a response needs, computed
// once when the handler is built.
type asset struct {
	contentType string
	body        []byte
	etag        string // strong: a hash of body
	compress    bool   // the type is compressible: caches must key on Accept-Encoding
	cache       string // Cache-Control
	// gzip is stored once compressed, and stays nil when gzip does not make
	// the file smaller.
	gzip atomic.Pointer[variant]
}

// variant is an encoded form of a file.
type variant struct {
	body []byte
	etag string // strong: a hash of body, so the two forms never share a tag
}

// handler serves a fixed set of files. Only names found when it was built can
// be answered, so no request path can reach outside the site.
type handler struct {
	files      map[string]*asset
	modTime    time.Time
	compressed chan struct{} // closed once every gzip variant is stored
}

// missingWasm is shown at / when the site has no app.wasm, instead of a page
// whose script would fail.
const missingWasm = "web/app.wasm is missing: run `make wasm` (or `make run`)"

const missingWasmPage = `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>robots.txt tester: build missing</title>
<h1>The WebAssembly build is missing</h1>
<p>` + missingWasm + `. The server carries web/ inside its binary, so
start it again after the build; ` + "`make run`" + ` does both.</p>
</html>
`

// newHandler serves site: GET and HEAD only, gzip when the client accepts
// it, revalidation by ETag and Last-Modified, and a 404 for anything that
// is not a file of the site (directories, dotfiles, escapes).
func newHandler(site fs.FS) http.Handler {
	h := &handler{
		files:      map[string]*asset{},
		modTime:    time.Now().UTC().Truncate(time.Second),
		compressed: make(chan struct{}),
	}
	err := fs.WalkDir(site, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if name != "." && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		body, err := fs.ReadFile(site, name)
		if err != nil {
			return err
		}
		h.files[name] = newAsset(name, body)
		return nil
	})
	if err != nil {
		log.Printf("reading the embedded site: %v; the server answers 404 for what it could not read", err)
	}
	if _, ok := h.files["app.wasm"]; !ok {
		log.Print(missingWasm)
		page := newAsset("index.html", []byte(missingWasmPage))
		page.cache = "no-store"
		h.files["index.html"] = page
	}
	// Gzip at the best level takes seconds for app.wasm, so it runs after
	// start-up: until a file's gzip is stored, the file goes out as it is.
	go func() {
		for _, a := range h.files {
			if a.compress {
				a.gzip.Store(gzipOnce(a.etag, a.body))
			}
		}
		close(h.compressed)
	}()
	return h
}

// newAsset prepares one file. File names carry no version, so every file is
// revalidated on each use (Cache-Control: no-cache) and its ETag turns an
// unchanged file into a 304; a rebuilt app.wasm is picked up on the next load.
func newAsset(name string, body []byte) *asset {
	a := &asset{body: body, etag: strongETag(body), cache: "no-cache"}
	t, known := fileTypes[path.Ext(name)]
	if !known {
		t.contentType = mime.TypeByExtension(path.Ext(name))
	}
	a.contentType, a.compress = t.contentType, t.compress
	return a
}

func strongETag(b []byte) string {
	sum := sha256.Sum256(b)
	return `"` + hex.EncodeToString(sum[:16]) + `"`
}

// gzipped holds, for every body compressed in this process, keyed by its
// identity ETag (a content hash), a function giving its gzip variant: tests
// build many handlers over the same embedded site, and each distinct file is
// compressed once.
var gzipped sync.Map

// gzipOnce is the gzip variant of body, or nil when gzip does not make it
// smaller.
func gzipOnce(etag string, body []byte) *variant {
	once, _ := gzipped.LoadOrStore(etag, sync.OnceValue(func() *variant {
		gz := gzipBytes(body)
		if len(gz) >= len(body) {
			return nil
		}
		return &variant{body: gz, etag: strongETag(gz)}
	}))
	return once.(func() *variant)()
}

func gzipBytes(b []byte) []byte {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		panic(err) // BestCompression is a valid level
	}
	zw.Write(b) // writes to a bytes.Buffer do not fail
	zw.Close()
	return buf.Bytes()
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	for k, v := range securityHeaders {
		w.Header().Set(k, v)
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "405 method not allowed: this server only answers GET and HEAD; open / in a browser for the tester.", http.StatusMethodNotAllowed)
		return
	}
	a := h.files[siteName(r.URL.Path)]
	if a == nil {
		http.Error(w, "404 not found: this server only serves the tester's own files; open / for the tester.", http.StatusNotFound)
		return
	}
	hdr := w.Header()
	if a.contentType != "" {
		hdr.Set("Content-Type", a.contentType)
	}
	hdr.Set("Cache-Control", a.cache)
	if a.compress {
		hdr.Set("Vary", "Accept-Encoding")
	}
	body, etag := a.body, a.etag
	// Ranges are served on the identity bytes only: a range of a gzip
	// stream is rarely what a client that asks for one can use.
	if gz := a.gzip.Load(); gz != nil && r.Header.Get("Range") == "" && acceptsGzip(r.Header.Values("Accept-Encoding")) {
		body, etag = gz.body, gz.etag
		hdr.Set("Content-Encoding", "gzip")
		// ServeContent leaves Content-Length out once Content-Encoding is
		// set; the length of the stored gzip bytes is known, so the
		// browser can show download progress for app.wasm.
		hdr.Set("Content-Length", strconv.Itoa(len(body)))
	}
	hdr.Set("ETag", etag)
	http.ServeContent(w, r, "", h.modTime, bytes.NewReader(body))
}

// siteName maps a request path to a file name of the site, or "" when the
// path cannot name one: "/" is index.html, and a path ending in "/" is that
// folder's index.html. fs.ValidPath refuses empty, "." and ".." elements
// (so "//x" and "/a/../b", including their percent-encoded forms, which
// arrive decoded); dotfiles, backslashes (a separator on Windows) and NUL
// are refused too, though none could match a file of the site anyway.
func siteName(p string) string {
	name, ok := strings.CutPrefix(p, "/")
	if !ok {
		return ""
	}
	if name == "" || strings.HasSuffix(name, "/") {
		name += "index.html"
	}
	if !fs.ValidPath(name) || strings.ContainsAny(name, "\\\x00") {
		return ""
	}
	for _, elem := range strings.Split(name, "/") {
		if strings.HasPrefix(elem, ".") {
			return ""
		}
	}
	return name
}

// acceptsGzip reads Accept-Encoding (RFC 9110 §12.5.3): gzip (or its alias
// x-gzip) with a q-value above zero, or * when gzip is not named.
func acceptsGzip(fields []string) bool {
	gzipQ, starQ := -1.0, -1.0
	for _, field := range fields {
		for _, item := range strings.Split(field, ",") {
			coding, params, _ := strings.Cut(item, ";")
			q := 1.0
			for _, p := range strings.Split(params, ";") {
				k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
				if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
					if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
						q = f
					} else {
						q = 0
					}
				}
			}
			switch strings.ToLower(strings.TrimSpace(coding)) {
			case "gzip", "x-gzip":
				gzipQ = max(gzipQ, q)
			case "*":
				starQ = max(starQ, q)
			}
		}
	}
	if gzipQ >= 0 {
		return gzipQ > 0
	}
	return starQ > 0
}
