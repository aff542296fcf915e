package render

// A Memo keeps the last string made for a key: frames that show the same
// thing draw it without making it again.
type Memo[K comparable] struct {
	key K
	val string
	ok  bool
}

// Get is the string for k, made by make when k is not the key of the last
// one.
func (m *Memo[K]) Get(k K, make func(K) string) string {
	if !m.ok || m.key != k {
		m.key, m.val, m.ok = k, make(k), true
	}
	return m.val
}

// A Cache keeps values worked out once, for the frames that need them
// again, up to a bound: past it, what was not used since the last time it
// was reached is let go of. The zero Cache keeps up to 2048 values.
type Cache[K comparable, V any] struct {
	// Limit is how many values are kept before the older ones go.
	Limit    int
	now, old map[K]V
}

// Get is the value of k, and whether it is kept.
func (c *Cache[K, V]) Get(k K) (V, bool) {
	if v, ok := c.now[k]; ok {
		return v, true
	}
	v, ok := c.old[k]
	if ok {
		c.Put(k, v)
	}
	return v, ok
}

// Put keeps v for k.
func (c *Cache[K, V]) Put(k K, v V) {
	limit := c.Limit
	if limit <= 0 {
		limit = 2048
	}
	if c.now == nil {
		c.now, c.old = map[K]V{}, map[K]V{}
	}
	if len(c.now) >= limit {
		clear(c.old)
		c.old, c.now = c.now, c.old
	}
	c.now[k] = v
}

// Of is the value of k, worked out by make the first time.
func (c *Cache[K, V]) Of(k K, make func(K) V) V {
	if v, ok := c.Get(k); ok {
		return v
	}
	v := make(k)
	c.Put(k, v)
	return v
}
