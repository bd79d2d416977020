package readers

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

// libEdgeURLs are URLs whose parse the libraries judge (webrobots' RFC
// 3986 parser with its IPv6 alternatives and its query check, Perl's URI
// escaping), tested on libEdgeURLBody.
var libEdgeURLs = []string{
	"http://[::1]/a", "http://[::1:2:3:4:5:6]/a", "http://[1::2:3:4:5:6]/a", "http://[1::2:3:4:5:6:7]/a", "http://[::2:3:4:5:6:7:8]/a",
	"http://[1:2:3:4:5:6:7:8]/a", "http://[1:2:3:4:5:6:1.2.3.4]/a", "http://[::1.2.3.4]/a", "http://[::ffff:1.2.3.04]/a", "http://[1:2:3:4:5::]/a",
	"http://[1:2:3:4:5:6:7::]/a", "http://[1:2:3:4:5:6:7:8:9]/a", "http://[v1.x]/a", "http://[V1.x]/a", "http://[v1.]/a", "http://[vg.x]/a",
	"http://[12345::]/a", "http://[::1]:80/a", "http://[::1]x/a", "http://1.2.3.4/a", "http://01.2.3.4/a", "http://256.1.1.1/a",
	"http://a/a?%zz", "http://a/a?%z1", "http://a/a?%", "http://a/a?x y", "http://a/a?\"'<>`", "http://a/a?#f", "http://a/a#f g", "http://a/a#%zz",
	"http://a/a%zz", "http://a/a%2", "http://a/a[b]", "http://a/a|b", "http://a:b@c/a", "http://a@b@c/a", "http://@a/a", "http://a:/a",
	"http://a:8a/a", "http://:80/a", "http:///a", "http://a%41/a", "http://a_b/a", "https://a/a", "HTTPS://A/a", "ws://a/a", "http://a/a b",
	"http://a/%61", "http://a/a?b=%2F", "http://a/robots.txt", "http://a/robots.txt?", "http://a/robots.txt#x", "http://a:81/a", "http://a:0080/a",
}

const libEdgeURLBody = "User-agent: *\nDisallow: /a\nDisallow: /%61x\nDisallow: ./b\nDisallow: ../../c\nDisallow: d/../e\nDisallow: <URL:/f>\n" +
	"Disallow: \"/g\"\nDisallow: //a:80/h\nDisallow: http://A/i\nDisallow: http://a:080/j\nDisallow: ?k\nDisallow: ;m\n" +
	"Disallow: https://a/n\nDisallow: /o p\nDisallow: /q\"r\n"

func libEdgeFiles() []diffFile {
	var files []diffFile
	for i, body := range libEdgeBodies {
		tests := append([][2]string(nil), libEdgeTests...)
		files = append(files, diffFile{body: []byte(body), name: "library edge file " + strconv.Itoa(i), Tests: tests}.prepared())
	}
	var tests [][2]string
	for _, u := range libEdgeURLs {
		tests = append(tests, [2]string{"foo", u})
	}
	for _, p := range []string{"/b", "/c", "/e", "/f", "/g", "/h", "/i", "/j", "/robots.txt?k", "/robots.txt", "/;m", "/n", "/o%20p", "/q%22r", "/ax"} {
		tests = append(tests, [2]string{"foo", "http://a" + p}, [2]string{"foo", "https://a" + p}, [2]string{"foo", "http://a:80" + p})
	}
	return append(files, diffFile{body: []byte(libEdgeURLBody), name: "library URL edge file", Tests: tests}.prepared())
}
