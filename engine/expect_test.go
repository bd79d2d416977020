package engine

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// Every conformance file reads as it is, and every case passes.
func TestExpectationsReadTheConformanceFiles(t *testing.T) {
	dir := sharedDir(t, "conformance", "google-spec-test")
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*.json"))
	total := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		exp, err := ReadExpectations(f, data)
		if err != nil {
			t.Fatalf("%v", err)
		}
		results, err := exp.Check(nil, false)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, r := range results {
			total++
			if !r.Pass {
				t.Errorf("%s:%d: %s", f, r.Case.Line, r.Describe())
			}
		}
	}
	if total != 400 {
		t.Errorf("%d cases checked, want 400", total)
	}
}

func TestExpectationsRoundTrip(t *testing.T) {
	in := &Expectations{
		Robots: []byte("User-agent: *\nDisallow: /private\n"), HasRobots: true,
		Cases: []Case{
			{Agent: "Googlebot", URL: "https://example.com/", Allowed: true},
			{Agent: "Googlebot-Image", Crawler: "Googlebot Image", URL: "https://example.com/private/a.png"},
			{Agent: "", URL: "/x", Allowed: true, Robots: []byte{}, HasRobots: true},
			{Agent: "FooBot", URL: "/y", Robots: []byte("\xef\xbbUser-agent: FooBot\nDisallow: /\xff"), HasRobots: true},
		},
	}
	data := in.JSON()
	if !strings.Contains(string(data), `"robots_b64"`) || !strings.Contains(string(data), `"expected": "blocked"`) {
		t.Errorf("invalid UTF-8 should be written as robots_b64, verdicts as allowed/blocked:\n%s", data)
	}
	out, err := ReadExpectations("x.json", data)
	if err != nil {
		t.Fatal(err)
	}
	for i := range out.Cases {
		out.Cases[i].Line = 0
	}
	if !reflect.DeepEqual(in, out) {
		t.Errorf("round trip changed the expectations:\n in %+v\nout %+v", in, out)
	}
	again := out.JSON()
	if string(again) != string(data) {
		t.Errorf("writing what was read gives other JSON:\n%s\n%s", data, again)
	}
}

func TestExpectationsReadBothVocabularies(t *testing.T) {
	exp, err := ReadExpectations("", []byte(`{"cases": [
		{"agent": "a", "url": "/", "expected": "ALLOWED"},
		{"agent": "a", "url": "/", "expected": "DISALLOWED"},
		{"agent": "a", "url": "/", "expected": "allowed"},
		{"agent": "a", "url": "/", "expected": "Blocked"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	var got []bool
	for _, c := range exp.Cases {
		got = append(got, c.Allowed)
	}
	if !reflect.DeepEqual(got, []bool{true, false, true, false}) {
		t.Errorf("expected verdicts read as %v", got)
	}
	if exp.Cases[3].Line != 5 {
		t.Errorf("the fourth case starts on line 5, read as %d", exp.Cases[3].Line)
	}
}

func TestExpectationsErrorsNameFileLineAndCase(t *testing.T) {
	tests := []struct {
		name, json, want string
	}{
		{"malformed", "{\"cases\": [\n  {\"agent\": \"a\",\n \"url\": }\n]}", "e.json:3: the JSON is malformed at column 9: a JSON value belongs here"},
		{"a trailing comma", "{\"cases\": [\n  {\"agent\": \"a\", \"url\": \"/\", \"expected\": \"allowed\"},\n]}", "e.json:3: the JSON is malformed at column 1: a JSON value belongs here"},
		{"a case that is not an object", "{\"cases\": [\"Googlebot\"]}", "e.json:1: case 1: a case is an object"},
		{"unknown verdict", "{\"cases\": [\n{\"agent\": \"a\", \"url\": \"/\", \"expected\": \"allowed\"},\n{\"agent\": \"a\", \"url\": \"/\", \"expected\": \"maybe\"}]}", "e.json:3: case 2: \"expected\" is `maybe`: write \"allowed\" or \"blocked\"."},
		{"no url", "{\"cases\": [{\"agent\": \"a\", \"expected\": \"allowed\"}]}", `e.json:1: case 1: the case has no "url"`},
		{"no agent", "{\"cases\": [{\"url\": \"/\", \"expected\": \"allowed\"}]}", `case 1: the case has no "agent"`},
		{"unknown crawler", "{\"cases\": [{\"crawler\": \"Nobot\", \"url\": \"/\", \"expected\": \"allowed\"}]}", "no crawler `Nobot` in the catalogue"},
		{"a number for a url", "{\"cases\": [\n\n{\"agent\": \"a\", \"url\": 7, \"expected\": \"allowed\"}]}", "e.json:3: case 1: `url` is a number, where a string belongs."},
		{"bad base64", "{\"robots_b64\": \"!!\", \"cases\": []}", `e.json:1: "robots_b64" is not standard base64`},
		{"no cases", "{\"robots\": \"\"}", `the file has no "cases"`},
		{"not an object", "[]", "e.json:1: the file must be a JSON object"},
		{"cut short", "{\"cases\": [", "e.json:1: the JSON is malformed at column 12: the JSON ends too early"},
		{"two objects", "{\"cases\": []} {}", "more follows the JSON value"},
	}
	for _, tt := range tests {
		_, err := ReadExpectations("e.json", []byte(tt.json))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want it to contain %q", tt.name, err, tt.want)
		}
	}
}

func TestExpectationsCheck(t *testing.T) {
	exp, err := ReadExpectations("", []byte(`{"robots": "User-agent: *\nDisallow: /\n", "cases": [
		{"agent": "Googlebot", "url": "https://example.com/products/1", "expected": "allowed"},
		{"crawler": "Googlebot Image", "url": "https://example.com/img.png", "expected": "blocked"},
		{"agent": "Googlebot", "url": "https://example.com/own", "expected": "allowed", "robots": "User-agent: Googlebot\nAllow: /\n"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	res, err := exp.Check(nil, false)
	if err != nil {
		t.Fatal(err)
	}
	if res[0].Pass || !res[1].Pass || !res[2].Pass {
		t.Errorf("pass: %v %v %v, want false true true", res[0].Pass, res[1].Pass, res[2].Pass)
	}
	want := "`Googlebot` https://example.com/products/1: expected allowed; Blocked by line 2, `Disallow: /` (length 1): no allow rule matches this URL."
	if got := res[0].Describe(); got != want {
		t.Errorf("Describe:\n got %s\nwant %s", got, want)
	}
	// A robots.txt given to the checker replaces the file's, not a case's own.
	res, _ = exp.Check([]byte("User-agent: *\nAllow: /\n"), true)
	if !res[0].Pass || res[1].Pass || !res[2].Pass {
		t.Errorf("with the checker's robots.txt: pass %v %v %v, want true false true", res[0].Pass, res[1].Pass, res[2].Pass)
	}
	none, _ := ReadExpectations("", []byte(`{"cases": [{"agent": "a", "url": "/", "expected": "allowed"}]}`))
	if _, err := none.Check(nil, false); err == nil || !strings.Contains(err.Error(), "no robots.txt to test against") {
		t.Errorf("a case without a robots.txt: %v", err)
	}
}

// The reader decodes every case of the conformance files as encoding/json
// does: robots.txt bodies with their escapes, agents, URLs.
func TestExpectationsDecodeAsEncodingJSON(t *testing.T) {
	for file, cases := range loadSuite(t) {
		data, err := os.ReadFile(filepath.Join(sharedDir(t, "conformance", "google-spec-test"), file))
		if err != nil {
			t.Fatal(err)
		}
		exp, err := ReadExpectations(file, data)
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range cases {
			got := exp.Cases[i]
			if string(got.Robots) != string(c.body(t)) || got.Agent != c.Agent || got.URL != c.URL || got.Allowed != (c.Expected == "ALLOWED") {
				t.Errorf("%s case %d: read %+v, encoding/json reads %+v", file, i, got, c)
			}
		}
	}
}

func TestJSONStringEscapes(t *testing.T) {
	for _, s := range []string{"", "plain", "quote \" backslash \\ slash /", "\x00\x01\x1f\t\r\n", "é 日本 🤖", "\u2028\u2029"} {
		v, err := readJSONString(QuoteJSON(s))
		if err != nil || v != s {
			t.Errorf("QuoteJSON(%q) reads back as %q (%v)", s, v, err)
		}
		var std string
		if err := json.Unmarshal([]byte(QuoteJSON(s)), &std); err != nil || std != s {
			t.Errorf("encoding/json reads QuoteJSON(%q) as %q (%v)", s, std, err)
		}
	}
	if v, err := readJSONString(`"\ud83e\udd16 \u00e9\/"`); err != nil || v != "🤖 é/" {
		t.Errorf("surrogate pairs and escapes: %q %v", v, err)
	}
}

// readJSONString reads s, a JSON string and nothing else, as the reader
// does.
func readJSONString(s string) (string, error) {
	p := &jsonReader{s: s}
	v := p.value(0)
	if p.err == nil && (v.kind != '"' || p.i != len(s)) {
		p.fail("not one string")
	}
	if p.err != nil {
		return "", p.err
	}
	return v.str, nil
}

func FuzzReadExpectations(f *testing.F) {
	f.Add([]byte(`{"robots": "User-agent: *\nDisallow: /x\n", "cases": [{"agent": "a", "url": "/x", "expected": "blocked"}]}`))
	f.Add([]byte(`{"cases": [{"crawler": "GPTBot", "url": "/", "expected": "ALLOWED", "robots_b64": "VXNlci1hZ2VudDogKgo="}]}`))
	f.Add([]byte(`[1, -2.5e3, true, false, null, {"a": [[]]}, "\u0041"]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		sameInSlices(t, "the input", data)
		exp, err := ReadExpectations("f.json", data)
		if err != nil {
			return
		}
		again, err := ReadExpectations("f.json", exp.JSON())
		if err != nil {
			t.Fatalf("what was read does not read back: %v\n%s", err, exp.JSON())
		}
		if len(again.Cases) != len(exp.Cases) {
			t.Fatalf("%d cases read back as %d", len(exp.Cases), len(again.Cases))
		}
	})
}

// A byte-order mark at the start, which Windows editors write, is read as
// RFC 8259 §8.1 allows; columns on the first line do not count it.
func TestExpectationsAcceptAByteOrderMark(t *testing.T) {
	exp, err := ReadExpectations("e.json", []byte("\ufeff{\"cases\": [{\"agent\": \"a\", \"url\": \"/\", \"expected\": \"allowed\"}]}"))
	if err != nil || len(exp.Cases) != 1 || exp.Cases[0].Line != 1 {
		t.Fatalf("a file with a BOM: %v, %+v", err, exp)
	}
	_, err = ReadExpectations("e.json", []byte("\ufeff{\"cases\": ["))
	if err == nil || !strings.Contains(err.Error(), "e.json:1: the JSON is malformed at column 12") {
		t.Errorf("an error after a BOM: %v; want column 12, as without it", err)
	}
}

// expectationsFile is n one-line cases, on one line or one a line.
func expectationsFile(n int, oneLine bool) []byte {
	var b strings.Builder
	b.WriteString(`{"cases": [`)
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		if !oneLine {
			b.WriteString("\n  ")
		}
		b.WriteString(`{"agent": "Googlebot", "url": "https://example.com/p` + strconv.Itoa(i) + `", "expected": "allowed"}`)
	}
	b.WriteString("]}\n")
	return []byte(b.String())
}

// Each case's line is the line it starts on, found in one pass.
func TestExpectationsLinesInOnePass(t *testing.T) {
	exp, err := ReadExpectations("", expectationsFile(1000, false))
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range exp.Cases {
		if c.Line != i+2 {
			t.Fatalf("case %d on line %d; want %d", i+1, c.Line, i+2)
		}
	}
	exp, _ = ReadExpectations("", expectationsFile(1000, true))
	if exp.Cases[999].Line != 1 {
		t.Errorf("one line: the last case on line %d", exp.Cases[999].Line)
	}
}

// BenchmarkReadExpectations reads 10,000 and 100,000 cases on one line
// (issue 20: 4.2 s and 441 s, quadratic): ns/case stays about the same.
func BenchmarkReadExpectations(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		data := expectationsFile(n, true)
		b.Run("cases="+strconv.Itoa(n), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if exp, err := ReadExpectations("", data); err != nil || len(exp.Cases) != n {
					b.Fatalf("%v, %d cases", err, len(exp.Cases))
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/case")
		})
	}
}
