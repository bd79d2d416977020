package model

import (
	"encoding/csv"
	"errors"
	"io"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
)

// csvRecords reads all of in with read, the records and the error that
// ended them (nil at the end of the input), each error as "line N: what".
func csvRecords(in string, read func() ([]string, error), lineOf func(error) (int, error)) ([][]string, string) {
	var recs [][]string
	for {
		rec, err := read()
		if err == io.EOF {
			return recs, ""
		}
		if err != nil {
			line, what := lineOf(err)
			return recs, "line " + strconv.Itoa(line) + ": " + what.Error()
		}
		recs = append(recs, rec)
	}
}

func ours(in string, src io.Reader) ([][]string, string) {
	r := newCSVReader(src)
	return csvRecords(in, r.read, func(err error) (int, error) {
		var ce *csvError
		if errors.As(err, &ce) {
			return ce.line, ce.err
		}
		return 0, err
	})
}

func theirs(in string) ([][]string, string) {
	r := csv.NewReader(strings.NewReader(in))
	r.FieldsPerRecord = -1
	return csvRecords(in, r.Read, func(err error) (int, error) {
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			return pe.Line, pe.Err
		}
		return 0, err
	})
}

// TestCSVReaderIsEncodingCSV holds the import's CSV reader to encoding/csv
// (FieldsPerRecord -1) on hand-picked and 50,000 random inputs: the same
// records, and the same error on the same line. Inputs are read whole and
// one byte at a time.
func TestCSVReaderIsEncodingCSV(t *testing.T) {
	cases := []string{
		"", "\n", "\r\n", "\r", "a", "a\r", "a\n\nb\n", "url,x\n/a\n/b,1,2\n",
		`"a,b",c` + "\n", `"a""b"` + "\r\n", "\"multi\r\nline\",x\n", `"open`, "\"open\n", `a"b`, `"a"b`,
		"\"a\"\r", "\"\"\n", ",,\n", "\"a\n\n\"\n", "x,\"y\n", "\xef\xbb\xbfurl\n/a\n",
		strings.Repeat("long", 3000) + "\n\"" + strings.Repeat("q", 5000) + "\"\n",
	}
	rng := rand.New(rand.NewPCG(9, 309))
	alphabet := []string{"a", "b", ",", `"`, `""`, "\n", "\r", "\r\n", " ", "é", "\xff"}
	for range 50000 {
		var b strings.Builder
		for n := rng.IntN(24); n > 0; n-- {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		cases = append(cases, b.String())
	}
	bad := 0
	for _, in := range cases {
		wantRecs, wantErr := theirs(in)
		for _, src := range []io.Reader{strings.NewReader(in), iotest.OneByteReader(strings.NewReader(in))} {
			gotRecs, gotErr := ours(in, src)
			if gotErr != wantErr || !slices.EqualFunc(gotRecs, wantRecs, slices.Equal) {
				if bad++; bad <= 10 {
					t.Errorf("%q:\n got  %q %s\n want %q %s", in, gotRecs, gotErr, wantRecs, wantErr)
				}
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d inputs read differently", bad, 2*len(cases))
	}
}
