package commands

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"robotstester/engine"
	"robotstester/engine/ai"
)

// The audit command answers "which AI crawlers can read my site?" for one
// robots.txt: each current AI crawler and control token of the catalogue
// (engine/catalogue/crawlers_ai.go) with its operator, purpose, the group
// it obeys and its verdict at the site root (and at each -url), a summary
// per purpose, and the findings about AI crawlers (engine/ai).
//
//	go run . audit -robots public/robots.txt
//	go run . audit -robots - < robots.txt
//	go run . audit -robots https://example.com/robots.txt -json
//	go run . audit -robots robots.txt -url https://example.com/news/ -url https://example.com/shop/
//
// A URL is fetched as check fetches it (checkFetch: the server's fetch and
// SSRF policy; -fetch-allow-private for loopback and private addresses),
// and its HTTP answer means what it means to Google: a 4xx allows every
// crawler, a 5xx blocks every crawler that reads robots.txt.
//
// Exit status, as check's: 0 when no finding is a warning or an error, 1
// when one is (a retired token that leaves a crawler in, a content signal
// the groups contradict), 2 on bad input or no HTTP answer.

// auditJSON is the -json output.
type auditJSON struct {
	Fetch    *checkFetchJSON    `json:"fetch,omitempty"`
	Crawlers []auditCrawlerJSON `json:"crawlers"`
	Purposes []auditPurposeJSON `json:"purposes"`
	Signals  []auditSignalJSON  `json:"signals"`
	Findings []auditFindingJSON `json:"findings"`
}

type auditCrawlerJSON struct {
	Name     string         `json:"name"`
	Operator string         `json:"operator"`
	Purpose  string         `json:"purpose"`
	Robots   string         `json:"robots"` // what the operator says it does with robots.txt
	Tokens   []string       `json:"tokens"`
	Obeys    int            `json:"obeys"` // the line of the group it obeys, 0 for none
	Root     string         `json:"root"`  // "allowed" or "blocked"
	Line     int            `json:"line"`  // the deciding line, 0 for none
	URLs     []auditURLJSON `json:"urls,omitempty"`
}

type auditURLJSON struct {
	URL     string `json:"url"`
	Verdict string `json:"verdict"`
	Line    int    `json:"line"`
}

type auditPurposeJSON struct {
	Purpose string   `json:"purpose"`
	Blocked []string `json:"blocked"`
	Allowed []string `json:"allowed"`
}

type auditSignalJSON struct {
	Line  int             `json:"line"`
	Group int             `json:"group"` // the first user-agent line of its group, 0 before any
	Uses  map[string]bool `json:"uses"`  // use → yes
}

type auditFindingJSON struct {
	Line     int    `json:"line"`
	Code     string `json:"code"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
}

// RunAudit runs `audit` with args (those after the word audit) and returns
// the exit status.
func RunAudit(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("audit", flag.ContinueOnError)
	fs.SetOutput(stderr)
	robotsPath, allowPrivate := robotsFlags(fs, "to audit", "")
	asJSON := fs.Bool("json", false, "print the answer as JSON")
	var urls []string
	fs.Func("url", "also give each crawler's verdict for `URL` (repeat the flag for more)", func(u string) error {
		urls = append(urls, u)
		return nil
	})
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: robots-tester audit -robots FILE|-|URL [-url URL]... [-fetch-allow-private] [-json]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return HelpOrBad(err)
	}
	bad := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "audit: "+format+"\n", a...)
		return checkBadArgs
	}
	if fs.NArg() > 0 {
		return bad("unexpected argument %q: give the robots.txt with -robots FILE.", fs.Arg(0))
	}
	if *robotsPath == "" {
		fs.Usage()
		return bad("-robots is required: name the robots.txt, such as -robots public/robots.txt, - for standard input, or its URL.")
	}
	in, err := readRobots(*robotsPath, *allowPrivate, stdin)
	if err != nil {
		return bad("%s", err)
	}
	body, fetched := in.Body, in.Fetch
	if said := in.said("crawler"); said != "" && !*asJSON {
		fmt.Fprintln(stdout, said)
	}
	if c := engine.FetchLimit(body); c.Truncated {
		fmt.Fprintf(stderr, "audit: the robots.txt is %d bytes or more; Googlebot reads only the first %d (up to line %d), and so does this audit.\n", max(in.Size, int64(c.Size)), c.Limit, c.Line)
		body = c.Body
	}
	au := ai.AuditOf(engine.Parse(body), urls)
	if decides, allowed := in.answerDecides(); decides && !allowed {
		blockAll(&au)
	}
	if *asJSON {
		if err := writeAuditJSON(stdout, au, fetched); err != nil {
			return bad("cannot write the answer: %v.", err)
		}
	} else {
		writeAuditText(stdout, au)
	}
	if errs, warns, _ := au.Findings.Counts(); errs+warns > 0 {
		return checkFailed
	}
	return checkPassed
}

// blockAll makes au what a "server error" answer means to Google: every
// crawler that reads robots.txt is blocked everywhere, by no line.
func blockAll(au *ai.Audit) {
	for i := range au.Crawlers {
		c := &au.Crawlers[i]
		if len(c.Tokens) == 0 {
			continue
		}
		c.Allowed, c.Line, c.Obeys = false, 0, 0
		for u := range c.URLs {
			c.URLs[u] = engine.Cell{}
		}
	}
	for i := range au.Purposes {
		p := &au.Purposes[i]
		var allowed []string
		for _, name := range p.Allowed {
			if c, _ := au.Crawler(name); len(c.Tokens) == 0 {
				allowed = append(allowed, name)
			} else {
				p.Blocked = append(p.Blocked, name)
			}
		}
		p.Allowed = allowed
	}
}

func writeAuditJSON(w io.Writer, au ai.Audit, fetched *checkFetchJSON) error {
	out := auditJSON{Fetch: fetched, Crawlers: []auditCrawlerJSON{}, Purposes: []auditPurposeJSON{}, Signals: []auditSignalJSON{}, Findings: []auditFindingJSON{}}
	for _, c := range au.Crawlers {
		row := auditCrawlerJSON{Name: c.Name, Operator: c.Operator, Purpose: string(c.Purpose), Robots: string(c.Robots),
			Tokens: c.Tokens, Obeys: c.Obeys, Root: c.Root(), Line: c.Line}
		if row.Tokens == nil {
			row.Tokens = []string{}
		}
		for u, cell := range c.URLs {
			row.URLs = append(row.URLs, auditURLJSON{URL: au.URLs[u], Verdict: verdict(cell.Allowed), Line: cell.Line})
		}
		out.Crawlers = append(out.Crawlers, row)
	}
	for _, p := range au.Purposes { // an empty list is written [], not null
		out.Purposes = append(out.Purposes, auditPurposeJSON{Purpose: string(p.Purpose), Blocked: append([]string{}, p.Blocked...), Allowed: append([]string{}, p.Allowed...)})
	}
	for _, s := range au.Signals {
		sig := auditSignalJSON{Line: s.Line, Group: s.GroupLine, Uses: map[string]bool{}}
		for _, u := range s.Uses {
			sig.Uses[u.Use] = u.Yes
		}
		out.Signals = append(out.Signals, sig)
	}
	for _, d := range au.Findings {
		out.Findings = append(out.Findings, auditFindingJSON{Line: d.Line, Code: d.Code, Severity: d.Severity.String(), Message: d.Message})
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// writeAuditText writes the answer for a person: a line per purpose, a
// table per operator, then the findings.
func writeAuditText(w io.Writer, au ai.Audit) {
	for _, p := range au.Purposes {
		n := len(p.Blocked) + len(p.Allowed)
		if n == 0 {
			continue
		}
		line := upperFirst(p.Purpose.Label()) + ": " + strconv.Itoa(len(p.Blocked)) + " of " + strconv.Itoa(n) + " blocked"
		if len(p.Blocked) > 0 {
			line += " (" + strings.Join(p.Blocked, ", ") + ")"
		}
		fmt.Fprintln(w, line+".")
	}
	for _, s := range au.Signals {
		if len(s.Uses) > 0 {
			fmt.Fprintf(w, "Content signal at line %d: %s.\n", s.Line, s.Declared())
		}
	}
	fmt.Fprintln(w)
	var table strings.Builder
	tw := tabwriter.NewWriter(&table, 0, 0, 2, ' ', 0)
	operator := ""
	for _, c := range au.Crawlers {
		if c.Operator != operator {
			operator = c.Operator
			fmt.Fprintf(tw, "%s\t\t\t\t\n", operator)
		}
		obeys := "no group"
		switch {
		case len(c.Tokens) == 0:
			obeys = "no token: ignores robots.txt"
		case c.Obeys > 0:
			obeys = "group at line " + strconv.Itoa(c.Obeys)
		}
		decided := "no rule"
		if c.Line > 0 {
			decided = "line " + strconv.Itoa(c.Line)
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\n", c.Name, c.Purpose.Label(), c.Root()+" at /", decided, obeys)
		for u, cell := range c.URLs {
			at := "no rule"
			if cell.Line > 0 {
				at = "line " + strconv.Itoa(cell.Line)
			}
			fmt.Fprintf(tw, "  \t\t%s\t%s\t\n", verdict(cell.Allowed)+" at "+au.URLs[u], at)
		}
	}
	tw.Flush()
	// The operators' lines are padded to the table's width: trim them.
	for _, l := range strings.SplitAfter(table.String(), "\n") {
		fmt.Fprint(w, strings.TrimRight(l, " \n"), strings.Repeat("\n", strings.Count(l, "\n")))
	}
	if len(au.Findings) > 0 {
		fmt.Fprintln(w)
	}
	for _, d := range au.Findings {
		fmt.Fprintf(w, "%s: %s\n", d.Severity, d.String())
	}
	errs, warns, infos := au.Findings.Counts()
	fmt.Fprintf(w, "%d errors, %d warnings, %d notes\n", errs, warns, infos)
}
