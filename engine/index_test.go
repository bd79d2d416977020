package engine

import (
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"robotstester/engine/sharedtest"
)

// The index must find exactly the candidates a scan of every pattern finds.
func TestIndexFindsWhatAScanFinds(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	piece := func(n int) string { return randomString(rng, "/ab.*$?=%", n) }
	for round := 0; round < 300; round++ {
		var rules []Rule
		for i := range 10 + rng.IntN(200) {
			p := piece(rng.IntN(9))
			switch rng.IntN(6) {
			case 0:
				p = "/" + p
			case 1:
				p = "*" + p
			case 2:
				p = "/*" + p + "/index.html"
			case 3:
				p = "/" + p + "/index.html"
			case 4:
				p = "/" + strings.ReplaceAll(p, "*", "") + "$"
			}
			rules = append(rules, Rule{Line: i + 1, Allow: rng.IntN(2) == 0, Pattern: p})
		}
		ix := buildIndex(rules)
		var all []string
		for _, r := range rules {
			all = append(all, r.Pattern)
			// Google's index.html variant, read off the pattern here.
			if slash := strings.LastIndexByte(r.Pattern, '/'); r.Allow && slash >= 0 && strings.HasPrefix(r.Pattern[slash:], "/index.htm") {
				all = append(all, r.Pattern[:slash+1]+"$")
			}
		}
		for range 50 {
			path := "/" + piece(rng.IntN(24))
			if rng.IntN(3) == 0 {
				// Exactly what an exact pattern or an index.html variant
				// wants, or a byte more.
				path = literalPrefix(all[rng.IntN(len(all))]) + piece(rng.IntN(2))
			}
			var got, want []string
			ix.each(path, nil, func(_ int32, _ bool, p string) { got = append(got, p) })
			for _, p := range all {
				if matches(path, p) {
					want = append(want, p)
				}
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("round %d, path %q: index found %q, a scan finds %q", round, path, got, want)
			}
		}
	}
}

func TestIndexFilesWildcardRulesByPiece(t *testing.T) {
	var rules []Rule
	for i, w := range strings.Fields("css js png jpg webp gif svg ico woff pdf zip doc") {
		rules = append(rules, Rule{Line: i + 1, Pattern: "/*." + w + "$"}, Rule{Line: 100 + i, Pattern: "*/modules/*." + w})
	}
	ix := buildIndex(rules)
	if int(ix.byPair) != len(rules) {
		t.Fatalf("%d of %d wildcard rules with a weak prefix filed by piece", ix.byPair, len(rules))
	}
	var got []string
	ix.each("/a/modules/x.css", nil, func(_ int32, _ bool, p string) { got = append(got, p) })
	slices.Sort(got)
	if want := []string{"*/modules/*.css", "/*.css$"}; !slices.Equal(got, want) {
		t.Errorf("matches %q, want %q", got, want)
	}
}

// Matching many patterns at once must answer as matches does for each.
func TestMatchAllAgreesWithMatches(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	random := func(n int) string { return randomString(rng, "/ab*$", n) }
	for round := 0; round < 400; round++ {
		var patterns []string
		for range 1 + rng.IntN(60) {
			p := random(rng.IntN(12))
			if !strings.Contains(p, "*") && !strings.HasSuffix(p, "$") {
				p = "*" + p
			}
			if rng.IntN(2) == 0 {
				p = "/" + p
			}
			patterns = append(patterns, p)
		}
		checkMatchAll(t, rng, patterns, func() string {
			return "/" + strings.ReplaceAll(random(rng.IntN(40)), "*", "a")
		})
	}
}

// Pieces that are suffixes of each other, a, aa, aaa… and ba, baa…, make
// chains deeper than deepChain: the stabbing tree must find what a walk of
// the whole chain finds.
func TestMatchAllDeepChains(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	run := func(c byte, n int) string { return strings.Repeat(string(c), n) }
	for round := 0; round < 150; round++ {
		var patterns []string
		for range 20 + rng.IntN(100) {
			var b strings.Builder
			if rng.IntN(3) == 0 {
				b.WriteString("/")
			}
			for range 1 + rng.IntN(4) {
				b.WriteString("*")
				if rng.IntN(4) == 0 {
					b.WriteString("b")
				}
				b.WriteString(run('a', 1+rng.IntN(3*deepChain)))
			}
			switch rng.IntN(3) {
			case 0:
				b.WriteString("$")
			case 1:
				b.WriteString("*b" + run('a', rng.IntN(3)) + "$")
			}
			patterns = append(patterns, b.String())
		}
		ix := checkMatchAll(t, rng, patterns, func() string {
			var b strings.Builder
			b.WriteString("/")
			for b.Len() < 300 {
				if rng.IntN(8) == 0 {
					b.WriteString("b")
				}
				b.WriteString(run('a', rng.IntN(4*deepChain)))
			}
			return b.String()
		})
		if round == 0 && ix.automaton().deep == 0 {
			t.Fatal("no piece has a chain deeper than deepChain: the test does not reach the stabbing tree")
		}
	}
}

// checkMatchAll matches the patterns against paths from path, all at once
// and one by one, and fails on any difference. It returns their index.
func checkMatchAll(t *testing.T, rng *rand.Rand, patterns []string, path func() string) *ruleIndex {
	t.Helper()
	var rules []Rule
	for i, p := range patterns {
		rules = append(rules, Rule{Line: i + 1, Pattern: p})
	}
	ix := buildIndex(rules)
	a := ix.automaton()
	for range 30 {
		p := path()
		// matchAll's contract: wildcard candidates whose prefix starts the path.
		var reached []int32
		for i := range ix.cands {
			if ix.cands[i].kind == wildcard && strings.HasPrefix(p, ix.prefix(int32(i))) {
				reached = append(reached, int32(i))
			}
		}
		rng.Shuffle(len(reached), func(i, j int) { reached[i], reached[j] = reached[j], reached[i] })
		n := len(reached)
		got := map[int32]bool{}
		for _, c := range a.matchAll(ix, p, reached)[n:] {
			got[c] = true
		}
		for _, c := range reached[:n] {
			if want := matches(p, ix.pattern(c)); got[c] != want {
				t.Fatalf("pattern %q path %q: matched all at once = %v, alone = %v", ix.pattern(c), p, got[c], want)
			}
		}
	}
	return ix
}

// A group with more wildcard rules than manyAt that the index cannot rule
// out is matched all at once, with the verdicts a scan of every rule gives.
func TestManyWildcardRulesAtOnce(t *testing.T) {
	indexFromTheFirstTest(t)
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	var patterns []string
	for i := 0; i < 3*manyAt; i++ {
		w := string(rune('a'+i%7)) + string(rune('a'+i/7%7)) + string(rune('a'+i/49%7))
		patterns = append(patterns, "*"+w+"*z")
		b.WriteString("Disallow: *" + w + "*z\n")
	}
	patterns = append(patterns, "/*abc*z$")
	b.WriteString("Allow: /*abc*z$\n")
	r := Parse([]byte(b.String()))
	// A path holding every pair of a-g reaches every rule through the index.
	var everyPair strings.Builder
	for a := 'a'; a <= 'g'; a++ {
		for c := 'a'; c <= 'g'; c++ {
			everyPair.WriteString(string(a) + string(c) + "y")
		}
	}
	for _, path := range []string{"/abcz", "/xabcxxz", "/gggz", "/abc", "/zabc", "/cbazcba", "/" + everyPair.String(), "/" + everyPair.String() + "z"} {
		// A scan: longest match wins, the earliest line on equal length,
		// the allow on a tie.
		allow, disallow, line := -1, -1, 0
		for i, p := range patterns {
			if !matches(path, p) {
				continue
			}
			if i == len(patterns)-1 {
				allow = len(p)
			} else if len(p) > disallow {
				disallow, line = len(p), i+2
			}
		}
		wantAllowed := !(disallow > allow)
		if wantAllowed && allow >= 0 {
			line = len(patterns) + 1
		}
		got := r.Test("bot", path)
		if got.Allowed != wantAllowed || got.Line != line {
			t.Errorf("%.40s: got allowed=%v line %d, want allowed=%v line %d", path, got.Allowed, got.Line, wantAllowed, line)
		}
	}
	if r.Groups[0].rules().ac == nil {
		t.Error("no path reached manyAt wildcard rules: the test did not match all at once")
	}
}

// Parse builds no index, however many wildcard rules a group holds: the
// first Test that needs a group's index builds it (with no scans first,
// scanTests 0), and its automaton only when a path reaches manyAt wildcard
// rules; the groups no Test asks for are never indexed.
func TestParseLeavesIndexesToTheFirstTest(t *testing.T) {
	indexFromTheFirstTest(t)
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for i, n := 0, 0; n < 64<<10; i++ {
		v := "/*" + strings.Repeat(string(rune('a'+i%26)), 1+i%7) + "*x" + strings.Repeat("y", i%5)
		b.WriteString("Disallow: " + v + "\n")
		n += len(v)
	}
	b.WriteString("User-agent: other\nDisallow: /*a*b\n")
	r := Parse([]byte(b.String()))
	for i := range r.Groups {
		if r.Groups[i].index.ix != nil {
			t.Fatalf("group %d was indexed by Parse", i)
		}
	}
	if res := r.Test("bot", "/plain"); !res.Allowed || r.Groups[0].index.ix == nil || r.Groups[0].index.ix.ac != nil {
		t.Fatalf("/plain: allowed=%v, index %v: want allowed, an index and no automaton (no wildcard rule is reached)", res.Allowed, r.Groups[0].index.ix != nil)
	}
	// Rule 442 (line 444) is the first /*aa*xyy, the longest that matches.
	if res := r.Test("bot", "/aaxyy"); res.Allowed || res.Line != 444 {
		t.Errorf("/aaxyy: allowed=%v line %d, want blocked by line 444, Disallow: /*aa*xyy", res.Allowed, res.Line)
	}
	if r.Groups[0].index.ix.ac == nil {
		t.Error("/aaxyy reached every wildcard rule, yet they were not matched all at once")
	}
	if r.Groups[1].index.ix != nil {
		t.Error("the group of \"other\" was indexed, though no Test asked for it")
	}
}

// The automaton's scratch is pooled: goroutines matching the same group at
// once (run with -race), through deep chains and shallow ones, must each
// get the answer one goroutine gets.
func TestMatchAllConcurrent(t *testing.T) {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for k := 1; k <= 3*deepChain; k++ {
		fmt.Fprintf(&b, "Disallow: *%s*b\nAllow: /*%s$\nDisallow: *%sc*%s\n",
			strings.Repeat("a", k), strings.Repeat("a", k), strings.Repeat("a", k%7), strings.Repeat("ab", k%5+1))
	}
	r := Parse([]byte(b.String()))
	var paths []string
	for i := 0; i < 40; i++ {
		paths = append(paths, "/"+strings.Repeat("a", i*3)+strings.Repeat("cab", i%4)+strings.Repeat("a", i)+"b"[:i%2])
	}
	want := make([]Result, len(paths))
	for i, p := range paths {
		want[i] = Parse([]byte(b.String())).Test("bot", p)
	}
	ix := r.Groups[0].rules()
	if ix.automaton().deep == 0 {
		t.Fatal("no deep chain: the test does not reach the stabbing tree")
	}
	if n := len(ix.reach(paths[len(paths)-1], nil)); n < manyAt {
		t.Fatalf("the longest path reaches %d rules, fewer than manyAt: they are not matched all at once", n)
	}
	errs := make(chan error, 4)
	for w := 0; w < 4; w++ {
		go func() {
			for k := range paths {
				i := (k + w*10) % len(paths)
				if got := r.Test("bot", paths[i]); got.Allowed != want[i].Allowed || got.Line != want[i].Line || len(got.Matches) != len(want[i].Matches) {
					errs <- fmt.Errorf("goroutine %d, path %q: allowed=%v line %d, %d matches; alone allowed=%v line %d, %d matches",
						w, paths[i], got.Allowed, got.Line, len(got.Matches), want[i].Allowed, want[i].Line, len(want[i].Matches))
					return
				}
			}
			errs <- nil
		}()
	}
	for w := 0; w < 4; w++ {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// randomString is n bytes drawn from alphabet.
func randomString(rng *rand.Rand, alphabet string, n int) string {
	var b strings.Builder
	for range n {
		b.WriteByte(alphabet[rng.IntN(len(alphabet))])
	}
	return b.String()
}

// The prefix sort orders any strings (NUL bytes too, which no pattern holds)
// as Go compares them, with each one's common prefix with the one before,
// through runs sorted by insertion, by radix and, past compareDepth, by
// string compares; ties on the first and second eight bytes; and prefixes
// that end inside a chunk. The prefix list built from it has no duplicates and links
// each prefix to the longest other one that starts it.
func TestPrefixSortAndLinks(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for round := 0; round < 400; round++ {
		var stems []string
		for range 1 + rng.IntN(6) {
			stems = append(stems, randomString(rng, "/ab\x00", rng.IntN(30)+70*rng.IntN(2)))
		}
		var rules []Rule
		for i := range 1 + rng.IntN(300) {
			p := stems[rng.IntN(len(stems))]
			p = p[:rng.IntN(len(p)+1)] + randomString(rng, "/ab", rng.IntN(12))
			if rng.IntN(3) == 0 {
				p += "*" + randomString(rng, "ab", 3)
			}
			rules = append(rules, Rule{Line: i + 1, Pattern: p})
		}

		var prefixes []string
		for _, r := range rules {
			prefixes = append(prefixes, literalPrefix(r.Pattern))
		}
		s := prefixSorter{prefix: func(c int32) string { return prefixes[c] }}
		run := make([]int32, len(prefixes))
		for i := range run {
			run[i] = int32(i)
		}
		s.sortAll(run)
		for i := 1; i < len(run); i++ {
			a, b := prefixes[run[i-1]], prefixes[run[i]]
			if a > b {
				t.Fatalf("round %d: %q sorted before %q", round, a, b)
			}
			if got, want := int(s.lcp[i]), commonPrefixLen(a, b); got != want {
				t.Fatalf("round %d: %q then %q: common prefix %d, want %d", round, a, b, got, want)
			}
		}

		ix := buildIndex(rules)
		if ix.small {
			continue
		}
		if !slices.IsSorted(ix.prefixes) || len(slices.Compact(slices.Clone(ix.prefixes))) != len(ix.prefixes) {
			t.Fatalf("round %d: prefixes not sorted and distinct: %q", round, ix.prefixes)
		}
		for i, p := range ix.prefixes {
			want := -1
			for j, q := range ix.prefixes {
				if j != i && strings.HasPrefix(p, q) && (want < 0 || len(q) > len(ix.prefixes[want])) {
					want = j
				}
			}
			if int(ix.parent[i]) != want {
				t.Fatalf("round %d: parent of %q is %d, want %d (%q)", round, p, ix.parent[i], want, ix.prefixes)
			}
		}
	}
}

// Several groups naming one token, or "*", are one list of rules to
// Google, and to a Test one index over all of them: each match still says
// its group, the verdicts agree with the oracle, and no group of the list
// gets an index of its own.
func TestGroupsOfOneTokenShareAnIndex(t *testing.T) {
	var b strings.Builder
	for i := range 400 {
		switch i % 3 {
		case 0:
			fmt.Fprintf(&b, "User-agent: Googlebot\nDisallow: /p%d*x%d\nAllow: /p%d/a%d\nAllow: /p%d/index.html\n", i%37, i%11, i%37, i%5, i%7)
		case 1:
			fmt.Fprintf(&b, "User-agent: other\nDisallow: /\n")
		case 2:
			fmt.Fprintf(&b, "User-agent: *\nDisallow: /p%d\nAllow: /*a%d$\n", i%13, i%4)
		}
	}
	body := []byte(b.String())
	r, f := Parse(body), oracleParse(body)
	rng := rand.New(rand.NewPCG(9, 10))
	for range 300 {
		url := fmt.Sprintf("https://example.com/p%d/a%d", rng.IntN(40), rng.IntN(6))
		if rng.IntN(2) == 0 {
			url += fmt.Sprintf("x%d", rng.IntN(12))
		}
		if rng.IntN(4) == 0 {
			url = fmt.Sprintf("https://example.com/p%d/", rng.IntN(8))
		}
		for _, agent := range []string{"Googlebot", "nobody"} {
			if err := compareWithOracle(r, f, agent, url); err != nil {
				t.Fatal(err)
			}
			if err := checkMatchesComplete(r, r.Test(agent, url)); err != nil {
				t.Fatalf("agent %s url %s: %v", agent, url, err)
			}
		}
	}
	for _, gl := range []groupList{r.byToken.get("googlebot"), r.global} {
		if len(gl.groups) < 100 || gl.merged == nil || gl.merged.ix == nil {
			t.Fatalf("a list of %d groups was not tested through one index over them all", len(gl.groups))
		}
		for _, gi := range gl.groups {
			if r.Groups[gi].index.ix != nil {
				t.Fatalf("group %d got an index of its own", gi)
			}
		}
	}
}

// In a group of many wildcard rules (160 here), a rule whose literal prefix
// is shorter than weakPrefix (1 to 3 bytes, such as "/aa" in
// "/aa*zzzz*ab") is filed under a pair of bytes of its longest piece ("zz"),
// not by its prefix, and a path holding that pair reaches all of them at
// once; the index must still check each prefix, or "/qq/zzzz/ab" would be
// blocked by "/aa*zzzz*ab". At each prefix length, every verdict must be
// the scan's and Google's (the oracle's reading of robots.cc).
func TestManyWildcardRulesWithShortPrefixes(t *testing.T) {
	letter := func(i int) string { return string(rune('a' + i)) }
	for _, size := range []int{1, 2, 3} {
		var b strings.Builder
		b.WriteString("User-agent: *\n")
		var patterns, paths []string
		for i := 0; i < 160; i++ {
			// A prefix of size bytes ("/ab", "/a", or a letter, which no
			// path reaches), the piece all share, and a tail of its own.
			prefix := ("/" + letter(i%10) + letter(i/10%16))[:size]
			if size == 1 {
				prefix = letter(i % 10)
			}
			tail := letter(i%16) + letter(i/16)
			patterns = append(patterns, prefix+"*zzzz*"+tail)
			b.WriteString("Disallow: " + prefix + "*zzzz*" + tail + "\n")
			paths = append(paths, "/qq/zzzz/"+tail, "/zzzz"+tail)
			if size > 1 {
				paths = append(paths, prefix+"/zzzz/"+tail, prefix+"zzzz"+tail)
			}
		}
		body := []byte(b.String())
		r := Parse(body)
		f := oracleParse(body)
		for _, path := range paths {
			line := 0
			for i, p := range patterns {
				if matches(path, p) && line == 0 {
					line = i + 2 // the patterns are of one length: the first line wins
				}
			}
			got := r.Test("bot", path)
			if got.Allowed != (line == 0) || got.Line != line {
				t.Errorf("%d-byte prefixes, %s: got allowed=%v line %d; a scan finds line %d", size, path, got.Allowed, got.Line, line)
			}
			if want := oracleDecide(f, []string{"bot"}, path); got.Allowed != want.allowed || got.Line != want.line {
				t.Errorf("%d-byte prefixes, %s: got allowed=%v line %d; Google allowed=%v line %d", size, path, got.Allowed, got.Line, want.allowed, want.line)
			}
		}
		if ix := r.Groups[0].rules(); int(ix.byPair) != len(patterns) {
			t.Errorf("%d-byte prefixes: %d of %d rules filed by a pair of bytes; the test missed the path it is for", size, ix.byPair, len(patterns))
		}
	}
}

// indexFromTheFirstTest has every list built its index for its first
// test, for the tests that watch the index, until t ends.
func indexFromTheFirstTest(t *testing.T) {
	old := scanTests
	scanTests = 0
	t.Cleanup(func() { scanTests = old })
}

// withScanTests runs fn with scanTests set to n: 0 answers every test
// through the index, a large n every test by trying each rule.
func withScanTests(n int32, fn func()) {
	old := scanTests
	scanTests = n
	defer func() { scanTests = old }()
	fn()
}

// The unindexed path (the first tests of a list try every rule) answers
// exactly as the index, trace and all: every corpus file, with the URLs
// of its list when it has one and otherwise paths made from its own
// rules, for Googlebot, an agent no group names, and the list's agents.
func TestScanAnswersAsTheIndex(t *testing.T) {
	type job struct {
		name   string
		body   []byte
		paths  []string
		agents []string
	}
	var jobs []job
	lists := map[string]bool{}
	for _, l := range sharedtest.CorpusLists(t) {
		jobs = append(jobs, job{l.File, l.Body, l.URLs, l.Agents})
		lists[l.File] = true
	}
	for _, name := range sharedtest.CorpusFiles(t) {
		base := name[strings.LastIndexByte(name, '/')+1:]
		if lists[base] {
			continue
		}
		body, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		j := job{name: base, body: body, agents: []string{"Googlebot", "Unnamedbot", "Bingbot"},
			paths: []string{"/", "/index.html", "/a/index.html", "/search?q=x"}}
		for _, g := range Parse(body).Groups {
			for _, r := range g.Rules {
				if len(j.paths) < 200 {
					p := strings.ReplaceAll(strings.TrimSuffix(r.Pattern, "$"), "*", "x")
					j.paths = append(j.paths, p, p+"index.html", p+"/a?b", p[:strings.LastIndexByte(p, '/')+1])
				}
			}
		}
		jobs = append(jobs, j)
	}
	if len(jobs) < 300 {
		t.Fatalf("only %d corpus files read", len(jobs))
	}
	for _, j := range jobs {
		var scanned, indexed []Result
		var scannedCells, indexedCells *Matrix
		var decided []Cell
		cols := []Column{ColumnFor("Googlebot"), ColumnFor("Unnamedbot"), ColumnFor("Bingbot")}
		withScanTests(1<<30, func() {
			r := Parse(j.body)
			for _, a := range j.agents {
				for _, p := range j.paths {
					scanned = append(scanned, r.Test(a, p))
				}
			}
			scannedCells = r.Matrix(j.paths, cols)
		})
		withScanTests(0, func() {
			r := Parse(j.body)
			for _, a := range j.agents {
				for _, p := range j.paths {
					indexed = append(indexed, r.Test(a, p))
				}
			}
			indexedCells = r.Matrix(j.paths, cols)
			for _, c := range cols {
				tester := r.Tester(c)
				for _, p := range j.paths {
					decided = append(decided, tester.Decide(p))
				}
			}
		})
		for c := range cols {
			for u := range j.paths {
				if got, want := decided[c*len(j.paths)+u], scannedCells.Cell(u, c); got != want {
					t.Errorf("%s: %q for %s: a Tester's Decide through the index gives %+v; tried rule by rule %+v", j.name, j.paths[u], cols[c].Name, got, want)
				}
			}
		}
		for i := range scanned {
			if !reflect.DeepEqual(scanned[i], indexed[i]) {
				t.Errorf("%s: %q for %q: tried rule by rule %+v; through the index %+v", j.name, scanned[i].URL, scanned[i].Agent.Input, scanned[i], indexed[i])
				break
			}
		}
		if !reflect.DeepEqual(scannedCells, indexedCells) {
			t.Errorf("%s: the matrix tried rule by rule differs from the one through the index", j.name)
		}
	}
}

// A list answers its first scanTests tests without its index, and builds
// it for the next.
func TestIndexIsBuiltOnceItPays(t *testing.T) {
	r := Parse([]byte("User-agent: *\nDisallow: /a\n\nUser-agent: *\nAllow: /a/index.html\n"))
	for range scanTests {
		if got := r.Test("x", "/a/"); !got.Allowed || got.Line != 5 {
			t.Fatalf("a scan: allowed %v, line %d; want allowed by line 5 (the index.html variant)", got.Allowed, got.Line)
		}
	}
	if r.global.merged.ix != nil {
		t.Fatalf("the index was built within the first %d tests", scanTests)
	}
	if got := r.Test("x", "/a/"); !got.Allowed || got.Line != 5 {
		t.Errorf("after the scans: allowed %v, line %d; want allowed by line 5 (the index.html variant)", got.Allowed, got.Line)
	}
	if r.global.merged.ix == nil {
		t.Errorf("the index was not built after %d tests", scanTests)
	}
}

// Random files whose allow rules have index.html variants, plain and with
// wildcards, repeated patterns and groups read as one: a scan answers as
// the index, for paths that hit the variants exactly.
func TestScanAnswersAsTheIndexOnRandomFiles(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	piece := func(n int) string { return randomString(rng, "/ab.*$?=", n) }
	for round := range 300 {
		text, prefixes := randomRuleFile(rng, piece, 2+rng.IntN(40))
		var paths []string
		for range 40 {
			paths = append(paths, prefixes[rng.IntN(len(prefixes))]+piece(rng.IntN(3)))
		}
		var scanned, indexed []Result
		var decided []Cell
		withScanTests(1<<30, func() {
			r := Parse([]byte(text))
			for _, p := range paths {
				scanned = append(scanned, r.Test("x", p))
			}
		})
		withScanTests(0, func() {
			r := Parse([]byte(text))
			tester := r.Tester(ColumnFor("x"))
			for _, p := range paths {
				indexed = append(indexed, r.Test("x", p))
				decided = append(decided, tester.Decide(p))
			}
		})
		for i := range paths {
			if !reflect.DeepEqual(scanned[i], indexed[i]) {
				t.Fatalf("round %d, %q in\n%s\ntried rule by rule: %+v\nthrough the index: %+v", round, paths[i], text, scanned[i], indexed[i])
			}
			s := scanned[i]
			if want := (Cell{Allowed: s.Allowed, Line: s.Line, Reason: s.Reason}); decided[i] != want {
				t.Fatalf("round %d, %q in\n%s\na Tester's Decide through the index: %+v; tried rule by rule: %+v", round, paths[i], text, decided[i], want)
			}
		}
	}
}

// randomRuleFile is a file of n rules from piece, each an allow or a
// disallow, with a new "User-agent: *" now and then (groups read as
// one), and the prefixes its paths are to start with. A rule's path is a
// piece as it is, or made a path, an index.html variant behind a '*',
// an index.htm variant, one with a final '$', one with a leading '*',
// or one with a long repeated literal.
func randomRuleFile(rng *rand.Rand, piece func(int) string, n int) (text string, prefixes []string) {
	var b strings.Builder
	for i := range n {
		if i == 0 || rng.IntN(8) == 0 {
			b.WriteString("User-agent: *\n")
		}
		p := piece(rng.IntN(7))
		switch rng.IntN(7) {
		case 0:
			p = "/" + p
		case 1:
			p = "/*" + p + "/index.html"
		case 2:
			p = "/" + strings.ReplaceAll(p, "*", "") + "/index.htm"
		case 3:
			p = "/" + strings.ReplaceAll(p, "*", "") + "$"
		case 4:
			p = "*" + p
		case 5:
			p = "/" + strings.ReplaceAll(p, "*", "") + strings.Repeat("abcdefgh", 1+rng.IntN(3)) + piece(2)
		}
		prefixes = append(prefixes, literalPrefix(p), p[:strings.LastIndexByte(p, '/')+1])
		b.WriteString([]string{"Allow: ", "Disallow: "}[rng.IntN(2)] + p + "\n")
	}
	return b.String(), prefixes
}
