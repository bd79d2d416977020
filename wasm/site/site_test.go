//go:build js && wasm

package site

import (
	"testing"

	"robotstester/engine"
)

func TestAnswerChoice(t *testing.T) {
	tests := []struct {
		answer engine.Answer
		want   string
	}{
		{engine.Answer{Status: 200}, "200"},
		{engine.Answer{Status: 204}, "200"},
		{engine.Answer{Status: 200, Redirects: 1}, "redirect-ok"},
		{engine.Answer{Status: 200, Redirects: 4}, "redirect-ok"},
		{engine.Answer{Status: 301, Redirects: engine.MaxRedirects}, "redirect-too-many"},
		{engine.Answer{Status: 308, Redirects: engine.MaxRedirects}, "redirect-too-many"},
		{engine.Answer{Status: 404}, "404"},
		{engine.Answer{Status: 410}, "410"},
		{engine.Answer{Status: 418}, "404"},
		{engine.Answer{Status: 404, Redirects: 2}, "404"},
		{engine.Answer{Status: 429}, "429"},
		{engine.Answer{Status: 503}, "503"},
		{engine.Answer{Status: 502}, "500"},
		{engine.Answer{Kind: engine.AnswerNetworkError}, "unreachable"},
	}
	for _, tt := range tests {
		got := answerChoice(tt.answer)
		if got != tt.want {
			t.Errorf("answerChoice(%+v) = %q, want %q", tt.answer, got, tt.want)
		}
		c, _ := engine.FindAnswer(got)
		if engine.OutcomeFor(c.Answer).Effect != engine.OutcomeFor(tt.answer).Effect {
			t.Errorf("answerChoice(%+v) = %q, whose effect differs from the real answer's", tt.answer, got)
		}
	}
}
