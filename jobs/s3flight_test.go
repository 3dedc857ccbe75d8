package jobs

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/sync/singleflight"
)

// TestJoinUploadOutlivesTheLeadersCancel: a caller that joined an upload
// whose starter's context is cancelled uploads itself and succeeds; the
// starter gets its own cancellation, at once.
func TestJoinUploadOutlivesTheLeadersCancel(t *testing.T) {
	var g singleflight.Group
	var runs atomic.Int32
	started, release := make(chan struct{}), make(chan struct{})
	leaderCtx, cancel := context.WithCancel(context.Background())
	leaderDone := make(chan error, 1)
	go func() {
		leaderDone <- joinUpload(leaderCtx, &g, "doc", func() error {
			runs.Add(1)
			close(started)
			select { // the upload honours its caller's context, as minio's does
			case <-leaderCtx.Done():
				return leaderCtx.Err()
			case <-release:
				return nil
			}
		})
	}()
	<-started
	followerDone := make(chan error, 1)
	go func() {
		followerDone <- joinUpload(context.Background(), &g, "doc", func() error { runs.Add(1); return nil })
	}()
	// The follower joins the running upload (or, late, runs its own: the
	// outcome is the same and the test passes either way).
	time.Sleep(20 * time.Millisecond)
	cancel()
	if err := <-leaderDone; !errors.Is(err, context.Canceled) {
		t.Errorf("the cancelled starter got %v, want context.Canceled", err)
	}
	close(release)
	if err := <-followerDone; err != nil {
		t.Errorf("the follower got %v, want its own upload's success", err)
	}
	if n := runs.Load(); n != 2 {
		t.Errorf("%d uploads ran, want 2 (the cancelled one and the follower's own)", n)
	}
}

// TestJoinUploadKeepsTheStartersOwnErrors: an upload's error other than a
// foreign cancellation is every joined caller's, and the starter's own
// deadline error is its own; neither is retried.
func TestJoinUploadKeepsTheStartersOwnErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		err  error
	}{
		{"a server error", errors.New("500 Internal Server Error")},
		{"a client timeout wrapping DeadlineExceeded", context.DeadlineExceeded},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var g singleflight.Group
			runs := 0
			err := joinUpload(context.Background(), &g, "doc", func() error { runs++; return tc.err })
			if !errors.Is(err, tc.err) || runs != 1 {
				t.Errorf("got %v after %d runs, want %v after 1", err, runs, tc.err)
			}
		})
	}
}
