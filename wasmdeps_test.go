package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// heavyForThePage are packages a lighter route replaces in the page's wasm,
// each with what its import costs app.wasm (measured before it was dropped,
// issue 9: transfer <= 1.0 MB as Brotli) and what to use instead.
var heavyForThePage = map[string]string{
	"html":      "its entity table, 70 KB raw, 23 KB gzip: escape with browser.EscapeHTML (wasm/browser/htmlescape.go)",
	"net/netip": "it and its zone interning, 130 KB raw, 29 KB gzip: read addresses with engine/ipaddr.go",
	"golang.org/x/net/idna": "its UTS #46 tables, 30 KB as Brotli in app.wasm, 120 KB with fmt in core.wasm: " +
		"js builds map international hosts with the browser's URL parser (wasm/browserhost, engine.SetHostMapper)",
	"golang.org/x/text/unicode/norm": "its normalisation tables, 45 KB as Brotli: " +
		"the python reader's NFKC check reads engine/readers/pynfkc.go's table",
	// fmt, os, compress/flate and encoding/csv went together: 83 KB as Brotli.
	"fmt": "its reflection-driven printer and the os it imports: build messages with strconv and +",
	"os":  "its files, polling and syscall tables: the page has no files; fmt and compress/flate brought it in",
	"compress/flate": "its compressor, and the fmt it imports: links and drafts are compressed by the browser's " +
		"CompressionStream (wasm/browser/deflate.go)",
	"encoding/csv": "the fmt it imports: imported CSV files are read by wasm/model/csvread.go, held to encoding/csv by a test",
}

// heavyForTheEngine are packages core.wasm (the engine alone, issue 13:
// <= 600 KB as Brotli) leaves out, besides heavyForThePage's.
var heavyForTheEngine = map[string]string{}

// wasmDeps lists what pkg links for js/wasm.
func wasmDeps(t *testing.T, pkg string) []string {
	t.Helper()
	cmd := exec.Command("go", "list", "-deps", pkg)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		msg := "go list -deps " + pkg + " for js/wasm: " + err.Error() + "; run GOOS=js GOARCH=wasm go list -deps " + pkg + " to see why"
		if os.Getenv("CI") == "true" {
			t.Fatal(msg + " (CI=true: the check must run)")
		}
		t.Skip(msg)
	}
	return strings.Fields(string(out))
}

// TestPageLeavesOutHeavyPackages fails when the page's wasm links a package
// of heavyForThePage again.
func TestPageLeavesOutHeavyPackages(t *testing.T) {
	for _, pkg := range wasmDeps(t, "./wasm") {
		if why, heavy := heavyForThePage[pkg]; heavy {
			t.Errorf("the page's wasm imports %s, which costs %s", pkg, why)
		}
	}
}

// TestEngineWasmLeavesOutHeavyPackages: the same for core.wasm, with fmt.
func TestEngineWasmLeavesOutHeavyPackages(t *testing.T) {
	for _, pkg := range wasmDeps(t, "./wasm/core") {
		why, heavy := heavyForThePage[pkg]
		if !heavy {
			why, heavy = heavyForTheEngine[pkg]
		}
		if heavy {
			t.Errorf("core.wasm imports %s, which costs %s", pkg, why)
		}
	}
}

// TestPageLeavesOutTimeFormatting fails when app.wasm links time's
// formatting code (Time.Format and its layout tables, about 12 KB as
// Brotli). The linker keeps it when a type it cannot rule out being put in
// an interface mentions time.Time (a field, a func parameter); it reads the
// linker's dependency dump, so it costs one link of the page.
func TestPageLeavesOutTimeFormatting(t *testing.T) {
	if testing.Short() {
		t.Skip("links app.wasm; skipped with -short")
	}
	flags := pageGCFlags(t)
	t.Logf("linking ./wasm with %q", flags)
	args := append([]string{"build", "-trimpath", "-ldflags=-dumpdep"}, flags...)
	cmd := exec.Command("go", append(args, "-o", filepath.Join(t.TempDir(), "app.wasm"), "./wasm")...)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		msg := "linking the page for js/wasm: " + err.Error() + "\n" + string(out[:min(len(out), 2000)]) + "\nrun make wasm to see the build's own error"
		if os.Getenv("CI") == "true" {
			t.Fatal(msg + "\n(CI=true: the check must run)")
		}
		t.Skip(msg)
	}
	var why []string
	for _, line := range strings.Split(string(out), "\n") {
		if strings.Contains(line, "type:time.Time") || strings.Contains(line, "func(time.Time)") {
			why = append(why, line)
		}
	}
	if strings.Contains(string(out), "-> time.Time.String") {
		t.Errorf("app.wasm links time.Time.String and with it time's formatting code; what brings time.Time in:\n%s\n"+
			"store times as int64 nanoseconds, or pass deadlines inside closures (wasm/browser/sliced.go)", strings.Join(why, "\n"))
	}
}

// pageGCFlags are the Makefile's PAGE_GCFLAGS, with which make builds
// app.wasm: inlining decides which types the linker keeps.
func pageGCFlags(t *testing.T) []string {
	t.Helper()
	mk, err := os.ReadFile("Makefile")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(mk), "\nPAGE_GCFLAGS := ")
	if !ok {
		t.Fatal("the Makefile sets no PAGE_GCFLAGS")
	}
	var flags []string
	for _, line := range strings.Split(rest, "\n") {
		flags = append(flags, strings.Fields(strings.TrimSuffix(line, "\\"))...)
		if !strings.HasSuffix(line, "\\") {
			break
		}
	}
	return flags
}
