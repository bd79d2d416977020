package engine

import (
	"bytes"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"robotstester/engine/sharedtest"
)

// A Parse done a few lines at a time is the Parse: the same lines, groups,
// rules, sitemaps and verdicts, however the lines are shared out between
// the calls to Continue, on the corpus and on bodies with every kind of
// line break.
func TestParsingInStepsIsParse(t *testing.T) {
	bodies := [][]byte{nil, []byte("\n"), []byte("\r"), []byte("\r\n"), []byte("\xEF\xBB\xBF")}
	for _, b := range sharedtest.FuzzSeedBodies {
		bodies = append(bodies, []byte(b))
	}
	bodies = append(bodies, []byte("User-agent: a\rDisallow: /x\r\nAllow: /y\n\rUser-agent: b\r\rDisallow: /\n"))
	for _, path := range sharedtest.CorpusFiles(t) {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		bodies = append(bodies, b)
	}
	rng := rand.New(rand.NewPCG(25, 11))
	for _, body := range bodies {
		want := Parse(body)
		ps := StartParse(body)
		steps := 0
		var got *Robots
		for got == nil {
			n := 1 + rng.IntN(300)
			if rng.IntN(4) == 0 {
				n = 0 // a call that reads nothing
			}
			got = ps.Continue(n)
			if steps++; steps > len(want.Lines)*2+10 {
				t.Fatalf("%.60q: Continue has not finished after %d calls", body, steps)
			}
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%.60q: the parse in steps differs from Parse's", body)
		}
		if ps.Continue(5) != got {
			t.Fatalf("%.60q: Continue after the end did not give the same parse", body)
		}
		for _, u := range []string{"/", "/x", "/y/z", "/a/b.pdf"} {
			if g, w := got.Test("Googlebot", u), want.Test("Googlebot", u); g.Allowed != w.Allowed || g.Line != w.Line {
				t.Fatalf("%.60q: %s: allowed %v line %d in steps, %v line %d by Parse", body, u, g.Allowed, g.Line, w.Allowed, w.Line)
			}
		}
	}
}

// A Reparse is the Parse: into the Robots of the file before (tested
// enough to have built its indexes and merged lists), larger or smaller,
// it gives the same lines, groups, rules, sitemaps and verdicts, and the
// room it kept holds nothing of the file before.
func TestReparseIsParse(t *testing.T) {
	bodies := [][]byte{[]byte("User-agent: *\nDisallow: /old\n"), nil, []byte("\r"), []byte("\xEF\xBB\xBF")}
	for _, b := range sharedtest.FuzzSeedBodies {
		bodies = append(bodies, []byte(b))
	}
	bodies = append(bodies, corpusBodiesAfter(t)...)
	// The fields compared below, and the two that say where: a field
	// added to Robots must be compared too.
	var fields []string
	for f := range reflect.TypeFor[Robots]().Fields() {
		fields = append(fields, f.Name)
	}
	if got := strings.Join(fields, " "); got != "Body BOM Lines Groups Sitemaps OrphanRules byToken global kept room" {
		t.Fatalf("Robots has the fields %s: compare the new ones", got)
	}
	urls := []string{"/", "/x", "/old", "/y/z", "/a/b.pdf", "/search?q=1", "/wp-admin/", "/private/index.html"}
	old := Parse(bodies[0])
	for i, body := range bodies[1:] {
		for k := 0; k < 40; k++ { // past the tests that build an index
			for _, agent := range []string{"Googlebot", "Bingbot", "*"} {
				old.Test(agent, urls[k%len(urls)])
			}
		}
		want := Parse(body)
		got := Reparse(old, body)
		if got != old {
			t.Fatalf("file %d: Reparse made a new Robots", i)
		}
		if got.Body != string(body) {
			t.Fatalf("file %d: the Reparse reads %.60q", i, got.Body)
		}
		// What the two hold, field by field; not where: the arrays they
		// were written in (room, kept) differ.
		if !reflect.DeepEqual(got.Lines, want.Lines) || !reflect.DeepEqual(got.Groups, want.Groups) ||
			!reflect.DeepEqual(got.Sitemaps, want.Sitemaps) || got.BOM != want.BOM || got.OrphanRules != want.OrphanRules ||
			!reflect.DeepEqual(got.byToken, want.byToken) || !reflect.DeepEqual(got.global, want.global) {
			t.Fatalf("file %d, %.60q: the Reparse differs from Parse's", i, body)
		}
		gk, wk := got.kept, want.kept
		if len(gk.rules) != len(wk.rules) || len(gk.agents) != len(wk.agents) {
			t.Fatalf("file %d: the Reparse keeps %d rules and %d agents; Parse %d and %d", i,
				len(gk.rules), len(gk.agents), len(wk.rules), len(wk.agents))
		}
		// The room past what the file holds keeps no string or pointer of
		// the files before alive.
		for _, rule := range gk.rules[len(gk.rules):cap(gk.rules)] {
			if rule != (Rule{}) {
				t.Fatalf("file %d: the rules' room still holds %+v", i, rule)
			}
		}
		for _, a := range gk.agents[len(gk.agents):cap(gk.agents)] {
			if a != (Agent{}) {
				t.Fatalf("file %d: the agents' room still holds %+v", i, a)
			}
		}
		for _, g := range gk.groups[len(gk.groups):cap(gk.groups)] {
			if g.Agents != nil || g.Rules != nil || g.index != nil {
				t.Fatalf("file %d: the groups' room still holds %+v", i, g)
			}
		}
		for _, agent := range []string{"Googlebot", "Bingbot", "*"} {
			for _, u := range urls {
				if g, w := got.Test(agent, u), want.Test(agent, u); !reflect.DeepEqual(g, w) {
					t.Fatalf("file %d: %s %s: Reparse's %+v, Parse's %+v", i, agent, u, g, w)
				}
			}
		}
		old = got
	}
}

// Files that name a token in several groups, with the token named twice
// in one group, in turns with others, and * groups several times; and
// patterns that normalising changes.
var namedAgainBodies = []string{
	"User-agent: a\nDisallow: /1\n\nUser-agent: b\nUser-agent: A\nDisallow: /2\n\nUser-agent: a\nUser-agent: a\nUser-agent: b\nAllow: /3\n",
	"User-agent: *\nDisallow: /x\n\nUser-agent: Baiduspider\nDisallow: /\n\nUser-agent: baiduspider\nDisallow: /\n\nUser-agent: *\nAllow: /y\n",
	"User-agent: c\nUser-agent: b\nUser-agent: a\nDisallow: /\nUser-agent: a\nUser-agent: c\nDisallow: /z\nUser-agent: c\nAllow: /%7e\nDisallow: /caf\xc3\xa9\n",
	"User-agent: *\nAllow: /%aa\xff\n\nUser-agent: *\nUser-agent: *\nDisallow: /\n",
}

// Each token's list holds every group naming it, once, in file order,
// with a merged index of its own when they are several; the * groups
// likewise.
func TestGroupsByTokenAreTheGroupsNamingIt(t *testing.T) {
	bodies := corpusBodiesAfter(t, namedAgainBodies...)
	for i, body := range bodies {
		for _, r := range []*Robots{Parse(body), Reparse(Parse([]byte(namedAgainBodies[0])), body)} {
			want, global := map[string][]int{}, []int(nil)
			for gi, g := range r.Groups {
				for _, a := range g.Agents {
					k := LowerASCII(a.Token)
					switch {
					case a.Global && !slices.Contains(global, gi):
						global = append(global, gi)
					case !a.Global && !slices.Contains(want[k], gi):
						want[k] = append(want[k], gi)
					}
				}
			}
			merged := map[*mergedRules]bool{}
			check := func(name string, gl groupList, groups []int) {
				if !slices.Equal(gl.groups, groups) || (gl.merged != nil) != (len(groups) > 1) || gl.merged != nil && merged[gl.merged] {
					t.Fatalf("file %d, %s: the list %v (merged %p), want the groups %v", i, name, gl.groups, gl.merged, groups)
				}
				merged[gl.merged] = gl.merged != nil
			}
			check("*", r.global, global)
			if len(r.byToken.list) != len(want) {
				t.Fatalf("file %d: %d tokens filed, %d named", i, len(r.byToken.list), len(want))
			}
			for _, e := range r.byToken.list {
				check(e.token, e.gl, want[e.token])
			}
		}
	}
}

// A Reparse into the room of the same file allocates nothing, whatever
// the file holds: in js/wasm an allocation cost the script API's parse of
// a small file as much as the parse (issue 26).
func TestReparseAllocatesNothing(t *testing.T) {
	for i, body := range corpusBodiesAfter(t, namedAgainBodies...) {
		r := Reparse(Parse(body), body)
		if n := testing.AllocsPerRun(3, func() { r = Reparse(r, body) }); n != 0 {
			t.Errorf("file %d, %.60q: a Reparse allocates %v times", i, body, n)
		}
	}
}

// indexSpaceOrTab is strings.IndexAny(s, " \t") on every string of
// spaces, tabs and letters up to five bytes.
func TestIndexSpaceOrTabIsIndexAny(t *testing.T) {
	var each func(s string)
	each = func(s string) {
		if got, want := indexSpaceOrTab(s), strings.IndexAny(s, " \t"); got != want {
			t.Fatalf("indexSpaceOrTab(%q) = %d, IndexAny %d", s, got, want)
		}
		if len(s) < 5 {
			for _, c := range []string{" ", "\t", "a"} {
				each(s + c)
			}
		}
	}
	each("")
}

// The line splitter's word-at-a-time search finds what a byte loop
// finds: each line's start and end, its first NUL and its first '#', with
// LF, CR and CRLF ending lines, for bytes of every kind at every offset
// of words read eight and sixteen at a time.
func TestLineSplitterIsAByteLoop(t *testing.T) {
	loop := func(body string) (lines [][5]int) {
		for pos := 0; pos >= 0; {
			end, nul, hash := pos, -1, -1
			for ; end < len(body) && body[end] != '\n' && body[end] != '\r'; end++ {
				if body[end] == 0 && nul < 0 {
					nul = end
				}
				if body[end] == '#' && hash < 0 {
					hash = end
				}
			}
			if nul < 0 {
				nul = end
			}
			if hash < 0 {
				hash = end
			}
			lines = append(lines, [5]int{len(lines) + 1, pos, end, nul, hash})
			switch {
			case end == len(body):
				pos = -1
			case strings.HasPrefix(body[end:], "\r\n"):
				pos = end + 2
			default:
				pos = end + 1
			}
		}
		return lines
	}
	check := func(body string) {
		var got [][5]int
		ls := newLineSplitter(body, 0)
		for ls.next() {
			got = append(got, [5]int{ls.number, ls.start, ls.end, ls.nul, ls.hash})
		}
		if want := loop(body); !slices.Equal(got, want) {
			t.Fatalf("%q: the splitter gave %v, the byte loop %v", body, got, want)
		}
	}
	forOddStrings([]byte{'a', 0xF0, 0x0F, '#'}, 40,
		[]byte{0x00, 0x01, '\t', '\n', '\r', 0x0B, 0x0D, 0x0E, '#', '"', 0x80, 0x8D, 0xA3, 0xFF},
		[]byte{'\n', '\r', '#', 0x00}, func(p, n int) []int { return []int{p + 1, p + 8, p + 17, n - 1} }, check)
}

// forOddStrings calls check with strings of each length up to most, of
// each fill byte: as they are, with a byte of odd at each place p, and
// with a byte of second at each place after p that at(p, n) gives too.
// The searches that read eight bytes at once are held to byte loops on
// them.
func forOddStrings(fills []byte, most int, odd, second []byte, at func(p, n int) []int, check func(string)) {
	for _, fill := range fills {
		for n := 0; n <= most; n++ {
			b := bytes.Repeat([]byte{fill}, n)
			check(string(b))
			for p := range n {
				for _, c := range odd {
					b[p] = c
					check(string(b))
					for _, d := range second {
						for _, q := range at(p, n) {
							if q > p && q < n {
								b[q] = d
								check(string(b))
								b[q] = fill
							}
						}
					}
				}
				b[p] = fill
			}
		}
	}
}

// indexBelowOrHash reads words where a byte loop reads bytes: the two
// agree on strings of each length up to three words and a half, with one
// or two bytes of interest anywhere in them (and the bytes next to those
// of interest, and their copies with the high bit set, which a word's
// test must not take for them), from each start, with and without '#',
// for the line splitter's bytes below 0x0E and MatchPath's NUL.
func TestIndexBelowOrHashIsAByteLoop(t *testing.T) {
	loop := func(s string, i int, below byte, hash bool) int {
		for ; i < len(s); i++ {
			if c := s[i]; c < below || hash && c == '#' {
				return i
			}
		}
		return len(s)
	}
	odd := []byte{0x00, 0x01, 0x09, '\n', '\r', 0x0D, 0x0E, 0x0F, '#', '"', '$', 0x80, 0x81, 0x8D, 0x8E, 0xA3, 0xFF}
	check := func(s string) {
		for i := 0; i <= len(s); i++ {
			for _, below := range []byte{0x0E, 1} {
				for _, hash := range []bool{false, true} {
					if got, want := indexBelowOrHash(s, i, below, hash), loop(s, i, below, hash); got != want {
						t.Fatalf("indexBelowOrHash(%q, %d, %#x, %v) = %d, the byte loop %d", s, i, below, hash, got, want)
					}
				}
			}
		}
	}
	forOddStrings([]byte{'a', 0xF0, 0x0F, 0x01}, 28, odd, []byte{'\n', '#', 0x00, 0x0E},
		func(p, n int) []int { return []int{n - 1 - p} }, check)
}

// recogniseKeyIn, which reads the common keys' first eight bytes from the
// body at once, recognises what recogniseKey does, for keys of every
// spelling and case, cut short or run on, at the body's end or before
// more bytes.
func TestRecogniseKeyInIsRecogniseKey(t *testing.T) {
	var keys []string
	for _, k := range append(keyTable, keyEntry{prefix: "user-agen"}, keyEntry{prefix: "sitema"}, keyEntry{prefix: "disallo"}) {
		for _, spelled := range []string{k.prefix, strings.ToUpper(k.prefix), strings.ToUpper(k.prefix[:1]) + k.prefix[1:],
			"User-Agent", "User-agenT", "Disallowed", "Allowance", "Sitemaps", "Usor-agent", "Ueer-agent", "U"} {
			for n := 0; n <= len(spelled); n++ {
				keys = append(keys, spelled[:n], spelled[:n]+"x", spelled[:n]+" x")
			}
		}
	}
	for _, key := range keys {
		want, wantTypo := recogniseKey(key)
		// Tails that would finish a word the key cuts short.
		for _, tail := range []string{"", ":", ": /", ": /a/long/path/to/read/past", "w: /", "ow", "nt: *", "t", "p: x"} {
			for _, pad := range []string{"", " ", "\n\t  "} {
				body := pad + key + tail
				if got, typo := recogniseKeyIn(body, len(pad), key); got != want || typo != wantTypo {
					t.Fatalf("key %q in %q: recogniseKeyIn gives %v (typo %v), recogniseKey %v (typo %v)", key, body, got, typo, want, wantTypo)
				}
			}
		}
	}
}

// keyFirst reads the lines it reads as splitKeyValue and recogniseKeyIn
// together do (kind, typo, key and value, colon), on every key spelling
// and length cut at every byte, each followed by separators, values and
// trailing spaces, with the body ending at the line or going on (the
// word keyFirst reads then crosses the line's end, or cannot be read),
// and on every line of the corpus; it reads most of the corpus's lines.
func TestKeyFirstIsSplitKeyValue(t *testing.T) {
	type line struct{ body, text string }
	var lines []line
	for _, k := range append(keyTable, keyEntry{prefix: "user-agen"}, keyEntry{prefix: "sitema"}, keyEntry{prefix: "disallo"}) {
		for _, spelled := range []string{k.prefix, strings.ToUpper(k.prefix), strings.ToUpper(k.prefix[:1]) + k.prefix[1:],
			"User-Agent", "User-agenT", "Disallowed", "Allowance", "Sitemaps", "Usor-agent", "Ueer-agent"} {
			for n := 0; n <= len(spelled); n++ {
				for _, sep := range []string{":", " :", ": ", ":\t", "", " ", "\t", "::"} {
					for _, value := range []string{"", "/", "/x y", " /z ", "*", "/a:b", "  ", "\v/v\f"} {
						text := spelled[:n] + sep + value
						for _, after := range []string{"", "\n", "\nDisallow: /next"} {
							lines = append(lines, line{text + after, text})
						}
					}
				}
			}
		}
	}
	for _, name := range sharedtest.CorpusFiles(t) {
		body, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		r := Parse(body)
		for _, ln := range r.Lines {
			// The line as Parse cuts it before reading its key.
			text := r.Body[ln.Start:ln.End]
			text = text[:min(len(text), MaxLineLen)]
			if i := strings.IndexByte(text, 0); i >= 0 {
				text = text[:i]
			}
			if i := strings.IndexByte(text, '#'); i >= 0 {
				text = text[:i]
			}
			if text != "" {
				lines = append(lines, line{r.Body[ln.Start:], text})
			}
		}
	}
	read := 0
	for _, l := range lines {
		var got Line
		kind := keyFirst(l.body, 0, l.text, &got)
		if kind == KindUnknown {
			if got != (Line{}) {
				t.Fatalf("%q: keyFirst read nothing and wrote %+v", l.text, got)
			}
			continue
		}
		read++
		var want Line
		wantKind := splitKeyValue(l.text, &want)
		if wantKind == KindUnknown {
			wantKind, want.Typo = recogniseKeyIn(l.body, int(want.keyStart), l.text[want.keyStart:want.keyEnd])
		}
		got.Kind, want.Kind = kind, wantKind
		if got != want {
			t.Fatalf("%q: keyFirst reads %+v, splitKeyValue %+v", l.text, got, want)
		}
	}
	if read < len(lines)/3 {
		t.Errorf("keyFirst read %d of %d lines", read, len(lines))
	}
	t.Logf("keyFirst read %d of %d lines", read, len(lines))
}

// indexColon reads a key's first bytes itself and the rest by IndexByte:
// the two agree with IndexByte for a colon anywhere, or none.
func TestIndexColonIsIndexByte(t *testing.T) {
	for n := range 40 {
		b := bytes.Repeat([]byte{'k'}, n)
		for p := -1; p < n; p++ {
			if p >= 0 {
				b[p] = ':'
			}
			for q := p + 1; q <= n; q++ { // a second colon after the first, or none
				c := append([]byte(nil), b...)
				if q < n {
					c[q] = ':'
				}
				if got, want := indexColon(string(c)), strings.IndexByte(string(c), ':'); got != want {
					t.Fatalf("indexColon(%q) = %d, IndexByte %d", c, got, want)
				}
			}
			if p >= 0 {
				b[p] = 'k'
			}
		}
	}
}
