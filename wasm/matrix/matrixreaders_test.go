//go:build js && wasm

package matrix

import (
	"encoding/json"
	otherreaders "robotstester/engine/readers"
	"slices"
	"strings"
	"testing"
	"time"

	"robotstester/engine"
	"robotstester/wasm/store"
)

// useOwnReading makes the store read its matrix as each crawler's own reader,
// with every cell read, and returns the reader matrix.
func useOwnReading(t *testing.T, m *engine.Matrix) *otherreaders.ReaderMatrix {
	old := readerMatrixCache
	t.Cleanup(func() { readerMatrixCache = old })
	store.Page.In.ReadAs = store.ReadAsOwn
	rm := otherreaders.NewReaderMatrix([]byte(store.Page.In.Robots), store.Page.Robots, m)
	for !rm.Fill(100) {
	}
	readerMatrixCache.of, readerMatrixCache.m, readerMatrixCache.job, readerMatrixCache.pending = m, rm, nil, nil
	if shownReaderMatrix(m) != rm {
		t.Fatal("the reader matrix set is not the one shown")
	}
	return rm
}

// A file Google reads more leniently than RFC 9309: "Disallow /" has no
// colon, which Google accepts and RFC 9309 (GPTBot's assumed reader) does
// not. In each crawler's own reading, the row filters, the crawler summary
// and both exports follow GPTBot's reader, which allows every URL; in
// Google's they follow Google, which blocks all but /ok.
const ownReadingRobots = "User-agent: *\nDisallow /\nAllow: /ok\n"

func TestMatrixOwnReadingFiltersAndSummary(t *testing.T) {
	oldFilter := matrix.filter
	t.Cleanup(func() { matrix.filter = oldFilter })
	m := useMatrix(t, ownReadingRobots, "https://example.com/private/a\nhttps://example.com/doc.pdf\nhttps://example.com/ok", "Googlebot, GPTBot")
	rows := func(filter string) []int {
		matrix.filter = filter
		return slices.Clone(shownRows(m))
	}
	if got := rows("differ"); len(got) != 0 {
		t.Fatalf("Google's reading: the crawlers disagree on rows %v, want none", got)
	}
	if sum := summaryHTML(m, nil); strings.Count(sum, `data-root="blocked"`) != 2 {
		t.Fatalf("Google's reading: summary %s", sum)
	}
	useOwnReading(t, m)
	if got := rows("differ"); !slices.Equal(got, []int{0, 1}) {
		t.Errorf("own reading: the crawlers disagree on rows %v, want [0 1] (Googlebot blocks them, GPTBot's reader does not)", got)
	}
	if got := rows("blocked"); !slices.Equal(got, []int{0, 1}) {
		t.Errorf("own reading: rows blocked for some crawler %v, want [0 1]", got)
	}
	sum := summaryHTML(m, shownReaderMatrix(m))
	gpt := sum[strings.Index(sum, `<tr data-col="1"`):]
	if !strings.HasPrefix(gpt, `<tr data-col="1" data-root="allowed"`) || !strings.Contains(gpt, `<td class="count">3</td><td class="count">0</td>`) ||
		!strings.Contains(gpt, "reads as rfc9309 (assumed)") {
		t.Errorf("own reading: GPTBot's summary row %s, want the root allowed, 3 allowed, 0 blocked, read as rfc9309 (assumed)", gpt)
	}
}

func TestMatrixOwnReadingExports(t *testing.T) {
	m := useMatrix(t, ownReadingRobots, "https://example.com/private/a\nhttps://example.com/ok", "Googlebot, GPTBot")
	rm := useOwnReading(t, m)
	csv := string(matrixCSV(m, rm))
	want := "url,tested_as,Googlebot (Smartphone / Desktop),Googlebot (Smartphone / Desktop) line,Googlebot (Smartphone / Desktop) reader,GPTBot,GPTBot line,GPTBot reader\r\n" +
		"https://example.com/private/a,/private/a,blocked,2,google,allowed,0,rfc9309 (assumed)\r\n" +
		"https://example.com/ok,/ok,allowed,3,google,allowed,3,rfc9309 (assumed)\r\n"
	if csv != want {
		t.Errorf("CSV:\n%s\nwant\n%s", csv, want)
	}
	var got struct {
		ReadAs   string
		Crawlers []struct {
			Name, Reader, RootVerdict  string
			ReaderAssumed, RootAllowed bool
			Allowed, Blocked           int
		}
		Rows []struct {
			Verdicts []struct {
				Verdict, Why      string
				Line              int
				DiffersFromGoogle bool
			}
		}
	}
	if err := json.Unmarshal(matrixJSON(store.Page.Robots, m, rm), &got); err != nil {
		t.Fatalf("the JSON export does not read: %v", err)
	}
	if got.ReadAs != "own" || len(got.Crawlers) != 2 {
		t.Fatalf("JSON: %+v", got)
	}
	if c := got.Crawlers[1]; c.Reader != "rfc9309" || !c.ReaderAssumed || !c.RootAllowed || c.RootVerdict != "allowed" || c.Allowed != 2 || c.Blocked != 0 {
		t.Errorf("GPTBot in the JSON: %+v, want read as rfc9309 (assumed), root allowed, 2 allowed", c)
	}
	if c := got.Crawlers[0]; c.Reader != "google" || c.RootAllowed || c.Allowed != 1 || c.Blocked != 1 {
		t.Errorf("Googlebot in the JSON: %+v", c)
	}
	if v := got.Rows[0].Verdicts[1]; v.Verdict != "allowed" || v.Line != 0 || !v.DiffersFromGoogle || v.Why == "" {
		t.Errorf("GPTBot's verdict for /private/a: %+v, want allowed, no line, differing from Google, with the reader's sentence", v)
	}
}

// An export asked for in each crawler's own reading before every cell is
// read waits for them, then writes the reader matrix, not Google's.
func TestMatrixExportWaitsForTheReaders(t *testing.T) {
	m := useMatrix(t, ownReadingRobots, "https://example.com/private/a\nhttps://example.com/ok", "Googlebot, GPTBot")
	old := readerMatrixCache
	t.Cleanup(func() { readerMatrixCache = old })
	readerMatrixCache.of, readerMatrixCache.m, readerMatrixCache.job, readerMatrixCache.pending = nil, nil, nil, nil
	store.Page.In.ReadAs = store.ReadAsOwn
	got := make(chan *otherreaders.ReaderMatrix, 1)
	exportMatrix(func(g *engine.Matrix, rm *otherreaders.ReaderMatrix) {
		if g != m {
			t.Errorf("the export wrote another matrix")
		}
		got <- rm
	})
	if readerMatrixCache.pending == nil {
		t.Fatal("the export did not wait for the readers")
	}
	if s := readerStatus(m, shownReaderMatrix(m)); !strings.Contains(s, "the export starts when every cell is read") {
		t.Errorf("the status says %q while the export waits", s)
	}
	select {
	case rm := <-got:
		if rm == nil || !rm.Done() || !rm.Cell(0, 1).Allowed {
			t.Errorf("the export got %+v, want the reader matrix, done, with GPTBot allowed on /private/a", rm)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the export never came")
	}
	if readerMatrixCache.pending != nil {
		t.Error("the export stays pending after it was written")
	}
}

// In each crawler's own reading, a column's groups and its pins are its
// reader's: RFC 9309 skips "User-agent: GPTBot/1.0" (not a product token),
// so GPTBot obeys the "*" group and is blocked from /private/a, where
// Google's reading has it obey line 4's group and be allowed. A pin
// "allowed" there holds as Google reads it and fails as GPTBot's reader
// does; a pin that carries its own robots.txt stays as checked.
func TestMatrixOwnReadingObeysAndPins(t *testing.T) {
	m := useMatrix(t, "User-agent: *\nDisallow: /\n\nUser-agent: GPTBot/1.0\nAllow: /ok\n", "https://example.com/private/a", "Googlebot, GPTBot")
	if label, why := columnObeys(m, nil, 1); label != "GPTBot (line 4)" || !strings.Contains(why, "line 4") {
		t.Errorf("Google's reading: GPTBot obeys %q (%q)", label, why)
	}
	pin := &engine.CaseResult{Case: engine.Case{URL: m.URLs[0], Crawler: "GPTBot", Allowed: true}, Pass: true, Result: engine.Result{Allowed: true}}
	if got := readPin(nil, 0, 1, pin); got != pin {
		t.Errorf("Google's reading: the pin is read again: %+v", got)
	}
	rm := useOwnReading(t, m)
	if label, why := columnObeys(m, rm, 1); label != "* (line 1)" || !strings.Contains(why, "RFC 9309") {
		t.Errorf("own reading: GPTBot obeys %q (%q), want the * group at line 1, as RFC 9309 reads the file", label, why)
	}
	if got := readPin(rm, 0, 1, pin); got.Pass || got.Result.Allowed || !pin.Pass {
		t.Errorf("own reading: the pin reads %+v, want failing (GPTBot's reader blocks), the pin itself untouched", got)
	}
	own := *pin
	own.Case.HasRobots = true
	if got := readPin(rm, 0, 1, &own); got != &own {
		t.Errorf("own reading: a pin with its own robots.txt is read against the draft: %+v", got)
	}
}

// The "pinned" rows come failing first in the reading shown, and the
// status counts the pins failing in it.
func TestMatrixOwnReadingPinnedRows(t *testing.T) {
	oldFilter := matrix.filter
	t.Cleanup(func() { matrix.filter = oldFilter })
	m := useMatrix(t, "User-agent: *\nDisallow: /\n\nUser-agent: GPTBot/1.0\nAllow: /ok\n", "https://example.com/private/a\nhttps://example.com/private/b", "Googlebot, GPTBot")
	// GPTBot may fetch both URLs as Google reads the file, neither as RFC
	// 9309 does: the first pin holds only in Google's reading, the second
	// only in GPTBot's own.
	store.Page.In.Expect = string((&engine.Expectations{Cases: []engine.Case{
		caseFor(m.Columns[1], m.URLs[0], true), caseFor(m.Columns[1], m.URLs[1], false)}}).JSON())
	matrix.filter = "pinned"
	if got := slices.Clone(shownRows(m)); !slices.Equal(got, []int{1, 0}) {
		t.Errorf("Google's reading: pinned rows %v, want [1 0] (the second pin fails)", got)
	}
	useOwnReading(t, m)
	if got := slices.Clone(shownRows(m)); !slices.Equal(got, []int{0, 1}) {
		t.Errorf("own reading: pinned rows %v, want [0 1] (the first pin fails)", got)
	}
	// checkedPins puts Google's failing pin first: the second, on row 1.
	if pass, rows := pinsShown(m, shownReaderMatrix(m)); len(pass) != 2 || !pass[0] || pass[1] || !slices.Equal(rows, []int{1, 0}) {
		t.Errorf("own reading: pins on rows %v, want [1 0], the first holding and the second failing", rows)
	}
}
