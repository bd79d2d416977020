//go:build !js

package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/andybalholm/brotli"
	"golang.org/x/net/html"

	"robotstester/internal/webfiles"
)

// sampleSite looks like web/ after make wasm, with the awkward cases added:
// a script that holds "</script>", an icon, an image, a font in the CSS and
// a Content-Security-Policy.
func sampleSite() fstest.MapFS {
	wasm := make([]byte, 64<<10)
	for i := range wasm {
		wasm[i] = byte(i * 7 % 251)
	}
	return fstest.MapFS{
		"index.html": {Data: []byte(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'wasm-unsafe-eval'">
<link rel="stylesheet" href="style.css">
<link rel="icon" href="icon.svg">
<script src="wasm_exec.js"></script>
<script src="loader.js" defer></script>
</head>
<body>
<a href="#results">Skip</a> <a href="https://example.com/docs">docs</a>
<img src="img/logo.png" alt="">
<main id="app"></main>
</body>
</html>
`)},
		"style.css":     {Data: []byte("@font-face { src: url('fonts/a.woff2') } body { background: url(data:image/png;base64,AAAA) }\n")},
		"wasm_exec.js":  {Data: []byte("var end = \"</script>\"; var c = '<!-- x';\n")},
		"loader.js":     {Data: []byte("document.getElementById('wasm-inline');\n")},
		"icon.svg":      {Data: []byte("<svg xmlns='http://www.w3.org/2000/svg'/>")},
		"img/logo.png":  {Data: []byte("\x89PNG")},
		"fonts/a.woff2": {Data: []byte("wOF2")},
		"app.wasm":      {Data: wasm},
	}
}

func TestSingleFileIsSelfContained(t *testing.T) {
	site := sampleSite()
	out := t.TempDir()
	if err := writeDist(out, site); err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(filepath.Join(out, singleFileName))
	if err != nil {
		t.Fatal(err)
	}
	checkSelfContained(t, page, site["app.wasm"].Data)

	text := string(page)
	for _, want := range []string{
		`var end = "<\/script>"; var c = '<\!-- x';`, // the script cannot end its element early
		"data:image/svg+xml;base64,",                 // the icon
		"data:font/woff2;base64,",                    // the font the CSS refers to
		"url(data:image/png;base64,AAAA)",            // a data: URL left alone
		`<a href="https://example.com/docs">`,        // links to other sites stay
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the single file lacks %q", want)
		}
	}
	if strings.Index(text, `id="wasm-inline"`) > strings.Index(text, "getElementById('wasm-inline')") {
		t.Errorf("loader.js runs before script#wasm-inline exists")
	}
	for _, js := range []string{`var end = "<\/script>"; var c = '<\!-- x';` + "\n", "document.getElementById('wasm-inline');\n"} {
		sum := sha256.Sum256([]byte(js))
		if !strings.Contains(text, "sha256-"+base64.StdEncoding.EncodeToString(sum[:])) {
			t.Errorf("the Content-Security-Policy does not allow the inlined script %q", js)
		}
	}
}

// checkSelfContained fails when page loads anything from outside itself, and
// checks that script#wasm-inline holds wasm exactly.
func checkSelfContained(t *testing.T, page, wasm []byte) {
	t.Helper()
	z := html.NewTokenizer(bytes.NewReader(page))
	inWasm, found := false, false
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		tok := z.Token()
		switch tt {
		case html.StartTagToken, html.SelfClosingTagToken:
			for _, a := range tok.Attr {
				external := (a.Key == "src" || (a.Key == "href" && tok.Data == "link")) && !strings.HasPrefix(a.Val, "data:")
				if external || (a.Key == "href" && isLocal(a.Val)) {
					t.Errorf("the single file refers to another file: <%s %s=%q>", tok.Data, a.Key, a.Val)
				}
			}
			inWasm = tok.Data == "script" && attr(tok, "id") == "wasm-inline"
			if inWasm && (attr(tok, "type") != "application/octet-stream" || attr(tok, "data-encoding") != "gzip") {
				t.Errorf("script#wasm-inline is %s", tok)
			}
		case html.TextToken:
			if !inWasm {
				continue
			}
			found = true
			gz, err := base64.StdEncoding.DecodeString(strings.TrimSpace(tok.Data))
			if err != nil {
				t.Fatalf("script#wasm-inline is not base64: %v", err)
			}
			zr, err := gzip.NewReader(bytes.NewReader(gz))
			if err != nil {
				t.Fatalf("script#wasm-inline is not gzip: %v", err)
			}
			got, err := io.ReadAll(zr)
			if err != nil || !bytes.Equal(got, wasm) {
				t.Errorf("script#wasm-inline inflates to %d bytes (err %v), not the %d bytes of app.wasm", len(got), err, len(wasm))
			}
		case html.EndTagToken:
			inWasm = false
		}
	}
	if !found {
		t.Errorf("the single file has no script#wasm-inline")
	}
}

func TestDistSiteHasEveryFile(t *testing.T) {
	site := sampleSite()
	out := t.TempDir()
	stale := filepath.Join(out, "site", "old.js")
	os.MkdirAll(filepath.Dir(stale), 0o755)
	os.WriteFile(stale, []byte("x"), 0o644)
	if err := writeDist(out, site); err != nil {
		t.Fatal(err)
	}
	for name, f := range site {
		got, err := os.ReadFile(filepath.Join(out, "site", filepath.FromSlash(name)))
		if err != nil || !bytes.Equal(got, f.Data) {
			t.Errorf("site/%s differs from the site's file (err %v)", name, err)
		}
	}
	if _, err := os.Stat(stale); err == nil {
		t.Errorf("a file no longer in the site stayed in site/")
	}
}

func TestDistRefusesWhatTheSingleFileCannotCarry(t *testing.T) {
	tests := []struct {
		name, file, data, want string
	}{
		{"no app.wasm", "app.wasm", "", "make wasm"},
		{"a root-relative reference", "index.html", `<script src="/loader.js"></script>`, `"loader.js"`},
		{"a parent reference", "index.html", `<link rel="stylesheet" href="../x.css">`, "relative"},
		{"a missing file", "index.html", `<img src="missing.png">`, "does not have"},
		{"a link to another page of the site", "index.html", `<a href="about.html">about</a>`, "anchor"},
		{"a CSS reference to a missing file", "style.css", `a { background: url(nope.png) }`, "does not have"},
	}
	for _, tt := range tests {
		site := sampleSite()
		if tt.data == "" {
			delete(site, tt.file)
		} else {
			site[tt.file] = &fstest.MapFile{Data: []byte(`<link rel="stylesheet" href="style.css">` + tt.data)}
			if tt.file == "style.css" {
				site[tt.file] = &fstest.MapFile{Data: []byte(tt.data)}
			}
		}
		err := writeDist(t.TempDir(), site)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: writeDist error = %v; want one mentioning %q", tt.name, err, tt.want)
		}
	}
}

// TestDistOfTheEmbeddedSite builds the single file from the real web/
// folder, as make dist does, and reports its size.
func TestDistOfTheEmbeddedSite(t *testing.T) {
	site := webfiles.Dir(filepath.Join("..", "..", "web"))
	wasm, err := fs.ReadFile(site, "app.wasm")
	if err != nil {
		msg := "web/app.wasm is missing: run make wasm before this test"
		if os.Getenv("CI") == "true" {
			t.Fatal(msg + " (CI=true: a build step left undone fails)")
		}
		t.Skip(msg)
	}
	out := t.TempDir()
	if err := writeDist(out, site); err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(filepath.Join(out, singleFileName))
	if err != nil {
		t.Fatal(err)
	}
	checkSelfContained(t, page, wasm)
	t.Logf("%s: %d bytes (app.wasm %d bytes)", singleFileName, len(page), len(wasm))
}

func TestDistSiteHasCompressedForms(t *testing.T) {
	site := sampleSite()
	site["style.css"].Data = append(site["style.css"].Data, strings.Repeat("p { margin: 0 }\n", 20)...)
	site["index.html.br"] = &fstest.MapFile{Data: webfiles.Brotli(site["index.html"].Data)}
	site["style.css.br"] = &fstest.MapFile{Data: webfiles.Brotli([]byte("an older stylesheet"))}
	out := t.TempDir()
	if err := writeDist(out, site); err != nil {
		t.Fatal(err)
	}
	dir := os.DirFS(filepath.Join(out, "site"))
	inflate := map[string]func([]byte) ([]byte, error){
		".gz": func(b []byte) ([]byte, error) {
			zr, err := gzip.NewReader(bytes.NewReader(b))
			if err != nil {
				return nil, err
			}
			return io.ReadAll(zr)
		},
		".br": func(b []byte) ([]byte, error) { return io.ReadAll(brotli.NewReader(bytes.NewReader(b))) },
	}
	tests := []struct {
		name string
		want bool
	}{
		{"app.wasm.gz", true},
		{"index.html.gz", true},
		{"index.html.br", true},     // make brotli's form, copied
		{"style.css.gz", true},      // gzip, though its .br is stale
		{"style.css.br", false},     // stale: not the form of style.css
		{"app.wasm.br", false},      // none in the site
		{"loader.js.gz", false},     // gzip would make it larger
		{"img/logo.png.gz", false},  // compressed already
		{"fonts/a.woff2.gz", false}, // compressed already
	}
	for _, tt := range tests {
		b, err := fs.ReadFile(dir, tt.name)
		if (err == nil) != tt.want {
			t.Errorf("site/%s exists: %v, want %v", tt.name, err == nil, tt.want)
			continue
		}
		if err != nil {
			continue
		}
		ext := filepath.Ext(tt.name)
		orig := strings.TrimSuffix(tt.name, ext)
		got, err := inflate[ext](b)
		if err != nil || !bytes.Equal(got, site[orig].Data) {
			t.Errorf("site/%s does not inflate to %s (err %v)", tt.name, orig, err)
		}
	}
}
