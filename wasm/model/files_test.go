package model

import (
	"encoding/csv"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

var exportSample = []ExportRow{
	{URL: "https://example.com/fish", TestedAs: "googlebot-news", Crawler: "Googlebot News", Verdict: "blocked", Line: 2, Rule: "disallow: /fish", Group: "lines 1–2 and 5–6", Reason: "Line 2 disallows /fish."},
	{URL: "https://example.com/a,b?q=\"x\"", TestedAs: "*", Verdict: "allowed", Reason: "No rule matched.\nAllowed.", Scope: "robots.txt of example.org does not govern example.com"},
	{URL: "=HYPERLINK(\"http://evil\")", TestedAs: "+1", Crawler: "-x", Verdict: "allowed", Rule: "@sum", Group: "\tg", Reason: "ünïcode \u2028 \x01 \\ \xff"},
}

func TestExportCSVIsRFC4180AndFormulaSafe(t *testing.T) {
	out := ExportCSV(exportSample)
	if !strings.HasSuffix(string(out), "\r\n") || strings.Count(string(out), "\r\n") < 4 {
		t.Errorf("exportCSV does not end records with CRLF:\n%q", out)
	}
	records, err := csv.NewReader(strings.NewReader(string(out))).ReadAll()
	if err != nil {
		t.Fatalf("exportCSV output does not parse as CSV: %v\n%s", err, out)
	}
	want := [][]string{
		{"url", "tested_as", "crawler", "verdict", "line", "rule", "group", "reason", "scope"},
		{"https://example.com/fish", "googlebot-news", "Googlebot News", "blocked", "2", "disallow: /fish", "lines 1–2 and 5–6", "Line 2 disallows /fish.", ""},
		// encoding/csv reads a quoted CRLF or LF as LF.
		{"https://example.com/a,b?q=\"x\"", "*", "", "allowed", "0", "", "", "No rule matched.\nAllowed.", "robots.txt of example.org does not govern example.com"},
		{"'=HYPERLINK(\"http://evil\")", "'+1", "'-x", "allowed", "0", "'@sum", "'\tg", "ünïcode \u2028 \x01 \\ \xff", ""},
	}
	if !reflect.DeepEqual(records, want) {
		t.Errorf("exportCSV read back as\n%q\nwant\n%q", records, want)
	}
}

func TestExportJSONParsesBack(t *testing.T) {
	var got []struct {
		URL      string `json:"url"`
		TestedAs string `json:"testedAs"`
		Crawler  string `json:"crawler"`
		Verdict  string `json:"verdict"`
		Line     int    `json:"line"`
		Rule     string `json:"rule"`
		Group    string `json:"group"`
		Reason   string `json:"reason"`
		Scope    string `json:"scope"`
	}
	out := ExportJSON(exportSample)
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("exportJSON output is not JSON: %v\n%s", err, out)
	}
	if len(got) != len(exportSample) {
		t.Fatalf("exportJSON wrote %d rows, want %d", len(got), len(exportSample))
	}
	for i, w := range exportSample {
		g := ExportRow(got[i])
		w.Reason = strings.ToValidUTF8(w.Reason, "\ufffd")
		if g != w {
			t.Errorf("row %d read back as %+v, want %+v", i, g, w)
		}
	}
	if strings.Contains(string(out), "\u2028") {
		t.Errorf("exportJSON left a raw U+2028 in its output")
	}
	if string(ExportJSON(nil)) != "[]\n" {
		t.Errorf("exportJSON(nil) = %q, want an empty array", ExportJSON(nil))
	}
}

func TestImportURLList(t *testing.T) {
	tests := []struct {
		name, file, data string
		want             []string
	}{
		{"a text list, one URL per line, blank lines and CRLF skipped", "urls.txt",
			"https://example.com/a\r\n\r\n  /b  \n/c", []string{"https://example.com/a", "/b", "/c"}},
		{"a BOM before a text list", "urls.txt", "\xef\xbb\xbf/a\n", []string{"/a"}},
		{"a CSV with a url header in the second column", "crawl.csv",
			"status,URL,title\n200,https://example.com/a,\"Home, sweet\"\n404,/b,x\n", []string{"https://example.com/a", "/b"}},
		{"a CSV header named Address (Screaming Frog)", "internal_all.CSV",
			"\"Address\",\"Content Type\"\n\"https://example.com/\",\"text/html\"\n", []string{"https://example.com/"}},
		{"a CSV without header: the first column of URLs", "list.csv",
			"a,https://example.com/1\nb,https://example.com/2\n", []string{"https://example.com/1", "https://example.com/2"}},
		{"a CSV with an unknown header over URLs", "list.csv",
			"n,link\n1,/x\n2,/y\n", []string{"/x", "/y"}},
		{"quoted URLs holding commas, quotes and line breaks", "q.csv",
			"url\n\"/a,b\"\n\"/say \"\"hi\"\"\"\n", []string{"/a,b", `/say "hi"`}},
		{"ragged rows", "r.csv", "url,x\n/a\n/b,1,2\n", []string{"/a", "/b"}},
	}
	for _, tt := range tests {
		list, err := importURLList(tt.file, []byte(tt.data))
		var got []string
		for i := range list.Len() {
			got = append(got, list.At(i))
		}
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: importURLList = %q, %v; want %q", tt.name, got, err, tt.want)
		}
	}
}

func TestImportURLListErrorsSayWhatToDo(t *testing.T) {
	tests := []struct {
		name, file, data, want string
	}{
		{"an empty text file", "urls.txt", "\n \n", "one URL per line"},
		{"a CSV with no URL column", "x.csv", "a,b\n1,2\n", "column headed url"},
		{"an empty url column", "x.csv", "url,b\n,2\n", `"url" column holds no URLs`},
		{"a broken quote", "x.csv", "url\n/a\n\"/b\"x\n", "line 3"},
		{"bytes that are not UTF-8", "x.txt", "/a\xff\n", "UTF-8"},
	}
	for _, tt := range tests {
		_, err := importURLList(tt.file, []byte(tt.data))
		if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), tt.file) {
			t.Errorf("%s: importURLList error = %v; want one naming %s and mentioning %q", tt.name, err, tt.file, tt.want)
		}
	}
}
