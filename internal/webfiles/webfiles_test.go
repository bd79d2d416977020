package webfiles

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
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

// checkBraces reports the first brace of css that does not close (or a
// close with nothing open), and an @media opened inside another block: the
// page's style sheet keeps its media queries at the top level, so a nested
// one is how a brace lost in a merge shows (a whole layout then silently
// applies only inside a phone's query). Comments and strings are skipped.
func checkBraces(css string) (line int, msg string) {
	var open []int // the line of each block still open
	ln := 1
	for i := 0; i < len(css); i++ {
		switch c := css[i]; {
		case c == '\n':
			ln++
		case c == '/' && i+1 < len(css) && css[i+1] == '*':
			end := strings.Index(css[i+2:], "*/")
			if end < 0 {
				return ln, "a comment that never closes"
			}
			ln += strings.Count(css[i:i+2+end], "\n")
			i += end + 3
		case c == '"' || c == '\'':
			end := strings.IndexByte(css[i+1:], c)
			if end < 0 {
				return ln, "a string that never closes"
			}
			i += end + 1
		case c == '@' && strings.HasPrefix(css[i:], "@media") && len(open) > 0:
			return ln, "an @media inside the block opened on line " + strconv.Itoa(open[len(open)-1])
		case c == '{':
			open = append(open, ln)
		case c == '}':
			if len(open) == 0 {
				return ln, "a } with no block open"
			}
			open = open[:len(open)-1]
		}
	}
	if len(open) > 0 {
		return open[len(open)-1], "a block that never closes"
	}
	return 0, ""
}

// The page's style sheet closes every block it opens: a lost brace does not
// fail any build, it only makes the rules after it apply where they should
// not.
func TestStyleSheetClosesItsBlocks(t *testing.T) {
	for _, c := range []struct {
		css  string
		line int
	}{
		{"a { b: c; }\n@media (x) {\n  a { b: c; }\n}\n", 0},
		{"a { content: \"}\"; }\n/* { */\n", 0},
		{"@media (x) {\n  a { b: c; }\n\n@media (y) {\n  a { b: c; }\n}\n", 4},
		{"a { b: c; }\n}\n", 2},
		{"a {\n b: c;\n", 1},
	} {
		if line, msg := checkBraces(c.css); line != c.line {
			t.Errorf("%q: line %d (%s), want %d", c.css, line, msg, c.line)
		}
	}
	css, err := os.ReadFile(filepath.Join("..", "..", "web", "style.css"))
	if err != nil {
		t.Fatal(err)
	}
	if line, msg := checkBraces(string(css)); msg != "" {
		t.Errorf("web/style.css line %d: %s", line, msg)
	}
}
