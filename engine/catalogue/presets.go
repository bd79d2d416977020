package catalogue

import "strings"

// Presets: named sets of catalogue crawlers, the columns a matrix starts
// with. Each is a rule over the catalogue's fields, not a list of names, so
// a crawler added to the catalogue joins its presets by itself.

// Preset is a named set of catalogue crawlers.
type Preset struct {
	ID    string // stable, for links: "google", "search", "ai", "all", and an AIPurpose ("ai-training", …)
	Label string // for a person: "Google's crawlers"
	// Crawlers are catalogue names, in catalogue order.
	Crawlers []string
}

// aiPurpose reports whether a catalogue purpose names AI as a word: "AI
// training", "AI search", "user-triggered (AI assistant)", "open web crawl
// dataset (widely used for AI training)", but not Diffbot's "(states: not
// used for AI training)".
func aiPurpose(purpose string) bool {
	if strings.Contains(purpose, "not used for AI") {
		return false
	}
	for _, w := range strings.FieldsFunc(purpose, func(r rune) bool { return !isWordByte(byte(r)) || r > 127 }) {
		if w == "AI" {
			return true
		}
	}
	return false
}

// Presets returns the presets, each listing the catalogue crawlers it holds.
// All but "all" leave out crawlers without a robots.txt token (they ignore
// the file, so every URL is allowed for them) and retired ones.
func Presets() []Preset {
	live := func(c Crawler) bool {
		return len(c.Tokens) > 0 && !strings.Contains(c.Name, "(retired)")
	}
	rules := []struct {
		id, label string
		keep      func(Crawler) bool
	}{
		{"google", "Google's crawlers", func(c Crawler) bool { return live(c) && c.Operator == "Google" }},
		{"search", "Search engines", func(c Crawler) bool { return live(c) && strings.HasPrefix(c.Purpose, "search") }},
		{"ai", "AI crawlers", func(c Crawler) bool {
			return live(c) && aiPurpose(c.Purpose)
		}},
		{"all", "All crawlers", func(Crawler) bool { return true }},
	}
	// One preset per AI purpose (crawlers_ai.go) that has crawlers with a
	// token: "ai-training", "ai-search", …
	for _, purpose := range AIPurposes {
		rules = append(rules, struct {
			id, label string
			keep      func(Crawler) bool
		}{string(purpose), "AI: " + purpose.Label(), func(c Crawler) bool {
			a, ok := FindAIRole(c.Name)
			return ok && live(c) && !a.Retired() && a.Purpose == purpose
		}})
	}
	out := make([]Preset, 0, len(rules))
	for _, p := range rules {
		preset := Preset{ID: p.id, Label: p.label}
		for _, c := range catalogue {
			if p.keep(c) {
				preset.Crawlers = append(preset.Crawlers, c.Name)
			}
		}
		if len(preset.Crawlers) > 0 || p.id == "all" {
			out = append(out, preset)
		}
	}
	return out
}

// FindPreset returns the preset with the given ID.
func FindPreset(id string) (Preset, bool) {
	for _, p := range Presets() {
		if p.ID == id {
			return p, true
		}
	}
	return Preset{}, false
}
