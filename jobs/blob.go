package jobs

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"regexp"
	"time"
)

const blobPrefix = "formfill:blob:"

var docIDPattern = regexp.MustCompile(`^[0-9a-f]{64}$`)

// DocID returns the content address of data: its sha256 in hex.
func DocID(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// PutBlob stores data under its sha256 in the blob store for the blob TTL and returns that
// doc_id. Storing the same bytes again only refreshes the TTL.
func (c *Client) PutBlob(ctx context.Context, data []byte) (string, error) {
	id := DocID(data)
	stored, err := c.seal("blob:"+id, data)
	if err != nil {
		return "", err
	}
	if err := c.blobs.Put(ctx, id, stored, c.blobTTL); err != nil {
		return "", err
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
			if err := c.blobs.Renew(ctx, docID, c.blobTTL); err != nil {
				return nil, err
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

// fetchBlob reads a blob from the store, renewing its TTL, and checks it.
func (c *Client) fetchBlob(ctx context.Context, docID string) ([]byte, error) {
	data, err := c.blobs.Get(ctx, docID, c.blobTTL)
	if err != nil {
		return nil, err
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
