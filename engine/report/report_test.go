package report

import (
	"bytes"
	"encoding/json"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"robotstester/engine"
	"robotstester/engine/readers"
)

// sample has a finding of each severity (never-matches is the error), one with a column, one on a line
// with non-ASCII text before the column, one about the whole file, and a
// readers-* finding.
const sample = "\xEF\xBB\xBFUser-agent: *\nDissallow: /x\nDisallow: /é*#frag\nDisallow:\nDisallow: /a b\nDisallow: nope\n"

func sampleReport(t *testing.T, file string) Report {
	t.Helper()
	r := engine.Parse([]byte(sample))
	rep := New(file, r, engine.Lint(r), readers.Portability(r))
	if len(rep.Findings) < 5 {
		t.Fatalf("the sample has %d findings, want at least 5: %+v", len(rep.Findings), rep.Findings)
	}
	return rep
}

func codes(rep Report) []string {
	var out []string
	for _, f := range rep.Findings {
		out = append(out, f.Code)
	}
	return out
}

func TestPlainQuotesCodeSpans(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"`Dissallow` is read as `Disallow`.", `"Dissallow" is read as "Disallow".`},
		{"no spans here", "no spans here"},
		{"an unmatched ` stays", "an unmatched ` stays"},
	} {
		if got := Plain(tt.in); got != tt.want {
			t.Errorf("Plain(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestTextIsFileLineColSeverityMessageCode(t *testing.T) {
	rep := sampleReport(t, "site/robots.txt")
	var b bytes.Buffer
	if err := rep.Text(&b); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != len(rep.Findings) {
		t.Fatalf("%d lines for %d findings:\n%s", len(lines), len(rep.Findings), b.String())
	}
	format := regexp.MustCompile(`^site/robots\.txt:(\d+):(\d+:)? (error|warning|note): ([^` + "`" + `\n]+) \[([a-z0-9-]+)\]$`)
	for i, line := range lines {
		m := format.FindStringSubmatch(line)
		if m == nil {
			t.Errorf("line %d does not read FILE:LINE:COL: severity: message [code]: %q", i+1, line)
			continue
		}
		if m[5] != rep.Findings[i].Code {
			t.Errorf("line %d has code %s, the finding %s", i+1, m[5], rep.Findings[i].Code)
		}
	}
	if !slices.Contains(codes(rep), "typo") || !strings.Contains(b.String(), `site/robots.txt:2: warning: "Dissallow" is read by Google as "Disallow"`) {
		t.Errorf("the typo on line 2 is missing or not in plain text:\n%s", b.String())
	}
}

func TestWholeFileFindingsSitOnLineOne(t *testing.T) {
	r := engine.Parse([]byte("<html>\n<body>not robots</body>\n"))
	rep := New("robots.txt", r, engine.Lint(r), nil)
	for _, f := range rep.Findings {
		if f.Line < 1 {
			t.Errorf("%s on line %d: every format needs a line from 1", f.Code, f.Line)
		}
	}
}

func TestColumnsInCodePoints(t *testing.T) {
	// Line 3 "Disallow: /é*#frag": the # is byte column 15 and code point
	// column 14 (é is two bytes).
	rep := sampleReport(t, "robots.txt")
	found := false
	for _, f := range rep.Findings {
		if f.Code == "hash-in-value" {
			found = true
			if f.Line != 3 || f.Col != 15 || f.Char != 14 {
				t.Errorf("hash-in-value at line %d byte column %d code point %d, want 3, 15, 14", f.Line, f.Col, f.Char)
			}
		}
	}
	if !found {
		t.Fatalf("no hash-in-value finding: %v", codes(rep))
	}
}

// TestSARIFAgainstTheStandard checks the log field by field against SARIF
// 2.1.0 (OASIS Standard, with its errata): the properties each object must
// have, the enumerations and the bounds the standard's JSON schema states.
func TestSARIFAgainstTheStandard(t *testing.T) {
	for _, file := range []string{"public/robots.txt", ""} {
		rep := sampleReport(t, file)
		var b bytes.Buffer
		if err := rep.SARIF(&b, "robots-tester"); err != nil {
			t.Fatal(err)
		}
		var log map[string]any
		if err := json.Unmarshal(b.Bytes(), &log); err != nil {
			t.Fatalf("the SARIF log is not JSON: %v", err)
		}
		// §3.13 sarifLog: version "2.1.0" and runs are required; $schema
		// is the standard's schema URI.
		if log["version"] != "2.1.0" {
			t.Errorf("version = %v, want 2.1.0", log["version"])
		}
		if s, _ := log["$schema"].(string); !strings.HasSuffix(s, "sarif-schema-2.1.0.json") {
			t.Errorf("$schema = %q", s)
		}
		runs, _ := log["runs"].([]any)
		if len(runs) != 1 {
			t.Fatalf("runs = %v, want one run", log["runs"])
		}
		run := runs[0].(map[string]any)
		// §3.14 run: tool is required; columnKind is utf16CodeUnits or
		// unicodeCodePoints (§3.14.26).
		if ck := run["columnKind"]; ck != "unicodeCodePoints" {
			t.Errorf("columnKind = %v", ck)
		}
		driver := obj(t, run, "tool", "driver")
		// §3.19 toolComponent: name is required.
		if driver["name"] != "robots-tester" {
			t.Errorf("driver name = %v", driver["name"])
		}
		rulesJSON, _ := driver["rules"].([]any)
		if len(rulesJSON) != len(rules) {
			t.Fatalf("%d rules, want %d", len(rulesJSON), len(rules))
		}
		ids := map[string]int{}
		for i, x := range rulesJSON {
			rule := x.(map[string]any)
			// §3.49 reportingDescriptor: id is required and unique;
			// shortDescription, fullDescription and help are
			// multiformatMessageStrings (§3.12), whose text is required.
			id, _ := rule["id"].(string)
			if id == "" {
				t.Errorf("rule %d has no id", i)
			}
			if _, dup := ids[id]; dup {
				t.Errorf("rule id %s twice", id)
			}
			ids[id] = i
			for _, k := range []string{"shortDescription", "fullDescription", "help"} {
				if text, _ := obj(t, rule, k)["text"].(string); text == "" {
					t.Errorf("rule %s: %s.text is empty", id, k)
				}
			}
			// §3.50.3 reportingConfiguration.level: none, note, warning or error.
			if lvl, _ := obj(t, rule, "defaultConfiguration")["level"].(string); !slices.Contains([]string{"note", "warning", "error"}, lvl) {
				t.Errorf("rule %s: defaultConfiguration.level = %v", id, obj(t, rule, "defaultConfiguration")["level"])
			}
		}
		results, _ := run["results"].([]any)
		if len(results) != len(rep.Findings) {
			t.Fatalf("%d results for %d findings", len(results), len(rep.Findings))
		}
		for i, x := range results {
			res := x.(map[string]any)
			f := rep.Findings[i]
			// §3.27 result: message is required (§3.11: text); ruleId
			// names the rule and ruleIndex (§3.27.6) points at it.
			if res["ruleId"] != f.Code {
				t.Errorf("result %d: ruleId %v, want %s", i, res["ruleId"], f.Code)
			}
			if idx, _ := res["ruleIndex"].(float64); int(idx) != ids[f.Code] {
				t.Errorf("result %d: ruleIndex %v, the rule %s is at %d", i, res["ruleIndex"], f.Code, ids[f.Code])
			}
			if lvl, _ := res["level"].(string); lvl != LevelName(f.Severity) || !slices.Contains([]string{"note", "warning", "error"}, lvl) {
				t.Errorf("result %d: level %v for a %v", i, res["level"], f.Severity)
			}
			if text, _ := obj(t, res, "message")["text"].(string); text == "" || strings.Contains(text, "`") {
				t.Errorf("result %d: message.text %q: want plain text", i, text)
			}
			locs, _ := res["locations"].([]any)
			if len(locs) != 1 {
				t.Fatalf("result %d: %d locations, want 1", i, len(locs))
			}
			phys := obj(t, locs[0].(map[string]any), "physicalLocation")
			// §3.29 physicalLocation: an artifactLocation (§3.4) and a
			// region (§3.30) with startLine ≥ 1 and startColumn ≥ 1 when
			// present.
			art := obj(t, phys, "artifactLocation")
			if file == "" {
				if _, ok := art["uri"]; ok || obj(t, art, "description")["text"] != "standard input" {
					t.Errorf("result %d: standard input as %v, want a description and no uri", i, art)
				}
			} else if art["uri"] != file {
				t.Errorf("result %d: artifactLocation.uri %v, want %s", i, art["uri"], file)
			}
			region := obj(t, phys, "region")
			if line, _ := region["startLine"].(float64); int(line) != f.Line || line < 1 {
				t.Errorf("result %d: startLine %v, want %d", i, region["startLine"], f.Line)
			}
			col, has := region["startColumn"].(float64)
			if has != (f.Char > 0) || has && (col < 1 || int(col) != f.Char) {
				t.Errorf("result %d: startColumn %v, want %d", i, region["startColumn"], f.Char)
			}
			if strings.HasPrefix(f.Code, "readers-") {
				if readers, _ := obj(t, res, "properties")["readers"].([]any); len(readers) == 0 {
					t.Errorf("result %d: a readers-* finding without its readers", i)
				}
			}
		}
	}
}

func obj(t *testing.T, m map[string]any, path ...string) map[string]any {
	t.Helper()
	for _, k := range path {
		next, ok := m[k].(map[string]any)
		if !ok {
			t.Fatalf("%s is %v, want an object", k, m[k])
		}
		m = next
	}
	return m
}

func TestFileURIs(t *testing.T) {
	for in, want := range map[string]string{
		"robots.txt":                       "robots.txt",
		"public/my site/robots.txt":        "public/my%20site/robots.txt",
		"/srv/www/robots.txt":              "file:///srv/www/robots.txt",
		"https://example.com/robots.txt":   "https://example.com/robots.txt",
		"public/100%/robots.txt":           "public/100%25/robots.txt",
		"public/a#b/robots.txt":            "public/a%23b/robots.txt",
		"http://127.0.0.1:8000/robots.txt": "http://127.0.0.1:8000/robots.txt",
	} {
		if got := fileURI(in); got != want {
			t.Errorf("fileURI(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestGitHubCommands(t *testing.T) {
	rep := Report{File: "site,a/robots:1.txt", Findings: []Finding{
		{Line: 4, Col: 3, Char: 2, Severity: engine.SeverityError, Code: "never-matches", Message: "100% wrong\nreally"},
		{Line: 1, Severity: engine.SeverityInfo, Code: "bom", Message: "a note"},
	}}
	var b bytes.Buffer
	if err := rep.GitHub(&b); err != nil {
		t.Fatal(err)
	}
	want := "::error file=site%2Ca/robots%3A1.txt,line=4,col=2,title=robots.txt never-matches::100%25 wrong%0Areally\n" +
		"::notice file=site%2Ca/robots%3A1.txt,line=1,title=robots.txt bom::a note\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	rep.File = "https://example.com/robots.txt"
	b.Reset()
	rep.GitHub(&b)
	if !strings.HasPrefix(b.String(), "::error title=robots.txt never-matches::https://example.com/robots.txt:4: 100%25") {
		t.Errorf("a URL is not a file of the repository: %s", b.String())
	}
}

func TestJSONCounts(t *testing.T) {
	rep := sampleReport(t, "robots.txt")
	var b bytes.Buffer
	rep.JSON(&b)
	var out struct {
		File                    string
		Errors, Warnings, Notes int
		Findings                []jsonFinding
	}
	if err := json.Unmarshal(b.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	e, w, n := 0, 0, 0
	for _, f := range rep.Findings {
		switch f.Severity {
		case engine.SeverityError:
			e++
		case engine.SeverityWarning:
			w++
		default:
			n++
		}
	}
	if out.File != "robots.txt" || out.Errors != e || out.Warnings != w || out.Notes != n || len(out.Findings) != len(rep.Findings) || e == 0 || w == 0 || n == 0 {
		t.Errorf("got %+v; want %d errors, %d warnings, %d notes", out, e, w, n)
	}
}

func TestAtLeast(t *testing.T) {
	rep := Report{Findings: []Finding{{Severity: engine.SeverityWarning}}}
	if rep.AtLeast(engine.SeverityError) || !rep.AtLeast(engine.SeverityWarning) || !rep.AtLeast(engine.SeverityInfo) {
		t.Error("a warning fails -fail-on warning and note, not error")
	}
}

// TestRulesNameTheEngineCodes: every code of the tables in engine/lint.go
// and engine/portability.go has a rule, and every rule a code there, with
// its most severe level.
func TestRulesNameTheEngineCodes(t *testing.T) {
	table := map[string]string{}
	row := regexp.MustCompile(`^//\t([a-z0-9-]+) +((?:error|warning|info)[^ ]*(?:, (?:error|warning|info))?) `)
	for _, name := range []string{"../lint.go", "../readers/portability.go"} {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(src), "\n") {
			if m := row.FindStringSubmatch(line); m != nil && m[1] != "code" {
				table[m[1]] = m[2]
			}
		}
	}
	if len(table) < 50 {
		t.Fatalf("read only %d codes from the engine's tables", len(table))
	}
	for _, r := range rules {
		sev, ok := table[r.Code]
		if !ok {
			t.Errorf("rule %s is no code of the engine", r.Code)
			continue
		}
		first := strings.FieldsFunc(sev, func(c rune) bool { return c == ',' || c == ' ' || c == '…' })[0]
		if want := map[string]engine.Severity{"error": errorLevel, "warning": warningLevel, "info": noteLevel}[first]; r.Level != want {
			t.Errorf("rule %s has level %v; the engine's table says %s", r.Code, r.Level, sev)
		}
		delete(table, r.Code)
	}
	for code := range table {
		t.Errorf("the engine's code %s has no rule", code)
	}
}
