package engine

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// Every item of ../shared/spec/google-behaviour.md (§1-§10) and every example
// table of ../shared/spec/google-crawling.md (§4-§6), as rows that read like
// sentences. Each row asserts the verdict AND the deciding line Google's
// matching_line() would report (0: no rule matched).

const (
	specAllowed = true
	specBlocked = false
)

type specRow struct {
	name    string
	robots  string
	agent   string
	url     string
	allowed bool
	line    int
}

// runSpecRows tests each row with Google's literal matcher (TestVerbatim),
// checks Test agrees for valid tokens, and checks the result against its own
// explanation.
func runSpecRows(t *testing.T, rows []specRow) {
	t.Helper()
	for _, row := range rows {
		r := Parse([]byte(row.robots))
		got := r.TestVerbatim(row.agent, row.url)
		if got.Allowed != row.allowed || got.Line != row.line {
			t.Errorf("%s:\n\tagent %q url %q: allowed=%v line %d, want allowed=%v line %d",
				row.name, row.agent, row.url, got.Allowed, got.Line, row.allowed, row.line)
			continue
		}
		if err := checkResult(got); err != nil {
			t.Errorf("%s: %v", row.name, err)
		}
		if err := checkMatchesComplete(r, got); err != nil {
			t.Errorf("%s: %v", row.name, err)
		}
		if ValidToken(row.agent) {
			if tr := r.Test(row.agent, row.url); tr.Allowed != got.Allowed || tr.Line != got.Line {
				t.Errorf("%s: Test says allowed=%v line %d, TestVerbatim allowed=%v line %d",
					row.name, tr.Allowed, tr.Line, got.Allowed, got.Line)
			}
		}
		if v := oracleTest([]byte(row.robots), row.agent, row.url); v.allowed != row.allowed || v.line != row.line {
			t.Errorf("%s: the oracle says allowed=%v line %d (the row or the oracle is wrong)", row.name, v.allowed, v.line)
		}
	}
}

const specUA = "User-agent: *\n"

// §1 Size limits.
func TestSpecSizeLimits(t *testing.T) {
	long := strings.Repeat("a", 16652)
	runSpecRows(t, []specRow{
		{"the library has no 500 KiB limit: a rule on line 60002, past 540,000 bytes, still applies",
			specUA + strings.Repeat("# filler\n", 60000) + "Disallow: /last\n", "foo", "http://example.com/last", specBlocked, 60002},
		{"a line keeps 16,663 bytes: the pattern is cut to / and 16,652 a's, so the byte after the cut does not count",
			specUA + "Disallow: /" + long + "X" + strings.Repeat("a", 3000) + "\n", "foo", "http://example.com/" + long + "Y", specBlocked, 2},
		{"a cut pattern still needs all its 16,652 a's",
			specUA + "Disallow: /" + long + "X\n", "foo", "http://example.com/" + long[1:] + "Y", specAllowed, 0},
		{"a final $ past the cut is dropped with it, so the cut pattern matches as a prefix",
			specUA + "Disallow: /" + long + "$\n", "foo", "http://example.com/" + long + "more", specBlocked, 2},
		{"a $ that fits in the 16,663 bytes still anchors",
			specUA + "Disallow: /" + long[1:] + "$\n", "foo", "http://example.com/" + long, specAllowed, 0},
	})
	r := Parse([]byte("Disallow: /" + strings.Repeat("a", 20000)))
	if ln := r.Lines[0]; !ln.TooLong || len(ln.Value(r.Body)) != 16653 {
		t.Errorf("a 20,011-byte line: TooLong=%v, value %d bytes, want true and 16,653 (\"/\" + 16,652 a's)", ln.TooLong, len(ln.Value(r.Body)))
	}
	if r := Parse([]byte("Disallow: /" + long)); r.Lines[0].TooLong {
		t.Errorf("a line of exactly 16,663 bytes is flagged too long; Google keeps all of it")
	}
}

// §2 Bytes, lines, BOM.
func TestSpecBytesLinesBOM(t *testing.T) {
	rules := "User-agent: *\nDisallow: /"
	runSpecRows(t, []specRow{
		{"a whole BOM EF BB BF is skipped", "\xEF\xBB\xBF" + rules, "foo", "/x", specBlocked, 2},
		{"the BOM prefix EF BB is skipped", "\xEF\xBB" + rules, "foo", "/x", specBlocked, 2},
		{"the BOM prefix EF alone is skipped", "\xEF" + rules, "foo", "/x", specBlocked, 2},
		{"EF 11 BF drops only EF: the line starts with \\x11\\xBF and is an unknown key, so the disallow is an orphan",
			"\xEF\x11\xBF" + rules, "foo", "/x", specAllowed, 0},
		{"only one BOM is skipped: a second EF BB BF makes the key unknown", "\xEF\xBB\xBF\xEF\xBB\xBF" + rules, "foo", "/x", specAllowed, 0},
		{"a NUL after a complete BOM is kept (utf_bom has 3 bytes): line 1 is empty, the disallow an orphan",
			"\xEF\xBB\xBF\x00" + rules, "foo", "/x", specAllowed, 0},
		{"a BOM anywhere else is ordinary bytes", "User-agent: *\n\xEF\xBB\xBFDisallow: /", "foo", "/x", specAllowed, 0},
		{"LF, CR and CRLF each end one line", "User-agent: *\nDisallow: /a\rDisallow: /b\r\nDisallow: /c", "foo", "/c", specBlocked, 4},
		{"a bare CR ends a line", "User-agent: *\rDisallow: /b", "foo", "/b", specBlocked, 2},
		{"CRLF counts once", "User-agent: *\r\nDisallow: /x", "foo", "/x", specBlocked, 2},
		{"LF CR is two breaks", "User-agent: *\n\rDisallow: /x", "foo", "/x", specBlocked, 3},
		{"CR CR LF is two breaks", "User-agent: *\r\r\nDisallow: /x", "foo", "/x", specBlocked, 3},
		{"a NUL ends the line's content: Disallow: /a\\0bc is the rule /a", specUA + "Disallow: /a\x00bc", "foo", "/axx", specBlocked, 2},
		{"a NUL before the colon leaves no directive", specUA + "Disallow\x00: /a", "foo", "/a", specAllowed, 0},
	})
	for _, c := range []struct {
		name  string
		body  string
		lines int
	}{
		{"an empty body has one line", "", 1},
		{"\"a\\n\" has two lines: the bytes after the last break are one more line", "a\n", 2},
		{"CRLF is one break", "a\r\nb", 2},
		{"LF CR is two breaks", "a\n\rb", 3},
		{"CR CR LF is two breaks", "a\r\r\nb", 3},
		{"CR LF LF is two breaks", "a\r\n\nb", 3},
		{"a BOM alone is one empty line", "\xEF\xBB\xBF", 1},
	} {
		if r := Parse([]byte(c.body)); len(r.Lines) != c.lines {
			t.Errorf("%s: %d lines, want %d", c.name, len(r.Lines), c.lines)
		}
	}
	for _, c := range []struct {
		body string
		bom  int
	}{{"\xEF\xBB\xBFx", 3}, {"\xEF\xBBx", 2}, {"\xEFx", 1}, {"\xEF\x11\xBF", 1}, {"\xEF\xBB\xBF\xEF\xBB\xBF", 3}, {"\xEF\xBB\xBF\x00", 3}, {"x\xEF\xBB\xBF", 0}} {
		if r := Parse([]byte(c.body)); r.BOM != c.bom {
			t.Errorf("body %q: BOM = %d bytes, want %d", c.body, r.BOM, c.bom)
		}
	}
}

// §3 Splitting a line into key and value.
func TestSpecKeyValue(t *testing.T) {
	runSpecRows(t, []specRow{
		{"the first # starts a comment, even inside a value: Disallow: /a#b is /a", specUA + "Disallow: /a#b", "foo", "/a", specBlocked, 2},
		{"a comment line between rules changes nothing", specUA + "# note\nDisallow: /a", "foo", "/a", specBlocked, 3},
		{"space, tab, \\v, \\f and \\r around key and value are trimmed", specUA + "\t Disallow \v:\f/x \t", "foo", "/x", specBlocked, 2},
		{"the value is cut at the first colon only: User-agent: foo:bar names foo", "User-agent: foo:bar\nDisallow: /x", "foo", "/x", specBlocked, 2},
		{"Disallow /foo:bar has key \"Disallow /foo\" and value \"bar\", a rule that never matches", specUA + "Disallow /foo:bar", "foo", "/foo:bar", specAllowed, 0},
		{"a missing colon is accepted when the line has exactly two tokens", "User-agent *\nDisallow /x", "foo", "/x", specBlocked, 2},
		{"a tab can stand for the missing colon", "User-agent\t*\nDisallow\t/x", "foo", "/x", specBlocked, 2},
		{"Disallow / x has three tokens and no colon: the line is ignored", specUA + "Disallow / x", "foo", "/x", specAllowed, 0},
		{"an empty key (: /x) is not a directive", specUA + ": /x", "foo", "/x", specAllowed, 0},
		{"a value keeps its inner spaces: Disallow: /a b matches the path /a b", specUA + "Disallow: /a b", "foo", "/a b", specBlocked, 2},
		{"Disallow: /a b does not match /a%20b", specUA + "Disallow: /a b", "foo", "/a%20b", specAllowed, 0},
	})
	for _, c := range []struct {
		line                       string
		kind                       Kind
		key, value                 string
		missingColon, typo, hasCmt bool
	}{
		{"Disallow /x", KindDisallow, "Disallow", "/x", true, false, false},
		{"Disallow / x", KindInvalid, "", "", false, false, false},
		{": foo", KindInvalid, "", "", false, false, false},
		{"Disallow /foo:bar", KindDisallow, "Disallow /foo", "bar", false, false, false},
		{"User-agent: a:b", KindUserAgent, "User-agent", "a:b", false, false, false},
		{"Disallow: /a#b", KindDisallow, "Disallow", "/a", false, false, true},
		{"# only", KindComment, "", "", false, false, true},
		{" \t ", KindEmpty, "", "", false, false, false},
		{"dissallow: /x", KindDisallow, "dissallow", "/x", false, true, false},
		{"justoneword", KindInvalid, "", "", false, false, false},
	} {
		r := Parse([]byte(c.line))
		ln := r.Lines[0]
		key, value := ln.Key(r.Body), ln.Value(r.Body)
		if ln.Kind != c.kind || key != c.key || value != c.value || ln.MissingColon != c.missingColon || ln.Typo != c.typo || ln.HasComment != c.hasCmt {
			t.Errorf("line %q: kind %v key %q value %q missingColon %v typo %v comment %v; want %v %q %q %v %v %v",
				c.line, ln.Kind, key, value, ln.MissingColon, ln.Typo, ln.HasComment, c.kind, c.key, c.value, c.missingColon, c.typo, c.hasCmt)
		}
	}
}

// §4 Recognising keys.
func TestSpecKeys(t *testing.T) {
	rows := []specRow{
		{"keys are case-insensitive", "USER-AGENT: *\nDISALLOW: /x", "foo", "/x", specBlocked, 2},
		{"User-agents: is a user-agent key (prefix test)", "User-agents: *\nDisallow: /x", "foo", "/x", specBlocked, 2},
		{"Disallowance: is a disallow key (prefix test)", specUA + "Disallowance: /x", "foo", "/x", specBlocked, 2},
		{"Allowed: is an allow key (prefix test)", specUA + "Disallow: /\nAllowed: /x", "foo", "/x", specAllowed, 3},
		{"Allow accepts no typo: Alow: is unknown", specUA + "Disallow: /\nAlow: /x", "foo", "/x", specBlocked, 2},
		{"disllow is not one of Google's typos", specUA + "disllow: /x", "foo", "/x", specAllowed, 0},
		{"user_agent is not recognised: the rule after it is an orphan", "user_agent: foo\nDisallow: /x", "foo", "/x", specAllowed, 0},
		{"an unrecognised user_agent line does not end the * group", specUA + "user_agent: foo\nDisallow: /x", "foo", "/x", specBlocked, 3},
	}
	for _, typo := range []string{"useragent", "user agent", "UserAgent"} {
		rows = append(rows, specRow{"the typo " + typo + " is read as user-agent", typo + ": foo\nDisallow: /x", "foo", "/x", specBlocked, 2})
	}
	for _, typo := range []string{"dissallow", "dissalow", "disalow", "diasllow", "disallaw", "DISALOW"} {
		rows = append(rows, specRow{"the typo " + typo + " is read as disallow", specUA + typo + ": /x", "foo", "/x", specBlocked, 2})
	}
	runSpecRows(t, rows)
	for _, c := range []struct {
		key  string
		kind Kind
		typo bool
	}{
		{"user-agent", KindUserAgent, false}, {"useragent", KindUserAgent, true}, {"user agent", KindUserAgent, true},
		{"User-agents", KindUserAgent, false}, {"user_agent", KindUnknown, false}, {"allow", KindAllow, false},
		{"Allowed", KindAllow, false}, {"disallow", KindDisallow, false}, {"Disallowance", KindDisallow, false},
		{"dissallow", KindDisallow, true}, {"dissalow", KindDisallow, true}, {"disalow", KindDisallow, true},
		{"diasllow", KindDisallow, true}, {"disallaw", KindDisallow, true}, {"sitemap", KindSitemap, false},
		{"Sitemaps", KindSitemap, false}, {"site-map", KindSitemap, true}, {"crawl-delay", KindUnknown, false},
	} {
		ln := Parse([]byte(c.key + ": v")).Lines[0]
		if ln.Kind != c.kind || ln.Typo != c.typo {
			t.Errorf("key %q: kind %v typo %v, want %v typo %v", c.key, ln.Kind, ln.Typo, c.kind, c.typo)
		}
	}
	r := Parse([]byte("User-agent: foo%2f\nSitemap: https://example.com/a%2fb\nDisallow: /a%2fb"))
	if r.Groups[0].Agents[0].Value != "foo%2f" || r.Sitemaps[0].URL != "https://example.com/a%2fb" || r.Groups[0].Rules[0].Pattern != "/a%2Fb" {
		t.Errorf("user-agent and sitemap values must stay as written and rules be normalised: agent %q sitemap %q pattern %q",
			r.Groups[0].Agents[0].Value, r.Sitemaps[0].URL, r.Groups[0].Rules[0].Pattern)
	}
}

// §5 User-agent lines and groups.
func TestSpecAgentsAndGroups(t *testing.T) {
	runSpecRows(t, []specRow{
		{"* alone is the global group", "User-agent: *\nDisallow: /x", "foo", "/x", specBlocked, 2},
		{"* followed by a space and text is global", "User-agent: * foo\nDisallow: /x", "bar", "/x", specBlocked, 2},
		{"* followed by a tab and text is global", "User-agent: *\tfoo\nDisallow: /x", "bar", "/x", specBlocked, 2},
		{"*foo is not global", "User-agent: *foo\nDisallow: /x", "bar", "/x", specAllowed, 0},
		{"Googlebot2 is read as Googlebot: digits stop the token", "User-agent: Googlebot2\nDisallow: /x", "Googlebot", "/x", specBlocked, 2},
		{"Googlebot/2.1 on a user-agent line is read as Googlebot", "User-agent: Googlebot/2.1\nDisallow: /x", "Googlebot", "/x", specBlocked, 2},
		{"Google bot is read as Google", "User-agent: Google bot\nDisallow: /x", "Google", "/x", specBlocked, 2},
		{"Googlébot is read as Googl", "User-agent: Googlébot\nDisallow: /x", "Googl", "/x", specBlocked, 2},
		{"Googlébot does not name Googlebot", "User-agent: Googlébot\nDisallow: /x", "Googlebot", "/x", specAllowed, 0},
		{"a whole User-Agent header on a line is read as its first token, Mozilla", "User-agent: Mozilla/5.0 (compatible; Googlebot/2.1)\nDisallow: /x", "Mozilla", "/x", specBlocked, 2},
		{"agents compare case-insensitively", "User-agent: googlebot\nDisallow: /x", "GOOGLEBOT", "/x", specBlocked, 2},
		{"agents compare whole: Googlebot-Image does not name Googlebot", "User-agent: Googlebot-Image\nDisallow: /x", "Googlebot", "/x", specAllowed, 0},
		{"agents compare whole: Googlebot does not name Googlebot-Image", "User-agent: Googlebot\nDisallow: /x", "Googlebot-Image", "/x", specAllowed, 0},
		{"the caller's agent is not cut: Googlebot/2.1 matches no group, only *", "User-agent: Googlebot\nDisallow: /x\nUser-agent: *\nDisallow: /y", "Googlebot/2.1", "/x", specAllowed, 0},
		{"the caller's uncut Googlebot/2.1 gets the * group", "User-agent: Googlebot\nDisallow: /x\nUser-agent: *\nDisallow: /y", "Googlebot/2.1", "/y", specBlocked, 4},
		{"an empty agent matches an empty user-agent value", "User-agent:\nDisallow: /x", "", "/x", specBlocked, 2},
		{"an empty agent matches *foo, whose token is empty", "User-agent: *foo\nDisallow: /x", "", "/x", specBlocked, 2},
		{"an empty agent matches 123, whose token is empty", "User-agent: 123\nDisallow: /x", "", "/x", specBlocked, 2},
		{"consecutive user-agent lines form one group", "User-agent: a\nUser-agent: b\nDisallow: /x", "b", "/x", specBlocked, 3},
		{"a blank line does not end a group", "User-agent: foo\n\nUser-agent: *\nDisallow: /x", "foo", "/x", specBlocked, 4},
		{"a user-agent line after a rule starts a new group", "User-agent: a\nDisallow: /x\nUser-agent: b\nDisallow: /y", "a", "/y", specAllowed, 0},
		{"the second group's rules are its own", "User-agent: a\nDisallow: /x\nUser-agent: b\nDisallow: /y", "b", "/y", specBlocked, 4},
		{"a Crawl-delay line does not end a group", "User-agent: a\nCrawl-delay: 5\nUser-agent: b\nDisallow: /", "a", "/x", specBlocked, 4},
		{"a Sitemap line does not end a group", "User-agent: a\nSitemap: https://example.com/s.xml\nUser-agent: b\nDisallow: /", "a", "/x", specBlocked, 4},
		{"rules before any user-agent line are ignored", "Disallow: /x\nUser-agent: *\nDisallow: /y", "foo", "/x", specAllowed, 0},
		{"a group naming * and foo is specific for foo, so a later * group is ignored", "User-agent: *\nUser-agent: foo\nDisallow: /x\nUser-agent: *\nDisallow: /y", "foo", "/y", specAllowed, 0},
		{"a group naming * and foo gives foo its rules", "User-agent: *\nUser-agent: foo\nDisallow: /x\nUser-agent: *\nDisallow: /y", "foo", "/x", specBlocked, 3},
		{"a group naming * and foo is global for bar", "User-agent: *\nUser-agent: foo\nDisallow: /x\nUser-agent: *\nDisallow: /y", "bar", "/x", specBlocked, 3},
		{"bar merges both * groups", "User-agent: *\nUser-agent: foo\nDisallow: /x\nUser-agent: *\nDisallow: /y", "bar", "/y", specBlocked, 5},
		{"groups naming the agent merge even when far apart", "User-agent: foo\nDisallow: /a\nUser-agent: bar\nDisallow: /b\nUser-agent: foo\nDisallow: /c", "foo", "/c", specBlocked, 6},
		{"merged groups keep the first group's rules", "User-agent: foo\nDisallow: /a\nUser-agent: bar\nDisallow: /b\nUser-agent: foo\nDisallow: /c", "foo", "/a", specBlocked, 2},
		{"* groups merge too", "User-agent: *\nDisallow: /a\nUser-agent: bar\nDisallow: /b\nUser-agent: *\nDisallow: /c", "foo", "/c", specBlocked, 6},
		{"a group naming the agent hides * even when none of its rules match", "User-agent: *\nDisallow: /\nUser-agent: foo\nDisallow: /private", "foo", "/public", specAllowed, 0},
		{"a group naming the agent hides * even with no rules at all", "User-agent: *\nDisallow: /\nUser-agent: foo", "foo", "/x", specAllowed, 0},
	})
	for value, token := range map[string]string{
		"Googlebot2": "Googlebot", "Googlebot/2.1": "Googlebot", "Google bot": "Google", "Googlébot": "Googl",
		"Mozilla/5.0 (compatible; Googlebot/2.1)": "Mozilla", "*foo": "", "foo_bar-baz": "foo_bar-baz", "": "",
	} {
		if got := ExtractToken(value); got != token {
			t.Errorf("ExtractToken(%q) = %q, want %q", value, got, token)
		}
	}
	for s, valid := range map[string]bool{"Googlebot": true, "foo_bar-baz": true, "": false, "Googlebot/2.1": false, "Google bot": false, "bot2": false, "*": false} {
		if ValidToken(s) != valid {
			t.Errorf("ValidToken(%q) = %v, want %v", s, !valid, valid)
		}
	}
	if r := Parse([]byte("Disallow: /x\nAllow: /y\nUser-agent: *\nDisallow: /z")); r.OrphanRules != 2 {
		t.Errorf("two rules before any user-agent: OrphanRules = %d, want 2", r.OrphanRules)
	}
}

// Test reads a caller's invalid agent as a token and flags it; TestVerbatim
// keeps Google's literal compare.
func TestSpecTestVersusVerbatim(t *testing.T) {
	const body = "User-agent: Googlebot\nDisallow: /x\nUser-agent: *\nDisallow: /y"
	for _, c := range []struct {
		name, agent, token      string
		testLine, verbatimLine  int
		testAllowed, verbAllows bool
	}{
		{"Googlebot/2.1 is cut to Googlebot by Test; Google's matcher falls to *", "Googlebot/2.1", "Googlebot", 2, 0, specBlocked, specAllowed},
		{"Googlebot Images is cut to Googlebot", "Googlebot Images", "Googlebot", 2, 0, specBlocked, specAllowed},
		{"a whole User-Agent header is cut to Mozilla, which no group names", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "Mozilla", 0, 0, specAllowed, specAllowed},
		{"surrounding spaces are dropped before the cut", " Googlebot ", "Googlebot", 2, 0, specBlocked, specAllowed},
	} {
		r := Parse([]byte(body))
		res := r.Test(c.agent, "http://example.com/x")
		v := r.TestVerbatim(c.agent, "http://example.com/x")
		if !res.Agent.Cut || res.Agent.Token != c.token || res.Agent.Input != c.agent {
			t.Errorf("%s: Agent = %+v, want token %q, cut", c.name, res.Agent, c.token)
		}
		if res.Allowed != c.testAllowed || res.Line != c.testLine {
			t.Errorf("%s: Test allowed=%v line %d, want %v line %d", c.name, res.Allowed, res.Line, c.testAllowed, c.testLine)
		}
		if v.Allowed != c.verbAllows || v.Line != c.verbatimLine {
			t.Errorf("%s: TestVerbatim allowed=%v line %d, want %v line %d", c.name, v.Allowed, v.Line, c.verbAllows, c.verbatimLine)
		}
		if res.Verbatim == nil || res.Verbatim.Allowed != v.Allowed || res.Verbatim.Line != v.Line {
			t.Errorf("%s: Result.Verbatim = %+v, want TestVerbatim's answer", c.name, res.Verbatim)
		}
	}
	r := Parse([]byte(body))
	if res := r.Test("Googlebot", "/x"); res.Agent.Cut || res.Verbatim != nil || res.Token != "Googlebot" || res.Source != SourceSpecific {
		t.Errorf("a valid token is neither cut nor given a Verbatim answer: %+v", res)
	}
	if res := r.Test("googlebot/2.1", "/y"); !res.Allowed || res.Line != 0 || res.Source != SourceSpecific || !res.GlobalIgnored {
		t.Errorf("googlebot/2.1 read as googlebot: /y is only in the ignored * group, allowed line 0; got allowed=%v line %d source %d", res.Allowed, res.Line, res.Source)
	}
}

// §6 Percent normalisation of patterns; the url is never normalised.
func TestSpecPercentNormalisation(t *testing.T) {
	runSpecRows(t, []specRow{
		{"%2f in a pattern becomes %2F and matches %2F in the url", specUA + "Disallow: /a%2fb", "foo", "/a%2Fb", specBlocked, 2},
		{"the url's %2f is not upper-cased, so it misses the normalised %2F", specUA + "Disallow: /a%2fb", "foo", "/a%2fb", specAllowed, 0},
		{"%c3%a9 becomes %C3%A9", specUA + "Disallow: /%c3%a9", "foo", "/%C3%A9", specBlocked, 2},
		{"a raw é in a pattern becomes %C3%A9 and matches the encoded url", specUA + "Disallow: /é", "foo", "/%C3%A9", specBlocked, 2},
		{"a raw é in a pattern does not match a url with the raw bytes of é", specUA + "Disallow: /é", "foo", "/é", specAllowed, 0},
		{"Disallow: /%7e (becomes /%7E) does not match the url /%7e", specUA + "Disallow: /%7e", "foo", "/%7e", specAllowed, 0},
		{"Disallow: /%7e matches the url /%7E", specUA + "Disallow: /%7e", "foo", "/%7E", specBlocked, 2},
		{"%7E is never decoded: Disallow: /~ does not match /%7E", specUA + "Disallow: /~", "foo", "/%7E", specAllowed, 0},
		{"%7E is never decoded: Disallow: /%7E does not match /~", specUA + "Disallow: /%7E", "foo", "/~", specAllowed, 0},
		{"Disallow: /a%2Fb does not match /a/b", specUA + "Disallow: /a%2Fb", "foo", "/a/b", specAllowed, 0},
		{"ASCII that should be escaped is kept: /a<b matches /a<b", specUA + "Disallow: /a<b", "foo", "/a<b", specBlocked, 2},
		{"ASCII that should be escaped is kept: /a<b does not match /a%3Cb", specUA + "Disallow: /a<b", "foo", "/a%3Cb", specAllowed, 0},
	})
	for value, pattern := range map[string]string{
		"/%2f": "/%2F", "/%c3%a9": "/%C3%A9", "/é": "/%C3%A9", "/%7E": "/%7E", "/%7e": "/%7E", "/%zz": "/%zz",
		"/%2": "/%2", "/%": "/%", "/\xff": "/%FF", "/a b\"<": "/a b\"<", "/%aG": "/%aG", "/%%41": "/%%41",
	} {
		if got := Parse([]byte(specUA + "Disallow: " + value)).Groups[0].Rules[0].Pattern; got != pattern {
			t.Errorf("Disallow: %q is the pattern %q, want %q", value, got, pattern)
		}
	}
}

// §7 From url to path: every GetPathParamsQuery example.
func TestSpecMatchPath(t *testing.T) {
	for url, path := range map[string]string{
		"http://example.com":             "/",
		"http://example.com?a=1":         "/?a=1",
		"http://example.com;x":           "/;x",
		"example.com/foo":                "/foo",
		"//example.com/foo":              "/foo",
		"http://example.com#frag/x":      "/",
		"foo":                            "/",
		"":                               "/",
		"a/b://c/d":                      "/b://c/d",
		"http://ex.com/a/../b":           "/a/../b",
		"ftp://u:p@h:21/p?q#f":           "/p?q",
		"http://ex.com/a?b=http://c/d":   "/a?b=http://c/d",
		"http://example.com/":            "/",
		"http://example.com/Fish.asp":    "/Fish.asp",
		"http://example.com/a#b/c":       "/a",
		"/a?b#c":                         "/a?b",
		"?q":                             "/?q",
		"http://example.com/%7e":         "/%7e",
		"http://example.com/a\x00b":      "/a",
		"http://example.com/a b":         "/a b",
		"HTTP://EXAMPLE.COM/UPPER":       "/UPPER",
		"//":                             "/",
		"http://ex.com?x#y":              "/?x",
		"http://example.com#/x":          "/",
		"http://example.com/#x":          "/",
		"//example.com#/x?y":             "/",
		"https://example.com/page.php5":  "/page.php5",
		"https://example.com/folder/pag": "/folder/pag",
	} {
		if got := MatchPath(url); got != path {
			t.Errorf("MatchPath(%q) = %q, want %q", url, got, path)
		}
	}
}

// §8 Pattern matching.
func TestSpecMatching(t *testing.T) {
	runSpecRows(t, []specRow{
		{"matching is case-sensitive", specUA + "Disallow: /Fish", "foo", "/fish", specAllowed, 0},
		{"a pattern matches a prefix of the path", specUA + "Disallow: /fish", "foo", "/fishheads", specBlocked, 2},
		{"* matches an empty run: /fish* matches /fish", specUA + "Disallow: /fish*", "foo", "/fish", specBlocked, 2},
		{"* matches any run", specUA + "Disallow: /a*z", "foo", "/a/b/c/z", specBlocked, 2},
		{"a final $ anchors the end", specUA + "Disallow: /a$", "foo", "/ab", specAllowed, 0},
		{"$ in the middle is a literal: /a$b matches the path /a$b", specUA + "Disallow: /a$b", "foo", "/a$b", specBlocked, 2},
		{"$ in the middle is a literal: /a$b does not match /a", specUA + "Disallow: /a$b", "foo", "/a", specAllowed, 0},
		{"/a$$ matches /a$: the first $ is literal, the last anchors", specUA + "Disallow: /a$$", "foo", "/a$", specBlocked, 2},
		{"/a$$ does not match /a$x", specUA + "Disallow: /a$$", "foo", "/a$x", specAllowed, 0},
		{"/*.php$ does not match /x.php?y: the query is part of the path", specUA + "Disallow: /*.php$", "foo", "/x.php?y", specAllowed, 0},
		{"/*.php$ matches /x.php", specUA + "Disallow: /*.php$", "foo", "/x.php", specBlocked, 2},
		{"a pattern starting with neither / nor * never matches: Disallow: a", specUA + "Disallow: a", "foo", "/a", specAllowed, 0},
		{"a pattern starting with * can match", specUA + "Disallow: *a", "foo", "/xa", specBlocked, 2},
		{"$ alone never matches: every path has at least /", specUA + "Disallow: $", "foo", "/", specAllowed, 0},
		{"* then $ matches everything", specUA + "Disallow: *$", "foo", "/anything", specBlocked, 2},
	})
}

// §9 Priority and the decision.
func TestSpecPriority(t *testing.T) {
	runSpecRows(t, []specRow{
		{"priority is the byte length with * counted: /***** (6) beats Allow: /page (5)", specUA + "Allow: /page\nDisallow: /*****", "foo", "/page", specBlocked, 3},
		{"Allow: /é has priority 7 (/%C3%A9): a tie with Disallow: /%C3%A9, so allowed", specUA + "Allow: /é\nDisallow: /%C3%A9", "foo", "/%C3%A9x", specAllowed, 2},
		{"Allow: /é (7) loses to an 8-byte disallow", specUA + "Allow: /é\nDisallow: /%C3%A9x", "foo", "/%C3%A9x", specBlocked, 3},
		{"an empty Disallow: matches with priority 0: allowed, and it is the line", specUA + "Disallow:", "foo", "/x", specAllowed, 2},
		{"an empty Allow: is the line too", specUA + "Allow:", "foo", "/x", specAllowed, 2},
		{"an empty allow and disallow tie at 0: the allow line", specUA + "Disallow:\nAllow:", "foo", "/x", specAllowed, 3},
		{"an empty disallow does not stop a longer disallow", specUA + "Disallow:\nDisallow: /x", "foo", "/x", specBlocked, 3},
		{"on equal priority the earlier disallow line is kept", specUA + "Disallow: /a*\nDisallow: /*b", "foo", "/ab", specBlocked, 2},
		{"on equal priority the earlier allow line is kept", specUA + "Disallow: /\nAllow: /a*\nAllow: /*b", "foo", "/ab", specAllowed, 3},
		{"a tie between allow and disallow goes to the allow (disallow first)", specUA + "Disallow: /x\nAllow: /x", "foo", "/x", specAllowed, 3},
		{"a tie between allow and disallow goes to the allow (allow first)", specUA + "Allow: /x\nDisallow: /x", "foo", "/x", specAllowed, 2},
		{"a longer allow beats a shorter disallow", specUA + "Disallow: /\nAllow: /x", "foo", "/x/y", specAllowed, 3},
		{"nothing matched: allowed, line 0", specUA + "Disallow: /x", "foo", "/y", specAllowed, 0},
		{"no group at all: allowed, line 0", "User-agent: bar\nDisallow: /", "foo", "/y", specAllowed, 0},
		{"a specific empty disallow (priority 0) decides nothing, and * is still ignored", "User-agent: foo\nDisallow:\nUser-agent: *\nDisallow: /", "foo", "/x", specAllowed, 2},
		{"specific rules win over * rules of any length", "User-agent: foo\nAllow: /\nUser-agent: *\nDisallow: /very/long/path", "foo", "/very/long/path", specAllowed, 2},
		{"a * tie goes to the allow", "User-agent: *\nAllow: /p\nDisallow: /p", "foo", "/p", specAllowed, 2},
		{"two equal disallows: the earlier line is reported", specUA + "Disallow: /a\nDisallow: /a", "foo", "/a", specBlocked, 2},
	})
	// Several agents (AllowedByRobots with a list) pool their groups into one
	// contest; the tester's TestAs is a fallback chain instead, the first
	// token named by a group wins. Both are shown on the spec's example.
	body := []byte("User-agent: A\nDisallow: /x\nUser-agent: B\nAllow: /z")
	f := oracleParse(body)
	if v := oracleDecide(f, []string{"B"}, "/x/y"); !v.allowed || v.line != 0 {
		t.Errorf("oracle: /x/y for [B] is allowed, line 0; got %+v", v)
	}
	if v := oracleDecide(f, []string{"A", "B"}, "/x/y"); v.allowed || v.line != 2 {
		t.Errorf("oracle: /x/y for [A, B] is disallowed, line 2 (pooled); got %+v", v)
	}
	r := Parse(body)
	if res := r.TestAs([]string{"B"}, true, "/x/y"); !res.Allowed || res.Line != 0 || res.Token != "B" {
		t.Errorf("TestAs([B]): /x/y allowed, line 0, token B; got allowed=%v line %d token %q", res.Allowed, res.Line, res.Token)
	}
	if res := r.TestAs([]string{"A", "B"}, true, "/x/y"); res.Allowed || res.Line != 2 || res.Token != "A" {
		t.Errorf("TestAs([A, B]): A is named first, /x/y disallowed on line 2; got allowed=%v line %d token %q", res.Allowed, res.Line, res.Token)
	}
	if res := r.TestAs([]string{"C", "B"}, true, "/z"); !res.Allowed || res.Line != 4 || res.Token != "B" {
		t.Errorf("TestAs([C, B]): C is named by no group, B's allow on line 4 decides; got allowed=%v line %d token %q", res.Allowed, res.Line, res.Token)
	}
}

// §10 index.html.
func TestSpecIndexHTML(t *testing.T) {
	runSpecRows(t, []specRow{
		{"Allow: /foo/index.html also allows exactly /foo/ (priority 6 beats Disallow: /foo/, 5)", specUA + "Disallow: /foo/\nAllow: /foo/index.html", "foo", "/foo/", specAllowed, 3},
		{"Allow: /foo/index.html allows itself", specUA + "Disallow: /foo/\nAllow: /foo/index.html", "foo", "/foo/index.html", specAllowed, 3},
		{"the index.html variant is anchored: /foo/x stays disallowed", specUA + "Disallow: /foo/\nAllow: /foo/index.html", "foo", "/foo/x", specBlocked, 2},
		{"a longer disallow beats the variant: /f*o*o/ (7) over /foo/$ (6)", specUA + "Disallow: /f*o*o/\nAllow: /foo/index.html", "foo", "/foo/", specBlocked, 2},
		{"an equally long disallow ties with the variant: allowed", specUA + "Disallow: /foo/$\nAllow: /foo/index.html", "foo", "/foo/", specAllowed, 3},
		{"/index.htm counts too", specUA + "Disallow: /\nAllow: /foo/index.htm", "foo", "/foo/", specAllowed, 3},
		{"/index.htmx counts too (prefix test)", specUA + "Disallow: /\nAllow: /foo/index.htmx", "foo", "/foo/", specAllowed, 3},
		{"wildcards before the slash are kept: Allow: /*/index.html allows /a/", specUA + "Disallow: /\nAllow: /*/index.html", "foo", "/a/", specAllowed, 3},
		{"Disallow: /foo/index.html gets no such treatment", specUA + "Disallow: /foo/index.html", "foo", "/foo/", specAllowed, 0},
		{"/Index.html does not count (case-sensitive)", specUA + "Disallow: /\nAllow: /foo/Index.html", "foo", "/foo/", specBlocked, 2},
		{"the variant uses the normalised pattern: /é/index.html allows /%C3%A9/ with priority 9", specUA + "Disallow: /%C3%A9/\nAllow: /é/index.html", "foo", "/%C3%A9/", specAllowed, 3},
		{"only the last slash counts: /index.html/x is no index rule", specUA + "Disallow: /\nAllow: /index.html/x", "foo", "/", specBlocked, 2},
		{"Allow: /index.html allows the root", specUA + "Disallow: /\nAllow: /index.html", "foo", "/", specAllowed, 3},
		{"the index.html variant is tried only when the allow itself did not match", specUA + "Disallow: /\nAllow: /*/index.html", "foo", "/a/index.html/", specAllowed, 3},
	})
}

// google-crawling.md §4: which group a crawler follows, and merging.
func TestSpecCrawlingGroups(t *testing.T) {
	// Each group disallows /x on its own line, so the line names the group.
	body := []byte("User-agent: googlebot-news\nDisallow: /x\nUser-agent: *\nDisallow: /x\nUser-agent: googlebot\nDisallow: /x\n")
	r := Parse(body)
	for _, c := range []struct {
		crawler string
		tokens  []string
		line    int
		token   string
	}{
		{"Googlebot News follows the most specific group (1)", []string{"Googlebot-News", "Googlebot"}, 2, "Googlebot-News"},
		{"Googlebot (web) follows group 3", []string{"Googlebot"}, 6, "Googlebot"},
		{"Googlebot Images has no group of its own and follows googlebot (3)", []string{"Googlebot-Image", "Googlebot"}, 6, "Googlebot"},
		{"Googlebot News crawling images crawls as Googlebot News (1)", []string{"Googlebot-News", "Googlebot"}, 2, "Googlebot-News"},
		{"Storebot-Google has no specific group and follows * (2)", []string{"Storebot-Google"}, 4, ""},
		{"Otherbot (web) follows * (2)", []string{"Otherbot"}, 4, ""},
		{"Otherbot (news) follows * (2): a related crawler's entry counts only if it matches specifically", []string{"Otherbot-News", "Otherbot"}, 4, ""},
	} {
		res := r.TestAs(c.tokens, true, "https://example.com/x")
		if res.Allowed || res.Line != c.line || res.Token != c.token {
			t.Errorf("%s: allowed=%v line %d token %q, want blocked on line %d by token %q", c.crawler, res.Allowed, res.Line, res.Token, c.line, c.token)
		}
	}
	runSpecRows(t, []specRow{
		{"the token Googlebot follows group 3, not googlebot-news", string(body), "Googlebot", "/x", specBlocked, 6},
		{"Google's matcher given \"Googlebot Images\" literally matches no group and follows * (2)", string(body), "Googlebot Images", "/x", specBlocked, 4},
		{"the group order in the file is irrelevant: googlebot-news is not googlebot", string(body), "googlebot-news", "/x", specBlocked, 2},
	})
	merge := "user-agent: googlebot-news\ndisallow: /fish\nuser-agent: *\ndisallow: /carrots\nuser-agent: googlebot-news\ndisallow: /shrimp\n"
	runSpecRows(t, []specRow{
		{"merging: googlebot-news disallows /fish", merge, "googlebot-news", "/fish", specBlocked, 2},
		{"merging: googlebot-news disallows /shrimp from its second group", merge, "googlebot-news", "/shrimp", specBlocked, 6},
		{"merging: the * group is not merged into googlebot-news", merge, "googlebot-news", "/carrots", specAllowed, 0},
		{"merging: other crawlers get * and its /carrots", merge, "otherbot", "/carrots", specBlocked, 4},
		{"merging: other crawlers do not get googlebot-news's /fish", merge, "otherbot", "/fish", specAllowed, 0},
	})
	if res := r.TestAs([]string{"AdsBot-Google"}, false, "/x"); !res.Allowed || res.Line != 0 || !res.GlobalIgnored {
		t.Errorf("a crawler that ignores * gets no group: allowed line 0 with * ignored; got allowed=%v line %d ignored=%v", res.Allowed, res.Line, res.GlobalIgnored)
	}
}

// google-crawling.md §5: every "matches" and "does not match" entry.
func TestSpecCrawlingPatterns(t *testing.T) {
	table := []struct {
		pattern      string
		matches, not []string
	}{
		{"/", []string{"/", "/a", "/folder/file.html", "/?q=1"}, nil},
		{"/*", []string{"/", "/a", "/folder/file.html", "/?q=1"}, nil},
		{"/$", []string{"/"}, []string{"/a", "/?q", "/index.html"}},
		{"/fish", []string{"/fish", "/fish.html", "/fish/salmon.html", "/fishheads", "/fishheads/yummy.html", "/fish.php?id=anything"},
			[]string{"/Fish.asp", "/catfish", "/?id=fish", "/desert/fish"}},
		{"/fish*", []string{"/fish", "/fish.html", "/fish/salmon.html", "/fishheads", "/fishheads/yummy.html", "/fish.php?id=anything"},
			[]string{"/Fish.asp", "/catfish", "/?id=fish", "/desert/fish"}},
		{"/fish/", []string{"/fish/", "/fish/?id=anything", "/fish/salmon.htm"},
			[]string{"/fish", "/fish.html", "/animals/fish/", "/Fish/Salmon.asp"}},
		{"/*.php", []string{"/index.php", "/filename.php", "/folder/filename.php", "/folder/filename.php?parameters", "/folder/any.php.file.html", "/filename.php/"},
			[]string{"/", "/windows.PHP"}},
		{"/*.php$", []string{"/filename.php", "/folder/filename.php"},
			[]string{"/filename.php?parameters", "/filename.php/", "/filename.php5", "/windows.PHP"}},
		{"/fish*.php", []string{"/fish.php", "/fishheads/catfish.php?parameters"}, []string{"/Fish.PHP"}},
		{"fish/", nil, []string{"/fish/", "/fish/salmon.html"}},
	}
	var rows []specRow
	for _, c := range table {
		body := specUA + "Disallow: " + c.pattern
		for _, p := range c.matches {
			rows = append(rows, specRow{fmt.Sprintf("%s matches %s", c.pattern, p), body, "foo", "https://example.com" + p, specBlocked, 2})
		}
		for _, p := range c.not {
			rows = append(rows, specRow{fmt.Sprintf("%s does not match %s", c.pattern, p), body, "foo", "https://example.com" + p, specAllowed, 0})
		}
	}
	runSpecRows(t, rows)
}

// google-crawling.md §6: which rule wins, verdict and deciding line (the
// allow is on line 2, the disallow on line 3).
func TestSpecCrawlingWhichRuleWins(t *testing.T) {
	var rows []specRow
	for _, c := range []struct {
		url, allow, disallow string
		allowed              bool
		why                  string
	}{
		{"https://example.com/page", "/p", "/", specAllowed, "/p is longer"},
		{"https://example.com/folder/page", "/folder", "/folder", specAllowed, "a tie goes to the least restrictive"},
		{"https://example.com/page.htm", "/page", "/*.htm", specBlocked, "/*.htm is longer (6 > 5)"},
		{"https://example.com/page.php5", "/page", "/*.ph", specAllowed, "a tie (5 = 5) goes to the allow"},
		{"https://example.com/", "/$", "/", specAllowed, "/$ is longer"},
		{"https://example.com/page.htm", "/$", "/", specBlocked, "the allow only matches the root"},
		{"/example.htm", "/exam*", "/examp*", specBlocked, "7 > 6"},
		{"/example.htm", "/examp*", "/examp*", specAllowed, "a tie"},
		{"/example.htm", "/example.htm$", "*/*example*htm", specBlocked, "14 > 13"},
		{"/example.htm", "/example", "/example*", specBlocked, "the * makes it longer"},
		{"/example.htm", "/example.htm", "/********htm", specAllowed, "a tie (12 = 12)"},
	} {
		line := 2
		if !c.allowed {
			line = 3
		}
		rows = append(rows, specRow{
			fmt.Sprintf("%s with Allow: %s and Disallow: %s: %s", c.url, c.allow, c.disallow, c.why),
			specUA + "Allow: " + c.allow + "\nDisallow: " + c.disallow, "foo", c.url, c.allowed, line,
		})
	}
	runSpecRows(t, rows)
}

// A group with more than 16 rules is matched through the rule index; it must
// answer exactly as the plain reading does, with shared prefixes, *-leading
// rules, $ anchors and index.html allows among the rules.
func TestSpecManyRulesIndex(t *testing.T) {
	base := []string{
		"Disallow: /", "Allow: /a", "Disallow: /ab", "Allow: /abc", "Disallow: /abcd", "Allow: /abcde$",
		"Disallow: *.php", "Allow: */public/", "Disallow: /*/private/", "Allow: /docs/index.html",
		"Disallow: /docs/", "Allow: /shop/index.htm", "Disallow: /shop", "Disallow: /a$", "Allow: /x$",
		"Disallow: /a%2fb", "Allow: /é", "Disallow: /%C3%A9/", "Allow: *", "Disallow: ", "Allow: /ab*cd",
		"Disallow: /abc*", "Disallow: /abc/def/", "Allow: /abc/def/index.html", "Disallow: /q?x=1",
	}
	body := "User-agent: foo\n" + strings.Join(base, "\n")
	runSpecRows(t, []specRow{
		{"indexed: /ab*cd (6) beats the literal /abcd (5)", body, "foo", "/abcd", specAllowed, 22},
		{"indexed: the longest literal prefix /ab (3) beats /a (2)", body, "foo", "/abd", specBlocked, 4},
		{"indexed: a $ rule decides only at the exact end", body, "foo", "/abcde", specAllowed, 7},
		{"indexed: /abc* (5) beats the shorter literal /abc (4)", body, "foo", "/abcx", specBlocked, 23},
		{"indexed: a *-leading rule matches anywhere", body, "foo", "/zz/file.php", specBlocked, 8},
		{"indexed: */public/ is longer than *.php for /public/x.php", body, "foo", "/public/x.php", specAllowed, 9},
		{"indexed: an index.html allow covers its directory", body, "foo", "/docs/", specAllowed, 11},
		{"indexed: the directory's other files stay disallowed", body, "foo", "/docs/x", specBlocked, 12},
		{"indexed: an index.htm allow covers /shop/", body, "foo", "/shop/", specAllowed, 13},
		{"indexed: a normalised é rule matches the encoded url", body, "foo", "/%C3%A9", specAllowed, 18},
		{"indexed: the longer %C3%A9/ disallow wins under it", body, "foo", "/%C3%A9/x", specBlocked, 19},
		{"indexed: /a$ (3) beats /a (2) for /a", body, "foo", "/a", specBlocked, 15},
		{"indexed: /x$ (3) beats / (1) for /x", body, "foo", "/x", specAllowed, 16},
		{"indexed: a nested index.html allow beats its directory's disallow", body, "foo", "/abc/def/", specAllowed, 25},
		{"indexed: a query is matched literally", body, "foo", "/q?x=1&y", specBlocked, 26},
		{"indexed: nothing specific: * (1) ties with / (1), the allow wins", body, "foo", "/zzz", specAllowed, 20},
	})
	// With hundreds of '*' rules reaching a path, all are matched in one
	// pass; a '$' rule without '*' must stay anchored there too.
	many := specUA + "Disallow: /ab$\n" + strings.Repeat("Allow: *z\n", 200)
	runSpecRows(t, []specRow{
		{"among 200 '*' rules, Disallow: /ab$ still does not match /abc", many, "foo", "/abc", specAllowed, 0},
		{"among 200 '*' rules, Disallow: /ab$ matches /ab", many, "foo", "/ab", specBlocked, 2},
		{"among 200 '*' rules, an index.html allow's variant /foo/$ stays anchored", specUA + "Disallow: /foo/\nAllow: /foo/index.html\n" + strings.Repeat("Allow: *z\n", 200), "foo", "/foo/x", specBlocked, 2},
	})
	// A sweep against the oracle over many such files.
	g := oracleGen{rand.New(rand.NewSource(7))}
	for i := 0; i < 200; i++ {
		lines := []string{"User-agent: foo"}
		for n := 17 + g.rnd.Intn(80); n > 0; n-- {
			if g.chance(40) {
				lines = append(lines, base[g.rnd.Intn(len(base))]+g.pick("", "a", "b", "/", "*", "$", "/index.html"))
			} else {
				lines = append(lines, g.rule())
			}
		}
		body := []byte(strings.Join(lines, "\n"))
		r, f := Parse(body), oracleParse(body)
		for j := 0; j < 50; j++ {
			url := g.url()
			if g.chance(30) {
				rule := base[g.rnd.Intn(len(base))]
				url = strings.TrimSpace(rule[strings.IndexByte(rule, ':')+1:]) + g.pick("", "a", "/", "b/c", ".php", "?q")
			}
			if err := compareWithOracle(r, f, "foo", url); err != nil {
				t.Fatalf("file %q: %v", body, err)
			}
		}
	}
}
