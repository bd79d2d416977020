package engine

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// The linter's look at each line on its own: its bytes (length, NUL,
// UTF-8), a line Google drops, and the key of a directive (typos, a
// missing colon, a suffix). What depends on other lines is in lintgroup.go.

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
		long := "the line is " + Thousands(ln.End-ln.Start) + " bytes long; Google keeps only its first " + Thousands(MaxLineLen)
		switch {
		case comment >= 0:
			l.add(ln.Number, MaxLineLen+1, SeverityInfo, "line-too-long", long, ", which cuts only the comment — shorten the comment.")
		case ln.NUL:
			l.add(ln.Number, MaxLineLen+1, SeverityInfo, "line-too-long", long, ", which cuts only bytes after a NUL byte — shorten the line.")
		case ln.Kind == KindAllow || ln.Kind == KindDisallow || ln.Kind == KindUserAgent || ln.Kind == KindSitemap:
			v := ln.Value(r.Body)
			l.add(ln.Number, MaxLineLen+1, SeverityError, "line-too-long", long,
				", so it reads the value as ", shown(v), " (", Thousands(len(v)), " bytes) — shorten it, or split it into several shorter rules.")
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
		at := "byte 0x" + HexByte(seen[bad]) + " at column " + strconv.Itoa(bad+1) + " is not valid UTF-8"
		inValue := comment < 0 || bad < comment
		switch {
		case inValue && (ln.Kind == KindAllow || ln.Kind == KindDisallow):
			l.add(ln.Number, bad+1, SeverityWarning, "invalid-utf8", at, "; Google matches it as %", HexByte(seen[bad]),
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

func HexByte(c byte) string { return string([]byte{upperHex[c>>4], upperHex[c&15]}) }

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
		if HasPrefixFold(key, k.prefix) {
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
	case HasPrefixFold(text, "http://") || HasPrefixFold(text, "https://"):
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
		if (ln.Kind == KindAllow || ln.Kind == KindDisallow) && (HasPrefixFold(written, "http://") || HasPrefixFold(written, "https://")) {
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
		if c := s[i]; !(IsTokenByte(c) || '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}
