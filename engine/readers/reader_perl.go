package readers

import (
	"robotstester/engine"
	"strconv"
	"strings"
	"sync"
)

// The perl-robotrules reader: Perl's WWW::RobotRules, what LWP::RobotUA
// obeys, as RobotUA drives it: WWW::RobotRules->new(agent); allowed(url)
// finds no rules for the site, so parse(robots_url, body) with the URL's
// path set to "robots.txt" and its query dropped, then allowed(url). The
// body, agent and URL are octets (UTF-8 for the agent and URL). Matched to
// WWW::RobotRules 6.02 (Debian's libwww-robotrules-perl 6.02-1,
// RobotRules.pm) with URI 5.17 (liburi-perl) on Perl 5.36; the
// differential test runs the real module. What it does, in its own order:
//
//   - The agent's name is its first word, cut at the first '/'
//     ("FooBot/1.2 (+http://…)" is "FooBot"). A record is for the robot
//     when its user-agent value, lower-cased, is found inside that name
//     lower-cased: the reverse of most readers, so an empty value names
//     every robot and "Foo-Bar" does not name "foo".
//   - CRLF becomes LF, then the text is split at LF and at CR. A line whose
//     first non-space is '#' is dropped; a '#' ends every other line. A
//     blank line ends a record and, once a record was for the robot, the
//     whole reading. Keys: "User-Agent" and "Disallow", any case, spaces
//     allowed before the colon; every other line is ignored: there is no
//     Allow, no wildcard and no '$'.
//   - A user-agent line after a Disallow starts a new record (as a blank
//     line would). Disallow lines go to the robot's record when one named
//     it, else to the "*" records; a Disallow before any user-agent line
//     counts as "*". The first record naming the robot is the only one
//     read: its rules if there is one, else every "*" record's.
//   - A Disallow value is a URL, resolved against the robots.txt URL with
//     Perl's URI module (escaping spaces, quotes, brackets and bytes above
//     0x7F as %XX, dropping <URL:…> and "…" around it, resolving "." and
//     ".." segments); a rule for another scheme, host or port string is
//     dropped. Its path and query is then a prefix to compare.
//   - allowed allows any URL that is not http or https; otherwise it takes
//     the rules in file order: an empty Disallow allows everything at that
//     point, the first rule that starts the URL's path and query (as URI
//     escapes them) blocks.

type perlFile struct {
	lines []perlLine // the blank, User-Agent and Disallow lines, in order
	// read remembers rules' answers by robot name and robots.txt URL:
	// a crawler asks with one name and one site, URL after URL.
	mu   sync.Mutex
	read map[string]perlRead
}

// perlLine is a line as WWW::RobotRules::parse sees it: blank ('B'), a
// User-Agent ('U') or a Disallow ('D') with its value; every other line
// changes nothing and is not kept.
type perlLine struct {
	kind   byte
	value  string
	number int
}

// perlRead is what parse keeps for one robot and robots.txt URL.
type perlRead struct {
	rules   []perlRule
	named   bool   // a record named the robot
	records []int  // the lines that started the records read
	value   string // the user-agent value that named it, "*" otherwise
}

func (f *perlFile) Reader() string { return "perl-robotrules" }

func parsePerl(body []byte) *perlFile {
	s := string(body)
	ix := newLineIndex(s)
	f := &perlFile{read: map[string]perlRead{}}
	// s/\015\012/\012/g, then split(/[\012\015]/): trailing empty lines go.
	var texts []perlLine
	start := 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) && s[i] != '\n' && s[i] != '\r' {
			continue
		}
		texts = append(texts, perlLine{value: s[start:i], number: ix.line(start)})
		if i+1 < len(s) && s[i] == '\r' && s[i+1] == '\n' {
			i++
		}
		start = i + 1
	}
	for len(texts) > 0 && texts[len(texts)-1].value == "" {
		texts = texts[:len(texts)-1]
	}
	for _, ln := range texts {
		line := ln.value
		if strings.HasPrefix(perlTrimLeft(line), "#") {
			continue
		}
		// s/\s*\#.*//: the spaces before the first '#', and the rest.
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = perlTrimRight(line[:i])
		}
		if perlTrimLeft(line) == "" {
			f.lines = append(f.lines, perlLine{'B', "", ln.number})
		} else if v, ok := perlField(line, "User-Agent"); ok {
			f.lines = append(f.lines, perlLine{'U', perlTrimRight(v), ln.number})
		} else if v, ok := perlField(line, "Disallow"); ok {
			f.lines = append(f.lines, perlLine{'D', perlTrimRight(v), ln.number})
		}
	}
	return f
}

// perlSpace is Perl's \s on octets: space, \t, \n, \v, \f, \r.
func perlSpace(c byte) bool { return c == ' ' || '\t' <= c && c <= '\r' }

func perlTrimLeft(s string) string {
	for s != "" && perlSpace(s[0]) {
		s = s[1:]
	}
	return s
}

func perlTrimRight(s string) string {
	for s != "" && perlSpace(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}

// perlField matches /^\s*KEY\s*:\s*(.*)/i and returns the captured value.
func perlField(line, key string) (string, bool) {
	s := perlTrimLeft(line)
	if len(s) < len(key) || !strings.EqualFold(s[:len(key)], key) {
		return "", false
	}
	s = perlTrimLeft(s[len(key):])
	if s == "" || s[0] != ':' {
		return "", false
	}
	return perlTrimLeft(s[1:]), true
}

// perlAgentName is WWW::RobotRules::InCore::agent: the first word, cut at
// '/'; a name Perl reads as false ("" or "0") is never set.
func perlAgentName(agent string) (string, bool) {
	if agent == "" || agent == "0" {
		return "", false
	}
	name := agent
	i := 0
	for i < len(name) && perlSpace(name[i]) {
		i++
	}
	j := i
	for j < len(name) && !perlSpace(name[j]) {
		j++
	}
	if j > i {
		name = name[i:j]
	}
	if k := strings.IndexByte(name, '/'); k >= 0 {
		name = name[:k]
	}
	return name, true
}

// perlRule is a rule kept for the robot, with the line it came from.
type perlRule struct {
	path string
	line int
}

// rules is WWW::RobotRules::parse for a robot named me, reading the file
// against the robots.txt URL base, remembered.
func (f *perlFile) rules(me string, base perlURI) perlRead {
	key := me + "\x00" + string(base)
	f.mu.Lock()
	r, ok := f.read[key]
	f.mu.Unlock()
	if ok {
		return r
	}
	r = f.parse(me, base)
	f.mu.Lock()
	if len(f.read) >= 64 {
		clear(f.read)
	}
	f.read[key] = r
	f.mu.Unlock()
	return r
}

func (f *perlFile) parse(me string, base perlURI) perlRead {
	var isMe, isAnon, seenDisallow, haveUA bool
	var mine, anon []perlRule
	var anonLines []int
	recordLine, value := 0, ""
	for _, ln := range f.lines {
		number := ln.number
		switch ln.kind {
		case 'B':
			if isMe {
				return perlRead{mine, true, []int{recordLine}, value}
			}
			isAnon, seenDisallow = false, false
			continue
		case 'U':
			ua := ln.value
			haveUA = true
			if seenDisallow {
				seenDisallow = false
				if isMe {
					return perlRead{mine, true, []int{recordLine}, value}
				}
				isAnon = false
			}
			switch {
			case isMe:
			case ua == "*":
				if !isAnon {
					anonLines = append(anonLines, number)
				}
				isAnon = true
			case strings.Contains(engine.LowerASCII(me), engine.LowerASCII(ua)):
				isMe, recordLine, value = true, number, ua
			}
			continue
		}
		if !haveUA {
			if !isAnon {
				anonLines = append(anonLines, number)
			}
			isAnon = true
		}
		disallow := ln.value
		seenDisallow = true
		if disallow != "" {
			u, ok := perlNewAbs(disallow, base)
			if !ok || u.scheme() != base.scheme() || engine.LowerASCII(u.host()) != engine.LowerASCII(base.host()) || u.port() != base.port() {
				continue
			}
			if disallow = u.pathQuery(); disallow == "" {
				disallow = "/"
			}
		}
		switch {
		case isMe:
			mine = append(mine, perlRule{disallow, number})
		case isAnon:
			anon = append(anon, perlRule{disallow, number})
		}
	}
	if isMe {
		return perlRead{mine, true, []int{recordLine}, value}
	}
	return perlRead{anon, false, anonLines, "*"}
}

// perlRobotsBase is a robots.txt URL for reading which records apply: the
// records do not depend on it.
const perlRobotsBase = perlURI("http://example.com/robots.txt")

// groupsFor is the records allowed reads for agent, for ObeysWith.
func (f *perlFile) groupsFor(agent string) (o engine.Obeys, how, refused string) {
	me, _ := perlAgentName(agent)
	switch r := f.rules(me, perlRobotsBase); {
	case r.named:
		o = engine.Obeys{Source: engine.SourceSpecific, Token: r.value, Lines: r.records}
	case len(r.records) > 0:
		o = engine.Obeys{Source: engine.SourceGlobal, Lines: r.records}
	}
	return o, "WWW::RobotRules reads the first record whose user-agent value is found inside the robot's name (its first word before '/', lower-cased), else every * record", ""
}

func (f *perlFile) Test(agent, url string) ReaderResult {
	res := ReaderResult{Reader: "perl-robotrules"}
	u := perlNew(url)
	if s := u.scheme(); s != "http" && s != "https" {
		res.Allowed, res.Why = true, "WWW::RobotRules allows every URL that is not http or https."
		return res
	}
	// LWP::RobotUA's robots.txt URL: the URL with path "robots.txt" and
	// no query.
	base := perlNew(string(u.withPath("robots.txt").withoutQuery()))
	me, _ := perlAgentName(agent)
	read := f.rules(me, base)
	path := u.pathQuery()
	group := "the * records"
	if read.named {
		group = "the record of line " + strconv.Itoa(read.records[0]) + ", whose user-agent is found in the robot's name " + strconv.Quote(me)
	} else if len(read.records) == 0 {
		group = "no record (none names " + strconv.Quote(me) + " and there is no * record)"
	}
	lead := "WWW::RobotRules reads " + group + " and compares its Disallow paths, in order, with the start of " + quoteValue(path)
	for _, r := range read.rules {
		if r.path == "" {
			res.Allowed, res.Line = true, r.line
			res.Why = lead + ": line " + strconv.Itoa(r.line) + " is an empty Disallow, which allows everything from there — allowed."
			return res
		}
		if strings.HasPrefix(path, r.path) {
			res.Line = r.line
			res.Why = lead + ": line " + strconv.Itoa(r.line) + " " + quoteValue(r.path) + " starts it — blocked (it has no Allow and no wildcards)."
			return res
		}
	}
	res.Allowed = true
	res.Why = lead + ": none starts it, so it allows (it has no Allow and no wildcards: '*' and '$' are literal)."
	return res
}

// perlURI is a URI as Perl's URI module holds it: its escaped string.
type perlURI string

// URI 5.17's character classes (URI.pm): $uric, and $uric4host with the
// square brackets.
const (
	perlUric     = ";/?:@&=+$,ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()%"
	perlUric4Usr = "!$'()*,;:._~%-+=&ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
)

// perlSchemeEnd is the length of the $scheme_re ':' the string starts
// with ([a-zA-Z][a-zA-Z0-9.+\-]*:), 0 when it has none.
func perlSchemeEnd(s string) int {
	if s == "" || !('a' <= s[0]|0x20 && s[0]|0x20 <= 'z') {
		return 0
	}
	for i := 1; i < len(s); i++ {
		switch c := s[i]; {
		case c == ':':
			return i + 1
		case 'a' <= c|0x20 && c|0x20 <= 'z' || '0' <= c && c <= '9' || c == '.' || c == '+' || c == '-':
		default:
			return 0
		}
	}
	return 0
}

// perlSplit cuts s as URI's regular expressions do:
// ^((?:$scheme_re:)?)(?://([^/?\#]*))?(.*)$, giving the scheme part, the
// authority (ok false when there is no "//") and the rest.
func perlSplit(s string) (scheme, auth string, ok bool, rest string) {
	n := perlSchemeEnd(s)
	scheme, rest = s[:n], s[n:]
	if !strings.HasPrefix(rest, "//") {
		return scheme, "", false, rest
	}
	end := len(rest)
	if i := strings.IndexAny(rest[2:], "/?#"); i >= 0 {
		end = 2 + i
	}
	return scheme, rest[2:end], true, rest[end:]
}

// perlPathSplit cuts s as the path and path_query methods do:
// ^((?:[^:/?\#]+:)?(?://[^/?\#]*)?)([^?\#]*)(.*)$ (stop "?#"), or with
// [^\#]* (stop "#").
func perlPathSplit(s, stop string) (head, path, rest string) {
	n := 0
	if i := strings.IndexAny(s, ":/?#"); i > 0 && s[i] == ':' {
		n = i + 1
	}
	if strings.HasPrefix(s[n:], "//") {
		n += 2
		if i := strings.IndexAny(s[n:], "/?#"); i >= 0 {
			n += i
		} else {
			n = len(s)
		}
	}
	end := len(s)
	if i := strings.IndexAny(s[n:], stop); i >= 0 {
		end = n + i
	}
	return s[:n], s[n:end], s[end:]
}

// perlCutPort removes a final ':' and digits (/:\d+$/) and returns both.
func perlCutPort(s string) (host, port string) {
	i := strings.LastIndexByte(s, ':')
	if i < 0 || i == len(s)-1 || strings.Trim(s[i+1:], "0123456789") != "" {
		return s, ""
	}
	return s[:i], s[i:]
}

// perlEscape is s/([^$set])/escape_char($1)/eg on octets.
func perlEscape(s, set string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(set, s[i]) >= 0 {
			b.WriteByte(s[i])
		} else {
			b.WriteString("%" + engine.HexByte(s[i]))
		}
	}
	return b.String()
}

// perlNew is URI->new(str): the string cleaned and escaped. (For an http
// URI, URI::_server first turns a host with characters outside $uric4host
// into IDNA; this reader leaves such a host to the plain escaping, which
// changes no verdict that the differential has found.)
func perlNew(s string) perlURI {
	if strings.HasPrefix(s, "<") && strings.HasSuffix(s, ">") && !strings.ContainsAny(s, "\n") {
		s = strings.TrimPrefix(s[1:len(s)-1], "URL:")
	}
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' && !strings.ContainsAny(s, "\n") {
		s = s[1 : len(s)-1]
	}
	s = perlTrimRight(perlTrimLeft(s))
	s = perlEscape(s, perlUric+"#")
	return perlURI(perlFixHostEscapes(s))
}

// perlFixHostEscapes is _fix_uric_escape_for_host_part: %5B and %5D in the
// host go back to '[' and ']'.
func perlFixHostEscapes(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	_, orig, ok, _ := perlSplit(s)
	if !ok || orig == "" {
		return s
	}
	user, host := "", orig
	if i := strings.LastIndexByte(orig, '@'); i >= 0 {
		user, host = orig[:i+1], orig[i+1:]
	}
	host, port := perlCutPort(host)
	host = strings.NewReplacer("%5B", "[", "%5b", "[", "%5D", "]", "%5d", "]").Replace(host)
	return strings.Replace(s, orig, user+host+port, 1)
}

// scheme is URI::scheme: lower-cased, "" for none.
func (u perlURI) scheme() string {
	n := perlSchemeEnd(string(u))
	if n == 0 {
		return ""
	}
	return engine.LowerASCII(string(u)[:n-1])
}

// authority is URI::_generic::authority; ok is false when there is none.
func (u perlURI) authority() (string, bool) {
	_, auth, ok, _ := perlSplit(string(u))
	return auth, ok
}

// host is URI::_server::host: the authority without user info, port and
// brackets, %XX decoded.
func (u perlURI) host() string {
	h, ok := u.authority()
	if !ok {
		return ""
	}
	if i := strings.LastIndexByte(h, '@'); i >= 0 {
		h = h[i+1:]
	}
	h, _ = perlCutPort(h)
	if len(h) >= 2 && h[0] == '[' && h[len(h)-1] == ']' {
		h = h[1 : len(h)-1]
	}
	return unquoteBytes(h)
}

// port is URI::_server::port as a string: the authority's digits after the
// last ':', else the scheme's default.
func (u perlURI) port() string {
	if a, ok := u.authority(); ok {
		if i := strings.LastIndexByte(a, ':'); i >= 0 && strings.Trim(a[i+1:], "0123456789") == "" && i+1 < len(a) {
			return a[i+1:]
		}
	}
	switch u.scheme() {
	case "http":
		return "80"
	case "https":
		return "443"
	}
	return ""
}

func (u perlURI) path() string {
	_, path, _ := perlPathSplit(string(u), "?#")
	return path
}

func (u perlURI) pathQuery() string {
	_, path, _ := perlPathSplit(string(u), "#")
	return path
}

// query is URI::_query::query: ok is false when there is no '?'.
func (u perlURI) query() (string, bool) {
	s := string(u)
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s = s[:i]
	}
	i := strings.IndexByte(s, '?')
	if i < 0 {
		return "", false
	}
	return s[i+1:], true
}

func (u perlURI) fragment() (string, bool) {
	i := strings.IndexByte(string(u), '#')
	if i < 0 {
		return "", false
	}
	return string(u)[i+1:], true
}

// withPath is the path setter: p escaped (all of $uric but '?'), with a
// '/' before it when there is an authority.
func (u perlURI) withPath(p string) perlURI {
	head, _, rest := perlPathSplit(string(u), "?#")
	p = perlEscape(p, strings.Replace(perlUric, "?", "", 1))
	if strings.Contains(head, "/") && p != "" && !strings.ContainsAny(p[:1], "/?#") {
		p = "/" + p
	}
	return perlURI(head + p + rest)
}

// withoutQuery is query(undef).
func (u perlURI) withoutQuery() perlURI {
	s := string(u)
	head, frag, _ := strings.Cut(s, "#")
	if i := strings.IndexByte(head, '?'); i >= 0 {
		head = head[:i]
	}
	if strings.Contains(s, "#") {
		return perlURI(head + "#" + frag)
	}
	return perlURI(head)
}

// withQuery is query(q) with q defined.
func (u perlURI) withQuery(q string) perlURI {
	s := string(u)
	rest := ""
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s, rest = s[:i], s[i:]
	}
	if i := strings.IndexByte(s, '?'); i >= 0 {
		s = s[:i]
	}
	return perlURI(s + "?" + perlEscape(q, perlUric) + rest)
}

// withFragment is fragment(f) with f defined.
func (u perlURI) withFragment(f string) perlURI {
	s, _, _ := strings.Cut(string(u), "#")
	return perlURI(s + "#" + perlEscape(f, perlUric))
}

// withAuthority is the authority setter; ok is false for undef.
func (u perlURI) withAuthority(auth string, ok bool) perlURI {
	s, _, _, rest := perlSplit(string(u))
	if ok {
		auth = perlEscape(auth, strings.NewReplacer("/", "", "?", "").Replace(perlUric)+"[]")
		if at := strings.LastIndexByte(auth, '@'); at < len(auth)-1 {
			user, host := "", auth
			if at >= 0 {
				user, host = auth[:at+1], auth[at+1:]
			}
			user = perlEscape(user, perlUric4Usr)
			if strings.HasSuffix(user, "%40") {
				user = user[:len(user)-3] + "@"
			}
			if perlRawIPv6(host) {
				host = "[" + host + "]"
			}
			auth = user + host
		}
		s += "//" + auth
	}
	if strings.Contains(s, "/") && rest != "" && !strings.ContainsAny(rest[:1], "/?#") {
		rest = "/" + rest
	}
	return perlURI(s + rest)
}

// perlRawIPv6 is _looks_like_raw_ip6_address with Regexp::IPv6: two
// colons or more, and an IPv6 address.
func perlRawIPv6(host string) bool {
	if strings.Count(host, ":") < 2 {
		return false
	}
	_, ok := engine.ParseIPv6(host)
	return ok
}

// perlNewAbs is URI->new_abs(value, base); ok is false where Perl dies
// (a URI with no host method).
func perlNewAbs(value string, base perlURI) (perlURI, bool) {
	rel := perlNew(value)
	if s := rel.scheme(); s != "" {
		return rel, s == "http" || s == "https"
	}
	abs := perlNew(base.scheme() + ":" + string(rel))
	if strings.HasPrefix(string(rel), "//") {
		return abs, true
	}
	auth, ok := base.authority()
	abs = abs.withAuthority(auth, ok)
	path := rel.path()
	if strings.HasPrefix(path, "/") {
		return abs, true
	}
	if path == "" {
		abs := base
		if q, ok := rel.query(); ok {
			abs = abs.withQuery(q)
		}
		if f, ok := rel.fragment(); ok {
			abs = abs.withFragment(f)
		}
		return abs, true
	}
	p := base.path()
	p = p[:strings.LastIndexByte(p, '/')+1] + path
	segs := strings.Split(p, "/")
	if len(segs) > 0 && segs[0] == "" {
		segs = segs[1:]
	}
	for i := 1; i < len(segs); {
		switch {
		case segs[i-1] == ".":
			segs = append(segs[:i-1], segs[i:]...)
			if i > 1 {
				i--
			}
		case segs[i] == ".." && segs[i-1] != "..":
			segs = append(segs[:i-1], segs[i+1:]...)
			if i > 1 {
				i--
				if i == len(segs) {
					segs = append(segs, "")
				}
			}
		default:
			i++
		}
	}
	if len(segs) > 0 && segs[len(segs)-1] == "." {
		segs[len(segs)-1] = ""
	}
	return abs.withPath("/" + strings.Join(segs, "/")), true
}
