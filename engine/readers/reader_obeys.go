package readers

import (
	"strings"

	"robotstester/engine"
	"robotstester/engine/catalogue"
)

// Which groups each reader applies to a crawler: the matrix's "Obeys" in
// each crawler's own reading. Every reader picks its groups its own way,
// in its own file (rpFile.group, pyFile.entry, collyFile.group,
// docFile.choose, and Google's resolve); Test and ObeysWith both ask that
// one function, so the account given here is the choice the verdicts are
// made with.

// ReaderObeys is the groups a reader applies to a crawler.
type ReaderObeys struct {
	// Obeys: Token is the value that chose the groups as the reader
	// compares it (robots-parser's lower-cased agent key, temoto's
	// lower-cased user-agent value, Python's user-agent value as written);
	// Lines are, per group applied, its first user-agent line (Google's:
	// the line naming the token). Groups is set for Google's reader only.
	engine.Obeys
	Reader string
	// Refused: the reader refuses the whole file (Python's ValueError or
	// UnicodeDecodeError, a temoto parse error), so it applies no group
	// and the crawler fetches nothing.
	Refused bool
	Why     string // which groups, and the reader's way of choosing them
}

// Label names the groups for a column header, like Obeys.Label.
func (o ReaderObeys) Label() string {
	if o.Refused {
		return "none (file refused)"
	}
	return o.Obeys.Label()
}

// groupReader is a reader that says itself which groups it applies to an
// agent (protego, perl-robotrules, ruby-webrobots): the Obeys, how it
// chooses them, or why it refuses the file and so fetches nothing.
type groupReader interface {
	groupsFor(agent string) (o engine.Obeys, how, refused string)
}

// ObeysWith is the groups reader f applies to crawler c, as
// TestCrawlerWith decides with them.
func ObeysWith(f ReaderFile, c catalogue.Crawler) ReaderObeys {
	o := ReaderObeys{Reader: f.Reader()}
	agent, how := "", ""
	if len(c.Tokens) > 0 {
		agent = c.Tokens[0]
	}
	switch r := f.(type) {
	case googleFile:
		o.Obeys = r.r.ObeysAs(c.Tokens, c.ObeysGlobal)
		o.Why = o.Obeys.Sentence(c.Name)
		return o
	case *docFile:
		token, chosen, source, fallback := r.choose(c.Tokens, c.ObeysGlobal)
		o.Obeys = engine.Obeys{Source: source, Token: token, GlobalIgnored: source != engine.SourceGlobal && len(r.named["*"]) > 0}
		for _, g := range chosen {
			o.Lines = append(o.Lines, r.groups[g].line)
		}
		how = r.rules.name + " takes the groups naming the first of the crawler's tokens that a group names, else the * groups"
		if fallback {
			how = r.rules.name + ": no group names the crawler, so it reads the \"Yandex\" group, as every Yandex robot does"
		}
	case *rpFile:
		if agent == "" {
			break
		}
		key, group, source := r.group(agent)
		o.Obeys = engine.Obeys{Source: source, Token: key, Lines: r.starts[group]}
		how = "robots-parser compares the agent, lower-cased and cut at '/', with each user-agent value whole, and merges every group that names it"
	case *pyFile:
		if r.fail != "" {
			o.Refused, o.Why = true, "Python's reader fails: "+r.fail+"."
			return o
		}
		if agent == "" {
			break
		}
		e, named := r.entry(decodeUTF8(agent))
		switch {
		case e == nil:
		case e.star:
			o.Obeys = engine.Obeys{Source: engine.SourceGlobal, Lines: []int{e.line}}
		default:
			o.Obeys = engine.Obeys{Source: engine.SourceSpecific, Token: named, Lines: []int{e.line}}
		}
		how = "Python's reader takes the first group with a user-agent value found inside the agent's name (lower-cased, cut at '/'), else the first * group; later * groups are dropped"
	case groupReader:
		obeys, why, refused := r.groupsFor(agent)
		if refused != "" {
			o.Refused, o.Why = true, refused
			return o
		}
		if agent == "" {
			break
		}
		o.Obeys, how = obeys, why
	case *collyFile:
		if r.fail != "" {
			o.Refused, o.Why = true, "temoto/robotstxt refuses the file ("+r.fail+"), so Colly fetches nothing from the site."
			return o
		}
		if r.all || agent == "" {
			break
		}
		key := r.group(strings.ToLower(agent))
		switch key {
		case "":
		case "*":
			o.Obeys = engine.Obeys{Source: engine.SourceGlobal, Lines: r.starts[key]}
		default:
			o.Obeys = engine.Obeys{Source: engine.SourceSpecific, Token: key, Lines: r.starts[key]}
		}
		how = "temoto/robotstxt takes the longest user-agent value that the agent's name, lower-cased, begins with, and merges every group that names it"
	}
	if agent == "" {
		o.Why = c.Name + " names no robots.txt token, so no group can apply to it."
		return o
	}
	o.Why = o.Obeys.Sentence(c.Name) + " " + how + "."
	return o
}
