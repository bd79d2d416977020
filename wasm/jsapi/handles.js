// The script API's fast calls (robotsTester, robotsTesterCore), appended
// by the Makefile to Go's wasm_exec.js, which the page, its workers and
// embed.js all load, and which like this file must match the module that
// runs: Go.robotsTesterHandles(instance.exports) gives parse(robotsTxt),
// and a handle's test and release, calling the module's exported
// functions (exports.go) rather than js.Funcs, whose crossing costs
// several times a test. The text, or the agent and the URL, are written
// as UTF-8 into the module's input buffer; a test's answer, Verdict's
// JSON, is read from its output buffer. The loader (web/loader.js,
// web/embed.js) leaves them on the API object as _handles, and the
// program puts them on the API and its handles' prototype (handles.go);
// a call they cannot answer (an argument of another type, a released
// handle) goes to the js.Funcs, goParse and _test, which say why.
(() => {
  "use strict";

  Go.robotsTesterHandles = function (exports) {
    var encoder = new TextEncoder(), decoder = new TextDecoder();
    var input = 0, size = 0;
    var fast = {}; // the program adds proto and goParse (wasm/jsapi/handles.go)
    // The input buffer, n bytes at least, seen afresh: a call may have
    // grown the module's memory, emptying the views made before.
    function buffer(n) {
      if (n > size) {
        size = Math.max(n, 4096);
        input = exports.robotsTesterInput(size);
      }
      return new Uint8Array(exports.mem.buffer, input, size);
    }
    fast.parse = function (text) {
      var n;
      if (typeof text === "string") {
        n = encoder.encodeInto(text, buffer(3 * text.length)).written; // at most 3 bytes a UTF-16 unit
      } else if (text instanceof Uint8Array) {
        buffer(text.length).set(text);
        n = text.length;
      } else {
        return fast.goParse.apply(this, arguments);
      }
      var h = Object.create(fast.proto);
      h.id = exports.robotsTesterParse(n);
      return h;
    };
    fast.test = function (agent, url) {
      if (typeof agent !== "string" || typeof url !== "string" || typeof this.id !== "number") {
        return this._test.apply(this, arguments);
      }
      var buf = buffer(3 * (agent.length + url.length));
      var a = encoder.encodeInto(agent, buf).written;
      var n = exports.robotsTesterTest(this.id, a, encoder.encodeInto(url, buf.subarray(a)).written);
      return n < 0 ? this._test(agent, url) :
        JSON.parse(decoder.decode(new Uint8Array(exports.mem.buffer, exports.robotsTesterAnswer(), n)));
    };
    fast.release = function () {
      if (typeof this.id === "number") {
        exports.robotsTesterRelease(this.id);
      }
    };
    return fast;
  };
})();
