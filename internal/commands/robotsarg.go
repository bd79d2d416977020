package commands

import (
	"errors"
	"flag"
	"io"
	"os"
	"strconv"
	"strings"

	"robotstester/engine"
	"robotstester/internal/fetch"
)

// The robots.txt a command reads (-robots), the same way for check, test
// and lint: a FILE, - for standard input, or an http(s) URL fetched as the
// server's /api/robots fetches it (checkFetch in check.go: the same SSRF
// policy, at most 5 redirects, the first 500 KiB). This file is the one
// place the commands meet the fetch code.

// robotsFlags defines -robots and -fetch-allow-private on fs, as every
// command reading a robots.txt spells them; what says what the file is for
// ("to lint"), and more, when not "", is added to -robots' help.
func robotsFlags(fs *flag.FlagSet, what, more string) (path *string, allowPrivate *bool) {
	help := "the robots.txt " + what + ": a `FILE`, - for standard input, or an http(s) URL to fetch as Googlebot would"
	if more != "" {
		help += "; " + more
	}
	path = fs.String("robots", "", help)
	allowPrivate = fs.Bool("fetch-allow-private", false, "let -robots URL reach loopback and private (RFC 1918, CGNAT, ULA) addresses, for intranet sites and tests; refused by default, as the server's live fetch refuses them")
	return path, allowPrivate
}

// robotsInput is a robots.txt as -robots gave it.
type robotsInput struct {
	// Name is the file, "standard input", or the URL fetched last; "" when
	// -robots was not given.
	Name string
	// Body is the file as read; for a URL, what Googlebot reads of it, and
	// nil when the HTTP answer decides without the rules (a 4xx or 5xx).
	Body []byte
	// Fetch is what -robots URL fetched; nil for a file or standard input.
	Fetch *checkFetchJSON
	// Size is the size of a file or standard input, counted up to
	// fetch.RobotsCountLimit+1 (readHead); Body holds at most the first 500 KiB
	// and one byte.
	Size int64
}

// readRobots reads the robots.txt that arg (-robots) names; stdin is read
// for "-". The error is a sentence for the command to print after its name.
func readRobots(arg string, allowPrivate bool, stdin io.Reader) (robotsInput, error) {
	var in robotsInput
	var err error
	switch {
	case arg == "":
	case arg == "-":
		in.Name = "standard input"
		if in.Body, in.Size, err = readHead(stdin); err != nil {
			return in, errors.New("cannot read the robots.txt from standard input: " + err.Error() + ".")
		}
	case hasHTTPScheme(arg):
		ans, msg := checkFetch(arg, allowPrivate)
		if msg != "" {
			return in, errors.New(msg)
		}
		o := engine.OutcomeFor(engine.Answer{Status: ans.Status, Redirects: len(ans.Redirects)})
		in.Fetch = &checkFetchJSON{URL: ans.URL, FinalURL: ans.FinalURL, Status: ans.Status, Size: ans.Size, SizeKnown: ans.SizeKnown,
			Truncated: ans.Truncated, Redirects: ans.Redirects, Effect: o.Effect.String(), Reason: o.Reason}
		in.Name = ans.FinalURL
		if o.Effect == engine.EffectConditional {
			in.Body = ans.Body // Robots kept only what Googlebot reads
		}
	default:
		in.Name = arg
		f, err := os.Open(arg)
		if err != nil {
			return in, errors.New("cannot read the robots.txt: " + err.Error() + ".")
		}
		in.Body, in.Size, err = readHead(f)
		f.Close()
		if err != nil {
			return in, errors.New("cannot read the robots.txt: " + err.Error() + ".")
		}
	}
	return in, nil
}

// readHead reads what Googlebot reads of a robots.txt file or stream,
// its first 500 KiB and one byte more (so the cut is known to fall inside
// the file), and counts the rest without keeping it, up to
// fetch.RobotsCountLimit: past that the size is fetch.RobotsCountLimit+1
// and reading stops, so /dev/zero ends too (issue 20: it reached 6.8 GB in
// 7 s).
func readHead(r io.Reader) (head []byte, size int64, err error) {
	head, err = io.ReadAll(io.LimitReader(r, engine.GooglebotFetchLimit+1))
	if err != nil || len(head) <= engine.GooglebotFetchLimit {
		return head, int64(len(head)), err
	}
	n, err := io.Copy(io.Discard, io.LimitReader(r, fetch.RobotsCountLimit-int64(len(head))+1))
	return head, int64(len(head)) + n, err
}

// hasHTTPScheme says whether -robots names a URL: http:// or https:// in
// any case (RFC 3986 §3.1: schemes are case-insensitive), not a file.
func hasHTTPScheme(p string) bool {
	l := strings.ToLower(p)
	return strings.HasPrefix(l, "http://") || strings.HasPrefix(l, "https://")
}

// answerDecides reports whether the HTTP answer to -robots URL decides
// every URL whatever the file says (a 4xx allows all, a 5xx blocks all),
// and which way.
func (in robotsInput) answerDecides() (decides, allowed bool) {
	if in.Fetch == nil || in.Fetch.Effect == engine.EffectConditional.String() {
		return false, false
	}
	return true, in.Fetch.Effect == engine.EffectFullAllow.String()
}

// said is what a command says first about -robots URL: what was fetched,
// and, when the HTTP answer decides every URL, how (about is what is
// tested: "URL", "case"). "" for a file or standard input.
func (in robotsInput) said(about string) string {
	if in.Fetch == nil {
		return ""
	}
	s := fetchedLine(in.Fetch)
	if decides, _ := in.answerDecides(); decides {
		s += "\n" + in.answerLine(about)
	}
	return s
}

// answerVerdict is the verdict sentence of a URL the HTTP answer decided.
func (in robotsInput) answerVerdict(allowed bool) string {
	return upperFirst(verdict(allowed)) + " by the " + in.Fetch.Effect + " of the robots.txt's HTTP " + strconv.Itoa(in.Fetch.Status) + " answer, whatever the rules say."
}

// answerLine says what the HTTP answer means for every URL, after
// fetchedLine, when the answer decides.
func (in robotsInput) answerLine(what string) string {
	_, allowed := in.answerDecides()
	return upperFirst(in.Fetch.Effect) + ": " + in.Fetch.Reason + " Every " + what + " tested against it is " + verdict(allowed) + " by that answer, not by rules."
}

// parseInterspersed parses args with fs, flags and arguments in any order
// (robots-tester test /a /b -json), and returns the arguments; "--" ends
// the flags.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		left := fs.Args()
		if n := len(args) - len(left); n > 0 && args[n-1] == "--" {
			return append(rest, left...), nil
		}
		if len(left) == 0 {
			return rest, nil
		}
		rest = append(rest, left[0])
		args = left[1:]
	}
}
