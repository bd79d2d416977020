//go:build js && wasm

package aiview

import (
	"strings"
	"syscall/js"

	"robotstester/engine"
	"robotstester/wasm/browser"
	"robotstester/wasm/model"
	"robotstester/wasm/store"
	"robotstester/wasm/workers"
)

// A long robots.txt's policy is written in a worker (store.AI.
// ProposeElsewhere): ai.ApplyPolicy and the comparison after it parse
// a 500 KiB file three times, some 150 ms on the page's thread. The worker
// sends back what the view shows (model.AIProposal) as plain values. main
// wires the messages (workers.HandleInWorker, workers.HandleMessage).
//
//	page → worker {type: "ai-policy", id, robots: Uint8Array, keys, values, urls}
//	    keys, values: the choices, one a line; urls: the URLs shown, one a line
//	worker → page {type: "ai-policy", id, error} or {type: "ai-policy", id, proposal}
//	    proposal: {text: Uint8Array, changed, unreachable, summary, lines, flips}
//	    an answer whose id is not the last asked is dropped

// asked is the last proposal asked of a worker, until its answer comes.
var asked struct {
	id   int
	done func(*model.AIProposal, string) // nil when none waits
}

// ProposeInWorkers asks the first worker for the proposal; it reports
// whether one was asked (store.AIState.ProposeElsewhere).
func ProposeInWorkers(robots []byte, choices []model.PolicyChoice, urls []string, done func(*model.AIProposal, string)) bool {
	p, ok := store.Page.Runner.(*workers.WorkerPool)
	if !ok || !p.Start() {
		return false
	}
	keys, values := make([]string, len(choices)), make([]string, len(choices))
	for i, c := range choices {
		keys[i], values[i] = c.Key, c.Value
	}
	asked.id, asked.done = asked.id+1, done
	p.Workers[0].Call("postMessage", map[string]any{
		"type": "ai-policy", "id": asked.id, "robots": browser.JSBytes(robots),
		"keys": strings.Join(keys, "\n"), "values": strings.Join(values, "\n"), "urls": strings.Join(urls, "\n"),
	})
	return true
}

// ProposeInWorker writes the proposal of an "ai-policy" message, in the
// worker, and posts it back.
func ProposeInWorker(_ *workers.WorkerState, data js.Value) {
	body := make([]byte, data.Get("robots").Length())
	js.CopyBytesToGo(body, data.Get("robots"))
	keys, values := strings.Split(data.Get("keys").String(), "\n"), strings.Split(data.Get("values").String(), "\n")
	choices := make([]model.PolicyChoice, min(len(keys), len(values)))
	for i := range choices {
		choices[i] = model.PolicyChoice{Key: keys[i], Value: values[i]}
	}
	var urls []string
	if u := data.Get("urls").String(); u != "" {
		urls = strings.Split(u, "\n")
	}
	answer := map[string]any{"type": "ai-policy", "id": data.Get("id").Int()}
	policy, err := model.PolicyFrom(choices)
	if err == nil {
		var p model.AIProposal
		if p, err = model.ProposePolicy(engine.Parse(body), policy, urls); err == nil {
			answer["proposal"] = proposalToJS(p)
		}
	}
	if err != nil {
		answer["error"] = err.Error()
	}
	js.Global().Call("postMessage", answer)
}

// ReceiveProposal hands a worker's answer to the proposal that asked.
func ReceiveProposal(data js.Value) {
	if asked.done == nil || data.Get("id").Int() != asked.id {
		return
	}
	done := asked.done
	asked.done = nil
	if e := data.Get("error"); e.Type() == js.TypeString {
		done(nil, e.String())
		return
	}
	p := proposalFromJS(data.Get("proposal"))
	done(&p, "")
}

// WorkersBroke writes on the page the proposal a worker was asked for,
// when the workers cannot run.
func WorkersBroke() {
	if asked.done != nil {
		asked.done = nil
		store.AI.Repropose()
	}
}

// proposalToJS is p as plain JavaScript values: strings joined by LF where
// no item holds one (names, URLs), arrays where one may (lines), and the
// new text as bytes: a copy, where a 500 KiB string took the page some 10
// ms to decode (BENCH_TRACE of BenchmarkBrowserAIView), and bytes that are
// not UTF-8 stay as they were.
func proposalToJS(p model.AIProposal) map[string]any {
	lines := make([]any, len(p.Lines))
	for i, l := range p.Lines {
		lines[i] = []any{l.Remove, l.Line, l.Text}
	}
	flips := make([]any, len(p.Flips))
	for i, f := range p.Flips {
		flips[i] = []any{f.Crawler, f.URL, f.Allowed, f.Sentence}
	}
	return map[string]any{"text": browser.JSBytes([]byte(p.Text)), "changed": strings.Join(p.Changed, "\n"), "unreachable": strings.Join(p.Unreachable, "\n"),
		"summary": p.Summary, "lines": lines, "flips": flips}
}

func proposalFromJS(v js.Value) model.AIProposal {
	text := make([]byte, v.Get("text").Length())
	js.CopyBytesToGo(text, v.Get("text"))
	p := model.AIProposal{Text: string(text), Summary: v.Get("summary").String(),
		Changed: splitNames(v.Get("changed").String()), Unreachable: splitNames(v.Get("unreachable").String())}
	for i, lines := 0, v.Get("lines"); i < lines.Length(); i++ {
		l := lines.Index(i)
		p.Lines = append(p.Lines, model.DiffLine{Remove: l.Index(0).Bool(), Line: l.Index(1).Int(), Text: l.Index(2).String()})
	}
	for i, flips := 0, v.Get("flips"); i < flips.Length(); i++ {
		f := flips.Index(i)
		p.Flips = append(p.Flips, model.AIFlip{Crawler: f.Index(0).String(), URL: f.Index(1).String(), Allowed: f.Index(2).Bool(), Sentence: f.Index(3).String()})
	}
	return p
}

func splitNames(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}
