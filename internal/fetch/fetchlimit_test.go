package fetch

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

// Regression test for issue 20's attack on the rate limiter, which slowed
// with the clients it tracked.

// The limiter's table stays bounded however many addresses ask, and a
// request looks at a few entries, not all (BenchmarkLimiterAcquire shows
// the cost flat from a thousand clients to a full table).
func TestLimiterTableBounded(t *testing.T) {
	now := time.Unix(1_700_000_000, 0)
	l := newLimiter(limitOptions{Now: func() time.Time { return now }, GlobalPerMinute: 1 << 30})
	for i := range 3 * maxClients {
		release, code, _, _ := l.acquire("client-" + strconv.Itoa(i))
		if release == nil {
			t.Fatalf("client %d refused: %s", i, code)
		}
		release()
		if i%1000 == 0 {
			now = now.Add(time.Second)
		}
	}
	if n := len(l.clients); n > maxClients {
		t.Errorf("%d clients tracked; want at most %d", n, maxClients)
	}
	// A full table of clients all running: a newcomer is turned away with
	// a sentence, not admitted past the bound.
	l = newLimiter(limitOptions{Now: func() time.Time { return now }, GlobalConcurrent: 1 << 30, GlobalPerMinute: 1 << 30})
	for i := range maxClients {
		if release, code, _, _ := l.acquire("busy-" + strconv.Itoa(i)); release == nil {
			t.Fatalf("client %d refused: %s", i, code)
		}
	}
	if release, code, msg, _ := l.acquire("newcomer"); release != nil || code != codeBusy || !strings.Contains(msg, "tracking as many clients") {
		t.Errorf("a newcomer to a full table of busy clients: code %q %q; want busy", code, msg)
	}
}

func BenchmarkLimiterAcquire(b *testing.B) {
	for _, tracked := range []int{1000, maxClients} {
		b.Run("clients="+strconv.Itoa(tracked), func(b *testing.B) {
			now := time.Unix(1_700_000_000, 0)
			l := newLimiter(limitOptions{Now: func() time.Time { return now }, GlobalPerMinute: 1 << 30, PerClientPerMinute: 1 << 30})
			for i := range tracked {
				release, _, _, _ := l.acquire("c" + strconv.Itoa(i))
				release()
			}
			i := 0
			for b.Loop() {
				release, _, _, _ := l.acquire("c" + strconv.Itoa(i%tracked))
				release()
				i++
			}
		})
	}
}
