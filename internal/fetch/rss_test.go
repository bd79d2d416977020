package fetch

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// BenchmarkServerPeakRSS builds and runs the server binary (the module's
// root package, robotstester) and measures its peak resident memory
// (VmHWM in /proc/PID/status) under issue 20's memory attacks, served
// from loopback by this process: a fat index (20 children, each a 49 MB
// urlset of 10 URLs of about 5 MB), deep nesting (48 MB of "<a>"), and
// every client at its limits (8 client addresses, 127.0.0.2 to 127.0.0.9,
// each running 4 fat walks at once: the server's 32). The goals: under
// 256 MB for one such request, under 1 GB for the whole server. A fresh
// server runs each attack, so each peak is its own.
//
//	go test -run XXX -bench ServerPeakRSS -benchtime 1x ./internal/fetch
func BenchmarkServerPeakRSS(b *testing.B) {
	if _, err := os.Stat("/proc/self/status"); err != nil {
		b.Skip("peak RSS is read from /proc/PID/status, which this system does not have")
	}
	bin := filepath.Join(b.TempDir(), "robotstester")
	build := exec.Command("go", "build", "-o", bin, "robotstester")
	if out, err := build.CombinedOutput(); err != nil {
		b.Fatalf("building the server: %v\n%s", err, out)
	}
	site := attackSite(b)
	for _, attack := range []struct {
		name    string
		goalMB  float64
		clients int // client addresses
		each    int // requests at once from each
		query   string
	}{
		{"fat-index", 256, 1, 1, "url=" + url.QueryEscape(site+"/fat/index.xml")},
		{"deep-nesting", 256, 1, 1, "follow=0&url=" + url.QueryEscape(site+"/deep.xml")},
		{"deep-nesting-walk", 256, 1, 1, "url=" + url.QueryEscape(site+"/deep/index.xml")},
		{"all-clients-fat-index", 1024, 8, 4, "url=" + url.QueryEscape(site+"/fat/index.xml")},
	} {
		b.Run(attack.name, func(b *testing.B) {
			peak := 0.0
			for range b.N {
				mb, elapsed := peakRSS(b, bin, attack.clients, attack.each, "/api/sitemap?"+attack.query)
				b.Logf("%s: peak RSS %.0f MB in %v", attack.name, mb, elapsed.Round(time.Millisecond))
				peak = max(peak, mb)
			}
			b.ReportMetric(peak, "peak-RSS-MB")
			if peak > attack.goalMB {
				b.Errorf("%s: peak RSS %.0f MB; the goal is under %.0f MB", attack.name, peak, attack.goalMB)
			}
		})
	}
}

// attackSite serves the attacks on 127.0.0.1 and returns its origin. The
// bodies are written in 64 KiB pieces, never held whole.
func attackSite(b *testing.B) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	origin := "http://" + ln.Addr().String()
	piece := func(c byte) []byte { return []byte(strings.Repeat(string(c), 64<<10)) }
	as, nests := piece('a'), []byte(strings.Repeat("<a>", 64<<10/3))
	repeat := func(w io.Writer, p []byte, total int) {
		for total > 0 {
			n := min(total, len(p))
			if _, err := w.Write(p[:n]); err != nil {
				return
			}
			total -= n
		}
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch p := r.URL.Path; {
		case strings.HasSuffix(p, "/index.xml"):
			io.WriteString(w, "<sitemapindex>\n")
			child := strings.TrimSuffix(p, "index.xml")
			for i := range 20 {
				fmt.Fprintf(w, "<sitemap><loc>%s%schild%d.xml</loc></sitemap>\n", origin, child, i)
			}
			io.WriteString(w, "</sitemapindex>\n")
		case strings.HasPrefix(p, "/fat/"):
			io.WriteString(w, "<urlset>\n")
			for i := range 10 {
				io.WriteString(w, "<url><loc>https://example.com/"+strconv.Itoa(i))
				repeat(w, as, 4900<<10)
				io.WriteString(w, "</loc></url>\n")
			}
			io.WriteString(w, "</urlset>\n")
		case p == "/deep.xml", strings.HasPrefix(p, "/deep/"):
			io.WriteString(w, "<urlset>\n")
			repeat(w, nests, 48<<20)
		default:
			http.NotFound(w, r)
		}
	})}
	go srv.Serve(ln)
	b.Cleanup(func() { srv.Close() })
	return origin
}

// peakRSS starts the server, sends the attack from clients addresses, each
// requests at once, and returns the server's peak RSS in MB.
func peakRSS(b *testing.B, bin string, clients, each int, path string) (float64, time.Duration) {
	cmd := exec.Command(bin, "-addr", "127.0.0.1:0", "-fetch-allow-private")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	defer func() {
		cmd.Process.Signal(os.Interrupt)
		cmd.Wait()
	}()
	lines := bufio.NewScanner(stderr)
	server := ""
	for server == "" && lines.Scan() {
		if _, after, ok := strings.Cut(lines.Text(), "open http://"); ok {
			server = "http://" + strings.TrimSuffix(strings.Fields(after)[0], "/")
		}
	}
	if server == "" {
		b.Fatal("the server did not say where it listens")
	}
	go io.Copy(io.Discard, stderr)
	start := time.Now()
	var wg sync.WaitGroup
	var mu sync.Mutex
	busy, answered := 0, 0
	for c := range clients {
		local := &net.TCPAddr{IP: net.IPv4(127, 0, 0, byte(2+c))}
		client := &http.Client{Timeout: 2 * time.Minute, Transport: &http.Transport{
			DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
				return (&net.Dialer{LocalAddr: local}).DialContext(ctx, network, addr)
			},
		}}
		for range each {
			wg.Add(1)
			go func() {
				defer wg.Done()
				resp, err := client.Get(server + path)
				if err != nil {
					b.Error(err)
					return
				}
				body, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				mu.Lock()
				busy += strings.Count(string(body), "as much fetched data as")
				answered++
				mu.Unlock()
				if resp.StatusCode != 200 {
					b.Errorf("%s: HTTP %d", path, resp.StatusCode)
				}
			}()
		}
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.Logf("%d answers; %d sitemaps refused by a memory budget", answered, busy)
	status, err := os.ReadFile("/proc/" + strconv.Itoa(cmd.Process.Pid) + "/status")
	if err != nil {
		b.Fatal(err)
	}
	for _, line := range strings.Split(string(status), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			return float64(kb) / 1024, elapsed
		}
	}
	b.Fatal("no VmHWM in /proc/PID/status")
	return 0, 0
}
