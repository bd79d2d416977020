package ai

import (
	"errors"
	"slices"
	"strings"

	"robotstester/engine"
	"robotstester/engine/catalogue"
)

// A policy: which AI crawlers may read the site, chosen per purpose and,
// where wanted, per operator ("AI training blocked, AI search allowed,
// but OpenAI allowed throughout"). ApplyPolicy writes the smallest change
// to a robots.txt that makes the audit (audit.go) meet it: groups that
// already hold only the crawlers being changed are edited in place, a
// crawler named in a group shared with others is taken out of it, and the
// crawlers left are added to a group that already gives the wanted answer
// or to one new group per answer. Only the site root is decided: a crawler
// to block gets "Disallow: /", one to allow loses the rules that block "/".
// engine.Compare (engine/diff.go) then lists every verdict that flips.

// Unmet lists the crawlers of au whose root verdict policy p does not
// get: those with tokens are what ApplyPolicy changes; those without
// (which ignore robots.txt) no robots.txt can change.
func Unmet(p catalogue.Policy, au Audit) []AuditCrawler {
	var out []AuditCrawler
	for _, c := range au.Crawlers {
		if allow, ok := p.Wants(c.Operator, c.Purpose); ok && allow != c.Allowed {
			out = append(out, c)
		}
	}
	return out
}

// PolicyEdit is one change ApplyPolicy made, in the lines of the old file.
type PolicyEdit struct {
	Line   int  // the old file's line removed, or the line the text was added after (0: at the start)
	Remove bool // the line was removed; else Text was added
	Text   string
}

// PolicyChange is what ApplyPolicy proposes.
type PolicyChange struct {
	Text  string       // the new robots.txt
	Edits []PolicyEdit // in line order
	// Changed are the crawlers whose root verdict the change flips;
	// Unreachable those the policy wants otherwise that have no token, so
	// no robots.txt reaches them.
	Changed, Unreachable []string
}

// ApplyPolicy proposes the smallest change to r's text that makes every
// crawler of the audit with a token get the root verdict p wants. The
// result is checked by auditing it again; an error says which crawler it
// could not move (none is known to fail).
func ApplyPolicy(r *engine.Robots, p catalogue.Policy) (PolicyChange, error) {
	want := map[string]bool{} // lower-cased own token → wanted verdict
	var change PolicyChange
	for _, c := range Unmet(p, AuditOf(r, nil)) {
		if len(c.Tokens) == 0 {
			change.Unreachable = append(change.Unreachable, c.Name)
			continue
		}
		want[strings.ToLower(c.Tokens[0])] = !c.Allowed
		change.Changed = append(change.Changed, c.Name)
	}
	if len(want) == 0 {
		change.Text = r.Body
		return change, nil
	}
	// Step 1: groups that name the tokens to change.
	ed := newTextEdit(r)
	for gi := range r.Groups {
		g := &r.Groups[gi]
		named, target, own := policyGroup(g, want)
		if len(named) == 0 {
			continue
		}
		if own {
			ed.setRoot(gi, target)
			continue
		}
		// Shared with crawlers the policy does not move: take ours out.
		for _, a := range g.Agents {
			if !a.Global && slices.Contains(named, strings.ToLower(a.Token)) {
				ed.remove(a.Line)
			}
		}
	}
	first := ed.text()
	// Step 2: the crawlers still not where the policy wants them join a
	// group that gives the wanted answer, or a new one.
	r1 := engine.Parse([]byte(first))
	left := map[bool][]string{}
	for _, c := range Unmet(p, AuditOf(r1, nil)) {
		if len(c.Tokens) > 0 {
			left[!c.Allowed] = append(left[!c.Allowed], c.Tokens[0])
		}
	}
	ed2 := newTextEdit(r1)
	for _, allow := range []bool{false, true} {
		tokens := left[allow]
		if len(tokens) == 0 {
			continue
		}
		if gi := joinableGroup(r1, want, allow); gi >= 0 {
			g := r1.Groups[gi]
			for _, t := range tokens {
				ed2.insertAfter(g.Agents[len(g.Agents)-1].Line, "User-agent: "+t)
			}
			continue
		}
		rule := "Disallow: /"
		if allow {
			rule = "Allow: /"
		}
		lines := []string{""}
		for _, t := range tokens {
			lines = append(lines, "User-agent: "+t)
		}
		ed2.appendGroup(append(lines, rule))
	}
	change.Text = ed2.text()
	change.Edits = mergeEdits(ed.edits, ed2.edits, r, r1)
	slices.Sort(change.Changed)
	for _, c := range Unmet(p, AuditOf(engine.Parse([]byte(change.Text)), nil)) {
		if len(c.Tokens) > 0 {
			return change, errors.New("the policy could not be written into this file: " + c.Name + " is still " + c.Root() + " at / — edit its group by hand")
		}
	}
	return change, nil
}

// policyGroup says which tokens to change group g names, and whether g
// can be edited in place: every agent it names is a token to change to
// the same answer, or a retired AI token.
func policyGroup(g *engine.Group, want map[string]bool) (named []string, target, own bool) {
	own = true
	set := false
	for _, a := range g.Agents {
		tok := strings.ToLower(a.Token)
		w, ok := want[tok]
		switch {
		case ok:
			named = append(named, tok)
			if set && w != target {
				own = false
			}
			target, set = w, true
		case a.Global:
			own = false
		default:
			if _, _, retired := retiredAIToken(a.Token); !retired {
				own = false
			}
		}
	}
	return named, target, own
}

// joinableGroup is a group of r every agent of which is a token the policy
// moves or keeps at answer allow, or a retired AI token, and whose own
// rules give allow at the root; -1 when there is none.
func joinableGroup(r *engine.Robots, want map[string]bool, allow bool) int {
	for gi := range r.Groups {
		g := &r.Groups[gi]
		ok := true
		for _, a := range g.Agents {
			w, moved := want[strings.ToLower(a.Token)]
			_, _, retired := retiredAIToken(a.Token)
			if a.Global || !(moved && w == allow || retired || keptAt(r, a.Token, allow)) {
				ok = false
				break
			}
		}
		if ok && groupRoot(g) == allow && len(g.Rules) > 0 {
			return gi
		}
	}
	return -1
}

// keptAt reports whether token is an AI crawler's own token that already
// has root verdict allow in r.
func keptAt(r *engine.Robots, token string, allow bool) bool {
	for _, a := range catalogue.AIRoles() {
		c, _ := catalogue.FindCrawler(a.Crawler)
		if !a.Retired() && len(c.Tokens) > 0 && strings.EqualFold(c.Tokens[0], token) {
			return r.TestCrawler(c, "/").Allowed == allow
		}
	}
	return false
}

// rootRule reports whether rule decides for the site root: it matches "/"
// (an allow also through its index.html variant, as Google reads it).
func rootRule(rule engine.Rule) bool {
	if rule.Pattern == "" {
		return false
	}
	if engine.Matches("/", rule.Pattern) {
		return true
	}
	if rule.Allow {
		if base, ok := strings.CutSuffix(rule.Pattern, "index.html"); ok && strings.HasSuffix(base, "/") {
			return engine.Matches("/", base+"$")
		}
	}
	return false
}

// groupRoot is the verdict of g's own rules for "/": the longest matching
// pattern, an allow winning a tie.
func groupRoot(g *engine.Group) bool {
	allow, disallow := -1, -1
	for _, rule := range g.Rules {
		if !rootRule(rule) {
			continue
		}
		if rule.Allow {
			allow = max(allow, len(rule.Pattern))
		} else {
			disallow = max(disallow, len(rule.Pattern))
		}
	}
	return disallow < 0 || allow >= disallow
}

// textEdit collects line removals and additions to one file and writes the
// result, keeping every other byte as it was.
type textEdit struct {
	r      *engine.Robots
	starts []int // byte offset of each line's start, then len(body)
	eol    string
	edits  []PolicyEdit
	gone   map[int]bool
	after  map[int][]string
	tail   []string
}

func newTextEdit(r *engine.Robots) *textEdit {
	t := &textEdit{r: r, eol: "\n", gone: map[int]bool{}, after: map[int][]string{}}
	engine.SplitLines(r.Body, 0, func(_, start, end int) {
		t.starts = append(t.starts, start)
		if t.eol == "\n" && end+1 < len(r.Body) && r.Body[end] == '\r' && r.Body[end+1] == '\n' {
			t.eol = "\r\n"
		}
	})
	t.starts = append(t.starts, len(r.Body))
	return t
}

func (t *textEdit) remove(line int) {
	if !t.gone[line] {
		t.gone[line] = true
		t.edits = append(t.edits, PolicyEdit{Line: line, Remove: true, Text: t.line(line)})
	}
}

func (t *textEdit) insertAfter(line int, text string) {
	t.after[line] = append(t.after[line], text)
	t.edits = append(t.edits, PolicyEdit{Line: line, Text: text})
}

func (t *textEdit) line(n int) string {
	ln := t.r.Lines[n-1]
	return t.r.Body[ln.Start:ln.End]
}

// setRoot makes group gi's own rules give allow at the root: to block, the
// allows that match "/" go and "Disallow: /" comes; to allow, the
// disallows that match "/" go, and "Allow: /" keeps a group that would be
// left without rules a group (Google would join its agents to the next).
func (t *textEdit) setRoot(gi int, allow bool) {
	g := &t.r.Groups[gi]
	kept := 0
	for _, rule := range g.Rules {
		if rootRule(rule) && rule.Allow != allow {
			t.remove(rule.Line)
		} else {
			kept++
		}
	}
	last := g.Agents[len(g.Agents)-1].Line
	switch {
	case !allow && groupRoot(&engine.Group{Rules: keptRules(g, t.gone)}):
		t.insertAfter(last, "Disallow: /")
	case allow && kept == 0:
		t.insertAfter(last, "Allow: /")
	}
}

func keptRules(g *engine.Group, gone map[int]bool) []engine.Rule {
	var out []engine.Rule
	for _, rule := range g.Rules {
		if !gone[rule.Line] {
			out = append(out, rule)
		}
	}
	return out
}

// appendGroup adds a group after the file's last line; when the file ends
// in user-agent lines with no rule (which would take the new group's rules
// as theirs), before those lines.
func (t *textEdit) appendGroup(lines []string) {
	lastKind, lastAgentRun := engine.KindEmpty, 0
	for i := range t.r.Lines {
		ln := &t.r.Lines[i]
		switch ln.Kind {
		case engine.KindUserAgent:
			if lastKind != engine.KindUserAgent {
				lastAgentRun = ln.Number
			}
			lastKind = engine.KindUserAgent
		case engine.KindAllow, engine.KindDisallow:
			lastKind = ln.Kind
		}
	}
	if lastKind != engine.KindUserAgent {
		t.tail = append(t.tail, lines...)
		t.edits = append(t.edits, PolicyEdit{Line: len(t.r.Lines), Text: strings.Join(lines[1:], "\n")})
		return
	}
	// Rules before the first user-agent line stay before the new group,
	// so they stay ignored.
	for _, l := range lines[1:] {
		t.insertAfter(lastAgentRun-1, l)
	}
	t.insertAfter(lastAgentRun-1, "")
}

// text writes the edited file.
func (t *textEdit) text() string {
	var b strings.Builder
	body := t.r.Body
	if add := t.after[0]; len(add) > 0 {
		// Before line 1, after the byte-order mark Google skips there.
		b.WriteString(body[:t.r.BOM])
		for _, l := range add {
			b.WriteString(l + t.eol)
		}
		body = body[t.r.BOM:]
		for i := range t.starts[1:] {
			t.starts[i+1] -= t.r.BOM
		}
	}
	for n := 1; n < len(t.starts); n++ {
		seg := body[t.starts[n-1]:t.starts[n]]
		if !t.gone[n] {
			b.WriteString(seg)
		}
		if add := t.after[n]; len(add) > 0 {
			if !t.gone[n] && !strings.HasSuffix(seg, "\n") && !strings.HasSuffix(seg, "\r") {
				b.WriteString(t.eol)
			}
			for _, l := range add {
				b.WriteString(l + t.eol)
			}
		}
	}
	if len(t.tail) > 0 {
		s := b.String()
		if s != "" && !strings.HasSuffix(s, "\n") && !strings.HasSuffix(s, "\r") {
			b.WriteString(t.eol)
		}
		for _, l := range t.tail {
			b.WriteString(l + t.eol)
		}
	}
	return b.String()
}

// mergeEdits reports both steps' edits in the lines of the first file: the
// second step's line numbers are of the file the first wrote, mapped back
// to the last line of the original they follow.
func mergeEdits(first, second []PolicyEdit, r, r1 *engine.Robots) []PolicyEdit {
	out := slices.Clone(first)
	// A line of r1 is the original's line with the same text, looked up in
	// order; inserted lines map to the original line before them.
	orig := make([]int, len(r1.Lines)+1)
	j := 1
	for i := range r1.Lines {
		text := r1.Body[r1.Lines[i].Start:r1.Lines[i].End]
		for j <= len(r.Lines) && r.Body[r.Lines[j-1].Start:r.Lines[j-1].End] != text {
			j++
		}
		if j <= len(r.Lines) {
			orig[i+1] = j
			j++
		} else if i > 0 {
			orig[i+1] = orig[i]
		}
	}
	for _, e := range second {
		if e.Line >= 0 && e.Line < len(orig) {
			e.Line = orig[e.Line]
		}
		out = append(out, e)
	}
	slices.SortStableFunc(out, func(a, b PolicyEdit) int { return a.Line - b.Line })
	return out
}
