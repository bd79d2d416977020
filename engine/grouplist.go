package engine

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
// index, built on first use, once.
type mergedRules struct {
	lazyIndex
	group []int32 // group[i]: the group of rule i
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
