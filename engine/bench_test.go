package engine

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"robotstester/engine/sharedtest"
)

// Speed on the real corpus and on the worst inputs within Google's limits.
// Targets on the project's 2-core machine: Parse ≥ 200 MB/s, Test ≤ 2 µs per
// url on average, no single Test over 10 ms.

// BenchmarkParse parses the whole corpus (MB/s), then each of its largest
// files on its own.
func BenchmarkParse(b *testing.B) {
	files := sharedtest.CorpusFiles(b)
	bodies := make([][]byte, len(files))
	total := 0
	for i, name := range files {
		body, err := os.ReadFile(name)
		if err != nil {
			b.Fatal(err)
		}
		bodies[i] = body
		total += len(body)
	}
	b.Run("corpus", func(b *testing.B) {
		b.SetBytes(int64(total))
		for b.Loop() {
			for _, body := range bodies {
				Parse(body)
			}
		}
	})
	// The corpus is numbered by size, largest first.
	for i := 0; i < 6 && i < len(bodies); i++ {
		name := fmt.Sprintf("%s-%dKB", strings.TrimSuffix(filepath.Base(files[i]), ".txt"), len(bodies[i])/1000)
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(bodies[i])))
			for b.Loop() {
				Parse(bodies[i])
			}
		})
	}
}

// BenchmarkTest tests every url of the 20 listed files with three agents
// (Googlebot, an agent only * applies to, and the file's first sample
// token), each file parsed once outside the timer. ns/url is the average
// time of one Test.
func BenchmarkTest(b *testing.B) {
	type job struct {
		r      *Robots
		agents []string
		urls   []string
	}
	var jobs []job
	perRound := 0
	for _, l := range sharedtest.CorpusLists(b) {
		agents := l.Agents
		if len(agents) > 3 {
			agents = agents[:3]
		}
		jobs = append(jobs, job{Parse(l.Body), agents, l.URLs})
		perRound += len(agents) * len(l.URLs)
	}
	// The first Test of a group builds its rule index: part of "parse
	// once", not of testing a url.
	for _, j := range jobs {
		for _, a := range j.agents {
			j.r.Test(a, "/")
		}
	}
	b.ResetTimer()
	for b.Loop() {
		for _, j := range jobs {
			for _, a := range j.agents {
				for _, u := range j.urls {
					j.r.Test(a, u)
				}
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*perRound), "ns/url")
}

// worstCaseWildcards is a 500 KiB robots.txt of wildcard-heavy rules: long
// patterns near the 16,663-byte line cut made of thousands of '*', and
// thousands of short '*'-leading rules.
// worstCaseLiterals is a 500 KiB group of short literal rules, as many as
// fit: the most a first Test can have to index by prefix.
func worstCaseLiterals() []byte {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	x := uint32(12345)
	return fillRules(&b, func(int) string {
		x = x*1664525 + 1013904223
		return fmt.Sprintf("Disallow: /%x/%x\n", x>>20, x)
	})
}

// fillRules appends line(0), line(1)… to b while they fit in
// worstCaseSize, and returns the file.
func fillRules(b *strings.Builder, line func(i int) string) []byte {
	for i := 0; ; i++ {
		l := line(i)
		if b.Len()+len(l) > worstCaseSize {
			return []byte(b.String())
		}
		b.WriteString(l)
	}
}

func worstCaseWildcards() []byte {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	long := []string{
		"Disallow: /" + strings.Repeat("*a", 8300) + "b",
		"Disallow: *" + strings.Repeat("a*", 8300) + "b$",
		"Allow: /" + strings.Repeat("a", 8000) + "*" + strings.Repeat("a", 8000) + "c",
		"Disallow: /*" + strings.Repeat("ab", 8300),
		"Allow: /" + strings.Repeat("*", 16600) + "c",
		"Disallow: *" + strings.Repeat("a", 16000) + "*b",
		"Allow: /" + strings.Repeat("a*b*", 4150) + "/index.html",
	}
	for i := 0; b.Len() < worstCaseSize*4/5; i++ {
		b.WriteString(long[i%len(long)] + "\n")
	}
	return fillRules(&b, func(i int) string {
		return fmt.Sprintf("Disallow: *%s*%s%d$\n", strings.Repeat("a", i%23), strings.Repeat("*a", i%7), i)
	})
}

// worstCaseSize is Googlebot's fetch limit: nothing bigger reaches Test.
const worstCaseSize = 500 * 1024

// deBruijnPath is a path of n bytes over the letters a-h that holds every
// pair of them (a de Bruijn cycle of order 2, repeated) but few of the
// longer words.
func deBruijnPath(n int) string {
	const k = 8
	var cycle []byte
	for a := 0; a < k; a++ {
		for b := a; b < k; b++ {
			cycle = append(cycle, byte('a'+a))
			if b > a {
				cycle = append(cycle, byte('a'+b))
			}
		}
	}
	// The greedy list above misses the pairs (b,a) for b > a; add them.
	for a := 0; a < k; a++ {
		for b := a + 1; b < k; b++ {
			cycle = append(cycle, byte('a'+b), byte('a'+a))
		}
	}
	s := "/" + strings.Repeat(string(cycle), n/len(cycle)+1)
	return s[:n]
}

// worstCaseEveryPair is a 500 KiB file of short '*'-leading rules whose
// words are made of pairs a path holds but are themselves absent from it:
// no index can rule them out by a byte pair, so every rule is matched
// against the whole path.
func worstCaseEveryPair(path string) []byte {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	word := make([]byte, 6)
	for i := 0; ; i++ {
		x := uint32(i)*2654435761 + 12345
		for j := range word {
			word[j] = byte('a' + x%8)
			x = x/8 + uint32(j)*40503
		}
		if strings.Contains(path, string(word)) {
			continue
		}
		rule := "Disallow: *" + string(word) + "\n"
		if b.Len()+len(rule) > worstCaseSize {
			break
		}
		b.WriteString(rule)
	}
	return []byte(b.String())
}

// deBruijn3 is a de Bruijn sequence of order 3 over the letters a-h: every
// three-letter word over them occurs once in its 512 letters (read
// cyclically), built by concatenating Lyndon words.
func deBruijn3() string {
	const k, n = 8, 3
	var out []byte
	a := make([]int, n+1)
	var gen func(t, p int)
	gen = func(t, p int) {
		if t > n {
			if n%p == 0 {
				for _, x := range a[1 : p+1] {
					out = append(out, byte('a'+x))
				}
			}
			return
		}
		a[t] = a[t-p]
		gen(t+1, p)
		for j := a[t-p] + 1; j < k; j++ {
			a[t] = j
			gen(t+1, t)
		}
	}
	gen(1, 1)
	return string(out)
}

// worstCaseOrderedPieces is a 500 KiB file of rules "*X*Y" where the path
// holds both X and Y, but Y only before X: a filter on the pieces present in
// the path lets every rule through, and each must be matched to the end of
// the path to fail. The path's first half holds every three-letter word over
// a-h; its second half, every pair but few triples.
func worstCaseOrderedPieces(n int) (body []byte, path string) {
	first := strings.Repeat(deBruijn3(), n/1024+1)[:n/2]
	second := deBruijnPath(n - n/2 + 1)[1:]
	path = "/" + first + second
	path = path[:n]
	second = path[1+len(first):]
	var late, early []string // X: only in the second half; Y: only in the first
	seen := map[string]bool{}
	for i := 0; i+4 <= len(second) && len(late) < 400; i++ {
		if w := second[i : i+4]; !seen[w] && !strings.Contains(first, w) {
			seen[w] = true
			late = append(late, w)
		}
	}
	for i := 0; i+3 <= len(first) && len(early) < 400; i++ {
		if w := first[i : i+3]; !seen[w] && !strings.Contains(second, w) {
			seen[w] = true
			early = append(early, w)
		}
	}
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for i := 0; len(late) > 0 && len(early) > 0; i++ {
		rule := "Disallow: *" + late[i%len(late)] + "*" + early[(i/len(late)+i)%len(early)] + "\n"
		if b.Len()+len(rule) > worstCaseSize {
			break
		}
		b.WriteString(rule)
	}
	return []byte(b.String()), path
}

// worstCaseNested is a 500 KiB file of the rules pattern(1), pattern(2)…
// for runs of 1, 2, 3… a's:
//   - nested pieces, "*a…a*b": pieces that are suffixes of each other, so
//     that each byte of a path of a's ends all of them at once (a chain a
//     thousand pieces deep in the automaton of multimatch.go);
//   - nested prefixes, "/a…a": a thousand literal prefixes, each starting
//     all the longer ones, that every path of a's reaches, and that sorting
//     tells apart only at their ends.
func worstCaseNested(pattern func(a string) string) []byte {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	return fillRules(&b, func(i int) string { return "Disallow: " + pattern(strings.Repeat("a", i+1)) + "\n" })
}

// worstCaseMergedGroups is a 500 KiB file of groups "User-agent:
// Googlebot" with one wildcard rule each: Google reads them as one group of
// twenty thousand rules.
func worstCaseMergedGroups() []byte {
	var b strings.Builder
	return fillRules(&b, func(i int) string { return fmt.Sprintf("User-agent: Googlebot\nDisallow: /*a%d*b\n", i) })
}

// mergedGroupsPath is an n-byte path "/a0a1a2…b" that every rule of
// worstCaseMergedGroups up to a few thousand matches.
func mergedGroupsPath(n int) string {
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "a%d", i)
	}
	return "/" + b.String()[:n-2] + "b"
}

// worstCaseIndexVariants is a 500 KiB file of allow rules for a hundred
// index.html pages, over and over: twice as many candidates as rules, since
// each also allows its directory ("/a7/$").
func worstCaseIndexVariants() []byte {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	return fillRules(&b, func(i int) string { return fmt.Sprintf("Allow: /a%d/index.html\n", i%100) })
}

// BenchmarkWorstCase tests 16,663-byte urls against 500 KiB files built to
// be slow, and reports:
//   - ns/test and p50-ns/test: the mean and median Test;
//   - slowest-ns/test: the url whose Test costs most, each url timed as the
//     fastest of its runs. A Test does the same work every time, so this is
//     its cost without the pauses of a shared machine;
//   - max-ns/test: the longest single run, pauses included (on the 2-core
//     VM, a 1 µs Test has been seen to take 5 ms here);
//   - first-ns: Parse and the first Test of the file, which also builds
//     the group's rule index (and its automaton when the url reaches many
//     wildcard rules): the time to a first verdict, the median of five,
//     and first-max-ns, the longest of the five.
func BenchmarkWorstCase(b *testing.B) {
	const n = MaxLineLen
	pairs := deBruijnPath(n)
	ordered, orderedPath := worstCaseOrderedPieces(n)
	cases := []struct {
		name string
		body []byte
		urls []string
	}{
		{"wildcards", worstCaseWildcards(), []string{
			"https://example.com/" + strings.Repeat("a", n-1),
			"https://example.com/" + strings.Repeat("a", n-2) + "c",
			"https://example.com/" + strings.Repeat("ab", n/2),
			"https://example.com/" + strings.Repeat("a/", n/2) + "index.html",
			"https://example.com/" + strings.Repeat("*a", n/2),
		}},
		{"every-pair", worstCaseEveryPair(pairs), []string{"https://example.com" + pairs}},
		{"ordered-pieces", ordered, []string{"https://example.com" + orderedPath}},
		{"nested-pieces", worstCaseNested(func(a string) string { return "*" + a + "*b" }), []string{
			"https://example.com/" + strings.Repeat("a", n-1),
			"https://example.com/" + strings.Repeat("a", n-2) + "b",
		}},
		{"nested-prefixes", worstCaseNested(func(a string) string { return "/" + a }), []string{
			"https://example.com/" + strings.Repeat("a", n-1),
			"https://example.com/" + strings.Repeat("a", 500) + "b",
		}},
		{"merged-groups", worstCaseMergedGroups(), []string{
			"https://example.com" + mergedGroupsPath(n),
			"https://example.com/" + strings.Repeat("a", n-1),
		}},
		{"index-variants", worstCaseIndexVariants(), []string{
			"https://example.com/a7/",
			"https://example.com/a7/" + strings.Repeat("a", n-4),
		}},
		{"literals", worstCaseLiterals(), []string{
			"https://example.com/a/" + strings.Repeat("a", n-3),
			"https://example.com/fff/ffffffff",
		}},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			var first []time.Duration
			var r *Robots
			for range 5 {
				start := time.Now()
				r = Parse(c.body)
				r.Test("Googlebot", c.urls[0])
				first = append(first, time.Since(start))
			}
			slices.Sort(first)
			var times []time.Duration
			fastest := make([]time.Duration, len(c.urls))
			b.ResetTimer()
			for b.Loop() {
				for i, u := range c.urls {
					start := time.Now()
					r.Test("Googlebot", u)
					t := time.Since(start)
					times = append(times, t)
					if fastest[i] == 0 || t < fastest[i] {
						fastest[i] = t
					}
				}
			}
			slices.Sort(times)
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(len(times)), "ns/test")
			b.ReportMetric(float64(times[len(times)/2].Nanoseconds()), "p50-ns/test")
			b.ReportMetric(float64(slices.Max(fastest).Nanoseconds()), "slowest-ns/test")
			b.ReportMetric(float64(times[len(times)-1].Nanoseconds()), "max-ns/test")
			b.ReportMetric(float64(first[len(first)/2].Nanoseconds()), "first-ns")
			b.ReportMetric(float64(first[len(first)-1].Nanoseconds()), "first-max-ns")
			b.ReportMetric(float64(len(c.body))/1024, "KiB")
			rules := 0
			for _, g := range r.Groups {
				rules += len(g.Rules)
			}
			b.ReportMetric(float64(rules), "rules")
		})
	}
}
