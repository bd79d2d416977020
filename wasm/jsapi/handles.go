//go:build js && wasm

package jsapi

import (
	"syscall/js"

	"robotstester/engine"
)

// Files are the robots.txt files a script API has parsed, each behind a
// handle: parse once, test many.
//
//	const h = api.parse(robotsTxt)      // a string or a Uint8Array → a handle
//	h.test(agent, url)                  // → Verdict's object
//	h.testMany(agent, urls)             // → an array of them
//	h.testMany(agent, urls, {compact: true})  // → {count, allowed: Uint8Array, lines: Int32Array}
//	h.lines()                           // the file's line count
//	h.release()                         // frees the parsed file
//
// A handle is a small object whose methods sit on one prototype, so a
// parse makes no function of its own; its id (handle.id) names the file in
// robotsTesterCore's older calls, which take the handle or its id. Handles
// are never reused, so a released one is an error rather than another file.
//
// The loader that started the program may have left faster functions on
// the API object, as _handles: JavaScript that calls the module's
// exported functions (exports.go) for parse, a handle's test and release,
// and falls back to the js.Funcs, which it is given (goParse, and the
// prototype's _test), for the calls it cannot answer.
type Files struct {
	api   string   // the global's name, for sentences
	proto js.Value // the handles' prototype
	parse js.Value // api.parse: the loader's, or a js.Func
	fast  js.Value // the loader's functions (handles.js), undefined without them
}

// parsed holds the files behind the program's handles by id. A program
// defines one script API (the page's robotsTester or the engine's
// robotsTesterCore), so the ids are the program's, and the exported
// functions, which have no Files to ask, find a handle's file here.
var (
	parsed fileTable
	nextID = 1
)

// file is a parsed robots.txt behind a handle, with the numbers its
// answers gave their reasons and the rules they sent: the wrapper of the
// exported test keeps a reason's text by its number and a rule's by its
// line, and is sent each text once (exports.go);
// and the last agent's engine.Tester, which a script testing URL after
// URL for one crawler asks each time.
type file struct {
	r       *engine.Robots
	whys    []engine.WhyKey         // the reasons numbered, in order
	whyRoom [4]engine.WhyKey        // whys' first room, in the file's own allocation
	whyAt   map[engine.WhyKey]int32 // their numbers, once there are more than a few
	tester  *engine.Tester          // nil until a test asks for one
	agent   string                  // the name tester was made for
	spent   *engine.Tester          // a released file's tester, whose room the next one takes
	// group is the group sentence of tester's answers and its number
	// (groupSentence), told 0 until an answer asks: the same for every
	// URL.
	group struct {
		sentence string
		told     int32
	}
	// rulesSent marks the lines whose rule an answer has sent, a bit a
	// line.
	rulesSent []uint64
	// own says r was parsed for this file alone (robotsTesterParse), so
	// that once the handle is released the file can be the next one's
	// (spare).
	own bool
}

// spare is a released file, made the next exported parse's with its
// room (engine.Reparse, engine.Robots.TesterInto): a docs widget parses
// its text at each edit and releases the handle before, and in js/wasm
// allocating a small file's Robots, Tester and the rest cost more than
// parsing it. Past spareLines lines or spareBytes of text the parse
// outweighs them, and the room would hold memory for nothing.
var spare *file

const (
	spareLines = 4096
	spareBytes = 512 << 10 // Googlebot's fetch limit
)

// testerFor is a's Tester on f, made in the last one's room.
func (f *file) testerFor(a Agent) *engine.Tester {
	if f.tester != nil && f.agent == a.token {
		return f.tester
	}
	t := f.tester
	if t == nil {
		t, f.spent = f.spent, nil
	}
	if t == nil {
		t = new(engine.Tester)
	}
	f.tester, f.agent = a.TesterInto(f.r, t), a.token
	f.group.sentence, f.group.told = "", 0
	return f.tester
}

// reuse readies a released file for the next file, whose robots.txt
// body is: its answers' numbers and marks forgotten, its Robots and
// Tester made again in their room.
func (f *file) reuse(body []byte) {
	f.r = engine.Reparse(f.r, body)
	clear(f.whyRoom[:])
	f.whys, f.whyAt, f.agent = nil, nil, ""
	f.group.sentence, f.group.told = "", 0
	if f.tester != nil {
		f.spent, f.tester = f.tester, nil
	}
	clear(f.rulesSent)
	f.rulesSent = f.rulesSent[:0]
}

// whyNumber is the number of the reason key names on f, given at its
// first answer; fresh says this answer gave it, so its text has not
// been sent. A reason's number is its place in f.whys, plus one.
func (f *file) whyNumber(key engine.WhyKey) (n int32, fresh bool) {
	if f.whyAt != nil {
		n, ok := f.whyAt[key]
		if !ok {
			n = f.addWhy(key)
		}
		return n, !ok
	}
	for i, k := range f.whys {
		if k == key {
			return int32(i + 1), false
		}
	}
	return f.addWhy(key), true
}

// addWhy numbers key; past a few keys, whyAt finds them.
func (f *file) addWhy(key engine.WhyKey) int32 {
	if f.whys == nil {
		f.whys = f.whyRoom[:0]
	}
	f.whys = append(f.whys, key)
	n := int32(len(f.whys))
	switch {
	case f.whyAt != nil:
		f.whyAt[key] = n
	case len(f.whys) > 16:
		f.whyAt = make(map[engine.WhyKey]int32, 2*len(f.whys))
		for i, k := range f.whys {
			f.whyAt[k] = int32(i + 1)
		}
	}
	return n
}

// ruleNew says whether line's rule is sent for the first time, and marks
// it sent.
func (f *file) ruleNew(line int) bool {
	if len(f.rulesSent) == 0 {
		if n := len(f.r.Lines)/64 + 1; cap(f.rulesSent) >= n {
			f.rulesSent = f.rulesSent[:n]
		} else {
			f.rulesSent = make([]uint64, n)
		}
	}
	word, bit := line/64, uint64(1)<<(line%64)
	if word >= len(f.rulesSent) || f.rulesSent[word]&bit != 0 {
		return false
	}
	f.rulesSent[word] |= bit
	return true
}

// NewFiles makes the handles of the script API defined as globalThis[api].
func NewFiles(api string) *Files {
	f := &Files{api: api}
	f.proto = js.Global().Get("Object").New()
	f.parse = js.FuncOf(func(_ js.Value, args []js.Value) any { return f.Parse(args) }).Value
	test := js.FuncOf(func(this js.Value, args []js.Value) any {
		return f.test(this, args)
	})
	f.proto.Set("_test", test)
	f.proto.Set("test", test)
	testMany := js.FuncOf(func(this js.Value, args []js.Value) any {
		return f.testMany(this, args)
	})
	f.proto.Set("_testMany", testMany)
	f.proto.Set("testMany", testMany)
	f.proto.Set("lines", js.FuncOf(func(this js.Value, _ []js.Value) any {
		r, err := f.Lookup(this, "lines()")
		if err != "" {
			return Fail(err)
		}
		return len(r.Lines)
	}))
	f.proto.Set("release", js.FuncOf(func(this js.Value, _ []js.Value) any {
		f.Release(this)
		return nil
	}))
	if self := js.Global().Get(api); self.Type() == js.TypeObject {
		if fast := self.Get("_handles"); fast.Type() == js.TypeObject {
			self.Delete("_handles")
			fast.Set("proto", f.proto)
			fast.Set("goParse", f.parse)
			f.proto.Set("test", fast.Get("test"))
			f.proto.Set("testMany", fast.Get("testMany"))
			f.proto.Set("release", fast.Get("release"))
			f.parse = fast.Get("parse")
			f.fast = fast
		}
	}
	return f
}

// TextTest is api.test(robotsTxt, agent, url) for goTest, the js.Func
// that answers it: the loader's, which tests on a handle of the last
// text (handles.js) and hands goTest what it cannot answer, or goTest
// itself without the loader.
func (f *Files) TextTest(goTest js.Value) js.Value { return f.fastOr("textTest", "goTextTest", goTest) }

// HandleTest is api.test(handle, agent, url) for goTest: the loader's,
// which calls the handle's own test, or goTest.
func (f *Files) HandleTest(goTest js.Value) js.Value {
	return f.fastOr("handleTest", "goHandleTest", goTest)
}

// fastOr is the loader's function name, given goTest as fallback, or
// goTest.
func (f *Files) fastOr(name, fallback string, goTest js.Value) js.Value {
	if f.fast.Type() != js.TypeObject || f.fast.Get(name).Type() != js.TypeFunction {
		return goTest
	}
	f.fast.Set(fallback, goTest)
	return f.fast.Get(name)
}

// ParseFunc is api.parse: parse(robotsTxt) → a handle.
func (f *Files) ParseFunc() js.Value { return f.parse }

// Fail is the answer to wrong arguments: {error: sentence}.
func Fail(sentence string) js.Value {
	return js.ValueOf(map[string]any{"error": sentence})
}

// Parse parses a robots.txt argument into a new handle, or says what to pass.
func (f *Files) Parse(args []js.Value) js.Value {
	if len(args) < 1 {
		return Fail(f.api + ".parse(robotsTxt) takes the robots.txt as a string or a Uint8Array.")
	}
	body, ok := Bytes(args[0])
	if !ok {
		return Fail(f.api + ".parse(robotsTxt): robotsTxt must be a string or a Uint8Array of the file's bytes.")
	}
	return f.Add(engine.Parse(body))
}

// Add puts a parsed file behind a new handle.
func (f *Files) Add(r *engine.Robots) js.Value {
	h := js.Global().Get("Object").Call("create", f.proto)
	h.Set("id", addParsed(r))
	return h
}

// addParsed puts a parsed file in parsed under a new id.
func addParsed(r *engine.Robots) int {
	return addFile(&file{r: r})
}

// addFile puts f in parsed under a new id.
func addFile(f *file) int {
	id := nextID
	nextID++
	parsed.put(id, f)
	return id
}

// Lookup reads a handle argument: a handle, or its id. err is a sentence
// naming call.
func (f *Files) Lookup(h js.Value, call string) (r *engine.Robots, err string) {
	id, ok := handleID(h)
	if !ok {
		return nil, f.api + "." + call + ": call it on a handle returned by parse."
	}
	p := parsed.get(id)
	if p == nil {
		return nil, f.api + "." + call + ": this handle was released or never returned by parse; parse the robots.txt again."
	}
	return p.r, ""
}

// Release frees the file behind a handle (or its id); a handle released
// twice is no error.
func (f *Files) Release(h js.Value) {
	if id, ok := handleID(h); ok {
		release(id)
	}
}

// release frees handle id's file.
func release(id int) {
	if p := parsed.get(id); p != nil {
		parsed.remove(id)
		if p.own && spare == nil && cap(p.r.Lines) <= spareLines && len(p.r.Body) <= spareBytes {
			spare = p
		}
	}
}

// handleID is a handle's id: the number itself, or a handle's id field.
func handleID(h js.Value) (int, bool) {
	if h.Type() == js.TypeObject {
		h = h.Get("id")
	}
	if h.Type() != js.TypeNumber {
		return 0, false
	}
	return h.Int(), true
}

// test is handle.test(agent, url).
func (f *Files) test(this js.Value, args []js.Value) js.Value {
	const call = "test(agent, url)"
	r, err := f.Lookup(this, call)
	if err == "" {
		err = f.agentURLs(args, call, js.TypeString)
	}
	if err != "" {
		return Fail(err)
	}
	return Verdict(r, ReadAgentCached(args[0].String()), args[1].String())
}

// testMany is handle.testMany(agent, urls, {compact}).
func (f *Files) testMany(this js.Value, args []js.Value) js.Value {
	const call = "testMany(agent, urls)"
	r, err := f.Lookup(this, call)
	if err == "" {
		err = f.agentURLs(args, call, js.TypeObject)
	}
	if err != "" {
		return Fail(err)
	}
	return TestMany(r, ReadAgentCached(args[0].String()), args[1], len(args) > 2 && Compact(args[2]))
}

// agentURLs checks a handle's (agent, url or urls) arguments: url a
// string, urls an array or a string with a URL a line.
func (f *Files) agentURLs(args []js.Value, call string, urls js.Type) string {
	switch {
	case len(args) < 1 || args[0].Type() != js.TypeString:
		return f.api + " handle." + call + ": the agent must be a string, a crawler name such as \"Googlebot\" or a product token."
	case urls == js.TypeString && (len(args) < 2 || args[1].Type() != js.TypeString):
		return f.api + " handle." + call + ": the url must be a string such as \"https://example.com/page\" or \"/page\"."
	case urls != js.TypeString && (len(args) < 2 || !IsURLList(args[1])):
		return f.api + " handle." + call + ": pass the URLs as an array of strings or one string with a URL a line."
	}
	return ""
}

// Compact reads an options argument's compact flag.
func Compact(opts js.Value) bool {
	return opts.Type() == js.TypeObject && opts.Get("compact").Truthy()
}
