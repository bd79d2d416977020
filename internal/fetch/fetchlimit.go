package fetch

import (
	"math"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"sync"
	"time"

	"robotstester/engine"
)

// Rate limits for /api/*: each fetch makes the server a client of some
// other site, so one person (or script) may not turn it into a flood. A
// client (clientKey) may run a few requests at once and make a burst of
// upstream fetches, refilled at a steady rate per minute (a token bucket);
// the whole server runs a bounded number at once and fetches a bounded
// number per minute. A request takes one token; every further sitemap a
// walk fetches takes another from the client's and the server's buckets
// (spend), so a follow=1 walk costs what its fetches cost (issue 20: it
// cost one token for up to 200 fetches). Refusals answer 429 with
// Retry-After and a sentence.
//
// The table of clients is bounded (maxClients), and each request sweeps a
// few entries (sweepPerRequest) instead of the whole table, so a request
// costs the same with ten clients tracked or a million addresses seen.

// limitOptions are the limits; zero fields take the defaults below.
type limitOptions struct {
	PerClientConcurrent int // fetches one client may run at once
	PerClientPerMinute  int // fetches one client may start a minute (also its burst)
	GlobalConcurrent    int // fetches the server runs at once
	GlobalPerMinute     int // fetches the server starts a minute
	Now                 func() time.Time
}

func (o limitOptions) withDefaults() limitOptions {
	if o.PerClientConcurrent == 0 {
		o.PerClientConcurrent = 4
	}
	// A sitemap index of a large site is fetched one child a request by
	// the page, so the per-minute allowance is generous; the page waits
	// out Retry-After when it runs out.
	if o.PerClientPerMinute == 0 {
		o.PerClientPerMinute = 120
	}
	if o.GlobalConcurrent == 0 {
		o.GlobalConcurrent = 32
	}
	if o.GlobalPerMinute == 0 {
		o.GlobalPerMinute = 1200
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return o
}

// bucket is a token bucket holding at most perMinute tokens, refilled at
// perMinute a minute.
type bucket struct {
	tokens float64
	last   time.Time
}

// take spends a token if there is one; otherwise it says how many seconds
// until there is.
func (b *bucket) take(now time.Time, perMinute int) (ok bool, wait int) {
	rate := float64(perMinute) / 60 // tokens a second
	if b.last.IsZero() {
		b.tokens = float64(perMinute)
	} else {
		b.tokens = math.Min(float64(perMinute), b.tokens+now.Sub(b.last).Seconds()*rate)
	}
	b.last = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	return false, int(math.Ceil((1 - b.tokens) / rate))
}

type clientState struct {
	running int
	bucket  bucket
}

const (
	// maxClients bounds the clients tracked: about 8 MB at most.
	maxClients = 1 << 16
	// sweepPerRequest is how many entries each request looks at to drop
	// the idle ones: more than one, so the table shrinks faster than a
	// stream of new clients fills it.
	sweepPerRequest = 4
	// evictLooks is how many entries a new client looks at, when the
	// table is full, for an idle one to take the place of.
	evictLooks = 64
)

type limiter struct {
	opts    limitOptions
	mu      sync.Mutex
	running int
	global  bucket
	clients map[string]*clientState
}

func newLimiter(o limitOptions) *limiter {
	return &limiter{opts: o.withDefaults(), clients: map[string]*clientState{}}
}

// acquire admits one fetch for client, or says why not: a code, a sentence
// and the seconds to wait. release must be called when the fetch ends.
func (l *limiter) acquire(client string) (release func(), code, msg string, retryAfter int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.opts.Now()
	l.sweep(now)
	c := l.client(client)
	if c == nil {
		return nil, codeBusy, "The server is tracking as many clients as it allows (" + engine.Thousands(maxClients) + "), all of them busy; try again in a few seconds.", 2
	}
	if c.running >= l.opts.PerClientConcurrent {
		return nil, codeRateLimited, "Too many fetches at once from your address: at most " + strconv.Itoa(l.opts.PerClientConcurrent) +
			" run together; wait for one to finish and try again.", 1
	}
	if l.running >= l.opts.GlobalConcurrent {
		return nil, codeBusy, "The server is busy with " + strconv.Itoa(l.running) + " other fetches; try again in a few seconds.", 2
	}
	if ok, wait := c.bucket.take(now, l.opts.PerClientPerMinute); !ok {
		return nil, codeRateLimited, "Too many fetches from your address: at most " + strconv.Itoa(l.opts.PerClientPerMinute) +
			" a minute; wait " + seconds(wait) + " and try again.", wait
	}
	if ok, wait := l.global.take(now, l.opts.GlobalPerMinute); !ok {
		c.bucket.tokens++ // not spent: the fetch does not run
		return nil, codeBusy, "The server has made as many fetches as it allows this minute (" + strconv.Itoa(l.opts.GlobalPerMinute) +
			"); wait " + seconds(wait) + " and try again.", wait
	}
	c.running++
	l.running++
	var once sync.Once
	return func() {
		once.Do(func() {
			l.mu.Lock()
			c.running--
			l.running--
			l.mu.Unlock()
		})
	}, "", "", 0
}

// spend takes one token for an upstream fetch beyond a request's first
// (a walk's next sitemap) from client's bucket and the server's; when
// either is empty it returns the sentence that stops the walk.
func (l *limiter) spend(client string) string {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.opts.Now()
	c := l.clients[client] // acquire made it; the request holds it (running > 0)
	if c == nil {
		return "Stopped: the server is tracking as many clients as it allows; try again in a few seconds."
	}
	if ok, wait := c.bucket.take(now, l.opts.PerClientPerMinute); !ok {
		return "Stopped by the rate limit: your address may make " + strconv.Itoa(l.opts.PerClientPerMinute) +
			" fetches a minute, and each sitemap is one; wait " + seconds(wait) + " and fetch the rest."
	}
	if ok, wait := l.global.take(now, l.opts.GlobalPerMinute); !ok {
		c.bucket.tokens++ // not spent: the fetch does not run
		return "Stopped by the server's rate limit: it makes " + strconv.Itoa(l.opts.GlobalPerMinute) +
			" fetches a minute for everyone, and each sitemap is one; wait " + seconds(wait) + " and fetch the rest."
	}
	return ""
}

// client is the state of a client, made when new. When the table is full
// a new client takes the place of an idle one (its bucket starts full
// again, as it would have a minute later); nil when none of those looked
// at is idle.
func (l *limiter) client(key string) *clientState {
	if c := l.clients[key]; c != nil {
		return c
	}
	if len(l.clients) >= maxClients {
		looked := 0
		for k, c := range l.clients {
			if c.running == 0 {
				delete(l.clients, k)
				break
			}
			if looked++; looked >= evictLooks {
				return nil
			}
		}
		if len(l.clients) >= maxClients {
			return nil
		}
	}
	c := &clientState{}
	l.clients[key] = c
	return c
}

// sweep drops idle clients (nothing running, a full bucket again) among a
// few entries: Go starts each range over a map at a random place, so
// every entry is looked at in time, and a request's work does not grow
// with the table.
func (l *limiter) sweep(now time.Time) {
	looked := 0
	for k, c := range l.clients {
		if c.running == 0 && now.Sub(c.bucket.last) > time.Minute {
			delete(l.clients, k)
		}
		if looked++; looked >= sweepPerRequest {
			return
		}
	}
}

func seconds(n int) string {
	if n == 1 {
		return "1 second"
	}
	return strconv.Itoa(n) + " seconds"
}

// clientKey is who a request counts against: its IP address, or for IPv6
// its /64 (one household or server usually holds a whole /64). Behind a
// reverse proxy every request is the proxy's; the tester does not trust
// X-Forwarded-For, which any client can write.
func clientKey(r *http.Request) string { return AddrClient(r.RemoteAddr) }

// AddrClient is the client of a remote "host:port" (clientKey); the
// connection limits count connections by it too (the root's connlimit.go).
func AddrClient(hostport string) string {
	host, _, err := net.SplitHostPort(hostport)
	if err != nil {
		host = hostport
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	ip = ip.Unmap().WithZone("")
	if ip.Is6() {
		p, _ := ip.Prefix(64)
		return p.String()
	}
	return ip.String()
}
