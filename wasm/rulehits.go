//go:build js && wasm

package main

import "slices"

// hitRule is one rule line of the groups the crawler obeys.
type hitRule struct {
	line int
	hits int
}

// hitRules are the rule lines of the groups the crawler obeys, in line
// order, with how many URLs each decided. Which groups apply depends on
// the crawler alone, not on the URL (google-behaviour.md, group choice).
func (s *state) hitRules() []hitRule {
	lines := s.hitLines()
	out := make([]hitRule, len(lines))
	for i, line := range lines {
		out[i].line = line
		if line < len(s.res.hits) {
			out[i].hits = int(s.res.hits[line])
		}
	}
	return out
}

// hitLines are the rule lines of the groups the crawler obeys, in order:
// worked out once a test (generation), for the panel and the gutter.
func (s *state) hitLines() []int {
	if s.hitLinesOf != s.generation || s.hitLinesList == nil {
		res := s.tester.result(sent{url: "/"})
		lines := []int{}
		for _, g := range res.Groups {
			for _, r := range s.robots.Groups[g].Rules {
				lines = append(lines, r.Line)
			}
		}
		slices.Sort(lines)
		s.hitLinesList, s.hitLinesOf = slices.Compact(lines), s.generation
	}
	return s.hitLinesList
}

// ruleHits is how many URLs line decided so far.
func (s *state) ruleHits(line int) int {
	if line < len(s.res.hits) {
		return int(s.res.hits[line])
	}
	return 0
}
