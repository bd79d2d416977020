//go:build !js

package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"io/fs"
	"log"
	"mime"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"golang.org/x/net/html"

	"robotstester/internal/webfiles"
)

// singleFileName is the one-file offline build, opened from file:// with no
// network: everything the page needs is inside it.
const singleFileName = "robots-tester.html"

// writeDist writes the two offline builds of the site into out:
//
//   - out/robots-tester.html: index.html with its scripts and styles inlined
//     and app.wasm inside, gzipped and base64-encoded in a
//     <script id="wasm-inline" type="application/octet-stream"
//     data-encoding="gzip"> element that loader.js inflates with the
//     browser's DecompressionStream;
//   - out/site/: the static files as they are, every reference relative, so
//     the folder can be served from any host under any sub-path, with the
//     compressed forms beside them (writeCompressedForms). It holds
//     embed.js and the engine it loads (core.wasm, wasm_exec.js) for
//     documentation pages; a host serving the folder must send them with
//     Access-Control-Allow-Origin: * as server.go does (README, Embedding).
func writeDist(out string, site fs.FS) error {
	single, err := singleFile(site)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, singleFileName), single, 0o644); err != nil {
		return err
	}
	dir := filepath.Join(out, "site")
	// A file removed from web/ must not linger in a folder that gets deployed.
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	if err := os.CopyFS(dir, site); err != nil {
		return err
	}
	return writeCompressedForms(dir, site)
}

// writeCompressedForms puts NAME.gz (gzip -9) and NAME.br (the Brotli form
// make brotli wrote, when it is the form of NAME) beside each compressible
// file of the folder, when they are smaller. Static servers that look for
// such files send them as they are, with no work per request: nginx with
// gzip_static (and brotli_static from the ngx_brotli module), Caddy with
// file_server's precompressed option. Hosts that compress by themselves
// (GitHub Pages, Netlify, Cloudflare Pages) never ask for them, so there
// they only take disk space. The single file cannot use them: loader.js
// inflates its program with DecompressionStream, which has no Brotli.
func writeCompressedForms(dir string, site fs.FS) error {
	var noBrotli []string
	err := fs.WalkDir(site, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() || strings.HasSuffix(name, webfiles.BrotliSuffix) || !webfiles.Compressible(name) {
			return err
		}
		body, err := fs.ReadFile(site, name)
		if err != nil {
			return err
		}
		file := filepath.Join(dir, filepath.FromSlash(name))
		if gz := webfiles.Gzip(body); len(gz) < len(body) {
			if err := os.WriteFile(file+".gz", gz, 0o644); err != nil {
				return err
			}
		}
		br, err := fs.ReadFile(site, name+webfiles.BrotliSuffix)
		fresh := err == nil && webfiles.InflatesTo(br, body)
		if fresh && len(br) < len(body) {
			return nil // copied with the rest of the site
		}
		if !fresh {
			noBrotli = append(noBrotli, name)
		}
		if err := os.Remove(file + webfiles.BrotliSuffix); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		return nil
	})
	if err == nil && len(noBrotli) > 0 {
		log.Printf("site/ has no Brotli form of %s: make brotli writes them (make dist does both)", strings.Join(noBrotli, ", "))
	}
	return err
}

// singleFile builds the self-contained page from site's index.html.
func singleFile(site fs.FS) ([]byte, error) {
	index, err := fs.ReadFile(site, "index.html")
	if err != nil {
		return nil, fmt.Errorf("the site has no index.html (%v): build from the web/ folder", err)
	}
	wasm, err := fs.ReadFile(site, "app.wasm")
	if err != nil {
		return nil, fmt.Errorf("the site has no app.wasm (%v): build it first with make wasm", err)
	}
	packed := webfiles.Gzip(wasm)

	in := &inliner{site: site, csp: -1}
	z := html.NewTokenizer(bytes.NewReader(index))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		raw := string(z.Raw())
		tok := z.Token()
		switch {
		case tt == html.StartTagToken && tok.Data == "script" && attr(tok, "src") != "":
			// Skip the external script element's (empty) content and end tag.
			for next := z.Next(); next != html.EndTagToken && next != html.ErrorToken; next = z.Next() {
			}
			err = in.script(tok)
		case (tt == html.StartTagToken || tt == html.SelfClosingTagToken) && tok.Data == "link" && attr(tok, "href") != "":
			err = in.link(tok, raw)
		case (tt == html.StartTagToken || tt == html.SelfClosingTagToken) && attr(tok, "src") != "":
			err = in.media(tok, raw)
		case tt == html.StartTagToken && tok.Data == "a":
			err = in.anchor(tok, raw)
		case tt == html.StartTagToken && tok.Data == "meta" && strings.EqualFold(attr(tok, "http-equiv"), "content-security-policy"):
			in.csp = len(in.out)
			in.cspTok = tok
			in.emit(raw)
		case tt == html.EndTagToken && tok.Data == "body":
			in.finish(packed)
			in.emit(raw)
		default:
			in.emit(raw)
		}
		if err != nil {
			return nil, err
		}
	}
	if !in.finished {
		in.finish(packed)
	}
	if in.csp >= 0 {
		in.out[in.csp] = in.policy()
	}
	return []byte(strings.Join(in.out, "")), nil
}

// inliner accumulates the single file's pieces while index.html is read.
type inliner struct {
	site     fs.FS
	out      []string
	deferred []string // deferred scripts, moved before </body>
	finished bool

	csp     int // index in out of the CSP meta element, -1 when none
	cspTok  html.Token
	scripts []string // inline script bodies, hashed into the CSP
	styles  []string // inline style bodies, hashed into the CSP
}

func (in *inliner) emit(s string) {
	in.out = append(in.out, s)
}

// script inlines <script src=…>. A deferred (or async) script runs after the
// document is parsed; an inline script ignores defer, so it moves to the end
// of the body, where it also runs after the elements it looks up.
func (in *inliner) script(tok html.Token) error {
	body, err := in.local(tok, "src")
	if err != nil {
		return err
	}
	js := escapeScript(string(body))
	in.scripts = append(in.scripts, js)
	el := "<script" + keepAttrs(tok, "src", "defer", "async") + ">" + js + "</script>"
	if hasAttr(tok, "defer") || hasAttr(tok, "async") {
		in.deferred = append(in.deferred, el)
		return nil
	}
	in.emit(el)
	return nil
}

// link inlines a stylesheet as <style> and any other linked file (an icon)
// as a data: URL.
func (in *inliner) link(tok html.Token, raw string) error {
	href := attr(tok, "href")
	if !isLocal(href) {
		in.emit(raw)
		return nil
	}
	body, err := in.local(tok, "href")
	if err != nil {
		return err
	}
	if strings.EqualFold(attr(tok, "rel"), "stylesheet") {
		css, err := in.cssURLs(string(body))
		if err != nil {
			return err
		}
		css = escapeTag(css, "style")
		in.styles = append(in.styles, css)
		in.emit("<style" + keepAttrs(tok, "href", "rel", "type") + ">" + css + "</style>")
		return nil
	}
	in.emit(withAttr(tok, "href", dataURL(href, body)))
	return nil
}

// media inlines the src of an image or other element as a data: URL.
func (in *inliner) media(tok html.Token, raw string) error {
	src := attr(tok, "src")
	if !isLocal(src) {
		in.emit(raw)
		return nil
	}
	body, err := in.local(tok, "src")
	if err != nil {
		return err
	}
	in.emit(withAttr(tok, "src", dataURL(src, body)))
	return nil
}

// anchor keeps links to anchors and to other sites; a link to another file of
// the site would be dead in the single file.
func (in *inliner) anchor(tok html.Token, raw string) error {
	if href := attr(tok, "href"); isLocal(href) {
		return fmt.Errorf("index.html links to %q, a file the single-file build cannot carry: link to an anchor in the page or to an absolute https:// address", href)
	}
	in.emit(raw)
	return nil
}

// finish writes the compressed program, then the deferred scripts, which
// find it (loader.js looks for script#wasm-inline).
func (in *inliner) finish(gz []byte) {
	in.emit(`<script id="wasm-inline" type="application/octet-stream" data-encoding="gzip">` +
		base64.StdEncoding.EncodeToString(gz) + "</script>\n")
	for _, s := range in.deferred {
		in.emit(s + "\n")
	}
	in.finished = true
}

// local reads the site file an attribute refers to. Root-relative and
// parent references are refused: the site must work under any sub-path.
func (in *inliner) local(tok html.Token, name string) ([]byte, error) {
	ref := attr(tok, name)
	p := strings.SplitN(strings.SplitN(ref, "#", 2)[0], "?", 2)[0]
	if strings.HasPrefix(p, "/") || !fs.ValidPath(path.Clean(p)) {
		return nil, fmt.Errorf("index.html refers to %q: write it relative to index.html (such as %q) so the site works under any sub-path", ref, strings.TrimLeft(p, "/"))
	}
	body, err := fs.ReadFile(in.site, path.Clean(p))
	if err != nil {
		return nil, fmt.Errorf("index.html refers to %q, which the site does not have (%v): add the file to web/ or remove the reference", ref, err)
	}
	return body, nil
}

// cssURL finds url(…) references in a stylesheet.
var cssURL = regexp.MustCompile(`url\(\s*(['"]?)([^'")\s]+)(['"]?)\s*\)`)

// cssURLs replaces the stylesheet's references to site files with data: URLs.
func (in *inliner) cssURLs(css string) (string, error) {
	var err error
	out := cssURL.ReplaceAllStringFunc(css, func(m string) string {
		ref := cssURL.FindStringSubmatch(m)[2]
		if !isLocal(ref) || err != nil {
			return m
		}
		var body []byte
		body, err = in.local(html.Token{Attr: []html.Attribute{{Key: "href", Val: ref}}}, "href")
		return `url("` + dataURL(ref, body) + `")`
	})
	return out, err
}

// policy is the CSP meta element with the hashes of the inline scripts and
// styles added (CSP Level 2 §4.2.4), unless the directive already allows
// inline code. A policy without script-src or style-src falls back to
// default-src, which is copied before the hashes are added.
func (in *inliner) policy() string {
	content := attr(in.cspTok, "content")
	directives := strings.Split(content, ";")
	add := func(name string, bodies []string) {
		if len(bodies) == 0 {
			return
		}
		var hashes []string
		for _, b := range bodies {
			sum := sha256.Sum256([]byte(b))
			hashes = append(hashes, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
		}
		fallback := ""
		for i, d := range directives {
			f := strings.Fields(d)
			if len(f) == 0 {
				continue
			}
			switch strings.ToLower(f[0]) {
			case name:
				if !strings.Contains(d, "'unsafe-inline'") {
					directives[i] = strings.TrimSpace(d) + " " + strings.Join(hashes, " ")
				}
				return
			case "default-src":
				fallback = strings.Join(f[1:], " ")
			}
		}
		if fallback != "" && !strings.Contains(fallback, "'unsafe-inline'") {
			directives = append(directives, name+" "+fallback+" "+strings.Join(hashes, " "))
		}
	}
	add("script-src", in.scripts)
	add("style-src", in.styles)
	for i := range directives {
		directives[i] = strings.TrimSpace(directives[i])
	}
	return withAttr(in.cspTok, "content", strings.Join(directives, "; "))
}

// escapeScript keeps an inlined script from ending its element early: the
// HTML parser ends a script at "</script" and changes mode at "<!--"
// (HTML §4.12.1.3). "<\/" and "<\!--" mean the same in JavaScript strings,
// regular expressions and comments, where such text can occur.
func escapeScript(js string) string {
	return strings.ReplaceAll(escapeTag(js, "script"), "<!--", `<\!--`)
}

// escapeTag replaces every "</tag" (any case) with "<\/tag".
func escapeTag(s, tag string) string {
	re := regexp.MustCompile(`(?i)</(` + tag + `)`)
	return re.ReplaceAllString(s, `<\/$1`)
}

// isLocal reports whether a reference names a file of the site: not an
// anchor, not a data: URL, not an absolute or scheme-relative address.
func isLocal(ref string) bool {
	ref = strings.TrimSpace(ref)
	if ref == "" || strings.HasPrefix(ref, "#") || strings.HasPrefix(ref, "//") {
		return false
	}
	if i := strings.IndexAny(ref, ":/?#"); i > 0 && ref[i] == ':' {
		return false // a scheme: https:, data:, mailto:
	}
	return true
}

// dataURL encodes a file as a data: URL typed by its extension.
func dataURL(name string, body []byte) string {
	typ := mime.TypeByExtension(path.Ext(strings.SplitN(name, "?", 2)[0]))
	if typ == "" {
		typ = "application/octet-stream"
	}
	return "data:" + typ + ";base64," + base64.StdEncoding.EncodeToString(body)
}

func attr(tok html.Token, name string) string {
	for _, a := range tok.Attr {
		if a.Key == name {
			return a.Val
		}
	}
	return ""
}

func hasAttr(tok html.Token, name string) bool {
	for _, a := range tok.Attr {
		if a.Key == name {
			return true
		}
	}
	return false
}

// keepAttrs renders the attributes of tok except the named ones.
func keepAttrs(tok html.Token, drop ...string) string {
	var b strings.Builder
	for _, a := range tok.Attr {
		if !containsFold(drop, a.Key) {
			b.WriteString(" " + a.Key + `="` + html.EscapeString(a.Val) + `"`)
		}
	}
	return b.String()
}

// withAttr renders tok with one attribute's value replaced.
func withAttr(tok html.Token, name, val string) string {
	for i := range tok.Attr {
		if tok.Attr[i].Key == name {
			tok.Attr[i].Val = val
		}
	}
	return tok.String()
}

func containsFold(list []string, s string) bool {
	for _, l := range list {
		if strings.EqualFold(l, s) {
			return true
		}
	}
	return false
}
