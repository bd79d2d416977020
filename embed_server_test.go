package main

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"testing/fstest"
)

// TestCrossOriginHeaders: the files a documentation page on another origin
// loads (embed.js, then the engine) may be read by it, and nothing else of
// the site is opened up; the page's own CSP stays on every file.
func TestCrossOriginHeaders(t *testing.T) {
	site := testSite()
	site["embed.js"] = &fstest.MapFile{Data: []byte("(function () {})();\n")}
	site["core.wasm"] = &fstest.MapFile{Data: []byte("\x00asm\x01\x00\x00\x00")}
	h := newHandler(site)
	tests := []struct {
		path        string
		crossOrigin bool
	}{
		{"/embed.js", true},
		{"/core.wasm", true},
		{"/wasm_exec.js", true},
		{"/", false},
		{"/index.html", false},
		{"/app.wasm", false},
		{"/loader.js", false},
		{"/style.css", false},
		{"/missing.js", false},
	}
	for _, tt := range tests {
		for _, method := range []string{http.MethodGet, http.MethodHead} {
			req := httptest.NewRequest(method, tt.path, nil)
			req.Header.Set("Origin", "https://docs.example")
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			hdr := rec.Result().Header
			want := map[string]string{
				"Access-Control-Allow-Origin":  "",
				"Cross-Origin-Resource-Policy": "",
				"Timing-Allow-Origin":          "",
			}
			if tt.crossOrigin {
				want = crossOriginHeaders
				if rec.Code != http.StatusOK {
					t.Errorf("%s %s: status %d; want 200", method, tt.path, rec.Code)
				}
			}
			for k, v := range want {
				if got := hdr.Get(k); got != v {
					t.Errorf("%s %s: %s = %q; want %q", method, tt.path, k, got, v)
				}
			}
			if got := hdr.Get("Content-Security-Policy"); got != securityHeaders["Content-Security-Policy"] {
				t.Errorf("%s %s: Content-Security-Policy = %q; want the page's own", method, tt.path, got)
			}
		}
	}
	if crossOriginHeaders["Access-Control-Allow-Origin"] != "*" || crossOriginHeaders["Cross-Origin-Resource-Policy"] != "cross-origin" {
		t.Errorf("crossOriginHeaders = %v; want ACAO * and CORP cross-origin", crossOriginHeaders)
	}
}
