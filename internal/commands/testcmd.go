package commands

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"

	"robotstester/engine"
	"robotstester/engine/catalogue"
	"robotstester/engine/readers"
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
// is parsed once and the URLs stream through: read in batches, tested on
// every core, and written in their order, in memory that does not grow with
// the list (testcmd_test.go feeds it a million URLs); the output is flushed
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
	other   readers.ReaderFile // the -reader when not google
	agent   string
	crawler *catalogue.Crawler
	in      robotsInput
}

func (t *urlTester) test(url string) testRow {
	if decides, allowed := t.in.answerDecides(); decides {
		return testRow{URL: url, Verdict: verdict(allowed), Why: t.in.answerVerdict(allowed)}
	}
	if t.other != nil {
		var res readers.ReaderResult
		if t.crawler != nil {
			res = readers.TestCrawlerWith(t.other, *t.crawler, url)
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

// RunTest runs `test` with args (those after the word test) and returns
// its exit status.
func RunTest(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.SetOutput(stderr)
	robotsPath, allowPrivate := robotsFlags(fs, "to test", "")
	agent := fs.String("agent", "Googlebot", "the crawler's product `TOKEN`, matched exactly as Google's matcher matches it")
	crawlerName := fs.String("crawler", "", "a crawler of the catalogue by `NAME` (Googlebot Image, GPTBot…), tested with its fallback tokens and its stance on *; instead of -agent")
	readerID := fs.String("reader", "google", "the parser that reads the file: "+strings.Join(readers.Readers(), ", "))
	asJSON := fs.Bool("json", false, "one JSON object a URL: url, verdict, line, rule, why")
	asCSV := fs.Bool("csv", false, "CSV with a header row: url, verdict, line, rule, why")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: robots-tester test -robots FILE|-|URL [-agent TOKEN | -crawler NAME] [-reader ID] [-json | -csv] [-fetch-allow-private] [URL …]")
		fmt.Fprintln(stderr, "With no URL, or -, each line of standard input is a URL. Exit status: 0 every URL allowed, 1 one blocked, 2 bad input or no answer.")
		fs.PrintDefaults()
	}
	urls, err := parseInterspersed(fs, args)
	if err != nil {
		return HelpOrBad(err)
	}
	bad := func(msg string) int {
		fmt.Fprintln(stderr, "test: "+msg)
		return ExitBad
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
	if _, ok := readers.DescribeReader(*readerID); !ok {
		return bad(fmt.Sprintf("-reader %q is not a reader: use one of %s.", *readerID, strings.Join(readers.Readers(), ", ")))
	}
	t := urlTester{agent: *agent}
	if *crawlerName != "" {
		c, ok := catalogue.FindCrawler(*crawlerName)
		if !ok {
			return bad(fmt.Sprintf("-crawler %q is not in the catalogue: give its name as the page lists it (Googlebot Image, GPTBot), or test its token with -agent.", *crawlerName))
		}
		t.crawler = &c
	}
	if t.in, err = readRobots(*robotsPath, *allowPrivate, stdin); err != nil {
		return bad(err.Error())
	}
	if said := t.in.said("URL"); said != "" {
		fmt.Fprintln(stderr, said)
		if decides, _ := t.in.answerDecides(); decides && *readerID != "google" {
			return bad("that is Google's reading of the answer; -reader " + *readerID + " reads only files: test with -reader google.")
		}
	}
	// Googlebot reads the first 500 KiB; the rest decides nothing. (A
	// fetched body is cut already.)
	if c := engine.FetchLimit(t.in.Body); c.Truncated {
		fmt.Fprintf(stderr, "test: %s is %d bytes; Googlebot reads only the first %d (up to line %d), and so does this test.\n", t.in.Name, c.Size, c.Limit, c.Line)
		t.in.Body = c.Body
	}
	t.google = engine.Parse(t.in.Body)
	if res := t.google.Test(t.agent, "/"); *readerID == "google" && t.crawler == nil && res.Agent.Cut {
		fmt.Fprintln(stderr, "test: "+report.Plain(t.google.Explain(res).Agent))
	}
	if *readerID != "google" {
		t.other, _ = readers.ParseWith(*readerID, t.in.Body) // the ID was checked above
	}

	encode, header := encodeText, ""
	switch {
	case *asJSON:
		encode = encodeJSON
	case *asCSV:
		encode, header = encodeCSV, "url,verdict,line,rule,why\n"
	}
	if fromStdin {
		urls = nil
	}
	return t.answerStream(urls, stdin, stdout, stderr, header, encode)
}

// answerStream answers for urls, or for the lines of stdin when urls is
// nil, writing header first, and returns the exit status.
func (t *urlTester) answerStream(urls []string, stdin io.Reader, stdout, stderr io.Writer, header string, encode func(*bytes.Buffer, []testRow)) int {
	out := bufio.NewWriterSize(stdout, 64<<10)
	out.WriteString(header)
	batches := make(chan []string)
	stop := make(chan struct{})
	readCode := ExitOK
	go func() {
		defer close(batches)
		if urls == nil {
			readCode = readBatches(stdin, batches, stop, stderr)
			return
		}
		for len(urls) > 0 {
			n := min(len(urls), batchSize)
			select {
			case batches <- urls[:n]:
			case <-stop:
				return
			}
			urls = urls[n:]
		}
	}()
	blocked, err := t.answerAll(batches, encode, out, stop)
	if err != nil {
		fmt.Fprintf(stderr, "test: cannot write the answers: %v.\n", err)
		return ExitBad
	}
	if readCode != ExitOK { // batches is closed: the reader has ended
		return readCode
	}
	if blocked {
		return ExitFound
	}
	return ExitOK
}

// batchSize is how many URLs a worker tests at a time: enough that handing
// them over costs little beside testing them, few enough that memory stays
// small (at most 2 batches a core are in flight).
const batchSize = 512

// readBatches sends the URLs of in, one a line (blank lines skipped, the
// spaces around a URL and a CRLF's CR trimmed), in batches of up to
// batchSize, and a batch early whenever no more input is waiting, so a
// pipe that trickles gets each answer at once. It stops when stop closes,
// and returns the exit status: ExitBad, said on stderr, for a line over
// maxURLLine or a read error.
func readBatches(in io.Reader, batches chan<- []string, stop <-chan struct{}, stderr io.Writer) int {
	r := bufio.NewReaderSize(in, maxURLLine)
	var urls []string
	send := func() bool {
		if len(urls) == 0 {
			return true
		}
		select {
		case batches <- urls:
			urls = nil
			return true
		case <-stop:
			return false
		}
	}
	for n := 1; ; n++ {
		line, err := r.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			send()
			fmt.Fprintf(stderr, "test: line %d of standard input is over %d bytes, which is no URL; give one URL a line.\n", n, maxURLLine)
			return ExitBad
		}
		if err != nil && err != io.EOF {
			send()
			fmt.Fprintf(stderr, "test: cannot read standard input at line %d: %v.\n", n, err)
			return ExitBad
		}
		if u := bytes.TrimSpace(line); len(u) > 0 {
			urls = append(urls, string(u))
		}
		if err == io.EOF {
			send()
			return ExitOK
		}
		if (len(urls) == batchSize || r.Buffered() == 0) && !send() {
			return ExitOK
		}
	}
}

// answerAll tests the URLs of each batch on every core and writes the
// answers to w in the order of the batches, flushing w whenever no further
// batch is waiting. It reports whether any URL was blocked, and the first
// error writing, upon which it closes stop (the reader of the batches then
// ends) and writes nothing more.
func (t *urlTester) answerAll(batches <-chan []string, encode func(*bytes.Buffer, []testRow), w *bufio.Writer, stop chan<- struct{}) (blocked bool, err error) {
	type job struct {
		urls []string
		out  chan []byte
	}
	workers := runtime.GOMAXPROCS(0)
	jobs := make(chan job)
	order := make(chan chan []byte, 2*workers) // the answers to come, in input order
	var anyBlocked atomic.Bool
	for range workers {
		go func() {
			var rows []testRow
			for j := range jobs {
				rows = rows[:0]
				for _, u := range j.urls {
					row := t.test(u)
					if row.Verdict == "blocked" {
						anyBlocked.Store(true)
					}
					rows = append(rows, row)
				}
				var buf bytes.Buffer
				encode(&buf, rows)
				j.out <- buf.Bytes()
			}
		}()
	}
	go func() {
		for urls := range batches {
			j := job{urls, make(chan []byte, 1)}
			order <- j.out
			jobs <- j
		}
		close(jobs)
		close(order)
	}()
	for out := range order {
		answers := <-out
		if err != nil {
			continue
		}
		if _, err = w.Write(answers); err == nil && len(order) == 0 {
			err = w.Flush()
		}
		if err != nil {
			close(stop)
		}
	}
	if err == nil {
		err = w.Flush()
	}
	return anyBlocked.Load(), err
}

// encodeText writes one line a URL: verdict, URL, deciding line, rule and
// why, separated by tabs (so cut -f and awk -F'\t' take them apart).
func encodeText(buf *bytes.Buffer, rows []testRow) {
	for _, r := range rows {
		buf.WriteString(r.Verdict)
		buf.WriteByte('\t')
		buf.WriteString(r.URL)
		if r.Line > 0 {
			buf.WriteString("\tline ")
			buf.Write(strconv.AppendInt(buf.AvailableBuffer(), int64(r.Line), 10))
		} else {
			buf.WriteString("\tno rule")
		}
		buf.WriteByte('\t')
		buf.WriteString(r.Rule)
		buf.WriteByte('\t')
		buf.WriteString(r.Why)
		buf.WriteByte('\n')
	}
}

// encodeJSON writes one JSON object a URL.
func encodeJSON(buf *bytes.Buffer, rows []testRow) {
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	for _, r := range rows {
		enc.Encode(r) // a testRow always encodes; a bytes.Buffer never fails
	}
}

// encodeCSV writes one CSV record a URL, under the header RunTest writes.
func encodeCSV(buf *bytes.Buffer, rows []testRow) {
	w := csv.NewWriter(buf)
	for _, r := range rows {
		w.Write([]string{r.URL, r.Verdict, strconv.Itoa(r.Line), r.Rule, r.Why})
	}
	w.Flush() // into a bytes.Buffer, which never fails
}
