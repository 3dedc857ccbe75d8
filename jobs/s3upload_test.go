package jobs_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/formfill/formfill/internal/s3test"
	"github.com/formfill/formfill/jobs"
)

// TestS3BlobStoreJoinsConcurrentUploadsOfOneDocument: sixteen goroutines
// storing the same document at the same moment send one PUT of its object
// between them (counted by a proxy in front of s3rver), and each gets the
// doc_id back; a sealed copy, of another size, is uploaded on its own.
func TestS3BlobStoreJoinsConcurrentUploadsOfOneDocument(t *testing.T) {
	srv := s3test.Start(t)
	target, err := url.Parse(srv.Endpoint)
	if err != nil {
		t.Fatal(err)
	}
	var puts atomic.Int32
	gate := make(chan struct{})
	proxy := httputil.NewSingleHostReverseProxy(target)
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPut && strings.HasPrefix(r.URL.Path, "/formfill/docs/") { // an object, not the bucket's set-up
			puts.Add(1)
			<-gate // held until every goroutine has called Put
		}
		proxy.ServeHTTP(w, r)
	}))
	defer front.Close()
	env := srv.Env()
	env["AWS_ENDPOINT_URL"] = front.URL
	store, err := jobs.NewS3BlobStore(context.Background(), "s3://formfill/docs", time.Hour, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	doc := []byte("one template, many uploads")
	id := jobs.DocID(doc)
	var wg, started sync.WaitGroup
	errs := make([]error, 16)
	for i := range errs {
		wg.Add(1)
		started.Add(1)
		go func() {
			defer wg.Done()
			started.Done()
			errs[i] = store.Put(context.Background(), id, doc, time.Hour)
		}()
	}
	started.Wait()
	time.Sleep(50 * time.Millisecond) // the goroutines reach Put; a late one finds the object stored
	close(gate)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("Put %d: %v", i, err)
		}
	}
	if n := puts.Load(); n != 1 {
		t.Errorf("%d PUTs of one document from 16 concurrent Puts, want 1", n)
	}
	if err := store.Put(context.Background(), id, append(doc, "+ a seal's overhead"...), time.Hour); err != nil {
		t.Fatal(err)
	}
	if n := puts.Load(); n != 2 {
		t.Errorf("%d PUTs after storing a copy of another size, want 2", n)
	}
}
