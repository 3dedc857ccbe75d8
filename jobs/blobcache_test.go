package jobs

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/formfill/formfill/internal/redistest"
)

// jobsTestDB is the Redis database of this package's tests.
const jobsTestDB = 9

func blob(s string, n int) ([]byte, string) {
	b := []byte(strings.Repeat(s, n))
	return b, DocID(b)
}

func TestBlobCacheEvictsLeastRecentlyUsed(t *testing.T) {
	c := newBlobCache(400)
	a, aID := blob("a", 100)
	b, bID := blob("b", 100)
	d, dID := blob("d", 100)
	e, eID := blob("e", 100)
	now := time.Now()
	c.put(aID, a, now)
	c.put(bID, b, now)
	c.put(dID, d, now)
	c.put(eID, e, now)
	if _, _, ok := c.get(aID); !ok { // a becomes the most recent
		t.Fatal("a not cached within budget")
	}
	f, fID := blob("f", 100)
	c.put(fID, f, now) // over budget: b, the least recent, goes
	for id, want := range map[string]bool{aID: true, bID: false, dID: true, eID: true, fID: true} {
		if _, _, ok := c.get(id); ok != want {
			t.Errorf("%s cached = %v, want %v", id[:6], ok, want)
		}
	}
	if c.used > c.budget {
		t.Errorf("%d bytes used over a budget of %d", c.used, c.budget)
	}
}

func TestBlobCacheRefusesBlobsOverAQuarterOfItsBudget(t *testing.T) {
	c := newBlobCache(400)
	big, id := blob("x", 101)
	c.put(id, big, time.Now())
	if _, _, ok := c.get(id); ok || c.used != 0 {
		t.Fatalf("a %d-byte blob was cached with a budget of %d", len(big), c.budget)
	}
}

func TestBlobCacheDropsAModifiedCopy(t *testing.T) {
	c := newBlobCache(400)
	data, id := blob("m", 50)
	c.put(id, data, time.Now())
	data[0] = 'X' // as an engine writing into its input would
	if _, _, ok := c.get(id); ok {
		t.Fatal("a copy that no longer matches its sha256 was served")
	}
	if c.used != 0 || len(c.entries) != 0 {
		t.Fatalf("modified copy kept: %d bytes, %d entries", c.used, len(c.entries))
	}
}

func TestGetBlobServesCachedDocumentsWithoutRedis(t *testing.T) {
	conn := redistest.Conn(t, jobsTestDB)
	ctx := context.Background()
	cached := NewClient(conn, WithBlobCache(1<<20), WithBlobTTL(time.Hour))
	defer cached.Close()
	plain := NewClient(conn)
	defer plain.Close()
	doc := []byte("a questionnaire template")
	id, err := cached.PutBlob(ctx, doc)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := cached.GetBlob(ctx, id); err != nil || !bytes.Equal(got, doc) {
		t.Fatalf("first fetch: %q, %v", got, err)
	}
	// Gone from Redis: only a cache can still answer.
	if err := cached.rdb.Del(ctx, blobPrefix+id).Err(); err != nil {
		t.Fatal(err)
	}
	if got, err := cached.GetBlob(ctx, id); err != nil || !bytes.Equal(got, doc) {
		t.Fatalf("cached fetch: %q, %v", got, err)
	}
	if _, err := plain.GetBlob(ctx, id); !errors.Is(err, ErrBlobNotFound) {
		t.Fatalf("uncached client after delete: %v, want ErrBlobNotFound", err)
	}
}

// TestGetBlobFromCacheRenewsTheTTL: a cached fetch within a quarter of the
// TTL since the last renewal leaves Redis alone; one past it renews the
// TTL in Redis. The time since the last renewal is set in the cache, and
// the key's TTL on the key, rather than waited for, so a slow machine
// cannot blur the two cases.
func TestGetBlobFromCacheRenewsTheTTL(t *testing.T) {
	conn := redistest.Conn(t, jobsTestDB)
	ctx := context.Background()
	ttl := time.Hour
	c := NewClient(conn, WithBlobCache(1<<20), WithBlobTTL(ttl))
	defer c.Close()
	id, err := c.PutBlob(ctx, []byte("template"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.GetBlob(ctx, id); err != nil { // now cached
		t.Fatal(err)
	}
	key := blobPrefix + id
	ttlLeft := func() time.Duration {
		t.Helper()
		left, err := c.rdb.PTTL(ctx, key).Result()
		if err != nil {
			t.Fatal(err)
		}
		return left
	}
	// Half the TTL left in Redis, but renewed only now as the cache knows:
	// a fetch costs no Redis round trip and renews nothing.
	if err := c.rdb.PExpire(ctx, key, ttl/2).Err(); err != nil {
		t.Fatal(err)
	}
	if _, err := c.GetBlob(ctx, id); err != nil {
		t.Fatal(err)
	}
	if left := ttlLeft(); left > ttl/2 {
		t.Fatalf("TTL left %v after a cached fetch within the renewal interval, want it untouched (at most %v)", left, ttl/2)
	}
	// Last renewed half a TTL ago, past the renewal point: the fetch renews.
	c.cache.renewed(id, time.Now().Add(-ttl/2))
	if _, err := c.GetBlob(ctx, id); err != nil {
		t.Fatal(err)
	}
	if left := ttlLeft(); left < ttl-time.Minute {
		t.Fatalf("TTL left %v after a cached fetch past the renewal point, want it renewed to about %v", left, ttl)
	}
}
