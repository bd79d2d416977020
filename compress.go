package main

import (
	"fmt"
	"io/fs"

	"robotstester/internal/webfiles"
)

// The compressed forms of the site's files, as the server sends them.
//
// Brotli at its best setting takes seconds for app.wasm (about 15 s for
// 5 MB), too slow for start-up, so it runs at build time: `go run
// ./wasm/build -precompress web` (make brotli) writes NAME.br beside every
// compressible file of web/, the server embeds those with the rest of web/
// and sends them to browsers that accept br. A .br that no longer inflates
// to its file (the file was rebuilt without make) is never served. Gzip,
// which every client takes, is made by the server itself after start-up
// (server.go).

// brotliForm is the Brotli variant of the site's file name (whose bytes are
// body) read from name.br, or nil with the reason when there is none to
// serve: missing, or not the Brotli form of these bytes.
func brotliForm(site fs.FS, name string, body []byte) (*variant, error) {
	br, err := fs.ReadFile(site, name+webfiles.BrotliSuffix)
	if err != nil {
		return nil, err
	}
	if !webfiles.InflatesTo(br, body) {
		return nil, fmt.Errorf("%s%s does not inflate to %s (stale: rebuilt without make?)", name, webfiles.BrotliSuffix, name)
	}
	return &variant{body: br, etag: strongETag(br)}, nil
}
