package jobs

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
	"github.com/minio/minio-go/v7/pkg/lifecycle"
	"golang.org/x/sync/singleflight"
)

// expiresMeta is the user metadata holding an object's expiry (RFC 3339):
// checked on every read, so an expired object is refused even where the
// server has no lifecycle rules (or runs them late: S3 expires objects up
// to a day after their lifecycle date).
const expiresMeta = "Formfill-Expires"

// expiryOf formats the expiry ttl from now. It keeps the fraction of a
// second: truncated to whole seconds, an object stored at .95 s would lose
// 0.95 s of its TTL (a one-second TTL expired before its first read).
func expiryOf(ttl time.Duration) string {
	return time.Now().Add(ttl).UTC().Format(time.RFC3339Nano)
}

// S3BlobStore keeps blobs as objects PREFIX/<doc_id> in an S3 bucket.
type S3BlobStore struct {
	s3             *minio.Client
	bucket, prefix string
	endpoint       string
	// uploads joins concurrent Puts of one object: a batch on one template
	// uploads it once, not once per goroutine at the same moment (and a
	// server that writes in place, s3rver, is not given overlapping writes
	// of one object).
	uploads singleflight.Group
	// Lifecycle is nil when the bucket's lifecycle rule for the prefix was
	// set, else why not (the server lacks lifecycle support, or the
	// credentials may not set it); the stored expiry still applies.
	Lifecycle error
}

// ParseBlobStoreURL splits s3://BUCKET[/PREFIX] into bucket and prefix.
func ParseBlobStoreURL(raw string) (bucket, prefix string, err error) {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "s3" || u.Host == "" {
		return "", "", fmt.Errorf("%w: blob store %q: expected s3://BUCKET/PREFIX", ErrInvalidConfig, raw)
	}
	if u.User != nil || u.RawQuery != "" {
		return "", "", fmt.Errorf("%w: blob store %q: expected s3://BUCKET/PREFIX; credentials come from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY", ErrInvalidConfig, raw)
	}
	return u.Host, strings.Trim(u.Path, "/"), nil
}

// NewS3BlobStore connects to the bucket of s3://BUCKET/PREFIX. The endpoint,
// region and credentials come from the standard AWS variables, read with
// getenv: AWS_ENDPOINT_URL_S3 or AWS_ENDPOINT_URL (default AWS itself),
// AWS_REGION or AWS_DEFAULT_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY
// and AWS_SESSION_TOKEN. A missing bucket is created. Objects live for ttl
// after their last use: a lifecycle rule on the prefix removes them where
// the server supports it, and a stored expiry refuses them on read.
func NewS3BlobStore(ctx context.Context, raw string, ttl time.Duration, getenv func(string) string) (*S3BlobStore, error) {
	bucket, prefix, err := ParseBlobStoreURL(raw)
	if err != nil {
		return nil, err
	}
	endpoint, secure := "s3.amazonaws.com", true
	if e := firstEnv(getenv, "AWS_ENDPOINT_URL_S3", "AWS_ENDPOINT_URL"); e != "" {
		eu, err := url.Parse(e)
		if err != nil || (eu.Scheme != "http" && eu.Scheme != "https") || eu.Host == "" {
			return nil, fmt.Errorf("%w: endpoint %q: expected http(s)://HOST[:PORT]", ErrInvalidConfig, e)
		}
		endpoint, secure = eu.Host, eu.Scheme == "https"
	}
	creds := credentials.NewStaticV4(getenv("AWS_ACCESS_KEY_ID"), getenv("AWS_SECRET_ACCESS_KEY"), getenv("AWS_SESSION_TOKEN"))
	cl, err := minio.New(endpoint, &minio.Options{Creds: creds, Secure: secure, Region: firstEnv(getenv, "AWS_REGION", "AWS_DEFAULT_REGION")})
	if err != nil {
		return nil, fmt.Errorf("%w: blob store %s: %w", ErrInvalidConfig, raw, err)
	}
	s := &S3BlobStore{s3: cl, bucket: bucket, prefix: prefix, endpoint: endpoint}
	if err := s.ensureBucket(ctx); err != nil {
		return nil, err
	}
	s.Lifecycle = s.setLifecycle(ctx, ttl)
	return s, nil
}

func firstEnv(getenv func(string) string, names ...string) string {
	for _, n := range names {
		if v := strings.TrimSpace(getenv(n)); v != "" {
			return v
		}
	}
	return ""
}

// String names the store without credentials.
func (s *S3BlobStore) String() string {
	return "s3://" + s.bucket + "/" + s.prefix + " at " + s.endpoint
}

func (s *S3BlobStore) key(docID string) string {
	if s.prefix == "" {
		return docID
	}
	return s.prefix + "/" + docID
}

func (s *S3BlobStore) ensureBucket(ctx context.Context) error {
	ok, err := s.s3.BucketExists(ctx, s.bucket)
	if err != nil {
		return fmt.Errorf("blob store %s does not answer (%w); check AWS_ENDPOINT_URL and the credentials", s, err)
	}
	if ok {
		return nil
	}
	if err := s.s3.MakeBucket(ctx, s.bucket, minio.MakeBucketOptions{}); err != nil {
		if ok, _ := s.s3.BucketExists(ctx, s.bucket); ok {
			return nil // another client or worker created it meanwhile
		}
		return fmt.Errorf("blob store %s: the bucket does not exist and could not be created: %w", s, err)
	}
	return nil
}

// setLifecycle adds (or updates) the rule expiring the prefix's objects,
// keeping the bucket's other rules. Lifecycle counts whole days from an
// object's last write (a renewal rewrites it), so the rule is the TTL
// rounded up to days; the stored expiry is exact.
func (s *S3BlobStore) setLifecycle(ctx context.Context, ttl time.Duration) error {
	cfg, err := s.s3.GetBucketLifecycle(ctx, s.bucket)
	var resp minio.ErrorResponse
	if err != nil && !(errors.As(err, &resp) && resp.Code == "NoSuchLifecycleConfiguration") {
		return fmt.Errorf("read the bucket's lifecycle: %w", err)
	}
	if cfg == nil {
		cfg = lifecycle.NewConfiguration()
	}
	id := "formfill-" + s.prefix
	rules := cfg.Rules[:0]
	for _, r := range cfg.Rules {
		if r.ID != id {
			rules = append(rules, r)
		}
	}
	days := int((ttl + 24*time.Hour - 1) / (24 * time.Hour))
	rule := lifecycle.Rule{ID: id, Status: "Enabled", Expiration: lifecycle.Expiration{Days: lifecycle.ExpirationDays(days)}}
	rule.RuleFilter.Prefix = s.key("")
	cfg.Rules = append(rules, rule)
	if err := s.s3.SetBucketLifecycle(ctx, s.bucket, cfg); err != nil {
		return fmt.Errorf("set the bucket's lifecycle: %w", err)
	}
	return nil
}

// Put writes the object with its expiry, unless the object is there
// already with most of its TTL left: the address is the content's hash, so
// the same bytes need not travel again (a batch on one template uploads it
// once), and an object is not rewritten under a concurrent reader. Puts of
// the same object at the same moment share one upload.
func (s *S3BlobStore) Put(ctx context.Context, docID string, data []byte, ttl time.Duration) error {
	// The size is in the key: a sealed and a plain copy of one document
	// differ in size, and the stored one must be the caller's kind. So is
	// the TTL: a caller asking for longer must not get a shorter one's.
	key := docID + "/" + strconv.Itoa(len(data)) + "/" + ttl.String()
	return joinUpload(ctx, &s.uploads, key, func() error { return s.put(ctx, docID, data, ttl) })
}

func (s *S3BlobStore) put(ctx context.Context, docID string, data []byte, ttl time.Duration) error {
	if info, err := s.s3.StatObject(ctx, s.bucket, s.key(docID), minio.StatObjectOptions{}); err == nil && info.Size == int64(len(data)) {
		if expires, err := objectExpiry(info); err == nil && time.Until(expires) >= ttl*3/4 {
			return nil
		}
	}
	_, err := s.s3.PutObject(ctx, s.bucket, s.key(docID), bytes.NewReader(data), int64(len(data)), minio.PutObjectOptions{
		ContentType: "application/octet-stream",
		// A plain body (UNSIGNED-PAYLOAD), not aws-chunked signing, which
		// minio-go uses over http and some S3-compatible servers (s3rver)
		// store chunk framing and all. Integrity does not rest on it: every
		// read checks the bytes against their doc_id, a sha256.
		DisableContentSha256: true,
		UserMetadata:         map[string]string{expiresMeta: expiryOf(ttl)},
	})
	if err != nil {
		return fmt.Errorf("store document %s in %s: %w", docID[:12], s, err)
	}
	return nil
}

// Get reads the object, refuses it past its expiry, and renews it once a
// quarter of the TTL has passed since it was last renewed (a renewal is a
// server-side copy, so not on every read).
func (s *S3BlobStore) Get(ctx context.Context, docID string, ttl time.Duration) ([]byte, error) {
	for attempt := 0; ; attempt++ {
		data, err := s.get(ctx, docID, ttl)
		// No document is empty (not even sealed), but an object read while
		// a server that writes in place (s3rver) rewrites it can be: read
		// again rather than report it changed.
		if err != nil || len(data) > 0 || docID == emptyDocID || attempt == 3 {
			return data, err
		}
		time.Sleep(time.Duration(attempt+1) * 50 * time.Millisecond)
	}
}

// emptyDocID is the sha256 of no bytes.
const emptyDocID = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

func (s *S3BlobStore) get(ctx context.Context, docID string, ttl time.Duration) ([]byte, error) {
	obj, err := s.s3.GetObject(ctx, s.bucket, s.key(docID), minio.GetObjectOptions{})
	if err != nil {
		return nil, s.readErr(docID, err)
	}
	defer obj.Close()
	info, err := obj.Stat()
	if err != nil {
		return nil, s.readErr(docID, err)
	}
	expires, err := objectExpiry(info)
	if err != nil {
		return nil, fmt.Errorf("doc_id %s in %s: %w: %w", docID, s, err, ErrBlobNotFound)
	}
	now := time.Now()
	if !now.Before(expires) {
		return nil, fmt.Errorf("doc_id %s: the document expired at %s (blob TTL) in %s: %w", docID, expires.Format(time.RFC3339Nano), s, ErrBlobNotFound)
	}
	data, err := io.ReadAll(obj)
	if err != nil {
		return nil, s.readErr(docID, err)
	}
	if expires.Sub(now) < ttl*3/4 {
		if err := s.Renew(ctx, docID, ttl); err != nil {
			return nil, err
		}
	}
	return data, nil
}

// objectExpiry reads the stored expiry of an object.
func objectExpiry(info minio.ObjectInfo) (time.Time, error) {
	v := info.UserMetadata[expiresMeta]
	if v == "" {
		v = info.Metadata.Get("X-Amz-Meta-" + expiresMeta)
	}
	t, err := time.Parse(time.RFC3339, v)
	if err != nil {
		return time.Time{}, fmt.Errorf("the object has no valid expiry (metadata %s %q): it was not stored by formfill", expiresMeta, v)
	}
	return t, nil
}

// Renew rewrites the object onto itself with a new expiry.
func (s *S3BlobStore) Renew(ctx context.Context, docID string, ttl time.Duration) error {
	src := minio.CopySrcOptions{Bucket: s.bucket, Object: s.key(docID)}
	dst := minio.CopyDestOptions{Bucket: s.bucket, Object: s.key(docID), ReplaceMetadata: true,
		UserMetadata: map[string]string{expiresMeta: expiryOf(ttl)}}
	if _, err := s.s3.CopyObject(ctx, dst, src); err != nil {
		return s.readErr(docID, fmt.Errorf("renew: %w", err))
	}
	return nil
}

// readErr names the doc_id and turns a missing object into ErrBlobNotFound.
func (s *S3BlobStore) readErr(docID string, err error) error {
	var resp minio.ErrorResponse
	if errors.As(err, &resp) && (resp.Code == "NoSuchKey" || resp.StatusCode == http.StatusNotFound) {
		return fmt.Errorf("doc_id %s: no such object %s in %s (never stored, or removed by the bucket's lifecycle): %w", docID, s.key(docID), s, ErrBlobNotFound)
	}
	return fmt.Errorf("fetch document %s from %s: %w", docID, s, err)
}
