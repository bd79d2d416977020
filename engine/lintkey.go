package engine

import "strings"

// The linter's look at keys Google does not use: those its reporter knows
// as other crawlers' directives, and misspellings of the keys it reads.

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
	lower := LowerASCII(key)
	if k, ok := ignoredKeys[lower]; ok {
		l.add(ln.Number, 0, k.sev, "ignored-directive", k.what)
		if lower == "content-signal" {
			l.lintContentSignal(ln)
		}
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

// Content signals: "Content-Signal: search=yes, ai-train=no" lines, which
// state how a site wants its content used (contentsignals.org; Cloudflare's
// managed robots.txt writes them). Google's parser ignores the key, so the
// linter only checks that a line is well formed (content-signal-syntax);
// engine/ai reads what the lines declare and compares it with the groups.

// The uses a signal names (contentsignals.org): search, building a search
// index and showing links and short excerpts (not AI summaries); ai-input,
// putting content into an AI model at answer time (retrieval, grounding);
// ai-train, training or fine-tuning models.
const (
	SignalSearch  = "search"
	SignalAIInput = "ai-input"
	SignalAITrain = "ai-train"
)

// SignalUse is one use a signal line declares.
type SignalUse struct {
	Use string // SignalSearch, SignalAIInput or SignalAITrain
	Yes bool
}

// lintContentSignal reports a malformed Content-Signal line (lint.go's
// content-signal-syntax), one finding per problem.
func (l *linter) lintContentSignal(ln *Line) {
	_, problems := ReadContentSignal(ln.Value(l.r.Body))
	for _, p := range problems {
		l.add(ln.Number, 0, SeverityWarning, "content-signal-syntax", "in the Content-Signal line, "+p)
	}
}

// ReadContentSignal reads a Content-Signal line's value "search=yes,
// ai-train=no": uses separated by commas, each a known use, "=", and yes
// or no. The problems are sentences for the parts that are not well
// formed, each with its fix; engine/ai reads the signals for its audit.
func ReadContentSignal(value string) (uses []SignalUse, problems []string) {
	example := " — write it as search=yes, ai-input=yes, ai-train=no."
	if trimSpace(value) == "" {
		problems = append(problems, "the signal is empty"+example)
		return uses, problems
	}
	seen := map[string]bool{}
	for _, part := range strings.Split(value, ",") {
		part = trimSpace(part)
		if part == "" {
			problems = append(problems, "an empty entry between commas declares nothing — remove the extra comma.")
			continue
		}
		key, val, ok := strings.Cut(part, "=")
		key, val = LowerASCII(trimSpace(key)), LowerASCII(trimSpace(val))
		switch {
		case !ok:
			problems = append(problems, shown(part)+" has no \"=\""+example)
			continue
		case key != SignalSearch && key != SignalAIInput && key != SignalAITrain:
			problems = append(problems, shown(key)+" is not a use content signals define (search, ai-input, ai-train)"+closestUse(key))
			continue
		case val != "yes" && val != "no":
			problems = append(problems, key+"="+shown(val)+" is neither yes nor no — write "+key+"=yes or "+key+"=no.")
			continue
		case seen[key]:
			problems = append(problems, key+" is declared twice on the line — keep one.")
			continue
		}
		seen[key] = true
		uses = append(uses, SignalUse{Use: key, Yes: val == "yes"})
	}
	return uses, problems
}

// closestUse suggests the use a misspelt key meant ("ai_train",
// "ai-training").
func closestUse(key string) string {
	norm := strings.NewReplacer("_", "-", " ", "-").Replace(key)
	for _, u := range []string{SignalAITrain, SignalAIInput, SignalSearch} {
		if strings.HasPrefix(norm, u) || strings.HasPrefix(u, norm) && len(norm) > 3 {
			return " — write " + u + " instead."
		}
	}
	return " — remove it, or use one of those three."
}
