package sharedtest

import "strings"

// FuzzSeedBodies are byte sequences where a robots.txt reader can slip:
// BOM fragments, every line-break mix, NUL, comments, missing colons,
// typos, wildcards, escapes, high bytes and index.html rules. The engine's fuzz targets and engine/ai's start from
// them.
var FuzzSeedBodies = []string{
	"",
	"\xEF\xBB\xBFUser-agent: *\nDisallow: /",
	"\xEF\xBBUser-agent: *\nDisallow: /",
	"\xEF\x11\xBFUser-agent: *\nDisallow: /",
	"\xEF\xBB\xBF\xEF\xBB\xBFUser-agent: *\nDisallow: /",
	"\xEF\xBB\xBF\x00User-agent: *\nDisallow: /",
	"User-agent: *\rDisallow: /a\r\nAllow: /a/b\n\rDisallow: /c\r\r\n",
	"User-agent: foo\nDisallow: /a\x00bc\nAllow: /a#b\n",
	"User-agent foo\nDisallow /x\nDisallow / x\n: foo\nDisallow /foo:bar\n",
	"useragent: foo\nuser agent: bar\nuser_agent: baz\ndissallow: /a\ndisalow: /b\nsite-map: /s\n",
	"User-agent: *foo\nUser-agent: * foo\nUser-agent: Googlebot/2.1\nDisallow: /*.php$\nAllow: /a$b\nAllow: /a$$\n",
	"User-agent: foo\nDisallow: /%7e\nDisallow: /%c3%a9\nDisallow: /é\nAllow: /\xff\n",
	"User-agent: foo\nDisallow: /foo/\nAllow: /foo/index.html\nAllow: /*/index.htm\nDisallow:\n",
	"User-agent: a\nCrawl-delay: 5\nUser-agent: b\nDisallow: /\nSitemap: /s.xml\nUser-agent: c\nAllow: /\n",
	"Disallow: /orphan\nUser-agent: *\nUser-agent: foo\nDisallow: /x\n",
	"User-agent: foo\nDisallow: /" + strings.Repeat("a", 20000) + "\n",
	"User-agent: *\nDisallow: /\nAllow: /*/index.html\n",
}
