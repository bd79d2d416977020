//go:build js && wasm

package jsapi

// fileTable holds the files behind the live handles by id: a list while
// they are few, which most programs' are (a docs widget parses, tests and
// releases one file at a time), a map past fewFiles. Looking an id up in
// a short list costs less than a map's hash, and adding and deleting
// there nothing: in js/wasm the map's insert and delete were a tenth of a
// small file's parse and first answer (issue 26).
type fileTable struct {
	few  []fileEntry
	many map[int]*file
}

type fileEntry struct {
	id int
	f  *file
}

// fewFiles is the most handles fileTable keeps in its list.
const fewFiles = 16

// get is handle id's file, nil when there is none.
func (t *fileTable) get(id int) *file {
	if t.many != nil {
		return t.many[id]
	}
	for i := range t.few {
		if t.few[i].id == id {
			return t.few[i].f
		}
	}
	return nil
}

// put files f under id, an id it does not hold.
func (t *fileTable) put(id int, f *file) {
	if t.many == nil && len(t.few) < fewFiles {
		t.few = append(t.few, fileEntry{id, f})
		return
	}
	if t.many == nil {
		t.many = make(map[int]*file, 2*fewFiles)
		for _, e := range t.few {
			t.many[e.id] = e.f
		}
		t.few = nil
	}
	t.many[id] = f
}

// remove lets go of id's file.
func (t *fileTable) remove(id int) {
	if t.many != nil {
		delete(t.many, id)
		return
	}
	for i := range t.few {
		if t.few[i].id == id {
			last := len(t.few) - 1
			t.few[i] = t.few[last]
			t.few[last] = fileEntry{}
			t.few = t.few[:last]
			return
		}
	}
}
