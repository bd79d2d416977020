//go:build js && wasm

package results

import (
	"strings"
	"testing"

	"robotstester/wasm/model"
	"robotstester/wasm/store"
)

func TestAPickedCrawlerFallsBackThroughItsTokens(t *testing.T) {
	in := model.ExampleState
	in.Robots = "User-agent: Googlebot\nDisallow: /a\n\nUser-agent: *\nDisallow: /\n"
	in.URLs = "/a\n/b\n"
	in.Crawler = "Googlebot Image"
	s := store.NewState(in)
	if s.AllRows()[0].Allowed || !s.AllRows()[1].Allowed {
		t.Fatalf("Googlebot Image: /a allowed=%v, /b allowed=%v; want the Googlebot group (/a blocked, /b allowed)", s.AllRows()[0].Allowed, s.AllRows()[1].Allowed)
	}
	if s.AllRows()[0].Group != "Googlebot (line 1)" {
		t.Fatalf("group %q, want the Googlebot group at line 1", s.AllRows()[0].Group)
	}
	saved := store.Page
	store.Page = s
	defer func() { store.Page = saved }()
	if got := store.Page.ExportRows(0, store.Page.List.Len())[0].Crawler; got != "Googlebot Image" {
		t.Fatalf("the export names the crawler %q, want Googlebot Image", got)
	}
}

func TestAnUnknownCrawlerNameUsesTheToken(t *testing.T) {
	in := model.ExampleState
	in.Crawler = "No Such Crawler"
	in.Token = "Bingbot"
	s := store.NewState(in)
	if !s.AllRows()[1].Allowed {
		t.Fatal("an unknown crawler name was not replaced by the token Bingbot (which no group names)")
	}
}

func TestTokenReading(t *testing.T) {
	tests := []struct {
		crawler, token string
		want           []string
	}{
		{"", "Googlebot", []string{"`Googlebot` is a valid product token."}},
		{"", "Googlebot Images", []string{"`Googlebot Images` is read as `Googlebot`"}},
		{"", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", []string{"is read as `Mozilla`", "This looks like Googlebot"}},
		{"", "", []string{"No token"}},
		{"Googlebot Image", "", []string{"Tests `Googlebot-Image`, then `Googlebot`", "the * group applies"}},
	}
	for _, tc := range tests {
		got := tokenReading(model.Saved{Crawler: tc.crawler, Token: tc.token})
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("crawler %q token %q: reading %q lacks %q", tc.crawler, tc.token, got, w)
			}
		}
	}
}
