package catalogue

import "strings"

// The AI catalogue: the catalogue's AI crawlers and control tokens (see
// crawlers_data.go), each with what it is for, read from its operator's own
// page. The catalogue's Purpose is free text ("AI training + product
// improvement"); an audit needs one purpose per crawler, so this table
// gives it, with the date the operator's page was read and the page.
//
// A fact no operator states stays unknown: RobotsUnknown, or a note that
// says who attributes it. Community lists (ai-robots-txt/ai.robots.txt's
// robots.json, MIT) were used to find candidates and cross-check, never as
// a source.

// AIPurpose is what an AI crawler fetches for. The values are stable: they
// are the keys of a policy (Policy, below) and of the audit's JSON
// (engine/ai).
type AIPurpose string

const (
	// PurposeTraining: content collected to train models.
	PurposeTraining AIPurpose = "ai-training"
	// PurposeSearch: an AI search or answer index, crawled ahead of time.
	PurposeSearch AIPurpose = "ai-search"
	// PurposeUser: one page fetched because a person asked an assistant.
	PurposeUser AIPurpose = "ai-user"
	// PurposeAgent: an agent that browses and acts for a person.
	PurposeAgent AIPurpose = "ai-agent"
	// PurposeControl: a control token no crawler sends; it governs how
	// content another crawler fetched may be used, not crawling.
	PurposeControl AIPurpose = "ai-control"
)

// AIPurposes lists the purposes in the order an audit reports them.
var AIPurposes = []AIPurpose{PurposeTraining, PurposeSearch, PurposeUser, PurposeAgent, PurposeControl}

// Label is the purpose for a person.
func (p AIPurpose) Label() string {
	switch p {
	case PurposeTraining:
		return "AI training"
	case PurposeSearch:
		return "AI search"
	case PurposeUser:
		return "user-triggered fetch"
	case PurposeAgent:
		return "AI agent"
	case PurposeControl:
		return "control token"
	}
	return string(p)
}

// RobotsStance is what an operator says its crawler does with robots.txt.
type RobotsStance string

const (
	RobotsObeys     RobotsStance = "obeys"      // the operator says it follows robots.txt
	RobotsMayIgnore RobotsStance = "may-ignore" // user-triggered: the operator says the rules may not apply
	RobotsIgnores   RobotsStance = "ignores"    // no token at all: the operator says robots.txt does not apply
	RobotsUnknown   RobotsStance = "unknown"    // no operator page says
	RobotsRetired   RobotsStance = "retired"    // no current crawler of the operator sends the token
)

// AIRole is one AI crawler or control token of the catalogue.
type AIRole struct {
	Crawler string // the catalogue name (FindCrawler)
	Purpose AIPurpose
	Robots  RobotsStance
	// ReplacedBy names, for a retired token, the operator's current
	// crawlers (catalogue names) a group naming it was meant for.
	ReplacedBy []string
	// FetchedBy and Governs, for a control token: the catalogue crawler
	// that fetches the pages the token governs, and what blocking the token
	// asks, as the operator words it.
	FetchedBy, Governs string
	Checked            string // the day the operator's page below was read (through a stored copy)
	Source             string // the operator's own page; "" when the operator publishes none
	Note               string // what the operator says, in short, and what is unknown
}

// Retired reports whether no current crawler sends the token.
func (a AIRole) Retired() bool { return a.Robots == RobotsRetired }

// Pages the roles cite.
const (
	srcOpenAI     = "https://developers.openai.com/api/docs/bots"
	srcAnthropic  = "https://support.claude.com/en/articles/8896518-does-anthropic-crawl-data-from-the-web-and-how-can-site-owners-block-the-crawler"
	srcGoogle     = "https://developers.google.com/crawling/docs/crawlers-fetchers/google-common-crawlers"
	srcGoogleUser = "https://developers.google.com/crawling/docs/crawlers-fetchers/google-user-triggered-fetchers"
	srcApple      = "https://support.apple.com/en-us/119829"
	srcPerplexity = "https://docs.perplexity.ai/docs/resources/perplexity-crawlers"
	srcMeta       = "https://developers.facebook.com/docs/sharing/webmasters/web-crawlers/"
	srcAmazon     = "https://developer.amazon.com/amazonbot"
	srcMistral    = "https://docs.mistral.ai/en/robots"
	srcDuckDuckGo = "https://duckduckgo.com/duckduckgo-help-pages/results/duckassistbot/"
	srcCommon     = "https://commoncrawl.org/ccbot"
)

// aiRoles is the AI catalogue, by operator. Checked is the day the
// operator's page, or a verbatim capture of it, was read: 2026-11-26 for
// this table; 2026-11-21 where the table relies on the reading that made
// ../shared/crawlers/crawlers.json (its README lists the captures), which
// the catalogue entry quotes at length.
var aiRoles = []AIRole{
	{Crawler: "GPTBot", Purpose: PurposeTraining, Robots: RobotsObeys, Checked: "2026-11-26", Source: srcOpenAI,
		Note: "OpenAI: disallowing GPTBot says the site's content should not be used to train its foundation models; each OpenAI setting is independent of the others."},
	{Crawler: "OAI-SearchBot", Purpose: PurposeSearch, Robots: RobotsObeys, Checked: "2026-11-26", Source: srcOpenAI,
		Note: "OpenAI: sites opted out of OAI-SearchBot are not shown in ChatGPT search answers (they may still appear as navigational links)."},
	{Crawler: "ChatGPT-User", Purpose: PurposeUser, Robots: RobotsMayIgnore, Checked: "2026-11-26", Source: srcOpenAI,
		Note: "OpenAI: the visits are initiated by a user, so robots.txt rules may not apply."},
	{Crawler: "ClaudeBot", Purpose: PurposeTraining, Robots: RobotsObeys, Checked: "2026-11-26", Source: srcAnthropic,
		Note: "Anthropic: restricting ClaudeBot signals that the site's future materials should be excluded from its training datasets."},
	{Crawler: "Claude-SearchBot", Purpose: PurposeSearch, Robots: RobotsObeys, Checked: "2026-11-26", Source: srcAnthropic,
		Note: "Anthropic: disabling it keeps the site's content out of the index behind Claude's search results."},
	{Crawler: "Claude-User", Purpose: PurposeUser, Robots: RobotsObeys, Checked: "2026-11-26", Source: srcAnthropic,
		Note: "Anthropic makes no user-triggered exception: its bots honour robots.txt, Claude-User included."},
	{Crawler: "anthropic-ai (legacy/undocumented)", Purpose: PurposeTraining, Robots: RobotsRetired, ReplacedBy: []string{"ClaudeBot"}, Checked: "2026-11-26", Source: srcAnthropic,
		Note: "Anthropic's page names only ClaudeBot, Claude-User and Claude-SearchBot; no current Anthropic crawler sends anthropic-ai. Its training crawler is ClaudeBot."},
	{Crawler: "Claude-Web (retired)", Purpose: PurposeUser, Robots: RobotsRetired, ReplacedBy: []string{"ClaudeBot", "Claude-User", "Claude-SearchBot"}, Checked: "2026-11-26", Source: srcAnthropic,
		Note: "Anthropic's page names only ClaudeBot, Claude-User and Claude-SearchBot; no current Anthropic crawler sends Claude-Web. What it was for was never documented by Anthropic, so all three are named."},
	{Crawler: "Google-Extended", Purpose: PurposeControl, Robots: RobotsObeys,
		FetchedBy: "Googlebot (Smartphone / Desktop)", Governs: "asks Google not to use the pages to train Gemini models or to ground Gemini Apps and Vertex AI answers",
		Checked: "2026-11-21", Source: srcGoogle,
		Note: "Google: a product token with no crawler of its own; it governs use for Gemini training and grounding, not inclusion in Google Search, and AI Overviews follow Googlebot's rules."},
	{Crawler: "Google-CloudVertexBot", Purpose: PurposeSearch, Robots: RobotsObeys, Checked: "2026-11-21", Source: srcGoogle,
		Note: "Google: crawls that site owners request for their own Vertex AI agents; no effect on Google Search."},
	{Crawler: "Google-Agent", Purpose: PurposeAgent, Robots: RobotsIgnores, Checked: "2026-11-21", Source: srcGoogleUser,
		Note: "Google lists it among user-triggered fetchers, which generally ignore robots.txt: it has no token."},
	{Crawler: "Google-NotebookLM (retired)", Purpose: PurposeUser, Robots: RobotsRetired, ReplacedBy: []string{"Gemini Notebook (formerly NotebookLM)"}, Checked: "2026-11-21", Source: srcGoogleUser,
		Note: "Google: the former agent Google-NotebookLM was supported until August 2026; Gemini Notebook fetches without a token now."},
	{Crawler: "Gemini Notebook (formerly NotebookLM)", Purpose: PurposeUser, Robots: RobotsIgnores, Checked: "2026-11-21", Source: srcGoogleUser,
		Note: "Google lists it among user-triggered fetchers, which generally ignore robots.txt: it has no token."},
	{Crawler: "Applebot", Purpose: PurposeSearch, Robots: RobotsObeys, Checked: "2026-11-21", Source: srcApple,
		Note: "Apple: crawls for Siri, Spotlight and Safari search; it follows the Googlebot group when no group names Applebot."},
	{Crawler: "Applebot-Extended", Purpose: PurposeControl, Robots: RobotsObeys,
		FetchedBy: "Applebot", Governs: "asks Apple not to use the pages Applebot fetched to train its foundation models",
		Checked: "2026-11-21", Source: srcApple,
		Note: "Apple: Applebot-Extended does not crawl; disallowing it keeps pages out of Apple's model training, not out of its search results."},
	{Crawler: "PerplexityBot", Purpose: PurposeSearch, Robots: RobotsObeys, Checked: "2026-11-21", Source: srcPerplexity,
		Note: "Perplexity: surfaces and links sites in its search results; not used to crawl content for foundation models."},
	{Crawler: "Perplexity-User", Purpose: PurposeUser, Robots: RobotsMayIgnore, Checked: "2026-11-21", Source: srcPerplexity,
		Note: "Perplexity: a user requested the fetch, so it generally ignores robots.txt."},
	{Crawler: "Meta-ExternalAgent", Purpose: PurposeTraining, Robots: RobotsObeys, Checked: "2026-11-26", Source: srcMeta,
		Note: "Meta: crawls for uses such as training foundation AI models or indexing content for its products."},
	{Crawler: "Meta-WebIndexer", Purpose: PurposeSearch, Robots: RobotsObeys, Checked: "2026-11-26", Source: srcMeta,
		Note: "Meta: indexes the web to improve Meta AI's search results and citations."},
	{Crawler: "Meta-ExternalFetcher", Purpose: PurposeUser, Robots: RobotsMayIgnore, Checked: "2026-11-26", Source: srcMeta,
		Note: "Meta: fetches links at a user's request and may bypass robots.txt."},
	{Crawler: "Amazonbot", Purpose: PurposeTraining, Robots: RobotsObeys, Checked: "2026-11-26", Source: srcAmazon,
		Note: "Amazon: improves its products and services and may be used to train Amazon AI models."},
	{Crawler: "Amzn-SearchBot", Purpose: PurposeSearch, Robots: RobotsObeys, Checked: "2026-11-26", Source: srcAmazon,
		Note: "Amazon: crawls for search in Alexa and Rufus, its AI shopping assistant; it does not crawl content for generative AI training."},
	{Crawler: "Amzn-User", Purpose: PurposeUser, Robots: RobotsMayIgnore, Checked: "2026-11-21", Source: srcAmazon,
		Note: "Amazon: its actions may be initiated by a user, so it may not follow all robots.txt directives; not used for training."},
	{Crawler: "CCBot", Purpose: PurposeTraining, Robots: RobotsObeys, Checked: "2026-11-21", Source: srcCommon,
		Note: "Common Crawl builds an open web archive and does not itself call it AI training; many model trainers use it, and Anthropic's older page said it honours disallows for CCBot."},
	{Crawler: "Bytespider", Purpose: PurposeTraining, Robots: RobotsUnknown, Checked: "2026-11-26",
		Note: "ByteDance publishes no page for it: the purpose is attributed by third parties, and whether it obeys robots.txt is unknown."},
	{Crawler: "cohere-ai", Purpose: PurposeUser, Robots: RobotsUnknown, Checked: "2026-11-26",
		Note: "Cohere publishes no page for it: the token and its purpose come from community lists only."},
	{Crawler: "DuckAssistBot", Purpose: PurposeSearch, Robots: RobotsObeys, Checked: "2026-11-21", Source: srcDuckDuckGo,
		Note: "DuckDuckGo: crawls in real time for DuckAssist answers; not used to train AI models."},
	{Crawler: "MistralAI-Training", Purpose: PurposeTraining, Robots: RobotsObeys, Checked: "2026-11-25", Source: srcMistral,
		Note: "Mistral: builds datasets for training its generative models."},
	{Crawler: "MistralAI-Index", Purpose: PurposeSearch, Robots: RobotsObeys, Checked: "2026-11-25", Source: srcMistral,
		Note: "Mistral: its search index only; not used for training."},
	{Crawler: "MistralAI-User", Purpose: PurposeUser, Robots: RobotsObeys, Checked: "2026-11-25", Source: srcMistral,
		Note: "Mistral: fetches a page when a user asks; the token governs which sites these requests may reach."},
}

// AIRoles returns the AI catalogue, by operator.
func AIRoles() []AIRole {
	out := make([]AIRole, len(aiRoles))
	copy(out, aiRoles)
	return out
}

// FindAIRole returns the role of catalogue crawler name.
func FindAIRole(name string) (AIRole, bool) {
	for _, a := range aiRoles {
		if strings.EqualFold(a.Crawler, name) {
			return a, true
		}
	}
	return AIRole{}, false
}

// OperatorName is c's operator without the catalogue's "(attributed)".
func (c Crawler) OperatorName() string {
	return strings.TrimSuffix(c.Operator, " (attributed)")
}

// A policy: which AI crawlers may read the site, chosen per purpose and,
// where wanted, per operator ("AI training blocked, AI search allowed,
// but OpenAI allowed throughout"). An expectations file's "policy" stands
// for cases, each entry read by engine.ReadPolicyRule (engine/expect.go);
// engine/ai audits a file against one and writes the change that meets it
// (ApplyPolicy).

// PolicyRule is one choice. Operator "" means every operator; Purpose ""
// every purpose of the operator.
type PolicyRule struct {
	Operator string
	Purpose  AIPurpose
	Allow    bool
}

// Policy is a set of choices; the most specific one that applies to a
// crawler decides: operator and purpose, then operator, then purpose.
type Policy []PolicyRule

// Wants returns the verdict the policy wants at the site root for a crawler
// of operator and purpose, and whether it says anything about it.
func (p Policy) Wants(operator string, purpose AIPurpose) (allow, ok bool) {
	operator = strings.TrimSuffix(operator, " (attributed)")
	best := -1
	for _, r := range p {
		rank := 0
		switch {
		case r.Operator != "" && !strings.EqualFold(r.Operator, operator):
			continue
		case r.Purpose != "" && r.Purpose != purpose:
			continue
		case r.Operator != "" && r.Purpose != "":
			rank = 3
		case r.Operator != "":
			rank = 2
		case r.Purpose != "":
			rank = 1
		}
		if rank >= best {
			best, allow = rank, r.Allow
		}
	}
	return allow, best >= 0
}
