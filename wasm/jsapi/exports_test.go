//go:build js && wasm

package jsapi

import (
	"maps"
	"os"
	"regexp"
	"strconv"
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
	f := parsed[int(id)]
	if f == nil {
		t.Fatal("robotsTesterParse gave no file")
	}
	r := f.r
	if r.Body != text || r.RuleText(2) != "Disallow: /private" {
		t.Errorf("after the buffer was written over, the file reads %q", r.Body)
	}
}

// TestAnswerWordsMatchHandlesJS: handles.js reads the answer's words and
// flags by the numbers exports.go writes them at.
func TestAnswerWordsMatchHandlesJS(t *testing.T) {
	src, err := os.ReadFile("handles.js")
	if err != nil {
		t.Fatal(err)
	}
	for _, table := range []struct {
		name string
		want map[string]int
	}{
		{"A", map[string]int{"text": aText, "textLen": aTextLen, "flags": aFlags, "allowed": aAllowed, "line": aLine, "why": aWhy,
			"group": aGroup, "testedAt": aTestedAt, "notes": aNotes, "pieces": aPieces, "words": answerWords}},
		{"F", map[string]int{"json": fJSON, "rule": fRule, "why": fWhy, "testedAs": fTestedAs, "sent": fSent, "group": fGroup, "around": fAround}},
	} {
		m := regexp.MustCompile(`var ` + table.name + ` = \{([^}]*)\};`).FindSubmatch(src)
		if m == nil {
			t.Fatalf("handles.js has no table var %s = {…};", table.name)
		}
		got := map[string]int{}
		for _, kv := range strings.Split(string(m[1]), ",") {
			k, v, _ := strings.Cut(kv, ":")
			n, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil {
				t.Fatalf("handles.js, %s: %q is not a number", table.name, kv)
			}
			got[strings.TrimSpace(k)] = n
		}
		if !maps.Equal(got, table.want) {
			t.Errorf("handles.js's %s is %v; exports.go numbers them %v", table.name, got, table.want)
		}
	}
}
