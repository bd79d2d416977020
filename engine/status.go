package engine

import "strconv"

// What the answer to the robots.txt request means for crawling, before any
// rule is read (google-crawling.md §2; Google, "How Google interprets the
// robots.txt specification", handling of HTTP status codes and errors;
// RFC 9309 §2.3.1).

// MaxRedirects is how many redirect hops Google follows for a robots.txt
// before it stops and treats the file as missing (404).
const MaxRedirects = 5

// UnreachableDays is how long robots.txt may stay unreachable (server or
// network errors) before Google stops treating the site as fully
// disallowed.
const UnreachableDays = 30

// AnswerKind says what kind of answer the robots.txt request got.
type AnswerKind uint8

const (
	// AnswerHTTP: the server answered with Answer.Status.
	AnswerHTTP AnswerKind = iota
	// AnswerNetworkError: no usable HTTP answer (DNS failure, timeout,
	// connection reset or hung up, invalid response, chunking error).
	AnswerNetworkError
)

// Answer is what happened when a crawler requested a robots.txt.
type Answer struct {
	Kind AnswerKind
	// Status is the HTTP status of the last response, after Redirects
	// redirects were followed. A 3xx status means the chain goes on.
	Status    int
	Redirects int
	// DaysUnreachable is how long the file has answered only 429, 5xx or
	// network errors; beyond UnreachableDays Google changes course.
	DaysUnreachable int
	// Cached: Google holds an earlier copy of the file (used after
	// UnreachableDays of errors).
	Cached bool
	// NotFound5xx: Google has determined that the site serves 5xx for
	// pages that do not exist, so a 5xx is read as a 404.
	NotFound5xx bool
}

// Effect is what the answer lets a crawler fetch.
type Effect uint8

const (
	// EffectConditional: the file's rules decide, URL by URL.
	EffectConditional Effect = iota
	// EffectFullAllow: everything may be crawled; the rules are not read.
	EffectFullAllow
	// EffectFullDisallow: nothing may be crawled; the rules are not read.
	EffectFullDisallow
)

func (e Effect) String() string {
	switch e {
	case EffectFullAllow:
		return "full allow"
	case EffectFullDisallow:
		return "full disallow"
	}
	return "conditional allow"
}

// Outcome is an answer's effect and Google's reason for it.
type Outcome struct {
	Effect Effect
	Reason string // a sentence for a webmaster, with what to do when it matters
	// Temporary: the effect lasts until the server answers differently
	// (Google keeps retrying).
	Temporary bool
	// FromCache: the rules that decide are those of Google's last cached
	// copy, not of a fresh fetch.
	FromCache bool
}

// OutcomeFor says what an answer to the robots.txt request means.
func OutcomeFor(a Answer) Outcome {
	if a.Redirects > MaxRedirects || a.Kind == AnswerHTTP && isRedirect(a.Status) && a.Redirects >= MaxRedirects {
		return Outcome{Effect: EffectFullAllow, Reason: "Google follows at most " + strconv.Itoa(MaxRedirects) +
			" redirect hops for robots.txt and then treats the file as missing (404), so everything may be crawled; " +
			"serve robots.txt with 200 at most " + strconv.Itoa(MaxRedirects) + " hops away, ideally directly."}
	}
	if a.Kind == AnswerNetworkError {
		return serverError(a, "The robots.txt request failed at the network level (DNS, timeout, reset connection or invalid response), which Google treats as a server error")
	}
	s := a.Status
	switch {
	case 200 <= s && s <= 299:
		r := "The server answered " + strconv.Itoa(s)
		if a.Redirects > 0 {
			r += " after " + redirectsPhrase(a.Redirects) + " (within Google's " + strconv.Itoa(MaxRedirects) + ")"
		}
		return Outcome{Effect: EffectConditional, Reason: r + ", so Google reads the file and its rules decide URL by URL; only HTTP redirects count, not a meta refresh or JavaScript in an HTML body."}
	case isRedirect(s):
		return Outcome{Effect: EffectConditional, Reason: "Google follows this redirect (hop " + strconv.Itoa(a.Redirects+1) + " of at most " +
			strconv.Itoa(MaxRedirects) + "); the answer at the end of the chain decides, and the rules shown here apply if it is a 200."}
	case s == 429:
		return serverError(a, "The server answered 429 (too many requests), which Google treats as a server error")
	case 400 <= s && s <= 499:
		r := "The server answered " + strconv.Itoa(s) + ": Google reads any 4xx except 429 as \"no robots.txt\""
		if s == 401 || s == 403 {
			r += ", even though it means access is refused"
		}
		return Outcome{Effect: EffectFullAllow, Reason: r + ", so everything may be crawled; serve the file with 200 to make its rules count."}
	case 500 <= s && s <= 599 && a.NotFound5xx:
		return Outcome{Effect: EffectFullAllow, Reason: "The server answered " + strconv.Itoa(s) +
			", but Google has found that this site serves 5xx for missing pages, so it reads it as a 404: everything may be crawled; answer 404 for missing pages and 200 for robots.txt."}
	case 500 <= s && s <= 599:
		r := "The server answered " + strconv.Itoa(s) + ", a server error"
		if s == 503 {
			r += " (Google retries 503 often; serving 503 for every URL is Google's advice for pausing crawling)"
		}
		return serverError(a, r)
	}
	return serverError(a, "The server answered "+strconv.Itoa(s)+", which is not a valid final HTTP status, so Google treats it as a server error")
}

// serverError is the outcome of 429, 5xx and network errors: full disallow
// while they last, then after UnreachableDays the cached copy or, without
// one, full allow. lead is a sentence without its final period.
func serverError(a Answer, lead string) Outcome {
	if a.DaysUnreachable > UnreachableDays {
		days := strconv.Itoa(a.DaysUnreachable)
		if a.Cached {
			return Outcome{Effect: EffectConditional, FromCache: true, Reason: lead + "; after " + days +
				" days without a valid answer Google uses its last cached copy of robots.txt, whose rules decide (the rules shown here stand for that copy); fix the server so Google can fetch the file again."}
		}
		return Outcome{Effect: EffectFullAllow, Reason: lead + "; after " + days +
			" days without a valid answer and with no cached copy, Google assumes there are no restrictions and crawls everything; fix the server so Google can fetch the file again."}
	}
	return Outcome{Effect: EffectFullDisallow, Temporary: true, Reason: lead +
		": nothing may be crawled for now, and Google retries until it gets another answer; after " + strconv.Itoa(UnreachableDays) +
		" days it uses its last cached copy, or crawls everything if it has none; fix the server error to lift the block."}
}

func isRedirect(status int) bool { return 300 <= status && status <= 399 }

func redirectsPhrase(n int) string {
	if n == 1 {
		return "1 redirect"
	}
	return strconv.Itoa(n) + " redirects"
}

// AnswerChoice is one answer a user can pick in a tester.
type AnswerChoice struct {
	ID     string // stable, for forms and links
	Label  string
	Answer Answer
}

// Answers lists the answers a tester offers, the usual one first.
func Answers() []AnswerChoice {
	return []AnswerChoice{
		{"200", "200 OK: the file is served", Answer{Status: 200}},
		{"redirect-ok", "3xx redirect, reaching a 200 within 5 hops", Answer{Status: 200, Redirects: 1}},
		{"redirect-too-many", "3xx redirects, more than 5 hops", Answer{Status: 301, Redirects: MaxRedirects}},
		{"404", "404 Not Found", Answer{Status: 404}},
		{"410", "410 Gone", Answer{Status: 410}},
		{"401", "401 Unauthorized", Answer{Status: 401}},
		{"403", "403 Forbidden", Answer{Status: 403}},
		{"429", "429 Too Many Requests", Answer{Status: 429}},
		{"500", "500 Internal Server Error", Answer{Status: 500}},
		{"503", "503 Service Unavailable", Answer{Status: 503}},
		{"5xx-not-found", "5xx that Google knows means \"not found\"", Answer{Status: 500, NotFound5xx: true}},
		{"unreachable", "DNS or network error (timeout, reset connection)", Answer{Kind: AnswerNetworkError}},
		{"unreachable-30d-cached", "Unreachable for more than 30 days, Google has a cached copy", Answer{Kind: AnswerNetworkError, DaysUnreachable: UnreachableDays + 1, Cached: true}},
		{"unreachable-30d", "Unreachable for more than 30 days, no cached copy", Answer{Kind: AnswerNetworkError, DaysUnreachable: UnreachableDays + 1}},
	}
}

// FindAnswer returns the choice with the given ID.
func FindAnswer(id string) (AnswerChoice, bool) {
	for _, c := range Answers() {
		if c.ID == id {
			return c, true
		}
	}
	return AnswerChoice{}, false
}
