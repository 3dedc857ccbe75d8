package jobs_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/redistest"
	"github.com/formfill/formfill/internal/s3test"
	"github.com/formfill/formfill/jobs"
	"github.com/formfill/formfill/worker"
)

// s3Store connects to a fresh s3rver's bucket formfill under prefix docs.
func s3Store(t *testing.T, srv *s3test.Server, ttl time.Duration) *jobs.S3BlobStore {
	t.Helper()
	s, err := jobs.NewS3BlobStore(context.Background(), "s3://formfill/docs", ttl, srv.Getenv)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("lifecycle rule: %v (nil: set)", s.Lifecycle)
	return s
}

// TestS3BlobStoreKeepsDocumentsOutOfRedis: a fill through a real worker
// with --blob-store s3 reads its document from S3 and writes its output
// there; no Redis key or value holds the document's or the output's bytes,
// and with a keyring the objects are sealed (a keyless client is refused).
func TestS3BlobStoreKeepsDocumentsOutOfRedis(t *testing.T) {
	srv := s3test.Start(t)
	for _, tc := range []struct {
		name string
		keys *jobs.Keyring
	}{{"plain", nil}, {"sealed", keyring(t, keyNew)}} {
		t.Run(tc.name, func(t *testing.T) {
			conn := redistest.Conn(t, clientTestDB)
			ctx := context.Background()
			store := s3Store(t, srv, time.Hour)
			c := jobs.NewClient(conn, jobs.WithBlobStore(store), jobs.WithKeyring(tc.keys), jobs.WithTimeout(30*time.Second))
			defer c.Close()
			quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
			w, err := worker.New(conn, worker.Concurrency(1), worker.Logger(quiet), worker.ShutdownTimeout(2*time.Second),
				worker.Keyring(tc.keys), worker.BlobStore(store))
			if err != nil {
				t.Fatal(err)
			}
			if err := w.Start(); err != nil {
				t.Fatal(err)
			}
			defer w.Shutdown()
			doc := twoColumn(t)
			docID, err := c.PutBlob(ctx, doc)
			if err != nil {
				t.Fatal(err)
			}
			st, err := c.Run(ctx, jobs.Payload{Kind: jobs.KindFill, DocID: docID, FileType: formats.Word,
				Answers: []formats.Answer{{PairID: "T1-R2-C2", AnswerText: "Zanzibar Holdings"}}})
			if err != nil || st.Result == nil || st.Result.Report == nil || st.Result.Report.Summary.Matched != 1 {
				t.Fatalf("fill: %+v, %v", st, err)
			}
			out, err := c.GetBlob(ctx, st.Result.OutputDocID)
			if err != nil || jobs.DocID(out) != st.Result.OutputDocID {
				t.Fatalf("output from S3: %v", err)
			}
			keys, err := jobs.BackendOf(c).Redis().Keys(ctx, "*").Result()
			if err != nil {
				t.Fatal(err)
			}
			for _, k := range keys {
				if strings.HasPrefix(k, "formfill:blob:") {
					t.Errorf("Redis holds blob key %s", k)
				}
				v := valuesOf(ctx, t, c, k)
				if strings.Contains(v, string(doc)) || strings.Contains(v, string(out)) {
					t.Errorf("Redis key %s holds the document's or the output's bytes", k)
				}
			}
			// What S3 holds, read with no keys: the bytes as stored.
			raw := jobs.NewClient(conn, jobs.WithBlobStore(store))
			defer raw.Close()
			stored, err := store.Get(ctx, docID, time.Hour)
			if err != nil {
				t.Fatalf("object of the document: %v", err)
			}
			if sealed := tc.keys != nil; sealed == bytes.Equal(stored, doc) {
				t.Errorf("sealed=%v but the object equals the document: %v", sealed, bytes.Equal(stored, doc))
			}
			if _, err := raw.GetBlob(ctx, docID); (tc.keys != nil) != (err != nil) {
				t.Errorf("keyless read of a %s object: err = %v", tc.name, err)
			}
			t.Logf("%d Redis keys, none with the document; object %d bytes", len(keys), len(stored))
		})
	}
}

// TestS3BlobStoreRefusesMissingAndExpired: a doc_id never stored, and one
// past its stored expiry (refused from that expiry, s3rver having no
// lifecycle), give ErrBlobNotFound naming the doc_id; a job on the
// expired document fails with document_not_found naming it too. The
// expiry is set in the past by a renewal with a negative TTL rather than
// waited for, so a slow machine cannot expire the object before its first
// read (TestS3BlobStoreRenewsOnRead waits for a real TTL).
func TestS3BlobStoreRefusesMissingAndExpired(t *testing.T) {
	srv := s3test.Start(t)
	conn := redistest.Conn(t, clientTestDB)
	ctx := context.Background()
	store := s3Store(t, srv, time.Hour)
	c := jobs.NewClient(conn, jobs.WithBlobStore(store), jobs.WithBlobTTL(time.Hour), jobs.WithTimeout(30*time.Second))
	defer c.Close()
	missing := jobs.DocID([]byte("never stored"))
	if _, err := c.GetBlob(ctx, missing); !errors.Is(err, jobs.ErrBlobNotFound) || !strings.Contains(err.Error(), missing) {
		t.Errorf("missing object: err = %v, want ErrBlobNotFound naming %s", err, missing)
	}
	docID, err := c.PutBlob(ctx, twoColumn(t))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.GetBlob(ctx, docID); err != nil {
		t.Fatalf("fresh object: %v", err)
	}
	if err := store.Renew(ctx, docID, -time.Second); err != nil {
		t.Fatal(err)
	}
	_, err = c.GetBlob(ctx, docID)
	if !errors.Is(err, jobs.ErrBlobNotFound) || !strings.Contains(err.Error(), docID) || !strings.Contains(err.Error(), "expired") {
		t.Fatalf("expired object: err = %v, want ErrBlobNotFound naming %s as expired", err, docID)
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	w, err := worker.New(conn, worker.Concurrency(1), worker.Logger(quiet), worker.ShutdownTimeout(2*time.Second), worker.BlobStore(store))
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Start(); err != nil {
		t.Fatal(err)
	}
	defer w.Shutdown()
	_, err = c.Run(ctx, jobs.Payload{Kind: jobs.KindExtractText, DocID: docID, FileType: formats.Word})
	var fe *jobs.FailedError
	if !errors.As(err, &fe) || fe.Err.Kind != jobs.ErrorDocumentNotFound || !strings.Contains(fe.Error(), docID) {
		t.Fatalf("job on an expired document: %v", err)
	}
}

// TestS3BlobStoreRenewsOnRead: a document read within its TTL lives a
// TTL from that read (the object is rewritten with a new expiry), so a
// batch on one template does not lose it midway; a read soon after the
// last write leaves the object as it is (a renewal is a server-side copy).
// How much of the TTL has passed is set on the object, by a renewal with a
// shorter TTL, rather than waited for: a slow machine could otherwise read
// it too late, or too soon.
func TestS3BlobStoreRenewsOnRead(t *testing.T) {
	srv := s3test.Start(t)
	conn := redistest.Conn(t, clientTestDB)
	ctx := context.Background()
	ttl := time.Hour
	store := s3Store(t, srv, ttl)
	c := jobs.NewClient(conn, jobs.WithBlobStore(store), jobs.WithBlobTTL(ttl))
	defer c.Close()
	docID, err := c.PutBlob(ctx, []byte("template bytes"))
	if err != nil {
		t.Fatal(err)
	}
	expiry := func() time.Time {
		t.Helper()
		e, err := store.StoredExpiry(ctx, docID)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	written := expiry()
	if _, err := c.GetBlob(ctx, docID); err != nil {
		t.Fatalf("fresh read: %v", err)
	}
	if e := expiry(); !e.Equal(written) {
		t.Fatalf("a read just after the upload moved the expiry from %s to %s; want no renewal", written, e)
	}
	// Three quarters of the TTL gone: ten minutes left.
	if err := store.Renew(ctx, docID, ttl/6); err != nil {
		t.Fatal(err)
	}
	before := time.Now()
	if _, err := c.GetBlob(ctx, docID); err != nil {
		t.Fatalf("read with %v left: %v", ttl/6, err)
	}
	if e := expiry(); e.Before(before.Add(ttl).Truncate(time.Microsecond)) {
		t.Fatalf("read at %s with %v left: expiry %s, want a TTL (%v) from the read",
			before.UTC().Format(time.RFC3339Nano), ttl/6, e.UTC().Format(time.RFC3339Nano), ttl)
	}
}

// TestS3BlobStoreConcurrentUploadsOfOneTemplate: many clients uploading
// and reading the same document at once (a batch on one template) all read
// it whole: an upload of bytes already stored does not rewrite the object
// under a reader (s3rver then served an empty body, refused as tampered).
func TestS3BlobStoreConcurrentUploadsOfOneTemplate(t *testing.T) {
	srv := s3test.Start(t)
	conn := redistest.Conn(t, clientTestDB)
	c := jobs.NewClient(conn, jobs.WithBlobStore(s3Store(t, srv, time.Hour)))
	defer c.Close()
	doc := twoColumn(t)
	errs := make(chan error, 80)
	for g := 0; g < 8; g++ {
		go func() {
			for i := 0; i < 10; i++ {
				id, err := c.PutBlob(context.Background(), doc)
				if err == nil {
					_, err = c.GetBlob(context.Background(), id)
				}
				errs <- err
			}
		}()
	}
	for i := 0; i < 80; i++ {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// TestParseBlobStoreURL: s3://BUCKET/PREFIX and what is refused.
func TestParseBlobStoreURL(t *testing.T) {
	for _, tc := range []struct{ in, bucket, prefix, err string }{
		{"s3://forms/formfill/docs", "forms", "formfill/docs", ""},
		{"s3://forms", "forms", "", ""},
		{"s3://forms/", "forms", "", ""},
		{"http://forms/docs", "", "", "expected s3://BUCKET/PREFIX"},
		{"s3:///docs", "", "", "expected s3://BUCKET/PREFIX"},
		{"s3://key:secret@forms/docs", "", "", "AWS_ACCESS_KEY_ID"},
	} {
		b, p, err := jobs.ParseBlobStoreURL(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: err = %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || b != tc.bucket || p != tc.prefix {
			t.Errorf("%s = %q %q %v", tc.in, b, p, err)
		}
	}
}
