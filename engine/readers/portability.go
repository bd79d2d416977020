package readers

import (
	"slices"
	"strconv"
	"strings"
	"sync"

	"robotstester/engine"
)

// Portability: lines that other readers read differently from Google. Lint
// (lint.go) judges a file by what Google does; these findings name the
// other readers (readers.go) that would decide differently, and say how to
// write the line so that they all agree.
//
// The readers named are not a list kept by hand: for each candidate line a
// probe — the line alone in a small file, with a URL it is meant for — is
// run through every reader, and the readers whose answer differs from
// Google's are the ones named. A finding therefore says only what the
// readers really do (portability_test.go checks it against the whole file).
//
// The codes, stable like lint.go's (a code never changes meaning; a new
// finding gets a new code):
//
//	code                        severity  finding
//	readers-wildcard            warning   '*' or a final '$' in a rule: some readers read them literally, or unanchored
//	readers-typo                warning   a key only Google reads: a misspelling ("Dissallow") or a longer word ("Disallowed")
//	readers-missing-colon       warning   key and value split by whitespace, no colon
//	readers-orphan-rule         warning   a rule before any user-agent line (temoto refuses the whole file)
//	readers-non-ascii           warning   a rule with non-ASCII characters
//	readers-escaped-unreserved  warning   a rule with %XX of a letter, digit or -._~, which some readers decode
//	readers-agent-version       warning   a user-agent value with a version or more words ("foo/1.0")
//	readers-blank-line          warning   a blank line inside a group (Python, Perl and Ruby's readers end the group there)
//	readers-allow-order         warning   an Allow after a shorter Disallow that covers it (first-match readers)
//	readers-bom                 warning   a byte-order mark before the first line
//	readers-crawl-delay         warning   a Crawl-delay some reader refuses, failing the whole file
//	readers-value-space         warning   a rule value with a space
//	readers-pattern-start       warning   a rule that starts with '*' rather than '/'
//	readers-clean-param         info      Clean-param: only Yandex reads it
//
// Codes never change meaning; new findings get new codes.

// PortabilityFinding is a Diagnostic (Code from the table above) and the
// readers that read the line differently from Google.
type PortabilityFinding struct {
	engine.Diagnostic
	Readers []string // reader IDs, in Readers() order
}

// maxPortabilityProbes bounds the probes run for one code: a file with ten
// thousand wildcard rules needs its first findings, not all of them.
const maxPortabilityProbes = 20

// Portability reports the lines of r that other readers read differently
// from Google, sorted by line.
func Portability(r *engine.Robots) []PortabilityFinding {
	p := portability{r: r, counts: map[string]int{}}
	p.file()
	for i := range r.Lines {
		p.line(&r.Lines[i])
	}
	p.groups()
	// Sorted through indices: a sort of ints shares its code with the
	// package's others, which keeps the page smaller.
	idx := make([]int, len(p.out))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		if la, lb := p.out[a].Line, p.out[b].Line; la != lb {
			return la - lb
		}
		return strings.Compare(p.out[a].Code, p.out[b].Code)
	})
	out := make([]PortabilityFinding, len(idx))
	for i, k := range idx {
		out[i] = p.out[k]
	}
	return out
}

type portability struct {
	r      *engine.Robots
	out    []PortabilityFinding
	counts map[string]int
	// allowsTried counts the Allow rules matched for readers-allow-order.
	allowsTried int
}

// maxAllowsTried bounds the Allow rules whose example URL is matched, in a
// file with thousands of them.
const maxAllowsTried = 200

// probe is a small file, an agent and a URL that show how readers read one
// line.
type probe struct {
	body, agent, url string
}

// differ runs the probes through every reader and returns the readers
// whose answer (allowed, blocked or failed) differs from Google's on any.
// The answer is remembered (probeAnswers): after an edit, a file's probes
// are mostly those of the file before it.
func differ(probes ...probe) []string {
	var key strings.Builder
	for _, pr := range probes {
		key.WriteString(pr.body)
		key.WriteByte(0)
		key.WriteString(pr.agent)
		key.WriteByte(0)
		key.WriteString(pr.url)
		key.WriteByte(0)
	}
	if readers, ok := probeAnswers.get(key.String()); ok {
		return slices.Clone(readers)
	}
	google := make([]ReaderResult, len(probes))
	for i, pr := range probes {
		google[i], _ = TestWith("google", []byte(pr.body), pr.agent, pr.url)
	}
	var out []string
	for _, id := range Readers()[1:] {
		for i, pr := range probes {
			o, _ := TestWith(id, []byte(pr.body), pr.agent, pr.url)
			if g := google[i]; g.Allowed != o.Allowed || g.Failed != o.Failed {
				out = append(out, id)
				break
			}
		}
	}
	probeAnswers.put(key.String(), out)
	return slices.Clone(out)
}

// probeAnswers remembers differ's answers, up to maxProbeBytes of probes:
// then it starts again, empty. Each answer costs four parses and tests, and
// a file has up to maxPortabilityProbes of each code.
var probeAnswers answerCache

const maxProbeBytes = 4 << 20

type answerCache struct {
	mu    sync.Mutex
	m     map[string][]string
	bytes int
}

func (c *answerCache) get(key string) ([]string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	readers, ok := c.m[key]
	return readers, ok
}

func (c *answerCache) put(key string, readers []string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || c.bytes+len(key) > maxProbeBytes {
		c.m, c.bytes = map[string][]string{}, 0
	}
	c.m[key] = readers
	c.bytes += len(key)
}

// wants reports whether probes for code are still to be run.
func (p *portability) wants(code string) bool { return p.counts[code] < maxPortabilityProbes }

// add records a finding when readers differ on the probes.
func (p *portability) add(line int, code, what, why string, probes ...probe) {
	p.addExcept(line, code, what, why, nil, probes...)
}

// addExcept is add, naming none of the readers in except.
func (p *portability) addExcept(line int, code, what, why string, except []string, probes ...probe) {
	if p.counts[code] >= maxPortabilityProbes {
		return
	}
	p.counts[code]++
	readers := slices.DeleteFunc(differ(probes...), func(id string) bool { return slices.Contains(except, id) })
	if len(readers) == 0 {
		return
	}
	p.out = append(p.out, PortabilityFinding{
		Diagnostic: engine.Diagnostic{Line: line, Severity: engine.SeverityWarning, Code: code,
			Message: what + " is read differently by " + readerNames(readers) + ": " + why},
		Readers: readers,
	})
}

// readerNames is "Python urllib.robotparser and Colly (temoto/robotstxt)".
func readerNames(ids []string) string {
	names := make([]string, len(ids))
	for i, id := range ids {
		info, _ := DescribeReader(id)
		names[i] = info.Name
	}
	switch len(names) {
	case 1:
		return names[0]
	case 2:
		return names[0] + " and " + names[1]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// exampleURL is a URL a pattern is meant to match: wildcards filled in,
// '$' dropped, non-ASCII and spaces percent-encoded as a browser sends
// them.
func exampleURL(pattern string) string {
	p := strings.ReplaceAll(strings.TrimSuffix(pattern, "$"), "*", "x")
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return "https://example.com" + engine.PercentEncode(p, &exampleEscapes)
}

// exampleEscapes are the bytes exampleURL writes as %XX: spaces and the
// controls, '#', and every byte past ASCII.
var exampleEscapes = engine.ByteSetOf(func(c byte) bool { return c <= ' ' || c >= 0x7F || c == '#' })

// nonASCII is every byte past ASCII, which a suggested rule writes as %XX.
var nonASCII = engine.ByteSetOf(func(c byte) bool { return c >= 0x80 })

func (p *portability) file() {
	if p.r.BOM == len(engine.UTF8BOM) {
		p.add(1, "readers-bom", "The byte-order mark at the start of the file",
			"they read it as part of the first key, so the first line is lost — save the file as UTF-8 without a BOM.",
			probe{engine.UTF8BOM + "User-agent: *\nDisallow: /\n", "foo", "https://example.com/x"})
	}
}

func (p *portability) line(ln *engine.Line) {
	r := p.r
	raw := r.Body[ln.Start:ln.End]
	key, value := ln.Key(r.Body), ln.Value(r.Body)
	switch ln.Kind {
	case engine.KindUnknown:
		if strings.EqualFold(key, "clean-param") {
			p.counts["readers-clean-param"]++
			p.out = append(p.out, PortabilityFinding{
				Diagnostic: engine.Diagnostic{Line: ln.Number, Severity: engine.SeverityInfo, Code: "readers-clean-param",
					Message: "Clean-param is read only by Yandex, which drops the listed query parameters when it compares URLs; it blocks nothing, for Yandex or anyone else."},
				Readers: []string{"yandex"},
			})
		} else if engine.HasPrefixFold(key, "crawl") && p.wants("readers-crawl-delay") {
			p.add(ln.Number, "readers-crawl-delay", quoteValue(strings.TrimSpace(raw)),
				"a reader that refuses the value fails on the whole file (Colly then fetches nothing) — write a whole number of seconds, such as Crawl-delay: 5, after a user-agent line.",
				probe{"User-agent: *\n" + raw + "\nDisallow: /private\n", "foo", "https://example.com/x"},
				probe{raw + "\nUser-agent: *\nDisallow: /private\n", "foo", "https://example.com/x"})
		}
		return
	case engine.KindUserAgent, engine.KindAllow, engine.KindDisallow:
	default:
		return
	}
	canonical := kindKey(ln.Kind)
	if !strings.EqualFold(key, canonical) {
		p.alone(ln, raw, value, "readers-typo", "Google accepts the key "+quoteValue(key)+" as "+canonical+", others ignore the line — spell it "+canonical+".")
	}
	if ln.MissingColon {
		p.alone(ln, raw, value, "readers-missing-colon", "without a colon they do not see a directive — write "+quoteValue(canonical+": "+value)+".")
	}
	if ln.Kind == engine.KindUserAgent {
		if a := engine.ReadAgent(value); a.Token != "" && a.Token != value && value != "*" && p.wants("readers-agent-version") {
			p.add(ln.Number, "readers-agent-version", quoteValue(strings.TrimSpace(raw)),
				"Google reads the product token "+quoteValue(a.Token)+" from it, others compare the whole value — write "+quoteValue("User-agent: "+a.Token)+".",
				probe{"User-agent: " + value + "\nDisallow: /\n", a.Token, "https://example.com/x"})
		}
		return
	}
	if ln.Group < 0 {
		if p.wants("readers-orphan-rule") {
			p.add(ln.Number, "readers-orphan-rule", quoteValue(strings.TrimSpace(raw)),
				"it comes before any user-agent line; Google ignores it, and temoto/robotstxt (Colly) refuses the whole file — move it under a user-agent line or delete it.",
				probe{raw + "\nUser-agent: *\nDisallow: /private\n", "foo", "https://example.com/x"})
		}
		return
	}
	// The example URL is made only for a check that will probe it: most
	// rules need none, and a 500 KiB file has thousands of them.
	example := ""
	url := func() string {
		if example == "" {
			example = exampleURL(value)
		}
		return example
	}
	if (strings.Contains(value, "*") || strings.HasSuffix(value, "$")) && p.wants("readers-wildcard") {
		p.rule(ln, raw, value, "readers-wildcard",
			"'*' and a final '$' are Google's wildcards; readers without them compare the characters literally, and a regular-expression reader matches anywhere in the path — where you can, add plain prefix rules for the paths you mean.",
			url(), "https://example.com/zz"+url()[len("https://example.com"):], url()+"z")
	}
	if strings.HasPrefix(value, "*") && p.wants("readers-pattern-start") {
		p.rule(ln, raw, value, "readers-pattern-start", "RFC 9309 requires a rule's path to start with /, so strict readers skip it — write "+quoteValue(canonical+": /"+value)+".", url())
	}
	if !isASCII(value) && p.wants("readers-non-ascii") {
		p.rule(ln, raw, value, "readers-non-ascii", "non-ASCII characters are compared as raw bytes by some readers and as UTF-8 escapes by others — write them percent-encoded ("+
			quoteValue(engine.PercentEncode(value, &nonASCII))+").", url())
	}
	if hasEscapedUnreserved(value) && p.wants("readers-escaped-unreserved") {
		p.rule(ln, raw, value, "readers-escaped-unreserved", "some readers decode %XX of a letter, digit or -._~ before comparing and Google does not — write the character itself.",
			exampleURL(pyUnquote(value)), url())
	}
	if i := strings.IndexAny(value, " \t"); i >= 0 && p.wants("readers-value-space") {
		p.rule(ln, raw, value, "readers-value-space", "a reader that splits at spaces keeps only the first word — write the space as %20.", exampleURL(value[:i])+"x")
	}
}

// alone adds a finding about a key, probed with the line alone: a rule
// under a "*" group, or a user-agent line with a rule under it.
func (p *portability) alone(ln *engine.Line, raw, value, code, why string) {
	if !p.wants(code) {
		return
	}
	pr := probe{"User-agent: *\n" + raw + "\n", "foo", exampleURL(value)}
	if ln.Kind == engine.KindUserAgent {
		pr = probe{raw + "\nDisallow: /\n", "foo", "https://example.com/x"}
		if t := engine.ReadAgent(value).Token; t != "" {
			pr.agent = t
		}
	}
	p.add(ln.Number, code, quoteValue(strings.TrimSpace(raw)), why, pr)
}

// rule adds a finding about a rule's value, probed at urls with the rule
// alone in a "*" group (an Allow against "Disallow: /", which it must
// override to show).
func (p *portability) rule(ln *engine.Line, raw, value, code, why string, urls ...string) {
	if !p.wants(code) {
		return
	}
	body := "User-agent: *\nDisallow: " + value + "\n"
	var except []string
	if ln.Kind == engine.KindAllow {
		body = "User-agent: *\nAllow: " + value + "\nDisallow: /\n"
		except = noAllowReaders()
	}
	probes := make([]probe, len(urls))
	for i, u := range urls {
		probes[i] = probe{body, "foo", u}
	}
	p.addExcept(ln.Number, code, quoteValue(strings.TrimSpace(raw)), why, except, probes...)
}

// noAllowReaders are the readers with no Allow at all (WWW::RobotRules):
// they differ on every Allow line whatever it says, so the findings about
// an Allow's value or place do not name them.
func noAllowReaders() []string {
	return differ(probe{"User-agent: *\nAllow: /a\nDisallow: /\n", "foo", "https://example.com/a"})
}

// hasEscapedUnreserved: %XX of ALPHA, DIGIT, '-', '.', '_' or '~'.
func hasEscapedUnreserved(s string) bool {
	for i := 0; i+2 < len(s); i++ {
		if s[i] == '%' && engine.IsHex(s[i+1]) && engine.IsHex(s[i+2]) && isUnreserved(unhex(s[i+1])<<4|unhex(s[i+2])) {
			return true
		}
	}
	return false
}

// groups looks at each group's shape: blank lines inside it, and an Allow
// that only wins because it is longer than a Disallow before it.
func (p *portability) groups() {
	r := p.r
	for gi := range r.Groups {
		g := &r.Groups[gi]
		if len(g.Agents) == 0 || len(g.Rules) == 0 {
			continue
		}
		first, last := g.Agents[0].Line, g.Rules[len(g.Rules)-1].Line
		for n := first + 1; n < last; n++ {
			if r.Lines[n-1].Kind == engine.KindEmpty && r.Lines[n-1].Start == r.Lines[n-1].End {
				p.add(n, "readers-blank-line", "This blank line inside the group of line "+strconv.Itoa(first),
					"Python's reader, WWW::RobotRules and webrobots end a group at a blank line, dropping the group or the rules after it — remove the blank line.",
					probe{"User-agent: *\n\nDisallow: /\n", "foo", "https://example.com/x"},
					probe{"User-agent: *\nDisallow: /a\n\nDisallow: /\n", "foo", "https://example.com/x"})
				break
			}
		}
		if p.counts["readers-allow-order"] >= maxPortabilityProbes {
			continue
		}
		// Google's own matcher finds the rules that match an Allow's
		// example URL; a shorter Disallow among them, on an earlier line,
		// stops a first-match reader before the Allow.
		token := g.Agents[0].Token
		if g.Agents[0].Global {
			token = ""
		}
		for _, a := range g.Rules {
			if !a.Allow || p.counts["readers-allow-order"] >= maxPortabilityProbes || p.allowsTried >= maxAllowsTried {
				continue
			}
			p.allowsTried++
			res := r.TestVerbatim(token, exampleURL(a.Value))
			for _, m := range res.Matches {
				if m.Group == gi && !m.Allow && m.Line < a.Line && m.Priority < len(a.Pattern) {
					d := r.RuleText(m.Line)
					p.addExcept(a.Line, "readers-allow-order", quoteValue("Allow: "+a.Value),
						"it comes after line "+strconv.Itoa(m.Line)+" "+quoteValue(d)+", and a reader that takes the first matching rule stops there — put the Allow before the Disallow.", noAllowReaders(),
						probe{"User-agent: *\n" + d + "\nAllow: " + a.Value + "\n", "foo", exampleURL(a.Value)})
					break
				}
			}
		}
	}
}

// kindKey is the key as the standard spells it.
func kindKey(k engine.Kind) string {
	switch k {
	case engine.KindUserAgent:
		return "User-agent"
	case engine.KindAllow:
		return "Allow"
	case engine.KindDisallow:
		return "Disallow"
	}
	return "Sitemap"
}
