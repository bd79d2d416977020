// Starts the tester. The wasm comes either from a script#wasm-inline element
// (the single-file build: base64 of the gzipped wasm, inflated with the
// platform's DecompressionStream) or from app.wasm next to this page.
(function () {
  "use strict";

  // In a worker (started below, from this same file), run the program in
  // worker mode instead of starting the page.
  if (typeof window === "undefined") {
    importScripts("wasm_exec.js");
    workerMain();
    return;
  }
  var loaderURL = document.currentScript ? document.currentScript.src : "";

  // window.robotsTester.ready exists before the wasm runs, so page scripts
  // can wait on it; the wasm's installScriptAPI resolves it.
  var api = (window.robotsTester = window.robotsTester || {});
  api.ready = new Promise(function (resolve, reject) {
    api._resolve = resolve;
    api._reject = reject;
  });
  api.ready.catch(function () {});

  // The compiled program: the page runs it, and the workers that test
  // long URL lists (wasm/runner.go) run the same module, so the download
  // and the compilation happen once.
  var compiled = null;
  var workerURL = null;

  // Starts a worker running the program in worker mode, or returns null
  // where workers cannot run. onmessage receives its messages; a worker
  // that fails to start reports {type: "error", fatal: true}.
  window.__robotsTesterStartWorker = function (onmessage) {
    if (typeof Worker !== "function" || !compiled) {
      return null;
    }
    try {
      var w = new Worker(workerSource());
      w.onmessage = onmessage;
      w.onerror = function (e) {
        e.preventDefault();
        onmessage({data: {type: "error", fatal: true, message: e.message || "the worker failed to start"}});
      };
      w.postMessage({type: "module", module: compiled});
      return w;
    } catch (e) {
      return null;
    }
  };

  // The worker's script: this file, served beside the page (the CSP's
  // script-src 'self' covers it). The single-file build has no files beside
  // it, so there the script is a Blob of the inlined wasm_exec.js and
  // workerMain.
  function workerSource() {
    if (workerURL === null) {
      var exec = document.getElementById("wasm-exec");
      if (loaderURL !== "" && exec && exec.src) {
        workerURL = loaderURL;
      } else {
        var blob = new Blob([exec ? exec.textContent : "", "\n(", workerMain.toString(), ")();\n"], {type: "text/javascript"});
        workerURL = URL.createObjectURL(blob);
      }
    }
    return workerURL;
  }

  // Runs in the worker: waits for the module, then runs the program, which
  // sees __robotsTesterWorker and answers messages instead of drawing the
  // page. Messages that arrive before it runs wait in the inbox.
  function workerMain() {
    // Vecty's package init refuses to run without a document; the worker
    // never renders, so an empty object is enough.
    self.document = {};
    self.__robotsTesterWorker = true;
    var inbox = (self.__robotsTesterInbox = []);
    self.onmessage = function (e) {
      if (!e.data || e.data.type !== "module") {
        inbox.push(e.data);
        return;
      }
      var go = new Go();
      WebAssembly.instantiate(e.data.module, go.importObject)
        .then(function (instance) {
          return go.run(instance);
        })
        .catch(function (err) {
          self.postMessage({type: "error", fatal: true, message: String(err)});
        });
    };
  }

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

  async function compile() {
    var inline = document.getElementById("wasm-inline");
    if (inline) {
      return WebAssembly.compile(await inlineBytes(inline));
    }
    if (WebAssembly.compileStreaming) {
      try {
        return await WebAssembly.compileStreaming(fetch("app.wasm"));
      } catch (e) {
        // A server that sends app.wasm without the application/wasm type
        // breaks streaming; compiling from the bytes still works.
      }
    }
    return WebAssembly.compile(await fetchedBytes());
  }

  async function start() {
    if (typeof WebAssembly !== "object" || typeof Go !== "function") {
      throw new Error("this browser has no WebAssembly, or wasm_exec.js did not load");
    }
    var go = new Go();
    compiled = await compile();
    var instance = await WebAssembly.instantiate(compiled, go.importObject);
    // The script API's parse and handles call the module's exports
    // (wasm/jsapi/handles.js, appended to wasm_exec.js).
    if (typeof Go.robotsTesterHandles === "function" && typeof instance.exports.robotsTesterTest === "function") {
      api._handles = Go.robotsTesterHandles(instance.exports);
    }
    await go.run(instance);
    throw new Error("the program stopped (see the browser console)");
  }

  start().catch(fail);
})();
