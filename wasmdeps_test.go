package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// heavyForThePage are packages a lighter route replaces in the page's wasm,
// each with what its import costs app.wasm (measured before it was dropped,
// issue 9: transfer <= 1.0 MB as Brotli) and what to use instead.
var heavyForThePage = map[string]string{
	"html":      "its entity table, 70 KB raw, 23 KB gzip: escape with escapeHTML (wasm/htmlescape.go)",
	"net/netip": "it and its zone interning, 130 KB raw, 29 KB gzip: read addresses with engine/ipaddr.go",
}

// TestPageLeavesOutHeavyPackages fails when the page's wasm links a package
// of heavyForThePage again.
func TestPageLeavesOutHeavyPackages(t *testing.T) {
	cmd := exec.Command("go", "list", "-deps", "./wasm")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		t.Skipf("go list -deps ./wasm for js/wasm: %v", err)
	}
	for _, pkg := range strings.Fields(string(out)) {
		if why, heavy := heavyForThePage[pkg]; heavy {
			t.Errorf("the page's wasm imports %s, which costs %s", pkg, why)
		}
	}
}
