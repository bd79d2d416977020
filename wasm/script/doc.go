//go:build js && wasm

// Package script is the page's script API, window.robotsTester (its
// calls are listed in scriptapi.go): a documentation page tests with the
// engine from its own script, without the tester's UI.
//
//	robotsTester.parse(robots) ──engine.Parse, jsapi.Files──▶ handle.test / testMany ──jsapi──▶ verdicts
//	robotsTester.test / testMany(robots, agent, urls) ──engine.Parse (once per text), jsapi──▶ verdicts
//	testManyAsync(long list) ──workers of its own, the list sent from JavaScript──▶ typed arrays
//	audit(robots) ──ai.Audit (scriptaudit.go)──▶ the object audit -json prints
//
// It shares no state with the page's store: a script and the person at the
// page never change each other's view. Every verdict comes from the engine
// through wasm/jsapi, as core.wasm's do.
package script
