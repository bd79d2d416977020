package model

import "testing"

// The picker and the token field are one state (issue 22): a crawler
// picked sets the token to its own; a custom token stays as typed.
func TestWithPickedTokenFollowsThePick(t *testing.T) {
	for _, c := range []struct{ crawler, token, want string }{
		{"GPTBot", "Googlebot", "GPTBot"},
		{"", "MyBot/1.0", "MyBot/1.0"},
		{"no such crawler (an old link)", "MyBot", "MyBot"},
	} {
		if got := WithPickedToken(Saved{Crawler: c.crawler, Token: c.token}).Token; got != c.want {
			t.Errorf("crawler %q, token %q: the token field says %q, want %q", c.crawler, c.token, got, c.want)
		}
	}
}
