// Starts the tester. The wasm comes either from a script#wasm-inline element
// (the single-file build: base64 of the gzipped wasm, inflated with the
// platform's DecompressionStream) or from app.wasm next to this page.
(function () {
  "use strict";

  // window.robotsTester.ready exists before the wasm runs, so page scripts
  // can wait on it; the wasm's installScriptAPI resolves it.
  var api = (window.robotsTester = window.robotsTester || {});
  api.ready = new Promise(function (resolve, reject) {
    api._resolve = resolve;
    api._reject = reject;
  });
  api.ready.catch(function () {});

  // Applies the results table's row writes (wasm/results.go, patchOps) in
  // one call from Go: ops is a JSON array of (row, target, value) triples.
  window.__robotsTesterPatchRows = function (tbody, ops) {
    var list = JSON.parse(ops);
    for (var i = 0; i < list.length; i += 3) {
      var tr = tbody.rows[list[i]];
      var target = list[i + 1];
      var value = list[i + 2];
      if (typeof target === "number") {
        var td = tr.cells[target];
        (td.firstElementChild || td).textContent = value;
      } else if (target.charAt(0) === "<") {
        tr.cells[Number(target.slice(1))].innerHTML = value;
      } else if (value === "") {
        tr.removeAttribute(target);
      } else {
        tr.setAttribute(target, value);
      }
    }
  };

  function fail(err) {
    var status = document.getElementById("app-status");
    var why = (err && err.message) || String(err);
    status.textContent = "The tester could not start: " + why + ". Reload, or use a browser with WebAssembly.";
    status.classList.add("error");
    status.hidden = false;
    document.body.dataset.ready = "false";
    if (api._reject) {
      api._reject(new Error(status.textContent));
    }
  }

  async function inlineBytes(el) {
    if (typeof DecompressionStream !== "function") {
      throw new Error("this browser cannot decompress the built-in program");
    }
    var text = atob(el.textContent.replace(/\s+/g, ""));
    var gz = new Uint8Array(text.length);
    for (var i = 0; i < text.length; i++) {
      gz[i] = text.charCodeAt(i);
    }
    var stream = new Blob([gz]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Response(stream).arrayBuffer();
  }

  async function fetchedBytes() {
    var resp = await fetch("app.wasm");
    if (!resp.ok) {
      throw new Error("app.wasm answered HTTP " + resp.status);
    }
    return resp.arrayBuffer();
  }

  async function instantiate(go) {
    var inline = document.getElementById("wasm-inline");
    if (inline) {
      return WebAssembly.instantiate(await inlineBytes(inline), go.importObject);
    }
    if (WebAssembly.instantiateStreaming) {
      try {
        return await WebAssembly.instantiateStreaming(fetch("app.wasm"), go.importObject);
      } catch (e) {
        // A server that sends app.wasm without the application/wasm type
        // breaks streaming; compiling from the bytes still works.
      }
    }
    return WebAssembly.instantiate(await fetchedBytes(), go.importObject);
  }

  async function start() {
    if (typeof WebAssembly !== "object" || typeof Go !== "function") {
      throw new Error("this browser has no WebAssembly, or wasm_exec.js did not load");
    }
    var go = new Go();
    var result = await instantiate(go);
    await go.run(result.instance);
    throw new Error("the program stopped (see the browser console)");
  }

  start().catch(fail);
})();
