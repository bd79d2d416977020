package main

import (
	"bytes"
	"encoding/json"
	"fmt"
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
	code = runCheck(args, strings.NewReader(stdin), &out, &errOut)
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
	if code != 1 || !strings.Contains(out, "FAIL "+fail+":4: case 3: `Googlebot` https://example.com/private/x: expected allowed; Blocked by line 2, `Disallow: /private`") ||
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
		{"a URL", []string{"-expect", pass, "-robots", "https://example.com/robots.txt"}, "needs the live fetch"},
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
