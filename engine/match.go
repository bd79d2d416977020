package engine

import "strings"

// Matches reports whether pattern matches path as Google's matcher does
// (matches below), for packages that decide from a rule's pattern alone:
// engine/ai asks whether a rule decides for the site root.
func Matches(path, pattern string) bool { return matches(path, pattern) }

// matches reports whether pattern matches path the way robots.cc's
// RobotsMatchStrategy::Matches does: byte-wise, case-sensitive, anchored at
// the start, matching a prefix of path; '*' matches any run of bytes; '$' is
// special only as the last byte, where it anchors the end.
//
// Google's dynamic programme costs O(len(path)·len(pattern)). With '*' as the
// only wildcard, taking each literal piece at its leftmost place after the
// previous one finds a match whenever one exists, so this runs in about
// O(len(path)+len(pattern)): no input can make it slow.
func matches(path, pattern string) bool {
	anchored := len(pattern) > 0 && pattern[len(pattern)-1] == '$'
	if anchored {
		pattern = pattern[:len(pattern)-1]
	}
	return matchesEnd(path, pattern, anchored)
}

// matchesEnd is matches(path, pattern+"$") when anchored, else
// matches(path, pattern) for a pattern without a '$' at its end.
func matchesEnd(path, pattern string, anchored bool) bool {
	star := strings.IndexByte(pattern, '*')
	if star < 0 {
		if anchored {
			return path == pattern
		}
		return strings.HasPrefix(path, pattern)
	}
	if !strings.HasPrefix(path, pattern[:star]) {
		return false
	}
	pos := star
	pattern = pattern[star+1:]
	for {
		star = strings.IndexByte(pattern, '*')
		if star < 0 {
			break
		}
		if piece := pattern[:star]; piece != "" {
			i := strings.Index(path[pos:], piece)
			if i < 0 {
				return false
			}
			pos += i + len(piece)
		}
		pattern = pattern[star+1:]
	}
	if anchored {
		return len(path)-pos >= len(pattern) && strings.HasSuffix(path, pattern)
	}
	return strings.Contains(path[pos:], pattern)
}

// literalPrefix is the part of a pattern before its first wildcard: a path
// can only match the pattern if it starts with it.
func literalPrefix(pattern string) string {
	if i := strings.IndexByte(pattern, '*'); i >= 0 {
		return pattern[:i]
	}
	if n := len(pattern); n > 0 && pattern[n-1] == '$' {
		return pattern[:n-1]
	}
	return pattern
}

// indexHTMLCut is Google's second chance for an allow rule that did not
// match (robots.cc, HandleAllow): when the part of the pattern from its last
// '/' starts with "/index.htm", the pattern up to and including that slash,
// anchored with '$', is tried instead. indexHTMLCut is where that variant
// ends before its '$' (just past the slash), or 0 when the rule has none.
func indexHTMLCut(pattern string) int {
	slash := strings.LastIndexByte(pattern, '/')
	if slash < 0 || !strings.HasPrefix(pattern[slash:], "/index.htm") {
		return 0
	}
	return slash + 1
}
