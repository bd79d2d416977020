// Package webfiles is what the server (the root's package main) and the
// build tool (wasm/build) both know about the site's files in web/: which
// of them the site holds, the type of each and whether it is worth
// compressing, and their gzip and Brotli forms.
//
//	web/ ──Dir──▶ the site's files, as //go:embed web takes them (no dot or underscore names)
//	name ──Type──▶ Content-Type + compressible
//	bytes ──Gzip, Brotli──▶ compressed forms; InflatesTo checks a stored .br against its file
//
// It lives under internal/ because two package mains need it and nothing
// outside this module should.
package webfiles

import (
	"io/fs"
	"mime"
	"os"
	"path"
	"slices"
	"strings"
)

// fileTypes is fixed here rather than read from the host's mime.types, so
// the server answers the same on every machine (browsers refuse to stream-
// compile app.wasm under any type but application/wasm). compress says
// whether gzip is worth it; PNG is compressed already.
var fileTypes = map[string]struct {
	contentType string
	compress    bool
}{
	".html": {"text/html; charset=utf-8", true},
	".js":   {"text/javascript; charset=utf-8", true},
	".css":  {"text/css; charset=utf-8", true},
	".wasm": {"application/wasm", true},
	".svg":  {"image/svg+xml", true},
	".json": {"application/json", true},
	".txt":  {"text/plain; charset=utf-8", true},
	".ico":  {"image/x-icon", true},
	".png":  {"image/png", false},
}

// Type is the Content-Type the server sends for a file of this name (the
// host's mime table for a type not listed above), and whether compressing
// it is worth it.
func Type(name string) (contentType string, compress bool) {
	t, known := fileTypes[path.Ext(name)]
	if !known {
		return mime.TypeByExtension(path.Ext(name)), false
	}
	return t.contentType, t.compress
}

// Compressible reports whether a file of this name is worth compressing.
func Compressible(name string) bool {
	_, compress := Type(name)
	return compress
}

// Walk calls fn with the name of every regular file of site, in
// lexical order, leaving out dotfiles and dot folders as the server does.
func Walk(site fs.FS, fn func(name string) error) error {
	return fs.WalkDir(site, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if name != "." && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		return fn(name)
	})
}

// Dir is the folder dir as the server's //go:embed web takes it: names that
// start with "." or "_" (a build's temporary .app.wasm.tmp, editor files)
// are left out, so what the build tool writes from web/ holds exactly the
// files the binary serves.
func Dir(dir string) fs.FS { return embedded{os.DirFS(dir)} }

type embedded struct{ fs.FS }

// hidden reports whether a slash-separated name has an element //go:embed
// leaves out.
func hidden(name string) bool {
	for _, elem := range strings.Split(name, "/") {
		if elem != "." && (strings.HasPrefix(elem, ".") || strings.HasPrefix(elem, "_")) {
			return true
		}
	}
	return false
}

func (e embedded) Open(name string) (fs.File, error) {
	if hidden(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return e.FS.Open(name)
}

func (e embedded) ReadDir(name string) ([]fs.DirEntry, error) {
	if hidden(name) {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrNotExist}
	}
	entries, err := fs.ReadDir(e.FS, name)
	return slices.DeleteFunc(entries, func(d fs.DirEntry) bool { return hidden(d.Name()) }), err
}
