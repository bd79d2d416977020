package ai

import (
	"strconv"
	"strings"

	"robotstester/engine"
	"robotstester/engine/catalogue"
)

// Content signals: "Content-Signal: search=yes, ai-train=no" lines, which
// state how a site wants its content used (contentsignals.org; Cloudflare's
// managed robots.txt writes them). They sit in a group and speak for the
// crawlers that group applies to. Google's parser ignores the key (its
// reporter calls it unknown), so a signal keeps no crawler out: only the
// file's groups do. The audit compares the two (audit.go). A value's
// syntax is engine's (engine.ReadContentSignal), which lint checks too.

// ContentSignal is one Content-Signal line.
type ContentSignal struct {
	Line int
	// Group is the index into Robots.Groups of the group the line sits
	// in, -1 before any user-agent line (it then speaks for every crawler).
	Group     int
	GroupLine int                // the first user-agent line of that group, 0 for none
	Uses      []engine.SignalUse // the well-formed uses, in line order
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
func isContentSignal(r *engine.Robots, ln *engine.Line) bool {
	return ln.Kind == engine.KindUnknown && engine.LowerASCII(ln.Key(r.Body)) == "content-signal"
}

// ContentSignals reads r's Content-Signal lines, in file order.
func ContentSignals(r *engine.Robots) []ContentSignal {
	var out []ContentSignal
	group := -1
	for i := range r.Lines {
		ln := &r.Lines[i]
		if ln.Group >= 0 {
			group = ln.Group
		}
		if isContentSignal(r, ln) {
			var s ContentSignal
			s.Uses, s.Problems = engine.ReadContentSignal(ln.Value(r.Body))
			s.Line, s.Group = ln.Number, group
			if group >= 0 {
				s.GroupLine = r.Groups[group].Agents[0].Line
			}
			out = append(out, s)
		}
	}
	return out
}

// signalPurposes are the AI purposes whose crawlers a use speaks for:
// training for ai-train (a control token governs training use), answer
// indexes and user-triggered fetches for ai-input. search is classic
// search, which no AI crawler of the catalogue does.
func signalPurposes(use string) []catalogue.AIPurpose {
	switch use {
	case engine.SignalAITrain:
		return []catalogue.AIPurpose{catalogue.PurposeTraining, catalogue.PurposeControl}
	case engine.SignalAIInput:
		return []catalogue.AIPurpose{catalogue.PurposeSearch, catalogue.PurposeUser}
	}
	return nil
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
func groupName(r *engine.Robots, gi int) string {
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
