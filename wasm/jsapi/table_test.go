//go:build js && wasm

package jsapi

import "testing"

// A fileTable finds each live id's file and none for another, before and
// after it outgrows its list, with files removed in any order.
func TestFileTableFindsEachLiveFile(t *testing.T) {
	var tab fileTable
	files := map[int]*file{}
	check := func(when string) {
		t.Helper()
		for id := 1; id <= 60; id++ {
			if got := tab.get(id); got != files[id] {
				t.Fatalf("%s: id %d gave %p, want %p", when, id, got, files[id])
			}
		}
	}
	for id := 1; id <= 10; id++ {
		files[id] = &file{}
		tab.put(id, files[id])
	}
	for _, id := range []int{3, 10, 1} {
		tab.remove(id)
		delete(files, id)
	}
	tab.remove(42) // no such id
	check("in the list")
	if tab.many != nil {
		t.Fatal("seven files went to the map")
	}
	for id := 11; id <= 50; id++ {
		files[id] = &file{}
		tab.put(id, files[id])
	}
	for id := 5; id <= 50; id += 3 {
		tab.remove(id)
		delete(files, id)
	}
	check("in the map")
}
