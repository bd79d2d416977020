package fetch_test

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"robotstester/internal/commands"
	"robotstester/internal/fetch"
)

// check -robots URL fetches through this package (fetch.API.Robots), so
// a zoned address meets the same refusal there as at /api/robots
// (fetchzone_test.go): the check stops with exit 2 and never reaches the
// secret on [::1], directly or through a redirect.
func TestCheckURLRefusesZonedAddresses(t *testing.T) {
	port, hits := fetch.SecretSite(t)
	cases := filepath.Join(t.TempDir(), "cases.json")
	if err := os.WriteFile(cases, []byte(`{"cases": [{"agent": "Googlebot", "url": "https://example.com/", "expected": "allowed"}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	check := func(args ...string) (code int, stdout, stderr string) {
		var out, errOut bytes.Buffer
		code = commands.RunCheck(args, strings.NewReader(""), &out, &errOut)
		return code, out.String(), errOut.String()
	}
	for _, target := range fetch.ZonedTargets(port)[:3] {
		code, out, errOut := check("-expect", cases, "-robots", target, "-fetch-allow-private")
		if code != 2 || out != "" || !strings.Contains(errOut, "refused-destination") || !strings.Contains(errOut, "zone") {
			t.Errorf("check -robots %s: exit %d, stdout %q, stderr %q; want 2 and a refused zone", target, code, out, errOut)
		}
		redirect := httptest.NewServer(http.RedirectHandler(target, http.StatusFound))
		code, out, errOut = check("-expect", cases, "-robots", redirect.URL+"/robots.txt", "-fetch-allow-private")
		redirect.Close()
		if code != 2 || out != "" || !strings.Contains(errOut, "zone") || strings.Contains(out+errOut, fetch.ZoneSecret) {
			t.Errorf("check -robots redirecting to %s: exit %d, stdout %q, stderr %q; want 2 and a refused zone", target, code, out, errOut)
		}
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("the secret site was asked %d times through a zoned address", n)
	}
}
