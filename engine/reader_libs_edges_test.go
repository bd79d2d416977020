package engine

import "strconv"

// Edge cases for protego, perl-robotrules and ruby-webrobots, made on
// purpose: where their languages are most particular. They run live
// (TestReadersLibsLiveEdges) and are part of the golden set.
//
//   - Keys: a line without a colon read by Protego's second chance only in
//     lower case; its misspellings; "User-Agent :" (webrobots takes
//     "User-agent " as an unknown token); a space before the key
//     (webrobots refuses the file's grammar and allows everything).
//   - Groups: Protego's sets merged by value and scored by length; Perl's
//     first record naming the robot, its "Disallow" with no user-agent
//     line; webrobots' records, its "*" records tried last.
//   - Line ends: CRLF (webrobots keeps the CR in a value), CR alone,
//     LF CR, a blank line inside a group.
//   - Values: '$' and '*', %2F and other escapes, index.html, a final '?',
//     relative and absolute URLs (Perl resolves them against the
//     robots.txt URL and drops other hosts), '#' comments.
//   - URLs: schemes other than http(s), ports, user info, queries and
//     fragments, empty paths, /robots.txt itself.

var libEdgeBodies = []string{
	"User-agent: *\nDisallow: /a\n",
	"User-agent: *\r\nDisallow: /a\r\n",
	"User-agent: *\rDisallow: /a\r",
	"User-agent: * # all\r\nDisallow: /a # no\r\n",
	"User-agent: *\n\nDisallow: /a\n",
	"\ufeffUser-agent: *\nDisallow: /a\n",
	" User-agent: *\nDisallow: /a\n",
	"User-agent: *\n Disallow: /a\n",
	"User-Agent : *\nDisallow: /a\n",
	"user-agent *\ndisallow /a\n",
	"User-agent *\nDisallow /a\n",
	"user agent: foo\ndissallow: /a\n",
	"Disallow: /a\n",
	"Disallow: /a\nUser-agent: *\nDisallow: /b\n",
	"User-agent: foo\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n",
	"User-agent: *\nDisallow: /b\n\nUser-agent: foo\nDisallow: /a\n",
	"User-agent: foo\nUser-agent: bar\nDisallow: /a\nUser-agent: foo\nDisallow: /b\n",
	"User-agent: fo\nDisallow: /a\n\nUser-agent: foobar\nDisallow: /b\n\nUser-agent: foo\nDisallow: /c\n",
	"User-agent: foo*\nDisallow: /a\n\nUser-agent: *foo\nDisallow: /b\n",
	"User-agent: *\nDisallow: /*.pdf$\nAllow: /a$\nDisallow: /a\n",
	"User-agent: *\nDisallow: /a%2Fb\nDisallow: /%7e\nDisallow: /%C3%A9\nDisallow: /é\n",
	"User-agent: *\nAllow: /a/index.html\nDisallow: /a/\n",
	"User-agent: *\nDisallow: /a?\nDisallow: /b;\nDisallow: /c?x$\n",
	"User-agent: *\nDisallow: a\nDisallow: ../b\nDisallow: ?q\nDisallow: //example.com/c\nDisallow: http://example.com/d\nDisallow: http://other.com/e\nDisallow: https://example.com/f\n",
	"User-agent: *\nDisallow: /a b\nDisallow: /c#d\nDisallow:\nDisallow: /e\n",
	"User-agent: *\nDisallow: /\nAllow: /a\nCrawl-delay: 5\nSitemap: http://example.com/s.xml\nFoo: bar\n",
	"User-agent: *\nCrawl-delay: x\nRequest-rate: 1/5\nDisallow: /a\n",
	"# comment\n\nUser-agent: foo\n# inside\nDisallow: /a\n\n# between\n\nUser-agent: *\nDisallow: /\n",
	"User-agent: foo\n\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n",
	"Sitemap: http://example.com/s.xml\nUser-agent: *\nDisallow: /a\n",
	"User-agent: *\nDisallow: /robots.txt\nDisallow: /\n",
	"User-agent: *\n\tDisallow: /a\nDisallow:\t/b\n",
	"User-agent: FOO\nDisallow: /a\n",
	"User-agent: foo/1.0\nDisallow: /a\n",
	"User-agent: *\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n",
}

var libEdgeTests = [][2]string{
	{"foo", "http://example.com/a"}, {"foo", "http://example.com/b"}, {"foo", "http://example.com/c"},
	{"Foo/2.0 (+http://x)", "http://example.com/a"}, {"bar", "http://example.com/a"}, {"foobar", "http://example.com/b"},
	{"foo", "http://example.com/a.pdf"}, {"foo", "http://example.com/x/a.pdf"}, {"foo", "http://example.com/a/"},
	{"foo", "http://example.com/a/index.html"}, {"foo", "http://example.com/a%2fb"}, {"foo", "http://example.com/a/b"},
	{"foo", "http://example.com/~"}, {"foo", "http://example.com/%C3%A9"}, {"foo", "http://example.com/a?"},
	{"foo", "http://example.com/a?x"}, {"foo", "http://example.com/b;"}, {"foo", "http://example.com/c?x"},
	{"foo", "http://example.com/robots.txt"}, {"foo", "http://example.com/robots.txt?q"}, {"foo", "http://example.com/d"},
	{"foo", "http://example.com/e"}, {"foo", "http://example.com/f"}, {"foo", "https://example.com/f"},
	{"foo", "http://example.com:8080/a"}, {"foo", "http://u:p@example.com/a"}, {"foo", "http://example.com"},
	{"foo", "http://example.com?q"}, {"foo", "http://example.com/a#x"}, {"foo", "ftp://example.com/a"},
	{"foo", "mailto:a@example.com"}, {"foo", "/a"}, {"foo", "http:/a"}, {"foo", "http://example.com/a b"},
	{"foo", "HTTP://EXAMPLE.COM/a"}, {"", "http://example.com/a"}, {"*", "http://example.com/a"},
}

func libEdgeFiles() []diffFile {
	var files []diffFile
	for i, body := range libEdgeBodies {
		tests := append([][2]string(nil), libEdgeTests...)
		files = append(files, diffFile{body: []byte(body), name: "library edge file " + strconv.Itoa(i), Tests: tests}.prepared())
	}
	return files
}
