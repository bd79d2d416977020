package engine

import (
	"bytes"
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// The oracle is a second, deliberately plain reading of Google's robots.cc,
// written from ../shared/spec/google-behaviour.md for the tests only. It
// shares no code with the engine: its own line splitter (a byte loop with a
// fixed line buffer, as RobotsTxtParser::Parse), its own key/value split, a
// matcher that processes the lines in order like RobotsMatcher's handler
// callbacks, Google's O(n·m) position-set pattern matcher, its own
// normalisation and path extraction. The engine is fast and indexed; the
// oracle is slow and obvious. Where they disagree, one of them misread Google.

// oracleMaxLine is Google's line buffer (2083*8 bytes) minus the final NUL.
const oracleMaxLine = 2083*8 - 1

type oracleKey uint8

const (
	oracleUserAgent oracleKey = iota + 1
	oracleAllow
	oracleDisallow
	oracleSitemap
	oracleUnknown
)

// oracleEvent is one key/value line handed to the matcher, the way the
// parser calls its handler.
type oracleEvent struct {
	line  int
	key   oracleKey
	value string // allow/disallow/unknown values already percent-normalised
}

// oracleFile is a body read into events, with what Google's reporter says
// of each line.
type oracleFile struct {
	events  []oracleEvent
	lines   int
	reports []oracleReport // reports[i] is line i+1
}

// oracleReport is Google's LineMetadata for one line (robots.h), with the
// key and value it split (trimmed, the value not escaped).
type oracleReport struct {
	empty, comment, directive bool
	hasComment, missingColon  bool
	typo, tooLong, nul        bool
	key                       oracleKey
	keyText, value            string
}

func oracleParse(body []byte) oracleFile {
	var f oracleFile
	bom := []byte{0xEF, 0xBB, 0xBF}
	bomPos := 0
	buf := make([]byte, 0, oracleMaxLine)
	lastCR, dropped := false, false
	emit := func() {
		f.lines++
		ev, rep := oracleLine(f.lines, buf)
		rep.tooLong = dropped
		f.reports = append(f.reports, rep)
		if rep.directive {
			f.events = append(f.events, ev)
		}
	}
	for _, ch := range body {
		if bomPos < len(bom) {
			matched := ch == bom[bomPos]
			bomPos++
			if matched {
				continue
			}
			bomPos = len(bom)
		}
		if ch != '\n' && ch != '\r' {
			if len(buf) < oracleMaxLine {
				buf = append(buf, ch)
			} else {
				dropped = true
			}
			continue
		}
		if !(len(buf) == 0 && lastCR && ch == '\n') {
			emit()
			dropped = false
		}
		buf = buf[:0]
		lastCR = ch == '\r'
	}
	emit()
	return f
}

func oracleIsSpace(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\v', '\f', '\r':
		return true
	}
	return false
}

func oracleStrip(s []byte) []byte {
	for len(s) > 0 && oracleIsSpace(s[0]) {
		s = s[1:]
	}
	for len(s) > 0 && oracleIsSpace(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}

// oracleLine is GetKeyAndValueFrom plus key recognition and escaping for one
// line buffer. The event is only meaningful when rep.directive is set.
func oracleLine(number int, raw []byte) (ev oracleEvent, rep oracleReport) {
	line := raw
	if i := bytes.IndexByte(line, 0); i >= 0 { // a C string ends at NUL
		line = line[:i]
		rep.nul = true
	}
	if i := bytes.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
		rep.hasComment = true
	}
	line = oracleStrip(line)
	if len(line) == 0 {
		rep.comment = rep.hasComment
		rep.empty = !rep.hasComment
		return ev, rep
	}
	sep := bytes.IndexByte(line, ':')
	if sep < 0 {
		sep = bytes.IndexAny(line, " \t")
		if sep < 0 {
			return ev, rep
		}
		val := sep
		for val < len(line) && (line[val] == ' ' || line[val] == '\t') {
			val++
		}
		if bytes.ContainsAny(line[val:], " \t") {
			return ev, rep
		}
		rep.missingColon = true
	}
	key := oracleStrip(line[:sep])
	if len(key) == 0 {
		return ev, rep
	}
	rep.directive = true
	rep.keyText = string(key)
	rep.value = string(oracleStrip(line[sep+1:]))
	rep.key, rep.typo = oracleKeyOf(rep.keyText)
	ev = oracleEvent{line: number, key: rep.key}
	if ev.key == oracleUserAgent || ev.key == oracleSitemap {
		ev.value = rep.value
	} else {
		ev.value = oracleEscape(rep.value)
	}
	return ev, rep
}

// oracleEqualFold is absl::EqualsIgnoreCase: same length, bytes equal after
// ASCII lower-casing (no Unicode folding: "ſ" is not "s").
func oracleEqualFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	lower := func(c byte) byte {
		if c >= 'A' && c <= 'Z' {
			return c + 'a' - 'A'
		}
		return c
	}
	for i := 0; i < len(a); i++ {
		if lower(a[i]) != lower(b[i]) {
			return false
		}
	}
	return true
}

// oracleKeyOf recognises a key by case-insensitive prefix, first hit wins,
// and says whether it is one of Google's accepted typos.
func oracleKeyOf(key string) (oracleKey, bool) {
	starts := func(prefixes ...string) bool {
		for _, p := range prefixes {
			if len(key) >= len(p) && oracleEqualFold(key[:len(p)], p) {
				return true
			}
		}
		return false
	}
	switch {
	case starts("user-agent"):
		return oracleUserAgent, false
	case starts("useragent", "user agent"):
		return oracleUserAgent, true
	case starts("allow"):
		return oracleAllow, false
	case starts("disallow"):
		return oracleDisallow, false
	case starts("dissallow", "dissalow", "disalow", "diasllow", "disallaw"):
		return oracleDisallow, true
	case starts("sitemap"):
		return oracleSitemap, false
	case starts("site-map"):
		return oracleSitemap, true
	}
	return oracleUnknown, false
}

func oracleIsHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// oracleEscape is MaybeEscapePattern: %xx gets upper-case hex digits, bytes
// with the high bit set become %XX, nothing else changes.
func oracleEscape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%' && i+2 < len(s) && oracleIsHex(s[i+1]) && oracleIsHex(s[i+2]):
			b.WriteByte('%')
			b.WriteString(strings.ToUpper(s[i+1 : i+3]))
			i += 2
		case c&0x80 != 0:
			fmt.Fprintf(&b, "%%%02X", c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// oraclePath is GetPathParamsQuery, then cut at NUL as the matcher keeps
// the path as a C string.
func oraclePath(url string) string {
	start := 0
	if strings.HasPrefix(url, "//") {
		start = 2
	}
	find := func(from int, set string) int {
		for i := from; i < len(url); i++ {
			if strings.IndexByte(set, url[i]) >= 0 {
				return i
			}
		}
		return -1
	}
	protoEnd := -1
	if i := strings.Index(url[start:], "://"); i >= 0 {
		protoEnd = start + i
	}
	early := find(start, "/?;")
	if early >= 0 && early < protoEnd {
		protoEnd = -1
	}
	if protoEnd < 0 {
		protoEnd = start
	} else {
		protoEnd += 3
	}
	p := "/"
	if pathStart := find(protoEnd, "/?;"); pathStart >= 0 {
		hash := find(start, "#")
		switch {
		case hash >= 0 && hash < pathStart:
		case hash >= 0:
			p = url[pathStart:hash]
		default:
			p = url[pathStart:]
		}
		if p[0] != '/' {
			p = "/" + p
		}
	}
	if i := strings.IndexByte(p, 0); i >= 0 {
		p = p[:i]
	}
	return p
}

// oracleMatch is RobotsMatchStrategy::Matches: pos holds every path offset
// the pattern read so far can end at.
func oracleMatch(path, pattern string) bool {
	return oracleMatchIn(path, pattern, make([]int, len(path)+1))
}

// oracleMatchIn is oracleMatch with the position array given (at least
// len(path)+1 long), so a caller matching many patterns allocates it once.
func oracleMatchIn(path, pattern string, scratch []int) bool {
	pos := scratch[:1]
	pos[0] = 0
	for i := 0; i < len(pattern); i++ {
		c := pattern[i]
		if c == '$' && i == len(pattern)-1 {
			return pos[len(pos)-1] == len(path)
		}
		if c == '*' {
			first := pos[0]
			pos = pos[:0]
			for p := first; p <= len(path); p++ {
				pos = append(pos, p)
			}
			continue
		}
		next := pos[:0]
		for _, p := range pos {
			if p < len(path) && path[p] == c {
				next = append(next, p+1)
			}
		}
		pos = next
		if len(pos) == 0 {
			return false
		}
	}
	return true
}

// oracleBest is one of RobotsMatcher's Match holders.
type oracleBest struct{ priority, line int }

func (b *oracleBest) offer(priority, line int) {
	if b.priority < priority {
		b.priority, b.line = priority, line
	}
}

// oracleVerdict is what AllowedByRobots and matching_line() answer.
type oracleVerdict struct {
	allowed  bool
	line     int
	specific bool // a group named one of the agents (ever_seen_specific_agent_)
}

// oracleDecide runs RobotsMatcher over the events for the given agents.
func oracleDecide(f oracleFile, agents []string, url string) oracleVerdict {
	path := oraclePath(url)
	scratch := make([]int, len(path)+1)
	none := oracleBest{priority: -1}
	allowSpecific, allowGlobal, disallowSpecific, disallowGlobal := none, none, none, none
	seenGlobal, seenSpecific, everSpecific, seenSeparator := false, false, false, false
	var allow func(line int, pattern string)
	allow = func(line int, pattern string) {
		if oracleMatchIn(path, pattern, scratch) {
			if seenSpecific {
				allowSpecific.offer(len(pattern), line)
			} else {
				allowGlobal.offer(len(pattern), line)
			}
			return
		}
		slash := strings.LastIndexByte(pattern, '/')
		if slash >= 0 && strings.HasPrefix(pattern[slash:], "/index.htm") {
			allow(line, pattern[:slash+1]+"$")
		}
	}
	for _, ev := range f.events {
		switch ev.key {
		case oracleUserAgent:
			if seenSeparator {
				seenSpecific, seenGlobal, seenSeparator = false, false, false
			}
			v := ev.value
			if v == "*" || len(v) > 1 && v[0] == '*' && oracleIsSpace(v[1]) {
				seenGlobal = true
				continue
			}
			n := 0
			for n < len(v) && (v[n] >= 'a' && v[n] <= 'z' || v[n] >= 'A' && v[n] <= 'Z' || v[n] == '-' || v[n] == '_') {
				n++
			}
			for _, a := range agents {
				if oracleEqualFold(v[:n], a) {
					seenSpecific, everSpecific = true, true
					break
				}
			}
		case oracleAllow, oracleDisallow:
			if !seenGlobal && !seenSpecific {
				continue
			}
			seenSeparator = true
			if ev.key == oracleAllow {
				allow(ev.line, ev.value)
				continue
			}
			if oracleMatchIn(path, ev.value, scratch) {
				if seenSpecific {
					disallowSpecific.offer(len(ev.value), ev.line)
				} else {
					disallowGlobal.offer(len(ev.value), ev.line)
				}
			}
		}
	}
	decide := func(allow, disallow oracleBest) oracleVerdict {
		line := allow.line
		if disallow.priority > allow.priority {
			line = disallow.line
		}
		return oracleVerdict{allowed: !(disallow.priority > allow.priority), line: line}
	}
	v := decide(allowSpecific, disallowSpecific)
	if allowSpecific.priority > 0 || disallowSpecific.priority > 0 || everSpecific {
		if allowSpecific.priority <= 0 && disallowSpecific.priority <= 0 {
			v.allowed = true
		}
		v.specific = true
		return v
	}
	v = decide(allowGlobal, disallowGlobal)
	if allowGlobal.priority <= 0 && disallowGlobal.priority <= 0 {
		v.allowed = true
	}
	return v
}

// oracleFallback is the tester's crawler reading on top of Google's matcher:
// the first token some group names decides (each token read like a
// user-agent line: trimmed, cut at the first byte outside [A-Za-z_-]);
// when none is named, the * groups decide, unless the crawler ignores them.
func oracleFallback(f oracleFile, tokens []string, obeysGlobal bool, url string) oracleVerdict {
	for _, t := range tokens {
		t = string(oracleStrip([]byte(t)))
		n := 0
		for n < len(t) && (t[n] >= 'a' && t[n] <= 'z' || t[n] >= 'A' && t[n] <= 'Z' || t[n] == '-' || t[n] == '_') {
			n++
		}
		if n == 0 {
			continue
		}
		if v := oracleDecide(f, []string{t[:n]}, url); v.specific {
			return v
		}
	}
	if obeysGlobal {
		return oracleDecide(f, nil, url)
	}
	return oracleVerdict{allowed: true}
}

func oracleTest(body []byte, agent, url string) oracleVerdict {
	return oracleDecide(oracleParse(body), []string{agent}, url)
}

// checkResult checks that a Result agrees with its own explanation: matches
// in line order, each one really matching (by the oracle's matcher), the
// winner's line being the reported line, and the verdict following from the
// reason.
func checkResult(res Result) error {
	if want := oraclePath(res.URL); res.Path != want {
		return fmt.Errorf("Path = %q, want %q", res.Path, want)
	}
	for i, m := range res.Matches {
		if i > 0 && m.Line < res.Matches[i-1].Line {
			return fmt.Errorf("Matches not in line order: line %d after line %d", m.Line, res.Matches[i-1].Line)
		}
		if !oracleMatch(res.Path, m.Pattern) {
			return fmt.Errorf("match on line %d: pattern %q does not match path %q", m.Line, m.Pattern, res.Path)
		}
		if m.Priority != len(m.Pattern) {
			return fmt.Errorf("match on line %d: priority %d for a %d-byte pattern", m.Line, m.Priority, len(m.Pattern))
		}
		if m.IndexHTML && (!m.Allow || !strings.HasSuffix(m.Pattern, "/$")) {
			return fmt.Errorf("match on line %d: index.html variant %q of a non-allow or without \"/$\"", m.Line, m.Pattern)
		}
		found := false
		for _, g := range res.Groups {
			found = found || g == m.Group
		}
		if !found {
			return fmt.Errorf("match on line %d from group %d, which is not among the applied groups %v", m.Line, m.Group, res.Groups)
		}
	}
	if res.Winner < -1 || res.Winner >= len(res.Matches) {
		return fmt.Errorf("Winner %d out of range of %d matches", res.Winner, len(res.Matches))
	}
	if res.Winner < 0 {
		if res.Line != 0 || len(res.Matches) != 0 {
			return fmt.Errorf("no winner but Line = %d and %d matches", res.Line, len(res.Matches))
		}
	} else {
		w := res.Matches[res.Winner]
		if w.Line != res.Line {
			return fmt.Errorf("winner's line %d != Line %d", w.Line, res.Line)
		}
		for _, m := range res.Matches {
			if m.Priority > w.Priority || m.Priority == w.Priority && m.Allow && !w.Allow {
				return fmt.Errorf("line %d (priority %d, allow %v) should beat the winner on line %d (priority %d)", m.Line, m.Priority, m.Allow, w.Line, w.Priority)
			}
		}
	}
	switch res.Reason {
	case ReasonNoGroup:
		if res.Source != SourceNone || len(res.Groups) != 0 {
			return fmt.Errorf("ReasonNoGroup with source %d and groups %v", res.Source, res.Groups)
		}
		fallthrough
	case ReasonNoMatch:
		if len(res.Matches) != 0 || !res.Allowed {
			return fmt.Errorf("reason %d with %d matches, allowed %v", res.Reason, len(res.Matches), res.Allowed)
		}
	case ReasonEmptyRule:
		if !res.Allowed || res.Winner < 0 || res.Matches[res.Winner].Priority != 0 {
			return fmt.Errorf("ReasonEmptyRule but allowed %v, winner %d", res.Allowed, res.Winner)
		}
	case ReasonTie:
		if !res.Allowed || res.Winner < 0 || !res.Matches[res.Winner].Allow {
			return fmt.Errorf("ReasonTie but allowed %v, winner %d", res.Allowed, res.Winner)
		}
	case ReasonLonger, ReasonOnlyKind:
		if res.Winner < 0 || res.Matches[res.Winner].Priority == 0 || res.Allowed != res.Matches[res.Winner].Allow {
			return fmt.Errorf("reason %d but allowed %v, winner %d", res.Reason, res.Allowed, res.Winner)
		}
	default:
		return fmt.Errorf("unknown reason %d", res.Reason)
	}
	return nil
}

// checkExplanation checks that Explain tells the same story as the Result:
// the verdict's first word, the deciding line named in the verdict, and one
// sentence per matching rule that starts with its line.
func checkExplanation(r *Robots, res Result) error {
	ex := r.Explain(res)
	word := "Blocked"
	if res.Allowed {
		word = "Allowed"
	}
	if !strings.HasPrefix(ex.Verdict, word) {
		return fmt.Errorf("verdict sentence %q does not start with %q", ex.Verdict, word)
	}
	if res.Line > 0 && !mentionsLine(ex.Verdict, res.Line) {
		return fmt.Errorf("verdict sentence %q does not name line %d", ex.Verdict, res.Line)
	}
	if len(ex.Rules) != len(res.Matches) {
		return fmt.Errorf("%d rule sentences for %d matches", len(ex.Rules), len(res.Matches))
	}
	for i, m := range res.Matches {
		if !strings.HasPrefix(ex.Rules[i], fmt.Sprintf("Line %d,", m.Line)) {
			return fmt.Errorf("rule sentence %q is not about line %d", ex.Rules[i], m.Line)
		}
	}
	return nil
}

// mentionsLine reports whether s names "line n" (any case), not as the start
// of a longer number.
func mentionsLine(s string, n int) bool {
	s = strings.ToLower(s)
	want := fmt.Sprintf("line %d", n)
	for i := strings.Index(s, want); i >= 0; {
		end := i + len(want)
		if end == len(s) || s[end] < '0' || s[end] > '9' {
			return true
		}
		j := strings.Index(s[end:], want)
		if j < 0 {
			break
		}
		i = end + j
	}
	return false
}

// checkMatchesComplete checks that Result.Matches lists every rule of the
// applied groups that matches the path, each once and with its group: a
// rule's own pattern, or, for an allow whose own pattern did not match, its
// index.html variant.
func checkMatchesComplete(r *Robots, res Result) error {
	type key struct {
		line      int
		indexHTML bool
	}
	want := map[key]bool{}
	groupOf := map[int]int{} // rule line → its group
	for _, gi := range res.Groups {
		for _, rule := range r.Groups[gi].Rules {
			groupOf[rule.Line] = gi
			if oracleMatch(res.Path, rule.Pattern) {
				want[key{rule.Line, false}] = true
				continue
			}
			slash := strings.LastIndexByte(rule.Pattern, '/')
			if rule.Allow && slash >= 0 && strings.HasPrefix(rule.Pattern[slash:], "/index.htm") && oracleMatch(res.Path, rule.Pattern[:slash+1]+"$") {
				want[key{rule.Line, true}] = true
			}
		}
	}
	for _, m := range res.Matches {
		k := key{m.Line, m.IndexHTML}
		if !want[k] {
			return fmt.Errorf("match on line %d (index.html %v) listed twice or not expected", m.Line, m.IndexHTML)
		}
		if m.Group != groupOf[m.Line] {
			return fmt.Errorf("match on line %d says group %d; the line is in group %d", m.Line, m.Group, groupOf[m.Line])
		}
		delete(want, k)
	}
	for k := range want {
		return fmt.Errorf("the rule on line %d (index.html %v) matches %q but is missing from Matches", k.line, k.indexHTML, res.Path)
	}
	return nil
}

// compareWithOracle tests one agent and url both ways and returns a
// description of any disagreement.
func compareWithOracle(r *Robots, f oracleFile, agent, url string) error {
	got := r.TestVerbatim(agent, url)
	want := oracleDecide(f, []string{agent}, url)
	if got.Allowed != want.allowed || got.Line != want.line {
		return fmt.Errorf("agent %q url %q: TestVerbatim says allowed=%v line %d, oracle allowed=%v line %d",
			agent, url, got.Allowed, got.Line, want.allowed, want.line)
	}
	if err := checkResult(got); err != nil {
		return fmt.Errorf("agent %q url %q: TestVerbatim result inconsistent: %v", agent, url, err)
	}
	if ValidToken(agent) {
		tr := r.Test(agent, url)
		if tr.Allowed != got.Allowed || tr.Line != got.Line || tr.Verbatim != nil {
			return fmt.Errorf("agent %q url %q: Test says allowed=%v line %d, TestVerbatim allowed=%v line %d",
				agent, url, tr.Allowed, tr.Line, got.Allowed, got.Line)
		}
		if err := checkResult(tr); err != nil {
			return fmt.Errorf("agent %q url %q: Test result inconsistent: %v", agent, url, err)
		}
	}
	return nil
}

// oracleGen makes random robots.txt files, urls and agents, biased to the
// corners where a reading of robots.cc can go wrong.
type oracleGen struct{ rnd *rand.Rand }

func (g oracleGen) pick(options ...string) string { return options[g.rnd.Intn(len(options))] }

func (g oracleGen) chance(percent int) bool { return g.rnd.Intn(100) < percent }

var oracleAgentValues = []string{
	"foo", "FOO", "Foo-Bar", "foo_bar", "bar", "*", "* foo", "*\tfoo", "*foo", "foo2", "foo/1.0",
	"foo bar", "", "123", "Fooé", "foo*", " foo", "Googlebot", "googlebot-image", "*\vx", "s", "ka",
}

var oracleTestAgents = []string{
	"foo", "FOO", "fOo", "foo-bar", "FOO_BAR", "bar", "baz", "googlebot", "Googlebot-Image",
	"foo2", "foo/1.0", "foo bar", "", "*", "Fooé", "ſ", "\u212Aa",
}

var oraclePatternPieces = []string{
	"/", "/", "/", "a", "b", "ab", "*", "*", "$", "%2f", "%2F", "%2", "%", "%c3%a9", "%C3%A9",
	"é", "\xff", "index.htm", "index.html", "index.htmx", "Index.html", "?", "=", ";", ".php",
	" ", "~", "%7E", "%7e", "&", "fish", "\x00", "#c", "*/index.html",
}

var oraclePathPieces = []string{
	"/", "/", "/", "a", "b", "ab", "$", "%2f", "%2F", "%2", "%c3%a9", "%C3%A9", "é", "\xff",
	"index.htm", "index.html", "Index.html", "?", "=", ";", ".php", " ", "~", "%7E", "%7e",
	"fish", "*", "#", "\x00", "//", "/index.html/",
}

func (g oracleGen) pattern() string {
	var b strings.Builder
	if g.chance(85) {
		b.WriteString(g.pick("/", "/", "*", "/a", "/fish"))
	}
	for n := g.rnd.Intn(6); n > 0; n-- {
		b.WriteString(g.pick(oraclePatternPieces...))
	}
	return b.String()
}

func (g oracleGen) url() string {
	var b strings.Builder
	b.WriteString(g.pick("http://example.com", "https://example.com", "http://example.com", "//example.com",
		"", "example.com", "http://example.com:8080", "ftp://u:p@h", "a/b://c", "http://ex.com?", "http://ex.com#f"))
	for n := g.rnd.Intn(7); n > 0; n-- {
		b.WriteString(g.pick(oraclePathPieces...))
	}
	return b.String()
}

func (g oracleGen) agent() string {
	if g.chance(10) {
		return g.pick(oracleAgentValues...)
	}
	return g.pick(oracleTestAgents...)
}

func (g oracleGen) key() string {
	return g.pick(
		"User-agent", "user-agent", "USER-AGENT", "User-agents", "useragent", "User agent", "user_agent",
		"Allow", "allow", "ALLOWED", "Disallow", "disallow", "DISALLOW", "Disallowance", "dissallow",
		"dissalow", "disalow", "diasllow", "disallaw", "disllow", "Sitemap", "site-map", "Crawl-delay",
		"noindex", "", "#User-agent", "Dis allow",
	)
}

func (g oracleGen) line() string {
	key := g.key()
	var value string
	switch {
	case strings.HasPrefix(strings.ToLower(key), "user"):
		value = g.pick(oracleAgentValues...)
	case strings.HasPrefix(strings.ToLower(key), "site"):
		value = g.pick("https://example.com/sitemap.xml", "/s.xml", "")
	case strings.HasPrefix(strings.ToLower(key), "crawl"), key == "noindex":
		value = g.pick("5", "/a", "")
	default:
		value = g.pattern()
	}
	sep := g.pick(": ", ":", " : ", ":\t", " ", "\t", "::", " :", "")
	line := g.pick("", "", "", " ", "\t") + key + sep + value
	switch g.rnd.Intn(20) {
	case 0:
		line += " # comment"
	case 1:
		line += g.pick(" x", "\v", "\f", " ")
	case 2:
		line = g.pick("#", "# ", ":", "", " ", "\x00") + line
	case 3:
		line += "\x00" + g.pick("/tail", ":", "#")
	}
	return line
}

func (g oracleGen) rule() string {
	return g.pick("Allow: ", "Disallow: ", "allow:", "disallow:", "Disallow ", "Allow :") + g.pattern()
}

func (g oracleGen) body() []byte {
	var b strings.Builder
	if g.chance(8) {
		b.WriteString(g.pick("\xEF\xBB\xBF", "\xEF\xBB", "\xEF", "\xEF\x11\xBF", "\xEF\xBB\xBF\xEF\xBB\xBF", "\xEF\xBB\xBF\x00", "\xBB\xBF"))
	}
	eol := g.pick("\n", "\r\n", "\r")
	end := func() {
		if g.chance(10) {
			b.WriteString(g.pick("\n", "\r", "\r\n", "\n\r", "\r\r\n", "\n\n"))
		} else {
			b.WriteString(eol)
		}
	}
	for n := 1 + g.rnd.Intn(12); n > 0; n-- {
		switch k := g.rnd.Intn(10); {
		case k < 2:
			b.WriteString(g.pick("User-agent: ", "user-agent:", "User-Agent :") + g.pick(oracleAgentValues...))
		case k < 6:
			b.WriteString(g.rule())
		default:
			b.WriteString(g.line())
		}
		end()
		if g.chance(12) {
			// A group past smallIndex: the engine's indexed path.
			b.WriteString("User-agent: " + g.pick(oracleAgentValues...))
			end()
			for m := 17 + g.rnd.Intn(40); m > 0; m-- {
				b.WriteString(g.rule())
				end()
			}
		}
	}
	if g.chance(2) {
		// A line near Google's 16,663-byte cut.
		n := oracleMaxLine - 20 + g.rnd.Intn(40)
		prefix := g.pick("Disallow: /", "Allow: /", "Disallow: /*")
		b.WriteString(prefix + strings.Repeat(g.pick("a", "ab", "aaaaaaaaaaaaaaa*"), n)[:n-len(prefix)] + g.pick("", "$", "\n", "b"))
	}
	if g.chance(70) {
		b.WriteString(g.line())
	}
	return []byte(b.String())
}

// longPathURL makes a url whose path is near the line cut, to meet the long
// patterns.
func (g oracleGen) longPathURL() string {
	n := oracleMaxLine - 20 + g.rnd.Intn(40)
	return "http://example.com/" + strings.Repeat(g.pick("a", "ab"), n)[:n]
}

// TestOracleAgreesOnRandomFiles compares the engine with the oracle on
// seeded random files: verdict and line, TestVerbatim for every agent and Test
// for valid tokens, and each Result against its own explanation.
func TestOracleAgreesOnRandomFiles(t *testing.T) {
	g := oracleGen{rand.New(rand.NewSource(20240526))}
	files, cases, failures := 3000, 0, 0
	blocked, decided, indexed := 0, 0, 0
	if testing.Short() {
		files = 300
	}
	i := 0
	for ; i < files && failures < 10; i++ {
		body := g.body()
		r := Parse(body)
		f := oracleParse(body)
		if err := checkLines(r, body); err != nil {
			t.Errorf("file %d %q: %v", i, body, err)
			failures++
		}
		for j := 0; j < 12; j++ {
			url := g.url()
			if g.chance(1) {
				url = g.longPathURL()
			}
			agent := g.agent()
			cases++
			if err := compareWithOracle(r, f, agent, url); err != nil {
				t.Errorf("file %d %q: %v", i, body, err)
				failures++
				continue
			}
			if err := checkExplanation(r, r.Test(agent, url)); err != nil {
				t.Errorf("file %d %q: agent %q url %q: %v", i, body, agent, url, err)
				failures++
				continue
			}
			if err := checkMatchesComplete(r, r.Test(agent, url)); err != nil {
				t.Errorf("file %d %q: agent %q url %q: %v", i, body, agent, url, err)
				failures++
				continue
			}
			tokens, obeysGlobal := []string{g.agent(), agent}, g.chance(80)
			got, want := r.TestAs(tokens, obeysGlobal, url), oracleFallback(f, tokens, obeysGlobal, url)
			if got.Allowed != want.allowed || got.Line != want.line {
				t.Errorf("file %d %q: TestAs(%q, %v, %q) says allowed=%v line %d, oracle allowed=%v line %d",
					i, body, tokens, obeysGlobal, url, got.Allowed, got.Line, want.allowed, want.line)
				failures++
				continue
			}
			if err := checkResult(got); err != nil {
				t.Errorf("file %d %q: TestAs(%q, %v, %q) inconsistent: %v", i, body, tokens, obeysGlobal, url, err)
				failures++
				continue
			}
			if v := oracleDecide(f, []string{agent}, url); !v.allowed {
				blocked++
			} else if v.line > 0 {
				decided++
			}
		}
		for _, grp := range r.Groups {
			if len(grp.Rules) > 16 {
				indexed++
				break
			}
		}
	}
	t.Logf("%d random files (%d with a group of more than 16 rules), %d agent/url cases compared with the oracle through TestVerbatim, Test and TestAs: %d blocked, %d allowed by a rule",
		i, indexed, cases, blocked, decided)
	// A generator that never blocks, or never reaches the indexed path,
	// would prove nothing.
	if failures == 0 && (blocked < cases/20 || decided < cases/50 || indexed < i/20) {
		t.Errorf("the generator is too tame: %d blocked, %d allowed by a rule, %d indexed files", blocked, decided, indexed)
	}
}

// TestOracleAgreesOnManyWildcards: groups with hundreds of '*' rules that
// all reach the path (short prefixes with one-byte pieces, or four-byte
// prefixes with overlapping longer pieces), so the engine matches them all
// in one pass rather than one by one; verdict, line and every match must
// still be Google's.
func TestOracleAgreesOnManyWildcards(t *testing.T) {
	g := oracleGen{rand.New(rand.NewSource(128))}
	letters := func(max int) string {
		var b strings.Builder
		for n := 1 + g.rnd.Intn(max); n > 0; n-- {
			b.WriteByte("abcd"[g.rnd.Intn(4)])
		}
		return b.String()
	}
	cases := 0
	for file := 0; file < 60; file++ {
		lines := []string{"User-agent: " + g.pick("*", "foo")}
		for n := 200 + g.rnd.Intn(200); n > 0; n-- {
			var p strings.Builder
			if g.chance(50) {
				p.WriteString(g.pick("", "/", "*"))
				for k := 1 + g.rnd.Intn(4); k > 0; k-- {
					p.WriteString(g.pick("*", "**") + letters(1+2*g.rnd.Intn(2)))
				}
			} else {
				p.WriteString(g.pick("/abc", "/abcd", "/abca", "/abc/"))
				for k := 1 + g.rnd.Intn(3); k > 0; k-- {
					p.WriteString(g.pick("*", "**") + letters(4))
				}
			}
			switch g.rnd.Intn(8) {
			case 0:
				p.WriteString("$")
			case 1:
				p.WriteString("*")
			case 2:
				p.WriteString("/index.html")
				if g.chance(20) {
					p.Reset()
					p.WriteString("/abc/index.html")
				}
			case 3:
				p.WriteString("$" + letters(1))
			}
			lines = append(lines, g.pick("Allow: ", "Disallow: ")+p.String())
			if g.chance(5) {
				lines = append(lines, g.pick("Allow: ", "Disallow: ")+g.pick("/abc$", "/ab", "", "/abcd/", "/a$"))
			}
		}
		body := []byte(strings.Join(lines, "\n"))
		r, f := Parse(body), oracleParse(body)
		for j := 0; j < 60; j++ {
			url := g.pick("/abc", "/abcd", "/", "/abca", "/abc/", "") + letters(30)
			if g.chance(20) {
				url += "/"
			}
			cases++
			if err := compareWithOracle(r, f, "foo", url); err != nil {
				t.Fatalf("file %d %q: %v", file, body, err)
			}
			if err := checkMatchesComplete(r, r.Test("foo", url)); err != nil {
				t.Fatalf("file %d %q: url %q: %v", file, body, url, err)
			}
		}
	}
	t.Logf("%d urls against 60 files of 200-400 wildcard rules", cases)
}

// TestConcurrentTestsAgree: a parsed file is read-only and builds its rule
// indexes lazily, so many goroutines may test it at once (run with -race)
// and must get the answers one goroutine gets.
func TestConcurrentTestsAgree(t *testing.T) {
	g := oracleGen{rand.New(rand.NewSource(99))}
	var lines []string
	for _, agent := range []string{"*", "foo", "bar"} {
		lines = append(lines, "User-agent: "+agent)
		for n := 0; n < 60; n++ {
			lines = append(lines, g.rule())
		}
	}
	body := []byte(strings.Join(lines, "\n"))
	urls := make([]string, 200)
	for i := range urls {
		urls[i] = g.url()
	}
	agents := []string{"foo", "bar", "baz"}
	want := make([]Result, len(urls))
	for i, u := range urls {
		want[i] = Parse(body).Test(agents[i%3], u)
	}
	r := Parse(body)
	errs := make(chan error, 4)
	for w := 0; w < 4; w++ {
		go func(w int) {
			for k := range urls {
				i := (k + w*50) % len(urls)
				if got := r.Test(agents[i%3], urls[i]); got.Allowed != want[i].Allowed || got.Line != want[i].Line || len(got.Matches) != len(want[i].Matches) {
					errs <- fmt.Errorf("goroutine %d, url %q: allowed=%v line %d, alone allowed=%v line %d", w, urls[i], got.Allowed, got.Line, want[i].Allowed, want[i].Line)
					return
				}
			}
			errs <- nil
		}(w)
	}
	for w := 0; w < 4; w++ {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// TestOracleConformanceSuite shows the oracle is a faithful reading of
// Google's library: it passes all 400 cases of the conformance suite.
func TestOracleConformanceSuite(t *testing.T) {
	total := 0
	for file, cases := range loadSuite(t) {
		for i, c := range cases {
			total++
			got := oracleTest(c.body(t), c.Agent, c.URL)
			if want := c.Expected == "ALLOWED"; got.allowed != want {
				t.Errorf("%s case %d: agent %q url %q: oracle allowed=%v, want %v\n%s", file, i, c.Agent, c.URL, got.allowed, want, c.Explanation)
			}
		}
	}
	if total != 400 {
		t.Errorf("suite has %d cases, want 400", total)
	}
}
