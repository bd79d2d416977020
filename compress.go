package main

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/andybalholm/brotli"
)

// The compressed forms of the site's files.
//
// Brotli at its best setting takes seconds for app.wasm (about 15 s for
// 5 MB), too slow for start-up, so it runs at build time: `go run .
// -precompress web` (make brotli) writes NAME.br beside every compressible
// file of web/, the server embeds those with the rest of web/ and sends them
// to browsers that accept br. A .br that no longer inflates to its file (the
// file was rebuilt without make) is never served. Gzip, which every client
// takes, is made by the server itself after start-up (server.go).

// brotliSuffix names the Brotli form of a file: app.wasm.br beside app.wasm,
// the convention static servers read too (nginx brotli_static, Caddy's
// precompressed).
const brotliSuffix = ".br"

// Brotli's best quality with its largest standard window (RFC 7932 §9.1:
// WBITS up to 24): app.wasm compresses a quarter smaller than with gzip -9.
const (
	brotliQuality = 11
	brotliWindow  = 24
)

func brotliBytes(b []byte) []byte {
	var buf bytes.Buffer
	zw := brotli.NewWriterOptions(&buf, brotli.WriterOptions{Quality: brotliQuality, LGWin: brotliWindow})
	zw.Write(b) // writes to a bytes.Buffer do not fail
	zw.Close()
	return buf.Bytes()
}

func gzipBytes(b []byte) []byte {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		panic(err) // BestCompression is a valid level
	}
	zw.Write(b) // writes to a bytes.Buffer do not fail
	zw.Close()
	return buf.Bytes()
}

// inflatesTo reports whether br is a Brotli stream of exactly want. It reads
// at most one byte more than want, so a wrong file costs no more than a
// right one.
func inflatesTo(br, want []byte) bool {
	got, err := io.ReadAll(io.LimitReader(brotli.NewReader(bytes.NewReader(br)), int64(len(want))+1))
	return err == nil && bytes.Equal(got, want)
}

// compressible reports whether a file of this name is worth compressing.
func compressible(name string) bool {
	return fileTypes[path.Ext(name)].compress
}

// brotliForm is the Brotli variant of the site's file name (whose bytes are
// body) read from name.br, or nil with the reason when there is none to
// serve: missing, or not the Brotli form of these bytes.
func brotliForm(site fs.FS, name string, body []byte) (*variant, error) {
	br, err := fs.ReadFile(site, name+brotliSuffix)
	if err != nil {
		return nil, err
	}
	if !inflatesTo(br, body) {
		return nil, fmt.Errorf("%s%s does not inflate to %s (stale: rebuilt without make?)", name, brotliSuffix, name)
	}
	return &variant{body: br, etag: strongETag(br)}, nil
}

// writeBrotliForms writes NAME.br beside every compressible file in dir
// (dotfiles and their folders left out, as the server leaves them out) when
// Brotli makes it smaller, keeps a .br that is up to date, and removes a .br
// whose file is gone or does not shrink. It returns the names it wrote.
func writeBrotliForms(dir string) ([]string, error) {
	var wrote []string
	site := os.DirFS(dir)
	err := walkSite(site, func(name string) error {
		file := filepath.Join(dir, filepath.FromSlash(name))
		if base, ok := strings.CutSuffix(name, brotliSuffix); ok {
			if _, err := fs.Stat(site, base); errors.Is(err, fs.ErrNotExist) {
				return os.Remove(file)
			}
			return nil
		}
		if !compressible(name) {
			return nil
		}
		body, err := fs.ReadFile(site, name)
		if err != nil {
			return err
		}
		if _, err := brotliForm(site, name, body); err == nil {
			return nil
		}
		br := brotliBytes(body)
		if len(br) >= len(body) {
			if err := os.Remove(file + brotliSuffix); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return err
			}
			return nil
		}
		wrote = append(wrote, name+brotliSuffix)
		return os.WriteFile(file+brotliSuffix, br, 0o644)
	})
	return wrote, err
}
