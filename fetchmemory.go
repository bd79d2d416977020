package main

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
// Nothing waits for memory, so two requests cannot deadlock on it.

const (
	// serverMemory bounds the fetched bytes all requests hold at once.
	// With the soft limit main sets (memoryLimit) the server stays under
	// 1 GB with every client at its limits.
	serverMemory = 512 << 20
	// requestMemory bounds what one request holds: two 50 MB sitemaps
	// read at once and the URLs kept. Three walk fetches run at once, so
	// a third fat sitemap waits for none: it fails as busy.
	requestMemory = 120 << 20
	// memoryLimit is the Go runtime's soft limit (runtime/debug.
	// SetMemoryLimit) main sets unless GOMEMLIMIT is set: past it the
	// collector runs harder, so garbage cannot pile up to twice the live
	// bytes.
	memoryLimit = 768 << 20
)

// memBudget counts bytes held against a limit, and against its parent's.
type memBudget struct {
	mu     sync.Mutex
	limit  int64
	used   int64
	parent *memBudget
	whose  string // "this request", "the server": for the sentence
}

func newMemBudget(limit int64, parent *memBudget, whose string) *memBudget {
	return &memBudget{limit: limit, parent: parent, whose: whose}
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

// close gives back everything b holds to its parent.
func (b *memBudget) close() {
	if b == nil {
		return
	}
	b.mu.Lock()
	n := b.used
	b.used = 0
	b.mu.Unlock()
	b.parent.give(n)
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

// readCounted reads r to the end or to most bytes, counting its buffer
// against b as it grows (doubling from 64 KiB, never past most), so a
// body is refused as soon as it would pass the budget, not after it was
// read.
func readCounted(r io.Reader, most int64, b *memBudget) ([]byte, error) {
	buf := make([]byte, 0, min(most, 64<<10))
	if err := b.take(int64(cap(buf))); err != nil {
		return nil, err
	}
	for {
		if len(buf) == cap(buf) {
			if int64(len(buf)) >= most {
				return buf, nil
			}
			grown := min(int64(cap(buf))*2, most)
			if err := b.take(grown - int64(cap(buf))); err != nil {
				return nil, err
			}
			buf = append(make([]byte, 0, grown), buf...)
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
