//go:build js && wasm

package storage

import (
	"strings"
	"testing"
)

func TestFetchedVersionsKeptPerSiteNewestFirst(t *testing.T) {
	fakeBrowser(t, "")
	fetchedCache.read = false
	t.Cleanup(func() { fetchedCache.read = false })
	at := 1795000000000
	a, b := "http://a.test/robots.txt", "http://b.test/robots.txt"
	for i, body := range []string{"one\xff", "two", "two", "three", "four"} {
		if !RememberFetched(Fetched{Site: a, From: a, AtMs: at + i*60000, Body: body}) {
			t.Fatalf("version %q of a not kept", body)
		}
	}
	RememberFetched(Fetched{Site: b, From: b, AtMs: at, Body: "b's"})
	fetchedCache.read = false // as a new page would read it
	var got []string
	for _, f := range FetchedFrom(a) {
		got = append(got, f.Body)
	}
	if strings.Join(got, ",") != "four,three,two" {
		t.Errorf("a's versions %q, want the newest three, each once: four, three, two", got)
	}
	if bs := FetchedFrom(b); len(bs) != 1 || bs[0].Body != "b's" || bs[0].AtMs != at {
		t.Errorf("b's versions %+v, want its one", bs)
	}
	if RememberFetched(Fetched{Site: b, Body: strings.Repeat("x", maxFetchedBytes+1)}) {
		t.Error("a file over the bound was kept")
	}
}

func TestFetchedKeepsBytesExactly(t *testing.T) {
	fakeBrowser(t, "")
	fetchedCache.read = false
	t.Cleanup(func() { fetchedCache.read = false })
	body := "\xef\xbb\xbfUser-agent: *\r\nDisallow: /caf\xe9\r\n"
	RememberFetched(Fetched{Site: "s", Body: body})
	fetchedCache.read = false
	if got := FetchedFrom("s"); len(got) != 1 || got[0].Body != body {
		t.Errorf("kept %+v, want %q", got, body)
	}
}
