package jobs

import (
	"context"
	"time"

	"github.com/minio/minio-go/v7"
)

// BackendOf gives the package's external tests the Backend operations on a
// Client's connection (a phase report, a raw Redis key); callers build a
// Backend with NewBackend instead.
var BackendOf = backendOf

// BlobPrefix gives the package's external tests the Redis key prefix of
// stored blobs, to set a blob's TTL directly rather than wait for it.
const BlobPrefix = blobPrefix

// StoredExpiry reads the expiry stored with docID's object, for the
// package's external tests to see whether a read renewed it.
func (s *S3BlobStore) StoredExpiry(ctx context.Context, docID string) (time.Time, error) {
	info, err := s.s3.StatObject(ctx, s.bucket, s.key(docID), minio.StatObjectOptions{})
	if err != nil {
		return time.Time{}, err
	}
	return objectExpiry(info)
}
