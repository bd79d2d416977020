package engine

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"robotstester/engine/catalogue"
	"robotstester/engine/sharedtest"
)

// The behaviour diff lists exactly the (URL, crawler) pairs whose verdicts
// differ when both versions are tested one by one, with the deciding lines
// of each.
func TestDiffFindsExactlyTheFlips(t *testing.T) {
	all, _ := catalogue.FindPreset("all")
	cols := append(PresetColumns(all), TokenColumn("Unnamedbot"))
	rng := rand.New(rand.NewPCG(1, 2))
	for _, l := range sharedtest.CorpusLists(t) {
		a := Parse(l.Body)
		for edit := range 3 {
			b := Parse(mutate(rng, l.Body, edit))
			d := Compare(a, b, l.URLs, cols)
			flips := map[[2]int]Flip{}
			for _, f := range d.Flips {
				flips[[2]int{f.Row, f.Col}] = f
			}
			for c, col := range cols {
				for u, url := range l.URLs {
					ra, rb := TestColumn(a, col, url), TestColumn(b, col, url)
					f, listed := flips[[2]int{u, c}]
					if listed != (ra.Allowed != rb.Allowed) {
						t.Fatalf("%s edit %d: %s %s: A %v (line %d), B %v (line %d); listed as a flip: %v",
							l.File, edit, col.Name, url, ra.Allowed, ra.Line, rb.Allowed, rb.Line, listed)
					}
					if listed && (f.A.Line != ra.Line || f.B.Line != rb.Line || f.ARule != a.RuleText(ra.Line) || f.BRule != b.RuleText(rb.Line)) {
						t.Fatalf("%s: flip %+v does not name the deciding lines %d and %d", l.File, f, ra.Line, rb.Line)
					}
				}
			}
		}
	}
}

// mutate edits a robots.txt the way people do: flip a rule's kind, delete a
// line, or add a group.
func mutate(rng *rand.Rand, body []byte, kind int) []byte {
	lines := strings.Split(string(body), "\n")
	i := rng.IntN(len(lines))
	switch kind {
	case 0:
		for j := range lines {
			k := (i + j) % len(lines)
			low := strings.ToLower(lines[k])
			if strings.HasPrefix(low, "disallow:") {
				lines[k] = "Allow:" + lines[k][len("disallow:"):]
				break
			}
			if strings.HasPrefix(low, "allow:") {
				lines[k] = "Disallow:" + lines[k][len("allow:"):]
				break
			}
		}
	case 1:
		lines = slices.Delete(lines, i, i+1)
	default:
		lines = slices.Insert(lines, 0, "User-agent: GPTBot", "User-agent: Googlebot", "Disallow: /", "")
	}
	return []byte(strings.Join(lines, "\n"))
}

func TestDiffGroupChanges(t *testing.T) {
	a := Parse([]byte("User-agent: *\nDisallow: /private\n"))
	b := Parse([]byte("User-agent: *\nDisallow: /private\n\n# AI crawlers\nUser-agent: GPTBot\nDisallow: /\n"))
	d := Compare(a, b, []string{"https://example.com/", "https://example.com/private/x"}, []Column{ColumnFor("GPTBot"), ColumnFor("Bingbot")})
	if len(d.Groups) != 1 || d.Groups[0].Sentence != "GPTBot now obeys the group at line 5 (GPTBot), not * (line 1)." {
		t.Errorf("group changes: %+v", d.Groups)
	}
	if len(d.Flips) != 1 || d.Flips[0].Row != 0 || d.Sentence(d.Flips[0]) != "GPTBot, https://example.com/: allowed (no rule) → blocked (line 6, Disallow: /)." {
		t.Errorf("flips: %+v", d.Flips)
	}
	if got := d.Summary(); got != "1 verdict flips: 1 newly blocked, 0 newly allowed." {
		t.Errorf("summary %q", got)
	}
	// A second group naming GPTBot is merged with the first; one that moved
	// down a line is no change.
	c := Parse([]byte("User-agent: *\nDisallow: /private\n\n# AI crawlers\nUser-agent: GPTBot\nDisallow: /\n\nUser-agent: GPTBot\nAllow: /blog/\n"))
	moved := Parse([]byte("\nUser-agent: *\nDisallow: /private\n\n# AI crawlers\nUser-agent: GPTBot\nDisallow: /\n"))
	if g := Compare(b, c, d.URLs, d.Columns).Groups; len(g) != 1 || g[0].Sentence != "GPTBot now obeys the groups at lines 5, 8 (GPTBot), not the group at line 5 (GPTBot)." {
		t.Errorf("a second GPTBot group: %+v", g)
	}
	if g := Compare(b, moved, d.URLs, d.Columns).Groups; len(g) != 0 {
		t.Errorf("a group that moved a line down changed groups: %+v", g)
	}
	if same := Compare(a, a, d.URLs, d.Columns); same.Summary() != "No URL changes verdict for these crawlers." || len(same.Lines) != 0 {
		t.Errorf("a file against itself: %q, %d hunks", same.Summary(), len(same.Lines))
	}
}

func TestLineDiff(t *testing.T) {
	tests := []struct {
		name, a, b string
		want       []Hunk
	}{
		{"identical", "a\nb\n", "a\nb\n", nil},
		{"a line added", "a\nc\n", "a\nb\nc\n", []Hunk{{2, 2, 2, 3}}},
		{"a line removed", "a\nb\nc\n", "a\nc\n", []Hunk{{2, 3, 2, 2}}},
		{"a line changed", "a\nb\nc\n", "a\nB\nc\n", []Hunk{{2, 3, 2, 3}}},
		{"line endings alone are no change", "a\r\nb\r\n", "a\nb\n", nil},
		{"two separate changes", "1\n2\n3\n4\n5\n", "1\nX\n3\n4\n5\nY\n", []Hunk{{2, 3, 2, 3}, {6, 6, 6, 7}}},
		{"everything new", "", "a\nb", []Hunk{{1, 2, 1, 3}}},
		{"a group added at the end", "a\nb\n", "a\nb\n\nc\nd\n", []Hunk{{3, 3, 3, 6}}},
		{"a final line break alone is no change", "a\nb", "a\nb\n", nil},
	}
	for _, tt := range tests {
		got := LineDiff(Parse([]byte(tt.a)), Parse([]byte(tt.b)))
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}

// Applying the hunks to A's lines gives B's, and no hunk is empty, for
// random edits of real files.
func TestLineDiffRebuildsB(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, l := range sharedtest.CorpusLists(t) {
		a := Parse(l.Body)
		for edit := range 6 {
			body := mutate(rng, l.Body, edit%3)
			if edit >= 3 {
				body = mutate(rng, body, rng.IntN(3))
			}
			b := Parse(body)
			la, lb := lineTexts(a), lineTexts(b)
			var rebuilt []string
			at := 1
			for _, h := range LineDiff(a, b) {
				if h.ATo-h.AFrom == 0 && h.BTo-h.BFrom == 0 || h.AFrom < at {
					t.Fatalf("%s: empty or overlapping hunk %+v", l.File, h)
				}
				rebuilt = append(rebuilt, la[at-1:h.AFrom-1]...)
				rebuilt = append(rebuilt, lb[h.BFrom-1:h.BTo-1]...)
				at = h.ATo
			}
			rebuilt = append(rebuilt, la[at-1:]...)
			if !slices.Equal(rebuilt, lb) {
				t.Fatalf("%s edit %d: the hunks do not turn A into B", l.File, edit)
			}
		}
	}
}

// Two files that share little are one change of all that lies between
// their common start and end, found without walking every edit.
func TestLineDiffGivesUpOnUnrelatedFiles(t *testing.T) {
	var a, b strings.Builder
	a.WriteString("User-agent: *\n")
	b.WriteString("User-agent: *\n")
	for i := range 2 * maxDiffEdits {
		fmt.Fprintf(&a, "Disallow: /a%d\n", i)
		fmt.Fprintf(&b, "Disallow: /b%d\n", i)
	}
	a.WriteString("# end\n")
	b.WriteString("# end\n")
	got := LineDiff(Parse([]byte(a.String())), Parse([]byte(b.String())))
	want := []Hunk{{2, 2 + 2*maxDiffEdits, 2, 2 + 2*maxDiffEdits}}
	if !slices.Equal(got, want) {
		t.Errorf("%v, want %v", got, want)
	}
}
