//go:build !js

package browsertest

import (
	"encoding/base64"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"robotstester/engine"
)

// putReadJS writes text as a parse of a string does (handles.js,
// putRead), with "@" made a lone surrogate in the texts made for the
// test (made), and gives that text's UTF-8
// bytes and what putRead wrote, both in base64.
const putReadJS = `(text, made) => {
	if (made) text = text.replace(/@/g, String.fromCharCode(0xd800));
	const view = new Uint8Array(3 * text.length + 8), n = Go.robotsTesterHandles.putRead(text, view);
	const b64 = bytes => { let s = ""; for (let i = 0; i < bytes.length; i += 8192) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 8192)); return btoa(s); };
	return [b64(new TextEncoder().encode(text)), b64(view.subarray(0, n))];
}`

// readLinesTexts are texts made to take each of putRead's ways, each
// longer than the 256 characters it copies whole; blanked says which
// must come out shorter than they went in (a line left out).
func readLinesTexts() (texts map[string]string, blanked []string) {
	pad := strings.Repeat("<p>filler that no reader of robots.txt takes</p> ", 3)
	rules := "User-agent: *\nDisallow: /private\nAllow: /private/ok\n"
	texts = map[string]string{
		// A CR ends the line before a line left out, whose line feed must
		// not make a CRLF with it; a CR line, a CRLF line and an empty
		// line each after a line left out.
		"cr before a blanked line": "User-agent: *\r" + pad + "\n\nDisallow: /x\n" + pad + "\r\nAllow: /x/y\r" + pad + "\r\rDisallow: /z\r\n",
		"bom then html":            "\uFEFF" + pad + "\n" + rules + pad,
		"bom then agent":           "\uFEFFUser-agent: *\nDisallow: /b\n" + pad + "\n" + pad,
		"bom then spaces":          "\uFEFF \tUser-agent: a\nDisallow: /b\n" + pad + "\n" + pad,
		"leading spaces":           " \t\v\f" + pad + "\n\v" + pad + "\n \t\v\fUser-agent: *\n \t\v\fDisallow: /c/a-path-of-some-length\n\v\fallow: /c/a-path-of-some-length/x\n" + pad,
		"nul first":                "\x00User-agent: x\nUser-agent: *\nDisallow: /n\n\x00" + pad + "\n" + pad,
		"upper case":               "USER-AGENT: *\n" + pad + "\nALLOW: /a/b\n" + pad + "\nDISALLOW: /a\nuSeRaGeNt: b\ndIsAlLoW: /q\n" + pad,
		"not utf-8 nor ascii":      "User-agent: *\nDisallow: /café\n" + "é" + pad + "\n@" + pad + "\nDisallow: /@x\n" + pad + "@",
		"last line blanked":        rules + pad + "\n" + pad,
		"last line kept":           pad + "\n" + pad + "\n" + rules + "Disallow: /end",
		"crs only":                 strings.ReplaceAll(pad+"\n"+rules+pad+"\n"+rules+pad, "\n", "\r"),
		"crlfs only":               strings.ReplaceAll(pad+"\n"+rules+pad+"\n"+rules+pad+"\n", "\n", "\r\n"),
		"one line":                 pad + pad + pad,
		"sitemaps and typos":       "Sitemap: https://example.com/" + pad + "\nUseragent: *\nDissallow: /t\nuser agent: c\nDisalow: /u\n" + "Crawl-delay: 10 " + pad,
		"short lines kept":         "# a\n# b\n#c\nhost: x\n" + pad + "\n" + rules + "Crawl-delay: 5\n" + pad + "\n" + pad,
		"a key that is no key":     "Allowance: /al\nDisallowed: /dis\nuser-agents: *\nNoindex: " + pad + pad + pad + pad + "\nalso " + pad + "\ndown " + pad + "\nup " + pad,
		"rules before any agent":   "Disallow: /orphan\n" + pad + "\n" + rules + pad,
		"long runs of spaces": strings.Repeat(" ", 200) + "\n" + strings.Repeat(" ", 30) + pad + "\n" + strings.Repeat(" ", 40) + "User-agent: *\n" +
			strings.Repeat(" \t", 30) + "\vDisallow: /sp\n" + strings.Repeat(" ", 30) + "\u00a0Disallow: /nbsp\n" + strings.Repeat("\f", 20) + "\n" + rules,
		"html, then more robots.txt than it": strings.Repeat(pad+"\n", 5) + strings.Repeat(rules, 40),
		"html then robots.txt":               strings.Repeat(pad+"\n", 40) + strings.Repeat(rules+"Disallow: /more/path/here\n", 40),
	}
	// A robots.txt, then lines no answer reads by the thousand (0029.txt's
	// shape): the walk leaves its start and comes back after a gap, so
	// they are left out too; with only CRs, there is no line feed to come
	// back at.
	var maps strings.Builder
	for i := range 1500 {
		fmt.Fprintf(&maps, "Sitemap: https://example.com/sitemaps/part-%d.xml\n", i)
	}
	texts["robots.txt, then sitemaps"] = strings.Repeat(rules, 12) + maps.String()
	texts["robots.txt, sitemaps, robots.txt"] = strings.Repeat(rules, 40) + maps.String() + strings.Repeat(rules+"Allow: /again\n", 200) + pad + "\n"
	texts["crs only, robots.txt, then sitemaps"] = strings.ReplaceAll(strings.Repeat(rules, 12)+maps.String(), "\n", "\r")
	// An ordinary robots.txt: the walk stops at its start and copies it
	// as it is.
	texts["ordinary"] = strings.Repeat(rules+"Disallow: /some/path/that/is/long\n", 30) + pad + "\n" + pad
	for name := range texts {
		if !strings.HasPrefix(name, "ordinary") && !strings.HasPrefix(name, "crs only, robots.txt") {
			blanked = append(blanked, name)
		}
	}
	// Lines drawn at random from those, with breaks of each kind.
	pieces := []string{pad, "User-agent: *", "User-agent: Googlebot", "Disallow: /r", "Allow: /r/s", " Disallow: /t", "\tallow: /t/u$",
		"# " + pad, "Sitemap: https://example.com/" + pad, "", " ", "\uFEFF" + pad, "\x00" + pad, "Crawl-delay: 1", "d " + pad, "é" + pad, "a:b", "@" + pad}
	breaks := []string{"\n", "\r", "\r\n", "\n\r", "\r\r\n"}
	rng := rand.New(rand.NewPCG(26, 1))
	for i := range 300 {
		var b strings.Builder
		for b.Len() < 300 || rng.IntN(8) > 0 {
			b.WriteString(pieces[rng.IntN(len(pieces))])
			b.WriteString(breaks[rng.IntN(len(breaks))])
		}
		text := b.String()
		if rng.IntN(2) == 0 {
			text = strings.TrimRight(text, "\r\n")
		}
		texts[fmt.Sprintf("random %d", i)] = text
	}
	// Long texts of runs of those lines, each run of one piece, so that
	// the walk leaves and comes back (after gaps of 1, 2, 4, … KiB) in
	// runs it copies and in runs it leaves out.
	for i := range 40 {
		var b strings.Builder
		for b.Len() < 2000+rng.IntN(60000) {
			piece, br := pieces[rng.IntN(len(pieces))], breaks[rng.IntN(len(breaks))]
			for range 1 + rng.IntN(300) {
				b.WriteString(piece)
				b.WriteString(br)
			}
		}
		texts[fmt.Sprintf("random runs %d", i)] = b.String()
	}
	return texts, blanked
}

// readSame says how what a handle holds of in, the text a parse of a
// string wrote (out), differs from the text's own bytes: its line count,
// groups and rules, and the verdicts, deciding lines, rules and reasons
// of its answers. "" when none does.
func readSame(in, out []byte) string {
	want, got := engine.Parse(in), engine.Parse(out)
	if len(got.Lines) != len(want.Lines) {
		return fmt.Sprintf("%d lines, want %d", len(got.Lines), len(want.Lines))
	}
	if got.OrphanRules != want.OrphanRules {
		return fmt.Sprintf("%d rules before an agent, want %d", got.OrphanRules, want.OrphanRules)
	}
	if len(got.Groups) != len(want.Groups) {
		return fmt.Sprintf("%d groups, want %d", len(got.Groups), len(want.Groups))
	}
	paths := []string{"/", "/private", "/private/ok/x", "/index.html", "/x"}
	for i, g := range want.Groups {
		h := got.Groups[i]
		if !slices.Equal(g.Agents, h.Agents) {
			return fmt.Sprintf("group %d's agents %v, want %v", i+1, h.Agents, g.Agents)
		}
		if len(g.Rules) != len(h.Rules) {
			return fmt.Sprintf("group %d has %d rules, want %d", i+1, len(h.Rules), len(g.Rules))
		}
		for j, r := range g.Rules {
			s := h.Rules[j]
			if r.Line != s.Line || r.Allow != s.Allow || r.Value != s.Value || r.Pattern != s.Pattern ||
				want.RuleText(r.Line) != got.RuleText(s.Line) {
				return fmt.Sprintf("rule %+v, want %+v", s, r)
			}
			if len(paths) < 60 {
				paths = append(paths, strings.ReplaceAll(strings.TrimSuffix(r.Pattern, "$"), "*", "x"))
			}
		}
	}
	for _, agent := range []string{"Googlebot", "Googlebot-Image", "GPTBot", "a", "b", "x", "somebot"} {
		for _, p := range paths {
			u := "https://example.com" + p
			w, g := want.Test(agent, u), got.Test(agent, u)
			if w.Allowed != g.Allowed || w.Line != g.Line || want.Why(w) != got.Why(g) || want.WhichGroup(w) != got.WhichGroup(g) {
				return fmt.Sprintf("%s %s: %v line %d (%s), want %v line %d (%s)", agent, u, g.Allowed, g.Line, got.Why(g), w.Allowed, w.Line, want.Why(w))
			}
		}
	}
	return ""
}

// TestBrowserScriptReadLines: what a handle's parse of a string writes
// into the module (handles.js, putRead: the lines no answer reads
// left out) is read as the string's own bytes are, on every
// corpus file and on texts made to take each of its ways; and it does
// leave those lines out, where the corpus and the texts have them.
func TestBrowserScriptReadLines(t *testing.T) {
	ctx := newBrowser(t)
	a := openApp(t, ctx, serveSite(t))
	js[bool](a, `robotsTester.ready.then(() => true)`)
	texts, blanked := readLinesTexts()
	names, _ := filepath.Glob(filepath.Join(sharedPath(t, "corpus", "real"), "*.txt"))
	for _, name := range names {
		body, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		texts[filepath.Base(name)] = string(body)
	}
	shorter := map[string]int{}
	for name, text := range texts {
		got := call[[2]string](a, putReadJS, text, !strings.HasSuffix(name, ".txt"))
		in, err := base64.StdEncoding.DecodeString(got[0])
		out, err2 := base64.StdEncoding.DecodeString(got[1])
		if err != nil || err2 != nil {
			t.Fatalf("%s: %v %v", name, err, err2)
		}
		if d := readSame(in, out); d != "" {
			t.Errorf("%s: read from what the parse of the string wrote: %s", name, d)
		}
		if len(out) < len(in) {
			shorter[name] = len(out)
		}
	}
	for _, name := range blanked {
		if _, ok := shorter[name]; !ok {
			t.Errorf("%s: written as it is; want the long lines no answer reads left out", name)
		}
	}
	if n, ok := shorter["ordinary"]; ok {
		t.Errorf("an ordinary robots.txt came out in %d bytes; want it as it is", n)
	}
	// 0014.txt is 190 KB of HTML around four lines of robots.txt.
	if n, ok := shorter["0014.txt"]; len(names) > 0 && (!ok || n > 1024) {
		t.Errorf("0014.txt came out in %d bytes (shorter: %v); want its HTML left out, at most 1 KiB", n, ok)
	}
	// Its 1,500 sitemaps (76 KB) are left out but for a line feed each and
	// those in the first gap (1 KiB) after the robots.txt (600 bytes).
	if n, ok := shorter["robots.txt, then sitemaps"]; !ok || n > 4096 {
		t.Errorf("robots.txt, then sitemaps: came out in %d bytes (shorter: %v); want the sitemaps left out", n, ok)
	}
	t.Logf("%d texts, %d of them written shorter", len(texts), len(shorter))
}

// TestBrowserScriptPutUTF8: a string of at most 256 characters, which a
// parse, a test's agent and its URL write with a loop of their own
// (handles.js, put and putWide, past a wide character when at most 64
// are left), comes out as TextEncoder's UTF-8: a
// BOM, two- and three-byte characters, surrogate pairs, and lone
// surrogates (as U+FFFD) at the start, the middle and the end, in
// strings made at random of those.
func TestBrowserScriptPutUTF8(t *testing.T) {
	ctx := newBrowser(t)
	a := openApp(t, ctx, serveSite(t))
	js[bool](a, `robotsTester.ready.then(() => true)`)
	bad := js[[]string](a, `(() => {
		const units = [0x41, 0x2f, 0x7f, 0x80, 0xe9, 0x7ff, 0x800, 0xfeff, 0x2003, 0xffff, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xd83d, 0xde00];
		const texts = ["", "User-agent: *", "\ufeffUser-agent: *\nAllow:\u2003/", "caf\u00e9", "\ud83d\ude00", "\ud800", "a\udc00b", "\ud800\ud800\udc00", "x\ud83d", "\u0080".repeat(256), "\ud83d\ude00".repeat(128)];
		let seed = 26;
		const rand = n => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0, (seed >>> 8) % n);
		for (let i = 0; i < 2000; i++) {
			let s = "";
			// Mostly ASCII before a last run of at most 64 characters of any
			// kind, or of any kind throughout.
			const wideFrom = rand(2) === 0 ? 0 : rand(257);
			for (let k = rand(257); k > 0; k--) s += String.fromCharCode(s.length < wideFrom && rand(8) > 0 || rand(3) === 0 ? 0x20 + rand(95) : units[rand(units.length)]);
			texts.push(s.slice(0, 256));
		}
		const bad = [];
		for (const s of texts) {
			const view = new Uint8Array(3 * s.length + 8), n = Go.robotsTesterHandles.putRead(s, view);
			const want = new TextEncoder().encode(s);
			if (n !== want.length || want.some((b, i) => view[i] !== b)) {
				bad.push(JSON.stringify(s) + ": " + Array.from(view.subarray(0, n)).join(",") + ", want " + want.join(","));
			}
		}
		return bad;
	})()`)
	for _, b := range bad[:min(len(bad), 5)] {
		t.Error(b)
	}
	if len(bad) > 0 {
		t.Errorf("%d strings written other than TextEncoder writes them", len(bad))
	}
}
