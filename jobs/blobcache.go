package jobs

import (
	"container/list"
	"crypto/sha256"
	"encoding/hex"
	"sync"
	"time"
)

// blobCache keeps recently fetched documents in memory, least recently
// used first out, within a byte budget. Blobs are content-addressed, so a
// cached copy can never be stale; each hit is still checked against its
// sha256, so a copy an engine had modified in place would be dropped and
// fetched again rather than served.
type blobCache struct {
	mu      sync.Mutex
	budget  int64
	used    int64
	order   *list.List // of *cachedBlob, most recent first
	entries map[string]*list.Element
}

type cachedBlob struct {
	id        string
	data      []byte
	refreshed time.Time // when its TTL in Redis was last renewed
}

func newBlobCache(budget int64) *blobCache {
	return &blobCache{budget: budget, order: list.New(), entries: map[string]*list.Element{}}
}

// get returns the cached blob and when its Redis TTL was last renewed.
func (c *blobCache) get(id string) ([]byte, time.Time, bool) {
	c.mu.Lock()
	e, ok := c.entries[id]
	if !ok {
		c.mu.Unlock()
		return nil, time.Time{}, false
	}
	c.order.MoveToFront(e)
	b := e.Value.(*cachedBlob)
	data, refreshed := b.data, b.refreshed
	c.mu.Unlock()
	sum := sha256.Sum256(data)
	if hex.EncodeToString(sum[:]) != id {
		c.drop(id)
		return nil, time.Time{}, false
	}
	return data, refreshed, true
}

// put caches data under id, renewed now. A blob over a quarter of the
// budget is not cached: one large upload must not flush every template.
func (c *blobCache) put(id string, data []byte, now time.Time) {
	size := int64(len(data))
	if size > c.budget/4 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.entries[id]; ok {
		e.Value.(*cachedBlob).refreshed = now
		c.order.MoveToFront(e)
		return
	}
	c.entries[id] = c.order.PushFront(&cachedBlob{id: id, data: data, refreshed: now})
	c.used += size
	for c.used > c.budget {
		last := c.order.Back()
		b := last.Value.(*cachedBlob)
		c.order.Remove(last)
		delete(c.entries, b.id)
		c.used -= int64(len(b.data))
	}
}

// renewed records that id's TTL in Redis was renewed at now.
func (c *blobCache) renewed(id string, now time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.entries[id]; ok {
		e.Value.(*cachedBlob).refreshed = now
	}
}

func (c *blobCache) drop(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.entries[id]; ok {
		c.order.Remove(e)
		delete(c.entries, id)
		c.used -= int64(len(e.Value.(*cachedBlob).data))
	}
}
