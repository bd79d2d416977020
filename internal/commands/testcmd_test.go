package commands

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"robotstester/engine"
)

const testRobots = "User-agent: *\nDisallow: /private\nAllow: /private/ok\n\nUser-agent: GPTBot\nDisallow: /\n\nUser-agent: Googlebot-Image\nDisallow: /photos\n"

func TestTestText(t *testing.T) {
	robots := writeFile(t, "robots.txt", testRobots)
	code, out, errOut := run(t, "", "test", "-robots", robots, "/products/1", "/private/x", "https://example.com/private/ok")
	want := "allowed\t/products/1\tno rule\t\tAllowed: no rule of the group matches \"/products/1\", and what is not disallowed is allowed.\n" +
		"blocked\t/private/x\tline 2\tDisallow: /private\tBlocked by line 2, \"Disallow: /private\" (length 8): no allow rule matches this URL.\n" +
		"allowed\thttps://example.com/private/ok\tline 3\tAllow: /private/ok\tAllowed by line 3, \"Allow: /private/ok\" (length 11): it is longer than line 2, \"Disallow: /private\" (length 8), and the longest matching rule wins.\n"
	if code != 1 || out != want || errOut != "" {
		t.Errorf("exit %d (want 1: a URL is blocked), stderr %q, stdout:\n%s\nwant:\n%s", code, errOut, out, want)
	}
	code, out, _ = run(t, "", "test", "-robots", robots, "/products/1")
	if code != 0 || !strings.HasPrefix(out, "allowed\t") {
		t.Errorf("every URL allowed: exit %d, want 0; %q", code, out)
	}
	if strings.Contains(out, "`") {
		t.Errorf("the text output keeps the engine's backticks: %q", out)
	}
}

// Flags may follow the URLs; -agent, -crawler and -reader choose who reads.
func TestTestAgentCrawlerReader(t *testing.T) {
	robots := writeFile(t, "robots.txt", testRobots)
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"/products/1", "-agent", "GPTBot"}, "blocked\t/products/1\tline 6\tDisallow: /\t"},
		{[]string{"-crawler", "Googlebot Image", "/photos/a.jpg"}, "blocked\t/photos/a.jpg\tline 9\tDisallow: /photos\t"},
		// Googlebot Image falls back to Googlebot's group, here "*".
		{[]string{"-crawler", "Googlebot Image", "/private/x"}, "allowed\t/private/x\tno rule\t"},
		{[]string{"-reader", "python", "/private/ok"}, "blocked\t/private/ok\tline 2\tDisallow: /private\t"},
		{[]string{"-reader", "python", "-crawler", "GPTBot", "/"}, "blocked\t/\tline 6\tDisallow: /\t"},
	} {
		_, out, errOut := run(t, "", append([]string{"test", "-robots", robots}, tt.args...)...)
		if !strings.HasPrefix(out, tt.want) {
			t.Errorf("%q: got %q (stderr %q), want the line to start %q", tt.args, out, errOut, tt.want)
		}
	}
	// An agent that is no product token is read as Google reads it, and
	// standard error says how.
	_, out, errOut := run(t, "", "test", "-robots", robots, "-agent", "GPTBot/1.0", "/")
	if !strings.HasPrefix(out, "blocked\t/\tline 6\t") || !strings.Contains(errOut, `test: "GPTBot/1.0" is not a product token`) {
		t.Errorf("-agent GPTBot/1.0: stdout %q, stderr %q", out, errOut)
	}
}

func TestTestJSONAndCSV(t *testing.T) {
	robots := writeFile(t, "robots.txt", testRobots)
	code, out, _ := run(t, "/private/x\n\n  /products/1  \r\n", "test", "-robots", robots, "-json")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 1 || len(lines) != 2 {
		t.Fatalf("exit %d, %d lines (blank lines are skipped):\n%s", code, len(lines), out)
	}
	var row testRow
	if err := json.Unmarshal([]byte(lines[0]), &row); err != nil {
		t.Fatal(err)
	}
	if row.URL != "/private/x" || row.Verdict != "blocked" || row.Line != 2 || row.Rule != "Disallow: /private" || !strings.HasPrefix(row.Why, `Blocked by line 2, "Disallow: /private"`) {
		t.Errorf("first row %+v", row)
	}
	json.Unmarshal([]byte(lines[1]), &row)
	if row.URL != "/products/1" || row.Verdict != "allowed" || row.Line != 0 || row.Rule != "" {
		t.Errorf("second row (spaces and CR trimmed) %+v", row)
	}

	_, out, _ = run(t, "", "test", "-robots", robots, "-csv", "/private/x", "/a,b")
	records, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatalf("not CSV: %v\n%s", err, out)
	}
	if len(records) != 3 || strings.Join(records[0], ",") != "url,verdict,line,rule,why" ||
		records[1][0] != "/private/x" || records[1][1] != "blocked" || records[1][2] != "2" || records[1][3] != "Disallow: /private" ||
		records[2][0] != "/a,b" || records[2][1] != "allowed" || strings.Contains(out, "`") {
		t.Errorf("CSV records %q", records)
	}
}

func TestTestBadInput(t *testing.T) {
	robots := writeFile(t, "robots.txt", testRobots)
	for _, tt := range []struct {
		stdin string
		args  []string
		want  string
	}{
		{"", []string{"/"}, "-robots is required"},
		{"", []string{"-robots", robots, "-json", "-csv", "/"}, "-json and -csv both given"},
		{"", []string{"-robots", robots, "-agent", "x", "-crawler", "GPTBot", "/"}, "-agent and -crawler both given"},
		{"", []string{"-robots", robots, "-crawler", "Nobot", "/"}, `-crawler "Nobot" is not in the catalogue`},
		{"", []string{"-robots", robots, "-reader", "perl", "/"}, `-reader "perl" is not a reader: use one of google, robots-parser, python`},
		{"", []string{"-robots", "-"}, "-robots - reads the robots.txt from standard input, so the URLs must be arguments"},
		{"", []string{"-robots", robots + ".none", "/"}, "cannot read the robots.txt"},
		{"", []string{"-robots", robots, "-nope"}, "flag provided but not defined: -nope"},
		{"/a\n" + strings.Repeat("x", maxURLLine+1) + "\n", []string{"-robots", robots}, "line 2 of standard input is over 1048576 bytes"},
	} {
		code, _, errOut := run(t, tt.stdin, append([]string{"test"}, tt.args...)...)
		if code != 2 || !strings.Contains(errOut, tt.want) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", tt.args, code, errOut, tt.want)
		}
	}
	// The robots.txt from standard input, the URLs as arguments.
	code, out, _ := run(t, testRobots, "test", "-robots", "-", "/private/x")
	if code != 1 || !strings.HasPrefix(out, "blocked\t/private/x\tline 2") {
		t.Errorf("-robots -: exit %d, %q", code, out)
	}
}

func TestTestURL(t *testing.T) {
	for _, tt := range []struct {
		status   int
		reader   string
		wantCode int
		wantOut  string
		wantErr  string
	}{
		{200, "google", 1, "blocked\t/private/x\tline 2\tDisallow: /private\t", "HTTP 200"},
		{404, "google", 0, "allowed\t/private/x\tno rule\t\tAllowed by the full allow of the robots.txt's HTTP 404 answer, whatever the rules say.\n", "Every URL tested against it is allowed by that answer"},
		{503, "google", 1, "blocked\t/private/x\tno rule\t\tBlocked by the full disallow of the robots.txt's HTTP 503 answer", "Full disallow"},
		{404, "python", 2, "", "-reader python reads only files"},
	} {
		u, _ := robotsSite(t, 0, tt.status, testRobots)
		code, out, errOut := run(t, "", "test", "-robots", u, "-fetch-allow-private", "-reader", tt.reader, "/private/x")
		if code != tt.wantCode || !strings.HasPrefix(out, tt.wantOut) || !strings.Contains(errOut, "Fetched http://127.0.0.1:") || !strings.Contains(errOut, tt.wantErr) {
			t.Errorf("HTTP %d, %s: exit %d (want %d), stdout %q, stderr %q", tt.status, tt.reader, code, tt.wantCode, out, errOut)
		}
	}
	// Loopback is refused without -fetch-allow-private, before any request.
	u, requested := robotsSite(t, 0, 200, testRobots)
	code, _, errOut := run(t, "", "test", "-robots", u, "/")
	if code != 2 || !strings.Contains(errOut, "refused-destination") || len(*requested) != 0 {
		t.Errorf("exit %d, stderr %q, requests %v; want 2, refused, none sent", code, errOut, *requested)
	}
}

// A URL that trickles in gets its answer before the next one comes: the
// output is flushed whenever the input has nothing more waiting.
func TestTestAnswersEachLineAsItComes(t *testing.T) {
	robots := writeFile(t, "robots.txt", testRobots)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan int)
	go func() {
		done <- RunTest([]string{"-robots", robots}, inR, outW, io.Discard)
		outW.Close()
	}()
	answers := bufio.NewReader(outR)
	for _, u := range []string{"/private/x", "/products/1"} {
		fmt.Fprintln(inW, u)
		line, err := answers.ReadString('\n')
		if err != nil || !strings.Contains(line, "\t"+u+"\t") {
			t.Fatalf("after writing %s: read %q, %v", u, line, err)
		}
	}
	inW.Close()
	if code := <-done; code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
}

// failingWriter fails every write, as a closed pipe does.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("broken pipe") }

// When the answers cannot be written (robots-tester test … | head -1), test
// stops reading and exits 2.
func TestTestStopsWhenTheOutputFails(t *testing.T) {
	robots := writeFile(t, "robots.txt", testRobots)
	in := &urlStream{n: 1_000_000}
	var errOut bytes.Buffer
	code := RunTest([]string{"-robots", robots}, in, failingWriter{}, &errOut)
	if code != 2 || !strings.Contains(errOut.String(), "test: cannot write the answers: broken pipe.") {
		t.Errorf("exit %d, stderr %q; want 2 and why", code, errOut.String())
	}
	if in.i == in.n {
		t.Errorf("read all %d URLs after the output failed; want it to stop", in.n)
	}
}

// urlStream is n URLs, one a line, made as they are read: the input itself
// takes no memory.
type urlStream struct {
	n, i int
	buf  []byte
}

func (s *urlStream) Read(p []byte) (int, error) {
	for len(s.buf) < len(p) && s.i < s.n {
		s.buf = fmt.Appendf(s.buf, "https://example.com/private/%d/item?id=%d\n", s.i%97, s.i)
		s.i++
	}
	if len(s.buf) == 0 {
		return 0, io.EOF
	}
	n := copy(p, s.buf)
	s.buf = s.buf[:copy(s.buf, s.buf[n:])]
	return n, nil
}

// countingWriter counts the lines written, and keeps nothing.
type countingWriter struct{ lines int }

func (c *countingWriter) Write(p []byte) (int, error) {
	c.lines += bytes.Count(p, []byte("\n"))
	return len(p), nil
}

// TestTestStreamsAMillionURLsInConstantMemory: 1,000,000 URLs (45 MB of
// input, 130 MB of output) go through test while the heap in use is
// sampled; it must stay within 32 MiB of where it started, below what
// keeping the input or the answers would take. (Measured: 8 to 17 MiB
// above, the same for 100,000, 300,000 and 1,000,000 URLs: garbage the GC
// has not yet swept, not growth.)
func TestTestStreamsAMillionURLsInConstantMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("streams a million URLs; not in -short")
	}
	robots := writeFile(t, "robots.txt", testRobots)
	const n = 1_000_000
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	var peak atomic.Uint64
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		var m runtime.MemStats
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				runtime.ReadMemStats(&m)
				if m.HeapInuse > peak.Load() {
					peak.Store(m.HeapInuse)
				}
			}
		}
	}()
	out := &countingWriter{}
	code := RunTest([]string{"-robots", robots}, &urlStream{n: n}, out, io.Discard)
	close(stop)
	<-sampled
	if code != 1 || out.lines != n {
		t.Fatalf("exit %d, %d lines; want 1 (every URL is under /private) and %d", code, out.lines, n)
	}
	grew := int64(peak.Load()) - int64(before.HeapInuse)
	t.Logf("heap in use: %d KiB before, %d KiB at the peak", before.HeapInuse>>10, peak.Load()>>10)
	if grew > 32<<20 {
		t.Errorf("the heap grew by %d MiB while streaming %d URLs; want under 32 MiB", grew>>20, n)
	}
}

// BenchmarkTestCommand streams URLs through test in each output format,
// beside the engine alone (what BenchmarkTest in engine/bench_test.go
// times: Test on a parsed file) on the same URLs, so the two URLs/s figures
// compare the command with the engine it runs.
func BenchmarkTestCommand(b *testing.B) {
	robots := filepath.Join(b.TempDir(), "robots.txt")
	if err := os.WriteFile(robots, []byte(testRobots), 0o644); err != nil {
		b.Fatal(err)
	}
	const n = 100_000
	b.Run("engine", func(b *testing.B) {
		r := engine.Parse([]byte(testRobots))
		var in bytes.Buffer
		io.Copy(&in, &urlStream{n: n})
		urls := strings.Split(strings.TrimSuffix(in.String(), "\n"), "\n")
		r.Test("Googlebot", "/")
		b.ResetTimer()
		for b.Loop() {
			for _, u := range urls {
				r.Test("Googlebot", u)
			}
		}
		b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "URLs/s")
	})
	for _, format := range []string{"text", "json", "csv"} {
		b.Run(format, func(b *testing.B) {
			args := []string{"-robots", robots}
			if format != "text" {
				args = append(args, "-"+format)
			}
			for b.Loop() {
				if code := RunTest(args, &urlStream{n: n}, io.Discard, io.Discard); code != 1 {
					b.Fatalf("exit %d", code)
				}
			}
			b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "URLs/s")
		})
	}
}
