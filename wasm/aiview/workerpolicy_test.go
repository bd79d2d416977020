//go:build js && wasm

package aiview

import (
	"reflect"
	"syscall/js"
	"testing"

	"robotstester/engine"
	"robotstester/wasm/model"
)

// A proposal crosses to the page as the worker wrote it: its text (a byte
// that is not UTF-8 kept), the crawlers moved, the lines (a removed empty
// line and a CRLF file's lines included) and every flip.
func TestProposalCrossesFromTheWorker(t *testing.T) {
	r := engine.Parse([]byte("# caf\xe9\r\nUser-agent: *\r\nDisallow: /private\r\n\r\nUser-agent: CCBot\r\nAllow: /\r\n"))
	policy, err := model.PolicyFrom([]model.PolicyChoice{{Key: "ai-training", Value: "blocked"}, {Key: "OpenAI", Value: "allowed"}})
	if err != nil {
		t.Fatal(err)
	}
	want, err := model.ProposePolicy(r, policy, []string{"https://example.com/a\tb"})
	if err != nil {
		t.Fatal(err)
	}
	if len(want.Flips) == 0 || len(want.Lines) == 0 {
		t.Fatalf("the proposal moves nothing: %+v", want)
	}
	if got := proposalFromJS(js.ValueOf(proposalToJS(want))); !reflect.DeepEqual(got, want) {
		t.Errorf("after the crossing\n%+v\nwant\n%+v", got, want)
	}
}
