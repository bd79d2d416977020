package commands

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"robotstester/engine/sharedtest"
)

func writeFile(t *testing.T, name, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func check(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = RunCheck(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

const checkRobots = "User-agent: *\nDisallow: /private\n\nUser-agent: GPTBot\nDisallow: /\n"

const checkCases = `{"cases": [
  {"agent": "Googlebot", "url": "https://example.com/products/1", "expected": "allowed"},
  {"crawler": "GPTBot", "url": "https://example.com/products/1", "expected": "blocked"},
  {"agent": "Googlebot", "url": "https://example.com/private/x", "expected": "DISALLOWED"}
]}`

func TestCheckExitCodes(t *testing.T) {
	robots := writeFile(t, "robots.txt", checkRobots)
	pass := writeFile(t, "pass.json", checkCases)
	fail := writeFile(t, "fail.json", strings.Replace(checkCases, `"DISALLOWED"`, `"allowed"`, 1))
	bad := writeFile(t, "bad.json", "{\"cases\": [\n  {\"agent\": \"a\", \"url\": \"/\", \"expected\": \"yes\"}\n]}")

	code, out, _ := check(t, "", "-expect", pass, "-robots", robots)
	if code != 0 || !strings.HasSuffix(out, "3 passed, 0 failed\n") {
		t.Errorf("all pass: exit %d, output %q", code, out)
	}
	code, out, _ = check(t, checkRobots, "-expect", fail, "-robots", "-")
	if code != 1 || !strings.Contains(out, "FAIL "+fail+":4: case 3: \"Googlebot\" https://example.com/private/x: expected allowed; Blocked by line 2, \"Disallow: /private\"") ||
		!strings.Contains(out, "the * group at line 1") || !strings.HasSuffix(out, "2 passed, 1 failed\n") {
		t.Errorf("one fails: exit %d, output:\n%s", code, out)
	}
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"a bad verdict", []string{"-expect", bad, "-robots", robots}, bad + ":2: case 1: \"expected\" is `yes`"},
		{"no -expect", []string{"-robots", robots}, "-expect is required"},
		{"a missing file", []string{"-expect", filepath.Join(t.TempDir(), "none.json")}, "cannot read the expectations file"},
		{"a missing robots.txt", []string{"-expect", pass, "-robots", filepath.Join(t.TempDir(), "none.txt")}, "cannot read the robots.txt"},
		{"no robots.txt at all", []string{"-expect", pass}, pass + ":2: case 1: no robots.txt to test against"},
		{"an unknown flag", []string{"-expect", pass, "-verbose"}, "flag provided but not defined"},
	} {
		code, _, errOut := check(t, "", tt.args...)
		if code != 2 || !strings.Contains(errOut, tt.want) {
			t.Errorf("%s: exit %d, stderr %q; want 2 and %q", tt.name, code, errOut, tt.want)
		}
	}
}

func TestCheckJSON(t *testing.T) {
	robots := writeFile(t, "robots.txt", checkRobots)
	cases := writeFile(t, "cases.json", checkCases)
	code, out, _ := check(t, "", "-expect", cases, "-robots", robots, "-json")
	var got struct {
		Passed, Failed int
		Results        []checkJSON
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("-json output is not JSON: %v\n%s", err, out)
	}
	if code != 0 || got.Passed != 3 || got.Failed != 0 || len(got.Results) != 3 {
		t.Fatalf("exit %d, %+v", code, got)
	}
	r := got.Results[1]
	if r.Crawler != "GPTBot" || r.Got != "blocked" || r.Deciding != 5 || r.Rule != "Disallow: /" || !strings.Contains(r.Group, "GPTBot") || r.Line != 3 {
		t.Errorf("GPTBot's result: %+v", r)
	}
}

// Each of Google's conformance files, given as it is, passes.
func TestCheckPassesTheConformanceFiles(t *testing.T) {
	dir := sharedtest.Dir(t, "conformance", "google-spec-test")
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*.json"))
	total := 0
	for _, f := range files {
		code, out, errOut := check(t, "", "-expect", f)
		var passed, failed int
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if _, err := fmt.Sscanf(lines[len(lines)-1], "%d passed, %d failed", &passed, &failed); err != nil || code != 0 || failed != 0 {
			t.Errorf("%s: exit %d, %s%s", f, code, out, errOut)
		}
		total += passed
	}
	if total != 400 {
		t.Errorf("%d conformance cases passed, want 400", total)
	}
}

// Past 500 KiB Googlebot reads nothing, and neither does check.
func TestCheckCutsWhereGooglebotStopsReading(t *testing.T) {
	big := "User-agent: *\n" + strings.Repeat("# padding\n", 52*1024) + "Disallow: /late\n"
	robots := writeFile(t, "robots.txt", big)
	cases := writeFile(t, "cases.json", `{"cases": [{"agent": "Googlebot", "url": "https://example.com/late", "expected": "allowed"}]}`)
	code, out, errOut := check(t, "", "-expect", cases, "-robots", robots)
	if code != 0 || !strings.Contains(errOut, "Googlebot reads only the first 512000") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// robotsSite serves robots.txt on loopback: after the given redirects
// (/robots.txt → /r1 → … → /rN) it answers status with body. Every path
// requested is recorded.
func robotsSite(t *testing.T, redirects, status int, body string) (url string, requested *[]string) {
	t.Helper()
	var paths []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		paths = append(paths, r.URL.Path)
		step := 0
		if r.URL.Path != "/robots.txt" {
			fmt.Sscanf(r.URL.Path, "/r%d", &step)
		}
		if step < redirects {
			http.Redirect(w, r, fmt.Sprintf("/r%d", step+1), http.StatusFound)
			return
		}
		w.WriteHeader(status)
		io.WriteString(w, body)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/robots.txt", &paths
}

func TestCheckURL(t *testing.T) {
	pass := writeFile(t, "pass.json", checkCases)
	fail := writeFile(t, "fail.json", strings.Replace(checkCases, `"DISALLOWED"`, `"allowed"`, 1))
	for _, tt := range []struct {
		name                string
		redirects, status   int
		body                string
		expect              string
		wantCode            int
		wantFirst, wantText string
	}{
		{"a 200 whose rules pass", 0, 200, checkRobots, pass, 0,
			fmt.Sprintf("HTTP 200, %d bytes.", len(checkRobots)), "3 passed, 0 failed\n"},
		{"a 200 whose rules fail a case", 0, 200, checkRobots, fail, 1,
			"HTTP 200", "Blocked by line 2, \"Disallow: /private\""},
		{"a 404 allows every case", 0, 404, "Disallow: /\n", pass, 1,
			"HTTP 404", "Full allow: The server answered 404: Google reads any 4xx except 429 as \"no robots.txt\""},
		{"a 503 blocks every case", 0, 503, "User-agent: *\nAllow: /\n", pass, 1,
			"HTTP 503", "Full disallow: The server answered 503, a server error"},
		{"2 redirects, then a 200", 2, 200, checkRobots, pass, 0,
			"HTTP 200, 65 bytes, 2 redirects from", "3 passed, 0 failed\n"},
		{"6 redirects: read as a 404", 6, 200, "User-agent: *\nDisallow: /\n", pass, 1,
			"HTTP 302, 6 redirects from", "Full allow: Google follows at most 5 redirect hops"},
	} {
		u, _ := robotsSite(t, tt.redirects, tt.status, tt.body)
		code, out, errOut := check(t, "", "-expect", tt.expect, "-robots", u, "-fetch-allow-private")
		first, _, _ := strings.Cut(out, "\n")
		if code != tt.wantCode || !strings.HasPrefix(first, "Fetched http://127.0.0.1:") || !strings.Contains(first, tt.wantFirst) || !strings.Contains(out, tt.wantText) {
			t.Errorf("%s: exit %d, want %d; stdout:\n%s\nstderr: %s", tt.name, code, tt.wantCode, out, errOut)
		}
	}

	// A 404 or 503 decides every case, and the failures say so.
	u, _ := robotsSite(t, 0, 404, "")
	_, out, _ := check(t, "", "-expect", pass, "-robots", u, "-fetch-allow-private")
	if !strings.Contains(out, "Every case tested against it is allowed by that answer") ||
		!strings.Contains(out, "case 2: GPTBot https://example.com/products/1: expected blocked; Allowed by the full allow of the robots.txt's HTTP 404 answer") ||
		!strings.HasSuffix(out, "1 passed, 2 failed\n") {
		t.Errorf("404: output:\n%s", out)
	}
	u, _ = robotsSite(t, 0, 503, "User-agent: *\nAllow: /\n")
	_, out, _ = check(t, "", "-expect", pass, "-robots", u, "-fetch-allow-private")
	if !strings.Contains(out, "Every case tested against it is blocked by that answer") ||
		!strings.Contains(out, "case 1: \"Googlebot\" https://example.com/products/1: expected allowed; Blocked by the full disallow") ||
		!strings.HasSuffix(out, "2 passed, 1 failed\n") {
		t.Errorf("503: output:\n%s", out)
	}
}

// Without -fetch-allow-private a loopback address is refused in the dialer,
// as the server refuses it: nothing reaches the site, and check exits 2.
func TestCheckURLRefusesPrivateByDefault(t *testing.T) {
	cases := writeFile(t, "cases.json", checkCases)
	u, requested := robotsSite(t, 0, 200, checkRobots)
	code, out, errOut := check(t, "", "-expect", cases, "-robots", u)
	if code != 2 || out != "" || !strings.Contains(errOut, "refused-destination") || !strings.Contains(errOut, "loopback") ||
		!strings.Contains(errOut, "-fetch-allow-private (a flag of the server and of check)") {
		t.Errorf("exit %d, stdout %q, stderr %q; want 2 and a refused destination", code, out, errOut)
	}
	if len(*requested) != 0 {
		t.Errorf("the site was asked for %v; want nothing sent", *requested)
	}
	// A redirect to a link-local address (cloud metadata) is refused at that
	// hop even with -fetch-allow-private, in the dialer, before connect(2).
	srv := httptest.NewServer(http.RedirectHandler("http://169.254.169.254/robots.txt", http.StatusFound))
	defer srv.Close()
	code, out, errOut = check(t, "", "-expect", cases, "-robots", srv.URL+"/robots.txt", "-fetch-allow-private")
	if code != 2 || out != "" || !strings.Contains(errOut, "refused-destination") || !strings.Contains(errOut, "169.254.169.254") ||
		!strings.Contains(errOut, "public sites only") {
		t.Errorf("redirect to 169.254.169.254: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// A fetch with no HTTP answer stops the check: exit 2 and why.
func TestCheckURLConnectionRefused(t *testing.T) {
	cases := writeFile(t, "cases.json", checkCases)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close() // nothing listens there now
	code, out, errOut := check(t, "", "-expect", cases, "-robots", "http://"+addr+"/robots.txt", "-fetch-allow-private")
	if code != 2 || out != "" || !strings.Contains(errOut, "no HTTP answer to judge by (refused)") || !strings.Contains(errOut, "Connection refused") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestCheckURLJSON(t *testing.T) {
	cases := writeFile(t, "cases.json", checkCases)
	u, _ := robotsSite(t, 1, 503, "")
	code, out, _ := check(t, "", "-expect", cases, "-robots", u, "-fetch-allow-private", "-json")
	var got struct {
		Fetch          checkFetchJSON
		Passed, Failed int
		Results        []checkJSON
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("-json output is not JSON: %v\n%s", err, out)
	}
	f := got.Fetch
	if code != 1 || f.URL != u || f.Status != 503 || len(f.Redirects) != 1 || f.Effect != "full disallow" || !strings.Contains(f.Reason, "503") {
		t.Errorf("exit %d, fetch %+v", code, f)
	}
	if r := got.Results[0]; r.Got != "blocked" || r.Pass || r.Deciding != 0 || !strings.Contains(r.Why, "full disallow") {
		t.Errorf("case 1: %+v", r)
	}
}
