package readers

import (
	"fmt"
	"testing"

	"robotstester/engine"
	"robotstester/engine/catalogue"
)

// Each reader's account of the groups it applies, on a file where they
// choose differently: Python keeps one group per agent and only the first
// "*" group; robots-parser and temoto merge every group naming the agent
// key; the documented readers take every group naming the token; Yandex
// falls back to the "Yandex" group, and Python (a value inside the name)
// and temoto (a value the name begins with) reach it on their own.
func TestObeysWithEachReader(t *testing.T) {
	body := []byte("User-agent: *\nDisallow: /a\n\nUser-agent: GPTBot\nUser-agent: ClaudeBot\nDisallow: /g\n\n" +
		"User-agent: gptbot\nDisallow: /h\n\nUser-agent: Yandex\nDisallow: /y\n\nUser-agent: *\nDisallow: /b\n")
	crawlers := []catalogue.Crawler{
		{Name: "GPTBot", Tokens: []string{"GPTBot"}, ObeysGlobal: true},
		{Name: "Unnamed", Tokens: []string{"Unnamedbot"}, ObeysGlobal: true},
		{Name: "YandexImages", Tokens: []string{"YandexImages"}, ObeysGlobal: true},
		{Name: "Quiet", Tokens: []string{"Quietbot"}, ObeysGlobal: false},
		{Name: "Tokenless"},
	}
	want := map[string][]string{
		"google":        {"GPTBot (lines 4, 8)", "* (lines 1, 14)", "* (lines 1, 14)", "none", "none"},
		"robots-parser": {"gptbot (lines 4, 8)", "* (lines 1, 14)", "* (lines 1, 14)", "* (lines 1, 14)", "none"},
		"python":        {"GPTBot (line 4)", "* (line 1)", "Yandex (line 11)", "* (line 1)", "none"},
		"colly":         {"gptbot (lines 4, 8)", "* (lines 1, 14)", "yandex (line 11)", "* (lines 1, 14)", "none"},
		// Protego merges the groups of a value and scores it by length;
		// WWW::RobotRules reads the first record whose value is inside the
		// robot's name, else every * record; webrobots the first * record.
		"protego":         {"gptbot (lines 4, 8)", "* (lines 1, 14)", "yandex (line 11)", "* (lines 1, 14)", "none"},
		"perl-robotrules": {"GPTBot (line 4)", "* (lines 1, 14)", "Yandex (line 11)", "* (lines 1, 14)", "none"},
		"ruby-webrobots":  {"GPTBot (line 4)", "* (line 1)", "Yandex (line 11)", "* (line 1)", "none"},
		"bing":            {"GPTBot (lines 4, 8)", "* (lines 1, 14)", "* (lines 1, 14)", "none", "none"},
		"yandex":          {"GPTBot (lines 4, 8)", "* (lines 1, 14)", "Yandex (line 11)", "none", "none"},
		"rfc9309":         {"GPTBot (lines 4, 8)", "* (lines 1, 14)", "* (lines 1, 14)", "none", "none"},
	}
	for _, id := range Readers() {
		f, err := ParseWith(id, body)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, c := range crawlers {
			o := ObeysWith(f, c)
			if o.Reader != id || o.Why == "" || o.Refused {
				t.Errorf("%s: %s: %+v", id, c.Name, o)
			}
			got = append(got, o.Label())
		}
		if fmt.Sprint(got) != fmt.Sprint(want[id]) {
			t.Errorf("%s:\n got %q\nwant %q", id, got, want[id])
		}
	}
}

// A reader that refuses the whole file applies no group, and says why.
func TestObeysWithRefusedFile(t *testing.T) {
	c := catalogue.Crawler{Name: "GPTBot", Tokens: []string{"GPTBot"}, ObeysGlobal: true}
	for _, tc := range []struct{ reader, body string }{
		{"python", "User-agent: *\nDisallow: /\xff\n"},
		{"colly", "Disallow: /x\nUser-agent: *\nDisallow: /\n"},
	} {
		f, _ := ParseWith(tc.reader, []byte(tc.body))
		o := ObeysWith(f, c)
		if !o.Refused || o.Label() != "none (file refused)" || o.Why == "" {
			t.Errorf("%s on %q: %+v", tc.reader, tc.body, o)
		}
		if res := TestCrawlerWith(f, c, "/x"); !res.Failed {
			t.Errorf("%s on %q: the reader answers %+v, yet ObeysWith says it refuses the file", tc.reader, tc.body, res)
		}
	}
}

// checkReaderObeys checks a reader matrix's account of column c's groups
// against its verdicts: a refused file fails every URL; no group decides
// nothing; a deciding line comes after the first obeyed group starts.
func checkReaderObeys(t *testing.T, name string, m *ReaderMatrix, c int) {
	t.Helper()
	o := m.Obeys(c)
	for u, url := range m.Google.URLs {
		res := m.Cell(u, c)
		switch {
		case o.Refused && !res.Failed:
			t.Fatalf("%s: %s: %s: the file is refused, yet the reader answers %+v", name, m.Google.Columns[c].Name, url, res)
		case res.Failed:
		case o.Source == engine.SourceNone && res.Line != 0:
			t.Fatalf("%s: %s: %s: no group applies (%s), yet line %d decides", name, m.Google.Columns[c].Name, url, o.Why, res.Line)
		case res.Line > 0 && (len(o.Lines) == 0 || o.Lines[0] > res.Line):
			t.Fatalf("%s: %s: %s: line %d decides, outside the groups %s", name, m.Google.Columns[c].Name, url, res.Line, o.Label())
		}
	}
}
