package ai

import (
	"slices"
	"strconv"
	"strings"

	"robotstester/engine"
	"robotstester/engine/catalogue"
)

// The audit: which AI crawlers may read a site, in one answer. Every
// current crawler and control token of the AI catalogue
// (engine/catalogue/crawlers_ai.go) is one column of a Matrix over the
// site root and the URLs given, so each row says exactly what the Matrix
// says for that crawler; the rows are then summed up per purpose, and the
// findings say what a person reading the file would miss. The codes
// (engine/lint.go's table names them too):
//
//	code                     severity        finding
//	ai-retired-token         warning, info   a group names a token no current crawler sends (anthropic-ai, Claude-Web)
//	ai-unknown-token         info            a group names a token no operator documents (Bytespider, cohere-ai)
//	ai-control-token         info            a control token is blocked: what that asks, and what it does not keep out
//	ai-user-fetch            info            a user-triggered fetcher is blocked, but its operator says the rules may not apply
//	ai-uneven-operator       info            one operator's training crawler blocked and its AI search crawler allowed, or the reverse
//	content-signal-note      info            a Content-Signal line: what it declares, and that Google ignores it
//	content-signal-conflict  warning         a Content-Signal says no to a use, yet a crawler of that use is allowed at /
//
// Codes never change meaning; new findings get new codes.

// AuditCrawler is one AI crawler's row.
type AuditCrawler struct {
	Name     string
	Operator string
	Purpose  catalogue.AIPurpose
	Robots   catalogue.RobotsStance // what the operator says it does with robots.txt
	Tokens   []string
	Obeys    int  // the first user-agent line of the group it obeys, 0 for none
	Allowed  bool // at the site root
	Line     int  // the line that decided for the root, 0 when none
	URLs     []engine.Cell
}

// Root is "allowed" or "blocked": the verdict for the site root.
func (c AuditCrawler) Root() string { return engine.VerdictWord(c.Allowed) }

// AuditPurpose is the crawlers of one purpose, blocked and allowed at the
// site root.
type AuditPurpose struct {
	Purpose          catalogue.AIPurpose
	Blocked, Allowed []string
}

// Audit is the whole answer for one file.
type Audit struct {
	Crawlers []AuditCrawler
	Purposes []AuditPurpose
	Signals  []ContentSignal
	Findings engine.Diagnostics
	URLs     []string       // as given; each crawler's URLs holds one Cell per URL
	Matrix   *engine.Matrix // the matrix the rows come from: engine.AIColumns over "/" and the URLs
}

// AuditOf answers which AI crawlers may read the site r governs: at the
// site root, and at each of urls (matched as Test matches them).
func AuditOf(r *engine.Robots, urls []string) Audit {
	cols := engine.AIColumns()
	m := r.Matrix(urls, cols)
	au := Audit{URLs: urls, Matrix: m, Signals: ContentSignals(r)}
	for i, col := range cols {
		role, _ := catalogue.FindAIRole(col.Name)
		c, _ := catalogue.FindCrawler(col.Name)
		root := m.Root(i)
		row := AuditCrawler{Name: c.Name, Operator: c.Operator, Purpose: role.Purpose, Robots: role.Robots,
			Tokens: c.Tokens, Allowed: root.Allowed, Line: root.Line}
		if o := m.Obeys[i]; len(o.Lines) > 0 {
			row.Obeys = o.Lines[0]
		}
		for u := range urls {
			row.URLs = append(row.URLs, m.Cell(u, i))
		}
		au.Crawlers = append(au.Crawlers, row)
	}
	for _, p := range catalogue.AIPurposes {
		sum := AuditPurpose{Purpose: p}
		for _, c := range au.Crawlers {
			switch {
			case c.Purpose != p:
			case c.Allowed:
				sum.Allowed = append(sum.Allowed, c.Name)
			default:
				sum.Blocked = append(sum.Blocked, c.Name)
			}
		}
		au.Purposes = append(au.Purposes, sum)
	}
	f := auditor{r: r, au: &au}
	f.tokens()
	f.controls()
	f.userFetches()
	f.uneven()
	f.signals()
	au.Findings.Sort()
	return au
}

// Crawler returns the row of the crawler named name.
func (au Audit) Crawler(name string) (AuditCrawler, bool) {
	for _, c := range au.Crawlers {
		if c.Name == name {
			return c, true
		}
	}
	return AuditCrawler{}, false
}

type auditor struct {
	r  *engine.Robots
	au *Audit
	// tokenRoot caches, per lower-cased retired token, the root verdict of
	// the groups naming it: every line naming the token shares them, and a
	// file may name it in thousands of groups.
	tokenRoot map[string]bool
}

func (f *auditor) add(line int, sev engine.Severity, code string, msg ...string) {
	f.au.Findings = append(f.au.Findings, engine.Diagnostic{Line: line, Severity: sev, Code: code, Message: strings.Join(msg, "")})
}

// where says what a row obeys and its root verdict: "obeys * (line 1) and
// is allowed at /".
func (f *auditor) where(c AuditCrawler) string {
	i := slices.IndexFunc(f.au.Crawlers, func(x AuditCrawler) bool { return x.Name == c.Name })
	s := c.Name + " obeys " + f.au.Matrix.Obeys[i].Phrase() + " and is " + c.Root() + " at /"
	if c.Line > 0 {
		s += " (line " + strconv.Itoa(c.Line) + ")"
	}
	return s
}

// obeysGroup reports whether o includes group gi (o.Groups is in file
// order, and a crawler may obey thousands of groups).
func obeysGroup(o engine.Obeys, gi int) bool {
	_, found := slices.BinarySearch(o.Groups, gi)
	return found
}

func (f *auditor) row(name string) AuditCrawler {
	c, _ := f.au.Crawler(name)
	return c
}

// tokens reports the user-agent lines that name retired or undocumented AI
// tokens.
func (f *auditor) tokens() {
	for gi, g := range f.r.Groups {
		for _, a := range g.Agents {
			if a.Global || a.Token == "" {
				continue
			}
			if role, c, ok := retiredAIToken(a.Token); ok {
				f.retired(gi, a, role, c)
				continue
			}
			if cr, ok := catalogue.FindCrawler(a.Token); ok {
				if role, ok := catalogue.FindAIRole(cr.Name); ok && role.Robots == catalogue.RobotsUnknown && strings.EqualFold(cr.Tokens[0], a.Token) {
					f.add(a.Line, engine.SeverityInfo, "ai-unknown-token",
						cr.OperatorName(), " publishes no page for ", engine.Quote(a.Token), ", so whether any crawler obeys this group is unknown — keep the line, and refuse the crawler at the server if it must stay out.")
				}
			}
		}
	}
}

// retired reports agent a of group gi, which names a retired token: which
// current crawlers the group was meant for, and what they obey instead.
func (f *auditor) retired(gi int, a engine.Agent, role catalogue.AIRole, c catalogue.Crawler) {
	operator := c.OperatorName()
	key := strings.ToLower(a.Token)
	groupRoot, ok := f.tokenRoot[key]
	if !ok {
		groupRoot = f.r.TestAs([]string{a.Token}, true, "/").Allowed
		if f.tokenRoot == nil {
			f.tokenRoot = map[string]bool{}
		}
		f.tokenRoot[key] = groupRoot
	}
	// Each crawler that took the token's place is named here already, has
	// a group of its own, obeys another group (a line here would move it),
	// or has no token at all.
	var elsewhere, add, own, unreachable []string
	sev := engine.SeverityInfo
	for _, name := range role.ReplacedBy {
		row := f.row(name)
		i := slices.IndexFunc(f.au.Crawlers, func(x AuditCrawler) bool { return x.Name == name })
		o := f.au.Matrix.Obeys[i]
		switch {
		case len(row.Tokens) == 0:
			unreachable = append(unreachable, name)
		case obeysGroup(o, gi):
		case o.Source == engine.SourceSpecific && strings.EqualFold(o.Token, row.Tokens[0]):
			if row.Allowed != groupRoot {
				own = append(own, f.where(row))
				sev = engine.SeverityWarning
			}
		default:
			elsewhere = append(elsewhere, f.where(row))
			add = append(add, "User-agent: "+row.Tokens[0])
			if row.Allowed != groupRoot {
				sev = engine.SeverityWarning
			}
		}
	}
	msg := engine.Quote(a.Token) + " is no longer sent by " + operator + "'s crawlers"
	if len(unreachable) > 0 {
		msg += "; " + listNames(unreachable) + " " + engine.Agree(len(unreachable), "has", "have") + " no token and ignore" + engine.Agree(len(unreachable), "s", "") + " robots.txt, so no line reaches " + engine.Agree(len(unreachable), "it", "them")
	}
	var fixes []string
	if len(own) > 0 {
		msg += "; " + strings.Join(own, "; ")
		fixes = append(fixes, "change "+engine.Agree(len(own), "its", "their")+" own group if "+engine.Agree(len(own), "it", "them")+" should get this group's answer")
	}
	if len(add) > 0 {
		msg += "; " + strings.Join(elsewhere, "; ")
		fixes = append(fixes, "add "+strings.Join(quoteAll(add), " and ")+" to this group if its rules are meant for "+engine.Agree(len(add), "it", "them"))
	}
	if len(fixes) == 0 {
		if len(unreachable) == 0 {
			msg += "; the crawlers it was meant for are named here or get the same answer at / from groups of their own, so the line does nothing"
		}
		fixes = append(fixes, "remove the line")
	}
	f.add(a.Line, sev, "ai-retired-token", msg, " — ", strings.Join(fixes, ", and "), ".")
}

func quoteAll(s []string) []string {
	out := make([]string, len(s))
	for i, v := range s {
		out[i] = engine.Quote(v)
	}
	return out
}

// controls notes each control token a group blocks at the root: what that
// asks, and that the crawler that fetches the pages is not kept out by it.
func (f *auditor) controls() {
	for _, c := range f.au.Crawlers {
		role, _ := catalogue.FindAIRole(c.Name)
		if c.Purpose != catalogue.PurposeControl || c.Allowed || role.FetchedBy == "" {
			continue
		}
		fc, _ := catalogue.FindCrawler(role.FetchedBy)
		name := fc.Tokens[0]
		res := f.r.TestCrawler(fc, "/")
		var rest string
		if res.Allowed {
			rest = " it does not keep " + name + " out: " + name + " is allowed at /" + lineSuffix(res.Line) + ", so the pages stay in its search results — nothing to fix if that is the intent."
		} else {
			rest = " " + name + " is blocked at / as well" + lineSuffix(res.Line) + ", which is what keeps the pages out of its search results."
		}
		f.add(c.Obeys, engine.SeverityInfo, "ai-control-token",
			engine.Quote(c.Tokens[0]), " is a control token, not a crawler: blocking it ", role.Governs, ";", rest)
	}
}

func lineSuffix(line int) string {
	if line == 0 {
		return ""
	}
	return " by line " + strconv.Itoa(line)
}

// userFetches notes user-triggered fetchers blocked at the root whose
// operators say robots.txt may not apply to them.
func (f *auditor) userFetches() {
	for _, c := range f.au.Crawlers {
		if c.Robots != catalogue.RobotsMayIgnore || c.Allowed {
			continue
		}
		f.add(c.Line, engine.SeverityInfo, "ai-user-fetch",
			c.Name, " is blocked at /, but ", c.Operator, " says robots.txt may not apply to the pages a user asks it to fetch — if it must stay out, refuse it at the server as well.")
	}
}

// uneven says, once per operator, that its training crawlers and its AI
// search crawlers get different answers at the root.
func (f *auditor) uneven() {
	var operators []string
	for _, c := range f.au.Crawlers {
		if !slices.Contains(operators, c.Operator) {
			operators = append(operators, c.Operator)
		}
	}
	for _, op := range operators {
		var train, search []AuditCrawler
		for _, c := range f.au.Crawlers {
			switch {
			case c.Operator != op || len(c.Tokens) == 0:
			case c.Purpose == catalogue.PurposeTraining:
				train = append(train, c)
			case c.Purpose == catalogue.PurposeSearch:
				search = append(search, c)
			}
		}
		if len(train) == 0 || len(search) == 0 {
			continue
		}
		t, s := train[0], search[0]
		if t.Allowed == s.Allowed {
			continue
		}
		line := t.Line
		if t.Allowed {
			line = s.Line
		}
		effect := "the site can appear in " + op + "'s AI search but is kept out of its training"
		if t.Allowed {
			effect = "the site is open to " + op + "'s training but kept out of its AI search"
		}
		f.add(line, engine.SeverityInfo, "ai-uneven-operator",
			op, "'s crawlers get different answers: ", t.Name, " (AI training) is ", t.Root(), " at /, ", s.Name, " (AI search) is ", s.Root(),
			"; ", effect, " — nothing to fix if that is the intent.")
	}
}

// signals notes each Content-Signal line and says where the file's groups
// contradict it.
func (f *auditor) signals() {
	for _, s := range f.au.Signals {
		if len(s.Uses) == 0 {
			continue
		}
		f.add(s.Line, engine.SeverityInfo, "content-signal-note",
			"declares ", s.Declared(), " for ", groupName(f.r, s.Group),
			"; Google ignores Content-Signal (Search Console reports it as not understood) and it keeps no crawler out — only Disallow rules do.")
		for _, u := range s.Uses {
			if u.Yes {
				continue
			}
			var open []string
			for i, c := range f.au.Crawlers {
				if !c.Allowed || len(c.Tokens) == 0 || !slices.Contains(signalPurposes(u.Use), c.Purpose) {
					continue
				}
				if s.Group >= 0 && !obeysGroup(f.au.Matrix.Obeys[i], s.Group) {
					continue
				}
				open = append(open, c.Name)
			}
			if len(open) == 0 {
				continue
			}
			f.add(s.Line, engine.SeverityWarning, "content-signal-conflict",
				"declares ", u.Use, "=no, yet ", listNames(open), " ", engine.Agree(len(open), "is", "are"), " allowed at / by ", groupName(f.r, s.Group),
				" — disallow ", engine.Agree(len(open), "it", "them"), " (", engine.Quote("User-agent: "+firstToken(open[0])), " then ", engine.Quote("Disallow: /"), ") if the signal is meant.")
		}
	}
}

// retiredAIToken returns the retired role whose token is tok (ASCII
// case-insensitive), with its catalogue crawler.
func retiredAIToken(tok string) (catalogue.AIRole, catalogue.Crawler, bool) {
	for _, a := range catalogue.AIRoles() {
		if !a.Retired() {
			continue
		}
		if c, ok := catalogue.FindCrawler(a.Crawler); ok && len(c.Tokens) > 0 && strings.EqualFold(c.Tokens[0], tok) {
			return a, c, true
		}
	}
	return catalogue.AIRole{}, catalogue.Crawler{}, false
}

func firstToken(name string) string {
	c, _ := catalogue.FindCrawler(name)
	return c.Tokens[0]
}

// listNames joins names for a sentence, naming at most four.
func listNames(names []string) string {
	if len(names) > 4 {
		return strings.Join(names[:4], ", ") + " and " + strconv.Itoa(len(names)-4) + " more"
	}
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
