package commands

import (
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"robotstester/engine"
	"robotstester/engine/readers"
	"robotstester/engine/report"
)

// The lint command reports what in a robots.txt deserves attention: the
// findings of the page's lint panel, Google's (engine.Lint) and the other
// readers' (readers.Portability), in the formats CI reads (engine/report):
//
//	robots-tester lint -robots robots.txt                        # FILE:LINE:COL: severity: message [code]
//	robots-tester lint -robots robots.txt -format sarif > robots.sarif
//	robots-tester lint -robots robots.txt -format github -fail-on warning
//
// Exit status: 0 when no finding is at the -fail-on level or above (error
// by default), 1 when one is, 2 when there is no file to lint.

// lintLevels are the -fail-on values, most severe first.
var lintLevels = map[string]engine.Severity{
	"error":   engine.SeverityError,
	"warning": engine.SeverityWarning,
	"note":    engine.SeverityInfo,
}

// RunLint runs `lint` with args (those after the word lint) and returns
// its exit status.
func RunLint(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("lint", flag.ContinueOnError)
	fs.SetOutput(stderr)
	robotsPath, allowPrivate := robotsFlags(fs, "to lint", "")
	format := fs.String("format", "text", "the output: text (FILE:LINE:COL: severity: message [code]), json, sarif (SARIF 2.1.0) or github (Actions annotations)")
	failOn := fs.String("fail-on", "error", "exit 1 when a finding is at this `level` or above: error, warning or note")
	withReaders := fs.Bool("readers", true, "also report the lines other crawlers' parsers read differently from Google (readers-* codes); -readers=false leaves them out")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: robots-tester lint -robots FILE|-|URL [-format text|json|sarif|github] [-fail-on error|warning|note] [-readers=false] [-fetch-allow-private]")
		fmt.Fprintln(stderr, "Exit status: 0 no finding at the -fail-on level, 1 one or more, 2 bad input or no file to lint.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return HelpOrBad(err)
	}
	bad := func(msg string) int {
		fmt.Fprintln(stderr, "lint: "+msg)
		return ExitBad
	}
	switch {
	case fs.NArg() > 0:
		return bad(fmt.Sprintf("unexpected argument %q: name the robots.txt with -robots FILE.", fs.Arg(0)))
	case *robotsPath == "":
		fs.Usage()
		return bad("-robots is required: name the robots.txt, such as -robots robots.txt.")
	}
	level, ok := lintLevels[*failOn]
	if !ok {
		return bad(fmt.Sprintf("-fail-on %q is not a level: use error, warning or note.", *failOn))
	}
	write, ok := map[string]func(report.Report, io.Writer) error{
		"text":   report.Report.Text,
		"json":   report.Report.JSON,
		"sarif":  func(r report.Report, w io.Writer) error { return r.SARIF(w, "robots-tester") },
		"github": report.Report.GitHub,
	}[*format]
	if !ok {
		return bad(fmt.Sprintf("-format %q is not a format: use text, json, sarif or github.", *format))
	}
	in, err := readRobots(*robotsPath, *allowPrivate, stdin)
	if err != nil {
		return bad(err.Error())
	}
	if said := in.said("URL"); said != "" {
		fmt.Fprintln(stderr, said)
		if decides, _ := in.answerDecides(); decides {
			return bad("Google reads no file from that answer, so there is nothing to lint.")
		}
	}
	file := in.Name
	if *robotsPath == "-" {
		file = ""
	}
	r := engine.Parse(in.Body)
	var port []readers.PortabilityFinding
	if *withReaders {
		port = readers.Portability(r)
	}
	rep := report.New(file, r, engine.Lint(r), port)
	if err := write(rep, stdout); err != nil {
		return bad("cannot write the findings: " + err.Error() + ".")
	}
	if *format == "text" {
		// For a person: a clean file prints no finding, so say so; on
		// standard error, where no problem matcher reads it.
		fmt.Fprintln(stderr, lintSummary(rep, in.Name))
	}
	if rep.AtLeast(level) {
		return ExitFound
	}
	return ExitOK
}

// lintSummary counts the findings: "robots.txt: 2 warnings, 1 note.".
func lintSummary(rep report.Report, name string) string {
	counts := map[engine.Severity]int{}
	for _, f := range rep.Findings {
		counts[f.Severity]++
	}
	var parts []string
	for _, s := range []engine.Severity{engine.SeverityError, engine.SeverityWarning, engine.SeverityInfo} {
		if n := counts[s]; n > 0 {
			word := report.LevelName(s)
			if n > 1 {
				word += "s"
			}
			parts = append(parts, strconv.Itoa(n)+" "+word)
		}
	}
	if len(parts) == 0 {
		return name + ": no findings."
	}
	return name + ": " + strings.Join(parts, ", ") + "."
}
