//go:build js && wasm

package workers

import (
	"math/rand/v2"
	"slices"
	"testing"

	"robotstester/engine"
)

// Findings packed by a worker read back as they were, whatever their
// text; bytes that are not a packing read as none.
func TestPackedDiagnosticsReadBack(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 9))
	texts := []string{"", "a", "line `x`: é \x00\x01\xff", string(make([]byte, 300)), "readers-typo"}
	for range 200 {
		ds := make(engine.Diagnostics, rng.IntN(20))
		for i := range ds {
			ds[i] = engine.Diagnostic{
				Line: rng.IntN(1 << 22), Col: rng.IntN(20000), Severity: engine.Severity(rng.IntN(3)),
				Code: texts[rng.IntN(len(texts))], Message: texts[rng.IntN(len(texts))],
			}
		}
		b := packDiagnostics(ds)
		if got := unpackDiagnostics(b); !slices.Equal(got, ds) {
			t.Fatalf("%v read back as %v", ds, got)
		}
		if len(b) > 0 {
			if got := unpackDiagnostics(b[:len(b)-1]); got != nil && len(ds) > 0 && slices.Equal(got, ds) {
				t.Fatalf("a cut packing read back whole: %v", got)
			}
		}
	}
	for _, bad := range [][]byte{{0x80}, {1, 2, 3, 9, 'a'}, {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}} {
		if got := unpackDiagnostics(bad); got != nil {
			t.Errorf("% x read as %v, want none", bad, got)
		}
	}
}
