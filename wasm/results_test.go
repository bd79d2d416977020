//go:build js && wasm

package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestWriteJSONStringReadsBackAsTheText(t *testing.T) {
	for _, text := range []string{"", "plain", `quote " and \ backslash`, "tab\tNUL\x00 unit\x1f", "café ✓ \u2028"} {
		var b strings.Builder
		writeJSONString(&b, text)
		var got string
		if err := json.Unmarshal([]byte(b.String()), &got); err != nil || got != text {
			t.Errorf("writeJSONString(%q) = %s, read back as %q (%v)", text, b.String(), got, err)
		}
	}
}

// A flipped verdict (an edit of the robots.txt) writes the attribute and
// two texts; a rule that becomes a server answer rewrites the cell's markup.
func TestPatchWritesOnlyWhatChanged(t *testing.T) {
	blocked := row{Input: "/a", TestedAs: "/a", Line: 2, Rule: "Disallow: /", Group: "* (line 1)"}
	allowed := blocked
	allowed.Allowed, allowed.Rule = true, "Allow: /"
	overridden := blocked
	overridden.Line, overridden.Rule, overridden.Override = 0, "", "Server answer: 404"
	tests := []struct {
		change   string
		from, to row
		want     []any
	}{
		{"nothing", blocked, blocked, nil},
		{"the verdict flips", blocked, allowed, []any{7.0, "data-verdict", "allowed", 7.0, 2.0, "Allowed", 7.0, 4.0, "Allow: /"}},
		{"the server answer decides", blocked, overridden, []any{7.0, "data-line", "0", 7.0, "<2", `Blocked <span class="note">(server answer)</span>`,
			7.0, 3.0, "", 7.0, "<4", "Server answer: 404"}},
	}
	for _, tc := range tests {
		var ops patchOps
		newRowView(tc.to).patch(&ops, 7, newRowView(tc.from))
		var got []any
		if ops.b.Len() > 0 {
			if err := json.Unmarshal([]byte(ops.b.String()+"]"), &got); err != nil {
				t.Fatalf("patch ops %s are not JSON: %v", ops.b.String(), err)
			}
		}
		if len(got) != len(tc.want) {
			t.Errorf("%s: ops %v, want %v", tc.change, got, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("%s: ops %v, want %v", tc.change, got, tc.want)
				break
			}
		}
	}
}
