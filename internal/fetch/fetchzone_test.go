package fetch

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync/atomic"
	"testing"
)

// An IPv6 address with a zone passed the SSRF check (issue 20, attack 1):
// netip.Prefix.Contains is false for any zoned address, so ::1%lo matched
// no refused range. These tests hold a secret on [::1] and ask for it
// through every path with -fetch-allow-private on, so that ::1 itself is
// admitted and only the zone can be the reason for a refusal. Zones of
// other addresses (fe80::…%eth0, the metadata address fd00:ec2::254) are
// refused before any lookup, so nothing is sent to them.

const zoneSecret = "the-secret-on-loopback"

// secretSite listens on [::1] and counts the requests that reached it.
func secretSite(t *testing.T) (port string, hits *atomic.Int32) {
	t.Helper()
	l, err := net.Listen("tcp", "[::1]:0")
	if err != nil {
		t.Skipf("no IPv6 loopback here (%v): the zone tests need a listener on [::1]", err)
	}
	hits = &atomic.Int32{}
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		io.WriteString(w, "User-agent: *\nDisallow: /"+zoneSecret+"\n")
	}))
	srv.Listener.Close()
	srv.Listener = l
	srv.Start()
	t.Cleanup(srv.Close)
	_, port, _ = net.SplitHostPort(l.Addr().String())
	return port, hits
}

// zonedTargets are the URLs of the attack: the secret under several zone
// names, and the zoned forms of addresses no test may contact.
func zonedTargets(port string) []string {
	return []string{
		"http://[::1%25lo]:" + port + "/robots.txt",
		"http://[::1%251]:" + port + "/robots.txt",
		"http://[::1%25x]:" + port + "/robots.txt",
		"http://[fe80::1%25eth0]/robots.txt",
		"http://[fd00:ec2::254%25eth0]/latest/meta-data/",
		"http://[ff02::1%25lo]/robots.txt",
	}
}

func zoneAPI() *API {
	return NewAPI(Options{Enabled: true, AllowPrivate: true, Lookup: testLookup,
		Limits: limitOptions{PerClientPerMinute: 10000, GlobalPerMinute: 10000}})
}

func TestFetchRefusesZonedAddresses(t *testing.T) {
	port, hits := secretSite(t)
	h := zoneAPI()
	// The listener is reachable without a zone: the refusals below are the
	// zone's doing, not the address's.
	if _, ans := askRobots(t, h, "http://[::1]:"+port+"/"); ans.Status != 200 || !strings.Contains(string(ans.Body), zoneSecret) {
		t.Fatalf("[::1] without a zone: status %d %q; the test site is not reachable", ans.Status, ans.Error)
	}
	hits.Store(0)
	for _, target := range zonedTargets(port) {
		for _, endpoint := range []string{"/api/robots", "/api/sitemap"} {
			for _, query := range []string{"", "&follow=0"} {
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, httptest.NewRequest("GET", endpoint+"?url="+strings.ReplaceAll(target, "%", "%25")+query, nil))
				body := rec.Body.String()
				if rec.Code != http.StatusForbidden || !strings.Contains(body, codeRefusedDestination) || !strings.Contains(body, "zone") {
					t.Errorf("%s %s%s: HTTP %d %s; want 403 refused-destination naming the zone", endpoint, target, query, rec.Code, body)
				}
				if strings.Contains(body, zoneSecret) {
					t.Errorf("%s %s%s: the secret was answered: %s", endpoint, target, query, body)
				}
			}
		}
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("the secret site was asked %d times through a zoned address", n)
	}
}

func TestFetchRefusesRedirectToZonedAddress(t *testing.T) {
	port, hits := secretSite(t)
	h := zoneAPI()
	for _, target := range zonedTargets(port) {
		site := newFetchSite(t, http.RedirectHandler(target, http.StatusFound))
		code, ans := askRobots(t, h, "http://127.0.0.1:"+site.port+"/")
		if code != http.StatusForbidden || ans.Code != codeRefusedDestination || !strings.Contains(ans.Error, "zone") {
			t.Errorf("redirect to %s: HTTP %d code %q error %q; want 403 refused-destination naming the zone", target, code, ans.Code, ans.Error)
		}
		if strings.Contains(string(ans.Body), zoneSecret) {
			t.Errorf("redirect to %s: the secret was answered", target)
		}
		// A sitemap index may name a zoned child: it is refused as a child.
		idx := newFetchSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			io.WriteString(w, `<sitemapindex><sitemap><loc>`+target+`</loc></sitemap></sitemapindex>`)
		}))
		var w walkAnswer
		askSitemap(t, h, "url=http://127.0.0.1:"+idx.port+"/index.xml", &w)
		if len(w.Sitemaps) != 2 || !strings.Contains(w.Sitemaps[1].Error, "zone") {
			t.Errorf("an index naming %s: %+v; want the child refused for its zone", target, w.Sitemaps)
		}
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("the secret site was asked %d times through a zoned address", n)
	}
}

// A resolver (or a hosts file) may answer a zoned address for a name: the
// dialer refuses it, whatever the policy admits.
func TestFetchRefusesZonedAddressAtDialTime(t *testing.T) {
	port, hits := secretSite(t)
	h := NewAPI(Options{Enabled: true, AllowPrivate: true,
		Lookup: func(context.Context, string) ([]netip.Addr, error) {
			return []netip.Addr{netip.MustParseAddr("::1%lo")}, nil
		},
		Allow:  func(netip.AddrPort) error { return nil }, // admits everything: only the zone check stands
		Limits: limitOptions{PerClientPerMinute: 10000, GlobalPerMinute: 10000}})
	code, ans := askRobots(t, h, "http://zoned.test:"+port+"/")
	if code != http.StatusForbidden || ans.Code != codeRefusedDestination || !strings.Contains(ans.Error, "zone %lo") {
		t.Errorf("a name resolving to ::1%%lo: HTTP %d code %q error %q; want refused in the dialer", code, ans.Code, ans.Error)
	}
	if hits.Load() != 0 {
		t.Error("the secret site was reached through a zoned address from the resolver")
	}
	for _, ip := range []string{"::1%lo", "fe80::1%eth0", "fd00:ec2::254%eth0", "ff02::1%lo", "2606:4700::1111%1"} {
		if err := destAllowed(netip.MustParseAddr(ip), true); err == nil || !strings.Contains(err.Error(), "zone") {
			t.Errorf("destAllowed(%s, allow private) = %v; want refused for its zone", ip, err)
		}
	}
}
