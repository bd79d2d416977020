package engine

import "strings"

// MatchPath returns the part of url that rules are matched against: path,
// params and query, exactly as robots.cc's GetPathParamsQuery computes it.
// Nothing is decoded, lower-cased or resolved. Like Google's matcher, which
// hands the path on as a C string, the result ends at the first NUL byte.
func MatchPath(url string) string {
	if p, ok := httpMatchPath(url); ok {
		return p
	}
	p := pathParamsQuery(url)
	if i := strings.IndexByte(p, 0); i >= 0 {
		p = p[:i]
	}
	return p
}

// httpMatchPath is MatchPath for a url that starts with "https://" or
// "http://", most of those a list holds, read in one pass: the host's
// bytes up to the path's first, stopping at a '#' (a fragment holding the
// path), then the path's up to its first '#' or NUL, eight at a time,
// where the general reading makes three IndexByte calls (issue 26: a
// compact answer on 0230.txt under Node, 0.77 against 0.75 µs a URL).
// TestMatchPathIsGooglesReading holds it to pathParamsQuery.
func httpMatchPath(url string) (string, bool) {
	i := httpHostAt(url)
	if i == 0 {
		return "", false
	}
	// The search for the path starts right after the "//", as robots.cc's
	// for "://" would; the scheme holds no '#'. The host is read eight
	// bytes at a time up to the word that holds its end (hostEnds).
	for i+8 <= len(url) && hostEnds(wordAt(url, i)) == 0 {
		i += 8
	}
	for ; i < len(url); i++ {
		switch url[i] {
		case '/', '?', ';':
			end := indexBelowOrHash(url, i+1, 1, true) // NUL or '#'
			if url[i] != '/' {
				return "/" + url[i:end], true
			}
			return url[i:end], true
		case '#':
			return "/", true
		}
	}
	return "/", true
}

// httpHostAt is where the host of url starts when it starts with
// "https://" or "http://", else 0.
func httpHostAt(url string) int {
	switch {
	case strings.HasPrefix(url, "https://"):
		return len("https://")
	case strings.HasPrefix(url, "http://"):
		return len("http://")
	}
	return 0
}

// lineMatchPath is httpMatchPath of text's first line, a list's URLs
// being joined by "\n": its path, and where the line after it starts
// (len(text)+1 when none does), found in one pass that tests eight bytes
// at a time for the host's end and then for the path's (indexBelowOrHash:
// the first byte below '\v' or '#'). ok is false, for the caller to read
// the line as Decide does, when the line is no http(s) URL, when its host
// ends at '?', ';' or '#', and when its path holds a '#' or a byte below
// '\v' other than the line feed that ends it (a NUL, a tab): the common
// URL costs one read, the others read as before.
func lineMatchPath(text string) (path string, next int, ok bool) {
	i := httpHostAt(text)
	if i == 0 {
		return "", 0, false
	}
	const belows = ones * '\v'
	for i+8 <= len(text) {
		if w := wordAt(text, i); (hostEnds(w)|(w-belows)&^w)&highs != 0 {
			break
		}
		i += 8
	}
	for ; i < len(text); i++ {
		switch c := text[i]; {
		case c == '/':
			end := indexBelowOrHash(text, i+1, '\v', true)
			if end < len(text) && text[end] != '\n' {
				return "", 0, false
			}
			return text[i:end], end + 1, true
		case c == '\n':
			return "/", i + 1, true
		case c == '?' || c == ';' || c == '#' || c < '\v':
			return "", 0, false
		}
	}
	return "/", len(text) + 1, true
}

// hostEnds has a high bit set for each byte of w that ends a URL's
// host in httpMatchPath ('/', '?', ';' or '#'), and maybe for bytes after
// the first (zeroByte): nonzero when the word holds one.
func hostEnds(w uint64) uint64 {
	return (zeroByte(w^ones*'/') | zeroByte(w^ones*'?') | zeroByte(w^ones*';') | zeroByte(w^ones*'#')) & highs
}

// pathParamsQuery is robots.cc's GetPathParamsQuery.
func pathParamsQuery(url string) string {
	searchStart := 0
	if len(url) >= 2 && url[0] == '/' && url[1] == '/' {
		searchStart = 2
	}
	earlyPath := indexAnyFrom(url, searchStart)
	protocolEnd := indexFrom(url, "://", searchStart)
	if earlyPath >= 0 && (protocolEnd < 0 || earlyPath < protocolEnd) {
		// A path, param or query before "://" means it is no scheme.
		protocolEnd = -1
	}
	if protocolEnd < 0 {
		protocolEnd = searchStart
	} else {
		protocolEnd += 3
	}
	pathStart := indexAnyFrom(url, protocolEnd)
	if pathStart < 0 {
		return "/"
	}
	// A '#' before the path starts a fragment that holds it.
	if strings.IndexByte(url[searchStart:pathStart], '#') >= 0 {
		return "/"
	}
	pathEnd := len(url)
	if i := strings.IndexByte(url[pathStart:], '#'); i >= 0 {
		pathEnd = pathStart + i
	}
	if url[pathStart] != '/' {
		return "/" + url[pathStart:pathEnd]
	}
	return url[pathStart:pathEnd]
}

// indexAnyFrom finds the first '/', '?' or ';' at or after from. A loop
// of its own: what it reads is most often a host, a few bytes long, where
// IndexAny's set costs more to build than the loop to run (js/wasm, a
// tenth of a compact answer of a small file, issue 26).
func indexAnyFrom(s string, from int) int {
	for i := max(from, 0); i < len(s); i++ {
		if c := s[i]; c == '/' || c == '?' || c == ';' {
			return i
		}
	}
	return -1
}

func indexFrom(s, sub string, from int) int {
	if from > len(s) {
		return -1
	}
	if i := strings.Index(s[from:], sub); i >= 0 {
		return from + i
	}
	return -1
}
