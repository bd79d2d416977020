package engine

import "testing"

func TestScopeTallySumsUpAList(t *testing.T) {
	for _, c := range []struct {
		name, robotsURL string
		urls            []string
		labels          []string
		summary         string
	}{
		{"every URL governed", "https://example.com/robots.txt",
			[]string{"https://example.com/a", "/b"}, []string{"", ""}, ""},
		{"one other host", "https://example.com/robots.txt",
			[]string{"https://example.com/a", "https://en.wikipedia.org/wiki/X"}, []string{"", "Other host"},
			"1 URL is on another host: tested against this file anyway; each host has its own robots.txt."},
		{"other hosts, a scheme and a port", "https://example.com/",
			[]string{"https://a.example.org/", "https://b.example.org/", "http://example.com/", "https://example.com:8443/"},
			[]string{"Other host", "Other host", "Other scheme", "Other port"},
			"2 URLs are on other hosts, 1 URL uses another scheme and 1 URL uses another port: tested against this file anyway; each host, scheme and port has its own robots.txt."},
		{"another host and scheme: the host first, both named (issue 22)", "http://127.0.0.1:18091/robots.txt",
			[]string{"https://www.bbc.com/", "http://www.bbc.com/", "https://127.0.0.1:18091/"},
			[]string{"Other host and scheme", "Other host", "Other scheme"},
			"1 URL is on another host, 1 URL is on another host with another scheme and 1 URL uses another scheme: tested against this file anyway; each host and scheme has its own robots.txt."},
		{"other hosts with other schemes only", "https://example.com/",
			[]string{"http://a.example.org/", "http://b.example.org/"},
			[]string{"Other host and scheme", "Other host and scheme"},
			"2 URLs are on other hosts with other schemes: tested against this file anyway; each host and scheme has its own robots.txt."},
		{"an unreadable URL", "https://example.com/",
			[]string{"https://exa mple.com/"}, []string{"Unreadable URL"},
			"1 URL cannot be read: tested against this file anyway."},
		{"a robots.txt in a subdirectory governs nothing", "https://example.com/shop/robots.txt",
			[]string{"https://example.com/a", "/b"}, []string{"Governs nothing", "Governs nothing"},
			"https://example.com/shop/robots.txt is not at the root of its host: crawlers never look for robots.txt in a subdirectory, so this file governs nothing; put its rules in https://example.com/robots.txt. All 2 URLs are tested against this file anyway."},
	} {
		var tally ScopeTally
		for i, u := range c.urls {
			r := Scope(c.robotsURL, u)
			if got := r.Label(); got != c.labels[i] {
				t.Errorf("%s: %s labelled %q, want %q", c.name, u, got, c.labels[i])
			}
			if !r.Governs {
				tally.Add(r)
			}
		}
		if got := tally.Summary(); got != c.summary {
			t.Errorf("%s: summary\n%q, want\n%q", c.name, got, c.summary)
		}
	}
}

// A list counted in parts (as the page's workers do) sums up as the whole
// list counted one URL at a time.
func TestScopeTallyAddNSumsUpPartsAsOneByOne(t *testing.T) {
	robotsURL := "https://example.com/"
	urls := []string{
		"https://a.example.org/", "https://b.example.org/", "https://c.example.org/x",
		"http://example.com/", "https://example.com:8443/", "https://exa mple.com/", "/governed",
	}
	var one, parts ScopeTally
	byCode := map[string]int{}
	var sample = map[string]ScopeResult{}
	for _, u := range urls {
		r := Scope(robotsURL, u)
		if r.Governs {
			continue
		}
		one.Add(r)
		byCode[r.Code]++
		sample[r.Code] = r
	}
	for code, n := range byCode {
		parts.AddN(sample[code], n)
	}
	parts.AddN(sample[ScopeHost], 0)
	if got, want := parts.Summary(), one.Summary(); got != want || want == "" {
		t.Errorf("counted in parts:\n%q, one by one:\n%q", got, want)
	}
}
