package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"robotstester/internal/commands"
)

// The binary's commands. main only picks one: the word after the program
// name names it, and each command parses its own flags and returns its exit
// status. No word, or a flag first (go run . -addr :9000, the Makefile's
// build steps), is the server, as before there were commands; any other
// word is an error, never a server start (issue 24).
//
// Every command exits 0 when all is well, 1 when it found what it looks
// for and 2 when it could not answer (commands.ExitOK, ExitFound, ExitBad).

// table is every command, in the order the usage lists them: the server,
// then those of internal/commands.
var table = append([]commands.Command{
	{Name: "serve", Summary: "serve the tester's page (the command when none is given)", Run: runServe},
}, commands.All...)

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
		return commands.ExitOK
	case name == "help": // help COMMAND is COMMAND -h
		name, args = args[1], []string{args[1], "-h"}
	}
	if c, ok := findCommand(name); ok {
		return c.Run(args[1:], stdin, stdout, stderr)
	}
	fmt.Fprintf(stderr, "robots-tester: %q is not a command; the commands are %s.\n\n", name, commandNames())
	usage(stderr)
	return commands.ExitBad
}

func isHelp(arg string) bool {
	return arg == "-h" || arg == "-help" || arg == "--help"
}

func findCommand(name string) (commands.Command, bool) {
	for _, c := range table {
		if c.Name == name {
			return c, true
		}
	}
	return commands.Command{}, false
}

func commandNames() string {
	names := make([]string, len(table))
	for i, c := range table {
		names[i] = c.Name
	}
	return strings.Join(names, ", ")
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: robots-tester [command] [flags]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "commands:")
	for _, c := range table {
		fmt.Fprintf(w, "  %-6s %s\n", c.Name, c.Summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "robots-tester COMMAND -h lists a command's flags.")
	fmt.Fprintln(w, "Exit status: 0 all good; 1 a blocked URL (test), a finding at the -fail-on level (lint) or a failing case (check); 2 bad input or no answer.")
}
