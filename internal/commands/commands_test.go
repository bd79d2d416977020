package commands

import (
	"bytes"
	"strings"
	"testing"
)

// run runs the command args[0] names with the rest of args, as the
// binary's dispatch in the root's main.go does.
func run(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	for _, c := range All {
		if c.Name == args[0] {
			var out, errOut bytes.Buffer
			code = c.Run(args[1:], strings.NewReader(stdin), &out, &errOut)
			return code, out.String(), errOut.String()
		}
	}
	t.Fatalf("%q is not one of this package's commands", args[0])
	return
}
