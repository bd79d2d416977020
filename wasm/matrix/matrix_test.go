//go:build js && wasm

package matrix

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"robotstester/engine"
	"robotstester/engine/catalogue"
	"robotstester/wasm/model"
	"robotstester/wasm/store"
)

func TestMatrixColumnsArePresetThenTyped(t *testing.T) {
	cols := matrixColumns(model.Saved{Preset: "none", Columns: "MyBot, Googlebot Image\nGPTBot,mybot,,  "})
	var names []string
	for _, c := range cols {
		names = append(names, c.Name)
	}
	if strings.Join(names, "|") != "MyBot|Googlebot Image|GPTBot" {
		t.Errorf("columns %q", names)
	}
	if cols[0].Catalogue || !cols[1].Catalogue {
		t.Errorf("MyBot should be a typed token and Googlebot Image a catalogue crawler: %+v", cols[:2])
	}
	ai, _ := catalogue.FindPreset("ai")
	if n := len(matrixColumns(model.Saved{Columns: "GPTBot"})); n != len(ai.Crawlers) {
		t.Errorf("the default preset with GPTBot typed again has %d columns, want %d", n, len(ai.Crawlers))
	}
}

// Pins are checked by the engine against the draft, failing ones first,
// and kept as the expectations JSON that check reads.
func TestPinsFailFirstAndRoundTrip(t *testing.T) {
	m := useMatrix(t, "User-agent: *\nDisallow: /private\n\nUser-agent: GPTBot\nDisallow: /\n", "https://example.com/\nhttps://example.com/private/x", "GPTBot, MyBot/1.0")
	pinCell(0, 1, true)  // MyBot may fetch /: passes
	pinCell(0, 0, true)  // GPTBot may fetch /: fails
	pinCell(1, 1, true)  // MyBot may fetch /private/x: fails
	pinCell(1, 1, false) // … replaced: passes
	n := len(checkedPins())
	var res []engine.CaseResult
	for i := range n {
		res = append(res, pinCaseResult(i))
	}
	if n != 3 || res[0].Pass || !res[1].Pass || !res[2].Pass || res[0].Case.Crawler != "GPTBot" {
		t.Fatalf("pins: %+v", res)
	}
	if got := expectSummary(n, pins.failing); got != "3 expectations: 1 failing, 2 passing." {
		t.Errorf("summary %q", got)
	}
	if p := pinAt(pinKey{m.URLs[0], "GPTBot"}); p == nil || p.Pass {
		t.Errorf("the GPTBot cell's pin: %+v", p)
	}
	// The typed "MyBot/1.0" is pinned as the token read from it, which
	// decides as the cell did.
	if p := pinAt(pinKey{m.URLs[0], columnKey(m.Columns[1])}); p == nil || !p.Pass || p.Case.Agent != "MyBot" {
		t.Errorf("the MyBot/1.0 cell's pin: %+v", p)
	}
	exp, err := engine.ReadExpectations("pins", []byte(store.Page.In.Expect))
	if err != nil || len(exp.Cases) != 3 {
		t.Fatalf("the saved pins do not read back: %v", err)
	}
	unpin(res[0].Case)
	if n := len(checkedPins()); n != 2 {
		t.Errorf("%d pins after removing one of 3", n)
	}
}

// The matrix exports: CSV with a verdict and a line per crawler, JSON with
// what each crawler obeys and every verdict with its rule.
func TestMatrixExports(t *testing.T) {
	m := useMatrix(t, "User-agent: *\nDisallow: /private\n\nUser-agent: GPTBot\nDisallow: /\n", "https://example.com/\n=cmd|' /C calc'!A0", "GPTBot, MyBot")
	csv := string(matrixCSV(m, nil))
	want := "url,tested_as,GPTBot,GPTBot line,MyBot,MyBot line\r\n" +
		"https://example.com/,/,blocked,5,allowed,0\r\n"
	if !strings.HasPrefix(csv, want) || !strings.Contains(csv, "'=cmd") {
		t.Errorf("CSV:\n%s", csv)
	}
	var got struct {
		Crawlers []struct {
			Name, Obeys      string
			ObeysLines       []int
			RootAllowed      bool
			Allowed, Blocked int
		}
		Rows []struct {
			URL, TestedAs string
			Verdicts      []struct {
				Verdict, Rule string
				Line          int
			}
		}
	}
	if err := json.Unmarshal(matrixJSON(store.Page.Robots, m, nil), &got); err != nil {
		t.Fatalf("the JSON export does not read: %v", err)
	}
	if len(got.Crawlers) != 2 || got.Crawlers[0].Obeys != "GPTBot (line 4)" || got.Crawlers[0].RootAllowed || got.Crawlers[0].Blocked != 2 ||
		got.Crawlers[1].Obeys != "* (line 1)" || !got.Crawlers[1].RootAllowed {
		t.Errorf("crawlers: %+v", got.Crawlers)
	}
	if v := got.Rows[0].Verdicts[0]; v.Verdict != "blocked" || v.Line != 5 || v.Rule != "Disallow: /" {
		t.Errorf("GPTBot's verdict for /: %+v", v)
	}
}

func TestRowFilters(t *testing.T) {
	oldFilter := matrix.filter
	t.Cleanup(func() { matrix.filter = oldFilter })
	m := useMatrix(t, "User-agent: *\nDisallow: /private\n\nUser-agent: GPTBot\nDisallow: /gpt\n",
		"https://example.com/\nhttps://example.com/private/x\nhttps://example.com/gpt\nhttps://example.com/both", "GPTBot, MyBot")
	for _, tt := range []struct {
		filter string
		want   []int
	}{
		{"", []int{0, 1, 2, 3}},
		{"differ", []int{1, 2}},  // /private/x: MyBot blocked, GPTBot not; /gpt: the other way
		{"blocked", []int{1, 2}}, // no other URL is blocked for anyone
	} {
		matrix.filter = tt.filter
		if got := shownRows(m); !slices.Equal(got, tt.want) {
			t.Errorf("filter %q: rows %v, want %v", tt.filter, got, tt.want)
		}
	}
	pinCell(3, 0, true) // passes
	pinCell(2, 0, true) // fails: GPTBot is blocked from /gpt
	matrix.filter = "pinned"
	if got := shownRows(m); !slices.Equal(got, []int{2, 3}) {
		t.Errorf("pinned rows %v, want the failing one (2) first, then 3", got)
	}
}

// useMatrix makes the store a state with the given robots.txt, URL list and
// typed columns (no preset) for the test, and returns its matrix.
func useMatrix(t *testing.T, robots, urls, columns string) *engine.Matrix {
	old := store.Page
	t.Cleanup(func() { store.Page = old })
	store.Page = store.NewState(model.Saved{Robots: robots, URLs: urls, Preset: "none", Columns: columns})
	return currentMatrix()
}

// The pins' index finds a cell's last pin, no pin for a cell without one,
// and the same when the cell's hash is shared with another (looked for
// pin by pin).
func TestPinIndexFindsTheLastPinOfACell(t *testing.T) {
	cases := []engine.Case{{URL: "/a"}, {URL: "/b"}, {URL: "/a"}}
	columns := []string{"GPTBot", "token:mybot"}
	results := []pinResult{{c: 0, col: 0}, {c: 1, col: 0}, {c: 2, col: 0}, {c: 0, col: 1}}
	x := pinIndex{at: map[uint64]int32{}}
	for i := range results {
		x.add(cases, columns, results, i)
	}
	for _, collide := range []bool{false, true} {
		if collide {
			x.collide = map[uint64]bool{cellHash(pinKey{"/a", "GPTBot"}): true}
		}
		for key, want := range map[pinKey]int{
			{"/a", "GPTBot"}: 2, {"/b", "GPTBot"}: 1, {"/a", "token:mybot"}: 3, {"/b", "token:mybot"}: -1, {"/c", "GPTBot"}: -1,
		} {
			if got := x.find(cases, columns, results, key); got != want {
				t.Errorf("collide %v: %v found at %d, want %d", collide, key, got, want)
			}
		}
	}
}

// A pin with a robots.txt of its own is listed as decided by it, and still
// is while other pins are being read (their text read, not yet checked).
func TestPinsWithTheirOwnRobotsAreListed(t *testing.T) {
	useMatrix(t, "User-agent: *\nAllow: /\n", "https://example.com/", "GPTBot")
	setPins([]engine.Case{{Agent: "GPTBot", URL: "https://example.com/x", Allowed: true, Robots: []byte("User-agent: *\nDisallow: /x\n"), HasRobots: true}})
	n := len(checkedPins())
	want := "GPTBot` https://example.com/x: expected allowed; Blocked by line 2"
	if html := pinListHTML(n, 0, n); n != 1 || !strings.Contains(html, want) || !strings.Contains(html, "(against its own robots.txt)") {
		t.Fatalf("%d pins listed as %s", n, html)
	}
	// Other pins, read but not yet checked: the list shows the last check.
	store.Page.In.Expect = `{"cases": [{"agent": "a", "url": "/", "expected": "allowed"}]}`
	pinCases()
	if html := pinListHTML(n, 0, n); !strings.Contains(html, want) {
		t.Errorf("while other pins are read, the list shows %s", html)
	}
}
