package engine

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"robotstester/engine/sharedtest"
)

var fuzzSeedURLs = []string{
	"http://example.com/", "http://example.com", "http://example.com?a=1", "http://example.com;x",
	"example.com/foo", "//example.com/foo", "http://example.com#frag/x", "foo", "", "a/b://c/d",
	"http://ex.com/a/../b", "ftp://u:p@h:21/p?q#f", "http://ex.com/a?b=http://c/d", "/a$b", "/foo/",
	"/x.php?y", "/%7e", "/%C3%A9", "/\xc3\xa9", "/a\x00b", "/a/index.html/",
}

var fuzzSeedAgents = []string{"foo", "FOO", "Googlebot", "Googlebot/2.1", "Googlebot Images", "", "*", "foo2", "b"}

// fuzzWideRules are '*' rules every path reaches; they match only a path
// holding \x01 and later \x02.
var fuzzWideRules = []byte("\n" + strings.Repeat("Allow: *\x01*\x02\n", 130))

// fuzzSuiteSeeds adds the bodies of Google's conformance suite.
func fuzzSuiteSeeds(f *testing.F, add func(body []byte, agent, url string)) {
	dir := sharedDir(f, "conformance", "google-spec-test")
	files, err := filepath.Glob(filepath.Join(dir, "*", "*.json"))
	if err != nil {
		f.Fatal(err)
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		var file struct {
			Cases []struct {
				Robots, RobotsB64 string
				Agent, URL        string
			}
		}
		if err := json.Unmarshal(data, &file); err != nil {
			f.Fatalf("%s: %v", name, err)
		}
		for _, c := range file.Cases {
			body := []byte(c.Robots)
			if c.RobotsB64 != "" {
				if body, err = base64.StdEncoding.DecodeString(c.RobotsB64); err != nil {
					f.Fatalf("%s: %v", name, err)
				}
			}
			add(body, c.Agent, c.URL)
		}
	}
}

// checkLines checks the line table of a parsed file against its body and
// the oracle's line count.
func checkLines(r *Robots, body []byte) error {
	if r.Body != string(body) {
		return fmt.Errorf("Body is not the input")
	}
	f := oracleParse(body)
	if len(r.Lines) != f.lines {
		return fmt.Errorf("%d lines, oracle counts %d", len(r.Lines), f.lines)
	}
	for i, ln := range r.Lines {
		if err := checkLineReport(ln, r.Body, f.reports[i]); err != nil {
			return fmt.Errorf("line %d: %v", ln.Number, err)
		}
	}
	prevEnd := r.BOM - 1
	for i, ln := range r.Lines {
		if ln.Number != i+1 {
			return fmt.Errorf("Lines[%d].Number = %d", i, ln.Number)
		}
		if ln.Start <= prevEnd || ln.Start > ln.End || ln.End > len(body) {
			return fmt.Errorf("line %d spans [%d,%d) after the previous line ended at %d, body %d bytes", ln.Number, ln.Start, ln.End, prevEnd, len(body))
		}
		if strings.ContainsAny(r.Body[ln.Start:ln.End], "\r\n") {
			return fmt.Errorf("line %d holds a line break", ln.Number)
		}
		prevEnd = ln.End
	}
	if n := len(r.Lines); n > 0 && r.Lines[n-1].End != len(body) {
		return fmt.Errorf("the last line ends at %d, not at the end of the body (%d)", r.Lines[n-1].End, len(body))
	}
	for gi, g := range r.Groups {
		for _, rule := range g.Rules {
			ln := r.Lines[rule.Line-1]
			if ln.Group != gi || (ln.Kind != KindAllow && ln.Kind != KindDisallow) {
				return fmt.Errorf("rule on line %d: the line is %v in group %d, not a rule of group %d", rule.Line, ln.Kind, ln.Group, gi)
			}
			if want := oracleEscape(rule.Value); rule.Pattern != want {
				return fmt.Errorf("rule on line %d: pattern %q, oracle normalises %q to %q", rule.Line, rule.Pattern, rule.Value, want)
			}
		}
	}
	return nil
}

// checkLineReport compares one parsed line with what Google's reporter
// says of it: kind, key, value and the flags. body is the line's Robots.Body.
func checkLineReport(ln Line, body string, rep oracleReport) error {
	kind := KindInvalid
	switch {
	case rep.empty:
		kind = KindEmpty
	case rep.comment:
		kind = KindComment
	case rep.directive:
		kind = map[oracleKey]Kind{oracleUserAgent: KindUserAgent, oracleAllow: KindAllow, oracleDisallow: KindDisallow,
			oracleSitemap: KindSitemap, oracleUnknown: KindUnknown}[rep.key]
	}
	if ln.Kind != kind {
		return fmt.Errorf("kind %v, Google's reporter reads %v", ln.Kind, kind)
	}
	if key, value := ln.Key(body), ln.Value(body); rep.directive && (key != rep.keyText || value != rep.value) {
		return fmt.Errorf("key %q value %q, oracle %q %q", key, value, rep.keyText, rep.value)
	}
	if ln.HasComment != rep.hasComment || ln.MissingColon != rep.missingColon || ln.Typo != rep.typo || ln.TooLong != rep.tooLong || ln.NUL != rep.nul {
		return fmt.Errorf("flags comment %v missing-colon %v typo %v too-long %v NUL %v; oracle %v %v %v %v %v",
			ln.HasComment, ln.MissingColon, ln.Typo, ln.TooLong, ln.NUL, rep.hasComment, rep.missingColon, rep.typo, rep.tooLong, rep.nul)
	}
	return nil
}

// FuzzParse: any bytes parse, and the line table is consistent.
func FuzzParse(f *testing.F) {
	for _, b := range sharedtest.FuzzSeedBodies {
		f.Add([]byte(b))
	}
	fuzzSuiteSeeds(f, func(body []byte, _, _ string) { f.Add(body) })
	f.Fuzz(func(t *testing.T, body []byte) {
		if err := checkLines(Parse(body), body); err != nil {
			t.Fatalf("%q: %v", body, err)
		}
	})
}

// FuzzTest: any body, agent and url test without panic, every Result agrees
// with its explanation, and Google's verdict and line agree with the oracle.
func FuzzTest(f *testing.F) {
	for i, b := range sharedtest.FuzzSeedBodies {
		for j, u := range fuzzSeedURLs {
			f.Add([]byte(b), fuzzSeedAgents[(i+j)%len(fuzzSeedAgents)], u)
		}
	}
	fuzzSuiteSeeds(f, func(body []byte, agent, url string) { f.Add(body, agent, url) })
	f.Fuzz(func(t *testing.T, body []byte, agent, url string) {
		r := Parse(body)
		if err := compareWithOracle(r, oracleParse(body), agent, url); err != nil {
			t.Fatalf("body %q: %v", body, err)
		}
		// The same file with 130 '*' rules added to its last group, which
		// every path reaches: the engine then matches them all at once.
		wide := append(append([]byte{}, body...), fuzzWideRules...)
		if err := compareWithOracle(Parse(wide), oracleParse(wide), agent, url); err != nil {
			t.Fatalf("body %q + 130 '*' rules: %v", body, err)
		}
		res := r.Test(agent, url)
		if err := checkResult(res); err != nil {
			t.Fatalf("body %q agent %q url %q: Test result inconsistent: %v", body, agent, url, err)
		}
		if err := checkMatchesComplete(r, res); err != nil {
			t.Fatalf("body %q agent %q url %q: %v", body, agent, url, err)
		}
		if err := checkExplanation(r, res); err != nil {
			t.Fatalf("body %q agent %q url %q: %v", body, agent, url, err)
		}
		if res.Agent.Cut != (res.Verbatim != nil) || res.Agent.Cut == ValidToken(agent) {
			t.Fatalf("agent %q: Cut=%v, Verbatim set %v", agent, res.Agent.Cut, res.Verbatim != nil)
		}
		if res.Verbatim != nil {
			v := r.TestVerbatim(agent, url)
			if res.Verbatim.Allowed != v.Allowed || res.Verbatim.Line != v.Line {
				t.Fatalf("agent %q url %q: Result.Verbatim differs from TestVerbatim", agent, url)
			}
		}
	})
}
