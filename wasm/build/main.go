//go:build !js

// Command build is what make runs to build the page, kept out of the binary
// a user runs (whose -h lists only what a user sets). It runs on the host,
// never in the browser.
//
//	go run ./wasm/build -pack-wasm web/.app.wasm.tmp   # make wasm's last step: data segments packed, line tables dropped (wasmdata.go, wasmlines.go)
//	go run ./wasm/build -keep-lines -pack-wasm FILE    # the same, keeping the tables tracebacks print (make -B KEEP_LINES=1 wasm)
//	go run ./wasm/build -precompress web               # web/NAME.br beside each compressible file (brotli.go), make brotli
//	go run ./wasm/build -dist dist                     # the offline builds from web/ (dist.go), make dist
//
// The flow, one step a flag, each reading what the one before wrote:
//
//	go build (GOOS=js) ──▶ .app.wasm.tmp ──-pack-wasm──▶ web/app.wasm ──-precompress──▶ web/NAME.br ──-dist──▶ dist/
//
// What the server and this tool both know about web/ (which files the site
// holds, their types, gzip and Brotli) is internal/webfiles.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"

	"robotstester/internal/webfiles"
)

func main() {
	packWasm := flag.String("pack-wasm", "", "rewrite the data segments of the wasm `FILE` to compress better")
	keepLines := flag.Bool("keep-lines", false, "with -pack-wasm: keep the file and line tables that tracebacks print (wasmlines.go)")
	precompress := flag.String("precompress", "", "write `DIR`/NAME.br, the Brotli form of each compressible file in DIR")
	dist := flag.String("dist", "", "write the offline builds into `DIR` (DIR/"+singleFileName+" and DIR/site/)")
	web := flag.String("web", "web", "with -dist: the site's `DIR`, taken as the server embeds it")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: go run ./wasm/build [-keep-lines] -pack-wasm FILE | -precompress DIR | -dist DIR [-web DIR]\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	log.SetFlags(0)
	steps := 0
	for _, f := range []string{*packWasm, *precompress, *dist} {
		if f != "" {
			steps++
		}
	}
	if steps != 1 || flag.NArg() > 0 {
		log.Print("give one step: -pack-wasm FILE, -precompress DIR or -dist DIR")
		flag.Usage()
		os.Exit(2)
	}

	switch {
	case *packWasm != "":
		what, err := packWasmFile(*packWasm, *keepLines)
		if err != nil {
			log.Fatalf("packing the data segments: %v", err)
		}
		log.Print(what)
	case *precompress != "":
		wrote, err := writeBrotliForms(*precompress)
		if err != nil {
			log.Fatalf("writing the Brotli forms in %s: %v", *precompress, err)
		}
		if len(wrote) == 0 {
			log.Printf("the Brotli forms in %s are up to date", *precompress)
		} else {
			log.Printf("wrote %s in %s", strings.Join(wrote, ", "), *precompress)
		}
	case *dist != "":
		if err := writeDist(*dist, webfiles.Dir(*web)); err != nil {
			log.Fatalf("writing the offline builds into %s: %v", *dist, err)
		}
		log.Printf("wrote %s and %s", filepath.Join(*dist, singleFileName), filepath.Join(*dist, "site")+string(filepath.Separator))
	}
}
