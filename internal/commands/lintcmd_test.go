package commands

import (
	"encoding/json"
	"strings"
	"testing"
)

// lintRobots has a warning Google and other readers share (the typo on
// line 3), two notes (the empty Disallow on line 5, and GPTBot not obeying
// the * group) and no error.
const lintRobots = "User-agent: *\nDisallow: /private\nDissallow: /tmp\nUser-agent: GPTBot\nDisallow:\n"

func TestLintText(t *testing.T) {
	robots := writeFile(t, "robots.txt", lintRobots)
	code, out, errOut := run(t, "", "lint", "-robots", robots)
	if code != 0 || errOut != robots+": 2 warnings, 2 notes.\n" {
		t.Errorf("no error: exit %d, want 0; stderr %q", code, errOut)
	}
	for _, want := range []string{
		robots + `:3: warning: "Dissallow" is read by Google as "Disallow"; other crawlers may ignore it — spell it Disallow. [typo]`,
		robots + `:3: warning: "Dissallow: /tmp" is read differently by robots-parser (npm), `,
		"[readers-typo]\n",
		robots + ":5: note: ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q:\n%s", want, out)
		}
	}
	_, out, _ = run(t, "", "lint", "-robots", robots, "-readers=false")
	if strings.Contains(out, "readers-") || !strings.Contains(out, "[typo]") {
		t.Errorf("-readers=false:\n%s", out)
	}
	_, out, _ = run(t, lintRobots, "lint", "-robots", "-")
	if !strings.HasPrefix(out, "<stdin>:3: warning: ") {
		t.Errorf("standard input:\n%s", out)
	}
}

// -fail-on sets the level that exits 1.
func TestLintFailOn(t *testing.T) {
	robots := writeFile(t, "robots.txt", lintRobots)
	broken := writeFile(t, "broken.txt", "User-agent: *\nDisallow: private\n")
	for _, tt := range []struct {
		file, level string
		want        int
	}{
		{robots, "error", 0}, {robots, "warning", 1}, {robots, "note", 1},
		{broken, "error", 1}, {writeFile(t, "clean.txt", "User-agent: *\nDisallow: /private\n"), "note", 0},
	} {
		if code, out, errOut := run(t, "", "lint", "-robots", tt.file, "-fail-on", tt.level); code != tt.want {
			t.Errorf("%s -fail-on %s: exit %d, want %d\n%s%s", tt.file, tt.level, code, tt.want, out, errOut)
		}
	}
}

func TestLintFormats(t *testing.T) {
	robots := writeFile(t, "robots.txt", lintRobots)
	code, out, _ := run(t, "", "lint", "-robots", robots, "-format", "json")
	var doc struct {
		File                    string
		Errors, Warnings, Notes int
		Findings                []struct {
			Line    int
			Code    string
			Readers []string
		}
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || code != 0 {
		t.Fatalf("exit %d, %v:\n%s", code, err, out)
	}
	if doc.File != robots || doc.Warnings < 2 || doc.Notes < 1 || doc.Errors != 0 {
		t.Errorf("json: %+v", doc)
	}

	code, out, _ = run(t, "", "lint", "-robots", robots, "-format", "sarif", "-fail-on", "warning")
	var log struct {
		Version string
		Runs    []struct {
			Results []struct {
				RuleID    string
				Level     string
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           struct{ StartLine int }
					}
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil || code != 1 || log.Version != "2.1.0" || len(log.Runs) != 1 {
		t.Fatalf("sarif: exit %d, %v:\n%.400s", code, err, out)
	}
	typo := false
	for _, r := range log.Runs[0].Results {
		loc := r.Locations[0].PhysicalLocation
		if r.RuleID == "typo" && r.Level == "warning" && loc.Region.StartLine == 3 && strings.HasSuffix(loc.ArtifactLocation.URI, "/robots.txt") {
			typo = true
		}
	}
	if !typo {
		t.Errorf("sarif: no typo warning on line 3 of robots.txt:\n%s", out)
	}

	code, out, _ = run(t, "", "lint", "-robots", robots, "-format", "github")
	if code != 0 || !strings.Contains(out, "::warning file="+robots+",line=3,title=robots.txt typo::\"Dissallow\" is read by Google") ||
		!strings.Contains(out, "::notice file="+robots+",line=5,") {
		t.Errorf("github: exit %d\n%s", code, out)
	}
}

func TestLintBadInput(t *testing.T) {
	robots := writeFile(t, "robots.txt", lintRobots)
	for _, tt := range []struct {
		args []string
		want string
	}{
		{nil, "-robots is required"},
		{[]string{"-robots", robots, "-format", "xml"}, `-format "xml" is not a format: use text, json, sarif or github.`},
		{[]string{"-robots", robots, "-fail-on", "info!"}, `-fail-on "info!" is not a level`},
		{[]string{"-robots", robots + ".none"}, "cannot read the robots.txt"},
	} {
		code, out, errOut := run(t, "", append([]string{"lint"}, tt.args...)...)
		if code != 2 || out != "" || !strings.Contains(errOut, tt.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2 and %q", tt.args, code, out, errOut, tt.want)
		}
	}
}

func TestLintURL(t *testing.T) {
	u, _ := robotsSite(t, 1, 200, lintRobots)
	code, out, errOut := run(t, "", "lint", "-robots", u, "-fetch-allow-private", "-readers=false")
	if code != 0 || !strings.Contains(errOut, "Fetched http://127.0.0.1:") || !strings.Contains(out, "/r1:3: warning: ") {
		t.Errorf("a 200 after a redirect: exit %d, stdout %q, stderr %q; findings name the final URL", code, out, errOut)
	}
	u, _ = robotsSite(t, 0, 503, lintRobots)
	code, out, errOut = run(t, "", "lint", "-robots", u, "-fetch-allow-private")
	if code != 2 || out != "" || !strings.Contains(errOut, "nothing to lint") {
		t.Errorf("a 503: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	u, requested := robotsSite(t, 0, 200, lintRobots)
	if code, _, errOut := run(t, "", "lint", "-robots", u); code != 2 || !strings.Contains(errOut, "refused-destination") || len(*requested) != 0 {
		t.Errorf("loopback without -fetch-allow-private: exit %d, %q, requests %v", code, errOut, *requested)
	}
}
