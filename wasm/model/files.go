package model

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"path"
	"strconv"
	"strings"
	"unicode/utf8"

	"robotstester/engine"
)

// ExportRow is one tested URL as the CSV and JSON exports write it.
type ExportRow struct {
	URL, TestedAs, Crawler, Verdict string
	Line                            int // the deciding line, 0 when no rule matched
	Rule, Group, Reason             string
	Scope                           string // why the robots.txt does not govern the URL, "" when it does
}

// ExportColumns names the columns of both exports, in order.
var ExportColumns = []string{"url", "tested_as", "crawler", "verdict", "line", "rule", "group", "reason", "scope"}

func (r ExportRow) cells() []string {
	return []string{r.URL, r.TestedAs, r.Crawler, r.Verdict, strconv.Itoa(r.Line), r.Rule, r.Group, r.Reason, r.Scope}
}

// ExportCSV writes rows as RFC 4180 CSV: a header, CRLF line ends, and
// fields quoted when they hold a comma, a quote or a line break.
//
// A spreadsheet runs a cell that starts with = + - or @ as a formula, and a
// robots.txt or URL list from someone else could plant one (CSV injection,
// OWASP). Such cells, and those starting with a tab or CR, get a leading
// apostrophe, which spreadsheets show as text; the line number, the only
// cell we compute, never needs it.
func ExportCSV(rows []ExportRow) []byte {
	var b bytes.Buffer
	WriteCSVRecord(&b, ExportColumns)
	AppendCSV(&b, rows)
	return b.Bytes()
}

// AppendCSV writes rows as CSV records (ExportCSV), a part at a time.
func AppendCSV(b *bytes.Buffer, rows []ExportRow) {
	for _, r := range rows {
		cells := r.cells()
		for i, c := range cells {
			if i != 4 && c != "" && strings.ContainsRune("=+-@\t\r", rune(c[0])) {
				cells[i] = "'" + c
			}
		}
		WriteCSVRecord(b, cells)
	}
}

func WriteCSVRecord(b *bytes.Buffer, cells []string) {
	for i, c := range cells {
		if i > 0 {
			b.WriteByte(',')
		}
		if strings.ContainsAny(c, ",\"\r\n") {
			b.WriteByte('"')
			b.WriteString(strings.ReplaceAll(c, `"`, `""`))
			b.WriteByte('"')
		} else {
			b.WriteString(c)
		}
	}
	b.WriteString("\r\n")
}

// ExportJSON writes rows as a JSON array of objects with the keys of
// ExportColumns (camel-cased). It is written by hand: encoding/json adds
// about 460 KB to a WebAssembly binary that already has fmt (110 KB
// gzipped; measured with Go 1.26 on a two-field struct), too much for nine
// flat fields.
func ExportJSON(rows []ExportRow) []byte {
	var b bytes.Buffer
	b.WriteString("[")
	AppendJSON(&b, rows, true)
	CloseJSON(&b, len(rows) > 0)
	return b.Bytes()
}

// AppendJSON writes rows as JSON array items (ExportJSON), a part at a
// time; first says no item was written before.
func AppendJSON(b *bytes.Buffer, rows []ExportRow, first bool) {
	for i, r := range rows {
		if i > 0 || !first {
			b.WriteString(",")
		}
		b.WriteString("\n  {")
		for _, f := range [...]struct{ key, value string }{
			{`"url": `, JSONString(r.URL)}, {`, "testedAs": `, JSONString(r.TestedAs)},
			{`, "crawler": `, JSONString(r.Crawler)}, {`, "verdict": `, JSONString(r.Verdict)},
			{`, "line": `, strconv.Itoa(r.Line)}, {`, "rule": `, JSONString(r.Rule)},
			{`, "group": `, JSONString(r.Group)}, {`, "reason": `, JSONString(r.Reason)},
			{`, "scope": `, JSONString(r.Scope)},
		} {
			b.WriteString(f.key)
			b.WriteString(f.value)
		}
		b.WriteString("}")
	}
}

// CloseJSON ends the array ExportJSON starts.
func CloseJSON(b *bytes.Buffer, any bool) {
	if any {
		b.WriteString("\n")
	}
	b.WriteString("]\n")
}

// JSONString quotes s as a JSON string (engine.QuoteJSON, which the
// expectations files use too).
func JSONString(s string) string { return engine.QuoteJSON(s) }

// urlColumnNames are the CSV headers read as "this column holds the URLs",
// compared case-insensitively.
var urlColumnNames = []string{"url", "urls", "address", "loc", "page"}

// importURLList reads a URL list: a .csv file's URL column, or any other
// file one URL per line (blank lines skipped). In a CSV the column is the one
// headed url (or address, loc, page), else the first whose cells look like
// URLs. It reads data as ImportURLs reads a file's stream.
func importURLList(name string, data []byte) (URLList, error) {
	return ImportURLs(name, bytes.NewReader(data), nil)
}

// ImportURLs reads a URL list from r as importURLList describes, a piece
// at a time: read from a file's stream (importfile.go), a million lines are
// read without holding the page. progress, when set, is told how many URLs
// were read so far, now and then.
func ImportURLs(name string, r io.Reader, progress func(int)) (URLList, error) {
	br := bufio.NewReaderSize(r, 32<<10)
	if bom, err := br.Peek(3); err == nil && string(bom) == "\xef\xbb\xbf" {
		br.Discard(3)
	}
	if strings.EqualFold(path.Ext(strings.TrimSuffix(strings.ToLower(name), ".gz")), ".csv") {
		return importCSVColumn(name, br, progress)
	}
	var urls ListBuilder
	for n := 1; ; n++ {
		line, err := br.ReadString('\n')
		// A lone CR also ends a line, as in the text box.
		for _, part := range strings.Split(line, "\r") {
			if u := strings.TrimSpace(part); u != "" {
				if !utf8.ValidString(u) {
					return URLList{}, notUTF8(name, n)
				}
				urls.Add(u)
			}
		}
		if progress != nil && n%progressEvery == 0 {
			progress(len(urls.ends))
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return URLList{}, readError(name, err)
		}
	}
	if len(urls.ends) == 0 {
		return URLList{}, errors.New(name + " holds no URLs: put one URL per line.")
	}
	return urls.List(), nil
}

// progressEvery is how often, in URLs, an import reports its progress.
const progressEvery = 50000

func notUTF8(name string, line int) error {
	return errors.New(name + " is not UTF-8 text (line " + strconv.Itoa(line) + "): save it as UTF-8 and import it again.")
}

func readError(name string, err error) error {
	return errors.New(name + " could not be read (" + err.Error() + "): open it again; a .gz file must be gzip-compressed whole.")
}

// csvHeadRecords is how many records the URL column is chosen from.
const csvHeadRecords = 200

func importCSVColumn(name string, src io.Reader, progress func(int)) (URLList, error) {
	r := newCSVReader(src) // rows of a spreadsheet export may be ragged
	fail := func(err error) error {
		var ce *csvError
		if errors.As(err, &ce) {
			return errors.New(name + ", line " + strconv.Itoa(ce.line) + ": " + ce.err.Error() +
				": check the quotes on that line (a quote inside a quoted cell is written twice).")
		}
		return readError(name, err)
	}
	// The column is chosen from the first records; the rest stream by.
	var head [][]string
	for len(head) < csvHeadRecords {
		rec, err := r.read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return URLList{}, fail(err)
		}
		head = append(head, rec)
	}
	if len(head) == 0 {
		return URLList{}, errors.New(name + " is empty: put the URLs in a column headed url.")
	}
	col, header := -1, false
	for i, h := range head[0] {
		for _, n := range urlColumnNames {
			if strings.EqualFold(strings.TrimSpace(h), n) {
				col, header = i, true
				break
			}
		}
		if col >= 0 {
			break
		}
	}
	if col < 0 {
		col = firstURLColumn(head)
		if col < 0 {
			return URLList{}, errors.New(name + " has no column headed url and no column of URLs: put the URLs in a column headed url.")
		}
		header = !looksLikeURL(cell(head[0], col))
	}
	first := head[0]
	if header {
		head = head[1:]
	}
	var urls ListBuilder
	add := func(rec []string) error {
		u := strings.TrimSpace(cell(rec, col))
		if u == "" {
			return nil
		}
		if !utf8.ValidString(u) {
			return notUTF8(name, r.startsAt)
		}
		urls.Add(u)
		if progress != nil && len(urls.ends)%progressEvery == 0 {
			progress(len(urls.ends))
		}
		return nil
	}
	for _, rec := range head {
		if err := add(rec); err != nil {
			return URLList{}, err
		}
	}
	for {
		rec, err := r.read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return URLList{}, fail(err)
		}
		if err := add(rec); err != nil {
			return URLList{}, err
		}
	}
	if len(urls.ends) == 0 {
		return URLList{}, errors.New(name + ": the " + JSONString(cell(first, col)) + " column holds no URLs: fill it with one URL per row.")
	}
	return urls.List(), nil
}

// firstURLColumn is the first column in which most non-empty cells below the
// first row look like URLs (the first row may be a header), or -1.
func firstURLColumn(records [][]string) int {
	width := 0
	for _, rec := range records {
		width = max(width, len(rec))
	}
	for col := range width {
		urls, filled := 0, 0
		for i, rec := range records {
			c := strings.TrimSpace(cell(rec, col))
			if c == "" || (i == 0 && !looksLikeURL(c)) {
				continue
			}
			filled++
			if looksLikeURL(c) {
				urls++
			}
		}
		if urls > 0 && urls*2 > filled {
			return col
		}
	}
	return -1
}

func cell(rec []string, col int) string {
	if col < len(rec) {
		return rec[col]
	}
	return ""
}

// looksLikeURL accepts absolute http(s) URLs and root-relative paths, the two
// forms a tester's URL list holds.
func looksLikeURL(s string) bool {
	s = strings.ToLower(strings.TrimSpace(s))
	return strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://") || strings.HasPrefix(s, "/")
}
