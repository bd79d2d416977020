package commands

import (
	"errors"
	"flag"
	"io"
)

// Command is one word the binary takes after its name.
type Command struct {
	Name    string
	Summary string
	// Run parses the command's own flags from args (those after the
	// word) and returns its exit status.
	Run func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// All are the commands this package runs, in the order the usage lists
// them; the root's main.go puts serve before them.
var All = []Command{
	{"test", "test URLs against a robots.txt: verdict, deciding line, rule and why for each", RunTest},
	{"lint", "report what in a robots.txt deserves attention, as text, JSON, SARIF or GitHub annotations", RunLint},
	{"check", "test a robots.txt against an expectations file, for CI", RunCheck},
	{"audit", "say which AI crawlers may read a site, by purpose, and the lines that decide", RunAudit},
}

// Exit statuses, the same for every command and for the server's flags:
// 0 when all is well, 1 when a command found what it looks for (a blocked
// URL, a failing case, a finding at the -fail-on level), 2 when it could
// not answer (bad input, no HTTP answer).
const (
	ExitOK    = 0
	ExitFound = 1
	ExitBad   = 2
)

// HelpOrBad is a command's exit status when its flags do not parse: 0 for
// -h (the flag package has printed the usage), 2 for anything else.
func HelpOrBad(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return ExitOK
	}
	return ExitBad
}

// upperFirst capitalises the first letter of an ASCII phrase.
func upperFirst(s string) string {
	if s != "" && 'a' <= s[0] && s[0] <= 'z' {
		return string(s[0]-'a'+'A') + s[1:]
	}
	return s
}
