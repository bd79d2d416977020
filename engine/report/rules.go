package report

import "robotstester/engine"

// Rule describes one finding code: SARIF's reportingDescriptor (§3.49),
// which code scanning shows beside each result. The codes are the engine's
// (the tables in engine/lint.go and engine/portability.go; rules_test.go
// checks that this list and those tables name the same codes). A finding's
// own message says what Google does with that line and the fix; Help says
// why the code matters at all.
type Rule struct {
	Code string
	// Level is the severity the code has most often, SARIF's
	// defaultConfiguration; each finding carries its own.
	Level   engine.Severity
	Summary string // one line
	Help    string // what goes wrong and how to mend it
}

const (
	errorLevel   = engine.SeverityError
	warningLevel = engine.SeverityWarning
	noteLevel    = engine.SeverityInfo
)

// Rules lists every code, Google's reading first, then the other readers'.
func Rules() []Rule { return append([]Rule(nil), rules...) }

var rules = []Rule{
	{"utf16", errorLevel, "The file is encoded as UTF-16.",
		"Google reads robots.txt byte by byte as UTF-8; in UTF-16 every character carries a NUL byte and no directive is found, so the whole site is allowed. Save the file as UTF-8."},
	{"bom", noteLevel, "A UTF-8 byte-order mark starts the file.",
		"Google skips a byte-order mark, but some crawlers read it as part of the first key and lose that line. Save the file as UTF-8 without a BOM."},
	{"partial-bom", warningLevel, "The file starts with part of a byte-order mark.",
		"Google skips the bytes; other crawlers read them as part of the first line. Remove them."},
	{"file-too-large", errorLevel, "The file is over 500 KiB.",
		"Googlebot reads only the first 500 KiB of a robots.txt and ignores the rest, rules included. Move the rules that matter to the top, or shorten the file."},
	{"html", errorLevel, "The file is an HTML page, or a line is an HTML tag.",
		"A robots.txt is plain text. Google reads an HTML page line by line and uses whatever lines happen to be valid. Serve the real file as text/plain."},
	{"no-directives", warningLevel, "Not one line Google uses.",
		"A file with text but no user-agent, allow, disallow or sitemap line allows everything; it is often an error page served with status 200. Serve the real robots.txt, or 404 when there is none."},
	{"typo", warningLevel, "A misspelt key that Google accepts.",
		"Google reads some misspellings (Dissallow, useragent) as the key meant; most other crawlers ignore the line. Spell the key correctly."},
	{"missing-colon", warningLevel, "Key and value separated by whitespace, with no colon.",
		"Google accepts a missing colon; many other crawlers drop the line. Write the colon."},
	{"line-too-long", errorLevel, "A line longer than Google reads.",
		"Google keeps only the first 16,663 bytes of a line, so a longer rule becomes a different, shorter one. Shorten the line."},
	{"nul-byte", errorLevel, "A NUL byte in a line.",
		"A NUL byte ends the line for Google; what follows it is lost. Remove the byte."},
	{"invalid-utf8", warningLevel, "Bytes that are not UTF-8.",
		"Crawlers and editors read bytes that are not UTF-8 in different ways, so a rule holding them may not match the URL meant. Save the file as UTF-8 and percent-encode non-ASCII paths."},
	{"stray-bom", errorLevel, "A byte-order mark inside the file.",
		"A byte-order mark after the first byte is part of the line for Google and hides its key, so the line is dropped. Remove it."},
	{"dropped-line", errorLevel, "A line Google drops.",
		"A line with no key, or with no colon and not two words, is ignored, so its rule does not exist. Write it as Key: value."},
	{"bare-value", errorLevel, "A path or URL alone on a line.",
		"A value without its key (a wrapped line, a sitemap URL without Sitemap:) is ignored. Put the key in front of it."},
	{"unknown-directive", errorLevel, "A key Google does not know.",
		"Google ignores lines with keys it does not know; often the key is a misspelling of one it does. Use a known key, or remove the line."},
	{"content-signal-syntax", warningLevel, "A Content-Signal line that is not well formed.",
		"Content-Signal declares, per use (search, ai-input, ai-train), yes or no, as comma-separated use=yes|no pairs (contentsignals.org); a malformed pair declares nothing. Google ignores the line either way. Write it as Content-Signal: search=yes, ai-train=no."},
	{"ignored-directive", warningLevel, "A directive Google ignores.",
		"Crawl-delay, Noindex, Host and similar keys mean something to some crawlers but nothing to Google. Keep them only for the crawlers that read them."},
	{"key-suffix", errorLevel, "A key read by its prefix.",
		"Google reads a key by its first letters (Disallowed is read as Disallow); other crawlers ignore such a line. Spell the key exactly."},
	{"colon-in-value", errorLevel, "No colon after the key, so Google splits at a colon in the value.",
		"Without a colon after the key, Google splits the line at the first colon it finds, in the value, and reads another key and value. Write the colon after the key."},
	{"orphan-rule", errorLevel, "A rule before any user-agent line.",
		"Rules belong to the group of the user-agent lines above them; a rule before the first one applies to no crawler. Put a User-agent line above it."},
	{"empty-disallow", noteLevel, "An empty Disallow.",
		"Disallow: with no path blocks nothing; it is the usual way to say a crawler may fetch everything."},
	{"empty-allow", warningLevel, "An empty Allow.",
		"Allow: with no path allows nothing more than is already allowed. Give it a path, or remove it."},
	{"never-matches", errorLevel, "A pattern that can never match.",
		"A URL path always starts with /, so a pattern that starts with neither / nor * matches nothing. Start it with /."},
	{"hash-in-value", errorLevel, "A # in a pattern.",
		"# starts a comment in robots.txt, so the pattern ends before it. Percent-encode it as %23 when the URL really holds one."},
	{"dollar-inside", warningLevel, "A $ before the end of a pattern.",
		"$ anchors a pattern only at its end; anywhere else it is a literal dollar sign. Move or remove it."},
	{"space-in-pattern", warningLevel, "A space in a pattern.",
		"Crawlers send a space in a URL as %20, so a pattern with a space never matches it. Write %20."},
	{"duplicate-rule", noteLevel, "A group repeats a rule.",
		"The second copy changes nothing. Remove it."},
	{"shadowed-disallow", errorLevel, "A Disallow that an Allow with the same pattern always beats.",
		"On a tie Google follows the Allow, so the Disallow never takes effect. Remove one of the two."},
	{"blocks-all", warningLevel, "The whole site is disallowed.",
		"Disallow: / in the * group, or in Googlebot's, stops Google from crawling any page of the site. Make sure that is meant."},
	{"agent-suffix", noteLevel, "A user-agent read without its version or trailing text.",
		"Google reads a user-agent line up to the first character that is not a letter, - or _ (Googlebot/2.1 is Googlebot). Write the product token alone."},
	{"agent-cut", warningLevel, "A user-agent cut to a shorter token.",
		"Google cuts the value at the first character outside letters, - and _ (Googlebot Images is Googlebot), so the group may apply to another crawler than meant. Write the crawler's product token."},
	{"agent-misspelt", warningLevel, "A token one letter off a known crawler's.",
		"No crawler sends the misspelt token, so the group applies to none. Write the crawler's token exactly."},
	{"agent-not-global", errorLevel, "A user-agent that is neither * nor a token.",
		"*foo is not the * group and not a product token, so the group applies to no crawler. Write * or the token."},
	{"agent-empty", errorLevel, "A user-agent with no token.",
		"No token can be read from the value, so the group applies to no crawler. Write the crawler's product token, or *."},
	{"agent-repeated", noteLevel, "An agent named in more than one group.",
		"Google merges every group that names an agent into one; other crawlers may read only the first. Keep each agent's rules in one group."},
	{"group-joined", warningLevel, "User-agent lines apart but in one group.",
		"User-agent lines with no rule between them form one group, even with blank lines or comments between them, so both agents get the same rules. Give each its rules, or put the lines together."},
	{"group-no-rules", errorLevel, "A group without rules.",
		"A group with no rule lets its crawlers fetch everything, and they no longer obey the * group. Add its rules, or remove the user-agent line."},
	{"global-not-inherited", noteLevel, "A named crawler does not also obey the * group.",
		"A crawler named by a group follows that group alone and ignores every rule of the * group. Repeat in its group the * rules it should obey."},
	{"sitemap-invalid", errorLevel, "A sitemap that is not an absolute http(s) URL.",
		"Sitemap: takes a full URL with its scheme and host; a path or other scheme is ignored. Write the absolute URL."},
	{"sitemap-repeated", noteLevel, "The same sitemap listed twice.",
		"The second listing changes nothing. Remove it."},

	{"readers-wildcard", warningLevel, "* or a final $ in a rule, which some readers read literally or unanchored.",
		"Google and most search engines read * as any characters and a final $ as the end of the URL; some libraries compare the pattern as plain text. The message names the readers that differ; where they matter, write a rule without wildcards beside it."},
	{"readers-typo", warningLevel, "A key only Google reads.",
		"Google reads misspelt or longer keys (Dissallow, Disallowed) as the key meant; the other readers ignore the line. Spell the key correctly."},
	{"readers-missing-colon", warningLevel, "Key and value split by whitespace, which other readers drop.",
		"Google accepts a missing colon; the readers named drop the line. Write the colon."},
	{"readers-orphan-rule", warningLevel, "A rule before any user-agent line, which some readers refuse.",
		"Google ignores the rule; temoto/robotstxt (Colly) refuses the whole file. Put a User-agent line above it, or remove it."},
	{"readers-non-ascii", warningLevel, "A rule with non-ASCII characters.",
		"Readers encode, decode and compare non-ASCII characters differently, so they match different URLs. Percent-encode the path as UTF-8."},
	{"readers-escaped-unreserved", warningLevel, "A rule with %XX of a letter, digit or -._~.",
		"Some readers decode these escapes before matching and others do not, so they match different URLs. Write the character itself."},
	{"readers-agent-version", warningLevel, "A user-agent value with a version or more words.",
		"Google reads only the product token; other readers compare the whole value or a part of it, and may not match the crawler. Write the product token alone."},
	{"readers-blank-line", warningLevel, "A blank line inside a group.",
		"Google ignores blank lines; Python's urllib.robotparser ends the group there and drops the rules after it. Remove the blank line."},
	{"readers-allow-order", warningLevel, "An Allow after a shorter Disallow that covers it.",
		"Google follows the longest matching rule; readers that take the first match in file order apply the Disallow. Put the Allow first."},
	{"readers-bom", warningLevel, "A byte-order mark before the first line.",
		"Google skips it; the readers named read it as part of the first key and lose that line. Save the file without a BOM."},
	{"readers-crawl-delay", warningLevel, "A Crawl-delay some reader refuses.",
		"A value the reader cannot parse makes it fail on the whole file, and a crawler then fetches nothing. Write a plain number of seconds."},
	{"readers-value-space", warningLevel, "A rule value with a space.",
		"Readers cut the value at the space or keep it, so they match different URLs. Write %20."},
	{"readers-pattern-start", warningLevel, "A rule that starts with * rather than /.",
		"Some readers match a pattern only from the start of the path, or drop one that does not start with /. Start the pattern with /."},
	{"readers-clean-param", noteLevel, "Clean-param, which only Yandex reads.",
		"Other crawlers ignore the line. Keep it for Yandex."},
}

// ruleIndex maps a code to its place in rules.
var ruleIndex = func() map[string]int {
	m := make(map[string]int, len(rules))
	for i, r := range rules {
		m[r.Code] = i
	}
	return m
}()
