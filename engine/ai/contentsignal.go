package engine

import (
	"strconv"
	"strings"
)

// Content signals: "Content-Signal: search=yes, ai-train=no" lines, which
// state how a site wants its content used (contentsignals.org; Cloudflare's
// managed robots.txt writes them). They sit in a group and speak for the
// crawlers that group applies to. Google's parser ignores the key (its
// reporter calls it unknown), so a signal keeps no crawler out: only the
// file's groups do. The audit compares the two (audit.go).

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

// ContentSignal is one Content-Signal line.
type ContentSignal struct {
	Line int
	// Group is the index into Robots.Groups of the group the line sits
	// in, -1 before any user-agent line (it then speaks for every crawler).
	Group     int
	GroupLine int         // the first user-agent line of that group, 0 for none
	Uses      []SignalUse // the well-formed uses, in line order
	// Problems are sentences for the parts that are not well formed, each
	// with its fix.
	Problems []string
}

// Says returns what the line declares for use, and whether it declares it.
func (s ContentSignal) Says(use string) (yes, ok bool) {
	for _, u := range s.Uses {
		if u.Use == use {
			return u.Yes, true
		}
	}
	return false, false
}

// isContentSignal reports whether ln is a Content-Signal line.
func isContentSignal(r *Robots, ln *Line) bool {
	return ln.Kind == KindUnknown && LowerASCII(ln.Key(r.Body)) == "content-signal"
}

// ContentSignals reads r's Content-Signal lines, in file order.
func ContentSignals(r *Robots) []ContentSignal {
	var out []ContentSignal
	group := -1
	for i := range r.Lines {
		ln := &r.Lines[i]
		if ln.Group >= 0 {
			group = ln.Group
		}
		if isContentSignal(r, ln) {
			s := readSignal(ln.Value(r.Body))
			s.Line, s.Group = ln.Number, group
			if group >= 0 {
				s.GroupLine = r.Groups[group].Agents[0].Line
			}
			out = append(out, s)
		}
	}
	return out
}

// readSignal reads the value "search=yes, ai-train=no": uses separated by
// commas, each a known use, "=", and yes or no.
func readSignal(value string) ContentSignal {
	var s ContentSignal
	example := " — write it as search=yes, ai-input=yes, ai-train=no."
	if trimSpace(value) == "" {
		s.Problems = append(s.Problems, "the signal is empty"+example)
		return s
	}
	seen := map[string]bool{}
	for _, part := range strings.Split(value, ",") {
		part = trimSpace(part)
		if part == "" {
			s.Problems = append(s.Problems, "an empty entry between commas declares nothing — remove the extra comma.")
			continue
		}
		key, val, ok := strings.Cut(part, "=")
		key, val = LowerASCII(trimSpace(key)), LowerASCII(trimSpace(val))
		switch {
		case !ok:
			s.Problems = append(s.Problems, shown(part)+" has no \"=\""+example)
			continue
		case key != SignalSearch && key != SignalAIInput && key != SignalAITrain:
			s.Problems = append(s.Problems, shown(key)+" is not a use content signals define (search, ai-input, ai-train)"+closestUse(key))
			continue
		case val != "yes" && val != "no":
			s.Problems = append(s.Problems, key+"="+shown(val)+" is neither yes nor no — write "+key+"=yes or "+key+"=no.")
			continue
		case seen[key]:
			s.Problems = append(s.Problems, key+" is declared twice on the line — keep one.")
			continue
		}
		seen[key] = true
		s.Uses = append(s.Uses, SignalUse{Use: key, Yes: val == "yes"})
	}
	return s
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

// signalPurposes are the AI purposes whose crawlers a use speaks for:
// training for ai-train (a control token governs training use), answer
// indexes and user-triggered fetches for ai-input. search is classic
// search, which no AI crawler of the catalogue does.
func signalPurposes(use string) []AIPurpose {
	switch use {
	case SignalAITrain:
		return []AIPurpose{PurposeTraining, PurposeControl}
	case SignalAIInput:
		return []AIPurpose{PurposeSearch, PurposeUser}
	}
	return nil
}

// lintContentSignal reports a malformed Content-Signal line (lint.go's
// content-signal-syntax), one finding per problem.
func (l *linter) lintContentSignal(ln *Line) {
	for _, p := range readSignal(ln.Value(l.r.Body)).Problems {
		l.add(ln.Number, 0, SeverityWarning, "content-signal-syntax", "in the Content-Signal line, "+p)
	}
}

// Declared writes the uses as declared: "search=yes, ai-train=no".
func (s ContentSignal) Declared() string {
	parts := make([]string, len(s.Uses))
	for i, u := range s.Uses {
		v := "no"
		if u.Yes {
			v = "yes"
		}
		parts[i] = u.Use + "=" + v
	}
	return strings.Join(parts, ", ")
}

// groupName names group gi for a sentence: "the * group at line 3", "the
// group at line 7 (GPTBot, CCBot)", or "no group" for -1.
func groupName(r *Robots, gi int) string {
	if gi < 0 || gi >= len(r.Groups) {
		return "no group (before the first User-agent line)"
	}
	g := r.Groups[gi]
	names := make([]string, 0, len(g.Agents))
	global := false
	for _, a := range g.Agents {
		if a.Global {
			global = true
			names = append(names, "*")
		} else if a.Token != "" {
			names = append(names, a.Token)
		}
	}
	line := strconv.Itoa(g.Agents[0].Line)
	if global && len(names) == 1 {
		return "the * group at line " + line
	}
	if len(names) > 4 {
		names = append(names[:4], "…")
	}
	return "the group at line " + line + " (" + strings.Join(names, ", ") + ")"
}
