package commands

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"robotstester/engine"
	"robotstester/internal/fetch"
)

// Regression tests for issue 20's attacks on the check command's input:
// an endless robots.txt on standard input or from a file, a URL whose
// scheme is in capitals, and an expectations file with a byte-order mark.

// endless is a stream of comment lines that never ends, counting what was
// read of it.
type endless struct{ read int64 }

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = "#\n"[i%2]
	}
	e.read += int64(len(p))
	return len(p), nil
}

func TestCheckReadsAtMostWhatItNeeds(t *testing.T) {
	cases := writeFile(t, "cases.json", `{"cases": [{"agent": "Googlebot", "url": "https://example.com/", "expected": "allowed"}]}`)
	in := &endless{}
	var out, errOut bytes.Buffer
	code := RunCheck([]string{"-expect", cases, "-robots", "-"}, in, &out, &errOut)
	if code != checkPassed || !strings.Contains(errOut.String(), "standard input is more than 10485760 bytes; Googlebot reads only the first 512000") {
		t.Errorf("endless standard input: exit %d, stdout %q, stderr %q", code, out.String(), errOut.String())
	}
	if in.read > fetch.RobotsCountLimit+64<<10 {
		t.Errorf("read %d bytes of an endless stream; want at most about %d", in.read, fetch.RobotsCountLimit)
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		code, _, errOut := check(t, "", "-expect", cases, "-robots", "/dev/zero")
		if code != checkPassed || !strings.Contains(errOut, "/dev/zero is more than 10485760 bytes") {
			t.Errorf("-robots /dev/zero: exit %d, stderr %q", code, errOut)
		}
	}
	// A file a little over the limit: its exact size is said.
	text := "User-agent: *\n" + strings.Repeat("#\n", 300_000)
	big := writeFile(t, "robots.txt", text)
	code, _, errOut2 := check(t, "", "-expect", cases, "-robots", big)
	want := fmt.Sprintf("is 600014 bytes; Googlebot reads only the first 512000 (up to line %d)", engine.FetchLimit([]byte(text)).Line)
	if code != checkPassed || !strings.Contains(errOut2, want) {
		t.Errorf("a 600 KB file: exit %d, stderr %q", code, errOut2)
	}
	head, size, err := readHead(strings.NewReader(strings.Repeat("x", engine.GooglebotFetchLimit)))
	if err != nil || len(head) != engine.GooglebotFetchLimit || size != engine.GooglebotFetchLimit {
		t.Errorf("exactly 500 KiB: kept %d, size %d, %v", len(head), size, err)
	}
}

func TestCheckURLSchemeInAnyCase(t *testing.T) {
	cases := writeFile(t, "cases.json", checkCases)
	u, requested := robotsSite(t, 0, 200, checkRobots)
	for _, scheme := range []string{"HTTP://", "Http://"} {
		code, out, errOut := check(t, "", "-expect", cases, "-robots", scheme+strings.TrimPrefix(u, "http://"), "-fetch-allow-private")
		if code != checkPassed || !strings.HasPrefix(out, "Fetched http://") {
			t.Errorf("-robots %s…: exit %d, stdout %q, stderr %q; want it fetched as a URL", scheme, code, out, errOut)
		}
	}
	if len(*requested) != 2 {
		t.Errorf("the site was asked %d times; want 2", len(*requested))
	}
}

func TestCheckExpectationsWithByteOrderMark(t *testing.T) {
	robots := writeFile(t, "robots.txt", checkRobots)
	cases := writeFile(t, "cases.json", "\ufeff"+checkCases)
	if code, out, errOut := check(t, "", "-expect", cases, "-robots", robots); code != checkPassed || !strings.Contains(out, "3 passed") {
		t.Errorf("an expectations file with a BOM: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}
