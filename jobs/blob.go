package jobs

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"regexp"
	"time"

	"github.com/redis/go-redis/v9"
)

const blobPrefix = "formfill:blob:"

var docIDPattern = regexp.MustCompile(`^[0-9a-f]{64}$`)

// DocID returns the content address of data: its sha256 in hex.
func DocID(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// PutBlob stores data under its sha256 for the blob TTL and returns that
// doc_id. Storing the same bytes again only refreshes the TTL.
func (c *Client) PutBlob(ctx context.Context, data []byte) (string, error) {
	id := DocID(data)
	stored, err := c.seal("blob:"+id, data)
	if err != nil {
		return "", err
	}
	if err := c.rdb.Set(ctx, blobPrefix+id, stored, c.blobTTL).Err(); err != nil {
		return "", fmt.Errorf("store document %s: %w", id[:12], c.connErr(err))
	}
	return id, nil
}

// GetBlob returns the blob stored under docID and refreshes its TTL, so a
// document in use does not expire between the jobs that reference it. With
// a blob cache, a cached document costs no Redis round trip, except to
// renew its TTL once a quarter of the TTL has passed.
func (c *Client) GetBlob(ctx context.Context, docID string) ([]byte, error) {
	if !docIDPattern.MatchString(docID) {
		return nil, fmt.Errorf("doc_id %q: expected 64 lower-case hex digits (a sha256): %w", docID, ErrBlobNotFound)
	}
	if c.cache == nil {
		return c.fetchBlob(ctx, docID)
	}
	if data, renewed, ok := c.cache.get(docID); ok {
		if now := time.Now(); now.Sub(renewed) > c.blobTTL/4 {
			if err := c.rdb.Expire(ctx, blobPrefix+docID, c.blobTTL).Err(); err != nil {
				return nil, fmt.Errorf("renew document %s: %w", docID, c.connErr(err))
			}
			c.cache.renewed(docID, now)
		}
		return data, nil
	}
	data, err := c.fetchBlob(ctx, docID)
	if err == nil {
		c.cache.put(docID, data, time.Now())
	}
	return data, err
}

// fetchBlob reads a blob from Redis and renews its TTL, in one round trip.
func (c *Client) fetchBlob(ctx context.Context, docID string) ([]byte, error) {
	pipe := c.rdb.Pipeline()
	get := pipe.Get(ctx, blobPrefix+docID)
	pipe.Expire(ctx, blobPrefix+docID, c.blobTTL)
	if _, err := pipe.Exec(ctx); err != nil && !errors.Is(err, redis.Nil) {
		return nil, fmt.Errorf("fetch document %s: %w", docID, c.connErr(err))
	}
	data, err := get.Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, fmt.Errorf("doc_id %s: %w", docID, ErrBlobNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("fetch document %s: %w", docID, c.connErr(err))
	}
	return c.checkBlob(docID, data)
}

// checkBlob opens a blob as stored (sealed, when the client has keys) and
// checks its bytes against their address: a blob whose sha256 is not its
// doc_id was changed in Redis, and is refused, never served.
func (c *Client) checkBlob(docID string, stored []byte) ([]byte, error) {
	data, err := c.open("blob:"+docID, stored)
	if err != nil {
		return nil, fmt.Errorf("doc_id %s: %w", docID, err)
	}
	if DocID(data) != docID {
		return nil, fmt.Errorf("doc_id %s: the stored bytes hash to %s, not to their doc_id: the document was changed in the job store (%w)",
			docID, DocID(data)[:12], ErrTampered)
	}
	return data, nil
}
