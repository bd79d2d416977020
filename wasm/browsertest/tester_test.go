//go:build !js

package browsertest

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sync"
	"testing"
	"time"
)

// The tester as a user runs it: the root's binary, built once per test
// process with go build, started for each test that asks on a free loopback
// port (-addr 127.0.0.1:0) and stopped with SIGINT when the test ends. The
// tests reach it only through HTTP, as a browser does.

// root is the repository's root, where go.mod, web/ and the README live.
var root = filepath.Join("..", "..")

// built is the binary, made once by testerBinary; TestMain removes it.
var built struct {
	once sync.Once
	dir  string
	bin  string
	err  error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// testerBinary builds the root's package main (with web/ embedded as it is
// now) into a temporary folder, once per test process.
func testerBinary(t testing.TB) string {
	t.Helper()
	built.once.Do(func() {
		built.dir, built.err = os.MkdirTemp("", "robotstester-browsertest-")
		if built.err != nil {
			return
		}
		built.bin = filepath.Join(built.dir, "robotstester")
		cmd := exec.Command("go", "build", "-o", built.bin, ".")
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			built.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if built.err != nil {
		t.Fatalf("building the tester: %v", built.err)
	}
	return built.bin
}

// listening is the line the binary logs once it listens (server.go, main).
var listening = regexp.MustCompile(`open (http://127\.0\.0\.1:\d+/) in a browser`)

// startTester runs the binary with flags on a free loopback port and returns
// its base URL ending in "/". What it logs is shown when the test fails.
func startTester(t testing.TB, flags ...string) string {
	t.Helper()
	cmd := exec.Command(testerBinary(t), append([]string{"-addr", "127.0.0.1:0"}, flags...)...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting the tester: %v", err)
	}
	var mu sync.Mutex
	var logged []string
	base := make(chan string, 1)
	drained := make(chan struct{})
	go func() {
		defer close(drained)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			mu.Lock()
			logged = append(logged, sc.Text())
			mu.Unlock()
			if m := listening.FindStringSubmatch(sc.Text()); m != nil {
				base <- m[1]
			}
		}
		io.Copy(io.Discard, stderr)
	}()
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		stopped := make(chan error, 1)
		go func() { <-drained; stopped <- cmd.Wait() }()
		select {
		case <-stopped:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-stopped
		}
		if t.Failed() {
			mu.Lock()
			for _, line := range logged {
				t.Log("tester: " + line)
			}
			mu.Unlock()
		}
	})
	select {
	case u := <-base:
		return u
	case <-drained:
		t.Fatalf("the tester exited before it listened: %v", cmd.Wait())
	case <-time.After(30 * time.Second):
		t.Fatal("the tester did not say where it listens within 30 s")
	}
	return ""
}

// serveSite runs the tester with no live fetching (its /api answers 404),
// so the page is the page alone, and returns its base URL.
func serveSite(t testing.TB) string {
	t.Helper()
	return startTester(t, "-fetch=false")
}

// serveWithAPI runs the tester with live fetching on or off. On, it may
// fetch from this machine (-fetch-allow-private), where the tests' sites
// listen; link-local and the like stay refused.
func serveWithAPI(t testing.TB, fetch bool) string {
	t.Helper()
	if !fetch {
		return startTester(t, "-fetch=false")
	}
	return startTester(t, "-fetch-allow-private")
}

// behind serves the tester (started with flags) through h: h gets each
// request first and passes it on with next. The tests use it to count
// requests or to add pages beside the tester's, on one loopback origin.
func behind(t testing.TB, h func(next http.Handler) http.Handler, flags ...string) string {
	t.Helper()
	base, err := url.Parse(startTester(t, flags...))
	if err != nil {
		t.Fatal(err)
	}
	next := httputil.NewSingleHostReverseProxy(base)
	next.Transport = noGzip
	srv := httptest.NewServer(h(next))
	t.Cleanup(srv.Close)
	return srv.URL + "/"
}

// noGzip passes requests on as the browser sent them: no Accept-Encoding
// added, no body inflated, so what the browser gets is what the tester sent.
var noGzip = &http.Transport{DisableCompression: true}

// waitCompressed waits until the tester at base sends its files compressed
// (it makes the gzip forms after it starts), so a benchmark measures the
// transfer a visitor gets.
func waitCompressed(t testing.TB, base string) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for _, name := range []string{"app.wasm", "core.wasm"} {
		for {
			req, _ := http.NewRequestWithContext(context.Background(), http.MethodHead, base+name, nil)
			req.Header.Set("Accept-Encoding", "gzip")
			resp, err := noGzip.RoundTrip(req)
			if err == nil {
				resp.Body.Close()
				if resp.Header.Get("Content-Encoding") == "gzip" {
					break
				}
			}
			if time.Now().After(deadline) {
				t.Fatalf("the tester did not send %s gzipped within a minute (%v)", name, err)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
}

// fetchSite is a web site the tester's server fetches from, on loopback.
type fetchSite struct {
	port string
}

func newFetchSite(t testing.TB, h http.Handler) *fetchSite {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	return &fetchSite{port: port}
}

// url is path on the site under host, a name of this machine (127.0.0.1,
// localhost).
func (s *fetchSite) url(host, path string) string { return "http://" + host + ":" + s.port + path }

// closedPort is a loopback port where nothing listens: taken, then let go.
func closedPort(t testing.TB) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	ln.Close()
	return port
}
