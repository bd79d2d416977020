// Command robotstester serves the robots.txt tester: the page in web/ (the
// Vecty UI compiled to WebAssembly, its loader and styles) embedded in this
// one executable. The server knows nothing of robots.txt rules; every verdict
// is computed in the browser by the engine compiled into web/app.wasm.
//
//	make run                      # builds web/app.wasm, then go run .
//	go run . -addr 127.0.0.1:9000 # another address
//	go run . -fetch=false         # no live fetching: /api/* answers 404 (internal/fetch)
//	go run . -fetch-allow-private # live fetching may reach loopback and private addresses (intranets, tests)
//	go run . -addr 127.0.0.1:8080 -hosts robots.example.com  # behind a reverse proxy for that name (internal/fetch/hostguard.go)
//	go run . -max-conns 900 -max-conns-per-client 64         # connection caps (connlimit.go)
//
// What make runs to build the page (packing app.wasm, the Brotli forms, the
// offline builds) is not a flag of this binary: see go run ./wasm/build -h.
//
// The same binary checks a robots.txt against expected verdicts, for CI
// (internal/commands/check.go; exit 0 all pass, 1 some fail, 2 bad input):
//
//	go run . check -expect robots.expect.json -robots robots.txt
//	go run . check -expect robots.expect.json -robots - < robots.txt
//	go run . check -expect robots.expect.json -json   # the file's own "robots"
//	go run . check -expect robots.expect.json -robots https://example.com/robots.txt
//	go run . check -expect robots.expect.json -robots http://127.0.0.1:8000/ -fetch-allow-private
//
// It also answers for URLs and lints a robots.txt (internal/commands:
// testcmd.go, lintcmd.go; main.go picks the command, and no command, or a
// flag first, is the server):
//
//	robots-tester test -robots robots.txt /cart /products/  # verdict, deciding line, rule, why
//	robots-tester lint -robots robots.txt -format sarif     # or text, json, github
//
// It also says which AI crawlers may read a site, by purpose, with the
// findings about them (internal/commands/audit.go; exit 0, 1 on a warning,
// 2 bad input):
//
//	robots-tester audit -robots robots.txt
//	robots-tester audit -robots https://example.com/robots.txt -json
//
// A URL is fetched as /api/robots fetches it, and its HTTP status means what
// it means to Google: 2xx the rules decide, 4xx every case allowed, 5xx
// every case blocked; no HTTP answer (DNS, refused, timeout, a refused
// private address) exits 2.
//
// Live fetching (on by default) answers GET /api/robots?url=SITE, the
// robots.txt that governs SITE as Googlebot gets it, and GET
// /api/sitemap?url=SITEMAP, the URLs a sitemap lists (internal/fetch).
package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log"
	"maps"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"robotstester/internal/commands"
	"robotstester/internal/fetch"
	"robotstester/internal/webfiles"
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

// runServe runs the server with args, its flags (serve, or no command:
// main.go). A stray argument is an error, never a server start.
func runServe(args []string, _ io.Reader, _, stderr io.Writer) int {
	flags := flag.NewFlagSet("serve", flag.ContinueOnError)
	flags.SetOutput(stderr)
	addr := flags.String("addr", "127.0.0.1:8080", "address to listen on (host:port)")
	fetchOn := flags.Bool("fetch", true, "answer /api/robots and /api/sitemap by fetching from the web (false: they answer 404)")
	fetchPrivate := flags.Bool("fetch-allow-private", false, "let live fetching reach loopback and private (RFC 1918, CGNAT, ULA) addresses, for intranet sites")
	hosts := flags.String("hosts", "", "comma-separated host `NAMES` /api/ answers to besides loopback ones (a deployment's domain behind a reverse proxy); see README, Security")
	maxConns := flags.Int("max-conns", defaultMaxConns, "most connections open at once; idle ones are closed to make room")
	maxConnsPerClient := flags.Int("max-conns-per-client", defaultMaxConnsPerClient, "most connections open at once from one address (an IPv6 /64)")
	flags.Usage = func() {
		fmt.Fprintln(stderr, "usage: robots-tester [serve] [-addr host:port] [-fetch=false] [-fetch-allow-private] [-hosts NAMES] [-max-conns N] [-max-conns-per-client N]")
		flags.PrintDefaults()
	}
	if err := flags.Parse(args); err != nil {
		return commands.HelpOrBad(err)
	}
	if flags.NArg() > 0 {
		fmt.Fprintf(stderr, "serve: unexpected argument %q: the server takes only flags; robots-tester -h lists the commands.\n", flags.Arg(0))
		return commands.ExitBad
	}
	log.SetFlags(0)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatalf("cannot listen on %s: %v; pick another address with -addr host:port", *addr, err)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(fetch.MemoryLimit)
	}
	var names []string
	for _, n := range strings.Split(*hosts, ",") {
		if n = strings.TrimSpace(n); n != "" {
			names = append(names, n)
		}
	}
	api := fetch.HostGuard(fetch.NewAPI(fetch.Options{Enabled: *fetchOn, AllowPrivate: *fetchPrivate}), fetch.ListensOnLoopback(ln.Addr()), names)
	srv := newServer(*addr, withAPI(newHandler(siteFS()), api))
	limited := newConnLimiter(ln, max(*maxConns, 1), max(*maxConnsPerClient, 1))
	srv.ConnState = limited.track
	log.Printf("robots.txt tester: open %s in a browser (Ctrl+C to stop)", openURL(ln.Addr()))
	if err := serve(ctx, srv, limited); err != nil {
		log.Fatal(err)
	}
	return commands.ExitOK
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
// 60 s (app.wasm over a slow link), and keep-alive idleness within 15 s
// (the page loads in one go, then asks /api/ now and then; a browser opens
// a new connection when its idle one was closed). The connection caps are
// in connlimit.go.
func newServer(addr string, h http.Handler) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       15 * time.Second,
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

// crossOriginFiles are loaded by documentation pages on other origins:
// embed.js (a <script> there) and the engine it fetches with CORS. They get
// Access-Control-Allow-Origin: * (they are public, and are fetched without
// credentials), Cross-Origin-Resource-Policy: cross-origin (so a page with
// Cross-Origin-Embedder-Policy may load them), and Timing-Allow-Origin: *
// (so the page's Performance API sees their real transfer sizes). The page's
// own CSP above still applies to them; it governs nothing on the docs page,
// whose own policy decides (README, Embedding).
var crossOriginFiles = map[string]bool{
	"embed.js":     true,
	"core.wasm":    true,
	"wasm_exec.js": true,
}

var crossOriginHeaders = map[string]string{
	"Access-Control-Allow-Origin":  "*",
	"Cross-Origin-Resource-Policy": "cross-origin",
	"Timing-Allow-Origin":          "*",
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
	// brotli is the file's NAME.br from the site, made at build time
	// (compress.go); nil when the site has none that inflates to body.
	brotli *variant
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

// withAPI sends /api/… to api (live fetching, internal/fetch) and
// everything else to site, and puts securityHeaders on the API's answers as
// site puts them on its own. It is no ServeMux, which would redirect
// unclean paths that site answers 404.
func withAPI(site, api http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/") {
			for k, v := range securityHeaders {
				w.Header().Set(k, v)
			}
			api.ServeHTTP(w, r)
			return
		}
		site.ServeHTTP(w, r)
	})
}

// newHandler serves site: GET and HEAD only, Brotli or gzip when the client
// accepts it, revalidation by ETag and Last-Modified, and a 404 for anything
// that is not a file of the site (directories, dotfiles, escapes, and the
// NAME.br files, which are served only as NAME's Brotli form).
func newHandler(site fs.FS) http.Handler {
	h := &handler{
		files:      map[string]*asset{},
		modTime:    time.Now().UTC().Truncate(time.Second),
		compressed: make(chan struct{}),
	}
	err := webfiles.Walk(site, func(name string) error {
		if strings.HasSuffix(name, webfiles.BrotliSuffix) {
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
	h.addBrotli(site)
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
	a.contentType, a.compress = webfiles.Type(name)
	return a
}

// addBrotli gives each compressible file its Brotli form from the site.
// Checking that a form inflates to its file takes a few tens of
// milliseconds for app.wasm, against seconds to compress it; without a
// usable form a file goes out as gzip or as it is, and the log says why.
func (h *handler) addBrotli(site fs.FS) {
	var missing []string
	for _, name := range slices.Sorted(maps.Keys(h.files)) {
		a := h.files[name]
		if !a.compress || a.cache == "no-store" { // no-store: the build-missing page
			continue
		}
		br, err := brotliForm(site, name, a.body)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			missing = append(missing, name)
		case err != nil:
			log.Printf("%v: sending %s as gzip or as it is; run make brotli", err, name)
		}
		if br != nil && len(br.body) < len(a.body) {
			a.brotli = br
		}
	}
	if len(missing) > 0 {
		log.Printf("no Brotli form (NAME%s) for %s: they go out as gzip or as they are; make brotli writes them", webfiles.BrotliSuffix, strings.Join(missing, ", "))
	}
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
		gz := webfiles.Gzip(body)
		if len(gz) >= len(body) {
			return nil
		}
		return &variant{body: gz, etag: strongETag(gz)}
	}))
	return once.(func() *variant)()
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
	name := siteName(r.URL.Path)
	a := h.files[name]
	if a == nil {
		http.Error(w, "404 not found: this server only serves the tester's own files; open / for the tester.", http.StatusNotFound)
		return
	}
	if crossOriginFiles[name] {
		for k, v := range crossOriginHeaders {
			w.Header().Set(k, v)
		}
	}
	hdr := w.Header()
	if a.contentType != "" {
		hdr.Set("Content-Type", a.contentType)
	}
	hdr.Set("Cache-Control", a.cache)
	if a.compress {
		hdr.Set("Vary", "Accept-Encoding")
	}
	if strings.Count(r.Header.Get("Range"), ",") >= maxRanges {
		// More ranges than that are answered with the whole file, as
		// RFC 9110 §14.2 lets a server ignore Range: many small ranges
		// make a multipart answer many times the request (issue 20:
		// 6,500 one-byte ranges answered 918 KB to 67 KB).
		r.Header.Del("Range")
	}
	body, etag := a.body, a.etag
	// Ranges are served on the identity bytes only: a range of a
	// compressed stream is rarely what a client that asks for one can use.
	if v, coding := a.encoded(r); v != nil && r.Header.Get("Range") == "" {
		body, etag = v.body, v.etag
		hdr.Set("Content-Encoding", coding)
		// ServeContent leaves Content-Length out once Content-Encoding is
		// set; the length of the stored bytes is known, so the browser
		// can show download progress for app.wasm.
		hdr.Set("Content-Length", strconv.Itoa(len(body)))
	}
	hdr.Set("ETag", etag)
	http.ServeContent(w, r, "", h.modTime, bytes.NewReader(body))
}

// maxRanges is the most byte ranges one request may ask for: one, as a
// download resumes; nginx's max_ranges does the same.
const maxRanges = 1

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

// encoded is the compressed form of a to send for r's Accept-Encoding, and
// its coding name, or nil when the file goes out as it is. Of the forms the
// file has, the one the client weighs highest wins; on a tie Brotli, the
// smaller.
func (a *asset) encoded(r *http.Request) (*variant, string) {
	forms := []struct {
		coding string
		v      *variant
	}{{"br", a.brotli}, {"gzip", a.gzip.Load()}}
	accept := acceptedCodings(r.Header.Values("Accept-Encoding"))
	var best *variant
	bestCoding, bestQ := "", 0.0
	for _, f := range forms {
		if q := accept.weight(f.coding); f.v != nil && q > bestQ {
			best, bestCoding, bestQ = f.v, f.coding, q
		}
	}
	return best, bestCoding
}

// codingWeights maps each content-coding an Accept-Encoding names (lower
// case, x-gzip read as gzip) to its q-value, the highest when it is named
// twice; "*" stands for every coding not named.
type codingWeights map[string]float64

// acceptedCodings reads Accept-Encoding (RFC 9110 §12.5.3). A q-value that
// does not parse counts as 0, so a malformed header never selects a coding.
func acceptedCodings(fields []string) codingWeights {
	weights := codingWeights{}
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
			coding = strings.ToLower(strings.TrimSpace(coding))
			if coding == "x-gzip" {
				coding = "gzip" // RFC 9110 §8.4.1.3
			}
			if old, seen := weights[coding]; !seen || q > old {
				weights[coding] = q
			}
		}
	}
	return weights
}

// weight is the q-value the client gives coding: its own when named, else
// that of "*", else 0 (not acceptable).
func (w codingWeights) weight(coding string) float64 {
	if q, ok := w[coding]; ok {
		return q
	}
	return w["*"]
}
