// The script API's fast calls (robotsTester, robotsTesterCore), appended
// by the Makefile to Go's wasm_exec.js, which the page, its workers and
// embed.js all load, and which like this file must match the module that
// runs: Go.robotsTesterHandles(instance.exports) gives parse(robotsTxt),
// a handle's test and release, and the API's test of a text or of a
// handle that go through them, calling the module's exported
// functions (exports.go) rather than js.Funcs, whose crossing costs
// several times a test. The text, or the agent and the URL, are written
// as UTF-8 into the module's input buffer; a test's answer is read from
// the module's answer words, and the strings it has not sent before from
// its text (exports.go says how). The loader (web/loader.js,
// web/embed.js) leaves them on the API object as _handles, and the
// program puts them on the API and its handles' prototype (handles.go);
// a call they cannot answer (an argument of another type, a released
// handle) goes to the js.Funcs, goParse and _test, which say why.
(() => {
  "use strict";

  // The answer's words and flags, as exports.go numbers them
  // (TestAnswerWordsMatchHandlesJS compares the two).
  var A = {text: 0, textLen: 1, flags: 2, allowed: 3, line: 4, why: 5, group: 6, testedAt: 7, notes: 8, ruleText: 9, whyText: 10,
    endText: 11, pieces: 12, words: 52};
  var F = {json: 1, rule: 2, why: 4, testedAs: 8, sent: 16, group: 32, around: 64, ruleText: 128, whyText: 256};
  // The most texts of rules and reasons the wrapper keeps by number
  // (texts.go); past it, it lets them all go, and asks again for those
  // an answer then gives by number.
  var MAX_TEXTS = 1024;

  var encoder = new TextEncoder();
  // put writes s as UTF-8 at the start of view, which has room for it
  // (3 bytes a UTF-16 unit), and returns how many bytes it wrote. A
  // short string is encoded by a loop: in Chromium (156) a call of
  // encodeInto costs 0.36 µs whatever the length, then 0.47 ns a byte,
  // and the loop wrote a 74-byte robots.txt in 0.22 µs against
  // encodeInto's 0.38, and passes encodeInto at about 400 characters.
  // Past a character that is not ASCII (a BOM first in twenty of the
  // corpus' small files), at most 64 characters are encoded by a loop
  // as encodeInto does (putWide), which in Chromium took 0.13 µs for
  // 0380.txt (24 characters) against encodeInto's 0.43 to 0.55, and 0.65
  // to 0.98 µs for 0341.txt (155) against 0.46 to 0.72; more go to
  // encodeInto, as longer strings do.
  function put(s, view) {
    var n = s.length;
    if (n > 256) {
      return encoder.encodeInto(s, view).written;
    }
    for (var i = 0; i < n; i++) {
      var c = s.charCodeAt(i);
      if (c >= 0x80) {
        return n - i <= 64 ? putWide(s, i, view) : encoder.encodeInto(s, view).written;
      }
      view[i] = c;
    }
    return n;
  }
  // putWide is put from s[i] on, which is not ASCII, the i characters
  // before it written: UTF-8 as encodeInto writes it, a surrogate pair
  // as one code point in four bytes and a lone surrogate as U+FFFD.
  function putWide(s, i, view) {
    var n = s.length, w = i;
    for (; i < n; i++) {
      var c = s.charCodeAt(i);
      if (c < 0x80) {
        view[w++] = c;
      } else if (c < 0x800) {
        view[w++] = 0xc0 | c >> 6;
        view[w++] = 0x80 | c & 0x3f;
      } else {
        if (c >= 0xd800 && c < 0xe000) {
          var d = i + 1 < n ? s.charCodeAt(i + 1) : 0;
          if (c < 0xdc00 && d >= 0xdc00 && d < 0xe000) {
            c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
            i++;
            view[w++] = 0xf0 | c >> 18;
            view[w++] = 0x80 | c >> 12 & 0x3f;
            view[w++] = 0x80 | c >> 6 & 0x3f;
            view[w++] = 0x80 | c & 0x3f;
            continue;
          }
          c = 0xfffd;
        }
        view[w++] = 0xe0 | c >> 12;
        view[w++] = 0x80 | c >> 6 & 0x3f;
        view[w++] = 0x80 | c & 0x3f;
      }
    }
    return w;
  }
  // putRead writes a robots.txt as put does, but for the lines no
  // answer of a handle reads, each written as its line feed alone: an
  // empty line, which the module neither copies whole nor splits (an
  // HTML page served as robots.txt costs its parse most of its time,
  // and 190 KB of one took encodeInto alone six times robots-parser's
  // whole construction). A handle answers verdicts and its line count
  // (h.lines()), and only user-agent, allow and disallow lines decide
  // them: a line whose first character, past the spaces, tabs, \v and
  // \f Google trims (and a BOM first in the text, which it skips), is
  // none of u, a, d in either case cannot be one of those (Google
  // recognises keys by their first bytes, google-behaviour.md section
  // 4), and it keeps its place: every line still ends at a break (after
  // a CR, a "#" first, or the two would be one CRLF; a last line with no
  // break is left out whole, the empty line after the last break).
  // Sitemap lines go too; the handle has no call that lists them.
  // TestBrowserScriptReadLines parses what it writes and the text's own
  // bytes, and compares their lines, groups, rules and answers.
  //
  // An empty line is copied as it is; a line of spaces is left out like
  // the others. Once the characters of the lines the walk copied
  // outnumber the others' by KEEP_LEAD (an ordinary robots.txt, which a
  // walk would only slow), it copies the next PROBE_GAP characters as
  // they are, to the end of a line, and walks again from there with the
  // gap doubled: a robots.txt followed by thousands of lines no answer
  // reads (0029.txt: 25 rules, then 1,463 sitemaps, 93 KB) has them left
  // out all the same, where a walk that stopped for good wrote them all,
  // and its parse + first answer took robots-parser's construction 1.05
  // to 1.8 times. When no line is left after the gap, the walk stops,
  // copying the rest as it is; with fewer than LEFT_MIN characters left
  // out by then, it copies the text whole. A text of at most 256
  // characters is copied whole.
  var KEEP_LEAD = 64, LEFT_MIN = 512, PROBE_GAP = 1024;
  var NOT_SPACE = /[^ \t\v\f]/g; // what ends the spaces Google trims
  function putRead(text, view) {
    var n = text.length;
    if (n <= 256) {
      return put(text, view);
    }
    var w = 0, run = 0, pos = 0, lf = -1, cr = -1, lead = 0, left = 0, gap = PROBE_GAP;
    while (pos < n) {
      if (lf < pos) {
        lf = text.indexOf("\n", pos);
        if (lf < 0) {
          lf = n;
        }
      }
      if (cr < pos) {
        cr = text.indexOf("\r", pos);
        if (cr < 0) {
          cr = n;
        }
      }
      var end = lf < cr ? lf : cr, next = end === cr && lf === cr + 1 ? end + 2 : end + 1;
      var i = pos === 0 && text.charCodeAt(0) === 0xfeff ? 1 : pos, c = text.charCodeAt(i);
      while (c === 32 || c === 9 || c === 11 || c === 12) {
        if (i - pos > 16) {
          // A long run of spaces: a regular expression finds its end
          // natively, and stops at the line's break at the latest (in
          // Chromium about 0.2 µs less than trimStart on a copy, for
          // 0306.txt's 290 spaces).
          NOT_SPACE.lastIndex = i;
          c = NOT_SPACE.test(text) && NOT_SPACE.lastIndex <= end ? text.charCodeAt(NOT_SPACE.lastIndex - 1) : NaN;
          break;
        }
        c = text.charCodeAt(++i);
      }
      var lower = c | 0x20; // a letter's lower case
      if (lower === 0x75 || lower === 0x61 || lower === 0x64 || end === pos) {
        if ((lead += next - pos) > KEEP_LEAD) {
          // The walk goes on after the gap, at the start of a line (past
          // a line feed, which always ends one), if there is one.
          var at = next + gap < n ? text.indexOf("\n", next + gap) : -1;
          if (at >= 0 && at + 1 < n) {
            pos = at + 1;
            lead = 0;
            gap *= 2;
            continue;
          }
          if (left < LEFT_MIN) {
            // Little was left out: the text whole, whose UTF-8 the
            // browser may hold from the last copy, costs less than a
            // piece of it.
            return put(text, view);
          }
          break;
        }
      } else {
        if (run < pos) {
          w = putRun(text, run, pos, view, w);
        }
        if (end < n) {
          if (w > 0 && view[w - 1] === 0x0d) {
            view[w++] = 0x23; // #
          }
          view[w++] = 0x0a;
        }
        lead -= next - pos;
        left += next - pos;
        run = next;
      }
      pos = next;
    }
    return run < n ? putRun(text, run, n, view, w) : w;
  }
  // putRun writes text's characters from to to at view[w], as put does,
  // and returns where they end.
  function putRun(text, from, to, view, w) {
    if (to - from <= 256) {
      var i = from, at = w;
      for (; i < to; i++) {
        var c = text.charCodeAt(i);
        if (c >= 0x80) {
          break;
        }
        view[at++] = c;
      }
      if (i === to) {
        return at;
      }
    }
    return w + encoder.encodeInto(from === 0 && to === text.length ? text : text.substring(from, to), view.subarray(w)).written;
  }
  Go.robotsTesterHandles = function (exports) {
    var decoder = new TextDecoder();
    var input = 0, size = 0, bytes = null, words = null;
    // The agent the input buffer starts with, its length in bytes, and
    // the view after it, where a test writes its URL.
    var agentIn = null, agentLen = 0, urlView = null;
    // The group sentence, token and crawler of the last answer, and
    // their number: the module sends them again when its number differs.
    var group = 0, groupText = "", token = "", crawler = "";
    // The texts of rules and reasons the answers sent, by their number
    // for every handle (texts.go).
    var texts = new Map();
    function keep(n, text) {
      if (n > 0) {
        if (texts.size >= MAX_TEXTS) {
          texts.clear();
        }
        texts.set(n, text);
      }
    }
    var fast = {}; // the program adds proto and goParse (wasm/jsapi/handles.go)
    // A handle: made by a constructor whose prototype is the program's
    // (fast.proto, set once the program has made it), which V8 makes
    // faster than Object.create and two stores (parse + first answer of
    // a small file about 1.5% faster in Chromium).
    function Handle(id) {
      this.id = id;
      this._sent = null; // the rules and reasons its answers sent (answer)
    }
    var protoSet = null;
    // The input buffer, n bytes at least, and the answer's words, seen
    // afresh when a call has grown the module's memory, which empties the
    // views made before.
    function buffer(n) {
      if (n > size) {
        size = Math.max(n, 4096);
        input = exports.robotsTesterInput(size);
        bytes = null;
        agentIn = null;
      }
      if (bytes === null || bytes.length === 0) { // a view of a memory that grew is emptied
        bytes = new Uint8Array(exports.mem.buffer, input, size);
        urlView = null;
      }
      return bytes;
    }
    function answerWords() {
      if (words === null || words.length === 0) {
        words = new Int32Array(exports.mem.buffer, exports.robotsTesterAnswer(), A.words);
      }
      return words;
    }
    // afterAgent writes agent at the start of the input buffer, unless it
    // is there from the call before, and gives the view after it, with
    // room for n bytes.
    function afterAgent(agent, n) {
      var buf = buffer(3 * agent.length + n);
      if (agent !== agentIn) {
        agentLen = put(agent, buf);
        agentIn = agent;
        urlView = null;
      }
      if (urlView === null) {
        urlView = buf.subarray(agentLen);
      }
      return urlView;
    }
    // parse writes the text after the agent the last test wrote, which
    // stays there with its view for the next test.
    fast.parse = function (text) {
      var n, agent = agentIn === null ? "" : agentIn;
      if (typeof text === "string") {
        n = putRead(text, afterAgent(agent, 3 * text.length)); // at most 3 bytes a UTF-16 unit
      } else if (text instanceof Uint8Array) {
        afterAgent(agent, text.length).set(text);
        n = text.length;
      } else {
        return fast.goParse.apply(this, arguments);
      }
      var id = exports.robotsTesterParse(agentLen, n);
      if (protoSet !== fast.proto) {
        Handle.prototype = protoSet = fast.proto;
      }
      if (id < 0) {
        return fast.goParse.apply(this, arguments); // another call took the input (marking.go)
      }
      return new Handle(id);
    };
    fast.test = function (agent, url) {
      if (typeof agent !== "string" || typeof url !== "string" || typeof this.id !== "number") {
        return this._test.apply(this, arguments);
      }
      var u = put(url, afterAgent(agent, 3 * url.length)), a = agentLen;
      var c = this._sent, full = !c;
      if (full) {
        // One array, not three: a rule at 3 × its line, a reason at 3 ×
        // its number + 1, what follows a reason told around the path at
        // + 2 (with the Handle, a small file's parse + first answer 3 to
        // 4% faster in Chromium).
        c = this._sent = [];
      }
      if (exports.robotsTesterTest(this.id, a, u, group, full ? 1 : 0) < 0) {
        return this._test(agent, url);
      }
      var w = answerWords(), line = w[A.line], why = w[A.why], flags = w[A.flags];
      if (!(flags & F.json) && (flags & F.ruleText && !texts.has(w[A.ruleText]) ||
          flags & F.whyText && (!texts.has(w[A.whyText]) || flags & F.around && !texts.has(w[A.endText])) ||
          !full && (line > 0 && !(flags & (F.rule | F.ruleText)) && c[3 * line] === undefined ||
            why > 0 && !(flags & (F.why | F.whyText)) && c[3 * why + 1] === undefined))) {
        // A rule or a reason neither this answer nor what is held gives
        // (an answer that sent it came as JSON, or its text was let go):
        // asked again, with every text.
        if (exports.robotsTesterTest(this.id, a, u, group, 2) < 0) {
          return this._test(agent, url);
        }
        w = answerWords();
      }
      return answer(w, c, url);
    };
    // answer makes Verdict's object (wasm/jsapi/verdict.go) from the
    // answer's words, its text, and what c, the handle's, holds from the
    // answers before (fast.test): rules by line, reasons by number, and
    // for a reason told around the path, what comes after it.
    function answer(w, c, url) {
      var flags = w[A.flags], n = w[A.textLen];
      var text = n > 0 ? decoder.decode(new Uint8Array(exports.mem.buffer, w[A.text], n)) : "";
      if (flags & F.json) {
        return JSON.parse(text);
      }
      var at = 0, p = A.pieces, line = w[A.line], why = w[A.why], rule = "", reason, testedAs, sent = url, notes = [];
      // The texts given by number, read before keep() may let them go.
      var ruleText = flags & F.ruleText ? texts.get(w[A.ruleText]) : "", whyText = flags & F.whyText ? texts.get(w[A.whyText]) : "",
        endText = flags & F.whyText && flags & F.around ? texts.get(w[A.endText]) : "";
      if (flags & F.rule) {
        rule = c[3 * line] = text.substr(at, w[p]);
        at += w[p++];
        keep(w[A.ruleText], rule);
      } else if (flags & F.ruleText) {
        rule = c[3 * line] = ruleText;
      } else if (line > 0) {
        rule = c[3 * line];
      }
      if (flags & F.why) {
        reason = text.substr(at, w[p]);
        at += w[p++];
        if (flags & F.around) {
          c[3 * why + 2] = text.substr(at, w[p]);
          at += w[p++];
          keep(w[A.endText], c[3 * why + 2]);
        }
        if (why > 0) {
          c[3 * why + 1] = reason;
        }
        keep(w[A.whyText], reason);
      } else if (flags & F.whyText) {
        reason = c[3 * why + 1] = whyText;
        if (flags & F.around) {
          c[3 * why + 2] = endText;
        }
      } else {
        reason = c[3 * why + 1];
      }
      if (flags & F.testedAs) {
        testedAs = text.substr(at, w[p]);
        at += w[p++];
      }
      if (flags & F.sent) {
        sent = text.substr(at, w[p]);
        at += w[p++];
      }
      if (!(flags & F.testedAs)) {
        testedAs = sent.substring(w[A.testedAt]);
      }
      if (flags & F.around) {
        reason = reason + testedAs + c[3 * why + 2];
      }
      for (var i = w[A.notes]; i > 0; i--) {
        notes.push(text.substr(at, w[p]));
        at += w[p++];
      }
      if (flags & F.group) {
        groupText = text.substr(at, w[p]);
        at += w[p++];
        token = text.substr(at, w[p]);
        at += w[p++];
        crawler = text.substr(at, w[p]);
        group = w[A.group];
      }
      var allowed = w[A.allowed] === 1;
      return {allowed: allowed, verdict: allowed ? "allowed" : "blocked", line: line, rule: rule, reason: reason, group: groupText,
        testedAs: testedAs, sent: sent, notes: notes, token: token, crawler: crawler};
    }
    // A handle's testMany(agent, urls, {compact: true}) of an array:
    // each piece joined into one string and written into the input
    // buffer with the agent, its verdicts copied from the module's
    // buffers (decide.go). A URL holding a line break makes a piece the
    // js.Func's, as do other lists, options and wrong arguments.
    var D = {flags: 0, lines: 1, piece: 16384};
    fast.testMany = function (agent, urls, opts) {
      if (typeof agent !== "string" || !Array.isArray(urls) || typeof this.id !== "number" ||
          opts === null || typeof opts !== "object" || !opts.compact) {
        return this._testMany.apply(this, arguments);
      }
      var n = urls.length, allowed = new Uint8Array(n), lines = new Int32Array(n);
      for (var at = 0; at < n; at += D.piece) {
        var to = Math.min(at + D.piece, n), part = urls.slice(at, to), joined = part.join("\n");
        var len = encoder.encodeInto(joined, afterAgent(agent, 3 * joined.length)).written;
        if (exports.robotsTesterDecide(this.id, agentLen, len, to - at) < 0) {
          var r = this._testMany(agent, part, opts);
          if (!r || r.allowed === undefined) {
            return r; // the js.Func's sentence: a released handle
          }
          allowed.set(r.allowed, at);
          lines.set(r.lines, at);
          continue;
        }
        var w = answerWords();
        allowed.set(new Uint8Array(exports.mem.buffer, w[D.flags], to - at), at);
        lines.set(new Int32Array(exports.mem.buffer, w[D.lines], to - at), at);
      }
      return {count: n, allowed: allowed, lines: lines};
    };
    fast.release = function () {
      if (typeof this.id === "number") {
        exports.robotsTesterRelease(this.id);
      }
    };
    // api.test(robotsTxt, agent, url) without a handle (robotsTester):
    // the last text's handle is kept while the text is the same string,
    // which === tells without encoding it again (by reference, or else
    // by its characters). A Uint8Array, whose bytes may have changed, and
    // wrong arguments go to the js.Func (the program adds goTextTest).
    var lastText = null, lastHandle = null;
    fast.textTest = function (text, agent, url) {
      if (typeof text !== "string" || typeof agent !== "string" || typeof url !== "string") {
        return fast.goTextTest.apply(this, arguments);
      }
      if (lastHandle === null || text !== lastText) {
        if (lastHandle !== null) {
          fast.release.call(lastHandle);
        }
        lastHandle = fast.parse(text);
        lastText = text;
      }
      return fast.test.call(lastHandle, agent, url);
    };
    // api.test(handle, agent, url) (robotsTesterCore): a handle's own
    // test; a handle's id and wrong arguments go to the js.Func
    // (goHandleTest).
    fast.handleTest = function (h, agent, url) {
      if (h !== null && typeof h === "object" && Object.getPrototypeOf(h) === fast.proto) {
        return fast.test.call(h, agent, url);
      }
      return fast.goHandleTest.apply(this, arguments);
    };
    return fast;
  };
  // For tests: the text a parse of a string writes (TestBrowserScriptReadLines).
  Go.robotsTesterHandles.putRead = putRead;
})();
