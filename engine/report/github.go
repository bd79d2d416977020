package report

import (
	"io"
	"strconv"
	"strings"
)

// GitHub Actions workflow commands: a line "::warning file=F,line=N,col=C,title=T::message"
// on standard output becomes an annotation on that line of the pull
// request ("Workflow commands for GitHub Actions", docs.github.com). The
// runner reads a command up to the end of its line, so the message escapes
// %, CR and LF as %25, %0D and %0A, and the property values escape ":" and
// "," as well (%3A, %2C), which would otherwise end a value (the escaping of
// actions/toolkit's core, command.ts).

var (
	escapeData     = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	escapeProperty = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

// githubLevel is the command for a severity: error, warning or notice.
var githubLevel = [...]string{"error", "warning", "notice"}

// GitHub writes one workflow command a finding. A file on disk is named by
// file=, so the annotation sits on its line; a URL or standard input is not
// a file of the repository, so its name and line go in the message.
func (r Report) GitHub(w io.Writer) error {
	var b strings.Builder
	local := r.File != "" && !strings.HasPrefix(r.File, "http://") && !strings.HasPrefix(r.File, "https://")
	for _, f := range r.Findings {
		b.WriteString("::" + githubLevel[min(int(f.Severity), len(githubLevel)-1)] + " ")
		msg := f.Message
		if local {
			b.WriteString("file=" + escapeProperty.Replace(r.File) + ",line=" + strconv.Itoa(f.Line) + ",")
			if f.Char > 0 {
				b.WriteString("col=" + strconv.Itoa(f.Char) + ",")
			}
		} else {
			msg = r.name() + ":" + strconv.Itoa(f.Line) + ": " + msg
		}
		b.WriteString("title=" + escapeProperty.Replace("robots.txt "+f.Code) + "::" + escapeData.Replace(msg) + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}
