package model

import (
	"slices"
	"testing"

	"robotstester/engine/catalogue"
)

// The policy as links and the autosave keep it: written and read back, it
// is the same choices in the same order, and the policy the engine reads
// from it is the one chosen.
func TestPolicyTextRoundTrips(t *testing.T) {
	tests := []struct {
		name    string
		choices []PolicyChoice
		text    string
	}{
		{"no choice is no text", nil, ""},
		{"choices left empty are left out", []PolicyChoice{{Key: "ai-training"}, {Key: "OpenAI"}}, ""},
		{"a purpose", []PolicyChoice{{Key: "ai-training", Value: "blocked"}}, "ai-training=blocked\n"},
		{"purposes and an operator with a space, in the order made",
			[]PolicyChoice{{Key: "ai-search", Value: "allowed"}, {Key: "ai-training", Value: "blocked"}, {Key: "Common Crawl", Value: "allowed"}},
			"ai-search=allowed\nai-training=blocked\nCommon Crawl=allowed\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := PolicyText(tt.choices)
			if text != tt.text {
				t.Fatalf("PolicyText = %q, want %q", text, tt.text)
			}
			var want []PolicyChoice
			for _, c := range tt.choices {
				if c.Value != "" {
					want = append(want, c)
				}
			}
			if got := PolicyChoices(text); !slices.Equal(got, want) {
				t.Errorf("PolicyChoices(%q) = %v, want %v", text, got, want)
			}
		})
	}
}

// Choosing edits the text in place; "" takes a choice away; the value of
// a key is read back, and the engine reads the policy the text holds.
func TestWithPolicyChoice(t *testing.T) {
	text := WithPolicyChoice("", "ai-training", "blocked")
	text = WithPolicyChoice(text, "OpenAI", "allowed")
	text = WithPolicyChoice(text, "ai-training", "allowed")
	if want := "ai-training=allowed\nOpenAI=allowed\n"; text != want {
		t.Fatalf("after three choices the text is %q, want %q", text, want)
	}
	if v := PolicyValue(text, "OpenAI"); v != "allowed" {
		t.Errorf("PolicyValue(OpenAI) = %q", v)
	}
	if v := PolicyValue(text, "Anthropic"); v != "" {
		t.Errorf("PolicyValue(Anthropic), never chosen, = %q", v)
	}
	p, err := PolicyFrom(PolicyChoices(text))
	if err != nil {
		t.Fatal(err)
	}
	if allow, ok := p.Wants("OpenAI", catalogue.PurposeTraining); !ok || !allow {
		t.Errorf("the policy read from %q: OpenAI's training crawler allowed=%v (said %v), want allowed", text, allow, ok)
	}
	if text = WithPolicyChoice(text, "ai-training", ""); text != "OpenAI=allowed\n" {
		t.Errorf("after taking ai-training away the text is %q", text)
	}
}

// What a crafted or damaged link may hold: lines without "=" or without a
// value are no choice, CRLF line ends are read, and a key the engine does
// not know is kept for the proposal to name.
func TestPolicyChoicesReadsBadTextWithoutPanic(t *testing.T) {
	got := PolicyChoices("no equals sign\r\nai-search=\r\nai-training=blocked\r\nNobody=allowed\n=\n")
	want := []PolicyChoice{{Key: "ai-training", Value: "blocked"}, {Key: "Nobody", Value: "allowed"}}
	if !slices.Equal(got, want) {
		t.Fatalf("PolicyChoices = %v, want %v", got, want)
	}
	if _, err := PolicyFrom(got); err == nil {
		t.Error("a policy for an operator the catalogue does not have was read without a word")
	}
}

func FuzzPolicyChoices(f *testing.F) {
	f.Add("ai-training=blocked\nOpenAI=allowed\n")
	f.Add("=\n==\nx")
	f.Fuzz(func(t *testing.T, text string) {
		choices := PolicyChoices(text)
		// Written and read again, the choices read are the same.
		if again := PolicyChoices(PolicyText(choices)); !slices.Equal(again, choices) {
			t.Errorf("%q: read %v, written and read again %v", text, choices, again)
		}
		PolicyFrom(choices)
	})
}
