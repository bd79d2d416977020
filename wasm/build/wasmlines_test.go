//go:build !js

package main

import (
	"bytes"
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestStripLineTablesRuns builds testdata/stackprobe for js/wasm, packs one
// copy with its line tables and one without, and runs both under Node with
// Go's wasm_exec_node.js: the garbage collector's stack walks, stack growth,
// defer and recover must give the same output, and a panic's traceback must
// still name the functions, with "?:0" for the lines only the stripped one
// lacks.
func TestStripLineTablesRuns(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		msg := "node is not installed: run make node (Debian: sudo apt-get install -y nodejs); the stripped build is not run"
		if os.Getenv("CI") == "true" {
			t.Fatal(msg + " (CI=true: a missing tool fails)")
		}
		t.Skip(msg)
	}
	goroot := runtime.GOROOT()
	execJS := filepath.Join(goroot, "lib", "wasm", "wasm_exec_node.js")
	if _, err := os.Stat(execJS); err != nil {
		execJS = filepath.Join(goroot, "misc", "wasm", "wasm_exec_node.js")
	}
	dir := t.TempDir()
	built := buildProbe(t, dir)
	run := func(keepLines bool, args ...string) (string, error) {
		name := filepath.Join(dir, map[bool]string{true: "kept.wasm", false: "stripped.wasm"}[keepLines])
		b, err := os.ReadFile(built)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, b, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := packWasmFile(name, keepLines); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(node, append([]string{execJS, name}, args...)...).CombinedOutput()
		return string(out), err
	}
	kept, err := run(true)
	if err != nil {
		t.Fatalf("the probe with its line tables failed: %v\n%s", err, kept)
	}
	stripped, err := run(false)
	if err != nil {
		t.Fatalf("the probe without line tables failed: %v\n%s", err, stripped)
	}
	if stripped != kept || !strings.Contains(kept, "assignment to entry in nil map") {
		t.Errorf("the probe printed\n%s\nwith its line tables and\n%s\nwithout", kept, stripped)
	}

	keptPanic, _ := run(true, "panic")
	strippedPanic, _ := run(false, "panic")
	if !strings.Contains(keptPanic, "stackprobe/main.go:") {
		t.Errorf("the kept build's traceback names no line:\n%s", keptPanic)
	}
	if !strings.Contains(strippedPanic, "panic: asked to") || !strings.Contains(strippedPanic, "main.main()\n\t?:0") {
		t.Errorf("the stripped build's traceback, want main.main() at ?:0:\n%s", strippedPanic)
	}
}

// TestStripLineTablesKeeps checks, on a real js/wasm build, that stripping
// changes only what it says: the file, line and inlining offsets of each
// _func and the bytes of tables nothing else uses; every pcsp and stack-map
// table reads the same before and after.
func TestStripLineTablesKeeps(t *testing.T) {
	dir := t.TempDir()
	built := buildProbe(t, dir)
	module, err := os.ReadFile(built)
	if err != nil {
		t.Fatal(err)
	}
	var before, after []byte
	_, _, _, err = packDataSegments(module, func(image []byte) (lineTables, error) {
		before = bytes.Clone(image)
		done, err := stripLineTables(image)
		after = image
		return done, err
	})
	if err != nil {
		t.Fatal(err)
	}
	at, err := findPCHeader(before)
	if err != nil {
		t.Fatal(err)
	}
	le := binary.LittleEndian
	nfunc := le.Uint64(before[at+8:])
	pctab := uint64(at) + le.Uint64(before[at+8+48:])
	ftab := uint64(at) + le.Uint64(before[at+8+56:])
	table := func(image []byte, off uint32) string {
		n, ok := pcvalueLen(image[pctab+uint64(off) : ftab])
		if !ok {
			t.Fatalf("the table at %d does not end", off)
		}
		return string(image[pctab+uint64(off) : pctab+uint64(off)+uint64(n)])
	}
	changed := map[uint64]bool{}
	for i := range nfunc {
		f := ftab + uint64(le.Uint32(before[ftab+8*i+4:]))
		npcdata := uint64(le.Uint32(before[f+funcNPCData:]))
		for j := range 3 + npcdata {
			field := funcTableField(f, j)
			for k := range uint64(4) {
				changed[field+k] = droppable(j)
			}
			off := le.Uint32(after[field:])
			if droppable(j) {
				if off != 0 {
					t.Fatalf("function %d keeps table %d", i, j)
				}
				continue
			}
			if off != le.Uint32(before[field:]) {
				t.Fatalf("function %d's table %d moved", i, j)
			}
			if off != 0 && table(before, off) != table(after, off) {
				t.Fatalf("function %d's table %d changed", i, j)
			}
		}
	}
	// Outside the pctab, only the offsets stripLineTables zeroed differ.
	for i := range before {
		inTables := uint64(i) >= pctab && uint64(i) < ftab
		if before[i] != after[i] && !inTables && !changed[uint64(i)] {
			t.Fatalf("byte %d outside the pctab changed", i)
		}
		if before[i] != after[i] && after[i] != 0 {
			t.Fatalf("byte %d changed to %d, not zeroed", i, after[i])
		}
	}
}

// buildProbe builds testdata/stackprobe for js/wasm into dir, as make wasm
// builds the page, and returns the file's path.
func buildProbe(t *testing.T, dir string) string {
	t.Helper()
	built := filepath.Join(dir, "probe.wasm")
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", built, "./testdata/stackprobe")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building the probe: %v\n%s", err, out)
	}
	return built
}
