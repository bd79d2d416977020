package engine

import (
	"strconv"
	"strings"
)

// Scope: which robots.txt governs which URL. A robots.txt at the root of a
// host applies to that scheme, host and port only (Google, "How Google
// interprets the robots.txt specification", file location and range of
// validity; RFC 9309 §2.3).

// Scope codes, stable for callers that branch on them.
const (
	ScopeSameOrigin       = "same-origin"        // the file governs the URL
	ScopeScheme           = "scheme"             // other scheme
	ScopeHost             = "host"               // other host (subdomains and IP hosts included)
	ScopeHostScheme       = "host-scheme"        // other host and other scheme
	ScopePort             = "port"               // other port
	ScopeNotRoot          = "not-root"           // the robots.txt is in a subdirectory: it governs nothing
	ScopeNotRobots        = "not-robots-txt"     // the robots.txt URL is neither an origin nor /robots.txt
	ScopeInvalidRobotsURL = "invalid-robots-url" // the robots.txt URL cannot be read
	ScopeInvalidURL       = "invalid-url"        // the tested URL cannot be read
)

// ScopeResult says whether a robots.txt governs a URL, and why.
type ScopeResult struct {
	Governs bool
	Code    string // one of the Scope* codes
	Reason  string // a sentence for a webmaster, with the fix when it does not govern
	// RobotsURL is the robots.txt that governs the tested URL (what a
	// crawler fetches for it), "" when the tested URL cannot be read.
	RobotsURL string
	// File is the given robots.txt URL (or origin) written as the file a
	// crawler fetches, "" when it cannot be read or is not where crawlers
	// look.
	File string
}

// Scope says whether the robots.txt at robotsURL is the file a crawler reads
// for testURL. robotsURL may also be a site origin ("https://example.com",
// with or without the final slash), which stands for its /robots.txt.
//
// Schemes and hosts compare case-insensitively, an internationalised host
// equals its punycode form, a port equal to the scheme's default (80 http,
// 443 https, 21 ftp) equals no port, and an IP address host is valid only
// for URLs written with that same address. The path "/robots.txt" is
// case-sensitive like any URL path. A testURL that is a path alone ("/a")
// is read on the robots.txt's own site.
func Scope(robotsURL, testURL string) ScopeResult {
	file, err := parseOrigin(robotsURL)
	if err != "" {
		return ScopeResult{
			Code:   ScopeInvalidRobotsURL,
			Reason: "The robots.txt URL " + strconv.Quote(robotsURL) + " cannot be read: " + err + ".",
		}
	}
	var res ScopeResult
	if code, reason := file.robotsPathProblem(robotsURL); code != "" {
		res.Code, res.Reason = code, reason
		if target, err := parseOrigin(testURL); err == "" {
			res.RobotsURL = target.robotsURL()
		}
		return res
	}
	res.File = file.robotsURL()
	if p := splitURL(testURL); p.bare {
		res.Governs, res.Code, res.RobotsURL = true, ScopeSameOrigin, res.File
		res.Reason = strconv.Quote(p.path) + " is a path alone, so it is read on the site of " + res.File + ", which governs it."
		return res
	}
	target, err := parseOrigin(testURL)
	if err != "" {
		res.Code = ScopeInvalidURL
		res.Reason = "The URL " + strconv.Quote(testURL) + " cannot be read: " + err + "."
		return res
	}
	res.RobotsURL = target.robotsURL()
	fix := "; this URL is governed by " + res.RobotsURL + " instead."
	// The host first: a URL on another site is about another site whatever
	// its scheme; when the scheme differs too, both are named (issue 22).
	switch {
	case target.host != file.host && target.scheme != file.scheme:
		res.Code = ScopeHostScheme
		res.Reason = testURL + " is on the host " + target.host + " over " + target.scheme + ", not " + file.host + " over " + file.scheme + ": " +
			hostRule(file, target) + ", and each scheme has its own robots.txt" + fix
	case target.host != file.host:
		res.Code = ScopeHost
		res.Reason = testURL + " is on the host " + target.host + ", not " + file.host + ": " +
			hostRule(file, target) + fix
	case target.scheme != file.scheme:
		res.Code = ScopeScheme
		res.Reason = testURL + " uses " + target.scheme + ", but this robots.txt is for " +
			file.scheme + " URLs: each scheme has its own robots.txt" + fix
	case target.port != file.port:
		res.Code = ScopePort
		res.Reason = testURL + " uses " + target.portPhrase() + ", but this robots.txt is for " +
			file.portPhrase() + ": each port has its own robots.txt" + fix
	default:
		res.Governs = true
		res.Code = ScopeSameOrigin
		res.Reason = res.File + " governs " + testURL + ": same scheme, host and port."
	}
	return res
}

// RobotsURLFor is the robots.txt a crawler fetches for url: its scheme, host
// (lower-case, punycode) and non-default port, then /robots.txt.
func RobotsURLFor(url string) (string, error) {
	o, err := parseOrigin(url)
	if err != "" {
		return "", scopeError("the URL " + strconv.Quote(url) + " cannot be read: " + err)
	}
	return o.robotsURL(), nil
}

type scopeError string

func (e scopeError) Error() string { return string(e) }

// hostRule explains why two hosts are different origins.
func hostRule(file, target origin) string {
	switch {
	case file.ip || target.ip:
		return "a robots.txt on an IP address host is valid only for URLs written with that IP address, even when the names resolve to it"
	case strings.TrimSuffix(file.host, ".") == strings.TrimSuffix(target.host, "."):
		return "a host name with a final dot is a different host for crawlers"
	case strings.HasSuffix(target.host, "."+file.host) || strings.HasSuffix(file.host, "."+target.host):
		return "each subdomain has its own robots.txt"
	}
	return "each host has its own robots.txt"
}

// origin is the scheme, host and port of a URL, compared as crawlers do.
type origin struct {
	scheme string // lower-case: http, https or ftp
	host   string // lower-case, punycode, IPv6 in brackets
	port   int    // the default port when none is written
	ip     bool
	path   string // as written, query excluded
	query  bool   // a "?" follows the path
}

// defaultPorts are the ports a URL without one uses (RFC 9309 §2.3 lists the
// schemes; the ports are those of RFC 9110 §4.2 and RFC 1738 §3.2).
var defaultPorts = map[string]int{"http": 80, "https": 443, "ftp": 21}

func (o origin) robotsURL() string {
	s := o.scheme + "://" + o.host
	if o.port != defaultPorts[o.scheme] {
		s += ":" + strconv.Itoa(o.port)
	}
	return s + "/robots.txt"
}

func (o origin) portPhrase() string {
	if o.port == defaultPorts[o.scheme] {
		return "the default port " + strconv.Itoa(o.port)
	}
	return "port " + strconv.Itoa(o.port)
}

// robotsPathProblem says why the path of a robots.txt URL is not where
// crawlers look: only an origin (empty path or "/") or exactly
// "/robots.txt", without a query, names the file.
func (o origin) robotsPathProblem(given string) (code, reason string) {
	if (o.path == "" || o.path == "/" || o.path == "/robots.txt") && !o.query {
		return "", ""
	}
	root := o.robotsURL()
	if strings.HasSuffix(o.path, "/robots.txt") && !o.query {
		return ScopeNotRoot, given + " is not at the root of its host: crawlers never look for robots.txt in a subdirectory, so this file governs nothing; put its rules in " + root + "."
	}
	if strings.EqualFold(o.path, "/robots.txt") && !o.query {
		return ScopeNotRobots, given + " is not the robots.txt URL: URL paths are case-sensitive and crawlers request exactly /robots.txt; serve the file at " + root + "."
	}
	return ScopeNotRobots, given + " is not a robots.txt URL: crawlers request only /robots.txt at the root, without a query; give the site's origin or " + root + "."
}

// parseOrigin reads the scheme, host and port of an absolute URL, or
// returns why it cannot (a phrase to end a sentence with).
func parseOrigin(s string) (origin, string) {
	p := splitURL(s)
	switch {
	case strings.TrimSpace(s) == "":
		return origin{}, "it is empty; type a URL such as https://example.com/"
	case p.bare:
		return origin{}, "it is a path without a host; write the whole URL, such as https://example.com" + p.path
	case p.scheme == "":
		return origin{}, "it has no scheme; write it in full, such as https://" + p.rest()
	case !p.special:
		return origin{}, "robots.txt governs http, https and ftp URLs only, not " + p.scheme + ":"
	}
	host, ip, err := asciiHost(p.host)
	if err != "" {
		return origin{}, err
	}
	port, err := portNumber(p.scheme, p.port)
	if err != "" {
		return origin{}, err
	}
	return origin{scheme: p.scheme, host: host, port: port, ip: ip, path: p.path, query: p.hasQuery}, ""
}

// urlParts is a URL split the way a browser splits one of the special
// schemes (WHATWG URL Standard, "basic URL parser"), nothing decoded or
// checked yet.
type urlParts struct {
	scheme   string // lower-case; "" when none was written
	special  bool   // http, https or ftp (the special schemes robots.txt applies to)
	userinfo string
	host     string // as written, brackets of an IPv6 address kept
	port     string // digits as written, "" when absent
	path     string
	query    string
	fragment string
	hasQuery bool
	hasFrag  bool
	bare     bool // a path without scheme and host ("/a b")
	noScheme bool // host first, scheme omitted ("example.com/x" or "//example.com/x")
}

func (p urlParts) rest() string {
	s := p.host
	if p.port != "" {
		s += ":" + p.port
	}
	return s + p.path
}

// splitURL splits s into its parts. Leading and trailing C0 controls and
// spaces are dropped and tabs and newlines removed anywhere, as browsers do
// (WHATWG URL, basic URL parser, first steps). "name:" starts a scheme
// unless a digit or nothing follows it ("example.com:8080" is a host and a
// port). Only the special schemes http, https and ftp are split further;
// in them "\" separates like "/".
func splitURL(s string) urlParts {
	s = cleanTyped(s)
	var p urlParts
	if i := SchemeEnd(s); i > 0 {
		scheme := strings.ToLower(s[:i])
		_, special := defaultPorts[scheme]
		after := s[i+1:]
		// "example.com:8080/x" is a host and a port, not a scheme.
		hostPort := !special && !strings.HasPrefix(after, "//") && (after == "" || '0' <= after[0] && after[0] <= '9')
		if !hostPort {
			p.scheme, p.special = scheme, special
			if !special {
				return p
			}
			s = strings.TrimLeft(after, "/\\")
		}
	}
	if p.scheme == "" {
		if s != "" && (s[0] == '/' || s[0] == '\\') && !(len(s) > 1 && (s[1] == '/' || s[1] == '\\')) {
			p.bare = true
			p.path, p.query, p.fragment, p.hasQuery, p.hasFrag = splitPath(s)
			return p
		}
		p.noScheme = true
		s = strings.TrimLeft(s, "/\\")
	}
	end := strings.IndexAny(s, "/\\?#")
	if end < 0 {
		end = len(s)
	}
	authority := s[:end]
	if at := strings.LastIndexByte(authority, '@'); at >= 0 {
		p.userinfo, authority = authority[:at], authority[at+1:]
	}
	p.host = authority
	if strings.HasPrefix(authority, "[") {
		if close := strings.IndexByte(authority, ']'); close >= 0 {
			p.host = authority[:close+1]
			if rest := authority[close+1:]; strings.HasPrefix(rest, ":") {
				p.port = rest[1:]
			} else if rest != "" {
				p.host = authority
			}
		}
	} else if colon := strings.IndexByte(authority, ':'); colon >= 0 {
		p.host, p.port = authority[:colon], authority[colon+1:]
	}
	p.path, p.query, p.fragment, p.hasQuery, p.hasFrag = splitPath(s[end:])
	return p
}

// cleanTyped drops what browsers drop from a typed URL before parsing it.
func cleanTyped(s string) string {
	s = strings.TrimFunc(s, func(r rune) bool { return r <= ' ' })
	if strings.ContainsAny(s, "\t\n\r") {
		s = strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(s)
	}
	return s
}

// SchemeEnd is the index of the ":" ending a scheme at the start of s
// (ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), RFC 3986 §3.1), or -1.
func SchemeEnd(s string) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return i
		default:
			return -1
		}
	}
	return -1
}

// splitPath splits what follows the authority into path, query and fragment.
func splitPath(s string) (path, query, fragment string, hasQuery, hasFrag bool) {
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s, fragment, hasFrag = s[:i], s[i+1:], true
	}
	if i := strings.IndexByte(s, '?'); i >= 0 {
		s, query, hasQuery = s[:i], s[i+1:], true
	}
	return s, query, fragment, hasQuery, hasFrag
}

// asciiHost is host as crawlers compare it: lower-case, punycode, an IPv6
// address in its canonical form within brackets. ip is true for IPv4 and
// IPv6 address hosts. err is a phrase saying what is wrong.
func asciiHost(host string) (ascii string, ip bool, err string) {
	if host == "" {
		return "", false, "it has no host name; write one after the scheme, such as https://example.com/"
	}
	if strings.HasPrefix(host, "[") {
		inner := strings.TrimSuffix(host[1:], "]")
		addr, ok := ParseIPv6(inner)
		if !strings.HasSuffix(host, "]") || !ok {
			return "", false, "the host " + host + " is not a valid IPv6 address in brackets; write it like [2001:db8::1]"
		}
		return "[" + formatIPv6(addr) + "]", true, ""
	}
	if strings.IndexByte(host, '%') >= 0 {
		return "", false, "the host " + host + " contains a percent sign; type the host name itself, without %-escapes"
	}
	// A forbidden code point as typed is named before mapping, so the
	// message is the same whichever mapper runs (a browser's refuses the
	// whole host); mapping only adds those a non-ASCII letter maps to,
	// such as "／" (U+FF0F) to "/".
	if msg := forbiddenInHost(host, host); msg != "" {
		return "", false, msg
	}
	ascii, ierr := MapHost(host)
	if ierr == errNoHostMapper {
		return "", false, "the host " + host + " is an international domain name, and " + ierr.Error()
	}
	if ierr != nil {
		return "", false, "the host " + host + " is not a valid domain name (" + ierr.Error() + "); check its spelling"
	}
	if msg := forbiddenInHost(host, ascii); msg != "" {
		return "", false, msg
	}
	if endsInNumber(ascii) {
		addr, ok := ParseIPv4(strings.TrimSuffix(ascii, "."))
		if !ok {
			return "", false, "the host " + host + " ends in a number but is not an IPv4 address; write the address as four numbers such as 192.0.2.1"
		}
		return formatIPv4(addr), true, ""
	}
	return ascii, false, ""
}

// forbiddenInHost says which forbidden code point name, the host as typed
// or as mapped, holds, or is "" when it holds none.
func forbiddenInHost(host, name string) string {
	if i := strings.IndexFunc(name, forbiddenHostRune); i >= 0 {
		return "the host " + host + " contains " + strconv.QuoteRune(rune(name[i])) + ", which no host name may contain; check the URL"
	}
	return ""
}

// forbiddenHostRune reports the forbidden domain code points of the WHATWG
// URL Standard (host parsing) that can survive the IDNA mapping.
func forbiddenHostRune(r rune) bool {
	switch r {
	case ' ', '#', '/', ':', '<', '>', '?', '@', '[', '\\', ']', '^', '|', '%', 0x7F:
		return true
	}
	return r < ' '
}

// endsInNumber reports whether the last label of a host is a number, which
// makes a browser read the host as an IPv4 address (WHATWG URL, "ends in a
// number checker", decimal form only).
func endsInNumber(host string) bool {
	host = strings.TrimSuffix(host, ".")
	last := host[strings.LastIndexByte(host, '.')+1:]
	if last == "" {
		return false
	}
	for i := 0; i < len(last); i++ {
		if last[i] < '0' || last[i] > '9' {
			return false
		}
	}
	return true
}

// portNumber is the port a URL uses: the scheme's default when none is
// written. err is a phrase saying what is wrong.
func portNumber(scheme, port string) (int, string) {
	if port == "" {
		return defaultPorts[scheme], ""
	}
	n := 0
	for i := 0; i < len(port); i++ {
		c := port[i]
		if c < '0' || c > '9' {
			return 0, "the port " + strconv.Quote(port) + " is not a number; write digits only after the colon, such as :8080"
		}
		n = n*10 + int(c-'0')
		if n > 65535 {
			return 0, "the port " + port + " is above 65535; check the number"
		}
	}
	return n, ""
}
