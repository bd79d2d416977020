package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"robotstester/engine"
)

// readmeCommand is a command line of the README, with the exit status it
// must end with.
type readmeCommand struct {
	line   string
	script bool // a whole shell script, run by sh
	want   []int
}

// readmeCommands finds the commands the README shows for the binary: in
// its command-line section, each line of a ```sh block (a block that starts
// with #! is one script), each "- run:" of a ```yaml block, and every
// indented "robots-tester …" line anywhere. A trailing "# exit N" states
// the status; otherwise 0 or 1 will do (2 is bad input: the example is
// wrong). Building the binary is left out (the test builds it) and so is a
// command that fetches a URL, since tests talk only to loopback.
func readmeCommands(t *testing.T, readme string) []readmeCommand {
	t.Helper()
	start := strings.Index(readme, "## The command line\n")
	if start < 0 {
		t.Fatal(`README.md has no "## The command line" section`)
	}
	end := strings.Index(readme[start+1:], "\n## ")
	section := readme[start : start+1+end]
	var out []readmeCommand
	exitComment := regexp.MustCompile(`\s+# exit (\d)(:.*)?$`)
	add := func(line string) {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") || strings.Contains(line, "go build") || strings.Contains(line, "https://") {
			return
		}
		c := readmeCommand{line: line, want: []int{0, 1}}
		if m := exitComment.FindStringSubmatch(line); m != nil {
			n, _ := strconv.Atoi(m[1])
			c.line, c.want = strings.TrimSpace(line[:len(line)-len(m[0])]), []int{n}
		}
		out = append(out, c)
	}
	fence := regexp.MustCompile("(?s)```(sh|yaml)\n(.*?)```")
	for _, m := range fence.FindAllStringSubmatch(section, -1) {
		switch body := m[2]; {
		case m[1] == "sh" && strings.HasPrefix(body, "#!"):
			out = append(out, readmeCommand{line: body, script: true, want: []int{0}})
		case m[1] == "sh":
			for _, line := range strings.Split(body, "\n") {
				add(line)
			}
		default:
			for _, line := range strings.Split(body, "\n") {
				if cmd, ok := strings.CutPrefix(strings.TrimSpace(line), "- run: "); ok {
					add(cmd)
				}
			}
		}
	}
	for _, line := range strings.Split(readme, "\n") {
		if strings.HasPrefix(line, "    robots-tester ") {
			add(line)
		}
	}
	return out
}

// TestReadmeCommandsRun builds the binary as the README says and runs each
// of its commands in a folder holding testdata/cli's robots.txt (also as
// public/robots.txt), robots.expect.json and urls.txt.
func TestReadmeCommandsRun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary; not in -short")
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	commands := readmeCommands(t, string(readme))
	if len(commands) < 12 {
		t.Fatalf("found only %d commands in the README's command-line section", len(commands))
	}
	dir := t.TempDir()
	build := exec.Command("go", "build", "-o", filepath.Join(dir, "robots-tester"), ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build -o robots-tester .: %v\n%s", err, out)
	}
	for _, f := range []struct{ from, to string }{
		{"robots.txt", "robots.txt"}, {"robots.txt", "public/robots.txt"},
		{"robots.expect.json", "robots.expect.json"}, {"urls.txt", "urls.txt"},
	} {
		data, err := os.ReadFile(filepath.Join("testdata", "cli", f.from))
		if err != nil {
			t.Fatal(err)
		}
		to := filepath.Join(dir, filepath.FromSlash(f.to))
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(to, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range commands {
		cmd := exec.Command("bash", "-c", c.line)
		if c.script {
			cmd = exec.Command("sh", "-c", c.line)
		}
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "PATH="+dir+string(os.PathListSeparator)+os.Getenv("PATH"))
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		code := 0
		if err := cmd.Run(); err != nil {
			var exit *exec.ExitError
			if !errors.As(err, &exit) {
				t.Fatalf("%s: %v", c.line, err)
			}
			code = exit.ExitCode()
		}
		ok := false
		for _, w := range c.want {
			ok = ok || code == w
		}
		if !ok {
			t.Errorf("README command\n\t%s\nexited %d, want %v\nstdout:\n%s\nstderr:\n%s", c.line, code, c.want, stdout.String(), stderr.String())
		}
	}
	// The SARIF example wrote a log a SARIF reader can parse.
	data, err := os.ReadFile(filepath.Join(dir, "robots.sarif"))
	var log struct{ Version string }
	if err != nil || json.Unmarshal(data, &log) != nil || log.Version != "2.1.0" {
		t.Errorf("robots.sarif: %v, %.200s", err, data)
	}
}

// TestTaglineTrue: the page and the README say that Fetch sends the site
// name to the tester's server (issue 22: the tagline said nothing you type
// is sent anywhere, which Fetch is not).
func TestTaglineTrue(t *testing.T) {
	for _, f := range []struct{ path, says string }{
		{"web/index.html", "only a site you Fetch is sent, to this tester's server"},
		{"README.md", "Fetch: the site name you give it goes to the tester's server"},
	} {
		b, err := os.ReadFile(f.path)
		if err != nil {
			t.Fatal(err)
		}
		text := strings.Join(strings.Fields(string(b)), " ")
		if strings.Contains(text, "nothing you type is sent anywhere") || !strings.Contains(text, f.says) {
			t.Errorf("%s does not say %q, or still says nothing is sent", f.path, f.says)
		}
	}
}

// The policy format the README documents (its Policies section) is the one
// check reads: its example stands for one case per AI crawler it speaks
// for, at the site root and at its URL, with the most specific key
// deciding (OpenAI's training crawler allowed, Anthropic's user fetcher
// blocked, both against their purpose's key).
func TestReadmePolicyExampleReads(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(readme), "\n### Policies\n")
	m := regexp.MustCompile("(?s)```json\n(.*?)```").FindStringSubmatch(section)
	if !ok || m == nil {
		t.Fatal("README.md has no ### Policies section with a ```json example")
	}
	exp, err := engine.ReadExpectations("README.md", []byte(m[1]))
	if err != nil {
		t.Fatalf("the README's policy example does not read: %v\n%s", err, m[1])
	}
	got := map[string]bool{}
	for _, c := range exp.Cases {
		got[c.Crawler+" "+c.URL] = c.Allowed
	}
	for _, want := range []struct {
		crawler, url string
		allowed      bool
	}{
		{"GPTBot", "https://example.com/", true},
		{"ClaudeBot", "https://example.com/news/", false},
		{"PerplexityBot", "https://example.com/", true},
		{"Claude-User", "https://example.com/", false},
	} {
		if allowed, ok := got[want.crawler+" "+want.url]; !ok || allowed != want.allowed {
			t.Errorf("%s at %s: a case %v, expecting allowed=%v; want allowed=%v", want.crawler, want.url, ok, allowed, want.allowed)
		}
	}
}
