package engine

import (
	"slices"
	"strconv"
	"strings"
)

// The linter's look across lines: agents named twice or joined into one
// group, groups without rules or repeating rules, and the "*" group's reach.

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
	return LowerASCII(a.Token)
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
	for _, n := range l.blockLines(l.r.byToken.get("googlebot").groups) {
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
