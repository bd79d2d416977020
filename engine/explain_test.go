package engine

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"robotstester/engine/catalogue"
	"robotstester/engine/sharedtest"
)

func TestExplainSaysWhatDecided(t *testing.T) {
	const body = "User-agent: *\n" + // 1
		"Disallow: /\n" + // 2
		"\n" + // 3
		"User-agent: Googlebot\n" + // 4
		"Allow: /p\n" + // 5
		"Disallow: /private\n" + // 6
		"Allow: /folder\n" + // 7
		"Disallow: /folder\n" + // 8
		"Allow: /shop/index.html\n" + // 9
		"Disallow: /shop/\n" + // 10
		"Disallow:\n" // 11
	r := Parse([]byte(body))
	tests := []struct {
		name, agent, url string
		allowed          bool
		line             int
		verdict, group   []string // fragments each sentence must hold
		rules            int
	}{
		{"a longer disallow beats a shorter allow", "Googlebot", "/private/x", false, 6,
			[]string{"Blocked by line 6", "longer than line 5", "longest matching rule wins"},
			[]string{"Googlebot", "line 4", "* group at line 1 is ignored entirely"}, 3},
		{"a tie goes to the allow", "googlebot", "/folder/a", true, 7,
			[]string{"Allowed by line 7", "ties with line 8", "least restrictive"},
			[]string{"line 4"}, 3},
		{"index.html allows its directory", "Googlebot", "/shop/", true, 9,
			[]string{"Allowed by line 9", "length 7", "longer than line 10"},
			nil, 3},
		{"only an empty rule matches", "Googlebot", "/zzz", true, 11,
			[]string{"only an empty rule matched (line 11)"}, nil, 1},
		{"other crawlers fall to the * group", "Otherbot", "/x", false, 2,
			[]string{"Blocked by line 2", "no allow rule matches"},
			[]string{"No group names `Otherbot`, so the * group applies", "line 1"}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := r.Test(tt.agent, tt.url)
			if res.Allowed != tt.allowed || res.Line != tt.line {
				t.Fatalf("got allowed=%v line=%d, want %v line %d", res.Allowed, res.Line, tt.allowed, tt.line)
			}
			e := r.Explain(res)
			for _, f := range tt.verdict {
				if !strings.Contains(e.Verdict, f) {
					t.Errorf("verdict %q lacks %q", e.Verdict, f)
				}
			}
			for _, f := range tt.group {
				if !strings.Contains(e.Group, f) {
					t.Errorf("group sentence %q lacks %q", e.Group, f)
				}
			}
			if len(e.Rules) != tt.rules {
				t.Errorf("%d rule sentences, want %d: %q", len(e.Rules), tt.rules, e.Rules)
			}
		})
	}
}

func TestExplainAgentThatIsNotAToken(t *testing.T) {
	r := Parse([]byte("User-agent: Googlebot\nDisallow: /\n"))
	res := r.Test("Googlebot/2.1", "/a")
	if res.Allowed || res.Line != 2 || !res.Agent.Cut || res.Agent.Token != "Googlebot" {
		t.Fatalf("Test(Googlebot/2.1) = allowed %v line %d agent %+v; want blocked by line 2 as Googlebot, flagged", res.Allowed, res.Line, res.Agent)
	}
	if res.Verbatim == nil || !res.Verbatim.Allowed || res.Verbatim.Line != 0 {
		t.Fatalf("Verbatim = %+v, want Google's literal answer: allowed, line 0", res.Verbatim)
	}
	e := r.Explain(res)
	for _, f := range []string{"is read as `Googlebot`", "no group naming it and answer Allowed"} {
		if !strings.Contains(e.Agent, f) {
			t.Errorf("agent sentence %q lacks %q", e.Agent, f)
		}
	}
}

func TestExplainCrawlerThatIgnoresGlobal(t *testing.T) {
	r := Parse([]byte("User-agent: *\nDisallow: /\n"))
	res := r.TestAs([]string{"AdsBot-Google"}, false, "/x")
	if !res.Allowed || res.Source != SourceNone || !res.GlobalIgnored {
		t.Fatalf("got %+v, want allowed with no group and * ignored", res)
	}
	if e := r.Explain(res); !strings.Contains(e.Group, "ignores the * group (at line 1)") {
		t.Errorf("group sentence %q does not say the crawler ignores * at line 1", e.Group)
	}
}

func TestExplainFallbackChain(t *testing.T) {
	r := Parse([]byte("User-agent: Googlebot\nDisallow: /a\n"))
	res := r.TestAs([]string{"Googlebot-Image", "Googlebot"}, true, "/a")
	if res.Allowed || res.Token != "Googlebot" {
		t.Fatalf("got allowed=%v token=%q, want blocked through Googlebot", res.Allowed, res.Token)
	}
	if e := r.Explain(res); !strings.Contains(e.Group, "No group names `Googlebot-Image`; it falls back to `Googlebot`") {
		t.Errorf("group sentence %q does not tell the fallback", e.Group)
	}
}

func TestExplainNamesTheCrawler(t *testing.T) {
	r := Parse([]byte("User-agent: MJ12bot\nDisallow: /\n"))
	c, ok := catalogue.FindCrawler("MJ12bot")
	if !ok {
		t.Fatal("MJ12bot is not in the catalogue")
	}
	res := r.TestCrawler(c, "/x")
	if res.Allowed || res.Line != 2 || res.Crawler != c.Name || !res.Agent.Cut || res.Agent.Token != "MJ" {
		t.Fatalf("got allowed=%v line=%d crawler=%q agent=%+v; want blocked by line 2, read as MJ, flagged", res.Allowed, res.Line, res.Crawler, res.Agent)
	}
	if res.Verbatim == nil || !res.Verbatim.Allowed {
		t.Fatalf("Verbatim = %+v, want Google's literal answer: no group names MJ12bot, allowed", res.Verbatim)
	}
	e := r.Explain(res)
	if !strings.Contains(e.Group, c.Name+" obeys the groups naming `MJ`") {
		t.Errorf("group sentence %q does not name the crawler and its chain", e.Group)
	}
	if !strings.Contains(e.Agent, "`MJ12bot` is not a product token") || !strings.Contains(e.Agent, "read as `MJ`") {
		t.Errorf("agent sentence %q does not tell how MJ12bot is read", e.Agent)
	}
}

// RuleText gives a rule as Google read it, whether the body's own text
// (key, one space, value) can be handed out or it must be written anew.
func TestRuleText(t *testing.T) {
	tests := []struct{ line, want string }{
		{"Disallow: /a", "Disallow: /a"},
		{"Disallow: /a   # why", "Disallow: /a"},
		{"Disallow: /a\t", "Disallow: /a"},
		{"disallow:/a", "Disallow: /a"},
		{"Disallow:  /a", "Disallow: /a"},
		{"Disallow: ", "Disallow:"},
		{"Disallow:", "Disallow:"},
		{"Allow: /x/é", "Allow: /x/é"},
		{"Allow: /x\u00a0", "Allow: /x"},
		{"ALLOW : /x", "Allow: /x"},
	}
	for _, tt := range tests {
		r := Parse([]byte("User-agent: *\n" + tt.line + "\n"))
		if got := r.RuleText(2); got != tt.want {
			t.Errorf("RuleText of %q = %q; want %q", tt.line, got, tt.want)
		}
	}
	// AppendRuleText writes the same bytes after what b holds, for every
	// line of every corpus file, and of lines of every spelling.
	var lines []string
	for _, tt := range tests {
		lines = append(lines, tt.line)
	}
	for _, body := range corpusBodiesAfter(t, "User-agent: *\n"+strings.Join(lines, "\n")+"\nallow: /x \u2003\nDISALLOW:\u00a0\n") {
		r := Parse(body)
		for n := 0; n <= len(r.Lines)+1; n++ {
			if got := string(r.AppendRuleText([]byte("before"), n)); got != "before"+r.RuleText(n) {
				t.Fatalf("line %d of %.40q: AppendRuleText wrote %q, RuleText is %q", n, body, got, r.RuleText(n))
			}
		}
	}
}

// TestWhyKeyNamesOneSentence: on every corpus file, results with equal
// WhyKeys are told the same Why, for URLs made from the file's own rules
// (each rule's path, a longer one and a shorter one, so that ties, longer
// matches and empty rules all decide) and several crawlers; a result
// without a key is one no rule matched.
func TestWhyKeyNamesOneSentence(t *testing.T) {
	tie := []byte("User-agent: *\nAllow: /a\nDisallow: /a\nDisallow: /b\nAllow: /b/c\nDisallow:\nAllow: /x*y\nDisallow: /x1y\n")
	bodies := [][]byte{tie}
	for _, name := range sharedtest.CorpusFiles(t) {
		body, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		bodies = append(bodies, body)
	}
	crawlers := []string{"Googlebot", "Googlebot Image", "GPTBot", "Bingbot", "somebot"}
	keyed, reasons := 0, map[Reason]int{}
	for i, body := range bodies {
		r := Parse(body)
		paths := []string{"/", "/a", "/b/c", "/x1y", "/nothing-matches-this", "/nothing-matches-" + strings.Repeat("x", 120)}
		for n := range r.Lines {
			if ln := &r.Lines[n]; ln.Kind == KindAllow || ln.Kind == KindDisallow {
				v := strings.ReplaceAll(strings.TrimSuffix(ln.Value(r.Body), "$"), "*", "1")
				paths = append(paths, v, v+"/more", strings.TrimSuffix(v, v[len(v)/2:]))
			}
		}
		for _, name := range crawlers {
			c, named := catalogue.FindCrawler(name)
			told := map[WhyKey]string{}
			for _, p := range paths {
				res := r.Test(name, "https://example.com"+p)
				if named {
					res = r.TestCrawler(c, "https://example.com"+p)
				}
				key, ok := res.WhyKey()
				if !ok {
					if res.Reason != ReasonNoMatch {
						t.Errorf("file %d, %s, %q: no key for reason %v", i, name, p, res.Reason)
					}
					before, after, whole := r.WhyAround(res)
					if whole != (len(res.Path) <= 120) {
						t.Errorf("file %d, %s, %q: WhyAround quotes the path whole: %v", i, name, p, whole)
					}
					if why := r.Why(res); whole && before+res.Path+after != why {
						t.Errorf("file %d, %s, %q: WhyAround gives %q + path + %q, Why %q", i, name, p, before, after, why)
					}
					if around := before + "\x00" + after; whole && told[key] != "" && told[key] != around {
						t.Errorf("file %d, %s, %q: key %+v cut %q before and %q now", i, name, p, key, told[key], around)
					} else if whole {
						told[key] = around
					}
					continue
				}
				if _, _, whole := r.WhyAround(res); whole {
					t.Errorf("file %d, %s, %q: WhyAround cuts a sentence that does not quote the path", i, name, p)
				}
				keyed++
				reasons[res.Reason]++
				why := r.Why(res)
				if before, seen := told[key]; seen && before != why {
					t.Fatalf("file %d, %s, %q: key %+v told %q before and %q now", i, name, p, key, before, why)
				}
				told[key] = why
			}
		}
	}
	for _, reason := range []Reason{ReasonNoGroup, ReasonEmptyRule, ReasonTie, ReasonLonger} {
		if reasons[reason] == 0 {
			t.Errorf("no result decided by reason %v: the test does not reach it", reason)
		}
	}
	t.Logf("%d keyed results over %d files", keyed, len(bodies))
}

// TestWhyInputsTellOneSentence: across files, results whose
// AppendWhyInputs are equal are told the same sentence (the script API
// numbers a sentence by them for every handle), on every corpus file,
// each also with a line put before it (the same rules on other lines),
// and on files made to tell one rule's line and text with two lengths
// (an allow of an index.html, matched as written and as the directory)
// and ties. And inputs do recur across files, or they would serve for
// nothing.
func TestWhyInputsTellOneSentence(t *testing.T) {
	bodies := [][]byte{
		[]byte("User-agent: *\nAllow: /a\nDisallow: /a\nDisallow: /b\nAllow: /b/c\nDisallow:\nAllow: /x*y\nDisallow: /x1y\n"),
		[]byte("User-agent: *\nAllow: /d/index.html\nDisallow: /d/\n"),
		[]byte("User-agent: *\nAllow: /d/index.html\nDisallow: /d\n"),
	}
	for _, name := range sharedtest.CorpusFiles(t) {
		body, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		bodies = append(bodies, body, append([]byte("# one line more\n"), body...))
	}
	told := map[string]string{}
	where := map[string]int{}
	var in []byte
	read, across := 0, 0
	for i, body := range bodies {
		r := Parse(body)
		paths := []string{"/", "/a", "/b/c", "/x1y", "/d/", "/d/index.html", "/d/x"}
		for n := range r.Lines {
			if ln := &r.Lines[n]; ln.Kind == KindAllow || ln.Kind == KindDisallow {
				v := strings.ReplaceAll(strings.TrimSuffix(ln.Value(r.Body), "$"), "*", "1")
				paths = append(paths, v, v+"/more")
			}
		}
		for _, name := range []string{"Googlebot", "GPTBot", "somebot"} {
			for _, p := range paths {
				res := r.Test(name, "https://example.com"+p)
				var ok bool
				if in, ok = r.AppendWhyInputs(in[:0], res); !ok {
					continue // a sentence quoting the path, or a rule's line too long to copy
				}
				read++
				why, k := r.Why(res), string(in)
				if before, seen := told[k]; seen && before != why {
					t.Fatalf("file %d, %s, %q: inputs %q told %q in file %d and %q now", i, name, p, k, before, where[k], why)
				} else if seen && where[k] != i {
					across++
				}
				told[k], where[k] = why, i
			}
		}
	}
	if across == 0 {
		t.Error("no inputs recur across files")
	}
	t.Logf("%d results read, %d inputs, %d found again in another file", read, len(told), across)
}

// TestGroupWordsAcrossFiles: a file edited in a rule tells the same group
// words as before the edit, and an edit that moves a user-agent line
// other words, whose sentence names the new line.
func TestGroupWordsAcrossFiles(t *testing.T) {
	c, _ := catalogue.FindCrawler("Googlebot")
	words := func(body string) GroupWords {
		r := Parse([]byte(body))
		return r.GroupWords(r.TestCrawler(c, "https://example.com/x"))
	}
	before := words("User-agent: *\nDisallow: /a\n\nUser-agent: Googlebot\nDisallow: /b\n")
	if edited := words("User-agent: *\nDisallow: /changed\n\nUser-agent: Googlebot\nAllow: /b/c\n"); !before.Equal(&edited) {
		t.Error("editing a rule changed the group words")
	}
	moved := words("User-agent: *\nDisallow: /a\nDisallow: /a2\n\nUser-agent: Googlebot\nDisallow: /b\n")
	if before.Equal(&moved) {
		t.Error("moving the Googlebot group to line 5 kept the group words")
	}
	if s := moved.Sentence(); !strings.Contains(s, "line 5") || !strings.Contains(s, "line 1") {
		t.Errorf("the moved group's sentence %q does not name lines 5 and 1", s)
	}
	if other := words("User-agent: *\nDisallow: /a\n\nUser-agent: Bingbot\nDisallow: /b\n"); before.Equal(&other) {
		t.Error("a file without a Googlebot group tells the same group words")
	}
}

// TestHasGroupWordsIsReadAndEqual: HasGroupWords, which compares in
// place, says what reading the words and Equal say, for every pair of
// (file, crawler) among the corpus files and files made to differ in one
// word each: a user-agent line moved, a * group added, a crawler that
// obeys * and one that does not.
func TestHasGroupWordsIsReadAndEqual(t *testing.T) {
	bodies := []string{
		"User-agent: *\nDisallow: /a\n\nUser-agent: Googlebot\nDisallow: /b\n",
		"User-agent: *\nDisallow: /a\nDisallow: /a2\n\nUser-agent: Googlebot\nDisallow: /b\n",
		"User-agent: *\nDisallow: /a\n\nUser-agent: Googlebot\nDisallow: /b\n\nUser-agent: *\nAllow: /c\n",
		"User-agent: Googlebot\nUser-agent: *\nDisallow: /a\n\nUser-agent: googlebot\nDisallow: /b\n",
		"User-agent: *\nDisallow: /a\n",
		"User-agent: Bingbot\nDisallow: /a\n",
		"",
	}
	for i, name := range sharedtest.CorpusFiles(t) {
		if i%8 != 0 { // a pair of every 8th file is enough, and fast
			continue
		}
		body, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		bodies = append(bodies, string(body))
	}
	type told struct {
		r     *Robots
		res   Result
		words GroupWords
		name  string
	}
	var all []told
	for i, body := range bodies {
		r := Parse([]byte(body))
		for _, name := range []string{"Googlebot", "Googlebot Image", "GPTBot", "Bingbot", "somebot"} {
			c, named := catalogue.FindCrawler(name)
			res := r.Test(name, "https://example.com/x")
			if named {
				res = r.TestCrawler(c, "https://example.com/x")
			}
			all = append(all, told{r, res, r.GroupWords(res), fmt.Sprintf("file %d, %s", i, name)})
		}
	}
	same := 0
	for _, a := range all {
		for _, b := range all {
			want := b.words.Equal(&a.words)
			if got := b.r.HasGroupWords(b.res, &a.words); got != want {
				t.Fatalf("%s's words against %s's: HasGroupWords %v, read and Equal %v", b.name, a.name, got, want)
			}
			if want {
				same++
			}
		}
	}
	if same <= len(all) {
		t.Errorf("only %d of %d pairs tell one sentence: the test never compares two files that agree", same, len(all)*len(all))
	}
}
