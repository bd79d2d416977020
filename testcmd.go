package main

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"robotstester/engine"
	"robotstester/engine/report"
)

// The test command answers for URLs what the page's Results answer: may
// this crawler fetch it, which line decided, the rule and why.
//
//	robots-tester test -robots robots.txt /cart https://example.com/products/
//	robots-tester test -robots robots.txt -crawler 'Googlebot Image' /photos/x.jpg
//	robots-tester test -robots robots.txt -reader python -json < urls.txt
//
// With no URL (or the URL -), each line of standard input is one. The file
// is parsed once and the URLs stream through: each answer is written as its
// line is read, in memory that does not grow with the list
// (testcmd_test.go feeds it a million URLs), and the output is flushed
// whenever the input has nothing more waiting, so a pipe that trickles gets
// its answers at once.
//
// Exit status: 0 when every URL is allowed, 1 when any is blocked (or the
// reader fails on it), 2 on bad input or no HTTP answer.

// maxURLLine bounds one line of standard input: a URL longer than 1 MiB is
// no URL any crawler sends, and the bound keeps memory constant.
const maxURLLine = 1 << 20

// testRow is the answer for one URL, and one line of -json output.
type testRow struct {
	URL     string `json:"url"`
	Verdict string `json:"verdict"` // allowed or blocked
	Line    int    `json:"line"`    // the deciding line, 0 when no rule decided
	Rule    string `json:"rule"`    // that line's rule, "" when none
	Why     string `json:"why"`     // one sentence, plain text
	// Failed: the reader raises an error on this file or URL instead of
	// answering, so a crawler that runs it fetches nothing.
	Failed bool `json:"failed,omitempty"`
}

// urlTester answers for one URL; the file is parsed once before.
type urlTester struct {
	google  *engine.Robots
	other   engine.ReaderFile // the -reader when not google
	agent   string
	crawler *engine.Crawler
	in      robotsInput
}

func (t *urlTester) test(url string) testRow {
	if decides, allowed := t.in.answerDecides(); decides {
		return testRow{URL: url, Verdict: verdict(allowed), Why: t.in.answerVerdict(allowed)}
	}
	if t.other != nil {
		var res engine.ReaderResult
		if t.crawler != nil {
			res = engine.TestCrawlerWith(t.other, *t.crawler, url)
		} else {
			res = t.other.Test(t.agent, url)
		}
		row := testRow{URL: url, Verdict: verdict(res.Allowed), Line: res.Line, Why: report.Plain(res.Why), Failed: res.Failed}
		if res.Line > 0 {
			row.Rule = strings.TrimSpace(t.google.LineText(res.Line))
		}
		return row
	}
	var res engine.Result
	if t.crawler != nil {
		res = t.google.TestCrawler(*t.crawler, url)
	} else {
		res = t.google.Test(t.agent, url)
	}
	row := testRow{URL: url, Verdict: verdict(res.Allowed), Line: res.Line, Why: report.Plain(t.google.Why(res))}
	if res.Line > 0 {
		row.Rule = t.google.RuleText(res.Line)
	}
	return row
}

// rowWriter writes answers in one of the formats.
type rowWriter interface {
	write(testRow) error
	flush() error
}

func runTest(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.SetOutput(stderr)
	robotsPath := fs.String("robots", "", "the robots.txt: a `FILE`, - for standard input, or an http(s) URL to fetch as Googlebot would")
	allowPrivate := fs.Bool("fetch-allow-private", false, "let -robots URL reach loopback and private (RFC 1918, CGNAT, ULA) addresses, for intranet sites and tests")
	agent := fs.String("agent", "Googlebot", "the crawler's product `TOKEN`, matched exactly as Google's matcher matches it")
	crawlerName := fs.String("crawler", "", "a crawler of the catalogue by `NAME` (Googlebot Image, GPTBot…), tested with its fallback tokens and its stance on *; instead of -agent")
	readerID := fs.String("reader", "google", "the parser that reads the file: "+strings.Join(engine.Readers(), ", "))
	asJSON := fs.Bool("json", false, "one JSON object a URL: url, verdict, line, rule, why")
	asCSV := fs.Bool("csv", false, "CSV with a header row: url, verdict, line, rule, why")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: robots-tester test -robots FILE|-|URL [-agent TOKEN | -crawler NAME] [-reader ID] [-json | -csv] [-fetch-allow-private] [URL …]")
		fmt.Fprintln(stderr, "With no URL, or -, each line of standard input is a URL. Exit status: 0 every URL allowed, 1 one blocked, 2 bad input or no answer.")
		fs.PrintDefaults()
	}
	urls, err := parseInterspersed(fs, args)
	if err != nil {
		return helpOrBad(err)
	}
	bad := func(msg string) int {
		fmt.Fprintln(stderr, "test: "+msg)
		return exitBad
	}
	agentSet := false
	fs.Visit(func(f *flag.Flag) { agentSet = agentSet || f.Name == "agent" })
	fromStdin := len(urls) == 0 || len(urls) == 1 && urls[0] == "-"
	switch {
	case *robotsPath == "":
		fs.Usage()
		return bad("-robots is required: name the robots.txt, such as -robots robots.txt.")
	case *asJSON && *asCSV:
		return bad("-json and -csv both given: pick one output format.")
	case agentSet && *crawlerName != "":
		return bad("-agent and -crawler both given: test a product token with -agent or a catalogue crawler with -crawler, not both.")
	case *robotsPath == "-" && fromStdin:
		return bad("-robots - reads the robots.txt from standard input, so the URLs must be arguments: robots-tester test -robots - /cart /products/.")
	}
	if _, ok := engine.DescribeReader(*readerID); !ok {
		return bad(fmt.Sprintf("-reader %q is not a reader: use one of %s.", *readerID, strings.Join(engine.Readers(), ", ")))
	}
	t := urlTester{agent: *agent}
	if *crawlerName != "" {
		c, ok := engine.FindCrawler(*crawlerName)
		if !ok {
			return bad(fmt.Sprintf("-crawler %q is not in the catalogue: give its name as the page lists it (Googlebot Image, GPTBot), or test its token with -agent.", *crawlerName))
		}
		t.crawler = &c
	}
	if t.in, err = readRobots(*robotsPath, *allowPrivate, stdin); err != nil {
		return bad(err.Error())
	}
	if t.in.Fetch != nil {
		fmt.Fprintln(stderr, fetchedLine(t.in.Fetch))
		if decides, _ := t.in.answerDecides(); decides {
			if *readerID != "google" {
				return bad(t.in.answerLine("URL") + " That is Google's reading of the answer; -reader " + *readerID + " reads only files: test with -reader google.")
			}
			fmt.Fprintln(stderr, t.in.answerLine("URL"))
		}
	}
	// Googlebot reads the first 500 KiB; the rest decides nothing. (A
	// fetched body is cut already.)
	if c := engine.FetchLimit(t.in.Body); c.Truncated {
		fmt.Fprintf(stderr, "test: %s is %d bytes; Googlebot reads only the first %d (up to line %d), and so does this test.\n", t.in.Name, c.Size, c.Limit, c.Line)
		t.in.Body = c.Body
	}
	t.google = engine.Parse(t.in.Body)
	if res := t.google.Test(t.agent, "/"); t.crawler == nil && res.Agent.Cut {
		fmt.Fprintln(stderr, "test: "+report.Plain(t.google.Explain(res).Agent))
	}
	if *readerID != "google" {
		t.other, _ = engine.ParseWith(*readerID, t.in.Body) // the ID was checked above
	}

	out := bufio.NewWriterSize(stdout, 64<<10)
	var w rowWriter
	switch {
	case *asJSON:
		w = newJSONRows(out)
	case *asCSV:
		w = newCSVRows(out)
	default:
		w = textRows{out}
	}
	blocked := false
	answer := func(url string) error {
		row := t.test(url)
		blocked = blocked || row.Verdict == "blocked"
		return w.write(row)
	}
	if !fromStdin {
		for _, u := range urls {
			if err := answer(u); err != nil {
				return bad("cannot write the answers: " + err.Error() + ".")
			}
		}
	} else if code := streamURLs(stdin, answer, w.flush, stderr); code != exitOK {
		w.flush()
		return code
	}
	if err := w.flush(); err != nil {
		return bad("cannot write the answers: " + err.Error() + ".")
	}
	if blocked {
		return exitFound
	}
	return exitOK
}

// streamURLs calls answer for each line of in that holds a URL (blank
// lines are skipped, spaces around a URL and a CRLF's CR trimmed), and
// flush whenever no more input is waiting.
func streamURLs(in io.Reader, answer func(string) error, flush func() error, stderr io.Writer) int {
	r := bufio.NewReaderSize(in, maxURLLine)
	for n := 1; ; n++ {
		line, err := r.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			fmt.Fprintf(stderr, "test: line %d of standard input is over %d bytes, which is no URL; give one URL a line.\n", n, maxURLLine)
			return exitBad
		}
		if err != nil && err != io.EOF {
			fmt.Fprintf(stderr, "test: cannot read standard input at line %d: %v.\n", n, err)
			return exitBad
		}
		if u := string(bytes.TrimSpace(line)); u != "" {
			if werr := answer(u); werr != nil {
				fmt.Fprintf(stderr, "test: cannot write the answers: %v.\n", werr)
				return exitBad
			}
		}
		if err == io.EOF {
			return exitOK
		}
		if r.Buffered() == 0 {
			if werr := flush(); werr != nil {
				fmt.Fprintf(stderr, "test: cannot write the answers: %v.\n", werr)
				return exitBad
			}
		}
	}
}

// textRows writes one line a URL: verdict, URL, deciding line, rule and
// why, separated by tabs (so cut -f and awk -F'\t' take them apart).
type textRows struct{ w *bufio.Writer }

func (t textRows) write(r testRow) error {
	// Written piece by piece: a bufio.Writer keeps its first error for
	// Flush, and a string put together first would cost an allocation a URL.
	t.w.WriteString(r.Verdict)
	t.w.WriteByte('\t')
	t.w.WriteString(r.URL)
	if r.Line > 0 {
		t.w.WriteString("\tline ")
		t.w.Write(strconv.AppendInt(t.w.AvailableBuffer(), int64(r.Line), 10))
	} else {
		t.w.WriteString("\tno rule")
	}
	t.w.WriteByte('\t')
	t.w.WriteString(r.Rule)
	t.w.WriteByte('\t')
	t.w.WriteString(r.Why)
	t.w.WriteByte('\n')
	return nil
}

func (t textRows) flush() error { return t.w.Flush() }

type jsonRows struct {
	w   *bufio.Writer
	enc *json.Encoder
}

func newJSONRows(w *bufio.Writer) jsonRows {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return jsonRows{w, enc}
}

func (j jsonRows) write(r testRow) error { return j.enc.Encode(r) }
func (j jsonRows) flush() error          { return j.w.Flush() }

type csvRows struct {
	w   *bufio.Writer
	csv *csv.Writer
}

func newCSVRows(w *bufio.Writer) *csvRows {
	c := &csvRows{w, csv.NewWriter(w)}
	c.csv.Write([]string{"url", "verdict", "line", "rule", "why"})
	return c
}

func (c *csvRows) write(r testRow) error {
	return c.csv.Write([]string{r.URL, r.Verdict, strconv.Itoa(r.Line), r.Rule, r.Why})
}

func (c *csvRows) flush() error {
	c.csv.Flush()
	if err := c.csv.Error(); err != nil {
		return err
	}
	return c.w.Flush()
}
