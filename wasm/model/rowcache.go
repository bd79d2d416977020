package model

// RowCache keeps the rows made for the table and the why panel in one
// recompute, so scrolling back and forth makes each row once. It is
// bounded: past maxCachedRows it starts again, as a person who scrolls a
// million rows never comes back to most of them.
type RowCache struct {
	rows  map[int]Row
	Names RowNames
}

const maxCachedRows = 4096

func (c *RowCache) Reset() { *c = RowCache{} }

func (c *RowCache) Get(i int) (Row, bool) {
	r, ok := c.rows[i]
	return r, ok
}

func (c *RowCache) Put(i int, r Row) {
	if c.rows == nil || len(c.rows) >= maxCachedRows {
		c.rows = make(map[int]Row, 256)
	}
	c.rows[i] = r
}
