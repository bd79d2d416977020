package readers

import (
	"robotstester/engine"
	"strings"
	"testing"
)

// The quirks of protego, perl-robotrules and ruby-webrobots that the page
// explains, each checked against its reader (the differential tests check
// them against the libraries themselves).
var libReaderCases = []readerCase{
	{"Protego reads '*' and '$' as Google does", "protego", "User-agent: *\nDisallow: /*.pdf$\n", "foo", "https://example.com/a.pdf", false, 2, false},
	{"Protego scores a value by its length: foobar beats foo", "protego", "User-agent: foo\nDisallow: /a\n\nUser-agent: foobar\nAllow: /\n", "foobar", "https://example.com/a", true, 5, false},
	{"Protego reads the typo dissallow", "protego", "User-agent: *\nDissallow: /a\n", "foo", "https://example.com/a", false, 2, false},
	{"Protego reads a missing colon only in lower case", "protego", "User-agent: *\nDisallow /a\n", "foo", "https://example.com/a", true, 0, false},
	{"…so disallow /a is a rule", "protego", "User-agent: *\ndisallow /a\n", "foo", "https://example.com/a", false, 2, false},
	{"Protego allows a folder whose index.html is allowed", "protego", "User-agent: *\nDisallow: /a/\nAllow: /a/index.html\n", "foo", "https://example.com/a/", true, 3, false},
	{"Protego fails on a rule starting //[", "protego", "User-agent: *\nDisallow: //[x/a\n", "foo", "https://example.com/a", false, 0, true},
	{"WWW::RobotRules has no wildcards", "perl-robotrules", "User-agent: *\nDisallow: /*.pdf$\n", "foo", "https://example.com/a.pdf", true, 0, false},
	{"WWW::RobotRules has no Allow", "perl-robotrules", "User-agent: *\nDisallow: /\nAllow: /public\n", "foo", "https://example.com/public", false, 2, false},
	{"WWW::RobotRules finds the value inside the robot's name", "perl-robotrules", "User-agent: bot\nDisallow: /\n", "Googlebot/2.1", "https://example.com/", false, 2, false},
	{"…not the name inside the value", "perl-robotrules", "User-agent: foo-bar\nDisallow: /\n", "foo", "https://example.com/", true, 0, false},
	{"WWW::RobotRules resolves a relative rule against /robots.txt", "perl-robotrules", "User-agent: *\nDisallow: a\n", "foo", "https://example.com/a", false, 2, false},
	{"WWW::RobotRules drops a rule for another host", "perl-robotrules", "User-agent: *\nDisallow: http://other.example/a\n", "foo", "https://example.com/a", true, 0, false},
	{"WWW::RobotRules allows a URL that is not http(s)", "perl-robotrules", "User-agent: *\nDisallow: /\n", "foo", "ftp://example.com/a", true, 0, false},
	{"an empty Disallow allows all from there", "perl-robotrules", "User-agent: *\nDisallow:\nDisallow: /\n", "foo", "https://example.com/a", true, 2, false},
	{"webrobots reads '*' and '$'", "ruby-webrobots", "User-agent: *\nDisallow: /*.pdf$\n", "foo", "https://example.com/a.pdf", false, 2, false},
	{"webrobots keeps a CR in a value, so a CRLF file blocks nothing", "ruby-webrobots", "User-agent: *\r\nDisallow: /\r\n", "foo", "https://example.com/a", true, 0, false},
	{"webrobots refuses a file with a space before a key, and allows all", "ruby-webrobots", "User-agent: *\n Disallow: /\n", "foo", "https://example.com/a", true, 0, false},
	{"webrobots refuses a user-agent line right after rules", "ruby-webrobots", "User-agent: a\nDisallow: /\nUser-agent: *\nDisallow: /\n", "foo", "https://example.com/a", true, 0, false},
	{"webrobots tries named records before *", "ruby-webrobots", "User-agent: *\nDisallow: /\n\nUser-agent: foo\nDisallow: /a\n", "foo", "https://example.com/b", true, 0, false},
	{"webrobots matches K (Kelvin) with k", "ruby-webrobots", "User-agent: kbot\nDisallow: /\n", "\u212Abot", "https://example.com/", false, 2, false},
	{"webrobots always allows /robots.txt", "ruby-webrobots", "User-agent: *\nDisallow: /\n", "foo", "https://example.com/robots.txt", true, 0, false},
	{"webrobots raises on a URL that is not ASCII", "ruby-webrobots", "User-agent: *\nDisallow: /\n", "foo", "https://example.com/é", false, 0, true},
}

func TestLibReadersReadAsTheirLibraries(t *testing.T) {
	for _, c := range libReaderCases {
		got, err := TestWith(c.reader, []byte(c.body), c.agent, c.url)
		if err != nil {
			t.Fatal(err)
		}
		if got.Allowed != c.allowed || got.Line != c.line || got.Failed != c.failed || !strings.HasSuffix(got.Why, ".") || got.Reader != c.reader {
			t.Errorf("%s: %s says allowed=%v line %d failed=%v (%s), want allowed=%v line %d failed=%v",
				c.what, c.reader, got.Allowed, got.Line, got.Failed, got.Why, c.allowed, c.line, c.failed)
		}
	}
}

// TestLibReadersExplainDisagreementsOnRealFiles: on every real file, each
// URL where protego, perl-robotrules or ruby-webrobots answers otherwise
// than Google has a sentence in the Readers view that names the reader
// (its own Why, or a portability finding naming it).
func TestLibReadersExplainDisagreementsOnRealFiles(t *testing.T) {
	t.Parallel()
	short := map[string]string{"protego": "Protego", "perl-robotrules": "WWW::RobotRules", "ruby-webrobots": "webrobots"}
	differ := map[string]int{}
	for _, f := range corpusDiffFiles(t) {
		r := engine.Parse(f.body)
		files := ParseAll(f.body, r)
		findings := Portability(r)
		for _, tc := range f.Tests {
			row := CompareReader(files, nil, tc[0], tc[1], findings)
			google := row.Results[0]
			for _, res := range row.Results {
				name, ok := short[res.Reader]
				if !ok || res.Allowed == google.Allowed && res.Failed == google.Failed {
					continue
				}
				differ[res.Reader]++
				named := false
				for _, s := range row.Disagreements {
					named = named || strings.Contains(s, name) && strings.HasSuffix(s, ".")
				}
				if !named {
					t.Errorf("%s, %s at %s: %s differs from Google but no sentence names it: %q", f.name, tc[0], tc[1], res.Reader, row.Disagreements)
				}
			}
		}
	}
	for id := range short {
		if differ[id] == 0 {
			t.Errorf("%s never differs from Google on the real files: the test proves nothing", id)
		}
	}
	t.Logf("URLs of the real files read otherwise than Google: %v", differ)
}
