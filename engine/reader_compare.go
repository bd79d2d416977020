package engine

// Every reader on the same URLs, side by side: what the page's Readers view
// and a reader × crawler matrix show.

// ReaderRow is one URL's answers from every reader.
type ReaderRow struct {
	URL     string
	Results []ReaderResult // one per file given, in that order
	// Disagreements holds, for each reader whose answer differs from the
	// first file's (Google's), that reader's sentence saying why; empty
	// when all agree.
	Disagreements []string
}

// Agree reports whether every reader gives the same answer.
func (r ReaderRow) Agree() bool { return len(r.Disagreements) == 0 }

// CompareReaders tests each URL with each parsed file, for crawler c when c
// is not nil (TestCrawlerWith) and for agent otherwise, and returns the rows
// where the readers disagree first, each group in the order of urls.
func CompareReaders(files []ReaderFile, c *Crawler, agent string, urls []string) []ReaderRow {
	rows := make([]ReaderRow, len(urls))
	for i, u := range urls {
		row := ReaderRow{URL: u, Results: make([]ReaderResult, len(files))}
		for k, f := range files {
			if c != nil {
				row.Results[k] = TestCrawlerWith(f, *c, u)
			} else {
				row.Results[k] = f.Test(agent, u)
			}
		}
		for _, res := range row.Results[1:] {
			if first := row.Results[0]; res.Allowed != first.Allowed || res.Failed != first.Failed {
				row.Disagreements = append(row.Disagreements, res.Why)
			}
		}
		rows[i] = row
	}
	// Disagreements first, each part in the order of urls.
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
func ParseAll(body []byte, google *Robots) []ReaderFile {
	files := make([]ReaderFile, 0, len(readerTable))
	for _, id := range Readers() {
		if id == "google" && google != nil {
			files = append(files, GoogleReader(google))
			continue
		}
		f, _ := ParseWith(id, body)
		files = append(files, f)
	}
	return files
}
