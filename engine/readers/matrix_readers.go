package readers

import (
	"robotstester/engine"
	"robotstester/engine/catalogue"
)

// The matrix read by each crawler's own reader: where Matrix decides every
// column as Googlebot's parser reads the file, a ReaderMatrix decides each
// column with the reader its crawler is known (or assumed) to run
// (ReaderOf), and marks the cells where that reader and Google disagree.
// The file is parsed once per reader (ParseAll), not once per URL or
// column; the cells are filled a row at a time, so a caller can spread a
// long list over several tasks.

// ReaderMatrix holds, for the URLs and columns of a Google matrix, each
// column's verdicts as its crawler's reader decides them.
type ReaderMatrix struct {
	Google   *engine.Matrix
	Readings []CrawlerReading // per column: the reader its crawler runs

	files    []ReaderFile        // per column: the file as its reader parsed it
	crawlers []catalogue.Crawler // per column, as TestCrawlerWith takes it
	cells    []ReaderResult
	rows     int            // the rows filled so far
	root     []ReaderResult // per column: the site root "/"
	obeys    []ReaderObeys  // per column: the groups its reader applies
}

// ColumnCrawler is column c as a crawler: the catalogue's entry, or a typed
// token read as a crawler of no known operator (which obeys "*", as Test
// decides for it).
func ColumnCrawler(c engine.Column) catalogue.Crawler {
	if c.Catalogue {
		if cr, ok := catalogue.FindCrawler(c.Name); ok {
			return cr
		}
	}
	return catalogue.Crawler{Name: c.Name, Tokens: c.Tokens, ObeysGlobal: c.ObeysGlobal}
}

// NewReaderMatrix prepares the reader matrix of g, a matrix of r, whose
// bytes are body: every reader's parse, once. Fill computes the cells.
func NewReaderMatrix(body []byte, r *engine.Robots, g *engine.Matrix) *ReaderMatrix {
	all := ParseAll(body, r)
	byID := make(map[string]ReaderFile, len(all))
	for _, f := range all {
		byID[f.Reader()] = f
	}
	m := &ReaderMatrix{Google: g, Readings: make([]CrawlerReading, len(g.Columns)),
		files: make([]ReaderFile, len(g.Columns)), crawlers: make([]catalogue.Crawler, len(g.Columns)),
		cells: make([]ReaderResult, len(g.URLs)*len(g.Columns)), root: make([]ReaderResult, len(g.Columns)),
		obeys: make([]ReaderObeys, len(g.Columns))}
	for i, col := range g.Columns {
		c := ColumnCrawler(col)
		m.crawlers[i], m.Readings[i] = c, ReaderOf(c)
		// A crawler that ignores robots.txt has no reader: Google's reading
		// of it (no group applies) stands.
		id := m.Readings[i].Reader
		if id == "" {
			id = "google"
		}
		m.files[i] = byID[id]
		// The site root, as Matrix.Root tests it for Google's reading.
		m.root[i] = TestCrawlerWith(m.files[i], c, "/")
		m.obeys[i] = ObeysWith(m.files[i], c)
		if m.Readings[i].Reader == "" {
			// No group applies; Google's account says why (Obeys.Sentence).
			m.obeys[i] = ReaderObeys{Obeys: g.Obeys[i], Why: g.Obeys[i].Sentence(c.Name) + " " + m.Readings[i].Note}
		}
	}
	return m
}

// Fill computes up to n more rows (at least one while any is left) and
// reports whether every row is done.
func (m *ReaderMatrix) Fill(n int) bool {
	cols := len(m.Google.Columns)
	for k := 0; k < max(n, 1) && m.rows < len(m.Google.URLs); k++ {
		u := m.rows
		for c := range cols {
			m.cells[u*cols+c] = TestCrawlerWith(m.files[c], m.crawlers[c], m.Google.URLs[u])
		}
		m.rows++
	}
	return m.Done()
}

// Done reports whether every cell is computed.
func (m *ReaderMatrix) Done() bool { return m.rows == len(m.Google.URLs) }

// Cell is the verdict for URL row and column col as the column's reader
// decides it; valid once Done.
func (m *ReaderMatrix) Cell(row, col int) ReaderResult {
	return m.cells[row*len(m.Google.Columns)+col]
}

// Differs reports whether the column's reader decides URL row otherwise
// than Googlebot's parser does (the Google matrix's cell): a different
// verdict, or a failure where Google answers.
func (m *ReaderMatrix) Differs(row, col int) bool {
	r := m.Cell(row, col)
	return r.Failed || r.Allowed != m.Google.Cell(row, col).Allowed
}

// Root is the verdict for the site root "/" for column col, as the
// column's reader decides it.
func (m *ReaderMatrix) Root(col int) ReaderResult { return m.root[col] }

// Obeys is the groups column col's reader applies to its crawler.
func (m *ReaderMatrix) Obeys(col int) ReaderObeys { return m.obeys[col] }

// Holds reports whether an expectation that URL row is allowed (or, with
// allowed false, blocked) for column col holds in this reading: a URL the
// reader fails on is blocked, as Counts counts it. Valid once Done.
func (m *ReaderMatrix) Holds(row, col int, allowed bool) bool {
	return m.Cell(row, col).Allowed == allowed
}

// Counts are the allowed and blocked URLs of column col as its reader
// decides them; a URL the reader fails on counts as blocked, as a crawler
// whose parser raises fetches nothing. Valid once Done.
func (m *ReaderMatrix) Counts(col int) (allowed, blocked int) {
	cols := len(m.Google.Columns)
	for u := range m.Google.URLs {
		if m.cells[u*cols+col].Allowed {
			allowed++
		}
	}
	return allowed, len(m.Google.URLs) - allowed
}

// RowCounts are the columns that may and may not fetch URL row, each as
// its reader decides; valid once Done.
func (m *ReaderMatrix) RowCounts(row int) (allowed, blocked int) {
	cols := len(m.Google.Columns)
	for _, r := range m.cells[row*cols : (row+1)*cols] {
		if r.Allowed {
			allowed++
		}
	}
	return allowed, cols - allowed
}

// Label names a column's reader for a header: "google", "rfc9309
// (assumed)", or "none" for a crawler that ignores robots.txt.
func (r CrawlerReading) Label() string {
	switch {
	case r.Reader == "":
		return "none"
	case r.Assumed:
		return r.Reader + " (assumed)"
	}
	return r.Reader
}
