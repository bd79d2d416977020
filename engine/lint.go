package engine

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Lint: what in a robots.txt deserves a warning, judged by what Google's
// parser does with it (see parse.go) and, where Google accepts something
// other crawlers may not, by what those others do.
//
// Every finding is a Diagnostic: a line, a column where one helps, a
// severity, a stable code and a sentence saying what Google does and the
// fix. The codes:
//
//	code                  severity          finding
//	utf16                 error             the file is UTF-16: Google reads bytes and finds no directive
//	bom                   info              a byte-order mark starts the file; Google skips it
//	partial-bom           warning           the file starts with part of a byte-order mark; Google skips it
//	file-too-large        error             over 500 KiB: Googlebot ignores what follows the cut
//	html                  error, warning    the file is an HTML page, or a line is an HTML tag
//	no-directives         warning           text, but not one line Google uses (an error page?)
//	typo                  warning           a misspelt key Google accepts (Line.Typo)
//	missing-colon         warning, info     key and value split by whitespace (Line.MissingColon)
//	line-too-long         error…info        Google keeps only the first 16,663 bytes (Line.TooLong)
//	nul-byte              error, warning    a NUL byte ends the line for Google (Line.NUL)
//	invalid-utf8          warning, info     bytes that are not UTF-8
//	stray-bom             error             a byte-order mark inside the file hides the key
//	dropped-line          error, warning    a line Google drops: no key, or no colon and not two words
//	bare-value            error, warning    a path or URL alone on a line (a wrapped value, a sitemap without its key)
//	unknown-directive     error, warning    a key Google does not know (with the closest known key)
//	ignored-directive     warning, info     a known non-Google key (crawl-delay, noindex, host…)
//	key-suffix            error, warning    a key read by its prefix ("Disallowed" is Disallow)
//	colon-in-value        error             no colon after the key, so Google splits at a colon in the value
//	orphan-rule           error             a rule before any user-agent line: ignored
//	empty-disallow        info              "Disallow:" blocks nothing
//	empty-allow           warning           "Allow:" does nothing
//	never-matches         error             a pattern that starts with neither "/" nor "*"
//	hash-in-value         error, warning    "#" in a pattern starts a comment
//	dollar-inside         warning           "$" before the end of a pattern is a literal "$"
//	space-in-pattern      warning           a space in a pattern, which crawlers send as %20
//	duplicate-rule        info              a group repeats a rule
//	shadowed-disallow     error             an Allow with the same pattern always beats the Disallow
//	blocks-all            warning           the "*" group, or Googlebot's, disallows the whole site
//	agent-suffix          info              a user-agent read without its version or trailing text
//	agent-cut             warning, info     a user-agent cut to a shorter token ("Googlebot Images", "Spinn3r")
//	agent-misspelt        warning           a token one letter off a catalogue crawler's ("Googlebot-Images")
//	agent-not-global      error             "*foo": neither global nor a token
//	agent-empty           error             a user-agent from which no token can be read
//	agent-repeated        info              an agent named again: Google merges the groups
//	group-joined          warning           user-agent lines apart but in one group
//	group-no-rules        error, warning    a group without rules: its crawlers may fetch everything
//	global-not-inherited  info              a named crawler does not also obey the "*" group
//	sitemap-invalid       error             a sitemap that is not an absolute http(s) URL
//	sitemap-repeated      info              the same sitemap listed twice
//
// Codes never change meaning; new findings get new codes.

// Severity says how much a finding matters.
type Severity uint8

const (
	// SeverityError: Google reads something other than what the author
	// evidently meant, or a rule can never take effect.
	SeverityError Severity = iota
	// SeverityWarning: works for Google but not for every crawler, or is
	// risky.
	SeverityWarning
	// SeverityInfo: worth knowing; nothing is wrong for Google.
	SeverityInfo
)

var severityNames = [...]string{"error", "warning", "info"}

func (s Severity) String() string {
	if int(s) < len(severityNames) {
		return severityNames[s]
	}
	return "severity?"
}

// Diagnostic is one finding.
type Diagnostic struct {
	Line int // 1-based, as Google counts lines; 0 for the whole file
	// Col is the 1-based byte column in the line (on line 1, counted after
	// a byte-order mark), 0 when the finding is about the whole line.
	Col      int
	Severity Severity
	Code     string // stable, kebab-case: see the table in lint.go
	// Message says what Google does and the fix, as the rest of a sentence
	// that String starts with "line N: ".
	Message string
}

// String is the finding as one sentence: "line 7: `Dissallow` is read…".
func (d Diagnostic) String() string {
	if d.Line == 0 {
		return d.Message
	}
	return "line " + strconv.Itoa(d.Line) + ": " + d.Message
}

// Error makes a Diagnostic usable as an error, like go/scanner's Error.
func (d Diagnostic) Error() string { return d.String() }

// Diagnostics is a list of findings, sorted by line and column (Lint
// returns it sorted).
type Diagnostics []Diagnostic

// Sort orders the list by line, column, severity (errors first) and code.
func (l Diagnostics) Sort() {
	slices.SortStableFunc(l, func(a, b Diagnostic) int {
		switch {
		case a.Line != b.Line:
			return a.Line - b.Line
		case a.Col != b.Col:
			return a.Col - b.Col
		case a.Severity != b.Severity:
			return int(a.Severity) - int(b.Severity)
		}
		return strings.Compare(a.Code, b.Code)
	})
}

// Counts returns how many findings there are of each severity.
func (l Diagnostics) Counts() (errors, warnings, infos int) {
	for _, d := range l {
		switch d.Severity {
		case SeverityError:
			errors++
		case SeverityWarning:
			warnings++
		default:
			infos++
		}
	}
	return errors, warnings, infos
}

// String prints one finding per line.
func (l Diagnostics) String() string {
	var b strings.Builder
	for _, d := range l {
		b.WriteString(d.String())
		b.WriteByte('\n')
	}
	return b.String()
}

// Error is the first finding and how many follow, like go/scanner's
// ErrorList.
func (l Diagnostics) Error() string {
	switch len(l) {
	case 0:
		return "no findings"
	case 1:
		return l[0].String()
	}
	return l[0].String() + " (and " + strconv.Itoa(len(l)-1) + " more)"
}

// Lint reports what in r deserves attention, sorted by line. It reads only
// r, runs in time linear in the size of the file and never panics.
func Lint(r *Robots) Diagnostics {
	l := linter{r: r}
	l.file()
	for i := range r.Lines {
		l.line(&r.Lines[i])
	}
	l.agents()
	for gi := range r.Groups {
		l.group(gi)
	}
	l.global()
	l.out.Sort()
	return l.out
}

type linter struct {
	r     *Robots
	out   Diagnostics
	utf16 bool // the whole file is UTF-16: per-line NUL and UTF-8 findings would be noise
	// html marks the lines that look like HTML tags (only when some do).
	html map[int]bool
	// page: the file is an HTML page or UTF-16, reported as a whole; its
	// lines are not reported one by one as unknown or dropped.
	page     bool
	sitemaps map[string]int // sitemap URL → first line naming it
	// firstGroup is, for each agent (agentKey), the first group naming it.
	firstGroup map[string]int
	// tokens: the catalogue's tokens by lower-cased token; near: the answer
	// of nearCrawler for each lower-cased token asked (both built lazily).
	tokens, near map[string]string
}

func (l *linter) add(line, col int, sev Severity, code string, msg ...string) {
	l.out = append(l.out, Diagnostic{Line: line, Col: col, Severity: sev, Code: code, Message: strings.Join(msg, "")})
}

// file looks at the body as a whole.
func (l *linter) file() {
	r := l.r
	body := r.Body
	if strings.HasPrefix(body, "\xFF\xFE") || strings.HasPrefix(body, "\xFE\xFF") {
		l.utf16, l.page = true, true
		l.add(0, 0, SeverityError, "utf16",
			"the file is encoded as UTF-16; Google reads it byte by byte, finds a NUL byte in every character and no directive at all — save it as UTF-8.")
	}
	switch {
	case r.BOM == len(bomPrefix):
		l.add(1, 0, SeverityInfo, "bom",
			"the file starts with a UTF-8 byte-order mark; Google skips it, but some other crawlers read it as part of the first key — save the file as UTF-8 without a BOM.")
	case r.BOM > 0:
		l.add(1, 0, SeverityWarning, "partial-bom",
			"the file starts with ", strconv.Itoa(r.BOM), " byte", plural(r.BOM), " of a byte-order mark (0xEF…); Google skips ", itThem(r.BOM),
			", other crawlers read ", itThem(r.BOM), " as part of the first line — remove ", itThem(r.BOM), ".")
	}
	if len(body) > GooglebotFetchLimit {
		l.fetchLimit()
	}
	l.findHTML()
	if !l.page {
		l.noDirectives()
	}
}

// noDirectives reports a file with text but not one line Google uses, such
// as an error page served with status 200.
func (l *linter) noDirectives() {
	text := false
	for i := range l.r.Lines {
		switch l.r.Lines[i].Kind {
		case KindUserAgent, KindAllow, KindDisallow, KindSitemap:
			return
		case KindInvalid, KindUnknown:
			text = true
		}
	}
	if text {
		l.add(0, 0, SeverityWarning, "no-directives",
			"Google finds no user-agent, allow, disallow or sitemap line in the file, so it allows everything — if this is an error page, serve the real robots.txt, or answer 404 when there is none.")
	}
}

func itThem(n int) string {
	if n == 1 {
		return "it"
	}
	return "them"
}

// fetchLimit names where Googlebot's 500 KiB read cuts the file
// (FetchLimit) and what it drops.
func (l *linter) fetchLimit() {
	c := FetchLimit([]byte(l.r.Body))
	if !c.Truncated {
		return
	}
	size := "the file is " + thousands(c.Size) + " bytes; Googlebot reads only the first " + thousands(GooglebotFetchLimit) + " (500 KiB), so "
	fix := " — move the rules that matter above line " + strconv.Itoa(c.Line) + ", or shorten the file."
	switch {
	case c.MidLine:
		l.add(c.Line, c.Col, SeverityError, "file-too-large", size, "it reads this line only up to column ", strconv.Itoa(c.Col-1),
			" (which can turn it into a different rule) and ignores ", laterLines(c.Line, c.LastLine), fix)
	case c.FirstDroppedLine == c.Line:
		l.add(c.Line, c.Col, SeverityError, "file-too-large", size, "it ignores lines ", strconv.Itoa(c.Line), "–", strconv.Itoa(c.LastLine), fix)
	default:
		l.add(c.Line, 0, SeverityError, "file-too-large", size, "this is the last line it reads, and it ignores ", laterLines(c.Line, c.LastLine), fix)
	}
}

func laterLines(n, last int) string {
	switch {
	case n == last:
		return "nothing after it"
	case n+1 == last:
		return "line " + strconv.Itoa(last)
	}
	return "lines " + strconv.Itoa(n+1) + "–" + strconv.Itoa(last)
}

// findHTML reports an HTML page served as robots.txt once, and stray tags
// in a text file once each. Google reads an HTML page line by line and uses
// whatever lines happen to be valid (google-crawling.md §3).
func (l *linter) findHTML() {
	r := l.r
	first, count, firstText := 0, 0, 0
	for i := range r.Lines {
		ln := &r.Lines[i]
		text := trimSpace(seenText(r, ln))
		if text == "" {
			continue
		}
		if firstText == 0 && text[0] != '#' {
			firstText = ln.Number
		}
		if !looksLikeTag(text) {
			continue
		}
		if l.html == nil {
			l.html = map[int]bool{}
		}
		l.html[ln.Number] = true
		count++
		if first == 0 {
			first = ln.Number
		}
	}
	if count == 0 {
		return
	}
	if first == firstText {
		l.page = true
		l.add(first, 0, SeverityError, "html",
			"the file is an HTML page, not a plain-text robots.txt (", strconv.Itoa(count), " line", plural(count),
			" start with a tag); Google reads it line by line and uses only the lines that happen to be valid — serve the real robots.txt as text/plain.")
		return
	}
	for n := range l.html {
		l.add(n, 0, SeverityWarning, "html", "the line is an HTML tag; Google ignores it — remove it.")
	}
}

func looksLikeTag(s string) bool {
	if len(s) < 2 || s[0] != '<' {
		return false
	}
	c := s[1]
	return c == '/' || c == '!' || c == '?' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// rawText is the line's content as Google keeps it: at most MaxLineLen bytes.
func rawText(r *Robots, ln *Line) string {
	text := r.Body[ln.Start:ln.End]
	if len(text) > MaxLineLen {
		text = text[:MaxLineLen]
	}
	return text
}

// seenText is what Google parses of the line: rawText up to a NUL byte.
func seenText(r *Robots, ln *Line) string {
	text := rawText(r, ln)
	if i := strings.IndexByte(text, 0); i >= 0 {
		text = text[:i]
	}
	return text
}

// directiveText is seenText without its comment.
func directiveText(r *Robots, ln *Line) string {
	text := seenText(r, ln)
	if i := strings.IndexByte(text, '#'); i >= 0 {
		text = text[:i]
	}
	return text
}

// indexSpace is the index of the first space or tab in s, or -1.
func indexSpace(s string) int {
	i, j := strings.IndexByte(s, ' '), strings.IndexByte(s, '\t')
	if i < 0 || 0 <= j && j < i {
		return j
	}
	return i
}

// valueColumn is the 1-based column where ln.Value starts (see
// splitKeyValue: the separator is the first ':' or, for a missing colon,
// the first space or tab).
func valueColumn(r *Robots, ln *Line) int {
	text := directiveText(r, ln)
	sep := strings.IndexByte(text, ':')
	if ln.MissingColon {
		lead := len(text) - len(strings.TrimLeft(text, " \t\n\v\f\r"))
		sep = lead + indexSpace(text[lead:])
	}
	i := sep + 1
	for i < len(text) && isSpace(text[i]) {
		i++
	}
	return i + 1
}

// line looks at one line on its own; what depends on other lines (groups,
// agents named twice, the "*" rules) comes after all lines.
func (l *linter) line(ln *Line) {
	l.bytes(ln)
	switch ln.Kind {
	case KindInvalid:
		if !l.html[ln.Number] && !l.page {
			l.dropped(ln)
		}
	case KindUnknown:
		l.missingColon(ln, "")
		l.unknown(ln)
	case KindUserAgent, KindAllow, KindDisallow, KindSitemap:
		l.directive(ln)
	}
}

// bytes looks at the line's bytes: length, NUL, UTF-8.
func (l *linter) bytes(ln *Line) {
	r := l.r
	raw := rawText(r, ln)
	seen := seenText(r, ln)
	comment := strings.IndexByte(seen, '#')
	if ln.TooLong {
		long := "the line is " + thousands(ln.End-ln.Start) + " bytes long; Google keeps only its first " + thousands(MaxLineLen)
		switch {
		case comment >= 0:
			l.add(ln.Number, MaxLineLen+1, SeverityInfo, "line-too-long", long, ", which cuts only the comment — shorten the comment.")
		case ln.NUL:
			l.add(ln.Number, MaxLineLen+1, SeverityInfo, "line-too-long", long, ", which cuts only bytes after a NUL byte — shorten the line.")
		case ln.Kind == KindAllow || ln.Kind == KindDisallow || ln.Kind == KindUserAgent || ln.Kind == KindSitemap:
			v := ln.Value(r.Body)
			l.add(ln.Number, MaxLineLen+1, SeverityError, "line-too-long", long,
				", so it reads the value as ", shown(v), " (", thousands(len(v)), " bytes) — shorten it, or split it into several shorter rules.")
		default:
			l.add(ln.Number, MaxLineLen+1, SeverityWarning, "line-too-long", long, " — shorten the line.")
		}
	}
	if l.utf16 {
		// Every character has a NUL byte and most bytes are not UTF-8: the
		// utf16 finding says it once.
		return
	}
	if ln.NUL {
		at := len(seen)
		col := strconv.Itoa(at + 1)
		lost := raw[at+1:]
		if i := strings.IndexByte(lost, '#'); i >= 0 {
			lost = lost[:i]
		}
		switch lost = trimSpace(lost); {
		case comment >= 0:
			l.add(ln.Number, at+1, SeverityWarning, "nul-byte", "a NUL byte at column ", col, " ends the line for Google (inside the comment) — remove it.")
		case lost == "":
			l.add(ln.Number, at+1, SeverityWarning, "nul-byte", "a NUL byte at column ", col, " ends the line for Google (only spaces or a comment follow) — remove it.")
		default:
			l.add(ln.Number, at+1, SeverityError, "nul-byte", "a NUL byte at column ", col, " ends the line for Google, so it ignores ", shown(lost), " after it — remove the NUL byte.")
		}
	}
	if bad := firstInvalidUTF8(seen); bad >= 0 {
		at := "byte 0x" + hexByte(seen[bad]) + " at column " + strconv.Itoa(bad+1) + " is not valid UTF-8"
		inValue := comment < 0 || bad < comment
		switch {
		case inValue && (ln.Kind == KindAllow || ln.Kind == KindDisallow):
			l.add(ln.Number, bad+1, SeverityWarning, "invalid-utf8", at, "; Google matches it as %", hexByte(seen[bad]),
				", so the rule matches only URLs that carry this very byte, not a UTF-8 character — save the file as UTF-8 if the site's URLs are UTF-8.")
		case inValue && ln.Kind == KindSitemap:
			l.add(ln.Number, bad+1, SeverityWarning, "invalid-utf8", at, ", so the sitemap URL is not valid text — save the file as UTF-8.")
		default:
			l.add(ln.Number, bad+1, SeverityInfo, "invalid-utf8", at, "; Google does not use it here, but editors and other tools may garble the file — save it as UTF-8.")
		}
	}
}

func firstInvalidUTF8(s string) int {
	if utf8.ValidString(s) {
		return -1
	}
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return -1
}

func hexByte(c byte) string { return string([]byte{upperHex[c>>4], upperHex[c&15]}) }

// canonical spells each key as the standard writes it.
func canonical(k Kind) string {
	switch k {
	case KindUserAgent:
		return "User-agent"
	case KindAllow:
		return "Allow"
	case KindDisallow:
		return "Disallow"
	case KindSitemap:
		return "Sitemap"
	}
	return ""
}

// keyPrefix is how much of key Google's prefix test consumed (keyTable),
// 0 when no known key starts it.
func keyPrefix(key string) (Kind, int) {
	for _, k := range keyTable {
		if hasPrefixFold(key, k.prefix) {
			return k.kind, len(k.prefix)
		}
	}
	return KindUnknown, 0
}

// dropped explains a line Google drops (robots.cc, GetKeyAndValueFrom).
func (l *linter) dropped(ln *Line) {
	text := trimSpace(directiveText(l.r, ln))
	if text[0] == ':' {
		l.add(ln.Number, 0, SeverityWarning, "dropped-line",
			"Google ignores the line: there is no key before the colon — write the directive's name before it, or remove the line.")
		return
	}
	if l.bareValue(ln, text) {
		return
	}
	word, rest := text, ""
	if i := indexSpace(text); i >= 0 {
		word, rest = text[:i], trimSpace(text[i:])
	}
	kind, _ := keyPrefix(word)
	switch {
	case kind == KindUnknown:
		l.add(ln.Number, 0, SeverityWarning, "dropped-line",
			"Google ignores the line ", shown(text), ": it is not a \"key: value\" directive — remove it, or start it with \"#\" to make it a comment.")
	case rest == "":
		l.add(ln.Number, 0, SeverityError, "dropped-line",
			"Google ignores the line ", shown(text), ": it has no colon and no value — write ", quote(canonical(kind)+":"), " followed by its value.")
	default:
		l.add(ln.Number, 0, SeverityError, "dropped-line",
			"Google ignores the line ", shown(text), ": without a colon it accepts only a key and one value separated by a space — write ",
			shown(canonical(kind)+": "+rest), ".")
	}
}

// bareValue reports a line that is only a path or a URL, as when a value
// was wrapped onto the next line or a sitemap was listed without its key.
// text is the line's directive text, trimmed. "// note" and "/* note */"
// are comments in another language, not paths.
func (l *linter) bareValue(ln *Line, text string) bool {
	switch {
	case text[0] == '/' && !strings.HasPrefix(text, "//") && indexSpace(text) < 0:
		if prev := l.previousDirective(ln); prev != nil && prev.Value(l.r.Body) == "" && (prev.Kind == KindAllow || prev.Kind == KindDisallow) {
			l.add(ln.Number, 0, SeverityError, "bare-value",
				"Google ignores a path alone on a line, and reads the ", canonical(prev.Kind), " on line ", strconv.Itoa(prev.Number),
				" as empty — put the path on that line: ", shown(canonical(prev.Kind)+": "+text), ".")
			return true
		}
		l.add(ln.Number, 0, SeverityWarning, "bare-value",
			"Google ignores a path alone on a line — write it as a rule, such as ", shown("Disallow: "+text), ".")
		return true
	case hasPrefixFold(text, "http://") || hasPrefixFold(text, "https://"):
		l.add(ln.Number, 0, SeverityWarning, "bare-value",
			"Google ignores a URL alone on a line — if it is a sitemap, write ", shown("Sitemap: "+text), "; otherwise remove it.")
		return true
	}
	return false
}

// previousDirective is the closest line before ln that is not empty or a
// comment, or nil.
func (l *linter) previousDirective(ln *Line) *Line {
	for n := ln.Number - 1; n >= 1; n-- {
		if p := &l.r.Lines[n-1]; p.Kind != KindEmpty && p.Kind != KindComment {
			return p
		}
	}
	return nil
}

func (l *linter) missingColon(ln *Line, known string) {
	if !ln.MissingColon {
		return
	}
	key, value := ln.Key(l.r.Body), ln.Value(l.r.Body)
	if known == "" {
		l.add(ln.Number, 0, SeverityInfo, "missing-colon",
			"there is no colon after ", shown(key), "; Google accepts that — add the colon anyway.")
		return
	}
	l.add(ln.Number, 0, SeverityWarning, "missing-colon",
		"Google reads ", shown(key+" "+value), " as ", shown(known+": "+value), ", but other crawlers may ignore a line without a colon — write ",
		shown(known+": "+value), ".")
}

// directive looks at a user-agent, allow, disallow or sitemap line.
func (l *linter) directive(ln *Line) {
	name := canonical(ln.Kind)
	key, value := ln.Key(l.r.Body), ln.Value(l.r.Body)
	if ln.Typo {
		l.add(ln.Number, 0, SeverityWarning, "typo",
			shown(key), " is read by Google as ", shown(name), "; other crawlers may ignore it — spell it ", name, ".")
	}
	l.missingColon(ln, name)
	_, n := keyPrefix(key)
	suffix := key[n:]
	if i := indexSpace(suffix); i >= 0 {
		// "Disallow /a:b": no colon after the key, so the first colon is in
		// the value and Google splits there.
		written := trimSpace(suffix[i:]) + ":" + value
		fix := written
		if (ln.Kind == KindAllow || ln.Kind == KindDisallow) && (hasPrefixFold(written, "http://") || hasPrefixFold(written, "https://")) {
			// A rule is matched against the path: suggest the path.
			fix = MatchPath(written)
		}
		l.add(ln.Number, 0, SeverityError, "colon-in-value",
			"Google splits the line at its first colon, so it reads ", shown(name), " with the value ", shown(value),
			", not ", shown(written), " — write ", shown(name+": "+fix), ".")
		return
	}
	if suffix != "" && !ln.Typo {
		if ln.Kind == KindSitemap || len(suffix) <= 2 || !isWord(suffix) {
			l.add(ln.Number, 0, SeverityWarning, "key-suffix",
				shown(key), " is read by Google as ", shown(name), " (it only checks how the key starts); other crawlers may ignore it — spell it ", name, ".")
		} else {
			l.add(ln.Number, 0, SeverityError, "key-suffix",
				shown(key), " is read by Google as ", shown(name), ", because it starts with ", shown(key[:n]),
				" — rename the key if this line is not meant as a ", name, " line.")
		}
	}
	switch ln.Kind {
	case KindUserAgent:
		l.agentValue(ln)
	case KindAllow, KindDisallow:
		l.rule(ln)
	case KindSitemap:
		l.sitemap(ln)
	}
}

// isWord: letters, digits, "-" and "_" only, like the name of another
// directive ("DisallowAITraining", "Allow-all").
func isWord(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(isTokenByte(c) || '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}

// agentValue looks at how Google reads a user-agent value (robots.cc,
// ExtractUserAgent and the global test in HandleUserAgent).
func (l *linter) agentValue(ln *Line) {
	v := ln.Value(l.r.Body)
	if isGlobalAgent(v) {
		if v != "*" {
			l.add(ln.Number, 0, SeverityInfo, "agent-suffix",
				"Google reads ", shown(v), " as ", quote("*"), " and ignores the rest — write ", quote("*"), ".")
		}
		return
	}
	token := ExtractToken(v)
	rest := v[len(token):]
	switch {
	case v == "":
		l.add(ln.Number, 0, SeverityError, "agent-empty",
			"the user-agent line names no crawler, so its group applies to none — write a product token, or ", quote("*"), " for every crawler.")
	case token == "" && v[0] == '*':
		l.add(ln.Number, 0, SeverityError, "agent-not-global",
			"Google reads ", shown(v), " as no crawler at all: ", quote("*"), " means every crawler only alone or followed by a space — write ", quote("*"), " or the crawler's token.")
	case token == "":
		l.add(ln.Number, 0, SeverityError, "agent-empty",
			"Google reads no product token from ", shown(v), " (a token is letters, \"-\" and \"_\"), so for Google this group names no crawler — write the crawler's token.")
	case rest == "":
		if near := l.nearCrawler(token); near != "" {
			l.add(ln.Number, 0, SeverityWarning, "agent-misspelt",
				"no crawler in the catalogue uses the token ", shown(token), "; ", shown(near), " does, and it does not obey this group — write ", shown(near), " if that is the crawler meant.")
		}
	case strings.EqualFold(token, "Mozilla"):
		l.add(ln.Number, 0, SeverityWarning, "agent-cut",
			shown(v), " is a whole User-Agent header; Google reads it as ", shown(token), ", which names no crawler's group — write the crawler's product token, such as ", quote("Googlebot"), ".")
	case rest[0] == '/' || strings.Trim(rest, "*") == "":
		l.add(ln.Number, 0, SeverityInfo, "agent-suffix",
			"Google reads ", shown(v), " as ", shown(token), " and ignores the rest — write ", shown(token), ".")
	case '0' <= rest[0] && rest[0] <= '9':
		l.add(ln.Number, 0, SeverityInfo, "agent-cut",
			"Google reads ", shown(v), " as ", shown(token), " (digits end a token), so for Google this group is for crawlers called ", shown(token),
			"; a crawler that reads its own name whole is not affected — keep it if it is the crawler's documented token.")
	default:
		fix := "write the exact token"
		if near := l.nearCrawler(strings.Join(strings.Fields(v), "-")); near != "" {
			fix = "write " + shown(near) + " if that is the crawler meant"
		}
		l.add(ln.Number, 0, SeverityWarning, "agent-cut",
			"Google reads ", shown(v), " as ", shown(token), " (a token ends at the first byte that is not a letter, \"-\" or \"_\"), so this group applies to every crawler called ", shown(token),
			" — ", fix, ".")
	}
}

// nearCrawler is the catalogue's token (crawlers.go) that token evidently
// misspells, ignoring case: the same but for "-" and "_", or, for tokens of
// eight bytes or more, one edit away (shorter names one edit apart are
// often different crawlers). "" when token is a catalogue token or near
// none.
func (l *linter) nearCrawler(token string) string {
	key := lowerASCII(token)
	if near, ok := l.near[key]; ok {
		return near
	}
	if l.near == nil {
		l.near = map[string]string{}
		l.tokens = map[string]string{}
		for _, c := range Crawlers() {
			for _, t := range c.Tokens {
				if ValidToken(t) {
					l.tokens[lowerASCII(t)] = t
				}
			}
		}
	}
	near := ""
	if _, known := l.tokens[key]; !known {
		bare := withoutDashes(key)
		for k, t := range l.tokens {
			if len(k)-len(key) > 1 || len(key)-len(k) > 1 {
				continue
			}
			if (withoutDashes(k) == bare || len(key) >= 8 && editDistance(key, k) == 1) && (near == "" || t < near) {
				near = t
			}
		}
	}
	l.near[key] = near
	return near
}

// rule looks at an allow or disallow line.
func (l *linter) rule(ln *Line) {
	name := canonical(ln.Kind)
	if ln.Group < 0 {
		l.add(ln.Number, 0, SeverityError, "orphan-rule",
			"Google ignores this rule: no user-agent line comes before it — add ", quote("User-agent: *"), " (or the crawler's token) above it.")
		return
	}
	v := ln.Value(l.r.Body)
	if v == "" {
		if ln.Kind == KindDisallow {
			l.add(ln.Number, 0, SeverityInfo, "empty-disallow",
				"an empty Disallow blocks nothing; it is the usual way to say \"allow everything\" — nothing to fix if that is meant.")
		} else {
			l.add(ln.Number, 0, SeverityWarning, "empty-allow",
				"an empty Allow does nothing: Google gives it no weight, so it allows nothing a Disallow blocks — give it a path, or remove it.")
		}
		return
	}
	if v[0] != '/' && v[0] != '*' {
		path := "/" + v
		if strings.IndexByte("?.&=", v[0]) >= 0 {
			// "?sort=", ".pdf": meant anywhere in the URL.
			path = "/*" + v
		}
		if hasPrefixFold(v, "http://") || hasPrefixFold(v, "https://") {
			path = MatchPath(v)
			l.add(ln.Number, valueColumn(l.r, ln), SeverityError, "never-matches",
				"Google matches rules against the URL's path, never the whole URL, so ", shown(v), " never matches — write ", shown(name+": "+path), ".")
			return
		}
		l.add(ln.Number, valueColumn(l.r, ln), SeverityError, "never-matches",
			"every URL path starts with \"/\", so Google never matches ", shown(v), " — write ", shown(name+": "+path), ".")
		return
	}
	text := seenText(l.r, ln)
	if hash := strings.IndexByte(text, '#'); ln.HasComment && hash > 0 && !isSpace(text[hash-1]) {
		sev := SeverityWarning
		if ln.Kind == KindDisallow && matchesEverything(v) {
			sev = SeverityError
		}
		l.add(ln.Number, hash+1, sev, "hash-in-value",
			"Google reads \"#\" as the start of a comment, so the rule is ", shown(v), " — a URL's #fragment never reaches the server: drop the part from \"#\", or put a space before a comment.")
	}
	if i := strings.IndexByte(v[:len(v)-1], '$'); i >= 0 {
		col := valueColumn(l.r, ln)
		l.add(ln.Number, col+i, SeverityWarning, "dollar-inside",
			"the \"$\" at column ", strconv.Itoa(col+i), " is matched as a literal \"$\": Google reads \"$\" as the end of the URL only as the pattern's last character — move it to the end, or remove it.")
	}
	if i := indexSpace(v); i >= 0 {
		col := valueColumn(l.r, ln)
		l.add(ln.Number, col+i, SeverityWarning, "space-in-pattern",
			"the pattern has a space at column ", strconv.Itoa(col+i), ", which Google matches only against a literal space, but crawlers request a space as %20 — write %20, or give each path its own rule.")
	}
}

// matchesEverything: a pattern every path matches ("/", "*", "/*", "/**"…).
func matchesEverything(p string) bool {
	if p == "" {
		return false
	}
	if p[0] == '/' {
		p = p[1:]
	}
	return strings.Trim(p, "*") == ""
}

// sitemap checks the URL: Google wants an absolute URL (google-crawling.md
// §7); it need not be on the same host nor percent-encoded.
func (l *linter) sitemap(ln *Line) {
	v := ln.Value(l.r.Body)
	bad := func(why, fix string) {
		l.add(ln.Number, 0, SeverityError, "sitemap-invalid", why, " — ", fix, ".")
	}
	switch {
	case v == "":
		bad("the sitemap line has no URL", "write the sitemap's absolute URL, or remove the line")
		return
	case strings.HasPrefix(v, "//"):
		bad(shown(v)+" has no scheme, and a sitemap must be an absolute URL", "write "+shown("https:"+v))
		return
	case v[0] == '/':
		bad(shown(v)+" is a relative URL, and a sitemap must be an absolute URL", "write it with the scheme and host, like "+shown("https://example.com"+v))
		return
	case !hasPrefixFold(v, "http://") && !hasPrefixFold(v, "https://"):
		bad(shown(v)+" is not an http or https URL", "write the sitemap's absolute URL, starting with https://")
		return
	case indexSpace(v) >= 0:
		bad(shown(v)+" contains a space", "write one sitemap URL per line, and %20 for a space inside a URL")
		return
	}
	host := v[strings.Index(v, "://")+3:]
	if i := strings.IndexAny(host, "/?#"); i >= 0 {
		host = host[:i]
	}
	if host == "" {
		bad(shown(v)+" has no host", "write the sitemap's absolute URL, like "+quote("https://example.com/sitemap.xml"))
		return
	}
	if l.sitemaps == nil {
		l.sitemaps = map[string]int{}
	}
	if first, ok := l.sitemaps[v]; ok {
		l.add(ln.Number, 0, SeverityInfo, "sitemap-repeated", "the sitemap ", shown(v), " is already listed on line ", strconv.Itoa(first), " — remove this line.")
		return
	}
	l.sitemaps[v] = ln.Number
}

// Keys Google's reporter knows but Google's parser ignores
// (reporting_robots.cc, kUnsupportedTags; google-behaviour.md §11), with who
// reads them. Facts from ../shared/crawlers/crawlers.json and the operators'
// documentation.
var ignoredKeys = map[string]struct {
	sev  Severity
	what string
}{
	"crawl-delay":    {SeverityInfo, "Google ignores Crawl-delay; Bingbot and crawlers such as AhrefsBot, ClaudeBot and CCBot honour it, Yandex has ignored it since 2018 — to slow Googlebot down, answer 503 or 429 for a while."},
	"noindex":        {SeverityWarning, "Google stopped reading Noindex in robots.txt in 2019 and no major crawler reads it — use a robots meta tag or an X-Robots-Tag header on the page, and let it be crawled."},
	"nofollow":       {SeverityWarning, "Nofollow is a robots meta tag value, not a robots.txt directive; Google ignores it here — use a robots meta tag or an X-Robots-Tag header."},
	"noarchive":      {SeverityWarning, "Noarchive is a robots meta tag value, not a robots.txt directive; Google ignores it here — use a robots meta tag or an X-Robots-Tag header."},
	"host":           {SeverityInfo, "Google ignores Host; it was a Yandex directive for the main mirror, which Yandex replaced with 301 redirects — redirect other hosts to the main one."},
	"clean-param":    {SeverityInfo, "Google ignores Clean-param, which only Yandex reads — for Google, point duplicate URLs to one with rel=canonical."},
	"request-rate":   {SeverityInfo, "Google ignores Request-rate, a non-standard directive few crawlers read — remove it unless a crawler you care about documents it."},
	"visit-time":     {SeverityInfo, "Google ignores Visit-time, a non-standard directive few crawlers read — remove it unless a crawler you care about documents it."},
	"content-signal": {SeverityInfo, "Google ignores Content-signal; it states how you want content used (Cloudflare's proposal) but blocks no crawler — use Disallow rules to keep a crawler out."},
	"content-usage":  {SeverityInfo, "Google ignores Content-usage; it states how you want content used (an IETF proposal) but blocks no crawler — use Disallow rules to keep a crawler out."},
	"domain":         {SeverityInfo, "Google ignores Domain, which is not part of the robots.txt standard (RFC 9309) — remove it."},
	"revisit-after":  {SeverityInfo, "Google ignores Revisit-after, which is not part of the robots.txt standard (RFC 9309) — remove it."},
}

// suggestKeys are the keys an unknown key is compared with.
var suggestKeys = []string{"user-agent", "allow", "disallow", "sitemap", "crawl-delay", "noindex", "clean-param", "request-rate", "visit-time", "content-signal", "content-usage"}

func (l *linter) unknown(ln *Line) {
	key := ln.Key(l.r.Body)
	lower := lowerASCII(key)
	if k, ok := ignoredKeys[lower]; ok {
		l.add(ln.Number, 0, k.sev, "ignored-directive", k.what)
		return
	}
	if l.html[ln.Number] || l.page {
		return
	}
	for _, bom := range []struct{ bytes, what string }{
		{"\xEF\xBB\xBF", "a byte-order mark (U+FEFF), which Google skips only as the file's first bytes"},
		{"\xC3\xAF\xC2\xBB\xC2\xBF", "\"ï»¿\", a byte-order mark garbled by a wrong encoding"},
	} {
		if rest, ok := strings.CutPrefix(key, bom.bytes); ok {
			if kind, _ := keyPrefix(rest); kind != KindUnknown {
				l.add(ln.Number, 1, SeverityError, "stray-bom",
					"the line starts with ", bom.what, ", so Google does not recognise ", shown(rest), " and ignores the line — delete the characters before the key.")
				return
			}
		}
	}
	if text := trimSpace(directiveText(l.r, ln)); l.bareValue(ln, text) {
		return
	}
	// Junk before a known key ("- Disallow", "1. User-agent").
	start := 0
	for start < len(lower) && !('a' <= lower[start] && lower[start] <= 'z') {
		start++
	}
	if start > 0 {
		if kind, _ := keyPrefix(lower[start:]); kind != KindUnknown {
			l.add(ln.Number, 0, SeverityError, "unknown-directive",
				"Google does not recognise the key ", shown(key), " because of what comes before ", shown(key[start:]), ", and ignores the line — start the line with ", shown(canonical(kind)+":"), ".")
			return
		}
	}
	// A known key after other words: a lost line break ("GPTBot Disallow").
	if i := strings.LastIndexAny(key, " \t"); i >= 0 {
		if kind, _ := keyPrefix(key[i+1:]); kind != KindUnknown {
			l.add(ln.Number, 0, SeverityError, "unknown-directive",
				"Google reads the key as ", shown(key), ", not ", shown(key[i+1:]), ", and ignores the line — start a new line at ", shown(key[i+1:]), ".")
			return
		}
	}
	if s := closestKey(lower); s != "" {
		sev := SeverityWarning
		if kind, _ := keyPrefix(s); kind != KindUnknown {
			sev = SeverityError
		}
		l.add(ln.Number, 0, sev, "unknown-directive",
			"Google does not recognise the key ", shown(key), " and ignores the line — spell it ", shown(displayKey(s)), " if that is what you meant.")
		return
	}
	l.add(ln.Number, 0, SeverityWarning, "unknown-directive",
		"Google does not know the key ", shown(key), " and ignores the line — remove it unless a crawler you care about documents it.")
}

func displayKey(k string) string {
	if kind, _ := keyPrefix(k); kind != KindUnknown {
		return canonical(kind)
	}
	return strings.ToUpper(k[:1]) + k[1:]
}

var dashes = strings.NewReplacer("-", "", "_", "")

func withoutDashes(s string) string { return dashes.Replace(s) }

const maxEdit = 40

// closestKey is the key of suggestKeys within a small edit distance of key
// (lower-cased), or "". Long keys are not compared: no key is that long,
// and it keeps Lint linear.
func closestKey(key string) string {
	if len(key) > maxEdit {
		return ""
	}
	best, bestD := "", 3
	for _, k := range suggestKeys {
		limit := 2
		if len(k) <= 5 {
			limit = 1
		}
		if d := editDistance(key, k); d <= limit && d < bestD {
			best, bestD = k, d
		}
	}
	return best
}

// editDistance is the optimal string alignment distance (insertions,
// deletions, substitutions and swaps of neighbours) between two strings;
// strings over maxEdit bytes are not compared (the result is maxEdit).
func editDistance(a, b string) int {
	if len(a) > maxEdit || len(b) > maxEdit {
		return maxEdit
	}
	var rows [3][maxEdit + 1]int
	prev2, prev, cur := &rows[0], &rows[1], &rows[2]
	for j := 0; j <= len(b); j++ {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

// agents looks at the user-agent lines across groups: names repeated, and
// lines that belong to one group though something stands between them.
func (l *linter) agents() {
	r := l.r
	firstLine := map[string]int{}
	l.firstGroup = map[string]int{}
	for gi, g := range r.Groups {
		for ai, a := range g.Agents {
			if name := agentKey(a); name != "" {
				if line, ok := firstLine[name]; !ok {
					firstLine[name], l.firstGroup[name] = a.Line, gi
				} else if l.firstGroup[name] == gi {
					l.add(a.Line, 0, SeverityInfo, "agent-repeated",
						shown(agentName(a)), " is already named on line ", strconv.Itoa(line), " of this group — remove this line.")
				} else {
					l.add(a.Line, 0, SeverityInfo, "agent-repeated",
						shown(agentName(a)), " also names the group on line ", strconv.Itoa(line),
						"; Google merges the rules of both groups, some other crawlers obey only one — keep one group per crawler.")
				}
			}
			if ai > 0 {
				l.joined(g.Agents[ai-1], a)
			}
		}
	}
}

// agentKey is how Google tells agents apart: "*", or the lower-cased
// token; "" when the line names no crawler.
func agentKey(a Agent) string {
	if a.Global {
		return "*"
	}
	return lowerASCII(a.Token)
}

// agentName is what Google reads from a user-agent line: "*", the token,
// or, when there is none, the value as written.
func agentName(a Agent) string {
	switch {
	case a.Global:
		return "*"
	case a.Token == "":
		return a.Value
	}
	return a.Token
}

// agentList names the agents of a group for a sentence, the first few only.
func agentList(agents []Agent) string {
	const most = 4
	names := make([]string, 0, most+1)
	for i, a := range agents {
		if i == most {
			names = append(names, "and "+strconv.Itoa(len(agents)-most)+" more")
			break
		}
		names = append(names, shown(agentName(a)))
	}
	return strings.Join(names, ", ")
}

// joined reports user-agent lines of one group that have a blank line or
// another directive between them: Google ends a group only at a rule
// (robots.cc, HandleUserAgent), older parsers at a blank line.
func (l *linter) joined(prev, a Agent) {
	for n := prev.Line + 1; n < a.Line; n++ {
		ln := &l.r.Lines[n-1]
		var what string
		switch ln.Kind {
		case KindComment, KindUserAgent:
			continue
		case KindEmpty:
			what = "the blank line " + strconv.Itoa(n)
		default:
			what = "line " + strconv.Itoa(n) + " (" + shown(trimSpace(directiveText(l.r, ln))) + ")"
		}
		l.add(a.Line, 0, SeverityWarning, "group-joined",
			"Google puts ", shown(agentName(a)), " in the same group as ", shown(agentName(prev)), " on line ", strconv.Itoa(prev.Line),
			": only a rule ends a group, not ", what, ", so both get the rules that follow — if ", shown(agentName(prev)),
			" should not, end its group with a rule (an empty ", quote("Disallow:"), " allows everything).")
		return
	}
}

type ruleKey struct {
	allow   bool
	pattern string
}

// group looks at one group: no rules, repeated rules, a Disallow that an
// Allow with the same pattern always beats.
func (l *linter) group(gi int) {
	r := l.r
	g := &r.Groups[gi]
	if len(g.Rules) == 0 {
		l.noRules(gi)
		return
	}
	// The first Allow and Disallow line of each pattern, in the order the
	// patterns first appear.
	type lines struct{ allow, disallow int }
	index := make(map[string]int, len(g.Rules)) // pattern → index into first
	first := make([]lines, 0, len(g.Rules))
	for _, rule := range g.Rules {
		if rule.Pattern == "" {
			continue
		}
		i, ok := index[rule.Pattern]
		if !ok {
			i = len(first)
			index[rule.Pattern] = i
			first = append(first, lines{})
		}
		n := &first[i].disallow
		if rule.Allow {
			n = &first[i].allow
		}
		if *n != 0 {
			l.add(rule.Line, 0, SeverityInfo, "duplicate-rule",
				"the group already has this rule on line ", strconv.Itoa(*n), " — remove one of them.")
			continue
		}
		*n = rule.Line
	}
	for _, seen := range first {
		if seen.allow != 0 && seen.disallow != 0 {
			l.add(seen.disallow, 0, SeverityError, "shadowed-disallow",
				"this Disallow never decides anything: the Allow on line ", strconv.Itoa(seen.allow),
				" has the same pattern, and on a tie Google lets Allow win — remove the one you do not mean.")
		}
	}
}

// noRules reports a group without rules. Such a group can only be the last
// (a group ends at a user-agent line after a rule). Google lets its
// crawlers fetch everything and, for the crawlers it names, ignores "*".
func (l *linter) noRules(gi int) {
	g := &l.r.Groups[gi]
	// Agents also named by an earlier group get that group's rules.
	var alone []Agent
	global := false
	for _, a := range g.Agents {
		if k := agentKey(a); k != "" && l.firstGroup[k] == gi {
			alone = append(alone, a)
			global = global || a.Global
		}
	}
	if len(alone) == 0 {
		return
	}
	first, last, n := alone[0].Line, g.Agents[len(g.Agents)-1].Line, len(alone)
	who := agentList(alone)
	if !global && l.globalHasRules() {
		l.add(first, 0, SeverityError, "group-no-rules",
			"the group for ", who, " has no rules, so Google lets ", itThem(n), " fetch everything and ignores the \"*\" group's rules for ",
			itThem(n), " — add the rules meant for ", itThem(n), " after line ", strconv.Itoa(last), ", or remove the group.")
		return
	}
	l.add(first, 0, SeverityWarning, "group-no-rules",
		"the group for ", who, " has no rules, so Google lets ", itThem(n), " fetch everything — add its rules after line ",
		strconv.Itoa(last), " (an empty ", quote("Disallow:"), " says \"allow everything\" explicitly), or remove the group.")
}

func (l *linter) globalHasRules() bool {
	for _, gi := range l.r.global.groups {
		for _, rule := range l.r.Groups[gi].Rules {
			if rule.Pattern != "" {
				return true
			}
		}
	}
	return false
}

// global looks at the "*" groups and Googlebot's: whether they block the
// whole site, and which named crawlers escape the "*" rules.
func (l *linter) global() {
	for _, n := range l.blockLines(l.r.byToken["googlebot"].groups) {
		l.add(n, 0, SeverityWarning, "blocks-all",
			"this rule blocks Googlebot from the whole site, so Google can no longer crawl its pages — remove it unless that is meant.")
	}
	lines := l.blockLines(l.r.global.groups)
	if lines == nil {
		l.notInherited()
		return
	}
	// The "*" group shuts everything; named groups are then exceptions by
	// design, and not inheriting the block is the point.
	for _, n := range lines {
		l.add(n, 0, SeverityWarning, "blocks-all",
			"this rule in the \"*\" group blocks the whole site for every crawler that has no group of its own — remove it unless the site must stay out of search engines.")
	}
}

// blockLines are the lines of the Disallow rules that block every path for
// the crawlers the groups apply to (merged, as Google merges them), nil
// when an Allow of every path is as long and so wins the tie.
func (l *linter) blockLines(groups []int) []int {
	allowAll, blockAll := 0, 0
	var lines []int
	for _, gi := range groups {
		for _, rule := range l.r.Groups[gi].Rules {
			if !matchesEverything(rule.Pattern) {
				continue
			}
			if rule.Allow {
				allowAll = max(allowAll, len(rule.Pattern))
			} else {
				blockAll = max(blockAll, len(rule.Pattern))
				lines = append(lines, rule.Line)
			}
		}
	}
	if blockAll <= allowAll {
		return nil
	}
	return lines
}

// notInherited notes, for each group naming crawlers, that those crawlers
// do not also obey the "*" group's rules (robots.cc, disallow(): a group
// naming the agent makes "*" ignored). Said only when the "*" groups have
// rules this group lacks and this group does not block everything anyway.
func (l *linter) notInherited() {
	r := l.r
	named := false
	for gi := range r.Groups {
		named = named || len(r.Groups[gi].Rules) > 0 && !slices.ContainsFunc(r.Groups[gi].Agents, func(a Agent) bool { return a.Global })
	}
	if !named {
		return
	}
	// globalRules maps each rule of the "*" groups to the last group that
	// was found to repeat it, so each group counts what it repeats with no
	// map of its own.
	globalRules := map[ruleKey]int{}
	firstGlobal := 0
	for _, gi := range r.global.groups {
		for _, rule := range r.Groups[gi].Rules {
			if rule.Pattern != "" {
				globalRules[ruleKey{rule.Allow, rule.Pattern}] = -1
				if firstGlobal == 0 {
					firstGlobal = rule.Line
				}
			}
		}
	}
	if len(globalRules) == 0 {
		return
	}
	for gi := range r.Groups {
		g := &r.Groups[gi]
		named := len(g.Rules) > 0
		for _, a := range g.Agents {
			named = named && !a.Global
		}
		if !named {
			continue
		}
		shared, blocks := 0, false
		for _, rule := range g.Rules {
			k := ruleKey{rule.Allow, rule.Pattern}
			if last, ok := globalRules[k]; ok && last != gi {
				globalRules[k] = gi
				shared++
			}
			blocks = blocks || !rule.Allow && matchesEverything(rule.Pattern)
		}
		if blocks || shared == len(globalRules) {
			continue
		}
		missing := len(globalRules) - shared
		l.add(g.Agents[0].Line, 0, SeverityInfo, "global-not-inherited",
			"Google applies only this group to ", agentList(g.Agents), ", never the \"*\" group (from line ", strconv.Itoa(firstGlobal), "), and ",
			strconv.Itoa(missing), " rule", plural(missing), " of the \"*\" group ", isAre(missing), " not repeated here — repeat those that should apply to ",
			itThem(len(g.Agents)), " too.")
	}
}

// shown quotes text from the file for a message: bytes that are not
// printable UTF-8 are written as \xNN, long text is shortened.
func shown(s string) string {
	clean := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == 0x7F || c >= 0x80 {
			clean = false
			break
		}
	}
	if clean {
		return quote(s)
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1, r < 0x20, r == 0x7F:
			b.WriteString(`\x` + hexByte(s[i]))
		// strconv.IsGraphic is unicode.IsGraphic (categories L, M, N, P, S,
		// Zs; strconv/makeisprint.go checks they agree) in the compact
		// tables fmt links anyway: unicode's range tables for it are 12 KB
		// of app.wasm.
		case !strconv.IsGraphic(r) || unicode.Is(unicode.Cf, r) || r > 0x7F && unicode.IsSpace(r):
			// Invisible: written as \u200D so the reader sees it.
			q := strconv.QuoteRuneToASCII(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return quote(b.String())
}

// thousands writes n with commas: 16,663.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
