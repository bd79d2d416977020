package readers

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"go/format"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

var updateCaseTables = flag.Bool("update-case-tables", false, "write reader_case_tables.go from python3 and node (testdata/readers/case.py, case.js)")

// caseGoUnicode is the Unicode version of Go's unicode package that
// reader_case_tables.go was written against: its lower maps hold only the
// mappings that differ from unicode.ToLower of that version.
const caseGoUnicode = "15.0.0"

// TestCaseTablesGoUnicode: a Go with another Unicode changes
// unicode.ToLower under the tables; they must be written again.
func TestCaseTablesGoUnicode(t *testing.T) {
	if unicode.Version != caseGoUnicode {
		t.Fatalf("Go's unicode package is Unicode %s, the case tables were written against %s: run go test ./engine/readers -run TestReadersLiveCase -update-case-tables (with python3 %s and node %s) and set caseGoUnicode",
			unicode.Version, caseGoUnicode, pyCase.runtime, jsCase.runtime)
	}
}

// TestLowerStrings: the cases the tables exist for, as CPython 3.11 and
// Node 20 lower-case them.
func TestLowerStrings(t *testing.T) {
	for _, tc := range []struct{ in, py, js string }{
		{"ΣΑΣ", "σας", "σας"},
		{"Σ", "σ", "σ"},          // nothing cased before it
		{"AΣ", "aς", "aς"},       // a word's end
		{"AΣB", "aσb", "aσb"},    // inside a word
		{"AΣ'", "aς'", "aς'"},    // an apostrophe is case-ignorable
		{"A'Σ", "a'ς", "a'ς"},    // before it too
		{"AΣ'B", "aσ'b", "aσ'b"}, // and skipped to find the cased B
		{"A\u0301Σ", "a\u0301ς", "a\u0301ς"},
		{"1Σ", "1σ", "1σ"}, // a digit is not cased
		{"ʰΣ", "ʰσ", "ʰσ"}, // U+02B0 is cased and case-ignorable: skipped
		{"ɐΣ", "ɐς", "ɐς"}, // U+0250 is cased with no upper-case pair
		{"ʕΣ", "ʕς", "ʕσ"}, // U+0295 is Ll in Unicode 14, Lo (not cased) since 16
		{"İx", "i\u0307x", "i\u0307x"},
		{"\u212Aoo", "koo", "koo"},
		{"\U0001E030Σ", "\U0001E030σ", "\U0001E030σ"}, // new in Unicode 15: unassigned to Python 3.11, case-ignorable to Node 20
		{"A\U0001E030Σ", "a\U0001E030σ", "a\U0001E030ς"},
		{"\U0001E900", "\U0001E922", "\U0001E922"}, // Adlam: a pair since Unicode 9
	} {
		if got := pyLower(tc.in); got != tc.py {
			t.Errorf("pyLower(%q) = %q, want %q (%s)", tc.in, got, tc.py, pyCase.runtime)
		}
		if got := jsLower(tc.in); got != tc.js {
			t.Errorf("jsLower(%q) = %q, want %q (%s)", tc.in, got, tc.js, jsCase.runtime)
		}
	}
}

// caseProbe is what case.py and case.js write.
type caseProbe struct {
	Version   string            `json:"version"`
	Lower     map[string][]rune `json:"lower"`
	Ignorable [][2]rune         `json:"ignorable"`
	Cased     [][2]rune         `json:"cased"`
}

func runCaseProbe(t *testing.T, prog, script string) caseProbe {
	t.Helper()
	cmd := exec.Command(prog, script)
	cmd.Dir = readersDir
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v\n%s", prog, script, err, stderr.String())
	}
	var p caseProbe
	if err := json.Unmarshal(out.Bytes(), &p); err != nil {
		t.Fatal(err)
	}
	return p
}

func inRanges(rs [][2]rune, r rune) bool {
	i := sort.Search(len(rs), func(i int) bool { return rs[i][1] >= r })
	return i < len(rs) && rs[i][0] <= r
}

// TestReadersLiveCase checks pyLower and jsLower against the real
// str.lower() and toLowerCase() for every code point: its own mapping, and
// how it counts next to a Σ, before and after. Tables probed from another
// version of the runtime cannot agree: the test says so and skips.
// -update-case-tables writes the tables from the runtimes installed.
func TestReadersLiveCase(t *testing.T) {
	t.Parallel()
	node, python := oracles(t)
	probes := map[string]caseProbe{
		"py": runCaseProbe(t, python, "case.py"),
		"js": runCaseProbe(t, node, "case.js"),
	}
	if *updateCaseTables {
		writeCaseTables(t, probes)
		return
	}
	for _, c := range []struct {
		name   string
		tables *caseTables
		lower  func(string) string
	}{{"py", &pyCase, pyLower}, {"js", &jsCase, jsLower}} {
		p := probes[c.name]
		if p.Version != c.tables.runtime {
			t.Logf("the %s case tables are %s's, this machine has %s: skipping its code point check", c.name, c.tables.runtime, p.Version)
			continue
		}
		checked, bad := 0, 0
		for r := rune(0); r <= unicode.MaxRune; r++ {
			if 0xD800 <= r && r <= 0xDFFF {
				continue
			}
			checked++
			s := string(r)
			want := s
			if m, ok := p.Lower[strconv.Itoa(int(r))]; ok {
				want = string(m)
			}
			after := []rune(c.lower("AΣ" + s))[1] == 'ς'
			before := strings.HasSuffix(c.lower("A"+s+"Σ"), "ς")
			ign, cased := inRanges(p.Ignorable, r), inRanges(p.Cased, r)
			if got := c.lower(s); got != want || after != (ign || !cased) || before != (ign || cased) {
				if bad++; bad <= 10 {
					t.Errorf("%s %U: lower %q (want %q), final sigma after it %v, before it %v; %s has case-ignorable %v, cased %v",
						c.name, r, got, want, after, before, p.Version, ign, cased)
				}
			}
		}
		t.Logf("%s: %d/%d code points lower-case as %s does", c.name, checked-bad, checked, p.Version)
	}
}

// writeCaseTables writes reader_case_tables.go from the probes.
func writeCaseTables(t *testing.T, probes map[string]caseProbe) {
	var b bytes.Buffer
	b.WriteString("// Code generated by go test ./engine/readers -run TestReadersLiveCase -update-case-tables; DO NOT EDIT.\n\n")
	b.WriteString("package readers\n\nimport \"unicode\"\n\n")
	fmt.Fprintf(&b, "// The lower-casing of each reader's runtime (reader_case.go), probed by\n// testdata/readers/case.py and case.js; mappings relative to Go's Unicode %s.\n\n", unicode.Version)
	for _, name := range []string{"py", "js"} {
		p := probes[name]
		fmt.Fprintf(&b, "var %sCase = caseTables{\n\truntime: %q,\n", name, p.Version)
		fmt.Fprintf(&b, "\tignorable: %s,\n\tcased: %s,\n\tlower: map[rune]string{\n", rangeTableLiteral(p.Ignorable), rangeTableLiteral(p.Cased))
		var diff []rune
		for r := rune(0); r <= unicode.MaxRune; r++ {
			if 0xD800 <= r && r <= 0xDFFF {
				continue
			}
			want := string(r)
			if m, ok := p.Lower[strconv.Itoa(int(r))]; ok {
				want = string(m)
			}
			if want != string(unicode.ToLower(r)) {
				diff = append(diff, r)
				fmt.Fprintf(&b, "\t\t0x%04X: %+q,\n", r, want)
			}
		}
		b.WriteString("\t},\n}\n\n")
		t.Logf("%s (%s): %d case-ignorable ranges, %d cased ranges, %d mappings other than Go's", name, p.Version, len(p.Ignorable), len(p.Cased), len(diff))
	}
	src, err := format.Source(b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("reader_case_tables.go", src, 0o644); err != nil {
		t.Fatal(err)
	}
}

// rangeTableLiteral writes ranges as a *unicode.RangeTable, stride 1,
// four ranges a line.
func rangeTableLiteral(rs [][2]rune) string {
	var r16, r32 []string
	latin := 0
	for _, r := range rs {
		lo := r[0]
		if lo <= 0xFFFF {
			r16 = append(r16, fmt.Sprintf("{0x%04X, 0x%04X, 1}", lo, min(r[1], 0xFFFF)))
			if r[1] <= unicode.MaxLatin1 {
				latin++
			}
			lo = 0x10000
		}
		if r[1] > 0xFFFF {
			r32 = append(r32, fmt.Sprintf("{0x%04X, 0x%04X, 1}", lo, r[1]))
		}
	}
	lines := func(entries []string) string {
		var b strings.Builder
		for i, e := range entries {
			if i%4 == 0 {
				b.WriteString("\n")
			} else {
				b.WriteString(" ")
			}
			b.WriteString(e + ",")
		}
		return b.String()
	}
	return fmt.Sprintf("&unicode.RangeTable{\nR16: []unicode.Range16{%s\n},\nR32: []unicode.Range32{%s\n},\nLatinOffset: %d,\n}", lines(r16), lines(r32), latin)
}
