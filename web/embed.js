// Live robots.txt examples for documentation pages. A page adds
//
//   <script src="https://HOST/embed.js" defer></script>
//
// once, and marks each example:
//
//   <pre data-robots-tester data-agent="Googlebot" data-urls="/private/x /public/y">User-agent: *
//   Disallow: /private</pre>
//
// Each marked <pre> becomes a widget in its own Shadow DOM (the page's CSS
// cannot reach in, the widget's cannot leak out): the file editable with line
// numbers, the URLs editable, a verdict per URL with the deciding line
// highlighted and the engine's one-sentence reason, a crawler picker when
// data-agent is absent, and a link that opens the same state in the full
// tester. Without this script, or with JavaScript off, the <pre> stays a
// plain code block.
//
// Every widget of the page shares one engine: core.wasm (the engine alone,
// wasm/core) is fetched and started once, when the first widget comes near
// the viewport. The engine files are resolved against this script's own
// address, so the page may be on any origin and the tester under any
// sub-path. Verdicts, lines and sentences all come from the engine; this file
// only renders them.
//
// window.robotsTesterEmbed: upgrade(root) upgrades blocks added since (in
// root, default the document); engineLoads counts engine downloads (0 or 1)
// and memory() is the engine's WebAssembly memory in bytes, which the tests
// and benchmarks (embed_browser_test.go) read.
(function () {
  "use strict";

  if (window.robotsTesterEmbed && window.robotsTesterEmbed.upgrade) {
    return; // the script was included twice: one engine, one set of widgets
  }

  var script = document.currentScript || document.querySelector('script[src*="embed.js"]');
  var base = new URL(".", (script && script.src) || location.href).href;
  var CORE = "robotsTesterCore";
  var DEFAULT_AGENT = "Googlebot";
  var MAX_EDITOR_LINES = 18;

  var api = (window.robotsTesterEmbed = {
    base: base,
    engineLoads: 0, // how many times the engine was fetched (1 at most)
    widgets: [],
    upgrade: upgradeAll,
    memory: function () {
      return engineMemory ? engineMemory.buffer.byteLength : 0;
    },
  });

  // ---- The one engine ----

  var engine = null; // a Promise of robotsTesterCore, made on first need
  var engineMemory = null;

  var origin = new URL(base).origin;

  function loadScript(src) {
    return new Promise(function (resolve, reject) {
      var el = document.createElement("script");
      el.src = src;
      el.crossOrigin = "anonymous";
      el.onload = resolve;
      el.onerror = function () {
        reject(new Error(src + " did not load: the page's Content-Security-Policy must allow " + origin +
          " in script-src, and the tester's server must be reachable"));
      };
      document.head.appendChild(el);
    });
  }

  async function instantiate(go) {
    var url = base + "core.wasm";
    var resp;
    try {
      resp = await fetch(url, { mode: "cors", credentials: "omit" });
    } catch (e) {
      throw new Error("the engine (" + url + ") could not be fetched: the page's Content-Security-Policy must allow " +
        origin + " in connect-src, and the tester's server must be reachable");
    }
    if (!resp.ok) {
      throw new Error(url + " answered HTTP " + resp.status + ": serve the tester's core.wasm next to embed.js");
    }
    try {
      // Streaming compiles while the bytes arrive; it needs the
      // application/wasm type, which a static host may not send.
      if (WebAssembly.instantiateStreaming && /^application\/wasm\b/.test(resp.headers.get("Content-Type") || "")) {
        return await WebAssembly.instantiateStreaming(resp, go.importObject);
      }
      return await WebAssembly.instantiate(await resp.arrayBuffer(), go.importObject);
    } catch (e) {
      if (/Content Security Policy|unsafe-eval/i.test(String(e && e.message))) {
        throw new Error("the page's Content-Security-Policy does not allow WebAssembly: add 'wasm-unsafe-eval' to its script-src");
      }
      throw e;
    }
  }

  function loadEngine() {
    if (engine) {
      return engine;
    }
    api.engineLoads++;
    engine = (async function () {
      if (typeof WebAssembly !== "object") {
        throw new Error("this browser has no WebAssembly");
      }
      var core = (globalThis[CORE] = globalThis[CORE] || {});
      if (typeof core.parse === "function") {
        return core; // the page runs the engine already
      }
      var ready = new Promise(function (resolve, reject) {
        core._resolve = resolve;
        core._reject = reject;
      });
      // wasm_exec.js must come from the Go that built core.wasm, so ours is
      // loaded even when the page has a Go class of its own, which is then
      // put back for the page's own program.
      var pagesGo = globalThis.Go;
      await loadScript(base + "wasm_exec.js");
      var Go = globalThis.Go;
      if (pagesGo) {
        globalThis.Go = pagesGo;
      }
      var go = new Go();
      var result = await instantiate(go);
      engineMemory = result.instance.exports.mem;
      // parse and the handles call the module's exports (wasm/jsapi/handles.js,
      // appended to our wasm_exec.js).
      if (typeof Go.robotsTesterHandles === "function" && typeof result.instance.exports.robotsTesterTest === "function") {
        core._handles = Go.robotsTesterHandles(result.instance.exports);
      }
      go.run(result.instance).then(function () {
        core._reject && core._reject(new Error("the engine stopped"));
      });
      return ready;
    })();
    return engine;
  }

  // ---- The host page's colour scheme ----

  // luminance of a computed rgb()/rgba() colour, or -1 when transparent.
  function luminance(color) {
    var m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?/.exec(color || "");
    if (!m || (m[4] !== undefined && Number(m[4]) < 0.5)) {
      return -1;
    }
    return (0.2126 * m[1] + 0.7152 * m[2] + 0.0722 * m[3]) / 255;
  }

  // scheme is "dark" or "light": the widget's own data-theme, else the
  // background the widget sits on (sites switch themes with classes as often
  // as with color-scheme), else the page's color-scheme, else the reader's
  // preference.
  function scheme(host, pre) {
    var asked = pre.getAttribute("data-theme");
    if (asked === "dark" || asked === "light") {
      return asked;
    }
    for (var el = host.parentElement; el; el = el.parentElement) {
      var l = luminance(getComputedStyle(el).backgroundColor);
      if (l >= 0) {
        return l < 0.45 ? "dark" : "light";
      }
    }
    var cs = getComputedStyle(document.documentElement).colorScheme || "";
    if (/dark/.test(cs) && !/light/.test(cs)) {
      return "dark";
    }
    if (/light/.test(cs) && !/dark/.test(cs)) {
      return "light";
    }
    return matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }

  function refreshSchemes() {
    api.widgets.forEach(function (w) {
      w.root.host.setAttribute("data-scheme", scheme(w.root.host, w.pre));
    });
  }

  // ---- Permalinks in the full tester's format (wasm/permalink.go) ----

  // "#v1." + base64url(raw DEFLATE(fields)); a field is its tag, the
  // uvarint length of its value and the value's UTF-8 bytes.
  var TAG = { robots: 1, crawler: 2, token: 3, urls: 4 };

  function stateBytes(state) {
    var out = [];
    var enc = new TextEncoder();
    function field(tag, value) {
      if (!value) {
        return;
      }
      var b = enc.encode(value);
      out.push(tag);
      for (var n = b.length; ; n = Math.floor(n / 128)) {
        if (n < 128) {
          out.push(n);
          break;
        }
        out.push((n % 128) | 128);
      }
      for (var i = 0; i < b.length; i++) {
        out.push(b[i]);
      }
    }
    field(TAG.robots, state.robots);
    field(TAG.crawler, state.crawler);
    field(TAG.token, state.token);
    field(TAG.urls, state.urls);
    return new Uint8Array(out);
  }

  // deflateRaw compresses with the browser's CompressionStream, or, where
  // there is none, writes DEFLATE's stored blocks (RFC 1951 §3.2.4), which
  // every inflater reads.
  async function deflateRaw(bytes) {
    if (typeof CompressionStream === "function") {
      try {
        var stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate-raw"));
        return new Uint8Array(await new Response(stream).arrayBuffer());
      } catch (e) {
        // "deflate-raw" is newer than CompressionStream itself.
      }
    }
    var out = [];
    for (var at = 0; at === 0 || at < bytes.length; at += 65535) {
      var n = Math.min(65535, bytes.length - at);
      out.push(at + n >= bytes.length ? 1 : 0, n & 255, n >> 8, ~n & 255, (~n >> 8) & 255);
      for (var i = 0; i < n; i++) {
        out.push(bytes[at + i]);
      }
    }
    return new Uint8Array(out);
  }

  async function permalink(state) {
    var packed = await deflateRaw(stateBytes(state));
    var bin = "";
    for (var i = 0; i < packed.length; i++) {
      bin += String.fromCharCode(packed[i]);
    }
    var b64 = btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    return base + "#v1." + b64;
  }

  // ---- The widget ----

  var CSS = [
    ":host { all: initial; display: block; margin: 1em 0; contain: content; }",
    ":host([hidden]) { display: none; }",
    // Inherited properties cross the shadow boundary, and the page's rules
    // on the host element beat :host: the wrapper starts from nothing.
    ".w { all: initial; display: block; --bg: #ffffff; --panel: #f5f6f8; --text: #1b1c1f; --muted: #51555c; --border: #b9bdc4;",
    "  --accent: #0b57d0; --allowed: #0a6b2d; --blocked: #b3261e; --mark-allowed: #dff3e4; --mark-blocked: #fbe3e1;",
    "  --focus: #0b57d0; color-scheme: light;",
    "  font: 14px/1.45 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: var(--text);",
    "  background: var(--bg); border: 1px solid var(--border); border-radius: 6px; min-width: 0;",
    "  box-sizing: border-box; overflow: hidden; text-align: left; }",
    ":host([data-scheme=dark]) .w { --bg: #16181c; --panel: #1f2227; --text: #e8eaed; --muted: #b3b8bf;",
    "  --border: #4a4f57; --accent: #a8c7fa; --allowed: #7bd88f; --blocked: #ffb4ab;",
    "  --mark-allowed: #173d24; --mark-blocked: #4a1f1b; --focus: #a8c7fa; color-scheme: dark; }",
    "*, *::before, *::after { box-sizing: border-box; }",
    ".bar { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 12px; padding: 6px 10px;",
    "  background: var(--panel); border-bottom: 1px solid var(--border); }",
    ".title { font-weight: 600; margin-right: auto; }",
    ".agent { color: var(--muted); }",
    ".agent b { color: var(--text); font-weight: 600; }",
    "label { color: var(--muted); }",
    "select, textarea { font: inherit; color: var(--text); background: var(--bg);",
    "  border: 1px solid var(--border); border-radius: 4px; }",
    "select { max-width: 100%; padding: 2px 4px; }",
    "a { color: var(--accent); }",
    ":focus-visible { outline: 3px solid var(--focus); outline-offset: 1px; }",
    // The editor box scrolls, which would clip its textarea's outline.
    ".editor textarea:focus-visible { outline: none; }",
    ".editor:focus-within { outline: 3px solid var(--focus); outline-offset: -3px; }",
    ".mono, .editor textarea, .urls textarea, .gutter, .marks { font: 13px/20px ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace; }",
    ".editor { display: flex; max-height: " + (MAX_EDITOR_LINES * 20 + 16) + "px; overflow: auto; border-bottom: 1px solid var(--border); }",
    ".gutter { flex: none; padding: 8px 6px 8px 8px; text-align: right; color: var(--muted); background: var(--panel);",
    "  border-right: 1px solid var(--border); user-select: none; min-width: 3.2em; }",
    ".gutter div { white-space: pre; }",
    ".gutter .decides { color: var(--text); font-weight: 700; }",
    ".gutter .decides::before { content: '\\25B6\\FE0E  '; font-size: 9px; vertical-align: 1px; }",
    ".code { position: relative; flex: 1 0 auto; min-width: 0; }",
    ".marks { position: absolute; inset: 0; padding: 8px 0; pointer-events: none; }",
    ".marks div { height: 20px; }",
    ".marks .allowed { background: var(--mark-allowed); box-shadow: inset 3px 0 var(--allowed); }",
    ".marks .blocked { background: var(--mark-blocked); box-shadow: inset 3px 0 var(--blocked); }",
    ".editor textarea { position: relative; display: block; margin: 0; padding: 8px 10px; border: 0; border-radius: 0;",
    "  background: transparent; resize: none; overflow: hidden; white-space: pre; min-width: 100%; tab-size: 4; }",
    ".urls { display: block; padding: 8px 10px 0; }",
    ".urls textarea { display: block; width: 100%; margin-top: 2px; padding: 4px 6px; resize: vertical; white-space: pre; overflow-x: auto; }",
    "ul { list-style: none; margin: 0; padding: 6px 10px 8px; }",
    "li { padding: 6px 0; border-top: 1px solid var(--border); overflow-wrap: anywhere; }",
    "li:first-child { border-top: 0; }",
    ".verdict { font-weight: 700; white-space: nowrap; }",
    ".verdict.allowed { color: var(--allowed); }",
    ".verdict.blocked { color: var(--blocked); }",
    ".line { color: var(--muted); }",
    "button.goto { border: 0; background: none; padding: 0; color: var(--accent); text-decoration: underline; font-size: inherit; }",
    ".why { display: block; margin-top: 2px; }",
    ".why code { font-size: 12.5px; padding: 0 3px; border-radius: 3px; background: var(--panel); }",
    ".status { margin: 0; padding: 6px 10px 0; color: var(--muted); }",
    ".status.error { color: var(--blocked); }",
    ".foot { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 12px; padding: 6px 10px;",
    "  border-top: 1px solid var(--border); background: var(--panel); font-size: 13px; }",
    "button { font: inherit; font-size: 13px; color: var(--text); background: var(--bg); border: 1px solid var(--border);",
    "  border-radius: 4px; padding: 1px 8px; cursor: pointer; }",
    "button[hidden] { display: none; }",
    ".foot > span { margin-right: auto; }",
    ".sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }",
  ].join("\n");

  var sheet = null;
  function adoptStyles(root) {
    // A constructed stylesheet is not subject to the page's style-src, so
    // the page's CSP needs no 'unsafe-inline' for the widget.
    if (root.adoptedStyleSheets !== undefined && typeof CSSStyleSheet === "function") {
      try {
        if (!sheet) {
          sheet = new CSSStyleSheet();
          sheet.replaceSync(CSS);
        }
        root.adoptedStyleSheets = [sheet];
        return;
      } catch (e) {
        // Constructable stylesheets are missing: fall back to <style>.
      }
    }
    var style = document.createElement("style");
    style.textContent = CSS;
    root.appendChild(style);
  }

  function el(tag, attrs, children) {
    var e = document.createElement(tag);
    for (var k in attrs || {}) {
      if (k === "text") {
        e.textContent = attrs[k];
      } else {
        e.setAttribute(k, attrs[k]);
      }
    }
    (children || []).forEach(function (c) {
      e.appendChild(c);
    });
    return e;
  }

  // sentence renders one of the engine's sentences, whose quoted values are
  // set off with backticks, with those values as code (as wasm/sentence.go
  // does for the full tester); unmatched backticks are shown as written.
  function sentence(text) {
    var parts = text.split("`");
    if (parts.length % 2 === 0) {
      return [document.createTextNode(text)];
    }
    return parts.map(function (p, i) {
      return i % 2 === 1 ? el("code", { class: "mono", text: p }) : document.createTextNode(p);
    });
  }

  var count = 0;

  function Widget(pre) {
    var id = "rt" + ++count;
    this.pre = pre;
    this.agent = pre.getAttribute("data-agent") || "";
    this.handle = 0;
    this.timer = 0;

    var text = pre.textContent.replace(/^\n/, "").replace(/\s+$/, "") + "\n";
    var urls = (pre.getAttribute("data-urls") || "/").trim().split(/\s+/).join("\n");

    var host = document.createElement("robots-tester");
    // Set through the CSSOM (which no style-src restricts), and inline, so a
    // page rule such as "* { all: unset }" cannot hide or unblock the host.
    host.style.setProperty("display", "block", "important");
    host.style.setProperty("max-width", "100%", "important");
    var root = (this.root = host.attachShadow({ mode: "open" }));
    adoptStyles(root);

    var title = pre.getAttribute("data-title") || "robots.txt";
    this.editor = el("textarea", {
      id: id + "-robots", "aria-label": title + " (editable)", spellcheck: "false",
      autocapitalize: "off", autocomplete: "off", wrap: "off",
    });
    this.editor.value = text;
    // data-readonly keeps the example as written; the URLs stay editable.
    if (pre.hasAttribute("data-readonly")) {
      this.editor.readOnly = true;
      this.editor.setAttribute("aria-label", title + " (read-only)");
    }
    this.gutter = el("div", { class: "gutter", "aria-hidden": "true" });
    this.marks = el("div", { class: "marks", "aria-hidden": "true" });
    this.urls = el("textarea", {
      id: id + "-urls", rows: String(Math.min(6, urls.split("\n").length)), spellcheck: "false",
      autocapitalize: "off", autocomplete: "off", wrap: "off",
    });
    this.urls.value = urls;
    this.results = el("ul", { "aria-label": "Verdicts" });
    this.status = el("p", { class: "status", role: "status", text: "The live tester starts when this example scrolls into view." });
    this.open = el("a", { href: base, target: "_blank", rel: "noopener" }, [
      document.createTextNode("Open in the full tester"),
      el("span", { class: "sr", text: " (opens in a new tab)" }),
    ]);
    this.original = { robots: text, urls: urls };
    this.reset = el("button", { type: "button", class: "reset", text: "Reset the example" });
    this.reset.hidden = true;
    var bar = el("div", { class: "bar" }, [el("span", { class: "title", text: title })]);
    if (this.agent) {
      bar.appendChild(el("span", { class: "agent" }, [document.createTextNode("Crawler "), el("b", { text: this.agent })]));
    } else {
      this.select = el("select", { id: id + "-agent" });
      this.select.appendChild(el("option", { value: DEFAULT_AGENT, text: DEFAULT_AGENT }));
      bar.appendChild(el("label", { for: id + "-agent", text: "Crawler" }));
      bar.appendChild(this.select);
    }
    var wrap = el("div", { class: "w", role: "group", "aria-label": "Live robots.txt example" }, [
      bar,
      el("div", { class: "editor" }, [this.gutter, el("div", { class: "code" }, [this.marks, this.editor])]),
      el("label", { class: "urls", for: id + "-urls" }, [document.createTextNode("URLs to test, one per line"), this.urls]),
      this.status,
      this.results,
      el("div", { class: "foot" }, [
        el("span", { text: "Decided as Google's robots.txt parser does." }),
        this.reset,
        this.open,
      ]),
    ]);
    root.appendChild(wrap);

    var self = this;
    function changed() {
      clearTimeout(self.timer);
      self.layout();
      self.timer = setTimeout(function () {
        self.update();
      }, 60);
    }
    this.editor.addEventListener("input", changed);
    this.urls.addEventListener("input", changed);
    if (this.select) {
      this.select.addEventListener("change", changed);
    }
    this.results.addEventListener("click", function (e) {
      var b = e.target.closest && e.target.closest("button.goto");
      if (b) {
        self.selectLine(Number(b.getAttribute("data-line")));
      }
    });
    this.reset.addEventListener("click", function () {
      self.editor.value = self.original.robots;
      self.urls.value = self.original.urls;
      if (self.select) {
        self.select.selectedIndex = 0;
      }
      self.editor.focus();
      changed();
    });

    // The <pre> stays in the page (its text is the widget's starting point
    // for a reader without the engine), hidden in a way page CSS cannot undo.
    pre.hidden = true;
    pre.style.setProperty("display", "none", "important");
    pre.parentNode.insertBefore(host, pre);
    host.setAttribute("data-scheme", scheme(host, pre));
    this.layout();
  }

  // layout sizes the editor to its text (the editor box scrolls, so the
  // gutter and the marks scroll with it) and numbers the lines.
  Widget.prototype.layout = function () {
    this.reset.hidden = this.editor.value === this.original.robots && this.urls.value === this.original.urls &&
      (!this.select || this.select.selectedIndex <= 0);
    var lines = this.editor.value.split("\n");
    var n = lines.length;
    var widest = 0;
    for (var i = 0; i < n; i++) {
      widest = Math.max(widest, lines[i].length);
    }
    this.editor.style.height = n * 20 + 16 + "px";
    this.editor.style.width = "calc(" + (widest + 1) + "ch + 20px)";
    if (this.gutter.childElementCount !== n) {
      var frag = document.createDocumentFragment();
      var marks = document.createDocumentFragment();
      for (var j = 1; j <= n; j++) {
        frag.appendChild(el("div", { text: String(j) }));
        marks.appendChild(el("div"));
      }
      this.gutter.replaceChildren(frag);
      this.marks.replaceChildren(marks);
    }
  };

  // selectLine selects line n (1-based) of the editor and scrolls it into
  // the editor's view, as the full tester does for a clicked result.
  Widget.prototype.selectLine = function (n) {
    var text = this.editor.value;
    var start = 0;
    for (var i = 1; i < n; i++) {
      var next = text.indexOf("\n", start);
      if (next < 0) {
        return;
      }
      start = next + 1;
    }
    var end = text.indexOf("\n", start);
    this.editor.focus({ preventScroll: true });
    this.editor.setSelectionRange(start, end < 0 ? text.length : end);
    var box = this.editor.closest(".editor");
    var top = 8 + (n - 1) * 20;
    if (top < box.scrollTop || top + 20 > box.scrollTop + box.clientHeight) {
      box.scrollTop = Math.max(0, top - box.clientHeight / 2);
    }
  };

  Widget.prototype.agentName = function () {
    return this.agent || (this.select ? this.select.value : DEFAULT_AGENT);
  };

  Widget.prototype.fillCrawlers = function (core) {
    if (!this.select || this.select.childElementCount > 1) {
      return;
    }
    var sel = this.select;
    sel.replaceChildren();
    core.crawlers().forEach(function (c) {
      if (c.token) {
        sel.appendChild(el("option", { value: c.name, text: c.name }));
      }
    });
  };

  // update tests every URL against the current text and renders the answers.
  Widget.prototype.update = function () {
    var core = this.core;
    if (!core) {
      if (this.failed) {
        // Without the engine the crawler's catalogue name is unknown: the
        // full tester reads the agent as a token.
        this.link("", this.agentName());
      }
      return;
    }
    if (this.handle) {
      this.handle.release();
    }
    // The handle's own test and release are the module's exported calls
    // (wasm/jsapi/handles.js), not core.test's js.Func: a widget parses
    // and tests anew at each keystroke.
    this.handle = core.parse(this.editor.value);
    var agent = this.agentName();
    var urls = this.urls.value.split("\n").map(function (u) {
      return u.trim();
    }).filter(Boolean);
    var decides = {};
    var items = [];
    var blocked = 0;
    var crawler = "";
    for (var i = 0; i < urls.length; i++) {
      var r = this.handle.test(agent, urls[i]);
      if (r.error) {
        this.showStatus(r.error, true);
        return;
      }
      crawler = r.crawler;
      if (!r.allowed) {
        blocked++;
      }
      if (r.line > 0) {
        decides[r.line] = decides[r.line] === undefined || decides[r.line] === r.verdict ? r.verdict : "blocked";
      }
      var head = el("div", {}, [
        el("span", { class: "verdict " + r.verdict }, [
          el("span", { "aria-hidden": "true", text: r.allowed ? "\u2713\uFE0E " : "\u2715\uFE0E " }),
          document.createTextNode(r.allowed ? "Allowed" : "Blocked"),
        ]),
        document.createTextNode(" "),
        el("code", { class: "mono", text: urls[i] }),
        document.createTextNode(" "),
        r.line > 0
          ? el("button", { type: "button", class: "goto", "data-line": String(r.line), title: "Select line " + r.line + " in the editor", text: "line " + r.line })
          : el("span", { class: "line", text: "no rule" }),
      ]);
      var li = el("li", { "data-verdict": r.verdict, "data-line": String(r.line) }, [
        head,
        el("span", { class: "why" }, sentence(r.reason)),
      ]);
      if (r.testedAs && r.testedAs !== urls[i]) {
        li.appendChild(el("span", { class: "line", text: "Tested as " + r.testedAs }));
      }
      items.push(li);
    }
    this.results.replaceChildren.apply(this.results, items);
    var gutter = this.gutter.children;
    var marks = this.marks.children;
    for (var n = 0; n < gutter.length; n++) {
      var v = decides[n + 1];
      gutter[n].className = v ? "decides" : "";
      marks[n].className = v || "";
    }
    this.showStatus(
      urls.length === 0
        ? "Type a URL or a path to test."
        : urls.length + (urls.length === 1 ? " URL: " : " URLs: ") + (urls.length - blocked) + " allowed, " + blocked + " blocked.",
      false,
    );
    this.root.host.setAttribute("data-state", "ready");
    this.root.host.dispatchEvent(new CustomEvent("robots-tester:ready", { bubbles: true }));
    this.link(crawler, agent);
  };

  Widget.prototype.showStatus = function (text, isError) {
    this.status.textContent = text;
    this.status.className = isError ? "status error" : "status";
  };

  // link points "Open in the full tester" at this widget's state.
  Widget.prototype.link = function (crawler, agent) {
    var self = this;
    var state = {
      robots: this.editor.value,
      crawler: crawler,
      token: crawler ? "" : agent,
      urls: this.urls.value,
    };
    var seq = (this.linkSeq = (this.linkSeq || 0) + 1);
    this.open.setAttribute("data-link", "pending");
    permalink(state).then(function (href) {
      if (seq === self.linkSeq) {
        self.open.href = href;
        self.open.setAttribute("data-link", "current");
      }
    });
  };

  Widget.prototype.start = function (core) {
    this.core = core;
    this.fillCrawlers(core);
    this.update();
  };

  Widget.prototype.fail = function (err) {
    this.showStatus("The live tester could not start: " + ((err && err.message) || err) + ". The example is still editable.", true);
    this.root.host.setAttribute("data-state", "failed");
    this.failed = true;
    this.update();
  };

  // ---- Upgrading the page ----

  var observer = null;
  function whenNear(w) {
    if (typeof IntersectionObserver !== "function") {
      start(w);
      return;
    }
    if (!observer) {
      observer = new IntersectionObserver(
        function (entries) {
          entries.forEach(function (e) {
            if (e.isIntersecting) {
              observer.unobserve(e.target);
              start(e.target.__robotsTester);
            }
          });
        },
        { rootMargin: "400px 0px" },
      );
    }
    w.root.host.__robotsTester = w;
    observer.observe(w.root.host);
  }

  // start begins the engine's download for the first widget near the
  // viewport; every widget waits on the same Promise.
  function start(w) {
    w.showStatus("Starting the tester…", false);
    loadEngine().then(
      function (core) {
        w.start(core);
      },
      function (err) {
        w.fail(err);
      },
    );
  }

  function upgradeAll(root) {
    (root || document).querySelectorAll("pre[data-robots-tester]:not([data-robots-tester-done])").forEach(function (pre) {
      pre.setAttribute("data-robots-tester-done", "");
      var w = new Widget(pre);
      api.widgets.push(w);
      whenNear(w);
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () {
      upgradeAll();
    });
  } else {
    upgradeAll();
  }
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", refreshSchemes);
  // Sites switch themes by a class or attribute on <html> or <body>.
  var themeWatch = new MutationObserver(refreshSchemes);
  themeWatch.observe(document.documentElement, { attributes: true, attributeFilter: ["class", "style", "data-theme", "data-color-scheme"] });
  if (document.body) {
    themeWatch.observe(document.body, { attributes: true, attributeFilter: ["class", "style", "data-theme"] });
  }
})();
