package store

import (
	"container/list"
	"sync"
	"weak"
)

// graphCacheBytes bounds the inflated graphs kept for reuse, process-wide.
// Navigation reads the same files' graphs again and again (a caller's
// file, the files declaring a popular name), and each inflation costs
// tens of microseconds; 16 MiB holds over a thousand typical files.
const graphCacheBytes = 16 << 20

// inflated is the process's cache of inflated graphs, least recently used
// first out. Its keys hold their parts weakly, so a cached graph never
// keeps a replaced segment mapped.
var inflated = graphCache{entries: map[graphKey]*list.Element{}}

type graphKey struct {
	p    weak.Pointer[part]
	file int32
}

type graphEntry struct {
	key  graphKey
	blob []byte
}

type graphCache struct {
	mu      sync.Mutex
	order   list.List // of *graphEntry, most recently used first
	entries map[graphKey]*list.Element
	size    int
}

// get returns file's inflated graph from p, from the cache or by
// inflating it (fill) and keeping it.
func (c *graphCache) get(p *part, file int32, fill func() []byte) []byte {
	key := graphKey{weak.Make(p), file}
	c.mu.Lock()
	if e, ok := c.entries[key]; ok {
		c.order.MoveToFront(e)
		b := e.Value.(*graphEntry).blob
		c.mu.Unlock()
		return b
	}
	c.mu.Unlock()
	b := fill()
	if len(b) == 0 || len(b) > graphCacheBytes/8 {
		return b
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.entries[key]; ok {
		return b
	}
	c.entries[key] = c.order.PushFront(&graphEntry{key, b})
	c.size += len(b)
	for c.size > graphCacheBytes {
		last := c.order.Back()
		ent := last.Value.(*graphEntry)
		c.order.Remove(last)
		delete(c.entries, ent.key)
		c.size -= len(ent.blob)
	}
	return b
}
