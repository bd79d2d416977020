package readers

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"robotstester/engine/sharedtest"

	"robotstester/engine"
)

// portabilityCase: in body, the finding code on line names exactly readers.
type portabilityCase struct {
	body    string
	line    int
	code    string
	readers []string
}

var portabilityCases = []portabilityCase{
	{"User-agent: *\nDisallow: /*.pdf$\n", 2, "readers-wildcard", []string{"python", "perl-robotrules"}},
	{"User-agent: *\nDisallow: /a*b\n", 2, "readers-wildcard", []string{"python", "colly", "perl-robotrules"}},
	{"User-agent: *\nDissallow: /a\n", 2, "readers-typo", []string{"robots-parser", "python", "colly", "perl-robotrules", "ruby-webrobots", "bing", "yandex", "rfc9309"}},
	{"User-agent: *\nDisallowed: /a\n", 2, "readers-typo", []string{"robots-parser", "python", "colly", "protego", "perl-robotrules", "ruby-webrobots", "bing", "yandex", "rfc9309"}},
	{"User-agent: *\nDisallow /a\n", 2, "readers-missing-colon", []string{"robots-parser", "python", "protego", "perl-robotrules", "ruby-webrobots", "bing", "yandex", "rfc9309"}},
	{"Disallow: /a\nUser-agent: *\nDisallow: /b\n", 1, "readers-orphan-rule", []string{"colly"}},
	{"User-agent: *\nDisallow: /café\n", 2, "readers-non-ascii", []string{"colly", "ruby-webrobots"}},
	{"User-agent: *\nDisallow: /%7Euser\n", 2, "readers-escaped-unreserved", []string{"python", "protego", "ruby-webrobots", "bing", "yandex", "rfc9309"}},
	{"User-agent: foo/1.0\nDisallow: /\n", 1, "readers-agent-version", []string{"python", "colly", "protego", "perl-robotrules", "ruby-webrobots", "bing", "yandex", "rfc9309"}},
	{"User-agent: *\n\nDisallow: /\n", 2, "readers-blank-line", []string{"python", "perl-robotrules", "ruby-webrobots"}},
	{"User-agent: *\nDisallow: /\nAllow: /public\n", 3, "readers-allow-order", []string{"python"}},
	{"\xEF\xBB\xBFUser-agent: *\nDisallow: /\n", 1, "readers-bom", []string{"python", "protego", "ruby-webrobots", "bing", "yandex", "rfc9309"}},
	{"User-agent: *\nCrawl-delay: soon\nDisallow: /a\n", 2, "readers-crawl-delay", []string{"colly"}},
	{"User-agent: *\nDisallow: /a b\n", 2, "readers-value-space", []string{"colly"}},
	{"User-agent: *\nDisallow: *.pdf\n", 2, "readers-pattern-start", []string{"python", "perl-robotrules", "bing", "yandex", "rfc9309"}},
	{"User-agent: Yandex\nClean-param: ref /some_dir/\n", 2, "readers-clean-param", []string{"yandex"}},
}

func TestPortabilityFindings(t *testing.T) {
	for _, c := range portabilityCases {
		var got *PortabilityFinding
		fs := Portability(engine.Parse([]byte(c.body)))
		for i := range fs {
			if fs[i].Code == c.code && fs[i].Line == c.line {
				got = &fs[i]
			}
		}
		if got == nil {
			t.Errorf("%q: no %s on line %d; findings %v", c.body, c.code, c.line, fs)
			continue
		}
		if !slices.Equal(got.Readers, c.readers) {
			t.Errorf("%q: %s names %v, want %v", c.body, c.code, got.Readers, c.readers)
		}
		for _, id := range got.Readers {
			info, _ := DescribeReader(id)
			if !strings.Contains(got.Message, info.Name) {
				t.Errorf("%q: %s message %q does not name %s", c.body, c.code, got.Message, info.Name)
			}
		}
	}
}

// Portability remembers each probe's answer: asked again, with the answers
// remembered or after they were dropped, it says the same, and a caller
// that changes the readers it was given changes no later answer.
func TestPortabilityRemembersProbes(t *testing.T) {
	for _, c := range portabilityCases {
		r := engine.Parse([]byte(c.body))
		probeAnswers.put("", nil) // some answer is remembered
		// The answers, worked out, then remembered; the caller changes both.
		for range 2 {
			fs := Portability(r)
			for i := range fs {
				for j := range fs[i].Readers {
					fs[i].Readers[j] = "changed"
				}
			}
		}
		again := Portability(r)
		probeAnswers.mu.Lock()
		probeAnswers.m = nil
		probeAnswers.mu.Unlock()
		fresh := Portability(r)
		if !slices.EqualFunc(again, fresh, func(a, b PortabilityFinding) bool {
			return a.Diagnostic == b.Diagnostic && slices.Equal(a.Readers, b.Readers)
		}) {
			t.Errorf("%q: remembered answers %v, fresh ones %v", c.body, again, fresh)
		}
		for _, f := range again {
			if slices.Contains(f.Readers, "changed") {
				t.Errorf("%q: a caller's change to Readers reached a later answer: %v", c.body, f)
			}
		}
	}
	// Past maxProbeBytes the answers start again from none.
	probeAnswers.put("a", nil)
	probeAnswers.put(strings.Repeat("b", maxProbeBytes), []string{"python"})
	if _, ok := probeAnswers.get("a"); ok || probeAnswers.bytes != maxProbeBytes {
		t.Errorf("after maxProbeBytes of probes: %d bytes kept, the first answer kept %v", probeAnswers.bytes, ok)
	}
}

// TestPortabilityClaimsHoldInTheFile: for each finding about a rule, the
// readers it names really decide the rule's own example URL differently
// from Google in the whole file, and the readers it does not name agree.
func TestPortabilityClaimsHoldInTheFile(t *testing.T) {
	body := []byte("User-agent: *\nDisallow: /*.pdf$\nDisallow: /café\nAllow: /%7Euser\nDisallow: /~\nDisallow: /private\nAllow: /private/open\n")
	r := engine.Parse(body)
	checked := 0
	for _, f := range Portability(r) {
		url := ""
		switch f.Code {
		case "readers-wildcard", "readers-non-ascii":
			url = exampleURL(r.Lines[f.Line-1].Value(r.Body))
		case "readers-allow-order":
			url = "https://example.com/private/open"
		case "readers-escaped-unreserved":
			url = "https://example.com/~user"
		default:
			continue
		}
		google, _ := TestWith("google", body, "foo", url)
		for _, id := range Readers()[1:] {
			got, _ := TestWith(id, body, "foo", url)
			named := slices.Contains(f.Readers, id)
			if differs := got.Allowed != google.Allowed || got.Failed != google.Failed; named && !differs {
				t.Errorf("%s on line %d names %s, but at %s it answers as Google does (%v)", f.Code, f.Line, id, url, got.Allowed)
			}
		}
		checked++
	}
	if checked < 4 {
		t.Errorf("only %d findings checked in the file: %v", checked, Portability(r))
	}
}

// BenchmarkPortability: the largest real file (tens of thousands of rules),
// whose findings the page computes after each edit.
func BenchmarkPortability(b *testing.B) {
	body, err := os.ReadFile(filepath.Join(sharedtest.Dir(b, "corpus", "real"), "0001.txt"))
	if err != nil {
		b.Fatal(err)
	}
	r := engine.Parse(body)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Portability(r)
	}
	b.ReportMetric(float64(len(body))/1e6*float64(b.N)/b.Elapsed().Seconds(), "MB/s")
}

// TestPortabilityCodeTable: the codes in portability.go's header table are
// exactly those the findings use, each shown by a case above.
func TestPortabilityCodeTable(t *testing.T) {
	src, err := os.ReadFile("portability.go")
	if err != nil {
		t.Fatal(err)
	}
	table := map[string]bool{}
	for _, line := range strings.Split(string(src), "\n") {
		if f := strings.Fields(strings.TrimPrefix(line, "//")); strings.HasPrefix(line, "//\treaders-") && len(f) > 0 {
			table[f[0]] = true
		}
	}
	tested := map[string]bool{}
	for _, c := range portabilityCases {
		tested[c.code] = true
		if !table[c.code] {
			t.Errorf("%s is not in portability.go's code table", c.code)
		}
	}
	for code := range table {
		if !tested[code] {
			t.Errorf("%s is in the code table but no case shows it", code)
		}
	}
	if len(table) != 14 {
		t.Errorf("the code table has %d codes, want 14", len(table))
	}
}
