package main

import (
	"context"
	"errors"
	"strings"

	"github.com/formfill/formfill/jobs"
)

// envBlobStore names the environment variable holding the blob store URL.
const envBlobStore = "FORMFILL_BLOB_STORE"

// blobStoreURL returns the configured blob store: the flag, else the
// environment; empty keeps documents in Redis.
func blobStoreURL(e *env, g *globals) string {
	if g.blobStore != "" {
		return g.blobStore
	}
	return strings.TrimSpace(e.getenv(envBlobStore))
}

// blobStoreOf connects to the configured object store (endpoint, region and
// credentials from the AWS variables), or returns nil for Redis.
func blobStoreOf(ctx context.Context, e *env, g *globals) (*jobs.S3BlobStore, error) {
	url := blobStoreURL(e, g)
	if url == "" {
		return nil, nil
	}
	s, err := jobs.NewS3BlobStore(ctx, url, jobs.DefaultBlobTTL, e.getenv)
	if errors.Is(err, jobs.ErrInvalidConfig) {
		return nil, &usageError{err}
	}
	return s, err
}

// blobStoreOpts are the client options of the store s, if any.
func blobStoreOpts(s *jobs.S3BlobStore) []jobs.ClientOption {
	if s == nil {
		return nil
	}
	return []jobs.ClientOption{jobs.WithBlobStore(s)}
}

// blobStore turns a nil *S3BlobStore into a nil interface (Redis).
func blobStore(s *jobs.S3BlobStore) jobs.BlobStore {
	if s == nil {
		return nil
	}
	return s
}
