// Loaded with NODE_OPTIONS=--require=./testdata/nodedom.js before the Go test
// binary starts under Node: Vecty's init refuses to run without a document,
// and the store tests never touch the DOM, so an empty object is enough.
globalThis.document ??= {};
// Node has no frames: a frame's callback runs in a later task, as
// afterPaint (wasm/afterpaint.go) asks of one.
globalThis.requestAnimationFrame ??= cb => setTimeout(() => cb(performance.now()), 0);
