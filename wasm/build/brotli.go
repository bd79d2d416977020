//go:build !js

package main

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"robotstester/internal/webfiles"
)

// writeBrotliForms writes NAME.br beside every compressible file in dir
// (dotfiles and their folders left out, as the server leaves them out) when
// Brotli makes it smaller, keeps a .br that is up to date, and removes a .br
// whose file is gone or does not shrink. It returns the names it wrote.
// Brotli at its best takes about 15 s for app.wasm, so make brotli runs
// this only when web/ changed, and it rewrites only what is out of date.
func writeBrotliForms(dir string) ([]string, error) {
	var wrote []string
	site := os.DirFS(dir)
	err := webfiles.Walk(site, func(name string) error {
		file := filepath.Join(dir, filepath.FromSlash(name))
		if base, ok := strings.CutSuffix(name, webfiles.BrotliSuffix); ok {
			if _, err := fs.Stat(site, base); errors.Is(err, fs.ErrNotExist) {
				return os.Remove(file)
			}
			return nil
		}
		if !webfiles.Compressible(name) {
			return nil
		}
		body, err := fs.ReadFile(site, name)
		if err != nil {
			return err
		}
		if br, err := fs.ReadFile(site, name+webfiles.BrotliSuffix); err == nil && webfiles.InflatesTo(br, body) {
			return nil
		}
		br := webfiles.Brotli(body)
		if len(br) >= len(body) {
			if err := os.Remove(file + webfiles.BrotliSuffix); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return err
			}
			return nil
		}
		wrote = append(wrote, name+webfiles.BrotliSuffix)
		return os.WriteFile(file+webfiles.BrotliSuffix, br, 0o644)
	})
	return wrote, err
}
