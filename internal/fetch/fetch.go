package fetch

// Live fetching: GET /api/robots?url=U fetches the robots.txt that governs U
// as Googlebot would (google-crawling.md §2), and GET /api/sitemap?url=S a
// sitemap (sitemap.go), for the page to test. The server fetches nothing
// else: the robots.txt URL is derived by the engine (RobotsURLFor), never
// taken from the request, so the endpoint is no open proxy.
//
// Every answer is JSON with a stable "code":
//
//	code                 HTTP  meaning
//	ok                   200   the request got an HTTP answer; "status" says which (a 404 is ok here)
//	too-many-redirects   200   more than 5 redirect hops: Google stops and reads the file as missing (404)
//	dns                  200   the host name does not resolve (status 0)
//	refused              200   the host refused the connection (status 0)
//	timeout              200   no connection within 5 s, or no whole answer within the total time (status 0)
//	tls                  200   the TLS handshake or the certificate failed (status 0)
//	reset                200   the connection was reset or closed mid-answer (status 0)
//	network              200   another network failure: an invalid response, a chunking error (status 0)
//	encoding             200   the body is in a Content-Encoding the tester cannot decode (status 0)
//	too-large            200   a sitemap over 50 MB uncompressed (the decompression-bomb cap)
//	refused-destination  403   the destination address may not be fetched (loopback, private, link-local…)
//	bad-url              400   "url" is missing or cannot name a robots.txt or sitemap
//	rate-limited         429   this client asked too often, or has too many fetches running
//	busy                 429   the server runs as many fetches as it allows at once, or holds as much fetched data as it allows (fetchmemory.go)
//	host                 421   the request's Host is not a name this server answers to (hostguard.go: DNS rebinding)
//	disabled             404   the server was started with -fetch=false
//	method               405   only GET and HEAD are answered
//	not-found            404   no such endpoint under /api/
//
// Codes never change meaning; new outcomes get new codes. Network failures
// answer 200 because the tester did its job: Google treats them as a server
// error (full disallow), and the page shows that.
//
// SSRF defence: only http and https are fetched, no proxy from the
// environment is used, and the destination IP is checked in the dialer's
// Control hook, after name resolution and just before connect(2), so every
// redirect hop and a name that resolves to a private address on the second
// lookup (DNS rebinding) meet the same check (destAllowed, fetchguard.go).
// Content-Encoding is undone in fetchdecode.go, rate limits are in
// fetchlimit.go, memory budgets for fetched bytes in fetchmemory.go, and
// sitemaps in sitemap.go, the Host check in hostguard.go. The server's own
// connection caps are in the root's connlimit.go; README, Security, lists
// them all.

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"

	"robotstester/engine"
)

// Fetch answer codes (see the table above).
const (
	CodeOK                 = "ok"
	CodeTooManyRedirects   = "too-many-redirects"
	codeDNS                = "dns"
	codeRefused            = "refused"
	codeTimeout            = "timeout"
	codeTLS                = "tls"
	codeReset              = "reset"
	codeNetwork            = "network"
	codeEncoding           = "encoding"
	codeTooLarge           = "too-large"
	codeRefusedDestination = "refused-destination"
	codeBadURL             = "bad-url"
	codeRateLimited        = "rate-limited"
	codeBusy               = "busy"
	codeDisabled           = "disabled"
	codeHost               = "host"
	codeMethod             = "method"
	codeNotFound           = "not-found"
)

// fetchUserAgent names the tester honestly: it is not Googlebot, and a site
// owner reading the log can tell why the request came.
const fetchUserAgent = "robots-txt-tester/1.0 (fetches one robots.txt or sitemap at a person's request; not a crawler)"

const (
	connectTimeout = 5 * time.Second
	// headerTimeout bounds the wait for the answer's headers, within the
	// fetch's whole time; the timeout sentence and the README name both.
	headerTimeout = 10 * time.Second
	// robotsTimeout bounds a robots.txt fetch from the first byte sent to
	// the last read, redirects included.
	robotsTimeout = 15 * time.Second
	// sitemapTimeout is longer: a sitemap may be 50 MB.
	sitemapTimeout = 30 * time.Second
	// RobotsCountLimit: past the 500 KiB Google reads, the rest of a
	// compressed body is counted (not kept) up to this size to say how
	// large the file is; beyond it the size is "more than" and reading
	// stops, which also caps a decompression bomb.
	RobotsCountLimit = 10 << 20
)

// Options are the fetch flags and the hooks tests inject.
type Options struct {
	Enabled      bool // -fetch
	AllowPrivate bool // -fetch-allow-private
	// Lookup resolves a host name; nil uses the system resolver. Tests map
	// names to 127.0.0.1 with it, or make a name fail.
	Lookup func(ctx context.Context, host string) ([]netip.Addr, error)
	// Allow, when set, replaces destAllowed (tests admit exactly their own
	// server's address and refuse the rest by the default rules).
	Allow  func(netip.AddrPort) error
	Limits limitOptions
	// RobotsTimeout and SitemapTimeout replace the defaults when set.
	RobotsTimeout, SitemapTimeout time.Duration
	// ServerMemory and RequestMemory replace serverMemory and
	// requestMemory (fetchmemory.go) when set.
	ServerMemory, RequestMemory int64
}

// API answers /api/robots and /api/sitemap.
type API struct {
	opts      Options
	transport *http.Transport
	limits    *limiter
	memory    *memBudget // the fetched bytes all requests hold
}

func NewAPI(opts Options) *API {
	if opts.RobotsTimeout == 0 {
		opts.RobotsTimeout = robotsTimeout
	}
	if opts.SitemapTimeout == 0 {
		opts.SitemapTimeout = sitemapTimeout
	}
	if opts.ServerMemory == 0 {
		opts.ServerMemory = serverMemory
	}
	if opts.RequestMemory == 0 {
		opts.RequestMemory = requestMemory
	}
	if opts.Allow == nil {
		private := opts.AllowPrivate
		opts.Allow = func(ap netip.AddrPort) error { return destAllowed(ap.Addr(), private) }
	}
	if opts.Lookup == nil {
		opts.Lookup = func(ctx context.Context, host string) ([]netip.Addr, error) {
			return net.DefaultResolver.LookupNetIP(ctx, "ip", host)
		}
	}
	a := &API{opts: opts, limits: newLimiter(opts.Limits), memory: newMemBudget(opts.ServerMemory, nil, wholeServer)}
	dialer := &net.Dialer{
		Timeout: connectTimeout,
		Control: func(_, address string, _ syscall.RawConn) error {
			ap, err := netip.ParseAddrPort(address)
			if err != nil {
				return &destinationError{host: address, reason: "it is not an IP address and port"}
			}
			if err := zoneRefused(ap.Addr()); err != nil {
				return err // before Allow: no policy admits a zone
			}
			return a.opts.Allow(ap)
		},
	}
	a.transport = &http.Transport{
		Proxy: nil, // a proxy would be dialled instead of the site, bypassing the check
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			return a.dial(ctx, dialer, network, addr)
		},
		TLSHandshakeTimeout:    connectTimeout,
		ResponseHeaderTimeout:  headerTimeout,
		DisableCompression:     true, // decoded here, under a cap (decodedBody)
		MaxIdleConns:           16,
		IdleConnTimeout:        30 * time.Second,
		MaxResponseHeaderBytes: 64 << 10,
		ForceAttemptHTTP2:      true,
	}
	return a
}

// dial resolves host itself so that a refusal can name the address, then
// connects to each address in turn; Control checks the one connected to.
func (a *API) dial(ctx context.Context, d *net.Dialer, network, addr string) (net.Conn, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, err
	}
	if err := hostZoneRefused(host); err != nil {
		return nil, err
	}
	var ips []netip.Addr
	if ip, err := netip.ParseAddr(host); err == nil {
		ips = []netip.Addr{ip}
	} else {
		ips, err = a.opts.Lookup(ctx, host)
		if err != nil {
			return nil, err
		}
		if len(ips) == 0 {
			return nil, &net.DNSError{Err: "no addresses", Name: host, IsNotFound: true}
		}
	}
	var first error
	for _, ip := range ips {
		conn, err := d.DialContext(ctx, network, net.JoinHostPort(ip.Unmap().String(), port))
		if err == nil {
			return conn, nil
		}
		var de *destinationError
		if errors.As(err, &de) && de.host == "" {
			de.host = host
		}
		if first == nil {
			first = err
		}
		if ctx.Err() != nil {
			break
		}
	}
	return nil, first
}

// Answer is the JSON of /api/robots, and the fetch part of
// /api/sitemap's.
type Answer struct {
	Code      string `json:"code"`
	RobotsURL string `json:"robotsUrl,omitempty"`
	// URL is what was asked for: the robots.txt URL or the sitemap.
	URL      string `json:"url"`
	FinalURL string `json:"finalUrl"`
	Status   int    `json:"status"`
	// Redirects are the URLs redirected to, in order; Hops every request
	// made with its status.
	Redirects       []string `json:"redirects"`
	Hops            []hop    `json:"hops"`
	ContentType     string   `json:"contentType"`
	ContentEncoding string   `json:"contentEncoding"`
	// Size is the body's size in bytes, decoded; SizeKnown is false when
	// reading stopped before the end (then Size is how much was read).
	Size      int64 `json:"size"`
	SizeKnown bool  `json:"sizeKnown"`
	Truncated bool  `json:"truncated"`
	// Body is the bytes kept (robots.txt: the first 500 KiB), base64 in
	// JSON so any byte survives. Sitemap answers leave it out.
	Body      []byte `json:"body,omitempty"`
	ElapsedMs int64  `json:"elapsedMs"`
	Error     string `json:"error"`
}

type hop struct {
	URL    string `json:"url"`
	Status int    `json:"status"`
}

// fetchPlan says how much of a body to keep and count.
type fetchPlan struct {
	keep    int64 // bytes kept
	count   int64 // bytes counted (decoded) before the size is "more than"
	timeout time.Duration
	tooBig  string // when set, a body longer than keep is this error (code too-large)
}

// get fetches target, following at most engine.MaxRedirects redirects,
// and fills the fetch part of an answer.
func (a *API) get(ctx context.Context, target string, plan fetchPlan) (ans Answer) {
	start := time.Now()
	ans = Answer{URL: target, FinalURL: target, Redirects: []string{}, Hops: []hop{}}
	defer func() { ans.ElapsedMs = time.Since(start).Milliseconds() }()
	ctx, cancel := context.WithTimeout(ctx, plan.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, target, nil)
	if err != nil {
		ans.Code, ans.Error = codeBadURL, "The URL "+strconv.Quote(target)+" cannot be requested ("+err.Error()+"); check it."
		return ans
	}
	req.Header.Set("User-Agent", fetchUserAgent)
	req.Header.Set("Accept-Encoding", "gzip, deflate, br")
	tooMany := false
	client := &http.Client{
		Transport: a.transport,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			// req.Response is the redirect that led here.
			ans.Hops = append(ans.Hops, hop{via[len(via)-1].URL.String(), req.Response.StatusCode})
			ans.Redirects = append(ans.Redirects, req.URL.String())
			if len(via) > engine.MaxRedirects {
				tooMany = true
				return http.ErrUseLastResponse
			}
			if req.URL.Scheme != "http" && req.URL.Scheme != "https" {
				return &destinationError{host: req.URL.String(), reason: "it is not an http or https URL"}
			}
			if err := hostZoneRefused(req.URL.Hostname()); err != nil {
				return err
			}
			if oddIPv4(req.URL.Hostname()) {
				return &destinationError{host: req.URL.Hostname(), reason: "it is an IPv4 address written in an unusual form (a single number, hexadecimal or octal)"}
			}
			req.Header.Set("User-Agent", fetchUserAgent)
			return nil
		},
	}
	resp, err := client.Do(req)
	if err != nil {
		ans.Code, ans.Error = classify(err, ctx)
		return ans
	}
	defer resp.Body.Close()
	if !tooMany { // else CheckRedirect recorded this answer already
		ans.Hops = append(ans.Hops, hop{resp.Request.URL.String(), resp.StatusCode})
	}
	ans.FinalURL = resp.Request.URL.String()
	ans.Status = resp.StatusCode
	ans.ContentType = resp.Header.Get("Content-Type")
	ans.ContentEncoding = resp.Header.Get("Content-Encoding")
	ans.Code = CodeOK
	if tooMany {
		// The hop not followed is the last one recorded; the final URL is
		// the one that answered with it.
		ans.FinalURL = resp.Request.URL.String()
		ans.Code = CodeTooManyRedirects
		ans.Error = "More than " + strconv.Itoa(engine.MaxRedirects) + " redirects: Google stops after " + strconv.Itoa(engine.MaxRedirects) +
			" hops and treats robots.txt as missing (404); serve it with 200 at most " + strconv.Itoa(engine.MaxRedirects) + " hops away."
		return ans
	}
	body, decodeErr := decodedBody(resp)
	if decodeErr != nil {
		ans.Status, ans.Code, ans.Error = 0, codeEncoding, decodeErr.Error()
		return ans
	}
	defer body.Close()
	hint := int64(0)
	if ans.ContentEncoding == "" {
		hint = resp.ContentLength // -1 when not said
	}
	buf, err := readCounted(ctx, body, plan.keep+1, hint, budgetOf(ctx))
	var full *budgetError
	if errors.As(err, &full) {
		ans.Code, ans.Error, ans.Status = codeBusy, full.Error(), 0
		return ans
	}
	if err != nil {
		ans.Code, ans.Error = classify(err, ctx)
		ans.Status = 0
		return ans
	}
	ans.Size, ans.SizeKnown = int64(len(buf)), true
	if int64(len(buf)) > plan.keep {
		ans.Truncated = true
		buf = buf[:plan.keep]
		if plan.tooBig != "" {
			ans.Code, ans.Error, ans.SizeKnown = codeTooLarge, plan.tooBig, false
			return ans
		}
		if ans.ContentEncoding == "" && resp.ContentLength > plan.keep {
			ans.Size = resp.ContentLength
		} else {
			// Count the rest, up to the cap; a failure while counting
			// leaves what Google reads intact, so it only makes the
			// size unknown.
			n, err := io.Copy(io.Discard, io.LimitReader(body, plan.count-ans.Size+1))
			ans.Size += n
			ans.SizeKnown = err == nil && ans.Size <= plan.count
			ans.Size = min(ans.Size, plan.count)
		}
	}
	ans.Body = buf
	return ans
}

// classify names the class of a failed request: a code and a sentence with
// what to do.
func classify(err error, ctx context.Context) (code, sentence string) {
	var de *destinationError
	var dns *net.DNSError
	var cert *tls.CertificateVerificationError
	var unknownAuth x509.UnknownAuthorityError
	var hostname x509.HostnameError
	var invalid x509.CertificateInvalidError
	var record tls.RecordHeaderError
	var alert tls.AlertError
	var netErr net.Error
	switch {
	case errors.As(err, &de):
		return codeRefusedDestination, "Refused destination: " + de.Error() + "."
	case errors.As(err, &dns):
		return codeDNS, "DNS error: the host name " + dns.Name + " does not resolve (" + dns.Err + "); check its spelling, or that the domain's DNS is set up. Google treats this as a server error."
	case errors.Is(err, syscall.ECONNREFUSED):
		return codeRefused, "Connection refused: nothing listens on that host and port; check that the web server runs. Google treats this as a server error."
	case errors.Is(err, context.DeadlineExceeded) || ctx.Err() != nil || errors.As(err, &netErr) && netErr.Timeout() || errors.Is(err, os.ErrDeadlineExceeded):
		return codeTimeout, "Timeout: the server did not answer in time (this tester waits " + seconds(int(connectTimeout.Seconds())) + " to connect, " +
			seconds(int(headerTimeout.Seconds())) + " for the headers, and " + seconds(int(robotsTimeout.Seconds())) + " in all for a robots.txt, " +
			seconds(int(sitemapTimeout.Seconds())) + " for a sitemap); check that it is up and not overloaded. Google treats this as a server error."
	case errors.As(err, &cert), errors.As(err, &unknownAuth), errors.As(err, &hostname), errors.As(err, &invalid),
		errors.As(err, &record), errors.As(err, &alert), strings.Contains(err.Error(), "tls: "):
		return codeTLS, "TLS error: " + tlsDetail(err) + "; fix the site's HTTPS certificate or set-up. Google cannot fetch the file either."
	case errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.EPIPE), errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return codeReset, "Connection reset: the server closed the connection before the whole answer arrived; check the server's logs. Google treats this as a server error."
	}
	return codeNetwork, "Network error: " + err.Error() + "; the answer was not valid HTTP. Google treats this as a server error."
}

// tlsDetail is the TLS error without Go's request prefix.
func tlsDetail(err error) string {
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	return err.Error()
}

// ServeHTTP routes /api/*. The server puts its security headers on every
// answer before it calls this (withAPI in the root's server.go).
func (a *API) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	var serve func(http.ResponseWriter, *http.Request, string)
	switch r.URL.Path {
	case "/api/robots":
		serve = a.serveRobots
	case "/api/sitemap":
		serve = a.serveSitemap
	default:
		writeJSON(w, http.StatusNotFound, APIError{Code: codeNotFound, Error: "There is no " + r.URL.Path + " here: the tester's endpoints are /api/robots?url=URL and /api/sitemap?url=URL."})
		return
	}
	if !a.opts.Enabled {
		writeJSON(w, http.StatusNotFound, APIError{Code: codeDisabled, Error: "Live fetching is turned off on this server (it was started with -fetch=false): paste the robots.txt, or open it with \"Open robots.txt…\"."})
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		writeJSON(w, http.StatusMethodNotAllowed, APIError{Code: codeMethod, Error: "Only GET is answered here: request " + r.URL.Path + "?url=… with GET."})
		return
	}
	raw := r.URL.Query().Get("url")
	if strings.TrimSpace(raw) == "" {
		writeJSON(w, http.StatusBadRequest, APIError{Code: codeBadURL, Error: "Give the site in the url parameter, such as " + r.URL.Path + "?url=https://example.com/."})
		return
	}
	release, code, msg, retry := a.limits.acquire(clientKey(r))
	if release == nil {
		w.Header().Set("Retry-After", strconv.Itoa(retry))
		writeJSON(w, http.StatusTooManyRequests, APIError{Code: code, Error: msg, RetryAfter: retry})
		return
	}
	defer release()
	mem := newRequestBudget(a.opts.RequestMemory, a.memory)
	defer mem.close()
	serve(w, r.WithContext(withBudget(r.Context(), mem)), raw)
}

// APIError is the answer when nothing was fetched.
type APIError struct {
	Code  string `json:"code"`
	Error string `json:"error"`
	// RetryAfter repeats a 429's Retry-After (seconds) for scripts that
	// read only the body, as the page does.
	RetryAfter int `json:"retryAfter,omitempty"`
}

// writeJSON writes v and a newline. "<", ">" and "&" are left as they are
// (SetEscapeHTML false): the answer is never HTML, and escaped they take
// six bytes each, so a sitemap of "&amp;" would answer six times its URLs.
func writeJSON(w http.ResponseWriter, status int, v any) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	var body []byte
	if err := enc.Encode(v); err != nil {
		status, body = http.StatusInternalServerError, []byte(`{"code":"network","error":"The answer could not be written as JSON."}`+"\n")
	} else {
		body = buf.Bytes()
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	w.Write(body)
}

// httpStatusFor is the status of the API's own answer for a fetch.
func httpStatusFor(code string) int {
	switch code {
	case codeRefusedDestination:
		return http.StatusForbidden
	case codeBadURL:
		return http.StatusBadRequest
	case codeBusy:
		return http.StatusTooManyRequests
	}
	return http.StatusOK
}

// serveRobots answers /api/robots?url=U.
func (a *API) serveRobots(w http.ResponseWriter, r *http.Request, raw string) {
	ans, refused := a.Robots(r.Context(), raw)
	if refused != nil {
		writeJSON(w, httpStatusFor(refused.Code), refused)
		return
	}
	writeJSON(w, httpStatusFor(ans.Code), ans)
}

// Robots fetches the robots.txt that governs raw, as Googlebot would:
// the one fetch both /api/robots and `check -robots URL` (internal/commands) make.
// A non-nil APIError means nothing was requested (bad-url, or a
// refused-destination caught before dialling).
func (a *API) Robots(ctx context.Context, raw string) (Answer, *APIError) {
	if !strings.Contains(raw, "://") && !strings.HasPrefix(raw, "/") {
		raw = "https://" + raw // "example.com" is what people type
	}
	if _, code, msg := checkTarget(raw); code != "" {
		return Answer{}, &APIError{Code: code, Error: msg}
	}
	robotsURL, err := engine.RobotsURLFor(raw)
	if err != nil {
		return Answer{}, &APIError{Code: codeBadURL, Error: sentenceOf(err.Error()) + " Give a site such as https://example.com/."}
	}
	if _, code, msg := checkTarget(robotsURL); code != "" {
		return Answer{}, &APIError{Code: code, Error: msg}
	}
	ans := a.get(ctx, robotsURL, fetchPlan{keep: engine.GooglebotFetchLimit, count: RobotsCountLimit, timeout: a.opts.RobotsTimeout})
	ans.RobotsURL = robotsURL
	return ans, nil
}

// sentenceOf capitalises a phrase and ends it with a period.
func sentenceOf(s string) string {
	if s == "" {
		return s
	}
	s = upperFirst(s)
	if !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}

// upperFirst capitalises the first letter of an ASCII phrase.
func upperFirst(s string) string {
	if s != "" && 'a' <= s[0] && s[0] <= 'z' {
		return string(s[0]-'a'+'A') + s[1:]
	}
	return s
}
