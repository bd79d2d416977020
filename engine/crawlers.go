package engine

import (
	"errors"
	"strings"

	"robotstester/engine/catalogue"
)

// The engine's side of the crawler catalogue: testing a catalogue crawler,
// the catalogue as matrix columns, and reading a policy a person wrote. The
// catalogue itself (its crawlers, AI roles, policies and presets) lives in
// engine/catalogue, which imports nothing of the engine.

// TestCrawler decides for crawler c: the groups naming the first of its
// tokens that any group names, else "*" unless c ignores it; Result.Token
// names the token whose groups applied and Result.Crawler the crawler. A
// token that is not a valid product token (such as "MJ12bot") is read and
// flagged as TestAs does.
func (r *Robots) TestCrawler(c catalogue.Crawler, url string) Result {
	res := r.TestAs(c.Tokens, c.ObeysGlobal, url)
	res.Crawler = c.Name
	return res
}

// AIColumns are the current crawlers and control tokens of the AI
// catalogue, in its order, as Matrix columns: the audit's (engine/ai) and a
// policy's cases (expect.go).
func AIColumns() []Column {
	var cols []Column
	for _, a := range catalogue.AIRoles() {
		if a.Retired() {
			continue
		}
		if c, ok := catalogue.FindCrawler(a.Crawler); ok {
			cols = append(cols, CrawlerColumn(c))
		}
	}
	return cols
}

// PresetColumns are the matrix columns of preset p.
func PresetColumns(p catalogue.Preset) []Column {
	cols := make([]Column, 0, len(p.Crawlers))
	for _, name := range p.Crawlers {
		if c, ok := catalogue.FindCrawler(name); ok {
			cols = append(cols, CrawlerColumn(c))
		}
	}
	return cols
}

// ReadPolicyRule reads one entry of a policy as written in JSON:
// "ai-training": "blocked", "OpenAI": "allowed", "OpenAI/ai-search":
// "allowed". The error is a sentence with the fix.
func ReadPolicyRule(key, value string) (catalogue.PolicyRule, error) {
	var p catalogue.PolicyRule
	switch LowerASCII(value) {
	case "allowed", "allow":
		p.Allow = true
	case "blocked", "block", "disallowed":
	default:
		return p, errors.New("the policy for " + quote(key) + " is " + quote(value) + ": write \"allowed\" or \"blocked\".")
	}
	op, purpose, hasSlash := strings.Cut(key, "/")
	if !hasSlash {
		if aiPurposeOf(key) != "" {
			op, purpose = "", key
		} else {
			op, purpose = key, ""
		}
	}
	if purpose != "" {
		if p.Purpose = aiPurposeOf(purpose); p.Purpose == "" {
			return p, errors.New(quote(purpose) + " is not a purpose: use " + purposeList() + ".")
		}
	}
	if op != "" {
		known := ""
		for _, a := range catalogue.AIRoles() {
			c, _ := catalogue.FindCrawler(a.Crawler)
			if strings.EqualFold(c.OperatorName(), op) {
				known = c.OperatorName()
			}
		}
		if known == "" {
			return p, errors.New(quote(op) + " is neither a purpose (" + purposeList() + ") nor an operator of the AI catalogue (such as OpenAI or Anthropic).")
		}
		p.Operator = known
	}
	return p, nil
}

func aiPurposeOf(s string) catalogue.AIPurpose {
	for _, p := range catalogue.AIPurposes {
		if strings.EqualFold(string(p), s) {
			return p
		}
	}
	return ""
}

func purposeList() string {
	names := make([]string, len(catalogue.AIPurposes))
	for i, p := range catalogue.AIPurposes {
		names[i] = string(p)
	}
	return strings.Join(names, ", ")
}
