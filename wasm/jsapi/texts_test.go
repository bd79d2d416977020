//go:build js && wasm

package jsapi

import (
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"

	"robotstester/engine/sharedtest"
)

// A rule and a reason an answer sent are sent by their number to the
// next handle whose answer quotes them, the same numbers, unless the
// wrapper asks for every text (full 2); the numbering starts again past
// its bound, with numbers never given before.
func TestTextsAreSentOnceForEveryHandle(t *testing.T) {
	text := "User-agent: *\nDisallow: /private\n"
	agent, url := "Googlebot", "https://example.com/private/x"
	sentTexts.numbers = nil
	type answered struct {
		flags, rule, why int32
		text             string
	}
	held := int32(0)
	firstTest := func(full int32) answered {
		robotsTesterInput(int32(len(text) + len(agent) + len(url)))
		id := robotsTesterParse(0, int32(copy(exportIn, text)))
		defer robotsTesterRelease(id)
		copy(exportIn[copy(exportIn, agent):], url)
		if robotsTesterTest(id, int32(len(agent)), int32(len(url)), held, full) != 0 {
			t.Fatal("no answer")
		}
		held = answer.words[aGroup] // the wrapper holds the group sentence sent
		w := &answer.words
		return answered{w[aFlags], w[aRuleText], w[aWhyText], string(answer.text)}
	}
	const quoted = "Disallow: /private"
	first := firstTest(1)
	if first.flags&(fRule|fWhy) != fRule|fWhy || first.flags&(fRuleText|fWhyText) != 0 || !strings.HasPrefix(first.text, quoted) ||
		first.rule == 0 || first.why == 0 || first.rule == first.why {
		t.Fatalf("a first answer sent %+v: want the rule and the reason, each numbered", first)
	}
	next := firstTest(1)
	if next.flags&(fRule|fWhy) != 0 || next.flags&(fRuleText|fWhyText) != fRuleText|fWhyText || strings.Contains(next.text, quoted) ||
		next.rule != first.rule || next.why != first.why {
		t.Errorf("another handle's first answer sent %+v: want the rule and the reason by the numbers %d and %d", next, first.rule, first.why)
	}
	held = 0 // as for the first, which sent the group sentence too
	if all := firstTest(2); all.flags&(fRule|fWhy) != fRule|fWhy || all.flags&(fRuleText|fWhyText) != 0 ||
		all.rule != first.rule || all.why != first.why || all.text != first.text {
		t.Errorf("an answer asked with every text sent %+v, want %+v", all, first)
	}
	// A reason told around the path: its two halves numbered, and a
	// next handle's first answer sends no text at all.
	url = "https://example.com/public"
	around := firstTest(1)
	if around.flags&(fWhy|fAround) != fWhy|fAround || around.flags&fWhyText != 0 || around.why == 0 || answer.words[aEndText] == 0 ||
		around.text != "Allowed: no rule of the group matches ``, and what is not disallowed is allowed." {
		t.Fatalf("a first answer told around the path sent %+v: want its two halves, numbered", around)
	}
	end := answer.words[aEndText]
	if next := firstTest(1); next.flags&(fWhy|fAround|fWhyText) != fAround|fWhyText || next.text != "" || next.why != around.why || answer.words[aEndText] != end {
		t.Errorf("another handle's first answer told around the path sent %+v, end %d: want no text, the numbers %d and %d", next, answer.words[aEndText], around.why, end)
	}
	if all := firstTest(2); all.flags&(fWhy|fAround|fWhyText) != fWhy|fAround || all.text != around.text {
		t.Errorf("an answer asked with every text sent %+v, want %+v", all, around)
	}
	url = "https://example.com/private/x"

	// Full by count, then by bytes: the next text starts the numbering
	// again.
	for _, fill := range []func(){
		func() {
			for i := range maxSentTexts {
				textNumber(strconv.Itoa(i))
			}
		},
		func() { textNumber(strings.Repeat("x", maxSentBytes-8)) },
	} {
		sentTexts.numbers = nil
		fill()
		last := sentTexts.last
		if again := firstTest(1); again.flags&(fRule|fWhy) != fRule|fWhy || again.rule != last+1 || again.why != last+2 {
			t.Errorf("with the table full, an answer sent %+v: want the texts again, numbered %d and %d", again, last+1, last+2)
		}
		if len(sentTexts.numbers) != 2 {
			t.Errorf("the numbering started again with %d texts, want the 2 of the last answer", len(sentTexts.numbers))
		}
	}
}

// A reason found by its inputs (knownWhy) is answered as when it is
// told and looked up by its text: the same flags, numbers and text, on
// every corpus file, one after the other as a docs widget parses them;
// each file's first answer is asked three times, first for its texts to
// be sent, then with its reason known, then with none.
func TestKnownWhysAnswerAsTold(t *testing.T) {
	const agent = "Googlebot"
	bodies := sharedtest.CorpusBodies(t)
	names := slices.Sorted(maps.Keys(bodies))
	type answered struct {
		flags, why, whyText, endText, ruleText int32
		text                                   string
	}
	group := int32(0)
	first := func(body []byte, url string) answered {
		robotsTesterInput(int32(len(body) + len(agent) + len(url)))
		id := robotsTesterParse(0, int32(copy(exportIn, body)))
		defer robotsTesterRelease(id)
		copy(exportIn[copy(exportIn, agent):], url)
		if robotsTesterTest(id, int32(len(agent)), int32(len(url)), group, 1) != 0 {
			t.Fatal("no answer")
		}
		group = answer.words[aGroup]
		w := &answer.words
		return answered{w[aFlags], w[aWhy], w[aWhyText], w[aEndText], w[aRuleText], string(answer.text)}
	}
	found, compared := knownWhys.found, 0
	for _, name := range names {
		for _, u := range []string{"/", "/wp-admin/", "/search?q=1", "/index.html"} {
			url := "https://example.com" + u
			first(bodies[name], url)
			known := first(bodies[name], url)
			for i := range knownWhys.known {
				knownWhys.known[i].n = 0
			}
			if told := first(bodies[name], url); told != known {
				t.Fatalf("%s %s: with the reasons before known %+v, with none %+v", name, u, known, told)
			}
			compared++
		}
	}
	if knownWhys.found-found < compared/4 {
		t.Errorf("%d of %d first answers found their reason by its inputs", knownWhys.found-found, compared)
	}
	t.Logf("%d of %d first answers found their reason by its inputs", knownWhys.found-found, compared)
}
