package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"robotstester/engine"
)

// The check command puts a robots.txt under test in CI: it reads an
// expectations file (engine/expect.go has the format; Google's conformance
// files are valid ones), tests every case with the engine the page runs, and
// prints each failing case with its deciding line, rule and reason.
//
//	go run . check -expect robots.expect.json -robots public/robots.txt
//	cat robots.txt | go run . check -expect robots.expect.json -robots -
//	go run . check -expect robots.expect.json -json
//
// Exit status: 0 when every case passes, 1 when any fails, 2 when the input
// is bad (a message names the file and line).

// Exit statuses of the check command.
const (
	checkPassed  = 0
	checkFailed  = 1
	checkBadArgs = 2
)

// checkJSON is one case in -json output.
type checkJSON struct {
	Case     int    `json:"case"`
	Line     int    `json:"line,omitempty"` // where the case starts in the expectations file
	Agent    string `json:"agent"`
	Crawler  string `json:"crawler,omitempty"`
	URL      string `json:"url"`
	Expected string `json:"expected"`
	Got      string `json:"got"`
	Pass     bool   `json:"pass"`
	Deciding int    `json:"decidingLine"` // 0 when no rule decided
	Rule     string `json:"rule,omitempty"`
	Why      string `json:"why"`
	Group    string `json:"group"`
}

// runCheck runs `check` with args (those after the word check) and returns
// the exit status.
func runCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	expectPath := fs.String("expect", "", "the expectations `FILE` (JSON; Google's conformance files are valid)")
	robotsPath := fs.String("robots", "", "the robots.txt to test: a `FILE`, or - for standard input; replaces the expectations file's own \"robots\" (a case's own robots.txt still wins)")
	asJSON := fs.Bool("json", false, "print the results as JSON")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: robotstester check -expect FILE [-robots FILE|-] [-json]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return checkBadArgs
	}
	bad := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "check: "+format+"\n", a...)
		return checkBadArgs
	}
	if *expectPath == "" {
		fs.Usage()
		return bad("-expect is required: name the expectations file, such as -expect robots.expect.json.")
	}
	if fs.NArg() > 0 {
		return bad("unexpected argument %q: give the robots.txt with -robots FILE.", fs.Arg(0))
	}
	data, err := os.ReadFile(*expectPath)
	if err != nil {
		return bad("cannot read the expectations file: %v.", err)
	}
	exp, err := engine.ReadExpectations(*expectPath, data)
	if err != nil {
		return bad("%v", err)
	}
	var robots []byte
	robotsName := ""
	switch p := *robotsPath; {
	case p == "":
	case p == "-":
		robotsName = "standard input"
		if robots, err = io.ReadAll(stdin); err != nil {
			return bad("cannot read the robots.txt from standard input: %v.", err)
		}
	case strings.HasPrefix(p, "http://") || strings.HasPrefix(p, "https://"):
		return bad("-robots %s: fetching a robots.txt by URL needs the live fetch, which this build does not have; download it first (curl -sS -o robots.txt %s) and give the file.", p, p)
	default:
		robotsName = p
		if robots, err = os.ReadFile(p); err != nil {
			return bad("cannot read the robots.txt: %v.", err)
		}
	}
	// Googlebot reads the first 500 KiB of a robots.txt; the rest decides
	// nothing. (A case's own robots.txt is a fixture for the matcher, as in
	// Google's conformance files, and is tested whole.)
	cut := func(name string, body []byte) []byte {
		c := engine.FetchLimit(body)
		if c.Truncated {
			fmt.Fprintf(stderr, "check: %s is %d bytes; Googlebot reads only the first %d (up to line %d), and so does this check.\n", name, c.Size, c.Limit, c.Line)
		}
		return c.Body
	}
	if robotsName != "" {
		robots = cut(robotsName, robots)
	} else if exp.HasRobots {
		exp.Robots = cut(`the "robots" of `+*expectPath, exp.Robots)
	}
	results, err := exp.Check(robots, robotsName != "")
	if err != nil {
		var ee *engine.ExpectError
		if errors.As(err, &ee) {
			ee.File = *expectPath
		}
		return bad("%v", err)
	}
	failed := 0
	for _, r := range results {
		if !r.Pass {
			failed++
		}
	}
	if *asJSON {
		out := struct {
			Passed  int         `json:"passed"`
			Failed  int         `json:"failed"`
			Results []checkJSON `json:"results"`
		}{len(results) - failed, failed, make([]checkJSON, len(results))}
		for i, r := range results {
			ex := r.Robots.Explain(r.Result)
			out.Results[i] = checkJSON{
				Case: i + 1, Line: r.Case.Line, Agent: r.Case.Agent, Crawler: r.Case.Crawler, URL: r.Case.URL,
				Expected: verdict(r.Case.Allowed), Got: verdict(r.Result.Allowed), Pass: r.Pass,
				Deciding: r.Result.Line, Rule: ruleText(r), Why: ex.Verdict, Group: ex.Group,
			}
		}
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			return bad("cannot write the results: %v.", err)
		}
	} else {
		for i, r := range results {
			if r.Pass {
				continue
			}
			where := *expectPath
			if r.Case.Line > 0 {
				where += ":" + strconv.Itoa(r.Case.Line)
			}
			fmt.Fprintf(stdout, "FAIL %s: case %d: %s\n", where, i+1, r.Describe())
			fmt.Fprintf(stdout, "     %s\n", r.Robots.Explain(r.Result).Group)
		}
		fmt.Fprintf(stdout, "%d passed, %d failed\n", len(results)-failed, failed)
	}
	if failed > 0 {
		return checkFailed
	}
	return checkPassed
}

func verdict(allowed bool) string {
	if allowed {
		return "allowed"
	}
	return "blocked"
}

// ruleText is the deciding rule as Google read it, "" when none decided.
func ruleText(r engine.CaseResult) string {
	if r.Result.Line == 0 {
		return ""
	}
	return r.Robots.RuleText(r.Result.Line)
}
