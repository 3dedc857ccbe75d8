package worker

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/formfill/formfill/internal/jobstest"
	"github.com/formfill/formfill/jobs"
)

// Without --notify-allow a worker delivers to public addresses only: a job
// whose webhook names a loopback receiver completes, the delivery is
// refused once, without a retry, and the receiver sees no request.
func TestWebhookToLoopbackRefusedByDefault(t *testing.T) {
	c, _ := setup(t, Concurrency(1), NotifyBackoff(20*time.Millisecond))
	r := newReceiver(t, func(int) int { return http.StatusOK })
	id := submitNotified(t, c, r.srv.URL+"/hook")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	if st, err := jobstest.Settled(ctx, c, id, 20*time.Millisecond); err != nil || st.State != jobs.StateCompleted {
		t.Fatalf("job: %+v, %v", st, err)
	}
	// The delivery leaves the queue (archived, not retried) once refused.
	for {
		n, err := c.PendingDeliveries(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			break
		}
		select {
		case <-ctx.Done():
			t.Fatalf("the refused delivery is still pending (%d): retried instead of dropped", n)
		case <-time.After(20 * time.Millisecond):
		}
	}
	if got := len(r.requests()); got != 0 {
		t.Fatalf("the loopback receiver got %d requests, want none", got)
	}
}

// A receiver's redirect is not followed: it could point at an address the
// allowlist refuses. The 302 counts as a failed attempt and is retried.
func TestWebhookRedirectIsNotFollowed(t *testing.T) {
	c, _ := setup(t, Concurrency(1), allowLoopback, NotifyBackoff(20*time.Millisecond))
	target := newReceiver(t, func(int) int { return http.StatusOK })
	var hits atomic.Int64
	redirecting := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		http.Redirect(w, r, target.srv.URL, http.StatusFound)
	}))
	t.Cleanup(redirecting.Close)
	submitNotified(t, c, redirecting.URL)
	deadline := time.Now().Add(60 * time.Second)
	for hits.Load() < 2 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if hits.Load() < 2 {
		t.Fatalf("%d attempts at the redirecting receiver, want a retry after the 302", hits.Load())
	}
	if got := len(target.requests()); got != 0 {
		t.Fatalf("the redirect target got %d requests: the redirect was followed", got)
	}
}
