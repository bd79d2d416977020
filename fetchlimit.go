package main

import (
	"math"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"sync"
	"time"
)

// Rate limits for /api/*: each fetch makes the server a client of some
// other site, so one person (or script) may not turn it into a flood. A
// client (clientKey) may run a few fetches at once and start a burst of
// them, refilled at a steady rate per minute (a token bucket); the whole
// server runs a bounded number at once and per minute. Refusals answer 429
// with Retry-After and a sentence.

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
	l.forgetIdle(now)
	c := l.clients[client]
	if c == nil {
		c = &clientState{}
		l.clients[client] = c
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

// forgetIdle drops clients with nothing running and a full bucket again,
// so the map holds only recent clients.
func (l *limiter) forgetIdle(now time.Time) {
	if len(l.clients) < 1024 {
		return
	}
	for k, c := range l.clients {
		if c.running == 0 && now.Sub(c.bucket.last) > time.Minute {
			delete(l.clients, k)
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
func clientKey(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	ip = ip.Unmap()
	if ip.Is6() {
		p, _ := ip.Prefix(64)
		return p.String()
	}
	return ip.String()
}
