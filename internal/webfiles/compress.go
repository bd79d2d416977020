package webfiles

import (
	"bytes"
	"compress/gzip"
	"io"

	"github.com/andybalholm/brotli"
)

// The compressed forms of the site's files. Brotli at its best setting takes
// seconds for app.wasm (about 15 s for 5 MB), too slow for start-up, so the
// build tool writes NAME.br beside each compressible file (make brotli) and
// the server sends those that still inflate to their file. Gzip, which every
// client takes, the server makes itself after start-up.

// BrotliSuffix names the Brotli form of a file: app.wasm.br beside app.wasm,
// the convention static servers read too (nginx brotli_static, Caddy's
// precompressed).
const BrotliSuffix = ".br"

// Brotli's best quality with its largest standard window (RFC 7932 §9.1:
// WBITS up to 24): app.wasm compresses a quarter smaller than with gzip -9.
const (
	brotliQuality = 11
	brotliWindow  = 24
)

// Brotli is b compressed at Brotli's best.
func Brotli(b []byte) []byte {
	var buf bytes.Buffer
	zw := brotli.NewWriterOptions(&buf, brotli.WriterOptions{Quality: brotliQuality, LGWin: brotliWindow})
	zw.Write(b) // writes to a bytes.Buffer do not fail
	zw.Close()
	return buf.Bytes()
}

// Gzip is b compressed at gzip's best level.
func Gzip(b []byte) []byte {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		panic(err) // BestCompression is a valid level
	}
	zw.Write(b) // writes to a bytes.Buffer do not fail
	zw.Close()
	return buf.Bytes()
}

// InflatesTo reports whether br is a Brotli stream of exactly want. It reads
// at most one byte more than want, so a wrong file costs no more than a
// right one.
func InflatesTo(br, want []byte) bool {
	got, err := io.ReadAll(io.LimitReader(brotli.NewReader(bytes.NewReader(br)), int64(len(want))+1))
	return err == nil && bytes.Equal(got, want)
}
