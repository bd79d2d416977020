//go:build js && wasm

package jsapi

import (
	"bytes"
	"maps"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"robotstester/engine/sharedtest"
)

// A file parsed from the input buffer keeps its text when the next call
// writes over the buffer: robotsTesterParse makes no copy of its own, so
// this holds only while Parse copies what it is given.
func TestParsedFromTheBufferKeepsItsText(t *testing.T) {
	text := "User-agent: *\nDisallow: /private\n"
	robotsTesterInput(int32(len(text)))
	id := robotsTesterParse(0, int32(copy(exportIn, text)))
	defer robotsTesterRelease(id)
	copy(exportIn, strings.Repeat("x", len(text)))
	f := parsed.get(int(id))
	if f == nil {
		t.Fatal("robotsTesterParse gave no file")
	}
	r := f.r
	if r.Body != text || r.RuleText(2) != "Disallow: /private" {
		t.Errorf("after the buffer was written over, the file reads %q", r.Body)
	}
}

// TestAnswerWordsMatchHandlesJS: handles.js reads the answer's words and
// flags by the numbers exports.go writes them at.
func TestAnswerWordsMatchHandlesJS(t *testing.T) {
	src, err := os.ReadFile("handles.js")
	if err != nil {
		t.Fatal(err)
	}
	for _, table := range []struct {
		name string
		want map[string]int
	}{
		{"A", map[string]int{"text": aText, "textLen": aTextLen, "flags": aFlags, "allowed": aAllowed, "line": aLine, "why": aWhy,
			"group": aGroup, "testedAt": aTestedAt, "notes": aNotes, "ruleText": aRuleText, "whyText": aWhyText, "endText": aEndText, "pieces": aPieces,
			"words": answerWords}},
		{"F", map[string]int{"json": fJSON, "rule": fRule, "why": fWhy, "testedAs": fTestedAs, "sent": fSent, "group": fGroup, "around": fAround,
			"ruleText": fRuleText, "whyText": fWhyText}},
	} {
		m := regexp.MustCompile(`var ` + table.name + ` = \{([^}]*)\};`).FindSubmatch(src)
		if m == nil {
			t.Fatalf("handles.js has no table var %s = {…};", table.name)
		}
		got := map[string]int{}
		for _, kv := range strings.Split(string(m[1]), ",") {
			k, v, _ := strings.Cut(kv, ":")
			n, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil {
				t.Fatalf("handles.js, %s: %q is not a number", table.name, kv)
			}
			got[strings.TrimSpace(k)] = n
		}
		if !maps.Equal(got, table.want) {
			t.Errorf("handles.js's %s is %v; exports.go numbers them %v", table.name, got, table.want)
		}
	}
}

// A released file is the next parse's (spare), and answers as a file
// parsed anew: the same words and text for each URL, its numbers for
// rules and reasons started again, while the released handle stays
// released. A file the program added (addParsed) is never made another.
func TestReleasedFileIsTheNextParse(t *testing.T) {
	first := "User-agent: Googlebot\nDisallow: /a\nAllow: /a/b\n\nUser-agent: *\nDisallow: /\n"
	second := "# another\nUser-agent: *\nAllow: /a\nDisallow: /private\nDisallow: /*.pdf$\n"
	parse := func(text string) int32 {
		robotsTesterInput(int32(len(text)))
		return robotsTesterParse(0, int32(copy(exportIn, text)))
	}
	type answered struct {
		words [answerWords]int32
		text  string
	}
	// An empty agent first: the name a file's Tester is made for is ""
	// too before its first test.
	test := func(id int32, url string) answered {
		agent := "Googlebot"
		if strings.HasSuffix(url, "/a") {
			agent = ""
		}
		robotsTesterInput(int32(len(agent) + len(url)))
		copy(exportIn[copy(exportIn, agent):], url)
		sentTexts.numbers = nil // no text was sent before: each is in the answer
		if robotsTesterTest(id, int32(len(agent)), int32(len(url)), 0, 0) != 0 {
			t.Fatalf("handle %d gave no answer for %s", id, url)
		}
		a := answered{words: answer.words, text: string(answer.text)}
		// Where the text is, and the numbers of the group sentence and
		// of the texts, which count those of every file, are not the
		// file's.
		a.words[aText], a.words[aGroup], a.words[aRuleText], a.words[aWhyText], a.words[aEndText] = 0, 0, 0, 0, 0
		return a
	}
	urls := []string{"https://example.com/a", "https://example.com/a/b", "https://example.com/private/x", "https://example.com/x.pdf", "https://example.com/z"}
	spare = nil
	old := parse(first)
	for _, u := range urls {
		test(old, u)
	}
	room := parsed.get(int(old))
	robotsTesterRelease(old)
	if spare != room {
		t.Fatal("a released file of the exported parse was not kept for the next")
	}
	again := parse(second)
	if parsed.get(int(again)) != room || spare != nil {
		t.Fatal("the next parse did not take the released file")
	}
	var got []answered
	for _, u := range urls {
		got = append(got, test(again, u))
	}
	robotsTesterRelease(again)
	spare = nil
	fresh := parse(second)
	defer robotsTesterRelease(fresh)
	if parsed.get(int(fresh)) == room {
		t.Fatal("a parse took a file no handle released")
	}
	for i, u := range urls {
		if want := test(fresh, u); got[i] != want {
			t.Errorf("%s: the reused file answered %+v, a new one %+v", u, got[i], want)
		}
	}
	robotsTesterInput(10)
	copy(exportIn, "Googlebot/")
	if robotsTesterTest(old, 9, 1, 0, 1) != -1 {
		t.Error("the released handle still answers")
	}

	added := addParsed(parsed.get(int(fresh)).r)
	release(added)
	if spare != nil {
		t.Error("a file the program added was kept to be written over")
	}
	// Past the bounds a released file is let go: its room would hold
	// memory for nothing.
	for name, text := range map[string]string{
		"more than 512 KiB":     "# " + strings.Repeat("x", spareBytes) + "\n",
		"more than 4,096 lines": strings.Repeat("Disallow: /x\n", spareLines+1),
	} {
		big := parse(text)
		robotsTesterRelease(big)
		if spare != nil {
			t.Errorf("a released file of %s was kept", name)
			spare = nil
		}
	}
}

// robotsTesterDecide answers each URL of the joined text as the file's
// Tester decides it, and asks the js.Func (-1) for a text of another
// count of lines, a released handle, and lengths past the buffer.
func TestDecideAnswersAsTheTester(t *testing.T) {
	const text, agent = "User-agent: *\nDisallow: /private\nAllow: /private/ok\nDisallow: /*.pdf$\n", "Googlebot"
	robotsTesterInput(int32(len(text)))
	id := robotsTesterParse(0, int32(copy(exportIn, text)))
	urls := []string{"https://example.com/private/x", "/private/ok/1", "", "https://example.com/a.pdf", "/a.pdf?x", "/"}
	decide := func(joined string, count int) int32 {
		robotsTesterInput(int32(len(agent) + len(joined)))
		copy(exportIn[copy(exportIn, agent):], joined)
		return robotsTesterDecide(id, int32(len(agent)), int32(len(joined)), int32(count))
	}
	if decide(strings.Join(urls, "\n"), len(urls)) != 0 {
		t.Fatal("robotsTesterDecide gave no answer")
	}
	flags, lines := decided.flags, decided.lines
	if answer.words[dFlags] != int32(uintptr(unsafe.Pointer(&flags[0]))) || answer.words[dLines] != int32(uintptr(unsafe.Pointer(&lines[0]))) {
		t.Fatal("the answer's words do not give the verdicts' addresses")
	}
	tester := ReadAgent(agent).Tester(parsed.get(int(id)).r)
	for i, u := range urls {
		c := tester.Decide(u)
		if (flags[i] == 1) != c.Allowed || lines[i] != int32(c.Line) {
			t.Errorf("%q: decided %d at line %d; the Tester %+v", u, flags[i], lines[i], c)
		}
	}
	for _, tt := range []struct {
		joined string
		count  int
	}{{"/a\n/b", 1}, {"/a\n/b", 3}, {"/a", 0}} {
		if decide(tt.joined, tt.count) != -1 {
			t.Errorf("%q as %d URLs was answered", tt.joined, tt.count)
		}
	}
	if robotsTesterDecide(id, 0, int32(len(exportIn)+1), 1) != -1 {
		t.Error("a text past the buffer was answered")
	}
	robotsTesterRelease(id)
	if decide("/a", 1) != -1 {
		t.Error("a released handle answered")
	}
}

// A group sentence's number names one sentence, whichever file and agent
// told it: the wrapper holds the last one it was sent, and an answer
// sends it again only when its number differs. Files that share their
// user-agent lines share a number; a file edited in a rule keeps its
// handle's; agents and files taken in turns, back and forth.
func TestGroupSentenceNumbersOneSentence(t *testing.T) {
	texts := []string{
		"User-agent: *\nDisallow: /a\n\nUser-agent: Googlebot\nDisallow: /b\n",
		"User-agent: *\nDisallow: /changed\n\nUser-agent: Googlebot\nAllow: /b/c\n",
		"User-agent: *\nDisallow: /a\nDisallow: /a2\n\nUser-agent: Googlebot\nDisallow: /b\n",
		"User-agent: Bingbot\nDisallow: /\n",
		"",
	}
	var ids []int32
	for _, text := range texts {
		robotsTesterInput(int32(len(text)))
		ids = append(ids, robotsTesterParse(0, int32(copy(exportIn, text))))
	}
	defer func() {
		for _, id := range ids {
			robotsTesterRelease(id)
		}
	}()
	named := map[int32]string{}
	held, last, shared := int32(0), -1, 0
	ask := func(i int, agent, url string) {
		id := ids[i]
		robotsTesterInput(int32(len(agent) + len(url)))
		copy(exportIn[copy(exportIn, agent):], url)
		if robotsTesterTest(id, int32(len(agent)), int32(len(url)), held, 0) != 0 {
			t.Fatalf("file %d gave no answer", i)
		}
		n, sent := answer.words[aGroup], answer.words[aFlags]&fGroup != 0
		r := parsed.get(int(id)).r
		res, _ := ReadAgent(agent).Test(r, url)
		want := r.WhichGroup(res)
		if sent == (n == held) {
			t.Errorf("file %d, %s: sentence %d sent %v while the wrapper held %d", i, agent, n, sent, held)
		}
		if got, ok := named[n]; ok && got != want {
			t.Errorf("file %d, %s: number %d named %q, now %q", i, agent, n, got, want)
		}
		if !sent && i != last {
			shared++
		}
		named[n], held, last = want, n, i
	}
	agents := []string{"Googlebot", "Bingbot", "Googlebot-Image", "Googlebot"}
	for round := range 3 {
		url := "https://example.com/b/c/" + strconv.Itoa(round)
		for i := range ids {
			for _, agent := range agents {
				ask(i, agent, url)
			}
		}
		for _, agent := range agents {
			for i := range ids {
				ask(i, agent, url)
			}
		}
	}
	// Files 0 and 1 tell one sentence for each agent, 3 and 4 for
	// Googlebot's.
	if shared < 6 {
		t.Errorf("%d answers of another file than the last kept its sentence: the files share none", shared)
	}
}

// A handle's parse, first answer and release allocate nothing once a
// released file's room is large enough, for every corpus file the spare
// room takes: a docs widget parses its text at each edit, and in js/wasm
// one allocation cost the parse of a small file as much as the rest of it
// (issue 26: 0361.txt, 2.56 µs in the page with one, 1.54 without).
func TestParseAndFirstAnswerAllocateNothing(t *testing.T) {
	const agent, url = "Googlebot", "https://example.com/"
	bodies := sharedtest.CorpusBodies(t)
	names := slices.Sorted(maps.Keys(bodies))
	kept := 0
	for _, name := range names {
		body := bodies[name]
		if len(body) > spareBytes || bytes.Count(body, []byte("\n")) >= spareLines {
			continue
		}
		group := int32(0)
		first := func() {
			robotsTesterInput(int32(len(body) + len(agent) + len(url)))
			id := robotsTesterParse(0, int32(copy(exportIn, body)))
			copy(exportIn[copy(exportIn, agent):], url)
			if robotsTesterTest(id, int32(len(agent)), int32(len(url)), group, 1) != 0 {
				t.Fatalf("%s: no answer", name)
			}
			group = answer.words[aGroup]
			robotsTesterRelease(id)
		}
		first()
		first()
		if n := testing.AllocsPerRun(3, first); n != 0 {
			t.Errorf("%s (%d bytes): a parse and first answer allocate %v times", name, len(body), n)
		}
		kept++
	}
	if kept < 300 {
		t.Errorf("only %d corpus files within the spare's bounds", kept)
	}
}
