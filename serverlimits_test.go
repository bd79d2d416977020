package main

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"robotstester/internal/fetch"
)

// Regression tests for issue 20's attacks on the server itself, on
// loopback: many ranges, a foreign Host (DNS rebinding) and idle
// connections that locked new clients out. The rate limiter's are in
// internal/fetch (fetchlimit_test.go).

func TestRangesAtMostOne(t *testing.T) {
	site := testSite()
	h := compressedHandler(site)
	many := "bytes=" + strings.TrimSuffix(strings.Repeat("0-0,", 6500), ",")
	rec := get(t, h, "GET", "/app.wasm", map[string]string{"Range": many})
	if rec.Code != http.StatusOK || rec.Body.Len() != len(site["app.wasm"].Data) || strings.Contains(rec.Header().Get("Content-Type"), "multipart") {
		t.Errorf("6,500 ranges: HTTP %d, %d bytes, %s; want the whole file once (200)", rec.Code, rec.Body.Len(), rec.Header().Get("Content-Type"))
	}
	rec = get(t, h, "GET", "/app.wasm", map[string]string{"Range": "bytes=0-0,2-2"})
	if rec.Code != http.StatusOK {
		t.Errorf("two ranges: HTTP %d; want 200 and the whole file", rec.Code)
	}
	if rec = get(t, h, "GET", "/app.wasm", map[string]string{"Range": "bytes=1-2"}); rec.Code != http.StatusPartialContent || rec.Body.String() != "as" {
		t.Errorf("one range: HTTP %d %q; want 206", rec.Code, rec.Body)
	}
}

func TestHostGuard(t *testing.T) {
	site := testSite()
	api := fetch.NewAPI(fetch.Options{Enabled: true})
	ask := func(h http.Handler, host, path string) *httptest.ResponseRecorder {
		req := httptest.NewRequest("GET", path, nil)
		req.Host = host
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	onLoopback := withAPI(compressedHandler(site), fetch.HostGuard(api, true, nil))
	for _, host := range []string{"rebind.example", "rebind.example:8080", "127.0.0.1.nip.io", "localhost.example", "10.0.0.1", "", "[::1%25lo]:80"} {
		rec := ask(onLoopback, host, "/api/robots")
		if rec.Code != http.StatusMisdirectedRequest || !strings.Contains(rec.Body.String(), `"code":"host"`) ||
			!strings.Contains(rec.Body.String(), "start the server with -hosts") {
			t.Errorf("Host %q on loopback: /api/robots HTTP %d %s; want 421 and a sentence", host, rec.Code, rec.Body)
		}
		if rec := ask(onLoopback, host, "/app.wasm"); rec.Code != http.StatusOK {
			t.Errorf("Host %q: a static file answered %d; want 200 (files are served to any Host)", host, rec.Code)
		}
	}
	for _, host := range []string{"localhost", "localhost:8080", "LOCALHOST.:9", "tester.localhost:1", "127.0.0.1:8080", "127.1.2.3", "[::1]:8080", "[::ffff:127.0.0.1]:80"} {
		if rec := ask(onLoopback, host, "/api/robots"); rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), `"code":"bad-url"`) {
			t.Errorf("Host %q on loopback: /api/robots HTTP %d %s; want the API's own answer (400, no url)", host, rec.Code, rec.Body)
		}
	}
	deployed := withAPI(compressedHandler(site), fetch.HostGuard(api, true, []string{"Robots.Example.com"}))
	if rec := ask(deployed, "robots.example.com:443", "/api/robots"); rec.Code != http.StatusBadRequest {
		t.Errorf("a -hosts name: HTTP %d %s; want the API's own answer", rec.Code, rec.Body)
	}
	if rec := ask(deployed, "other.example.com", "/api/robots"); rec.Code != http.StatusMisdirectedRequest || !strings.Contains(rec.Body.String(), "Robots.Example.com") {
		t.Errorf("another name: HTTP %d %s; want 421 naming the answered hosts", rec.Code, rec.Body)
	}
	public := withAPI(compressedHandler(site), fetch.HostGuard(api, false, []string{"robots.example.com"}))
	if rec := ask(public, "localhost", "/api/robots"); rec.Code != http.StatusMisdirectedRequest {
		t.Errorf("on a public address with -hosts, Host localhost: HTTP %d; want 421", rec.Code)
	}
	open := withAPI(compressedHandler(site), fetch.HostGuard(api, false, nil))
	if rec := ask(open, "anything.example", "/api/robots"); rec.Code != http.StatusBadRequest {
		t.Errorf("on 0.0.0.0 without -hosts: HTTP %d; want every Host answered", rec.Code)
	}
	for addr, want := range map[string]bool{"127.0.0.1:8080": true, "[::1]:80": true, "0.0.0.0:80": false, "[::]:80": false, "192.0.2.1:80": false} {
		a, _ := net.ResolveTCPAddr("tcp", addr)
		if got := fetch.ListensOnLoopback(a); got != want {
			t.Errorf("fetch.ListensOnLoopback(%s) = %v", addr, got)
		}
	}
}

// limitedServer serves h on 127.0.0.1 with the connection caps, as main
// does, and returns its address.
func limitedServer(t *testing.T, h http.Handler, max, perClient int) (string, *connLimiter) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	cl := newConnLimiter(ln, max, perClient)
	srv := newServer(ln.Addr().String(), h)
	srv.ConnState = cl.track
	go srv.Serve(cl)
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String(), cl
}

// idleConn makes one request on a new connection and keeps it open, idle.
func idleConn(t *testing.T, addr string) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	fmt.Fprintf(c, "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("the held connection got no answer: %v", err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return c
}

// The cap's worth of idle keep-alive connections do not lock a new client
// out: the longest idle one is closed to make room.
func TestConnCapServesNewClientWhileIdleAreHeld(t *testing.T) {
	const cap = 8
	addr, cl := limitedServer(t, compressedHandler(testSite()), cap, cap)
	var held []net.Conn
	for range cap {
		held = append(held, idleConn(t, addr))
	}
	deadline := time.Now().Add(2 * time.Second)
	for {
		cl.mu.Lock()
		idle := len(cl.idle)
		cl.mu.Unlock()
		if idle == cap || time.Now().After(deadline) {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	start := time.Now()
	client := &http.Client{Timeout: 3 * time.Second, Transport: &http.Transport{}}
	resp, err := client.Get("http://" + addr + "/")
	if err != nil {
		t.Fatalf("a new client while %d idle connections are held: %v", cap, err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	t.Logf("a new client was served in %v while %d idle connections were held (cap %d)", time.Since(start), cap, cap)
	if resp.StatusCode != 200 {
		t.Errorf("a new client: HTTP %d", resp.StatusCode)
	}
	closed := 0
	for _, c := range held {
		c.SetReadDeadline(time.Now().Add(100 * time.Millisecond))
		if _, err := c.Read(make([]byte, 1)); err != nil && !isTimeout(err) {
			closed++
		}
	}
	if closed != 1 {
		t.Errorf("%d held connections were closed; want exactly 1 (the longest idle)", closed)
	}
	cl.mu.Lock()
	open := cl.open
	cl.mu.Unlock()
	if open > cap {
		t.Errorf("%d connections counted open; the cap is %d", open, cap)
	}
}

func isTimeout(err error) bool {
	ne, ok := err.(net.Error)
	return ok && ne.Timeout()
}

// Connections that are all busy (a request's headers arriving slowly) are
// not closed for a newcomer: it is turned away at once, not left waiting.
func TestConnCapRefusesWhenAllBusy(t *testing.T) {
	const cap = 3
	addr, _ := limitedServer(t, compressedHandler(testSite()), cap, cap)
	for range cap {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		fmt.Fprintf(c, "GET / HTTP/1.1\r\nHost: localhost\r\n") // headers not finished: busy
	}
	time.Sleep(50 * time.Millisecond)
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprintf(c, "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
	c.SetReadDeadline(time.Now().Add(2 * time.Second))
	if _, err := c.Read(make([]byte, 1)); err == nil || isTimeout(err) {
		t.Errorf("a new connection over the cap of busy ones: read %v; want it closed at once", err)
	}
}

// One client may hold at most its share: its own idle connection makes
// room, another client's is left alone.
func TestConnCapPerClient(t *testing.T) {
	addr, cl := limitedServer(t, compressedHandler(testSite()), 100, 2)
	// The server counts a connection idle once it has written the
	// answer, which can come after the client has read it and gone on:
	// a pause after each makes a the longest idle (without it, a loaded
	// machine once counted b idle first).
	a := idleConn(t, addr)
	time.Sleep(20 * time.Millisecond)
	b := idleConn(t, addr)
	time.Sleep(20 * time.Millisecond)
	idleConn(t, addr) // the third from 127.0.0.1: the longest idle of its own goes
	a.SetReadDeadline(time.Now().Add(time.Second))
	if _, err := a.Read(make([]byte, 1)); err == nil || isTimeout(err) {
		t.Errorf("the client's longest idle connection: read %v; want it closed", err)
	}
	b.SetReadDeadline(time.Now().Add(100 * time.Millisecond))
	if _, err := b.Read(make([]byte, 1)); !isTimeout(err) {
		t.Errorf("the client's other connection: read %v; want it still open", err)
	}
	cl.mu.Lock()
	n := cl.byClient["127.0.0.1"]
	cl.mu.Unlock()
	if n != 2 {
		t.Errorf("127.0.0.1 holds %d connections; want 2", n)
	}
}
