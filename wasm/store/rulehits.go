//go:build js && wasm

package store

import (
	"slices"
	"strconv"

	"robotstester/wasm/model"
)

// HitRule is one rule line of the groups the crawler obeys.
type HitRule struct {
	Line int
	Hits int
}

// HitRules are the rule lines of the groups the crawler obeys, in line
// order, with how many URLs each decided. Which groups apply depends on
// the crawler alone, not on the URL (google-behaviour.md, group choice).
func (s *State) HitRules() []HitRule {
	lines := s.HitLines()
	out := make([]HitRule, len(lines))
	for i, line := range lines {
		out[i].Line = line
		if line < len(s.Res.Hits) {
			out[i].Hits = int(s.Res.Hits[line])
		}
	}
	return out
}

// HitLines are the rule lines of the groups the crawler obeys, in order:
// worked out once a test (generation), for the panel and the gutter.
func (s *State) HitLines() []int {
	if s.hitLinesOf != s.Generation || s.hitLinesList == nil {
		res := s.tester.Result(model.Sent{URL: "/"})
		lines := []int{}
		for _, g := range res.Groups {
			for _, r := range s.Robots.Groups[g].Rules {
				lines = append(lines, r.Line)
			}
		}
		slices.Sort(lines)
		s.hitLinesList, s.hitLinesOf = slices.Compact(lines), s.Generation
	}
	return s.hitLinesList
}

// RuleHits is how many URLs line decided so far.
func (s *State) RuleHits(line int) int {
	if line < len(s.Res.Hits) {
		return int(s.Res.Hits[line])
	}
	return 0
}

// HitLabel says what line's count means, in the panel and the column:
// "line 7 · Disallow: /private: decides 1,234 URLs".
func HitLabel(s *State, line, hits int) string {
	text := "line " + strconv.Itoa(line) + " · " + s.Robots.RuleText(line) + ": "
	if hits == 0 {
		text += "decides no URL of this list"
	} else {
		text += "decides " + model.URLCount(hits)
	}
	if !s.Res.Done() {
		text += " so far"
	}
	return text
}
