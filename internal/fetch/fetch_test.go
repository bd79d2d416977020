package fetch

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"robotstester/engine"

	"github.com/andybalholm/brotli"
)

// Fetch tests talk only to servers they start on 127.0.0.1. Host names are
// mapped to 127.0.0.1 by an injected resolver, and the dial check admits
// exactly the test servers' ports: every other destination meets the
// default rules, so a refusal test names an address and is refused in the
// dialer's Control hook, before connect(2); nothing is ever sent to it.

// fetchSite is a test site: its handler and every path requested of it.
type fetchSite struct {
	srv   *httptest.Server
	port  string
	mu    sync.Mutex
	paths []string
}

func newFetchSite(t *testing.T, h http.Handler) *fetchSite {
	t.Helper()
	s := &fetchSite{}
	s.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.paths = append(s.paths, r.URL.RequestURI())
		s.mu.Unlock()
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(s.srv.Close)
	_, s.port, _ = net.SplitHostPort(s.srv.Listener.Addr().String())
	return s
}

// url is the site under a test host name (resolved to 127.0.0.1).
func (s *fetchSite) url(host, path string) string {
	return "http://" + host + ":" + s.port + path
}

func (s *fetchSite) requested() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.paths...)
}

// testFetchAPI admits 127.0.0.1 on the given ports only, and resolves every
// name ending in ".test" to 127.0.0.1 (except fail.test, which does not
// resolve).
func testFetchAPI(t *testing.T, ports ...string) *API {
	t.Helper()
	admitted := map[uint16]bool{}
	for _, p := range ports {
		n, _ := strconv.Atoi(p)
		admitted[uint16(n)] = true
	}
	return NewAPI(Options{
		Enabled: true,
		Lookup:  testLookup,
		Allow: func(ap netip.AddrPort) error {
			if ap.Addr() == netip.MustParseAddr("127.0.0.1") && admitted[ap.Port()] {
				return nil
			}
			return destAllowed(ap.Addr(), false)
		},
		RobotsTimeout:  time.Second,
		SitemapTimeout: 5 * time.Second,
		Limits:         limitOptions{PerClientPerMinute: 10000, GlobalPerMinute: 10000},
	})
}

// testLookup maps *.test names to 127.0.0.1 and a few names to the
// addresses a rebinding attack would use; it never asks a real resolver.
func testLookup(_ context.Context, host string) ([]netip.Addr, error) {
	switch {
	case host == "fail.test":
		return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
	case host == "metadata.test":
		return []netip.Addr{netip.MustParseAddr("169.254.169.254")}, nil
	case host == "intranet.test":
		return []netip.Addr{netip.MustParseAddr("10.1.2.3")}, nil
	case host == "rebind.test":
		return []netip.Addr{netip.MustParseAddr("192.168.0.1"), netip.MustParseAddr("fd00::1")}, nil
	case strings.HasSuffix(host, ".test"):
		return []netip.Addr{netip.MustParseAddr("127.0.0.1")}, nil
	}
	return nil, &net.DNSError{Err: "the tests resolve *.test names only", Name: host, IsNotFound: true}
}

// askRobots requests /api/robots?url=u and decodes the answer.
func askAPI(t *testing.T, h http.Handler, path, u string) (int, Answer, http.Header) {
	t.Helper()
	req := httptest.NewRequest("GET", path+"?url="+url.QueryEscape(u), nil)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	var ans Answer
	if ct := rec.Header().Get("Content-Type"); ct != "application/json" {
		t.Fatalf("GET %s?url=%s: Content-Type %q, want application/json; body %s", path, u, ct, rec.Body)
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &ans); err != nil {
		t.Fatalf("GET %s?url=%s: %v in %s", path, u, err, rec.Body)
	}
	return rec.Code, ans, rec.Header()
}

func askRobots(t *testing.T, h http.Handler, u string) (int, Answer) {
	t.Helper()
	code, ans, _ := askAPI(t, h, "/api/robots", u)
	return code, ans
}

func TestFetchStatuses(t *testing.T) {
	robots := "User-agent: *\nDisallow: /private\n"
	site := newFetchSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.Host[:strings.IndexByte(r.Host, '.')] {
		case "ok":
			w.Header().Set("Content-Type", "text/plain")
			io.WriteString(w, robots)
		case "missing":
			http.NotFound(w, r)
		case "forbidden":
			http.Error(w, "no", http.StatusForbidden)
		case "busy":
			http.Error(w, "slow down", http.StatusTooManyRequests)
		case "broken":
			http.Error(w, "oops", http.StatusInternalServerError)
		case "unavailable":
			http.Error(w, "later", http.StatusServiceUnavailable)
		}
	}))
	h := testFetchAPI(t, site.port)
	tests := []struct {
		host   string
		status int
		effect engine.Effect
	}{
		{"ok", 200, engine.EffectConditional},
		{"missing", 404, engine.EffectFullAllow},
		{"forbidden", 403, engine.EffectFullAllow},
		{"busy", 429, engine.EffectFullDisallow},
		{"broken", 500, engine.EffectFullDisallow},
		{"unavailable", 503, engine.EffectFullDisallow},
	}
	for _, tt := range tests {
		code, ans := askRobots(t, h, site.url(tt.host+".test", "/"))
		if code != 200 || ans.Code != CodeOK || ans.Error != "" {
			t.Errorf("%s: HTTP %d, code %q, error %q; want 200, ok, no error", tt.host, code, ans.Code, ans.Error)
		}
		if ans.Status != tt.status {
			t.Errorf("%s: status %d, want %d", tt.host, ans.Status, tt.status)
		}
		if got := engine.OutcomeFor(engine.Answer{Status: ans.Status}).Effect; got != tt.effect {
			t.Errorf("%s: the engine reads status %d as %v, want %v", tt.host, ans.Status, got, tt.effect)
		}
		if want := site.url(tt.host+".test", "/robots.txt"); ans.RobotsURL != want || ans.FinalURL != want {
			t.Errorf("%s: robotsUrl %q, finalUrl %q, want both %q", tt.host, ans.RobotsURL, ans.FinalURL, want)
		}
	}
	_, ans := askRobots(t, h, site.url("ok.test", "/"))
	if string(ans.Body) != robots || ans.Size != int64(len(robots)) || !ans.SizeKnown || ans.Truncated || ans.ContentType != "text/plain" {
		t.Errorf("200: body %q size %d known %v truncated %v type %q; want the file, %d bytes", ans.Body, ans.Size, ans.SizeKnown, ans.Truncated, ans.ContentType, len(robots))
	}
	if len(ans.Redirects) != 0 || len(ans.Hops) != 1 || ans.Hops[0].Status != 200 {
		t.Errorf("200: redirects %v, hops %v; want none and one 200 hop", ans.Redirects, ans.Hops)
	}
}

func TestFetchOnlyRobotsTxt(t *testing.T) {
	site := newFetchSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "User-agent: *\n") }))
	h := testFetchAPI(t, site.port)
	for _, u := range []string{
		site.url("shop.test", "/admin/secret?token=1"),
		site.url("shop.test", "/robots.txt"),
		site.url("SHOP.test", "/a/../../etc/passwd"),
		"shop.test:" + site.port + "/x", // no scheme: https is assumed, so this one fails TLS
	} {
		askRobots(t, h, u)
	}
	for _, p := range site.requested() {
		if p != "/robots.txt" {
			t.Errorf("the site was asked for %q; only /robots.txt may be fetched", p)
		}
	}
}

func TestFetchIDN(t *testing.T) {
	var hosts []string
	var mu sync.Mutex
	site := newFetchSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		hosts = append(hosts, r.Host)
		mu.Unlock()
		io.WriteString(w, "User-agent: *\n")
	}))
	h := testFetchAPI(t, site.port)
	_, ans := askRobots(t, h, site.url("www.müller.test", "/seite"))
	want := site.url("www.xn--mller-kva.test", "/robots.txt")
	if ans.RobotsURL != want || ans.Status != 200 {
		t.Fatalf("robotsUrl %q status %d (%s), want %q and 200", ans.RobotsURL, ans.Status, ans.Error, want)
	}
	if len(hosts) != 1 || hosts[0] != "www.xn--mller-kva.test:"+site.port {
		t.Errorf("Host headers %q, want the punycode host", hosts)
	}
}

func TestFetchRedirects(t *testing.T) {
	site := newFetchSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// chainN.test redirects N times, then serves the file.
		host := r.Host[:strings.IndexByte(r.Host, '.')]
		n, _ := strconv.Atoi(strings.TrimPrefix(host, "chain"))
		step, _ := strconv.Atoi(r.URL.Query().Get("step"))
		if step < n {
			http.Redirect(w, r, "/robots.txt?step="+strconv.Itoa(step+1), http.StatusMovedPermanently)
			return
		}
		io.WriteString(w, "User-agent: *\nDisallow: /\n")
	}))
	h := testFetchAPI(t, site.port)

	code, ans := askRobots(t, h, site.url("chain5.test", "/"))
	if code != 200 || ans.Code != CodeOK || ans.Status != 200 || len(ans.Redirects) != 5 || len(ans.Hops) != 6 {
		t.Fatalf("5 redirects: HTTP %d code %q status %d, %d redirects, %d hops (%s); want ok, 200, 5, 6", code, ans.Code, ans.Status, len(ans.Redirects), len(ans.Hops), ans.Error)
	}
	for i, r := range ans.Redirects {
		if want := site.url("chain5.test", "/robots.txt?step="+strconv.Itoa(i+1)); r != want {
			t.Errorf("redirect %d: %q, want %q", i+1, r, want)
		}
		if ans.Hops[i].Status != 301 {
			t.Errorf("hop %d: status %d, want 301", i+1, ans.Hops[i].Status)
		}
	}
	if ans.FinalURL != ans.Redirects[4] || string(ans.Body) != "User-agent: *\nDisallow: /\n" {
		t.Errorf("5 redirects: final %q body %q", ans.FinalURL, ans.Body)
	}
	if o := engine.OutcomeFor(engine.Answer{Status: ans.Status, Redirects: len(ans.Redirects)}); o.Effect != engine.EffectConditional {
		t.Errorf("5 redirects then 200: %v, want conditional", o.Effect)
	}

	code, ans = askRobots(t, h, site.url("chain6.test", "/"))
	if code != 200 || ans.Code != CodeTooManyRedirects || ans.Status != 301 || !strings.Contains(ans.Error, "More than 5 redirects") {
		t.Fatalf("6 redirects: HTTP %d code %q status %d error %q; want too-many-redirects, 301", code, ans.Code, ans.Status, ans.Error)
	}
	if len(ans.Hops) != 6 || ans.Body != nil {
		t.Errorf("6 redirects: %d hops, body %q; want 6 requests made and no body", len(ans.Hops), ans.Body)
	}
	if got := len(site.requested()); got != 6+6 {
		t.Errorf("the site got %d requests for both chains, want 12 (the 7th of the long chain is never made)", got)
	}
	if o := engine.OutcomeFor(engine.Answer{Status: ans.Status, Redirects: engine.MaxRedirects}); o.Effect != engine.EffectFullAllow {
		t.Errorf("6 redirects: %v, want full allow (read as 404)", o.Effect)
	}
}

func TestFetchRedirectToRefusedDestination(t *testing.T) {
	other := newFetchSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t.Errorf("the refused destination was contacted: %s", r.URL)
	}))
	for _, target := range []string{
		"http://169.254.169.254/latest/meta-data/",
		"http://[::ffff:169.254.169.254]/",
		"http://10.0.0.1/robots.txt",
		"http://metadata.test/",
		"http://2130706433/",
		"http://0x7f.1/",
		"http://127.0.0.1:" + other.port + "/", // loopback, but not an admitted port
		"ftp://example.com/robots.txt",
		"file:///etc/passwd",
	} {
		site := newFetchSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, target, http.StatusFound)
		}))
		h := testFetchAPI(t, site.port)
		code, ans := askRobots(t, h, site.url("www.test", "/"))
		if code != http.StatusForbidden || ans.Code != codeRefusedDestination || !strings.HasPrefix(ans.Error, "Refused destination") {
			t.Errorf("redirect to %s: HTTP %d code %q error %q; want 403, refused-destination", target, code, ans.Code, ans.Error)
		}
		if len(ans.Redirects) != 1 || len(ans.Hops) != 1 || ans.Hops[0].Status != 302 {
			t.Errorf("redirect to %s: redirects %v hops %v; want the hop recorded", target, ans.Redirects, ans.Hops)
		}
	}
}

// TestFetchRefusesByDefault: with the default policy (no test admission,
// -fetch-allow-private off) every private, loopback, link-local and
// special address is refused in the dialer, whatever spelling names it.
func TestFetchRefusesByDefault(t *testing.T) {
	h := NewAPI(Options{Enabled: true, Lookup: testLookup, Limits: limitOptions{PerClientPerMinute: 10000, GlobalPerMinute: 10000}})
	for _, host := range []string{
		"127.0.0.1", "127.9.9.9", "10.0.0.1", "172.16.0.1", "172.31.255.254", "192.168.1.1",
		"169.254.169.254", "169.254.0.1", "100.64.0.1", "100.127.255.254", "0.0.0.0", "0.1.2.3",
		"224.0.0.1", "239.255.255.250", "255.255.255.255", "240.0.0.1",
		"[::1]", "[::]", "[fc00::1]", "[fd12:3456::1]", "[fe80::1]", "[ff02::1]", "[fec0::1]",
		"[::ffff:127.0.0.1]", "[::ffff:7f00:1]", "[::ffff:10.0.0.1]", "[::ffff:169.254.169.254]",
		"[::ffff:0:7f00:1]", "[64:ff9b::7f00:1]", "[64:ff9b::a9fe:a9fe]", "[2002:7f00:1::]", "[::127.0.0.1]",
		"2130706433", "0x7f.1", "017700000001", "0x7f000001", "0177.0.0.1", "127.1", "0x7f.0x0.0x0.0x1",
		"localhost.test", "metadata.test", "intranet.test", "rebind.test",
	} {
		for _, endpoint := range []string{"/api/robots", "/api/sitemap"} {
			code, ans, _ := askAPI(t, h, endpoint, "http://"+host+"/sitemap.xml")
			if code != http.StatusForbidden || ans.Code != codeRefusedDestination {
				t.Errorf("%s http://%s/: HTTP %d code %q error %q; want 403 refused-destination", endpoint, host, code, ans.Code, ans.Error)
			}
		}
	}
	// Public addresses pass the check (nothing is dialled here).
	for _, ip := range []string{"8.8.8.8", "93.184.216.34", "2606:4700::1111", "::ffff:8.8.8.8", "100.128.0.1", "172.32.0.1"} {
		if err := destAllowed(netip.MustParseAddr(ip), false); err != nil {
			t.Errorf("%s refused: %v", ip, err)
		}
	}
}

func TestFetchAllowPrivate(t *testing.T) {
	site := newFetchSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "User-agent: *\n") }))
	h := NewAPI(Options{Enabled: true, AllowPrivate: true, Lookup: testLookup})
	if _, ans := askRobots(t, h, site.url("127.0.0.1", "/")); ans.Status != 200 {
		t.Errorf("-fetch-allow-private: loopback site: status %d (%s), want 200", ans.Status, ans.Error)
	}
	for _, ip := range []string{"10.0.0.1", "192.168.1.1", "172.16.0.1", "100.64.0.1", "fd00::1", "::1", "::ffff:10.0.0.1"} {
		if err := destAllowed(netip.MustParseAddr(ip), true); err != nil {
			t.Errorf("-fetch-allow-private: %s refused: %v", ip, err)
		}
	}
	for _, ip := range []string{"169.254.169.254", "fe80::1", "224.0.0.1", "255.255.255.255", "0.0.0.0", "::", "::ffff:169.254.169.254"} {
		if err := destAllowed(netip.MustParseAddr(ip), true); err == nil {
			t.Errorf("-fetch-allow-private: %s allowed; link-local, multicast, broadcast and unspecified stay refused", ip)
		}
	}
}

func TestFetchNetworkErrors(t *testing.T) {
	slow := newFetchSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-time.After(5 * time.Second):
		case <-r.Context().Done():
		}
	}))
	slowBody := newFetchSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "1000")
		io.WriteString(w, "User-agent: *\n")
		w.(http.Flusher).Flush()
		select {
		case <-time.After(5 * time.Second):
		case <-r.Context().Done():
		}
	}))
	reset := newFetchSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		conn, _, err := w.(http.Hijacker).Hijack()
		if err != nil {
			return
		}
		conn.(*net.TCPConn).SetLinger(0) // close with RST
		conn.Close()
	}))
	cutShort := newFetchSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		conn, buf, err := w.(http.Hijacker).Hijack()
		if err != nil {
			return
		}
		buf.WriteString("HTTP/1.1 200 OK\r\nContent-Length: 500\r\n\r\nUser-agent: *\n")
		buf.Flush()
		conn.(*net.TCPConn).SetLinger(0)
		conn.Close()
	}))
	tlsSite := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "User-agent: *\n") }))
	t.Cleanup(tlsSite.Close)
	_, tlsPort, _ := net.SplitHostPort(tlsSite.Listener.Addr().String())
	// A port that was just free: nothing listens there.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	_, closedPort, _ := net.SplitHostPort(ln.Addr().String())
	ln.Close()

	h := testFetchAPI(t, slow.port, slowBody.port, reset.port, cutShort.port, tlsPort, closedPort)
	tests := []struct {
		name, url, code, words string
	}{
		{"timeout before headers", slow.url("slow.test", "/"), codeTimeout, "Timeout"},
		{"timeout in the body", slowBody.url("slow.test", "/"), codeTimeout, "Timeout"},
		{"reset", reset.url("reset.test", "/"), codeReset, "reset"},
		{"closed mid-body", cutShort.url("cut.test", "/"), codeReset, "reset"},
		{"DNS failure", "http://fail.test/", codeDNS, "DNS"},
		{"connection refused", "http://refused.test:" + closedPort + "/", codeRefused, "refused"},
		{"TLS", "https://tls.test:" + tlsPort + "/", codeTLS, "TLS"},
	}
	// The slow servers answer after 5 s: a fetch whose total timeout (1 s
	// in tests) did not hold would get their answer, not codeTimeout, so
	// the code checks the timeout without timing the test.
	for _, tt := range tests {
		code, ans := askRobots(t, h, tt.url)
		if code != 200 || ans.Code != tt.code || ans.Status != 0 || !strings.Contains(ans.Error, tt.words) {
			t.Errorf("%s: HTTP %d code %q status %d error %q; want 200, %s, status 0, an error naming %q", tt.name, code, ans.Code, ans.Status, ans.Error, tt.code, tt.words)
		}
		if tt.code == codeTimeout && ans.ElapsedMs < 900 {
			t.Errorf("%s: elapsedMs %d, want about the 1 s timeout", tt.name, ans.ElapsedMs)
		}
		if o := engine.OutcomeFor(engine.Answer{Kind: engine.AnswerNetworkError}); o.Effect != engine.EffectFullDisallow {
			t.Errorf("network error: %v, want full disallow", o.Effect)
		}
	}
}

func TestFetchSizeLimit(t *testing.T) {
	line := "Disallow: /a-path-that-is-long-enough-to-fill-the-file-quickly\n"
	big := "User-agent: *\n" + strings.Repeat(line, 700*1024/len(line)+1)
	big = big[:700*1024]
	site := newFetchSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.Host, "gz.") {
			w.Header().Set("Content-Encoding", "gzip")
			zw := gzip.NewWriter(w)
			io.WriteString(zw, big)
			zw.Close()
			return
		}
		io.WriteString(w, big)
	}))
	h := testFetchAPI(t, site.port)
	for _, host := range []string{"plain.test", "gz.test"} {
		_, ans := askRobots(t, h, site.url(host, "/"))
		if !ans.Truncated || len(ans.Body) != engine.GooglebotFetchLimit || string(ans.Body) != big[:engine.GooglebotFetchLimit] {
			t.Errorf("%s: truncated %v, %d bytes kept; want the first 500 KiB exactly", host, ans.Truncated, len(ans.Body))
		}
		if ans.Size != 700*1024 || !ans.SizeKnown {
			t.Errorf("%s: size %d (known %v), want %d", host, ans.Size, ans.SizeKnown, 700*1024)
		}
	}
}

func TestFetchEncodings(t *testing.T) {
	// Bytes that are not UTF-8, a BOM, CRLF and a NUL: all must survive.
	body := "\xef\xbb\xbfUser-agent: *\r\nDisallow: /caf\xe9\r\nDisallow: /\xff\xfe\x00x\n"
	encode := map[string]func(io.Writer) io.WriteCloser{
		"gzip":    func(w io.Writer) io.WriteCloser { return gzip.NewWriter(w) },
		"deflate": func(w io.Writer) io.WriteCloser { return zlib.NewWriter(w) },
		"br":      func(w io.Writer) io.WriteCloser { return brotli.NewWriter(w) },
	}
	site := newFetchSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if got := r.Header.Get("Accept-Encoding"); got != "gzip, deflate, br" {
			t.Errorf("Accept-Encoding %q, want gzip, deflate, br", got)
		}
		if ua := r.Header.Get("User-Agent"); !strings.Contains(ua, "robots-txt-tester") || strings.Contains(ua, "Googlebot") {
			t.Errorf("User-Agent %q: it must name the tester and not pretend to be Googlebot", ua)
		}
		coding := r.Host[:strings.IndexByte(r.Host, '.')]
		enc, ok := encode[coding]
		if !ok {
			if coding == "zstd" {
				w.Header().Set("Content-Encoding", "zstd")
				io.WriteString(w, "not really zstd")
				return
			}
			io.WriteString(w, body)
			return
		}
		w.Header().Set("Content-Encoding", coding)
		zw := enc(w)
		io.WriteString(zw, body)
		zw.Close()
	}))
	h := testFetchAPI(t, site.port)
	for _, coding := range []string{"identity", "gzip", "deflate", "br"} {
		_, ans := askRobots(t, h, site.url(coding+".test", "/"))
		if ans.Code != CodeOK || !bytes.Equal(ans.Body, []byte(body)) {
			t.Errorf("%s: code %q (%s) body %q, want the bytes exactly: %q", coding, ans.Code, ans.Error, ans.Body, body)
		}
	}
	_, ans := askRobots(t, h, site.url("zstd.test", "/"))
	if ans.Code != codeEncoding || !strings.Contains(ans.Error, "zstd") {
		t.Errorf("zstd: code %q error %q, want encoding and a sentence naming it", ans.Code, ans.Error)
	}
}

// gzipBomb is n zero bytes gzipped: about 1 KB per MB.
func gzipBomb(n int) []byte {
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	zero := make([]byte, 1<<20)
	for ; n > 0; n -= len(zero) {
		zw.Write(zero[:min(n, len(zero))])
	}
	zw.Close()
	return b.Bytes()
}

func TestFetchGzipBomb(t *testing.T) {
	bomb := gzipBomb(200 << 20) // 200 MiB of zeros in about 200 KB
	site := newFetchSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			w.Header().Set("Content-Encoding", "gzip")
		}
		w.Write(bomb)
	}))
	h := testFetchAPI(t, site.port)
	_, ans := askRobots(t, h, site.url("bomb.test", "/"))
	if ans.Code != CodeOK || !ans.Truncated || len(ans.Body) != engine.GooglebotFetchLimit {
		t.Errorf("robots.txt bomb: code %q (%s) truncated %v body %d; want ok, cut at 500 KiB", ans.Code, ans.Error, ans.Truncated, len(ans.Body))
	}
	if ans.SizeKnown || ans.Size > RobotsCountLimit {
		t.Errorf("robots.txt bomb: size %d known %v; reading must stop at %d bytes with the size unknown", ans.Size, ans.SizeKnown, RobotsCountLimit)
	}
	_, sm, _ := askAPI(t, h, "/api/sitemap", site.url("bomb.test", "/sitemap.xml.gz"))
	if sm.Code != codeTooLarge || !strings.Contains(sm.Error, "50 MB") {
		t.Errorf("sitemap bomb: code %q error %q; want too-large and a sentence naming 50 MB", sm.Code, sm.Error)
	}
}

func TestFetchBadURL(t *testing.T) {
	h := testFetchAPI(t)
	for _, u := range []string{"", "   ", "ftp://example.com/", "javascript:alert(1)", "file:///etc/passwd", "http://", "http://exa mple.com/", "http://example.com:99999/", "http://1.2.3.4.5/", "/robots.txt", "//"} {
		code, ans := askRobots(t, h, u)
		if code != http.StatusBadRequest || ans.Code != codeBadURL || ans.Error == "" {
			t.Errorf("url=%q: HTTP %d code %q error %q; want 400 bad-url with a sentence", u, code, ans.Code, ans.Error)
		}
	}
}

func TestFetchDisabled(t *testing.T) {
	h := NewAPI(Options{Enabled: false})
	for _, p := range []string{"/api/robots", "/api/sitemap"} {
		code, ans, _ := askAPI(t, h, p, "https://example.com/")
		if code != http.StatusNotFound || ans.Code != codeDisabled || !strings.Contains(ans.Error, "-fetch=false") {
			t.Errorf("%s with -fetch=false: HTTP %d code %q error %q; want 404 disabled", p, code, ans.Code, ans.Error)
		}
	}
	code, ans, _ := askAPI(t, h, "/api/other", "x")
	if code != http.StatusNotFound || ans.Code != codeNotFound {
		t.Errorf("/api/other: HTTP %d code %q, want 404 not-found", code, ans.Code)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("POST", "/api/robots?url=x", nil))
	if rec.Header().Get("Cache-Control") != "no-store" {
		t.Errorf("API answers carry no-store; got %v", rec.Header())
	}
}

func TestFetchRateLimits(t *testing.T) {
	now := time.Unix(1_700_000_000, 0)
	l := newLimiter(limitOptions{PerClientConcurrent: 2, PerClientPerMinute: 3, GlobalConcurrent: 3, GlobalPerMinute: 5, Now: func() time.Time { return now }})
	r1, _, _, _ := l.acquire("a")
	r2, _, _, _ := l.acquire("a")
	if r1 == nil || r2 == nil {
		t.Fatal("the first two fetches of a client were refused")
	}
	if r, code, msg, _ := l.acquire("a"); r != nil || code != codeRateLimited || !strings.Contains(msg, "at once") {
		t.Errorf("a third concurrent fetch: code %q %q; want rate-limited (at once)", code, msg)
	}
	r1()
	r1() // releasing twice is harmless
	r3, _, _, _ := l.acquire("a")
	if r3 == nil {
		t.Fatal("after one finished, a third fetch was refused")
	}
	r2()
	r3()
	if r, code, msg, retry := l.acquire("a"); r != nil || code != codeRateLimited || !strings.Contains(msg, "3 a minute") || retry != 20 {
		t.Errorf("a fourth fetch in the minute: code %q %q retry %d; want rate-limited, 3 a minute, 20 s", code, msg, retry)
	}
	now = now.Add(20 * time.Second)
	r4, _, _, _ := l.acquire("a")
	if r4 == nil {
		t.Fatal("20 s later (one token back) the fetch was refused")
	}
	r4()
	b1, _, _, _ := l.acquire("b")
	if r, code, _, _ := l.acquire("c"); r == nil || code != "" {
		t.Fatalf("global per minute: the 5th fetch was refused with %q", code)
	} else {
		r()
	}
	if r, code, msg, _ := l.acquire("d"); r != nil || code != codeBusy || !strings.Contains(msg, "this minute") {
		t.Errorf("the 6th fetch in a minute: code %q %q; want busy (this minute)", code, msg)
	}
	b1()
	now = now.Add(time.Minute)
	var running []func()
	for _, c := range []string{"e", "f", "g"} {
		r, _, _, _ := l.acquire(c)
		if r == nil {
			t.Fatalf("client %s refused", c)
		}
		running = append(running, r)
	}
	if r, code, msg, _ := l.acquire("h"); r != nil || code != codeBusy || !strings.Contains(msg, "busy") {
		t.Errorf("a 4th fetch while 3 run (global cap 3): code %q %q; want busy", code, msg)
	}
	for _, r := range running {
		r()
	}

	// Over HTTP: 429, Retry-After and a sentence.
	site := newFetchSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "User-agent: *\n") }))
	api := testFetchAPI(t, site.port)
	api.limits = newLimiter(limitOptions{PerClientPerMinute: 2})
	for i := range 3 {
		code, ans, hdr := askAPI(t, api, "/api/robots", site.url("www.test", "/"))
		if i < 2 && code != 200 {
			t.Errorf("fetch %d: HTTP %d %s", i+1, code, ans.Error)
		}
		if i == 2 && (code != http.StatusTooManyRequests || ans.Code != codeRateLimited || hdr.Get("Retry-After") != "30" || !strings.Contains(ans.Error, "wait 30 seconds")) {
			t.Errorf("fetch 3 of a 2-a-minute client: HTTP %d code %q Retry-After %q error %q; want 429", code, ans.Code, hdr.Get("Retry-After"), ans.Error)
		}
	}
	rec429 := httptest.NewRecorder()
	api.ServeHTTP(rec429, httptest.NewRequest("GET", "/api/robots?url="+url.QueryEscape(site.url("www.test", "/")), nil))
	var refusal APIError
	if err := json.Unmarshal(rec429.Body.Bytes(), &refusal); err != nil || refusal.RetryAfter < 1 {
		t.Errorf("a 429's body: %s (%v); want retryAfter in seconds", rec429.Body, err)
	}
	// Another client is not affected.
	req := httptest.NewRequest("GET", "/api/robots?url="+url.QueryEscape(site.url("www.test", "/")), nil)
	req.RemoteAddr = "[2001:db8::1]:5000"
	rec := httptest.NewRecorder()
	api.ServeHTTP(rec, req)
	if rec.Code != 200 {
		t.Errorf("another client: HTTP %d, want 200", rec.Code)
	}
	if k1, k2 := clientKey(&http.Request{RemoteAddr: "[2001:db8::1]:1"}), clientKey(&http.Request{RemoteAddr: "[2001:db8::ffff]:2"}); k1 != k2 {
		t.Errorf("one IPv6 /64 is one client: %q and %q", k1, k2)
	}
}

func TestOddIPv4(t *testing.T) {
	for _, h := range []string{"2130706433", "0x7f.1", "017700000001", "0177.0.0.1", "127.1", "0x7f000001", "0X7F.0.0.1", "1.2.3.04"} {
		if !oddIPv4(h) {
			t.Errorf("oddIPv4(%q) = false, want true", h)
		}
	}
	for _, h := range []string{"127.0.0.1", "192.0.2.1", "example.com", "0x.example", "1.example", "123abc", "deadbeef", "a.0x1", "127.0.0.1.", "1.2.3.4.5"} {
		if oddIPv4(h) {
			t.Errorf("oddIPv4(%q) = true, want false", h)
		}
	}
	// Go's own URL parsing passes these spellings through as host names,
	// so the refusal must be ours.
	for _, h := range []string{"2130706433", "0x7f.1", "017700000001"} {
		if _, err := netip.ParseAddr(h); err == nil {
			t.Errorf("netip.ParseAddr(%q) succeeded; the test's premise changed", h)
		}
	}
}

// TestFetchConcurrentUse runs several fetches at once through one API.
func TestFetchConcurrentUse(t *testing.T) {
	var hits atomic.Int32
	site := newFetchSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		io.WriteString(w, "User-agent: *\n")
	}))
	h := testFetchAPI(t, site.port)
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req := httptest.NewRequest("GET", "/api/robots?url="+url.QueryEscape(site.url("c"+strconv.Itoa(i)+".test", "/")), nil)
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != 200 {
				t.Errorf("fetch %d: %d %s", i, rec.Code, rec.Body)
			}
		}()
	}
	wg.Wait()
	if hits.Load() != 4 {
		t.Errorf("%d requests reached the site, want 4", hits.Load())
	}
}

// TestTimeoutsSaidAsSet: the timeout sentence and the README state the
// limits the fetch runs with (issue 22: a fetch timed out at 10 s, the
// headers' limit, where the README named only 15 s).
func TestTimeoutsSaidAsSet(t *testing.T) {
	s := func(d time.Duration) int { return int(d.Seconds()) }
	_, sentence := classify(context.DeadlineExceeded, context.Background())
	want := fmt.Sprintf("%d seconds to connect, %d seconds for the headers, and %d seconds in all for a robots.txt, %d seconds for a sitemap",
		s(connectTimeout), s(headerTimeout), s(robotsTimeout), s(sitemapTimeout))
	if !strings.Contains(sentence, want) {
		t.Errorf("the timeout sentence %q does not say %q", sentence, want)
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(string(readme)), " ")
	for _, want := range []string{
		fmt.Sprintf("%d s to connect, %d s for the headers and %d s in all (%d s for a sitemap)", s(connectTimeout), s(headerTimeout), s(robotsTimeout), s(sitemapTimeout)),
		fmt.Sprintf("%d s to connect, %d s to the headers, %d s in all", s(connectTimeout), s(headerTimeout), s(robotsTimeout)),
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the README does not say %q", want)
		}
	}
}
