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
	room     []int32 // the rule index's candidate list (ruleIndex.each)
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
