package engine

import (
	"strings"
	"testing"
)

// Every row of google-crawling.md §2.
var outcomeTests = []struct {
	name      string
	answer    Answer
	effect    Effect
	temporary bool
	fromCache bool
	mention   string // a word the reason must contain
}{
	{"2xx: the body is parsed", Answer{Status: 200}, EffectConditional, false, false, "rules decide"},
	{"any 2xx is parsed", Answer{Status: 203}, EffectConditional, false, false, "203"},
	{"a logical redirect in a 2xx HTML body is not followed", Answer{Status: 200}, EffectConditional, false, false, "meta refresh"},
	{"a 200 after five redirect hops is read", Answer{Status: 200, Redirects: 5}, EffectConditional, false, false, "5 redirects"},
	{"a 200 after one redirect is read", Answer{Status: 200, Redirects: 1}, EffectConditional, false, false, "1 redirect"},
	{"a redirect within five hops is followed", Answer{Status: 301, Redirects: 2}, EffectConditional, false, false, "hop 3"},
	{"a sixth redirect hop is not followed: treated as 404", Answer{Status: 302, Redirects: 5}, EffectFullAllow, false, false, "404"},
	{"more than five hops are treated as 404 whatever the end", Answer{Status: 200, Redirects: 6}, EffectFullAllow, false, false, "404"},
	{"a redirect chain to a disallowed URL counts the same", Answer{Status: 403, Redirects: 6}, EffectFullAllow, false, false, "at most 5"},
	{"404 means no robots.txt: full allow", Answer{Status: 404}, EffectFullAllow, false, false, "no robots.txt"},
	{"410 means no robots.txt", Answer{Status: 410}, EffectFullAllow, false, false, "no robots.txt"},
	{"400 means no robots.txt", Answer{Status: 400}, EffectFullAllow, false, false, "no robots.txt"},
	{"401 means no robots.txt, even though access is refused", Answer{Status: 401}, EffectFullAllow, false, false, "access is refused"},
	{"403 means no robots.txt, even though access is refused", Answer{Status: 403}, EffectFullAllow, false, false, "access is refused"},
	{"451 means no robots.txt", Answer{Status: 451}, EffectFullAllow, false, false, "no robots.txt"},
	{"429 is a server error: full disallow for now", Answer{Status: 429}, EffectFullDisallow, true, false, "429"},
	{"500 is a server error: full disallow for now", Answer{Status: 500}, EffectFullDisallow, true, false, "retries"},
	{"503 is a server error retried often", Answer{Status: 503}, EffectFullDisallow, true, false, "retries 503 often"},
	{"599 is a server error", Answer{Status: 599}, EffectFullDisallow, true, false, "server error"},
	{"a 5xx known to mean not found is a 404", Answer{Status: 500, NotFound5xx: true}, EffectFullAllow, false, false, "404"},
	{"429 is never read as a 404", Answer{Status: 429, NotFound5xx: true}, EffectFullDisallow, true, false, "429"},
	{"a network error is a server error", Answer{Kind: AnswerNetworkError}, EffectFullDisallow, true, false, "network"},
	{"30 days of errors are still a server error", Answer{Status: 500, DaysUnreachable: 30, Cached: true}, EffectFullDisallow, true, false, "30 days"},
	{"over 30 days of 5xx: the cached copy decides", Answer{Status: 500, DaysUnreachable: 31, Cached: true}, EffectConditional, false, true, "cached copy"},
	{"over 30 days of 5xx and no cache: full allow", Answer{Status: 503, DaysUnreachable: 31}, EffectFullAllow, false, false, "no restrictions"},
	{"over 30 days of network errors: the cached copy decides", Answer{Kind: AnswerNetworkError, DaysUnreachable: 45, Cached: true}, EffectConditional, false, true, "45 days"},
	{"over 30 days of network errors and no cache: full allow", Answer{Kind: AnswerNetworkError, DaysUnreachable: 45}, EffectFullAllow, false, false, "no cached copy"},
	{"over 30 days of 429: full allow without a cache", Answer{Status: 429, DaysUnreachable: 40}, EffectFullAllow, false, false, "no restrictions"},
	{"days of a 404 change nothing", Answer{Status: 404, DaysUnreachable: 40}, EffectFullAllow, false, false, "no robots.txt"},
	{"an impossible status is an invalid response", Answer{Status: 99}, EffectFullDisallow, true, false, "not a valid final HTTP status"},
	{"a 1xx as final answer is an invalid response", Answer{Status: 101}, EffectFullDisallow, true, false, "server error"},
}

func TestOutcomeFor(t *testing.T) {
	for _, tt := range outcomeTests {
		got := OutcomeFor(tt.answer)
		if got.Effect != tt.effect || got.Temporary != tt.temporary || got.FromCache != tt.fromCache {
			t.Errorf("%s: OutcomeFor(%+v) = %v (temporary %v, from cache %v), want %v (temporary %v, from cache %v)",
				tt.name, tt.answer, got.Effect, got.Temporary, got.FromCache, tt.effect, tt.temporary, tt.fromCache)
		}
		if !strings.Contains(got.Reason, tt.mention) || !strings.HasSuffix(got.Reason, ".") {
			t.Errorf("%s: reason %q should be a sentence mentioning %q", tt.name, got.Reason, tt.mention)
		}
	}
}

func TestEffectString(t *testing.T) {
	for e, want := range map[Effect]string{
		EffectConditional:  "conditional allow",
		EffectFullAllow:    "full allow",
		EffectFullDisallow: "full disallow",
	} {
		if got := e.String(); got != want {
			t.Errorf("Effect(%d).String() = %q, want %q", e, got, want)
		}
	}
}

// The choices a tester offers, in order, with the effect each one has.
func TestAnswers(t *testing.T) {
	want := []struct {
		id     string
		effect Effect
	}{
		{"200", EffectConditional},
		{"redirect-ok", EffectConditional},
		{"redirect-too-many", EffectFullAllow},
		{"404", EffectFullAllow},
		{"410", EffectFullAllow},
		{"401", EffectFullAllow},
		{"403", EffectFullAllow},
		{"429", EffectFullDisallow},
		{"500", EffectFullDisallow},
		{"503", EffectFullDisallow},
		{"5xx-not-found", EffectFullAllow},
		{"unreachable", EffectFullDisallow},
		{"unreachable-30d-cached", EffectConditional},
		{"unreachable-30d", EffectFullAllow},
	}
	got := Answers()
	if len(got) != len(want) {
		t.Fatalf("Answers() has %d choices, want %d", len(got), len(want))
	}
	for i, w := range want {
		c := got[i]
		if c.ID != w.id || c.Label == "" {
			t.Errorf("Answers()[%d] = %q %q, want ID %q with a label", i, c.ID, c.Label, w.id)
		}
		if e := OutcomeFor(c.Answer).Effect; e != w.effect {
			t.Errorf("answer %q leads to %v, want %v", c.ID, e, w.effect)
		}
		if f, ok := FindAnswer(c.ID); !ok || f.ID != c.ID {
			t.Errorf("FindAnswer(%q) = %+v, %v", c.ID, f, ok)
		}
	}
	if _, ok := FindAnswer("302"); ok {
		t.Error("FindAnswer found an ID that Answers does not list")
	}
}

// Each class of HTTP status (RFC 9309 §2.3.1; RFC 9110 §15) at both of its
// ends and just outside: 2xx is read, 3xx followed, 4xx but 429 is no
// robots.txt, 5xx and 429 a server error, and what is not a final status
// (1xx, 600) a server error too.
func TestOutcomeForStatusClassEdges(t *testing.T) {
	for _, tt := range []struct {
		status  int
		effect  Effect
		mention string
	}{
		{199, EffectFullDisallow, "not a valid final HTTP status"},
		{200, EffectConditional, "reads the file"},
		{299, EffectConditional, "reads the file"},
		{300, EffectConditional, "follows this redirect"},
		{399, EffectConditional, "follows this redirect"},
		{400, EffectFullAllow, "any 4xx except 429"},
		{428, EffectFullAllow, "any 4xx except 429"},
		{429, EffectFullDisallow, "too many requests"},
		{430, EffectFullAllow, "any 4xx except 429"},
		{499, EffectFullAllow, "any 4xx except 429"},
		{500, EffectFullDisallow, ", a server error"},
		{599, EffectFullDisallow, ", a server error"},
		{600, EffectFullDisallow, "not a valid final HTTP status"},
	} {
		got := OutcomeFor(Answer{Kind: AnswerHTTP, Status: tt.status})
		if got.Effect != tt.effect || !strings.Contains(got.Reason, tt.mention) {
			t.Errorf("HTTP %d: %v (%s), want %v and a reason saying %q", tt.status, got.Effect, got.Reason, tt.effect, tt.mention)
		}
	}
}
