package engine

import "strconv"

// A list of URLs tested against one robots.txt: a short label for each URL
// the file does not govern, and one sentence for the whole list, so a
// tester can flag such rows compactly and explain them once (the full
// sentence for each URL is its ScopeResult.Reason).

// scopeLabels name the Scope codes for a table cell.
var scopeLabels = map[string]string{
	ScopeScheme:           "Other scheme",
	ScopeHost:             "Other host",
	ScopeHostScheme:       "Other host and scheme",
	ScopePort:             "Other port",
	ScopeNotRoot:          "Governs nothing",
	ScopeNotRobots:        "Governs nothing",
	ScopeInvalidRobotsURL: "Unreadable robots.txt URL",
	ScopeInvalidURL:       "Unreadable URL",
}

// Label is a short name for why the file does not govern the URL ("Other
// host"), "" when it does.
func (r ScopeResult) Label() string {
	if r.Governs {
		return ""
	}
	return scopeLabels[r.Code]
}

// ScopeTally counts the URLs of a list that one robots.txt does not govern,
// by Scope code, and sums them up in one sentence. The zero value is an
// empty tally.
type ScopeTally struct {
	total, scheme, host, hostScheme, port, invalid int
	// file is the reason shared by every URL when the robots.txt URL
	// itself is not where crawlers look or cannot be read.
	file string
}

// Add counts one URL's ScopeResult.
func (t *ScopeTally) Add(r ScopeResult) { t.AddN(r, 1) }

// AddN counts n URLs with the same ScopeResult code (and, for the codes
// about the robots.txt URL itself, the same reason): how the tallies of a
// list's parts, counted apart (in workers, in slices), are summed up.
func (t *ScopeTally) AddN(r ScopeResult, n int) {
	if n <= 0 {
		return
	}
	t.total += n
	switch r.Code {
	case ScopeScheme:
		t.scheme += n
	case ScopeHost:
		t.host += n
	case ScopeHostScheme:
		t.hostScheme += n
	case ScopePort:
		t.port += n
	case ScopeInvalidURL:
		t.invalid += n
	case ScopeNotRoot, ScopeNotRobots, ScopeInvalidRobotsURL:
		if t.file == "" {
			t.file = r.Reason
		}
	}
}

// Summary is the sentence for the list: "312 URLs are on other hosts:
// tested against this file anyway; each host has its own robots.txt.",
// "" when the file governs every URL counted.
func (t *ScopeTally) Summary() string {
	if t.file != "" {
		return t.file + " " + countURLs(t.total, "The URL is", "All "+strconv.Itoa(t.total)+" URLs are") + " tested against this file anyway."
	}
	var parts, nouns []string
	if t.host > 0 {
		parts = append(parts, countURLs(t.host, "1 URL is on another host", strconv.Itoa(t.host)+" URLs are on other hosts"))
		nouns = append(nouns, "host")
	}
	if t.hostScheme > 0 {
		parts = append(parts, countURLs(t.hostScheme, "1 URL is on another host with another scheme", strconv.Itoa(t.hostScheme)+" URLs are on other hosts with other schemes"))
		if t.host == 0 {
			nouns = append(nouns, "host")
		}
	}
	if t.scheme > 0 {
		parts = append(parts, countURLs(t.scheme, "1 URL uses another scheme", strconv.Itoa(t.scheme)+" URLs use other schemes"))
	}
	if t.scheme > 0 || t.hostScheme > 0 {
		nouns = append(nouns, "scheme")
	}
	if t.port > 0 {
		parts = append(parts, countURLs(t.port, "1 URL uses another port", strconv.Itoa(t.port)+" URLs use other ports"))
		nouns = append(nouns, "port")
	}
	if t.invalid > 0 {
		parts = append(parts, countURLs(t.invalid, "1 URL cannot be read", strconv.Itoa(t.invalid)+" URLs cannot be read"))
	}
	if len(parts) == 0 {
		return ""
	}
	s := andList(parts) + ": tested against this file anyway"
	if len(nouns) > 0 {
		s += "; each " + andList(nouns) + " has its own robots.txt"
	}
	return s + "."
}

func countURLs(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// andList joins phrases as English does: "a", "a and b", "a, b and c".
func andList(p []string) string {
	switch len(p) {
	case 0:
		return ""
	case 1:
		return p[0]
	}
	s := p[0]
	for _, x := range p[1 : len(p)-1] {
		s += ", " + x
	}
	return s + " and " + p[len(p)-1]
}
