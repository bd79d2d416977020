package main

import (
	"fmt"
	"io"
	"os"
	"strings"
)

// The binary's commands. main only picks one: the word after the program
// name names it, and each command parses its own flags and returns its exit
// status. No word, or a flag first (go run . -addr :9000, the Makefile's
// build steps), is the server, as before there were commands; any other
// word is an error, never a server start (issue 24).
//
// Every command exits 0 when all is well, 1 when it found what it looks
// for (a blocked URL, a failing case, a finding at the -fail-on level) and
// 2 when it could not answer (bad input, no HTTP answer).

// command is one word the binary takes.
type command struct {
	name    string
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// commands are listed in the usage in this order.
var commands = []command{
	{"serve", "serve the tester's page (the command when none is given)", runServe},
	{"test", "test URLs against a robots.txt: verdict, deciding line, rule and why for each", runTest},
	{"lint", "report what in a robots.txt deserves attention, as text, JSON, SARIF or GitHub annotations", runLint},
	{"check", "test a robots.txt against an expectations file, for CI", runCheck},
	{"audit", "say which AI crawlers may read a site, by purpose, and the lines that decide", runAudit},
}

// Exit statuses shared by the commands (check.go names its own the same).
const (
	exitOK    = 0
	exitFound = 1
	exitBad   = 2
)

func main() {
	os.Exit(dispatch(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// dispatch runs the command args name and returns its exit status.
func dispatch(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") && !isHelp(args[0]) {
		return runServe(args, stdin, stdout, stderr)
	}
	name := args[0]
	switch {
	case isHelp(name) || name == "help" && len(args) == 1:
		usage(stdout)
		return exitOK
	case name == "help": // help COMMAND is COMMAND -h
		name, args = args[1], []string{args[1], "-h"}
	}
	if c, ok := findCommand(name); ok {
		return c.run(args[1:], stdin, stdout, stderr)
	}
	fmt.Fprintf(stderr, "robots-tester: %q is not a command; the commands are %s.\n\n", name, commandNames())
	usage(stderr)
	return exitBad
}

func isHelp(arg string) bool {
	return arg == "-h" || arg == "-help" || arg == "--help"
}

func findCommand(name string) (command, bool) {
	for _, c := range commands {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

func commandNames() string {
	names := make([]string, len(commands))
	for i, c := range commands {
		names[i] = c.name
	}
	return strings.Join(names, ", ")
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: robots-tester [command] [flags]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "commands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-6s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "robots-tester COMMAND -h lists a command's flags.")
	fmt.Fprintln(w, "Exit status: 0 all good; 1 a blocked URL (test), a finding at the -fail-on level (lint) or a failing case (check); 2 bad input or no answer.")
}
