//go:build js && wasm

package main

import (
	"strconv"
	"syscall/js"
	"time"
)

func tmark(what string, since time.Time) {
	d := time.Since(since)
	if d > 5*time.Millisecond {
		js.Global().Get("console").Call("log", "TIMING "+what+" "+d.String()+" at "+strconv.Itoa(js.Global().Get("performance").Call("now").Int()))
	}
}
