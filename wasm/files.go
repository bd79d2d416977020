//go:build js && wasm

package main

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"path"
	"strconv"
	"strings"
	"syscall/js"
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

// exportColumns names the columns of both exports, in order.
var exportColumns = []string{"url", "tested_as", "crawler", "verdict", "line", "rule", "group", "reason", "scope"}

func (r ExportRow) cells() []string {
	return []string{r.URL, r.TestedAs, r.Crawler, r.Verdict, strconv.Itoa(r.Line), r.Rule, r.Group, r.Reason, r.Scope}
}

// exportCSV writes rows as RFC 4180 CSV: a header, CRLF line ends, and
// fields quoted when they hold a comma, a quote or a line break.
//
// A spreadsheet runs a cell that starts with = + - or @ as a formula, and a
// robots.txt or URL list from someone else could plant one (CSV injection,
// OWASP). Such cells, and those starting with a tab or CR, get a leading
// apostrophe, which spreadsheets show as text; the line number, the only
// cell we compute, never needs it.
func exportCSV(rows []ExportRow) []byte {
	var b bytes.Buffer
	writeCSVRecord(&b, exportColumns)
	for _, r := range rows {
		cells := r.cells()
		for i, c := range cells {
			if i != 4 && c != "" && strings.ContainsRune("=+-@\t\r", rune(c[0])) {
				cells[i] = "'" + c
			}
		}
		writeCSVRecord(&b, cells)
	}
	return b.Bytes()
}

func writeCSVRecord(b *bytes.Buffer, cells []string) {
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

// exportJSON writes rows as a JSON array of objects with the keys of
// exportColumns (camel-cased). It is written by hand: encoding/json adds
// about 460 KB to a WebAssembly binary that already has fmt (110 KB
// gzipped; measured with Go 1.26 on a two-field struct), too much for nine
// flat fields.
func exportJSON(rows []ExportRow) []byte {
	var b bytes.Buffer
	b.WriteString("[")
	for i, r := range rows {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n  {")
		fmt.Fprintf(&b, `"url": %s, "testedAs": %s, "crawler": %s, "verdict": %s, "line": %d, "rule": %s, "group": %s, "reason": %s, "scope": %s`,
			jsonString(r.URL), jsonString(r.TestedAs), jsonString(r.Crawler), jsonString(r.Verdict), r.Line,
			jsonString(r.Rule), jsonString(r.Group), jsonString(r.Reason), jsonString(r.Scope))
		b.WriteString("}")
	}
	if len(rows) > 0 {
		b.WriteString("\n")
	}
	b.WriteString("]\n")
	return b.Bytes()
}

// jsonString quotes s as a JSON string (engine.QuoteJSON, which the
// expectations files use too).
func jsonString(s string) string { return engine.QuoteJSON(s) }

// urlColumnNames are the CSV headers read as "this column holds the URLs",
// compared case-insensitively.
var urlColumnNames = []string{"url", "urls", "address", "loc", "page"}

// importURLList reads a URL list: a .csv file's URL column, or any other
// file one URL per line (blank lines skipped). In a CSV the column is the one
// headed url (or address, loc, page), else the first whose cells look like
// URLs.
func importURLList(name string, data []byte) ([]string, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if !utf8.Valid(data) {
		return nil, fmt.Errorf("%s is not UTF-8 text: save it as UTF-8 and import it again.", name)
	}
	if strings.EqualFold(path.Ext(name), ".csv") {
		return importCSVColumn(name, data)
	}
	var urls []string
	for _, line := range strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n") {
		if u := strings.TrimSpace(line); u != "" {
			urls = append(urls, u)
		}
	}
	if len(urls) == 0 {
		return nil, fmt.Errorf("%s holds no URLs: put one URL per line.", name)
	}
	return urls, nil
}

func importCSVColumn(name string, data []byte) ([]string, error) {
	r := csv.NewReader(bytes.NewReader(data))
	r.FieldsPerRecord = -1 // rows of a spreadsheet export may be ragged
	records, err := r.ReadAll()
	if err != nil {
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("%s, line %d: %v: check the quotes on that line (a quote inside a quoted cell is written twice).", name, pe.Line, pe.Err)
		}
		return nil, fmt.Errorf("%s cannot be read as CSV (%v): export it again as CSV.", name, err)
	}
	if len(records) == 0 {
		return nil, fmt.Errorf("%s is empty: put the URLs in a column headed url.", name)
	}
	col, header := -1, false
	for i, h := range records[0] {
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
		col = firstURLColumn(records)
		if col < 0 {
			return nil, fmt.Errorf("%s has no column headed url and no column of URLs: put the URLs in a column headed url.", name)
		}
		header = !looksLikeURL(cell(records[0], col))
	}
	head := records[0]
	if header {
		records = records[1:]
	}
	var urls []string
	for _, rec := range records {
		if u := strings.TrimSpace(cell(rec, col)); u != "" {
			urls = append(urls, u)
		}
	}
	if len(urls) == 0 {
		return nil, fmt.Errorf("%s: the %q column holds no URLs: fill it with one URL per row.", name, cell(head, col))
	}
	return urls, nil
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

// readFile reads a File (from a file picker or a drop) as bytes, exactly:
// arrayBuffer, never text, which would decode the bytes and lose CRLF, BOM
// or invalid UTF-8. done runs on the browser's event loop.
func readFile(file js.Value, done func(name string, data []byte, err error)) {
	name := file.Get("name").String()
	var then, fail js.Func
	release := func() { then.Release(); fail.Release() }
	then = js.FuncOf(func(_ js.Value, args []js.Value) any {
		release()
		buf := js.Global().Get("Uint8Array").New(args[0])
		data := make([]byte, buf.Get("length").Int())
		js.CopyBytesToGo(data, buf)
		done(name, data, nil)
		return nil
	})
	fail = js.FuncOf(func(_ js.Value, args []js.Value) any {
		release()
		done(name, nil, fmt.Errorf("%s could not be read (%s): open it again, or paste its text.", name, args[0].Call("toString").String()))
		return nil
	})
	file.Call("arrayBuffer").Call("then", then, fail)
}

// watchFileInput calls done with the bytes of each file chosen in an
// <input type=file>, then clears the input so choosing the same file again
// reads it again.
func watchFileInput(input js.Value, done func(name string, data []byte, err error)) {
	input.Call("addEventListener", "change", js.FuncOf(func(js.Value, []js.Value) any {
		files := input.Get("files")
		if files.Length() > 0 {
			readFile(files.Index(0), done)
		}
		input.Set("value", "")
		return nil
	}))
}

// watchDrop makes el a drop target for one file (a robots.txt dragged onto
// the editor): the dropped file's bytes go to done, and text drops keep the
// browser's own behaviour.
func watchDrop(el js.Value, done func(name string, data []byte, err error)) {
	hasFile := func(ev js.Value) bool {
		dt := ev.Get("dataTransfer")
		if dt.IsNull() || dt.IsUndefined() {
			return false
		}
		types := dt.Get("types")
		for i := range types.Length() {
			if types.Index(i).String() == "Files" {
				return true
			}
		}
		return false
	}
	el.Call("addEventListener", "dragover", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if hasFile(args[0]) {
			args[0].Call("preventDefault")
			args[0].Get("dataTransfer").Set("dropEffect", "copy")
		}
		return nil
	}))
	el.Call("addEventListener", "drop", js.FuncOf(func(_ js.Value, args []js.Value) any {
		ev := args[0]
		if !hasFile(ev) {
			return nil
		}
		ev.Call("preventDefault")
		files := ev.Get("dataTransfer").Get("files")
		if files.Length() > 0 {
			readFile(files.Index(0), done)
		}
		return nil
	}))
}

// downloadBytes offers data as a file download. The Blob is built from a
// Uint8Array, not a string, so the bytes saved are the bytes given (a string
// would be re-encoded as UTF-8).
func downloadBytes(name, mime string, data []byte) {
	buf := js.Global().Get("Uint8Array").New(len(data))
	js.CopyBytesToJS(buf, data)
	blob := js.Global().Get("Blob").New([]any{buf}, map[string]any{"type": mime})
	url := js.Global().Get("URL").Call("createObjectURL", blob)
	doc := js.Global().Get("document")
	a := doc.Call("createElement", "a")
	a.Set("href", url)
	a.Set("download", name)
	a.Get("style").Set("display", "none")
	doc.Get("body").Call("appendChild", a)
	a.Call("click")
	a.Call("remove")
	// Revoke after the click has been handled: revoking at once can cancel
	// the download in some browsers.
	var revoke js.Func
	revoke = js.FuncOf(func(js.Value, []js.Value) any {
		js.Global().Get("URL").Call("revokeObjectURL", url)
		revoke.Release()
		return nil
	})
	js.Global().Call("setTimeout", revoke, 1000)
}
