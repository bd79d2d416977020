package model

import "strings"

// The AI view's policy travels with the rest of the state, in links and
// the autosave (Saved.AIPolicy), so that a shared link shows the same
// choices and proposes the same change: one choice a line, "key=value",
// the key a purpose or an operator as engine.ReadPolicyRule reads it, the
// value "allowed" or "blocked", in the order the choices were made. The
// catalogue's purposes and operators hold no "=" and no line break. A line
// without "=" is no choice; a key or value the engine does not know is
// kept, and the proposal says what is wrong with it (PolicyFrom).

// PolicyText writes choices as Saved.AIPolicy, leaving out those with no
// value.
func PolicyText(choices []PolicyChoice) string {
	var b strings.Builder
	for _, c := range choices {
		if c.Value == "" {
			continue
		}
		b.WriteString(c.Key + "=" + c.Value + "\n")
	}
	return b.String()
}

// PolicyChoices reads Saved.AIPolicy.
func PolicyChoices(text string) []PolicyChoice {
	var out []PolicyChoice
	for line := range strings.Lines(text) {
		line = strings.TrimRight(line, "\r\n")
		i := strings.LastIndexByte(line, '=')
		if i < 0 || line[i+1:] == "" {
			continue
		}
		out = append(out, PolicyChoice{Key: line[:i], Value: line[i+1:]})
	}
	return out
}

// PolicyValue is the value chosen for key in text (Saved.AIPolicy), ""
// for none.
func PolicyValue(text, key string) string {
	for _, c := range PolicyChoices(text) {
		if c.Key == key {
			return c.Value
		}
	}
	return ""
}

// WithPolicyChoice is text (Saved.AIPolicy) with key's choice set to
// value, in its place when key was chosen before, else last; value ""
// takes the choice away.
func WithPolicyChoice(text, key, value string) string {
	choices := PolicyChoices(text)
	found := false
	for i := range choices {
		if choices[i].Key == key {
			choices[i].Value, found = value, true
		}
	}
	if !found {
		choices = append(choices, PolicyChoice{Key: key, Value: value})
	}
	return PolicyText(choices)
}
