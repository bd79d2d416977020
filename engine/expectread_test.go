package engine

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// readInSlices reads data one case or member at a time, as the page reads
// a large file, counting the calls.
func readInSlices(name string, data []byte) (*Expectations, error, int) {
	r := StartReadExpectations(name, string(data))
	calls := 0
	for !r.Continue(1) {
		calls++
	}
	exp, err := r.Result()
	return exp, err, calls
}

// Read one case at a time, a file gives what it gives in one call: the
// same cases with their lines, or the same error.
func TestExpectationsReadInSlicesAsInOneCall(t *testing.T) {
	inputs := map[string][]byte{
		"indented":         expectationsFile(300, false),
		"one line":         expectationsFile(300, true),
		"empty cases":      []byte(`{"cases": []}`),
		"empty object":     []byte(`{}`),
		"cases last":       []byte(`{"robots": "User-agent: *\nDisallow: /x\n", "source": [1, {"a": null}], "cases": [{"agent": "a", "url": "/x", "expected": "blocked"}]}`),
		"two cases lists":  []byte(`{"cases": [{"agent": "a", "url": "/", "expected": "maybe"}], "cases": [{"agent": "b", "url": "/", "expected": "allowed"}]}`),
		"policy":           []byte(`{"policy": {"ai-training": "blocked"}, "cases": [{"agent": "a", "url": "/", "expected": "allowed"}]}`),
		"policy alone":     []byte(`{"policy": {"ai-training": "blocked"}, "urls": ["https://example.com/"]}`),
		"case then syntax": []byte("{\"cases\": [\n{\"agent\": \"a\", \"url\": \"/\", \"expected\": \"maybe\"},\n{\"agent\": }]}"),
		"case then robots": []byte(`{"cases": [{"agent": "a", "url": "/", "expected": "maybe"}], "robots": 7}`),
		"trailing":         []byte(`{"cases": []} x`),
		"not an object":    []byte(`[{"agent": "a"}]`),
		"nothing":          []byte(""),
		"bom":              []byte("\ufeff{\"cases\": [{\"agent\": \"a\", \"url\": \"/\", \"expected\": \"allowed\"}]}"),
	}
	for name, data := range inputs {
		sameInSlices(t, name, data)
	}
}

func sameInSlices(t *testing.T, name string, data []byte) {
	t.Helper()
	want, wantErr := ReadExpectations("e.json", data)
	got, gotErr, _ := readInSlices("e.json", data)
	if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(gotErr, wantErr) {
		t.Errorf("%s: in slices %+v, %v; in one call %+v, %v", name, got, gotErr, want, wantErr)
	}
}

// Google's conformance files read the same one case at a time.
func TestExpectationsReadConformanceInSlices(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(sharedDir(t, "conformance", "google-spec-test"), "*", "*.json"))
	if len(files) == 0 {
		t.Fatal("no conformance files")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sameInSlices(t, f, data)
	}
}

// Each call reads one case (the first opens the list): a file of any
// size is read in as many slices as it has cases, and gives no result
// before its end.
func TestExpectationsReadOneCaseACall(t *testing.T) {
	r := StartReadExpectations("", string(expectationsFile(1000, true)))
	for range 10 {
		r.Continue(1)
	}
	if _, err := r.Result(); err == nil || !strings.Contains(err.Error(), "not read to its end") {
		t.Errorf("a reading not yet over gave %v", err)
	}
	exp, err, calls := readInSlices("", expectationsFile(1000, true))
	if err != nil || len(exp.Cases) != 1000 || calls != 1000 {
		t.Errorf("1,000 cases: %v, %d read, in %d calls; want 1,000 in 1,000", err, len(exp.Cases), calls)
	}
}
