package engine

import (
	"bytes"
	"encoding/binary"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Explanation is a Result told in sentences a webmaster understands. The UI
// renders these words; it never composes its own account of a decision.
type Explanation struct {
	Verdict string   // the decision and the reason for it
	Group   string   // which group(s) applied, and why ("*" used or ignored)
	Rules   []string // one sentence per matching rule, in line order
	Agent   string   // how the agent was read, when it was not a valid token
	Path    string   // what the rules were matched against
}

// LineText returns line n (1-based) as it appears in the body, without its
// line break, or "" when there is no such line.
func (r *Robots) LineText(n int) string {
	if n < 1 || n > len(r.Lines) {
		return ""
	}
	ln := r.Lines[n-1]
	return r.Body[ln.Start:ln.End]
}

// RuleText is the rule on line n as Google read it: "Disallow: /fish".
func (r *Robots) RuleText(n int) string {
	if n < 1 || n > len(r.Lines) {
		return ""
	}
	ln := &r.Lines[n-1]
	if ln.Kind == KindAllow || ln.Kind == KindDisallow {
		return r.ruleText(ln)
	}
	return strings.TrimSpace(r.LineText(n))
}

// ruleText is strings.TrimSpace(shownKey(ln) + ln's value). Most lines are written
// that way, key and value with one space between and nothing trimmed at
// the end, and their text is then the body's own, with no copy: the script
// API answers with a rule and its reason for every URL (issue 26).
func (r *Robots) ruleText(ln *Line) string {
	if text, ok := r.ruleTextAsWritten(ln); ok {
		return text
	}
	return strings.TrimSpace(shownKey(ln) + ln.Value(r.Body))
}

// AppendRuleText appends RuleText(n) to b, making no string of its own:
// the script API tells a new handle's first answer its rule, and in
// js/wasm an allocation costs about as much as the answer (issue 26).
func (r *Robots) AppendRuleText(b []byte, n int) []byte {
	if n >= 1 && n <= len(r.Lines) {
		if ln := &r.Lines[n-1]; ln.Kind == KindAllow || ln.Kind == KindDisallow {
			if text, ok := r.ruleTextAsWritten(ln); ok {
				return append(b, text...)
			}
			// ruleText's TrimSpace: the key starts with a letter, so only
			// the end is trimmed, and mostly there is nothing to trim.
			key, v := shownKey(ln), ln.Value(r.Body)
			if v == "" {
				return append(b, key[:len(key)-1]...)
			}
			start := len(b)
			b = append(append(b, key...), v...)
			if c := v[len(v)-1]; c < utf8.RuneSelf && !isSpace(c) {
				return b
			}
			return b[:start+len(bytes.TrimRightFunc(b[start:], unicode.IsSpace))]
		}
	}
	return append(b, r.RuleText(n)...)
}

// shownKey is how an allow or disallow line's key is shown, with the space
// after it.
func shownKey(ln *Line) string {
	if ln.Kind == KindDisallow {
		return "Disallow: "
	}
	return "Allow: "
}

// ruleTextAsWritten is ruleText when the file wrote the rule as it is
// shown ("Disallow: /x", the key spelt so and one space), a piece of the
// body: ok is false when it must be made.
func (r *Robots) ruleTextAsWritten(ln *Line) (text string, ok bool) {
	key, v := shownKey(ln), ln.Value(r.Body)
	if n := len(key); int(ln.valueStart) == n && r.Body[ln.Start:ln.Start+n] == key &&
		v != "" && v[len(v)-1] < utf8.RuneSelf && !isSpace(v[len(v)-1]) {
		return r.Body[ln.Start : ln.Start+n+len(v)], true
	}
	return "", false
}

// Explain tells res in sentences. res must come from r.
func (r *Robots) Explain(res Result) Explanation {
	e := Explanation{
		Group: r.explainGroup(res),
		Path:  "Matched against " + quote(res.Path) + ": the URL's path and query exactly as given (Google does not decode or normalise it; a #fragment is never part of it).",
	}
	if res.Agent.Cut {
		e.Agent = explainAgent(res)
	}
	for _, m := range res.Matches {
		e.Rules = append(e.Rules, r.explainMatch(m))
	}
	e.Verdict = r.explainVerdict(res)
	return e
}

// Why is Explain(res).Verdict alone: the decision and its reason, for a
// caller that writes one line a URL and would throw the rest away (the
// command line's test streams a million URLs).
func (r *Robots) Why(res Result) string { return r.explainVerdict(res) }

// WhichGroup is Explain(res).Group alone, for a caller that shows the
// verdict and the group and nothing else (the script API's answer, one
// object a URL, where the other sentences would cost as much as the test).
func (r *Robots) WhichGroup(res Result) string { return r.explainGroup(res) }

func explainAgent(res Result) string {
	a := res.Agent
	var b strings.Builder
	b.WriteString(quote(a.Input) + " is not a product token (only letters, '-' and '_'). ")
	if a.Token == "" {
		b.WriteString("No token can be read from it, so only the * group can apply. ")
	} else {
		b.WriteString("It is read as " + quote(a.Token) + ", the way Google reads a user-agent line. ")
	}
	if v := res.Verbatim; v != nil {
		b.WriteString("Google's matcher given " + quote(a.Input) + " as it is would compare it whole, match ")
		if v.Source == SourceSpecific {
			b.WriteString("a group naming it")
		} else {
			b.WriteString("no group naming it")
		}
		b.WriteString(" and answer " + verdictWord(v.Allowed))
		if v.Line > 0 {
			b.WriteString(" (line " + strconv.Itoa(v.Line) + ")")
		}
		b.WriteString(". ")
	}
	b.WriteString("Test with the crawler's product token, such as " + quote(orExample(a.Token)) + ".")
	return b.String()
}

func orExample(token string) string {
	if token == "" {
		return "Googlebot"
	}
	return token
}

func (r *Robots) explainGroup(res Result) string { return r.GroupWords(res).Sentence() }

// GroupWords is what WhichGroup's sentence is told from: results with
// equal GroupWords (Equal) are told the same sentence, on one file or on
// two. A caller keeping the sentence (the script API, which answers with
// it for every URL) compares them instead of telling it again when a file
// is parsed anew with its user-agent lines where they were.
type GroupWords struct {
	Crawler, Token string
	Tokens         []string
	Source         Source
	ObeysGlobal    bool
	GlobalIgnored  bool
	Lines          []int // where each group that applied is named: its first user-agent line
	GlobalLines    []int // where each * group is named: its first "User-agent: *"
}

// GroupWords reads res's group sentence's words from r.
func (r *Robots) GroupWords(res Result) GroupWords {
	var w GroupWords
	r.ReadGroupWords(res, &w)
	return w
}

// ReadGroupWords is GroupWords into w, its lines written over the room
// w's slices hold, and its Tokens res's own.
func (r *Robots) ReadGroupWords(res Result, w *GroupWords) {
	*w = GroupWords{
		Crawler: res.Crawler, Token: res.Token, Tokens: res.Tokens, Source: res.Source,
		ObeysGlobal: res.ObeysGlobal, GlobalIgnored: res.GlobalIgnored,
		Lines:       r.appendAgentLines(w.Lines[:0], res.Groups, false),
		GlobalLines: r.appendAgentLines(w.GlobalLines[:0], r.global.groups, true),
	}
}

// HasGroupWords says whether ReadGroupWords(res, ...) would read w: the
// same sentence, compared where r holds its words, without reading them
// into a GroupWords first. The script API asks it at each new file's
// first answer, to tell the last sentence's number again (issue 26).
func (r *Robots) HasGroupWords(res Result, w *GroupWords) bool {
	return w.Crawler == res.Crawler && w.Token == res.Token && w.Source == res.Source &&
		w.ObeysGlobal == res.ObeysGlobal && w.GlobalIgnored == res.GlobalIgnored && slices.Equal(w.Tokens, res.Tokens) &&
		r.agentLinesAre(w.Lines, res.Groups, false) && r.agentLinesAre(w.GlobalLines, r.global.groups, true)
}

// agentLinesAre says whether appendAgentLines(nil, groups, globalOnly)
// would give lines.
func (r *Robots) agentLinesAre(lines []int, groups []int, globalOnly bool) bool {
	n := 0
	for _, gi := range groups {
		for _, a := range r.Groups[gi].Agents {
			if !globalOnly || a.Global {
				if n == len(lines) || lines[n] != a.Line {
					return false
				}
				n++
				break
			}
		}
	}
	return n == len(lines)
}

// Equal says whether w and o tell the same sentence. Both by pointer: in
// js/wasm the two copies cost the script API's first answer of a file
// about 3% (issue 26).
func (w *GroupWords) Equal(o *GroupWords) bool {
	return w.Crawler == o.Crawler && w.Token == o.Token && w.Source == o.Source && w.ObeysGlobal == o.ObeysGlobal &&
		w.GlobalIgnored == o.GlobalIgnored && slices.Equal(w.Tokens, o.Tokens) && slices.Equal(w.Lines, o.Lines) &&
		slices.Equal(w.GlobalLines, o.GlobalLines)
}

// Sentence is the group sentence of WhichGroup.
func (w GroupWords) Sentence() string {
	var b strings.Builder
	who := "this crawler"
	if len(w.Tokens) > 0 {
		who = quote(w.Tokens[0])
	}
	if w.Crawler != "" {
		b.WriteString(w.Crawler + " obeys " + tokenChain(w.Tokens, w.ObeysGlobal) + ". ")
	}
	globals := len(w.GlobalLines)
	switch w.Source {
	case SourceSpecific:
		if w.Token != "" && len(w.Tokens) > 0 && !strings.EqualFold(w.Token, w.Tokens[0]) {
			b.WriteString("No group names " + who + "; it falls back to " + quote(w.Token) + ". ")
		}
		b.WriteString(groupsPhrase(w.Lines, quote(w.Token)))
		if w.GlobalIgnored {
			b.WriteString(" Because a group names " + quote(w.Token) + ", the * group" + plural(globals) + " at " + linesPhrase(w.GlobalLines) + " " + isAre(globals) + " ignored entirely, even rules there that match this URL.")
		}
	case SourceGlobal:
		if len(w.Tokens) == 0 {
			b.WriteString("No crawler token was given, so the * group applies. ")
		} else {
			b.WriteString("No group names " + tokenList(w.Tokens) + ", so the * group applies. ")
		}
		b.WriteString(groupsPhrase(w.Lines, "*"))
	default:
		switch {
		case !w.ObeysGlobal && globals > 0:
			b.WriteString("No group names " + tokenList(w.Tokens) + ", and this crawler ignores the * group (at " + linesPhrase(w.GlobalLines) + "): it needs a group of its own, so nothing here restricts it.")
		case !w.ObeysGlobal:
			b.WriteString("No group names " + tokenList(w.Tokens) + ", and this crawler ignores * groups anyway: nothing here restricts it.")
		case len(w.Tokens) == 0:
			b.WriteString("No crawler token was given and the file has no * group: nothing here restricts it.")
		default:
			b.WriteString("No group names " + tokenList(w.Tokens) + " and the file has no * group: nothing here restricts it.")
		}
	}
	return strings.TrimSpace(b.String())
}

// groupsPhrase: "The rules come from the googlebot group at line 3.", the
// groups named at lines.
func groupsPhrase(lines []int, name string) string {
	if len(lines) == 1 {
		return "The rules come from the " + name + " group at " + linesPhrase(lines) + "."
	}
	return "The rules come from " + strconv.Itoa(len(lines)) + " groups naming " + name + ", at " + linesPhrase(lines) + "; Google merges them into one."
}

// appendAgentLines appends to lines where each of groups is named: its
// first user-agent line, or its first "User-agent: *" when globalOnly.
func (r *Robots) appendAgentLines(lines []int, groups []int, globalOnly bool) []int {
	for _, gi := range groups {
		for _, a := range r.Groups[gi].Agents {
			if !globalOnly || a.Global {
				lines = append(lines, a.Line)
				break
			}
		}
	}
	return lines
}

func linesPhrase(lines []int) string {
	if len(lines) == 1 {
		return "line " + strconv.Itoa(lines[0])
	}
	const most = 6
	var b strings.Builder
	b.WriteString("lines ")
	for i, n := range lines {
		if i == most {
			b.WriteString(" and " + strconv.Itoa(len(lines)-most) + " more")
			break
		}
		if i > 0 {
			if i == len(lines)-1 {
				b.WriteString(" and ")
			} else {
				b.WriteString(", ")
			}
		}
		b.WriteString(strconv.Itoa(n))
	}
	return b.String()
}

func (r *Robots) explainMatch(m Match) string {
	s := "Line " + strconv.Itoa(m.Line) + ", " + quote(r.RuleText(m.Line))
	if m.IndexHTML {
		return s + ", also allows the directory itself: Google tries an allow ending in /index.htm… as " + quote(m.Pattern) + " too (length " + strconv.Itoa(m.Priority) + "), and that matches."
	}
	if m.Priority == 0 {
		return s + ", is empty: it matches every URL with length 0 and decides nothing."
	}
	return s + ", matches with length " + strconv.Itoa(m.Priority) + "."
}

// explainVerdict is the verdict's sentence: by which rule, and why that
// one (AppendWhy).
func (r *Robots) explainVerdict(res Result) string {
	var buf [256]byte // most sentences fit: one allocation, the string's
	return string(r.AppendWhy(buf[:0], res))
}

// AppendWhy appends Why's sentence to b, allocating nothing when b has
// room: the script API writes it straight into its answer (issue 26).
func (r *Robots) AppendWhy(b []byte, res Result) []byte {
	b = append(b, verdictWord(res.Allowed)...)
	switch res.Reason {
	case ReasonNoGroup:
		return append(b, ": no rules apply to this crawler."...)
	case ReasonNoMatch:
		b = appendClip(append(b, noMatchBefore...), res.Path)
		return append(b, noMatchAfter...)
	case ReasonEmptyRule:
		b = strconv.AppendInt(append(b, ": only an empty rule matched (line "...), int64(res.Line), 10)
		return append(b, "); an empty rule decides nothing, so the URL is allowed."...)
	}
	w := res.Matches[res.Winner]
	b = r.appendRuleRef(append(b, " by line "...), w)
	switch o := bestOf(res.Matches, !w.Allow); {
	case res.Reason == ReasonTie:
		b = r.appendRuleRef(append(b, ": it ties with line "...), res.Matches[o])
		return append(b, ", and on a tie Google follows the least restrictive rule, the allow."...)
	case res.Reason == ReasonLonger:
		b = r.appendRuleRef(append(b, ": it is longer than line "...), res.Matches[o])
		return append(b, ", and the longest matching rule wins."...)
	case w.Allow:
		return append(b, ": no disallow rule matches this URL."...)
	default:
		return append(b, ": no allow rule matches this URL."...)
	}
}

// AppendWhyInputs appends to b all that AppendWhy reads to tell res's
// sentence: on any two files, results whose inputs are equal are told
// the same sentence. A caller that numbers sentences by their text for
// every file (the script API) can so find a sentence's number without
// telling it: in js/wasm, telling a rule's sentence cost a tenth of a
// new handle's parse and first answer (issue 26). ok is false for a
// sentence that quotes the URL's path, or a rule whose line is longer
// than maxWhyInputLine bytes; b is then as given.
func (r *Robots) AppendWhyInputs(b []byte, res Result) (_ []byte, ok bool) {
	start := len(b)
	b = append(b, byte(res.Reason), boolByte(res.Allowed))
	switch res.Reason {
	case ReasonNoGroup:
		return b, true
	case ReasonNoMatch:
		return b[:start], false
	case ReasonEmptyRule:
		return binary.AppendUvarint(b, uint64(res.Line)), true
	}
	w := res.Matches[res.Winner]
	if b, ok = r.appendMatchInputs(b, w); !ok {
		return b[:start], false
	}
	if res.Reason == ReasonTie || res.Reason == ReasonLonger {
		if b, ok = r.appendMatchInputs(b, res.Matches[bestOf(res.Matches, !w.Allow)]); !ok {
			return b[:start], false
		}
	}
	return b, true
}

// maxWhyInputLine is the longest line AppendWhyInputs copies.
const maxWhyInputLine = 256

// appendMatchInputs appends what appendRuleRef reads of m: its line's
// number and bytes (its rule's text is read from them), its length, and
// its kind.
func (r *Robots) appendMatchInputs(b []byte, m Match) ([]byte, bool) {
	line := r.LineText(m.Line)
	if len(line) > maxWhyInputLine {
		return b, false
	}
	b = binary.AppendUvarint(b, uint64(m.Line))
	b = binary.AppendUvarint(b, uint64(m.Priority))
	b = append(b, boolByte(m.Allow))
	b = binary.AppendUvarint(b, uint64(len(line)))
	return append(b, line...), true
}

func boolByte(v bool) byte {
	if v {
		return 1
	}
	return 0
}

// appendRuleRef appends "3, `Disallow: /x` (length 2)": m's line, its
// rule and its length.
func (r *Robots) appendRuleRef(b []byte, m Match) []byte {
	b = append(strconv.AppendInt(b, int64(m.Line), 10), ", `"...)
	b = append(r.appendRuleText(b, m.Line), "` (length "...)
	return append(strconv.AppendInt(b, int64(m.Priority), 10), ')')
}

// appendRuleText appends RuleText(n), clipped as a sentence quotes it.
func (r *Robots) appendRuleText(b []byte, n int) []byte {
	return clipFrom(r.AppendRuleText(b, n), len(b))
}

// WhyKey names the sentence Why tells for a Result: on one file, results
// with equal keys are told the same sentence, so a caller answering many
// URLs with their reasons (the script API) can keep each sentence once.
type WhyKey struct {
	Reason  Reason
	Allowed bool
	Line    int // the deciding rule's line (explainVerdict's w), 0 when none
	Other   int // the line of the strongest rule of the other kind, for a tie or a longer match
}

// WhyKey is res's key, read as explainVerdict reads res; ok is false when
// the sentence quotes the URL's path (no rule of the group matched), which
// no key names whole: WhyAround then tells the sentence around the path,
// which the key names.
func (res Result) WhyKey() (key WhyKey, ok bool) {
	key = WhyKey{Reason: res.Reason, Allowed: res.Allowed}
	switch res.Reason {
	case ReasonNoGroup:
		return key, true
	case ReasonNoMatch:
		return key, false
	case ReasonEmptyRule:
		key.Line = res.Line
		return key, true
	}
	w := res.Matches[res.Winner]
	key.Line = w.Line
	if res.Reason == ReasonTie || res.Reason == ReasonLonger {
		key.Other = res.Matches[bestOf(res.Matches, !w.Allow)].Line
	}
	return key, true
}

// The sentence of a URL no rule of its group matched, around the path
// it quotes.
const (
	noMatchBefore = ": no rule of the group matches `"
	noMatchAfter  = "`, and what is not disallowed is allowed."
)

// WhyAround is Why(res) cut around the URL's path, for a sentence that
// quotes it whole: Why(res) is before + res.Path + after. The two
// depend on res's WhyKey alone, so a caller that keeps them by key
// (the script API) tells a reason with no new text. ok is false for
// every other sentence, and for a path too long to quote whole.
func (r *Robots) WhyAround(res Result) (before, after string, ok bool) {
	if res.Reason != ReasonNoMatch || clip(res.Path) != res.Path {
		return "", "", false
	}
	if res.Allowed {
		return "Allowed" + noMatchBefore, noMatchAfter, true
	}
	return "Blocked" + noMatchBefore, noMatchAfter, true
}

// bestOf is the index of the strongest match of one kind, -1 when none.
func bestOf(ms []Match, allow bool) int {
	best := -1
	for i, m := range ms {
		if m.Allow == allow && (best < 0 || m.Priority > ms[best].Priority) {
			best = i
		}
	}
	return best
}

func verdictWord(allowed bool) string {
	if allowed {
		return "Allowed"
	}
	return "Blocked"
}

func tokenList(tokens []string) string {
	q := make([]string, len(tokens))
	for i, t := range tokens {
		q[i] = quote(t)
	}
	switch len(q) {
	case 0:
		return "this crawler"
	case 1:
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
}

// tokenChain: "`Googlebot-Image`, else `Googlebot`, else the * group".
func tokenChain(tokens []string, obeysGlobal bool) string {
	q := make([]string, 0, len(tokens)+1)
	for _, t := range tokens {
		q = append(q, quote(t))
	}
	if obeysGlobal {
		q = append(q, "the * group")
	}
	if len(q) == 0 {
		return "no group"
	}
	s := "the groups naming " + strings.Join(q, ", else ")
	if !obeysGlobal {
		s += " and never the * group"
	}
	return s
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func isAre(n int) string { return Agree(n, "is", "are") }

// Agree is one when n is 1 and many otherwise: the word a sentence about n
// things takes ("is" or "are", "its" or "their"), for the engine's
// messages and those of the packages built on it (engine/ai).
func Agree(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Quote marks a value off in a sentence as every message of the engine
// does (quote), for the packages built on it (engine/ai).
func Quote(s string) string { return quote(s) }

// Plain is one of the engine's sentences as plain text, for a CSV cell or
// a terminal: the values quote sets off in backticks for the page to show
// as code (`Disallow: /x`) are put in double quotes instead. A sentence with
// an unmatched backtick is kept as written, as the page keeps it
// (wasm/widget/sentence.go).
func Plain(s string) string {
	if !strings.Contains(s, "`") || strings.Count(s, "`")%2 != 0 {
		return s
	}
	return strings.ReplaceAll(s, "`", `"`)
}

// quote marks a value off in a sentence; long values are shortened.
func quote(s string) string {
	return "`" + clip(s) + "`"
}

// clip cuts s after 120 bytes (at a letter's start), marked "…", for a
// sentence to quote.
// appendClip appends clip(s).
func appendClip(b []byte, s string) []byte {
	return clipFrom(append(b, s...), len(b))
}

// clipFrom clips b[start:] as clip does.
func clipFrom(b []byte, start int) []byte {
	const most = 120
	if len(b)-start <= most {
		return b
	}
	cut := start + most
	for cut > start && !utf8.RuneStart(b[cut]) {
		cut--
	}
	return append(b[:cut], "…"...)
}

func clip(s string) string {
	const most = 120
	if len(s) > most {
		cut := most
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}
