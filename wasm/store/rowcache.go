//go:build js && wasm

package store

// rowCache keeps the rows made for the table and the why panel in one
// recompute, so scrolling back and forth makes each row once. It is
// bounded: past maxCachedRows it starts again, as a person who scrolls a
// million rows never comes back to most of them.
type rowCache struct {
	rows  map[int]Row
	names rowNames
}

const maxCachedRows = 4096

func (c *rowCache) reset() { *c = rowCache{} }

func (c *rowCache) get(i int) (Row, bool) {
	r, ok := c.rows[i]
	return r, ok
}

func (c *rowCache) put(i int, r Row) {
	if c.rows == nil || len(c.rows) >= maxCachedRows {
		c.rows = make(map[int]Row, 256)
	}
	c.rows[i] = r
}
