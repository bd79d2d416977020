package engine

import (
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
//	content-signal-syntax warning           a Content-Signal line that is not well formed (lintkey.go)
//
// The audit (engine/ai/audit.go) adds its own codes, about AI crawlers:
// ai-retired-token, ai-unknown-token, ai-control-token, ai-user-fetch,
// ai-uneven-operator, content-signal-note and content-signal-conflict; its
// header says what each means.
//
// Codes never change meaning; new findings get new codes.
//
// A file over 500 KiB is linted as Googlebot gets it (Lint, LintCut): the
// part it reads, with file-too-large at the cut. Lines past the cut get no
// finding: Googlebot never reads them, and file-too-large names them.

// Lint reports what in r deserves attention, sorted by line, as Googlebot
// gets the file: when r's body is over GooglebotFetchLimit, Lint lints the
// part Googlebot reads (parsed again, cut by FetchLimit) and reports the cut
// as file-too-large; the lines past the cut are not linted, since Googlebot
// never reads them (google-crawling.md §3). A caller that already parsed
// the cut passes it to LintCut instead. Lint runs in time linear in the size
// of the file and never panics.
func Lint(r *Robots) Diagnostics {
	if len(r.Body) > GooglebotFetchLimit {
		c := FetchLimit([]byte(r.Body))
		return LintCut(c, Parse(c.Body))
	}
	return lint(Cut{Size: len(r.Body), Limit: len(r.Body)}, r)
}

// LintCut reports what deserves attention in the bytes Googlebot reads of a
// file: c is FetchLimit of the whole body and r is Parse(c.Body). When c is
// Truncated the findings include file-too-large at the cut, and the lines
// past it, which r does not hold, have no findings. An r that holds more
// than Googlebot reads is linted as Lint does.
func LintCut(c Cut, r *Robots) Diagnostics {
	if len(r.Body) > GooglebotFetchLimit {
		return Lint(r)
	}
	return lint(c, r)
}

func lint(c Cut, r *Robots) Diagnostics {
	l := linter{r: r}
	l.file()
	if c.Truncated {
		l.fetchLimit(c)
	}
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
	case r.BOM == len(UTF8BOM):
		l.add(1, 0, SeverityInfo, "bom",
			"the file starts with a UTF-8 byte-order mark; Google skips it, but some other crawlers read it as part of the first key — save the file as UTF-8 without a BOM.")
	case r.BOM > 0:
		l.add(1, 0, SeverityWarning, "partial-bom",
			"the file starts with ", strconv.Itoa(r.BOM), " byte", plural(r.BOM), " of a byte-order mark (0xEF…); Google skips ", itThem(r.BOM),
			", other crawlers read ", itThem(r.BOM), " as part of the first line — remove ", itThem(r.BOM), ".")
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
func (l *linter) fetchLimit(c Cut) {
	size := "the file is " + Thousands(c.Size) + " bytes; Googlebot reads only the first " + Thousands(GooglebotFetchLimit) + " (500 KiB), so "
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
			b.WriteString(`\x` + HexByte(s[i]))
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

// Thousands writes n with commas (16,663), as the engine's sentences do,
// for its neighbours and callers that put counts beside them.
func Thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
