package commands

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"

	"robotstester/engine"
	"robotstester/internal/fetch"
)

// The check command puts a robots.txt under test in CI: it reads an
// expectations file (engine/expect.go has the format; Google's conformance
// files are valid ones), tests every case with the engine the page runs, and
// prints each failing case with its deciding line, rule and reason.
//
//	go run . check -expect robots.expect.json -robots public/robots.txt
//	cat robots.txt | go run . check -expect robots.expect.json -robots -
//	go run . check -expect robots.expect.json -json
//	go run . check -expect robots.expect.json -robots https://example.com/robots.txt
//
// A URL is fetched as the server's /api/robots fetches it (fetch.API.Robots
// in internal/fetch: same SSRF policy, at most 5 redirects, the first 500
// KiB), and the HTTP answer means what it means to Google
// (engine.OutcomeFor): a 2xx lets the rules decide, a 4xx allows every case
// and a 5xx blocks every case, whatever the file says. Loopback and private addresses are refused
// unless -fetch-allow-private is given.
//
// Exit status: 0 when every case passes, 1 when any fails, 2 when the input
// is bad (a message names the file and line) or the URL got no HTTP answer
// (DNS, refused connection, timeout, refused destination): a CI job cannot
// tell a broken site from a broken runner there, so it does not judge.

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

// checkFetchJSON is what -robots URL fetched, in -json output.
type checkFetchJSON struct {
	URL       string   `json:"url"` // the robots.txt URL requested
	FinalURL  string   `json:"finalUrl"`
	Status    int      `json:"status"`
	Size      int64    `json:"size"`
	SizeKnown bool     `json:"sizeKnown"`
	Truncated bool     `json:"truncated"`
	Redirects []string `json:"redirects"`
	Effect    string   `json:"effect"` // "conditional allow", "full allow" or "full disallow"
	Reason    string   `json:"reason"`
}

// RunCheck runs `check` with args (those after the word check) and returns
// the exit status.
func RunCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	expectPath := fs.String("expect", "", "the expectations `FILE` (JSON; Google's conformance files are valid)")
	robotsPath, allowPrivate := robotsFlags(fs, "to test", "replaces the expectations file's own \"robots\" (a case's own robots.txt still wins)")
	asJSON := fs.Bool("json", false, "print the results as JSON")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: robots-tester check -expect FILE [-robots FILE|-|URL] [-fetch-allow-private] [-json]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return HelpOrBad(err)
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
	in, err := readRobots(*robotsPath, *allowPrivate, stdin)
	if err != nil {
		return bad("%s", err)
	}
	robots, robotsName, fetched, robotsSize := in.Body, in.Name, in.Fetch, in.Size
	if said := in.said("case"); said != "" && !*asJSON {
		fmt.Fprintln(stdout, said)
	}
	// Googlebot reads the first 500 KiB of a robots.txt; the rest decides
	// nothing. (A case's own robots.txt is a fixture for the matcher, as in
	// Google's conformance files, and is tested whole.)
	cut := func(name string, body []byte, size int64) []byte {
		c := engine.FetchLimit(body)
		if c.Truncated {
			what := strconv.FormatInt(size, 10) + " bytes"
			if size > fetch.RobotsCountLimit {
				what = "more than " + strconv.Itoa(fetch.RobotsCountLimit) + " bytes"
			}
			fmt.Fprintf(stderr, "check: %s is %s; Googlebot reads only the first %d (up to line %d), and so does this check.\n", name, what, c.Limit, c.Line)
		}
		return c.Body
	}
	if robotsName != "" && fetched == nil {
		robots = cut(robotsName, robots, robotsSize)
	} else if exp.HasRobots {
		exp.Robots = cut(`the "robots" of `+*expectPath, exp.Robots, int64(len(exp.Robots)))
	}
	results, err := exp.Check(robots, robotsName != "")
	if err != nil {
		var ee *engine.ExpectError
		if errors.As(err, &ee) {
			ee.File = *expectPath
		}
		return bad("%v", err)
	}
	// byAnswer[i]: case i was decided by the HTTP answer, not by a rule.
	byAnswer := make([]bool, len(results))
	if fetched != nil && fetched.Effect != engine.EffectConditional.String() {
		allowed := fetched.Effect == engine.EffectFullAllow.String()
		for i := range results {
			if results[i].Case.HasRobots {
				continue // a case's own robots.txt is a fixture, not the fetched file
			}
			byAnswer[i] = true
			results[i].Result = engine.Result{Allowed: allowed, URL: results[i].Case.URL}
			results[i].Pass = allowed == results[i].Case.Allowed
		}
	}
	// answerVerdict is the verdict sentence of a case the answer decided.
	answerVerdict := func(r engine.CaseResult) string { return in.answerVerdict(r.Result.Allowed) }
	failed := 0
	for _, r := range results {
		if !r.Pass {
			failed++
		}
	}
	if *asJSON {
		out := struct {
			Fetch   *checkFetchJSON `json:"fetch,omitempty"`
			Passed  int             `json:"passed"`
			Failed  int             `json:"failed"`
			Results []checkJSON     `json:"results"`
		}{fetched, len(results) - failed, failed, make([]checkJSON, len(results))}
		for i, r := range results {
			if byAnswer[i] {
				out.Results[i] = checkJSON{
					Case: i + 1, Line: r.Case.Line, Agent: r.Case.Agent, Crawler: r.Case.Crawler, URL: r.Case.URL,
					Expected: verdict(r.Case.Allowed), Got: verdict(r.Result.Allowed), Pass: r.Pass,
					Why: answerVerdict(r), Group: fetched.Reason,
				}
				continue
			}
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
			if byAnswer[i] {
				fmt.Fprintf(stdout, "FAIL %s: case %d: %s\n", where, i+1, engine.Plain(r.DescribeWith(answerVerdict(r))))
				continue
			}
			fmt.Fprintf(stdout, "FAIL %s: case %d: %s\n", where, i+1, engine.Plain(r.Describe()))
			fmt.Fprintf(stdout, "     %s\n", engine.Plain(r.Robots.Explain(r.Result).Group))
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

// checkFetch fetches the robots.txt for -robots URL with the server's fetch
// (fetch.API.Robots) and its SSRF policy. msg is set, and the check stops with
// exit 2, when there is no HTTP answer to judge by.
func checkFetch(raw string, allowPrivate bool) (ans fetch.Answer, msg string) {
	a := fetch.NewAPI(fetch.Options{Enabled: true, AllowPrivate: allowPrivate})
	ans, refused := a.Robots(context.Background(), raw)
	code, text := ans.Code, ans.Error
	if refused != nil {
		code, text = refused.Code, refused.Error
	}
	switch code {
	case fetch.CodeOK:
		if 300 <= ans.Status && ans.Status <= 399 {
			// Go's client returns a 3xx it cannot follow (no Location).
			return ans, fmt.Sprintf("-robots %s: %s answered %d with no redirect to follow; Google reads robots.txt only at the end of a redirect chain: serve it with 200.", raw, ans.FinalURL, ans.Status)
		}
		return ans, ""
	case fetch.CodeTooManyRedirects:
		return ans, "" // an HTTP answer: Google reads the file as missing (OutcomeFor)
	}
	return ans, fmt.Sprintf("-robots %s: no HTTP answer to judge by (%s). %s", raw, code, text)
}

// fetchedLine says what -robots URL fetched, the first line of the output.
func fetchedLine(f *checkFetchJSON) string {
	s := "Fetched " + f.FinalURL + ": HTTP " + strconv.Itoa(f.Status)
	if f.Status < 300 || f.Status > 399 { // a redirect's body is not read
		size := strconv.FormatInt(f.Size, 10) + " bytes"
		if !f.SizeKnown {
			size = "more than " + size
		}
		s += ", " + size
	}
	switch n := len(f.Redirects); {
	case n == 1:
		s += ", 1 redirect from " + f.URL
	case n > 1:
		s += ", " + strconv.Itoa(n) + " redirects from " + f.URL
	}
	if f.Truncated {
		s += "; Googlebot reads only the first " + strconv.Itoa(engine.GooglebotFetchLimit) + " bytes, and so does this check"
	}
	return s + "."
}
