package main

import (
	"net"
	"net/http"
	"sync"
	"time"

	"robotstester/internal/fetch"
)

// Connection limits: every open connection holds a file descriptor and a
// goroutine, so the server keeps at most maxConns open, and at most
// maxConnsPerClient from one address (an IPv6 /64 counts as one, as in
// fetch.AddrClient). Idle keep-alive connections give way: when a new
// connection would pass a cap, the longest idle one under that cap is
// closed to make room (a client whose idle connection is closed opens
// another, as browsers do), and only when none is idle is the new one
// closed at once.
// Busy connections end by themselves within the server's timeouts
// (newServer). Issue 20: 20,000 idle connections locked every new client
// out for two minutes. golang.org/x/net/netutil.LimitListener caps the
// count the same way but makes the newcomer wait for a slot, which idle
// connections never give back.

const (
	// defaultMaxConns stays under the 1,024 open files of a usual soft
	// limit (ulimit -n), leaving room for the fetches' own connections.
	defaultMaxConns = 900
	// defaultMaxConnsPerClient is a few browsers' worth (six connections
	// each) behind one address, a household or an office.
	defaultMaxConnsPerClient = 64
)

// connLimiter is a listener that enforces the caps. Its track method must
// be the server's ConnState hook, so it knows which connections are idle.
type connLimiter struct {
	net.Listener
	max, perClient int
	mu             sync.Mutex
	open           int
	byClient       map[string]int
	idle           map[*limitedConn]time.Time // since when
}

func newConnLimiter(l net.Listener, max, perClient int) *connLimiter {
	return &connLimiter{Listener: l, max: max, perClient: perClient, byClient: map[string]int{}, idle: map[*limitedConn]time.Time{}}
}

// Accept returns the next connection within the caps.
func (l *connLimiter) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		key := fetch.AddrClient(c.RemoteAddr().String())
		if lc := l.admit(c, key); lc != nil {
			return lc, nil
		}
		c.Close()
	}
}

// admit counts c in, closing idle connections to make room; nil when
// there is none to close.
func (l *connLimiter) admit(c net.Conn, key string) *limitedConn {
	l.mu.Lock()
	var evict []*limitedConn
	if l.byClient[key] >= l.perClient {
		if v := l.oldestIdle(key); v != nil {
			evict = append(evict, v)
		} else {
			l.mu.Unlock()
			return nil
		}
	}
	if l.open-len(evict) >= l.max {
		if v := l.oldestIdle(""); v != nil && (len(evict) == 0 || v != evict[0]) {
			evict = append(evict, v)
		} else if len(evict) == 0 {
			l.mu.Unlock()
			return nil
		}
	}
	for _, v := range evict {
		l.forget(v) // counted out now, so the next Accept sees the room
	}
	l.open++
	l.byClient[key]++
	lc := &limitedConn{Conn: c, l: l, key: key}
	l.mu.Unlock()
	for _, v := range evict {
		v.Conn.Close()
	}
	return lc
}

// oldestIdle is the longest idle connection, of client key when key is
// not "". Called with l.mu held; the idle set is at most max long and is
// looked at only when a cap is reached.
func (l *connLimiter) oldestIdle(key string) *limitedConn {
	var oldest *limitedConn
	var since time.Time
	for c, t := range l.idle {
		if (key == "" || c.key == key) && (oldest == nil || t.Before(since)) {
			oldest, since = c, t
		}
	}
	return oldest
}

// forget counts c out once. Called with l.mu held.
func (l *connLimiter) forget(c *limitedConn) {
	if c.gone {
		return
	}
	c.gone = true
	delete(l.idle, c)
	l.open--
	if l.byClient[c.key]--; l.byClient[c.key] <= 0 {
		delete(l.byClient, c.key)
	}
}

// track is the server's ConnState hook.
func (l *connLimiter) track(c net.Conn, state http.ConnState) {
	lc, ok := c.(*limitedConn)
	if !ok {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	switch state {
	case http.StateIdle:
		if !lc.gone {
			l.idle[lc] = time.Now()
		}
	case http.StateClosed, http.StateHijacked:
		l.forget(lc)
	default:
		delete(l.idle, lc)
	}
}

// limitedConn is a connection counted by its connLimiter.
type limitedConn struct {
	net.Conn
	l    *connLimiter
	key  string
	gone bool // counted out; guarded by l.mu
}

func (c *limitedConn) Close() error {
	c.l.mu.Lock()
	c.l.forget(c)
	c.l.mu.Unlock()
	return c.Conn.Close()
}
