// Command stackprobe exercises what the Go runtime reads from the pclntab
// while a program runs: stack walks for the garbage collector in deep
// recursion on several goroutines, stack growth and copying, defer, recover,
// and a method value through an interface. TestStripLineTablesRuns builds it
// for js/wasm, strips its line tables and checks it prints the same.
package main

import (
	"fmt"
	"os"
	"runtime"
	"sort"
	"strings"
)

type tree struct {
	kids []*tree
	name string
}

func grow(depth int) *tree {
	t := &tree{name: strings.Repeat("n", depth)}
	for i := 0; depth > 0 && i < 3; i++ {
		t.kids = append(t.kids, grow(depth-1))
	}
	return t
}

func (t *tree) String() string { return fmt.Sprint(t.size()) }

func (t *tree) size() int {
	n := len(t.name)
	for _, k := range t.kids {
		n += k.size()
	}
	return n
}

// descend recurses d frames deep, each holding a pointer and a buffer, and
// collects garbage at the bottom, so the collector walks every frame.
func descend(d int, keep *tree) (n int) {
	var buf [48]byte
	buf[d%len(buf)] = byte(d)
	defer func() { n += int(buf[d%len(buf)]) & 1 }()
	if d == 0 {
		runtime.GC()
		_ = grow(4)
		return keep.size()
	}
	return descend(d-1, keep)
}

func mustPanic() (msg string) {
	defer func() { msg = fmt.Sprint(recover()) }()
	var m map[string]int
	m["x"]++
	return "no panic"
}

func main() {
	sums := make(chan int)
	for g := range 6 {
		go func() {
			t := grow(6)
			s := 0
			for range 10 {
				s += descend(1500+g*7, t)
			}
			sums <- s
		}()
	}
	var got []int
	for range 6 {
		got = append(got, <-sums)
	}
	sort.Ints(got)
	var s fmt.Stringer = grow(3)
	fmt.Println(got, s, mustPanic())
	if len(os.Args) > 1 {
		panic("asked to")
	}
}
