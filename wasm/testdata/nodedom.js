// Loaded with NODE_OPTIONS=--require=./testdata/nodedom.js before the Go test
// binary starts under Node: Vecty's init refuses to run without a document,
// and the store tests never touch the DOM, so an empty object is enough.
globalThis.document ??= {};
