//go:build !js

package browsertest

// What is in the page's longest tasks: with BENCH_TRACE set to a folder,
// the long-list benchmarks record a Chrome trace (DevTools Tracing domain)
// of each measured run, save it there (open it in chrome://tracing or
// Perfetto) and log the page thread's longest tasks with the trace events
// that took their time:
//
//	BENCH_TRACE=/tmp/traces go test -run '^$' -bench 'BrowserScale|BrowserRerender' -benchtime 3x ./wasm/browsertest
//
// Tracing slows the page: the figures of a traced run are not the
// benchmark's.

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// traceCategories are the DevTools Performance panel's: tasks, script,
// events, style, layout, paint and V8's garbage collector.
var traceCategories = []string{
	"toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline",
	"v8", "v8.execute", "disabled-by-default-v8.gc", "blink", "blink.user_timing",
	"disabled-by-default-devtools.timeline.frame", "disabled-by-default-v8.cpu_profiler",
}

// taskTrace is a trace being recorded; nil when BENCH_TRACE is not set.
type taskTrace struct {
	tb     testing.TB
	ctx    context.Context
	stop   context.CancelFunc
	mu     sync.Mutex
	events []json.RawMessage
	done   chan struct{}
}

// startTrace starts recording the tab's trace when BENCH_TRACE is set.
func startTrace(tb testing.TB, ctx context.Context) *taskTrace {
	if os.Getenv("BENCH_TRACE") == "" {
		return nil
	}
	tr := &taskTrace{tb: tb, done: make(chan struct{})}
	tr.ctx, tr.stop = context.WithCancel(ctx)
	var once sync.Once
	err := chromedp.Listen(tr.ctx, func(ev any) {
		switch e := ev.(type) {
		case *tracing.EventDataCollected:
			tr.mu.Lock()
			for _, v := range e.Value {
				raw, _ := json.Marshal(v)
				tr.events = append(tr.events, raw)
			}
			tr.mu.Unlock()
		case *tracing.EventTracingComplete:
			once.Do(func() { close(tr.done) })
		}
	})
	if err == nil {
		err = chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			_, err := cdp.Call(ctx, t, tracing.Start, tracing.StartParams{
				TransferMode: tracing.StartTransferModeReportEvents,
				TraceConfig:  &tracing.TraceConfig{IncludedCategories: traceCategories},
			})
			return err
		}))
	}
	if err != nil {
		tb.Fatalf("starting the trace: %v", err)
	}
	return tr
}

// end stops the trace, saves it as BENCH_TRACE/<name>.json and logs the
// page thread's longest tasks.
func (tr *taskTrace) end(name string) {
	if tr == nil {
		return
	}
	defer tr.stop()
	err := chromedp.Do(tr.ctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, tracing.End, cdp.Empty{})
		return err
	}))
	if err != nil {
		tr.tb.Fatalf("ending the trace: %v", err)
	}
	select {
	case <-tr.done:
	case <-time.After(30 * time.Second):
		tr.tb.Fatal("the trace did not complete within 30 s")
	}
	tr.mu.Lock()
	defer tr.mu.Unlock()
	path := filepath.Join(os.Getenv("BENCH_TRACE"), name+".json")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		tr.tb.Fatal(err)
	}
	var b strings.Builder
	b.WriteString(`{"traceEvents":[`)
	for i, e := range tr.events {
		if i > 0 {
			b.WriteString(",\n")
		}
		b.Write(e)
	}
	b.WriteString("]}\n")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		tr.tb.Fatal(err)
	}
	summary := longestTasks(tr.events, 12)
	if err := os.WriteFile(strings.TrimSuffix(path, ".json")+".txt", []byte(summary), 0o644); err != nil {
		tr.tb.Fatal(err)
	}
	// go test shows a benchmark's first ten log lines: the rest are in
	// the .txt beside the trace.
	first, _, _ := strings.Cut(summary, "\n")
	tr.tb.Logf("trace %s (%d events); longest %s", path, len(tr.events), first)
}

// traceEvent is one event of a Chrome trace (Trace Event Format).
type traceEvent struct {
	Name string          `json:"name"`
	Ph   string          `json:"ph"`
	Pid  int             `json:"pid"`
	Tid  int             `json:"tid"`
	TS   float64         `json:"ts"`   // µs
	Dur  float64         `json:"dur"`  // µs, for "X"
	TDur float64         `json:"tdur"` // µs the thread ran, for "X"
	Args json.RawMessage `json:"args"`
}

// label names an event with what its arguments say it was for: the DOM
// event dispatched, the function called, the GC kind.
func (e traceEvent) label() string {
	var a struct {
		Data struct {
			Type, FunctionName, URL string
		} `json:"data"`
		Type    string `json:"type"`
		SrcFunc string `json:"src_func"`
	}
	json.Unmarshal(e.Args, &a)
	var detail []string
	for _, s := range []string{a.Data.Type, a.Data.FunctionName, a.Type, a.SrcFunc} {
		if s != "" {
			detail = append(detail, s)
		}
	}
	if a.Data.URL != "" {
		detail = append(detail, filepath.Base(a.Data.URL))
	}
	if len(detail) == 0 {
		return e.Name
	}
	return e.Name + "(" + strings.Join(detail, " ") + ")"
}

// longestTasks describes the n longest tasks of the page's main thread
// (CrRendererMain): each task's duration and its time by event, self
// time (an event's time less that of the events inside it).
func longestTasks(raw []json.RawMessage, n int) string {
	var evs []traceEvent
	main := map[[2]int]bool{}
	for _, r := range raw {
		var e traceEvent
		if json.Unmarshal(r, &e) != nil {
			continue
		}
		if e.Ph == "M" && e.Name == "thread_name" && strings.Contains(string(e.Args), `"CrRendererMain"`) {
			main[[2]int{e.Pid, e.Tid}] = true
		}
		evs = append(evs, e)
	}
	// Complete events, with begin/end pairs joined into them.
	var xs []traceEvent
	open := map[[2]int][]traceEvent{}
	for _, e := range evs {
		key := [2]int{e.Pid, e.Tid}
		if !main[key] {
			continue
		}
		switch e.Ph {
		case "X":
			xs = append(xs, e)
		case "B":
			open[key] = append(open[key], e)
		case "E":
			if s := open[key]; len(s) > 0 {
				b := s[len(s)-1]
				open[key] = s[:len(s)-1]
				b.Dur, b.Ph = e.TS-b.TS, "X"
				xs = append(xs, b)
			}
		}
	}
	slices.SortFunc(xs, func(a, b traceEvent) int {
		return cmp.Or(cmp.Compare(a.Pid, b.Pid), cmp.Compare(a.Tid, b.Tid), cmp.Compare(a.TS, b.TS), cmp.Compare(b.Dur, a.Dur))
	})
	type task struct {
		start, dur, cpu float64
		self            map[string]float64
	}
	var tasks []*task
	var cur *task
	var stack []traceEvent
	var end float64
	for _, e := range xs {
		if cur == nil || e.TS >= end {
			// A new top-level event starts a task.
			cur = &task{start: e.TS, dur: e.Dur, cpu: e.TDur, self: map[string]float64{}}
			tasks = append(tasks, cur)
			end = e.TS + e.Dur
			stack = stack[:0]
		}
		for len(stack) > 0 && e.TS >= stack[len(stack)-1].TS+stack[len(stack)-1].Dur {
			stack = stack[:len(stack)-1]
		}
		if len(stack) > 0 {
			cur.self[stack[len(stack)-1].label()] -= e.Dur
		}
		cur.self[e.label()] += e.Dur
		stack = append(stack, e)
	}
	var b strings.Builder
	// A task's time on the CPU (thread time) beside its length: on a busy
	// machine a task waits for a core, and its length is mostly that wait.
	slices.SortFunc(tasks, func(a, b *task) int { return cmp.Compare(b.cpu, a.cpu) })
	if len(tasks) > 0 {
		fmt.Fprintf(&b, "most CPU in a task: %.1f ms (of %.1f ms); ", tasks[0].cpu/1000, tasks[0].dur/1000)
	}
	slices.SortFunc(tasks, func(a, b *task) int { return cmp.Compare(b.dur, a.dur) })
	for _, t := range tasks[:min(n, len(tasks))] {
		fmt.Fprintf(&b, "task at %.0f ms, %.1f ms (CPU %.1f ms):", t.start/1000, t.dur/1000, t.cpu/1000)
		type part struct {
			name string
			us   float64
		}
		var parts []part
		for k, v := range t.self {
			if v >= 500 {
				parts = append(parts, part{k, v})
			}
		}
		slices.SortFunc(parts, func(a, b part) int { return cmp.Compare(b.us, a.us) })
		for _, p := range parts[:min(8, len(parts))] {
			fmt.Fprintf(&b, " %s %.1f;", p.name, p.us/1000)
		}
		b.WriteString("\n")
	}
	return b.String()
}
