//go:build js && wasm

package jsapi

import (
	"strings"
	"testing"
)

// A file parsed from the input buffer keeps its text when the next call
// writes over the buffer: robotsTesterParse makes no copy of its own, so
// this holds only while Parse copies what it is given.
func TestParsedFromTheBufferKeepsItsText(t *testing.T) {
	text := "User-agent: *\nDisallow: /private\n"
	robotsTesterInput(int32(len(text)))
	id := robotsTesterParse(int32(copy(exportIn, text)))
	defer robotsTesterRelease(id)
	copy(exportIn, strings.Repeat("x", len(text)))
	r := parsed[int(id)]
	if r == nil {
		t.Fatal("robotsTesterParse gave no file")
	}
	if r.Body != text || r.RuleText(2) != "Disallow: /private" {
		t.Errorf("after the buffer was written over, the file reads %q", r.Body)
	}
}
