package main

import (
	"bytes"
	"strings"
	"testing"
)

// run calls the binary's dispatch with args, as main does.
func run(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = dispatch(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

// Every command's -h prints its usage and exits 0; so do -h and help for
// the binary, which list the commands.
func TestHelpExitsZero(t *testing.T) {
	for _, args := range [][]string{
		{"-h"}, {"--help"}, {"help"}, {"help", "lint"},
		{"serve", "-h"}, {"test", "-h"}, {"lint", "-h"}, {"check", "-h"},
		{"test", "-help"},
	} {
		code, out, errOut := run(t, "", args...)
		if code != 0 || !strings.Contains(out+errOut, "usage: robots") {
			t.Errorf("%q: exit %d, want 0 and a usage; stdout %q, stderr %q", args, code, out, errOut)
		}
	}
	_, out, _ := run(t, "", "-h")
	for _, c := range table {
		if !strings.Contains(out, "  "+c.Name+" ") {
			t.Errorf("the usage does not list %s:\n%s", c.Name, out)
		}
	}
}

// A mistyped command or a stray argument is an error with the usage on
// standard error, never a server start (which would block this test).
func TestUnknownCommandsAndStrayArguments(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"audti"}, `"audti" is not a command; the commands are serve, test, lint, check, audit.`},
		{[]string{"robots.txt"}, `"robots.txt" is not a command`},
		{[]string{"help", "audti"}, `"audti" is not a command`},
		{[]string{"serve", "extra"}, `serve: unexpected argument "extra"`},
		{[]string{"-addr", "127.0.0.1:0", "stray"}, `serve: unexpected argument "stray"`},
		{[]string{"serve", "-nope"}, "flag provided but not defined: -nope"},
		{[]string{"lint", "-robots", "robots.txt", "stray"}, `lint: unexpected argument "stray"`},
		{[]string{"check", "-expect", "x.json", "stray"}, `check: unexpected argument "stray"`},
	} {
		code, out, errOut := run(t, "", tt.args...)
		if code != 2 || out != "" || !strings.Contains(errOut, tt.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2 and %q", tt.args, code, out, errOut, tt.want)
		}
	}
	_, _, errOut := run(t, "", "audti")
	if !strings.Contains(errOut, "usage: robots-tester [command] [flags]") {
		t.Errorf("no usage after an unknown command: %q", errOut)
	}
}
