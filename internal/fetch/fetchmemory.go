package fetch

import (
	"context"
	"errors"
	"io"
	"strconv"
	"sync"
)

// Memory budgets for fetched bytes: what the server holds of other sites'
// answers is counted, so that no request and no crowd of requests can make
// it hold more than a stated amount (issue 20: one sitemap walk reached
// 4.9 GB). A budget counts the bodies being read (the buffer as it grows),
// their decompressed forms, and the URL text a sitemap answer keeps until
// it is written. Every /api/* request has its own budget (requestMemory)
// drawn from the server's (serverMemory); a fetch that would pass either
// stops with code busy and a sentence, and a walk goes on without it.
// Nothing waits for memory. Within a request, a body past bigBody waits
// for the request's one turn to read a large body, and the holder of the
// turn waits for nothing but the network, so no two fetches deadlock.

const (
	// serverMemory bounds the fetched bytes all requests hold at once.
	// With the soft limit main sets (MemoryLimit) the server stays under
	// 1 GB with every client at its limits.
	serverMemory = 512 << 20
	// requestMemory bounds what one request holds: its 50 MB buffer for
	// large bodies, a gzip sitemap's 50 MB decompressed beside it, the
	// other walk fetches' first 8 MiB and the URLs kept.
	requestMemory = 120 << 20
	// MemoryLimit is the Go runtime's soft limit (runtime/debug.
	// SetMemoryLimit) main sets unless GOMEMLIMIT is set: past it the
	// collector runs harder, so garbage cannot pile up to twice the live
	// bytes.
	MemoryLimit = 768 << 20
)

// memBudget counts bytes held against a limit, and against its parent's.
type memBudget struct {
	mu     sync.Mutex
	limit  int64
	used   int64
	parent *memBudget
	whose  string // oneRequest or wholeServer: for the sentence
	// big, in a request's budget, is the one turn to read a body past
	// bigBody: a walk reads three sitemaps at once, but large ones one
	// after the other, so the garbage a growing buffer leaves behind is
	// one body's. Nil in other budgets.
	big     chan struct{}
	holding *memBudget // the budget holding the turn (a fetch's), when b has big
	// bigBuf is the request's one buffer for large bodies, made at the
	// first and counted in its budget until the request ends: lent to
	// the turn's holder, so a walk of twenty 50 MB sitemaps makes one
	// 50 MB buffer, not twenty and their garbage.
	bigBuf  []byte
	bigLent bool
}

func newMemBudget(limit int64, parent *memBudget, whose string) *memBudget {
	return &memBudget{limit: limit, parent: parent, whose: whose}
}

// newRequestBudget is an /api/* request's budget under the server's, with
// the turn to read a large body.
func newRequestBudget(limit int64, server *memBudget) *memBudget {
	b := newMemBudget(limit, server, oneRequest)
	b.big = make(chan struct{}, 1)
	return b
}

// bigBody is the size past which a body waits for its request's turn.
const bigBody = 8 << 20

// waitBig waits for the turn to read a large body, for b (a fetch's
// budget under a request's); close gives it back. The holder waits for
// nothing but the network, so the others' wait ends.
func (b *memBudget) waitBig(ctx context.Context) error {
	if b == nil || b.parent == nil || b.parent.big == nil {
		return nil
	}
	req := b.parent
	req.mu.Lock()
	held := req.holding == b
	req.mu.Unlock()
	if held {
		return nil
	}
	select {
	case req.big <- struct{}{}:
		req.mu.Lock()
		req.holding = b
		req.mu.Unlock()
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// take counts n more bytes, or says which budget is full.
func (b *memBudget) take(n int64) error {
	if b == nil {
		return nil
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.used+n > b.limit {
		return &budgetError{b.whose, b.limit}
	}
	if err := b.parent.take(n); err != nil {
		return err
	}
	b.used += n
	return nil
}

// close gives back everything b holds to its parent, and the turn to read
// a large body if it has it.
func (b *memBudget) close() {
	if b == nil {
		return
	}
	b.mu.Lock()
	n := b.used
	b.used = 0
	b.mu.Unlock()
	b.parent.give(n)
	if req := b.parent; req != nil && req.big != nil {
		req.mu.Lock()
		mine := req.holding == b
		if mine {
			req.holding, req.bigLent = nil, false
		}
		req.mu.Unlock()
		if mine {
			<-req.big
		}
	}
}

func (b *memBudget) give(n int64) {
	if b == nil {
		return
	}
	b.mu.Lock()
	b.used -= n
	b.mu.Unlock()
	b.parent.give(n)
}

// budgetError is a full budget: the fetch stops, code busy.
type budgetError struct {
	whose string
	limit int64
}

func (e *budgetError) Error() string {
	s := "The server is holding as much fetched data as " + e.whose + " may (" + strconv.FormatInt(e.limit>>20, 10) + " MiB)"
	if e.whose == oneRequest {
		return s + ", so this sitemap was not read: fetch the large sitemaps one at a time (follow=0)."
	}
	return s + ", so this was not read: try again in a few seconds."
}

// Whose budget it is, as the sentence names it.
const (
	oneRequest  = "one request"
	wholeServer = "the whole server"
)

type budgetKey struct{}

// withBudget gives ctx a budget that the fetches under it draw from.
func withBudget(ctx context.Context, b *memBudget) context.Context {
	return context.WithValue(ctx, budgetKey{}, b)
}

// budgetOf is ctx's budget; nil (no limit) for the check command.
func budgetOf(ctx context.Context) *memBudget {
	b, _ := ctx.Value(budgetKey{}).(*memBudget)
	return b
}

// bigBuffer lends b (holding its request's turn) the request's buffer for
// large bodies, of capacity most, made the first time; nil when it is lent
// already (a gzip sitemap's second body) or b is no fetch's budget. When
// it lends it, the held bytes of b's own buffer, left behind, are given
// back first.
func (b *memBudget) bigBuffer(ctx context.Context, most, held int64) ([]byte, error) {
	if b == nil || b.parent == nil || b.parent.big == nil {
		return nil, nil
	}
	req := b.parent
	if err := b.waitBig(ctx); err != nil {
		return nil, err
	}
	req.mu.Lock()
	lent, buf := req.bigLent, req.bigBuf
	req.mu.Unlock()
	if lent || buf != nil && int64(cap(buf)) < most {
		return nil, nil
	}
	b.give(held)
	if buf == nil {
		if err := req.take(most); err != nil {
			return nil, err
		}
		buf = make([]byte, 0, most)
	}
	req.mu.Lock()
	req.bigBuf, req.bigLent = buf, true
	req.mu.Unlock()
	return buf[:0], nil
}

// readCounted reads r to the end or to most bytes, counting its buffer
// against b as it grows, so a body is refused as soon as it would pass
// the budget, not after it was read. With a size hint (a Content-Length,
// 0 for none) the buffer is made once; without, it doubles from 64 KiB,
// never past most. Past bigBody it waits for its request's turn (waitBig).
func readCounted(ctx context.Context, r io.Reader, most, hint int64, b *memBudget) ([]byte, error) {
	var buf []byte
	grow := func(to int64) error {
		if to > bigBody {
			big, err := b.bigBuffer(ctx, most, int64(cap(buf)))
			if err != nil {
				return err
			}
			if big != nil {
				buf = append(big, buf...) // counted in the request's budget
				return nil
			}
		}
		if err := b.take(to - int64(cap(buf))); err != nil {
			return err
		}
		buf = append(make([]byte, 0, to), buf...)
		return nil
	}
	size := min(most, 64<<10)
	if hint > 0 {
		size = min(most, hint+1) // +1: a body longer than it said is seen
	}
	if err := grow(size); err != nil {
		return nil, err
	}
	for {
		if len(buf) == cap(buf) {
			if int64(len(buf)) >= most {
				return buf, nil
			}
			if err := grow(min(int64(cap(buf))*2, most)); err != nil {
				return nil, err
			}
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if errors.Is(err, io.EOF) {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
	}
}
