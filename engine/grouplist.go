package engine

import (
	"strings"
	"sync/atomic"
)

// A groupList is the groups that apply to one token, or to "*". Google
// reads the rules of them all as one group; so does a Test, through one
// index over all of them when there are several: a file of twenty thousand
// "User-agent: googlebot" groups of one rule each is one index of twenty
// thousand rules, not twenty thousand indexes to walk for every URL.
type groupList struct {
	groups []int        // in file order
	merged *mergedRules // for more than one group
}

// mergedRules is the rules of several groups, in file order, and their
// index, built when it pays, once.
type mergedRules struct {
	lazyIndex
	group []int32 // group[i]: the group of rule i
}

// scanTests is how many tests a group list answers by trying each of its
// rules in turn before its index is built. Building an index costs about
// as much as trying every rule a few dozen times (a sort, tables, a map),
// and Parse plus a first answer should cost a script that tests a handful
// of URLs no more than another library's parse (issue 26); a list or a
// page that tests more pays for the index once. Both ways find the same
// rules (TestScanAnswersAsTheIndex). A variable, so tests can take either.
var scanTests int32 = 16

// each calls fn for every rule of the list's groups that matches path, and
// for every allow rule whose index.html variant does (robots.cc,
// HandleAllow), with the pattern that matched and the rule's group: through
// the index, or, for the list's first scanTests tests, by trying each rule.
func (gl *groupList) each(r *Robots, path string, fn func(rule *Rule, group int, indexHTML bool, pattern string)) {
	lazy := &r.Groups[gl.groups[0]].index.lazy
	if gl.merged != nil {
		lazy = &gl.merged.lazy
	}
	if lazy.scan() {
		for _, g := range gl.groups {
			rules := r.Groups[g].Rules
			for i := range rules {
				scanRule(&rules[i], g, path, fn)
			}
		}
		return
	}
	ix, group := gl.rules(r)
	ix.each(path, func(i int32, indexHTML bool, pattern string) {
		g := gl.groups[0]
		if group != nil {
			g = int(group[i])
		}
		fn(&ix.rules[i], g, indexHTML, pattern)
	})
}

// scanRule reports rule to fn when it matches path, and its index.html
// variant (the pattern up to its last '/' and a '$') when that does, as
// ruleIndex.each reports them.
func scanRule(rule *Rule, group int, path string, fn func(rule *Rule, group int, indexHTML bool, pattern string)) {
	p := rule.Pattern
	if matches(path, p) {
		fn(rule, group, false, p)
	}
	if !rule.Allow {
		return
	}
	if cut := indexHTMLCut(p); cut > 0 {
		if v := p[:cut]; strings.IndexByte(v, '*') < 0 {
			if path == v {
				fn(rule, group, true, v+"$")
			}
		} else if v += "$"; matches(path, v) {
			fn(rule, group, true, v)
		}
	}
}

// lazyCount counts the tests a list answered by a scan, until its index is
// built.
type lazyCount struct {
	scans atomic.Int32
}

// scan reports whether this test is still one of the first scanTests.
func (c *lazyCount) scan() bool {
	if c.scans.Load() >= scanTests {
		return false
	}
	return c.scans.Add(1) <= scanTests
}

// rules is the index over the list's rules, with the group of each rule
// (nil when the list is one group, whose rules the index holds).
func (gl *groupList) rules(r *Robots) (*ruleIndex, []int32) {
	m := gl.merged
	if m == nil {
		return r.Groups[gl.groups[0]].rules(), nil
	}
	m.once.Do(func() {
		n := 0
		for _, gi := range gl.groups {
			n += len(r.Groups[gi].Rules)
		}
		rules, group := make([]Rule, 0, n), make([]int32, 0, n)
		for _, gi := range gl.groups {
			rules = append(rules, r.Groups[gi].Rules...)
			for range r.Groups[gi].Rules {
				group = append(group, int32(gi))
			}
		}
		m.ix, m.group = buildIndex(rules), group
	})
	return m.ix, m.group
}
