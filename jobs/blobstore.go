package jobs

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

// BlobStore keeps documents (inputs and outputs) under their doc_id, as
// the client stores them: sealed when it has keys. The Client keeps content
// addressing, sha256 verification and sealing; a store only keeps bytes for
// a TTL. Redis is the default; NewS3BlobStore keeps them in object storage,
// so Redis holds only queue state and results.
type BlobStore interface {
	// Put stores data under docID for ttl (storing it again renews the ttl).
	Put(ctx context.Context, docID string, data []byte, ttl time.Duration) error
	// Get returns the bytes under docID and renews their ttl; a missing or
	// expired blob is an error wrapping ErrBlobNotFound and naming docID.
	Get(ctx context.Context, docID string, ttl time.Duration) ([]byte, error)
	// Renew extends the life of the blob under docID to ttl from now.
	Renew(ctx context.Context, docID string, ttl time.Duration) error
	// String describes the store for logs, without credentials.
	String() string
}

// WithBlobStore keeps the client's documents in s instead of Redis. Every
// client and worker of one Redis needs the same store.
func WithBlobStore(s BlobStore) ClientOption {
	return func(c *Client) {
		if s != nil {
			c.blobs = s
		}
	}
}

// BlobStore returns where the client keeps documents.
func (c *Client) BlobStore() BlobStore { return c.blobs }

// redisBlobStore keeps blobs in the client's Redis, at formfill:blob:<id>.
type redisBlobStore struct{ c *Client }

func (s redisBlobStore) String() string { return "redis" }

func (s redisBlobStore) Put(ctx context.Context, docID string, data []byte, ttl time.Duration) error {
	if err := s.c.rdb.Set(ctx, blobPrefix+docID, data, ttl).Err(); err != nil {
		return fmt.Errorf("store document %s: %w", docID[:12], s.c.connErr(err))
	}
	return nil
}

// Get reads a blob and renews its TTL, in one round trip.
func (s redisBlobStore) Get(ctx context.Context, docID string, ttl time.Duration) ([]byte, error) {
	pipe := s.c.rdb.Pipeline()
	get := pipe.Get(ctx, blobPrefix+docID)
	pipe.Expire(ctx, blobPrefix+docID, ttl)
	if _, err := pipe.Exec(ctx); err != nil && !errors.Is(err, redis.Nil) {
		return nil, fmt.Errorf("fetch document %s: %w", docID, s.c.connErr(err))
	}
	data, err := get.Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, fmt.Errorf("doc_id %s: %w", docID, ErrBlobNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("fetch document %s: %w", docID, s.c.connErr(err))
	}
	return data, nil
}

func (s redisBlobStore) Renew(ctx context.Context, docID string, ttl time.Duration) error {
	if err := s.c.rdb.Expire(ctx, blobPrefix+docID, ttl).Err(); err != nil {
		return fmt.Errorf("renew document %s: %w", docID, s.c.connErr(err))
	}
	return nil
}
