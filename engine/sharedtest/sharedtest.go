// Package sharedtest finds the project's ground truth for tests: the folder
// shared/ beside the repository (specs, Google's conformance suite, the real
// corpus, the crawler catalogue), and reads the real corpus's files and URL
// lists for the tests of engine, engine/readers and engine/ai (corpus.go);
// it also holds the fuzz seeds engine and engine/ai start from
// (fuzzseeds.go). It is test support only; nothing in the product imports
// it.
package sharedtest

import (
	"os"
	"path/filepath"
	"testing"
)

// Dir returns ../shared/<sub...> beside the repository root (the folder
// holding go.mod, found from the test's working directory). When it is
// missing the test is skipped with a message saying so, unless
// REQUIRE_SHARED=1 (CI), where its absence fails the test.
func Dir(t testing.TB, sub ...string) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's directory")
		}
		dir = parent
	}
	path := filepath.Join(append([]string{dir, "..", "shared"}, sub...)...)
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("REQUIRE_SHARED") == "1" {
			t.Fatalf("REQUIRE_SHARED=1 but %s is missing: put the shared ground truth beside the repository", path)
		}
		t.Skipf("%s is missing (the shared ground truth beside the repository); skipping", path)
	}
	return path
}
