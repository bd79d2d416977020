//go:build js && wasm

package store

import (
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"robotstester/engine/sharedtest"
	"robotstester/wasm/browser"
	"robotstester/wasm/model"
)

// example is the merging example of Google's documentation
// (../shared/spec/google-crawling.md §4).
const example = "user-agent: googlebot-news\ndisallow: /fish\nuser-agent: *\ndisallow: /carrots\nuser-agent: googlebot-news\ndisallow: /shrimp\n"

func TestStateRoundTrips(t *testing.T) {
	big := strings.Repeat("Disallow: /private/ünïcode\tpath*$\r\n", 50*1024/36+1)
	tests := []struct {
		name string
		s    model.Saved
	}{
		{"an empty state stays empty", model.Saved{}},
		{"the example with every field set", model.Saved{Robots: example, Crawler: "Googlebot News", URLs: "https://example.com/fish\nhttps://example.com/shrimp", Status: "200", RobotsURL: "https://example.com/robots.txt"}},
		{"a custom token", model.Saved{Robots: example, Token: "googlebot-news"}},
		{"a BOM and CRLF breaks", model.Saved{Robots: "\xef\xbb\xbfUser-agent: *\r\nDisallow: /x\r\n"}},
		{"bare CR breaks", model.Saved{Robots: "User-agent: *\rDisallow: /x\r"}},
		{"tabs and NUL bytes", model.Saved{Robots: "User-agent:\t*\nDisallow: /a\x00b\n"}},
		{"invalid UTF-8 kept byte for byte", model.Saved{Robots: "Disallow: /\xff\xfe\xc3(\n"}},
		{"non-ASCII in every text field", model.Saved{Robots: "Disallow: /café\n", Token: "bøt", URLs: "https://exämple.com/ü", RobotsURL: "https://exämple.com"}},
		{"50 KB with mixed breaks", model.Saved{Robots: big + "\rlast"}},
		{"embed and read-only flags", model.Saved{Robots: example, Embed: true, ReadOnly: true}},
		{"the matrix read as each crawler's own reader", model.Saved{Robots: example, View: "matrix", ReadAs: ReadAsOwn}},
		{"the AI view's policy, per purpose and per operator", model.Saved{Robots: example, View: "ai", AIPolicy: "ai-training=blocked\nCommon Crawl=allowed\n"}},
	}
	for _, tt := range tests {
		frag, err := EncodeFragment(tt.s)
		if err != nil {
			t.Errorf("%s: encodeFragment: %v", tt.name, err)
			continue
		}
		if !strings.HasPrefix(frag, "#v1.") {
			t.Errorf("%s: fragment %.20q does not start with #v1.", tt.name, frag)
		}
		got, present, err := DecodeFragment(frag)
		if err != nil || !present {
			t.Errorf("%s: decodeFragment = present %v, err %v", tt.name, present, err)
			continue
		}
		if got != tt.s {
			t.Errorf("%s: round trip changed the state:\n got %#v\nwant %#v", tt.name, got, tt.s)
		}
	}
}

func TestTrailingPunctuationIsIgnored(t *testing.T) {
	want := model.Saved{Robots: example}
	frag, err := EncodeFragment(want)
	if err != nil {
		t.Fatal(err)
	}
	for _, tail := range []string{".", ").", ">", "\u00a0"} {
		if got, _, err := DecodeFragment(frag + tail); err != nil || got != want {
			t.Errorf("a link followed by %q: err %v, state changed: %v", tail, err, got != want)
		}
	}
}

func TestFragmentsWithoutState(t *testing.T) {
	for _, frag := range []string{"", "#", "#results", "#line-7", "#v.x", "#vx1.abc", "results"} {
		s, present, err := DecodeFragment(frag)
		if present || err != nil || s != (model.Saved{}) {
			t.Errorf("decodeFragment(%q) = %+v, present %v, err %v; want no state", frag, s, present, err)
		}
	}
}

func TestDamagedFragmentsFailWithASentence(t *testing.T) {
	good, err := EncodeFragment(model.Saved{Robots: example, URLs: "https://example.com/fish"})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, frag, want string
	}{
		{"a newer version", "#v2." + good[4:], "another version"},
		{"characters outside base64url", "#v1.ab+/cd==", "damaged"},
		{"data that is not DEFLATE", "#v1.AAAA", "damaged"},
		{"a link cut in half", good[:len(good)/2], "damaged"},
		{"a field longer than the data", "#v1." + pack([]byte{tagRobots, 0x7f, 'a'}), "damaged"},
		{"a truncated length", "#v1." + pack([]byte{tagRobots, 0xff}), "damaged"},
	}
	for _, tt := range tests {
		_, present, err := DecodeFragment(tt.frag)
		if !present || err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: decodeFragment = present %v, err %v; want an error mentioning %q", tt.name, present, err, tt.want)
		}
	}
	// Every prefix of a good fragment either decodes or fails cleanly.
	for i := 5; i < len(good); i++ {
		DecodeFragment(good[:i])
	}
}

func TestUnknownFieldsAreSkipped(t *testing.T) {
	raw := []byte{99, 3, 'n', 'e', 'w', tagToken, 3, 'b', 'o', 't'}
	s, present, err := DecodeFragment("#v1." + pack(raw))
	if err != nil || !present || s != (model.Saved{Token: "bot"}) {
		t.Errorf("decodeFragment = %+v, present %v, err %v; want Token \"bot\" and the unknown field skipped", s, present, err)
	}
}

func TestTooLargeStateAsksForFiles(t *testing.T) {
	// Text that does not compress: a pseudo-random sequence of path bytes.
	var b strings.Builder
	x := uint32(1)
	for b.Len() < 60000 {
		x = x*1664525 + 1013904223
		b.WriteByte("abcdefghijklmnopqrstuvwxyz0123456789/-_"[x>>16%39])
	}
	_, err := EncodeFragment(model.Saved{Robots: b.String()})
	if err == nil || !strings.Contains(err.Error(), "Download") {
		t.Errorf("encodeFragment(60 KB of noise) error = %v; want one that points to the file download", err)
	}
}

func TestInflationIsBounded(t *testing.T) {
	_, _, err := DecodeFragment("#v1." + pack(make([]byte, maxStateBytes+16)))
	if err == nil || !strings.Contains(err.Error(), "MiB") {
		t.Errorf("decodeFragment(a 16 MiB bomb) error = %v; want the size refusal", err)
	}
}

// TestLinkLengths logs the sizes quoted in the README and keeps them in
// check: the documentation example must stay a short link, and a 20 KB
// robots.txt of ordinary rules must still fit in one.
func TestLinkLengths(t *testing.T) {
	ex := model.Saved{Robots: example, Crawler: "Googlebot News", URLs: "https://example.com/fish\nhttps://example.com/carrots\nhttps://example.com/shrimp.html"}
	frag, err := EncodeFragment(ex)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("example: %d-byte robots.txt and 3 URLs → %d-character fragment", len(ex.Robots), len(frag))
	if len(frag) > 400 {
		t.Errorf("the example needs a %d-character fragment; want at most 400", len(frag))
	}

	var b strings.Builder
	for i := 0; b.Len() < 20*1024; i++ {
		fmt.Fprintf(&b, "Disallow: /section-%d/*.php$\nAllow: /section-%d/public/page-%d.html\n", i*7919%1000, i, i*31%977)
	}
	frag, err = EncodeFragment(model.Saved{Robots: b.String()})
	if err != nil {
		t.Fatalf("a 20 KB robots.txt: %v", err)
	}
	t.Logf("20 KB: %d-byte robots.txt → %d-character fragment", b.Len(), len(frag))
}

// TestRealFilesRoundTrip sends the real robots.txt files of about 20 KB
// through a link, byte for byte, and logs how long each link is.
func TestRealFilesRoundTrip(t *testing.T) {
	dir := sharedCorpus(t, "corpus", "real")
	for _, name := range []string{"0082.txt", "0083.txt", "0084.txt", "0085.txt", "0086.txt", "0087.txt", "0088.txt"} {
		body, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		s := model.Saved{Robots: string(body), Crawler: "Googlebot"}
		frag, err := EncodeFragment(s)
		if err != nil {
			t.Logf("%s (%d bytes): %v", name, len(body), err)
			continue
		}
		got, _, err := DecodeFragment(frag)
		if err != nil || got != s {
			t.Errorf("%s: the link did not bring the bytes back (err %v)", name, err)
		}
		t.Logf("%s (%d bytes) → %d-character fragment", name, len(body), len(frag))
	}
}

// sharedCorpus is ../shared/<sub...>, the project's ground truth; see
// sharedtest.Dir for when a test skips or fails without it.
func sharedCorpus(t *testing.T, sub ...string) string {
	t.Helper()
	return sharedtest.Dir(t, sub...)
}

// pack is raw compressed as a link's state is, in base64url.
func pack(raw []byte) string {
	packed, err := browser.DeflateRaw(raw)
	if err != nil {
		panic(err)
	}
	return base64.RawURLEncoding.EncodeToString(packed)
}

// A link made before the views existed (fields 1 to 8 only) reads as it
// did: nothing to compare, no pins (views_test.go opens it).
func TestLinksFromBeforeTheViewsStillRead(t *testing.T) {
	var raw []byte
	for _, f := range []struct {
		tag byte
		v   string
	}{{tagRobots, "User-agent: *\nDisallow: /x\n"}, {tagCrawler, "GPTBot"}, {tagURLs, "/x"}} {
		raw = append(raw, f.tag, byte(len(f.v)))
		raw = append(raw, f.v...)
	}
	s, present, err := DecodeFragment("#v1." + pack(raw))
	want := model.Saved{Robots: "User-agent: *\nDisallow: /x\n", Crawler: "GPTBot", URLs: "/x"}
	if err != nil || !present || s != want {
		t.Fatalf("decodeFragment = %#v, %v, %v", s, present, err)
	}
}

// A state whose AI policy is longer than any the view writes was crafted:
// it is read without the policy, and the rest of the state kept.
func TestLayoutDropsACraftedPolicy(t *testing.T) {
	long := strings.Repeat("ai-training=blocked\n", maxAIPolicyBytes/20+1)
	got, err := ReadLayout(StateLayout(model.Saved{Robots: example, AIPolicy: long}))
	if err != nil || got.AIPolicy != "" || got.Robots != example {
		t.Errorf("a %d-byte policy read as %d bytes (robots %q, err %v), want none and the robots.txt kept", len(long), len(got.AIPolicy), got.Robots, err)
	}
	fits := strings.Repeat("ai-training=blocked\n", maxAIPolicyBytes/20)
	if got, _ := ReadLayout(StateLayout(model.Saved{AIPolicy: fits})); got.AIPolicy != fits {
		t.Errorf("a %d-byte policy, within the bound, was not kept", len(fits))
	}
}
