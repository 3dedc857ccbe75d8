package jobs

import (
	"context"
	"sync"
	"time"

	"github.com/formfill/formfill/formats"
)

// readCacheSize is how many documents' whole maps and views a worker
// keeps: an agent reads a long document page after page, and the map of a
// 1,400-question workbook costs seconds to make but nothing to page.
const readCacheSize = 8

// readCache keeps the whole answers of the reading operations (the compact
// map, the document view) for the documents read last, keyed by what was
// made and the document's content ID, so that the next page of a long
// document is a lookup rather than a parse. Content IDs are hashes of the
// bytes: an entry can never answer for another document.
type readCache struct {
	mu    sync.Mutex
	order []string // least recently used first
	items map[string]any
}

var reads = &readCache{items: map[string]any{}}

// get returns the cached value for key and marks it used.
func (c *readCache) get(key string) (any, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.items[key]
	if ok {
		c.touch(key)
	}
	return v, ok
}

// put caches v under key, dropping the least recently used entry when
// full.
func (c *readCache) put(key string, v any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.items[key]; !ok && len(c.order) >= readCacheSize {
		delete(c.items, c.order[0])
		c.order = c.order[1:]
	}
	c.items[key] = v
	c.touch(key)
}

func (c *readCache) touch(key string) {
	for i, k := range c.order {
		if k == key {
			c.order = append(c.order[:i], c.order[i+1:]...)
			break
		}
	}
	c.order = append(c.order, key)
}

// cached returns make()'s answer for the payload's document, from the
// cache when the document was read before; what names the answer
// ("compact", "view"). Without a content ID nothing is cached.
func cached[T any](what string, p *Payload, make func() (T, error)) (T, error) {
	if p.DocID == "" {
		return make()
	}
	key := what + "/" + string(p.FileType) + "/" + p.DocID
	if v, ok := reads.get(key); ok {
		return v.(T), nil
	}
	v, err := make()
	if err == nil {
		reads.put(key, v)
	}
	return v, err
}

// compactOf is the document's compact map, bound to ctx. For a page of
// the map or of its targets a lazy engine's map is made
// (formats.LazyCompactor): the lines a page does not show are written only
// when a later page needs them, and the cache keeps the map to write them
// then. What needs every line (the whole map, ids, search) makes it whole
// at once, which is quicker than a lazy map made whole: its sheets' lines
// are written in lanes.
func compactOf(ctx context.Context, e formats.Engine, p *Payload, doc []byte) (*formats.CompactStructure, error) {
	c, err := cached("compact", p, func() (*formats.CompactStructure, error) {
		if lc, ok := e.(formats.LazyCompactor); ok && wantsPage(p) {
			return lc.ExtractCompactLazy(doc)
		}
		return e.ExtractCompact(doc)
	})
	if err != nil {
		return nil, err
	}
	return c.WithContext(ctx), nil
}

// completeTimeout bounds writing the rest of a lazy map after its page
// was answered: at most the lines of a whole map, which a job writes in
// well under a second.
const completeTimeout = time.Minute

// completeLater writes the rest of a lazy map in the background once its
// page is answered. Until then the map holds the workbook it reads from
// (tens of MB for a large one, against a few for its lines), and the
// cache keeps maps of several documents: holding that until a next page
// may never come would cost a worker more than the lines do. The job's
// context ends with the job, so the writing has one of its own.
func completeLater(ctx context.Context, docID string, c *formats.CompactStructure) {
	if !c.Partial() {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), completeTimeout)
	go func() {
		defer cancel()
		if _, err := c.WithContext(ctx).Whole(); err != nil {
			loggerFrom(ctx).Warn("jobs: writing the rest of a map failed", "doc_id", docID, "error", err)
		}
	}()
}

// wantsPage reports whether the payload asks for a bounded page of the
// map or of its targets view.
func wantsPage(p *Payload) bool {
	return p.Kind == KindExtractCompact && len(p.compactArgs().IDs) == 0 && p.Page.Bounded()
}
