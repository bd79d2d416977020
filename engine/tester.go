package engine

// Tester is one column's reading of one file, made once: the tokens read
// and the groups that apply, which depend on the file and the crawler,
// never on the URL. Its Test answers as TestColumn does
// (TestTesterAnswersAsTestColumn), without reading the tokens and looking
// the groups up again: a caller that tests URLs one call at a time for one
// crawler (the script API, a call a URL) pays for the match alone. A
// Tester is for one goroutine at a time: its tests share one list of
// candidate rules.
type Tester struct {
	r       *Robots
	crawler string // Result.Crawler: the catalogue name, "" for a typed token
	agent   AgentReading
	tokens  []string // as resolved, and given to each Result
	obeys   bool
	token   string
	list    groupList
	source  Source
	// verbatim is Google's matcher given the tokens as they are, for a
	// token that had to be cut (Result.Verbatim).
	verbatim *Tester
	room     []int32  // the rule index's candidate list (ruleIndex.each)
	best     [2]Match // Brief's matches
}

// Tester reads column c for r's tests.
func (r *Robots) Tester(c Column) *Tester {
	t := &Tester{r: r, obeys: true}
	var asIs []string
	if c.Catalogue {
		// TestCrawler: TestAs with the crawler's tokens and stance on "*".
		t.crawler, t.obeys, t.tokens = c.Name, c.ObeysGlobal, readTokens(c.Tokens)
		if len(c.Tokens) > 0 {
			t.agent = ReadAgent(c.Tokens[0])
		}
		for _, tok := range c.Tokens {
			if ReadAgent(tok).Cut {
				asIs = c.Tokens
			}
		}
	} else {
		// Test: the typed name read as a token, else only "*".
		t.agent = ReadAgent(c.Name)
		if t.agent.Token != "" {
			t.tokens = []string{t.agent.Token}
		}
		if t.agent.Cut {
			asIs = []string{c.Name}
		}
	}
	t.token, t.list, t.source = r.resolve(t.tokens, t.obeys)
	if asIs != nil {
		v := &Tester{r: r, agent: AgentReading{Input: asIs[0], Token: asIs[0]}, tokens: asIs, obeys: t.obeys}
		v.token, v.list, v.source = r.resolve(asIs, t.obeys)
		t.verbatim = v
	}
	return t
}

// Test decides url as TestColumn(r, c, url) does.
func (t *Tester) Test(url string) Result { return t.test(url, MatchPath(url)) }

// TestEncoded decides e.URL, a URL EncodeURL read without an error, with
// the path it found (e.Path, MatchPath(e.URL)), as Test(e.URL) does.
func (t *Tester) TestEncoded(e Encoded) Result { return t.test(e.URL, e.Path) }

// test decides url, whose MatchPath is path.
func (t *Tester) test(url, path string) Result {
	res := t.r.testGroups(t.tokens, t.obeys, t.token, t.list, t.source, url, path, &t.room)
	res.Agent, res.Crawler = t.agent, t.crawler
	if t.verbatim != nil {
		v := t.verbatim.test(url, path)
		res.Verbatim = &v
	}
	return res
}

// Decide is what the matrix decides for url in c's column (Matrix's
// Cell): the verdict and its line, without the matches and the agent's
// reading a Result carries, for lists of URLs (the script API's compact
// answer).
func (t *Tester) Decide(url string) Cell {
	return t.r.decide(t.list, t.source, MatchPath(url), &t.room)
}

// Brief decides e as TestEncoded does, keeping of the rules that matched
// only what the verdict and its sentences are told from: the best allow
// and the best disallow (the longest of each kind, the earliest line on a
// tie), in line order, as Result.Matches, with Winner, Line and Reason as
// TestEncoded gives them. Why, WhyKey and WhyAround tell a Brief result
// as they tell TestEncoded's (TestBriefTellsWhatTestTells), and a caller
// that shows one verdict a URL (the script API) skips collecting, sorting
// and sifting every match. Its Matches are the Tester's own, valid until
// its next test; its Verbatim is nil.
func (t *Tester) Brief(e Encoded) Result {
	r := t.r
	res := r.resultFor(t.tokens, t.obeys, t.token, t.list, t.source, e.URL, e.Path)
	res.Agent, res.Crawler = t.agent, t.crawler
	var found [2]bool // allow, disallow
	if len(t.list.groups) > 0 {
		t.list.each(r, e.Path, &t.room, func(rule *Rule, group int, indexHTML bool, pattern string) {
			k := 1
			if rule.Allow {
				k = 0
			}
			// An allow's index.html variant is shorter than the allow, so
			// dropping it when the allow matched (dropShadowedVariants)
			// changes no best.
			if b := &t.best[k]; !found[k] || len(pattern) > b.Priority || len(pattern) == b.Priority && rule.Line < b.Line {
				found[k] = true
				*b = Match{Line: rule.Line, Allow: rule.Allow, Pattern: pattern, Priority: len(pattern), IndexHTML: indexHTML, Group: group}
			}
		})
	}
	allow, disallow := -1, -1
	switch {
	case found[0] && found[1] && t.best[1].Line < t.best[0].Line:
		t.best[0], t.best[1] = t.best[1], t.best[0]
		res.Matches, disallow, allow = t.best[:2:2], 0, 1
	case found[0] && found[1]:
		res.Matches, allow, disallow = t.best[:2:2], 0, 1
	case found[0]:
		res.Matches, allow = t.best[:1:1], 0
	case found[1]:
		t.best[0] = t.best[1]
		res.Matches, disallow = t.best[:1:1], 0
	}
	res.decide(allow, disallow)
	return res
}
