package webfiles

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// Dir takes web/ as //go:embed web does: a build's dotfile or an editor's
// _draft never reaches the offline builds.
func TestDirLeavesOutWhatEmbedLeavesOut(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"index.html", "app.wasm", ".app.wasm.tmp", "_draft.js", "img/logo.png", "img/.DS_Store", ".git/config", "_old/style.css"} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(name), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var got []string
	if err := fs.WalkDir(Dir(dir), ".", func(name string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			got = append(got, name)
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if want := []string{"app.wasm", "img/logo.png", "index.html"}; !slices.Equal(got, want) {
		t.Errorf("Dir holds %q, want %q", got, want)
	}
	for _, name := range []string{".app.wasm.tmp", "_draft.js", "_old/style.css", ".git/config"} {
		if _, err := fs.ReadFile(Dir(dir), name); err == nil {
			t.Errorf("%s can be read through Dir; want it left out", name)
		}
	}
}

func TestType(t *testing.T) {
	tests := []struct {
		name, contentType string
		compress          bool
	}{
		{"app.wasm", "application/wasm", true},
		{"index.html", "text/html; charset=utf-8", true},
		{"img/shot.png", "image/png", false},
	}
	for _, tt := range tests {
		if ct, c := Type(tt.name); ct != tt.contentType || c != tt.compress {
			t.Errorf("Type(%q) = %q, %v; want %q, %v", tt.name, ct, c, tt.contentType, tt.compress)
		}
	}
}
