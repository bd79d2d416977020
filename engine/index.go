package engine

import (
	"sort"
	"strings"
)

// A ruleIndex finds the rules of a group that can match a path without
// trying every rule: only a rule whose literal prefix (the pattern before its
// first '*') starts the path can match it, and the prefixes of one path that
// occur in a sorted list are found with one binary search and a walk up a
// chain of "longest shorter prefix" links. Built once in Parse.

// smallIndex is the rule count up to which a plain scan is faster.
const smallIndex = 16

// candidate is one pattern to try: a rule's own, or its index.html variant.
type candidate struct {
	rule      int32  // index into Group.Rules
	indexHTML bool   // the pattern is the rule's index.html variant
	literal   bool   // no wildcard: the prefix test alone decides
	pattern   string // what is matched; len(pattern) is the priority
}

type ruleIndex struct {
	cands    []candidate // sorted by literal prefix when prefixes != nil
	prefixes []string    // distinct literal prefixes, sorted
	parent   []int32     // parent[i]: the longest other prefix that starts prefixes[i], or -1
	first    []int32     // cands[first[i]:first[i+1]] have prefix prefixes[i]
}

func buildIndex(rules []Rule) ruleIndex {
	var ix ruleIndex
	for i, r := range rules {
		ix.cands = append(ix.cands, newCandidate(i, r.Pattern, false))
		if r.Allow {
			if p, ok := indexHTMLPattern(r.Pattern); ok {
				ix.cands = append(ix.cands, newCandidate(i, p, true))
			}
		}
	}
	if len(ix.cands) <= smallIndex {
		return ix
	}
	sort.SliceStable(ix.cands, func(a, b int) bool {
		return literalPrefix(ix.cands[a].pattern) < literalPrefix(ix.cands[b].pattern)
	})
	var stack []int32
	for i, c := range ix.cands {
		p := literalPrefix(c.pattern)
		if n := len(ix.prefixes); n > 0 && ix.prefixes[n-1] == p {
			continue
		}
		for len(stack) > 0 && !strings.HasPrefix(p, ix.prefixes[stack[len(stack)-1]]) {
			stack = stack[:len(stack)-1]
		}
		parent := int32(-1)
		if len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		ix.prefixes = append(ix.prefixes, p)
		ix.parent = append(ix.parent, parent)
		ix.first = append(ix.first, int32(i))
		stack = append(stack, int32(len(ix.prefixes)-1))
	}
	ix.first = append(ix.first, int32(len(ix.cands)))
	return ix
}

func newCandidate(rule int, pattern string, indexHTML bool) candidate {
	return candidate{
		rule:      int32(rule),
		indexHTML: indexHTML,
		literal:   !strings.Contains(pattern, "*") && !strings.HasSuffix(pattern, "$"),
		pattern:   pattern,
	}
}

// each calls fn for every candidate that matches path.
func (ix *ruleIndex) each(path string, fn func(c *candidate)) {
	if ix.prefixes == nil {
		for i := range ix.cands {
			c := &ix.cands[i]
			if matches(path, c.pattern) {
				fn(c)
			}
		}
		return
	}
	// The greatest prefix ≤ path; every listed prefix of path is a prefix of
	// its common part with path.
	q := sort.SearchStrings(ix.prefixes, path)
	if q == len(ix.prefixes) || ix.prefixes[q] != path {
		q--
	}
	if q < 0 {
		return
	}
	common := commonPrefixLen(ix.prefixes[q], path)
	for q >= 0 && len(ix.prefixes[q]) > common {
		q = int(ix.parent[q])
	}
	for ; q >= 0; q = int(ix.parent[q]) {
		for i := ix.first[q]; i < ix.first[q+1]; i++ {
			c := &ix.cands[i]
			if c.literal || matches(path, c.pattern) {
				fn(c)
			}
		}
	}
}

func commonPrefixLen(a, b string) int {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return n
}
