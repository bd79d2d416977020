package fetch

import (
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
)

// The Host check, a DNS-rebinding defence. A page on any site can make a
// visitor's browser send requests to a name it controls, then point that
// name at 127.0.0.1: the browser sends them to a tester on the visitor's
// own machine with the attacker's name in Host, and reads the answers as
// same-origin. /api/* makes the server fetch for the caller (and reach an
// intranet under -fetch-allow-private), so it answers only requests whose
// Host is a name this server answers to: when it listens on a loopback
// address, a loopback name or address (localhost, 127.0.0.1, [::1], any
// port); and every name given with -hosts (a deployment's domain behind
// a reverse proxy). Anything else gets 421 Misdirected Request (RFC 9110
// §15.5.20) and a sentence. Static files are the same for every Host and
// send nothing anywhere, so they stay served to any.

// HostGuard wraps the API handler. loopback says the server listens on a
// loopback address; names are the -hosts names. With neither, every Host
// is answered (a server on 0.0.0.0 without -hosts cannot know its names).
func HostGuard(api http.Handler, loopback bool, names []string) http.Handler {
	allowed := map[string]bool{}
	for _, n := range names {
		if n = normalHost(n); n != "" {
			allowed[n] = true
		}
	}
	if !loopback && len(allowed) == 0 {
		return api
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host := normalHost(r.Host)
		if allowed[host] || loopback && loopbackHost(host) {
			api.ServeHTTP(w, r)
			return
		}
		writeJSON(w, http.StatusMisdirectedRequest, APIError{Code: codeHost, Error: "This server does not answer /api/ for the host " +
			quoteHost(r.Host) + ": it answers for " + answeredHosts(loopback, names) +
			". If this is your deployment's name, start the server with -hosts " + hostOnly(r.Host) + "."})
	})
}

// normalHost is a Host header's name without its port, in lower case,
// without a trailing dot or IPv6 brackets.
func normalHost(h string) string {
	h = strings.ToLower(strings.TrimSpace(h))
	if host, _, err := net.SplitHostPort(h); err == nil {
		h = host
	}
	h = strings.TrimSuffix(strings.TrimPrefix(h, "["), "]")
	return strings.TrimSuffix(h, ".")
}

// loopbackHost: localhost, a name under .localhost (RFC 6761 §6.3: always
// loopback), or a loopback address.
func loopbackHost(h string) bool {
	if h == "localhost" || strings.HasSuffix(h, ".localhost") {
		return true
	}
	ip, err := netip.ParseAddr(h)
	return err == nil && ip.Zone() == "" && ip.Unmap().IsLoopback()
}

// ListensOnLoopback says whether the listen address is a loopback one.
func ListensOnLoopback(a net.Addr) bool {
	ap, err := netip.ParseAddrPort(a.String())
	return err == nil && ap.Addr().Unmap().IsLoopback()
}

func answeredHosts(loopback bool, names []string) string {
	var s []string
	if loopback {
		s = append(s, "localhost, 127.0.0.1 and [::1]")
	}
	if len(names) > 0 {
		s = append(s, strings.Join(names, ", "))
	}
	return strings.Join(s, " and ")
}

func hostOnly(h string) string {
	if n := normalHost(h); n != "" {
		return n
	}
	return "NAME"
}

func quoteHost(h string) string {
	if h == "" {
		return "(none given)"
	}
	return strconv.Quote(h)
}
