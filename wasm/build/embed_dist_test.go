//go:build !js

package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"robotstester/internal/webfiles"
)

// TestDistShipsEmbed: the static folder carries the widgets' script and the
// engine-only build, byte for byte as the server sends them.
func TestDistShipsEmbed(t *testing.T) {
	site := webfiles.Dir(filepath.Join("..", "..", "web"))
	for _, name := range []string{"app.wasm", "core.wasm"} {
		if _, err := fs.Stat(site, name); err != nil {
			msg := "web/" + name + " is not built: run make wasm before this test"
			if os.Getenv("CI") == "true" {
				t.Fatal(msg + " (CI=true: a build step left undone fails)")
			}
			t.Skip(msg)
		}
	}
	out := t.TempDir()
	if err := writeDist(out, site); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"embed.js", "core.wasm", "wasm_exec.js"} {
		want, err := fs.ReadFile(site, name)
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join(out, "site", name))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("dist/site/%s: %v, %d bytes; want the site's %d bytes", name, err, len(got), len(want))
		}
	}
}
