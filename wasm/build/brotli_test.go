//go:build !js

package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"robotstester/internal/webfiles"
)

func TestWriteBrotliForms(t *testing.T) {
	dir := t.TempDir()
	css := bytes.Repeat([]byte("body { margin: 0; }\n"), 50)
	files := map[string][]byte{
		"app.wasm":         bytes.Repeat([]byte("wasm code "), 500),
		"style.css":        css,
		"style.css.br":     webfiles.Brotli(css), // up to date: kept as it is
		"index.html":       bytes.Repeat([]byte("<p>tester</p>\n"), 40),
		"index.html.br":    webfiles.Brotli([]byte("an older page")),
		"removed.js.br":    webfiles.Brotli([]byte("a file since deleted")),
		"tiny.txt":         []byte("a"), // Brotli cannot shrink it
		"shot.png":         bytes.Repeat([]byte("png"), 100),
		".hidden.js":       bytes.Repeat([]byte("secret "), 100),
		"sub/page.svg":     bytes.Repeat([]byte("<svg/>\n"), 100),
		".git/config.json": bytes.Repeat([]byte(`{"a": 1}`), 100),
	}
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	old := time.Now().Add(-time.Hour)
	os.Chtimes(filepath.Join(dir, "style.css.br"), old, old)

	wrote, err := writeBrotliForms(dir)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"app.wasm.br", "index.html.br", "sub/page.svg.br"}; !slices.Equal(wrote, want) {
		t.Errorf("wrote %q, want %q", wrote, want)
	}
	site := os.DirFS(dir)
	for _, name := range []string{"app.wasm", "index.html", "style.css", "sub/page.svg"} {
		if br, err := fs.ReadFile(site, name+webfiles.BrotliSuffix); err != nil || !webfiles.InflatesTo(br, files[name]) {
			t.Errorf("%s has no good Brotli form (%v)", name, err)
		}
	}
	for _, name := range []string{"removed.js.br", "tiny.txt.br", "shot.png.br", ".hidden.js.br", ".git/config.json.br"} {
		if _, err := fs.Stat(site, name); err == nil {
			t.Errorf("%s exists; want none", name)
		}
	}
	if info, err := os.Stat(filepath.Join(dir, "style.css.br")); err != nil || !info.ModTime().Equal(old) {
		t.Errorf("the up-to-date style.css.br was rewritten (%v)", err)
	}
	if again, err := writeBrotliForms(dir); err != nil || len(again) != 0 {
		t.Errorf("a second run wrote %q (err %v); everything was up to date", again, err)
	}
}
