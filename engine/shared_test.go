package engine

import (
	"testing"

	"robotstester/engine/sharedtest"
)

// sharedDir is ../shared/<sub...>, the project's ground truth; see
// sharedtest.Dir for when a test skips or fails without it.
func sharedDir(t testing.TB, sub ...string) string {
	t.Helper()
	return sharedtest.Dir(t, sub...)
}
