package engine

import (
	"os"
	"path/filepath"
	"testing"
)

// sharedDir is ../shared beside the repository root, where the project's
// ground truth lives (specs, Google's conformance suite, the real corpus).
// Without it the test is skipped, unless REQUIRE_SHARED=1 (CI), where its
// absence fails the run.
func sharedDir(t testing.TB, sub ...string) string {
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
			t.Fatalf("REQUIRE_SHARED=1 but %s is missing: clone the shared folder beside the repository", path)
		}
		t.Skipf("%s is missing (the shared ground truth beside the repository); skipping", path)
	}
	return path
}
