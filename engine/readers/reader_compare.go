package readers

import (
	"slices"
	"strconv"
	"strings"

	"robotstester/engine"
	"robotstester/engine/catalogue"
)

// Every reader on the same URLs, side by side: what the page's Readers view
// and a reader × crawler matrix show.

// ReaderRow is one URL's answers from every reader.
type ReaderRow struct {
	URL     string
	Results []ReaderResult // one per file given, in that order
	// Disagreements says in one sentence each why readers answer
	// differently from the first file (Google): the portability finding of
	// the deciding line that names them, or else the reader's own reason;
	// empty when all agree.
	Disagreements []string
}

// Agree reports whether every reader gives the same answer.
func (r ReaderRow) Agree() bool { return len(r.Disagreements) == 0 }

// CompareReaders tests each URL with each parsed file, for crawler c when c
// is not nil (TestCrawlerWith) and for agent otherwise, and returns the rows
// where the readers disagree first, each group in the order of urls.
// findings, the file's Portability (or nil), explain disagreements.
func CompareReaders(files []ReaderFile, c *catalogue.Crawler, agent string, urls []string, findings []PortabilityFinding) []ReaderRow {
	rows := make([]ReaderRow, len(urls))
	for i, u := range urls {
		rows[i] = CompareReader(files, c, agent, u, findings)
	}
	return DisagreementsFirst(rows)
}

// CompareReader is CompareReaders for one URL, for a caller that spreads
// the work over time; DisagreementsFirst then orders the rows.
func CompareReader(files []ReaderFile, c *catalogue.Crawler, agent, url string, findings []PortabilityFinding) ReaderRow {
	row := ReaderRow{URL: url, Results: make([]ReaderResult, len(files))}
	for k, f := range files {
		if c != nil {
			row.Results[k] = TestCrawlerWith(f, *c, url)
		} else {
			row.Results[k] = f.Test(agent, url)
		}
	}
	row.Disagreements = disagreements(row.Results, findings)
	return row
}

// DisagreementsFirst returns rows with those where readers disagree first,
// each part in its order.
func DisagreementsFirst(rows []ReaderRow) []ReaderRow {
	out := make([]ReaderRow, 0, len(rows))
	for _, agree := range []bool{false, true} {
		for _, r := range rows {
			if r.Agree() == agree {
				out = append(out, r)
			}
		}
	}
	return out
}

// ParseAll parses body once for every reader, in Readers() order, reusing
// google, Google's parse of the same body, when it is not nil.
func ParseAll(body []byte, google *engine.Robots) []ReaderFile {
	files := make([]ReaderFile, 0, len(readerTable))
	var strict *docFile
	for _, id := range Readers() {
		switch {
		case id == "google" && google != nil:
			files = append(files, GoogleReader(google))
			continue
		case id == "bing" || id == "rfc9309":
			// The two read a file alike (they differ in what they are
			// sources for), so they share one parse.
			rules := bingRules
			if id == "rfc9309" {
				rules = rfc9309Rules
			}
			if strict == nil {
				strict = parseDocumented(body, rules)
			}
			files = append(files, &docFile{rules: rules, groups: strict.groups, named: strict.named})
			continue
		}
		f, _ := ParseWith(id, body)
		files = append(files, f)
	}
	return files
}

// disagreements gives the sentences that explain why results[1:] differ
// from results[0]: a reader whose own reason names Google's deciding line
// says it; else a finding about that line (or the reader's) naming the
// reader, once for all the readers it names; else the reader's reason.
func disagreements(results []ReaderResult, findings []PortabilityFinding) []string {
	var out []string
	first := results[0]
	mark := "line " + strconv.Itoa(first.Line) + " "
	for _, res := range results[1:] {
		if res.Allowed == first.Allowed && res.Failed == first.Failed {
			continue
		}
		why := res.Why
		if first.Line == 0 || !strings.Contains(why, mark) {
			// A finding about the deciding lines, else one about the
			// file's shape (a blank line in a group, a BOM), naming the
			// reader.
			found := -1
			for i := range findings {
				f := &findings[i]
				if !slices.Contains(f.Readers, res.Reader) {
					continue
				}
				if f.Line > 0 && (f.Line == first.Line || f.Line == res.Line) {
					found = i
					break
				}
				if found < 0 && (f.Code == "readers-blank-line" || f.Code == "readers-bom") {
					found = i
				}
			}
			if found >= 0 {
				why = findings[found].Message
			}
		}
		if !slices.Contains(out, why) {
			out = append(out, why)
		}
	}
	return out
}
