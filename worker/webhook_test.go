package worker

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/jobstest"
	"github.com/formfill/formfill/jobs"
)

var webhookSecret = []byte("webhook-s3cret")

// receiver is a webhook endpoint: it answers with answer(n) to its n-th
// request (from 1) and keeps every request it saw.
type receiver struct {
	mu     sync.Mutex
	seen   []seenRequest
	answer func(n int) int
	srv    *httptest.Server
}

type seenRequest struct {
	header http.Header
	body   []byte
	n      jobs.Notification
	status int
}

func newReceiver(t *testing.T, answer func(n int) int) *receiver {
	r := &receiver{answer: answer}
	r.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		var n jobs.Notification
		json.Unmarshal(body, &n)
		r.mu.Lock()
		status := r.answer(len(r.seen) + 1)
		r.seen = append(r.seen, seenRequest{header: req.Header.Clone(), body: body, n: n, status: status})
		r.mu.Unlock()
		w.WriteHeader(status)
	}))
	t.Cleanup(r.srv.Close)
	return r
}

func (r *receiver) requests() []seenRequest {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]seenRequest(nil), r.seen...)
}

// accepted waits until the receiver has answered 2xx once, and returns
// that request and every one before it.
func (r *receiver) accepted(t *testing.T) (seenRequest, []seenRequest) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		all := r.requests()
		for _, s := range all {
			if s.status/100 == 2 {
				return s, all
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("no delivery accepted within 60 s; %d refused", len(r.requests()))
	return seenRequest{}, nil
}

func submitNotified(t *testing.T, c *jobs.Client, url string) string {
	t.Helper()
	ctx := context.Background()
	doc, err := c.PutBlob(ctx, fixture(t, fixtures.WordTwoColumn))
	if err != nil {
		t.Fatal(err)
	}
	id, err := c.Submit(ctx, jobs.Payload{Kind: jobs.KindFill, DocID: doc, FileType: formats.Word,
		Answers: []formats.Answer{{PairID: "T1-R2-C2", AnswerText: "yes"}}}, jobs.Notify(url))
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// A receiver that fails twice gets the delivery a third time, signed, with
// the same idempotency key each time, and the job's outcome in the body.
func TestWebhookIsSignedAndRetriedUntilAccepted(t *testing.T) {
	c, _ := setup(t, Concurrency(2), NotifySecret(webhookSecret), NotifyBackoff(50*time.Millisecond))
	r := newReceiver(t, func(n int) int {
		if n <= 2 {
			return http.StatusServiceUnavailable
		}
		return http.StatusNoContent
	})
	id := submitNotified(t, c, r.srv.URL+"/hook")
	got, all := r.accepted(t)
	if len(all) != 3 {
		t.Fatalf("%d requests, want 2 refused and 1 accepted", len(all))
	}
	for _, s := range all {
		if s.header.Get(jobs.HeaderIdempotencyKey) != all[0].header.Get(jobs.HeaderIdempotencyKey) || s.header.Get(jobs.HeaderIdempotencyKey) == "" {
			t.Fatalf("idempotency keys differ between attempts: %q, %q", s.header.Get(jobs.HeaderIdempotencyKey), all[0].header.Get(jobs.HeaderIdempotencyKey))
		}
	}
	h := got.header
	if err := jobs.VerifyNotification(webhookSecret, h.Get(jobs.HeaderTimestamp), h.Get(jobs.HeaderSignature), got.body, time.Minute); err != nil {
		t.Fatalf("signature: %v", err)
	}
	if err := jobs.VerifyNotification([]byte("another secret"), h.Get(jobs.HeaderTimestamp), h.Get(jobs.HeaderSignature), got.body, time.Minute); err == nil {
		t.Fatal("the signature verifies with another secret")
	}
	tampered := append([]byte(nil), got.body...)
	tampered[len(tampered)-2] ^= 1
	if err := jobs.VerifyNotification(webhookSecret, h.Get(jobs.HeaderTimestamp), h.Get(jobs.HeaderSignature), tampered, time.Minute); err == nil {
		t.Fatal("the signature verifies a changed body")
	}
	if n := got.n; n.Event != jobs.EventJob || n.JobID != id || n.Kind != jobs.KindFill || n.Status != jobs.StateCompleted || n.Summary["output_doc_id"] == nil {
		t.Fatalf("notification %s", got.body)
	}
}

// A delivery the receiver refused while one worker ran is made by the next
// worker after a restart: deliveries are tasks in Redis, not goroutines.
func TestWebhookOutlivesAWorkerRestart(t *testing.T) {
	c, conn := setup(t)
	var mu sync.Mutex
	up := false
	r := newReceiver(t, func(int) int {
		mu.Lock()
		defer mu.Unlock()
		if up {
			return http.StatusOK
		}
		return http.StatusBadGateway
	})
	first := startWorker(t, conn, Concurrency(1), NotifySecret(webhookSecret), NotifyBackoff(20*time.Millisecond))
	id := submitNotified(t, c, r.srv.URL)
	deadline := time.Now().Add(30 * time.Second)
	for len(r.requests()) < 2 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if len(r.requests()) < 2 {
		t.Fatal("the first worker did not try the delivery twice")
	}
	first.Shutdown()
	mu.Lock()
	up = true
	mu.Unlock()
	startWorker(t, conn, Concurrency(1), NotifySecret(webhookSecret), NotifyBackoff(20*time.Millisecond))
	got, all := r.accepted(t)
	if got.n.JobID != id || got.n.Status != jobs.StateCompleted {
		t.Fatalf("notification after the restart: %s", got.body)
	}
	t.Logf("delivered after %d refused attempts and a worker restart", len(all)-1)
}

// Receivers that never answer hold delivery slots, not job slots: a worker
// with one job slot runs every job while its deliveries hang.
func TestHungReceiverDoesNotHoldJobs(t *testing.T) {
	c, _ := setup(t, Concurrency(1), NotifyBackoff(time.Minute))
	release := make(chan struct{})
	var hanging atomic.Int64
	hung := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		hanging.Add(1)
		defer hanging.Add(-1)
		select {
		case <-release:
		case <-req.Context().Done():
		}
	}))
	t.Cleanup(func() { close(release); hung.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	for i := range 4 {
		id := submitNotified(t, c, hung.URL)
		st, err := jobstest.Settled(ctx, c, id, 20*time.Millisecond)
		if err != nil || st.State != jobs.StateCompleted {
			t.Fatalf("job %d behind a hung receiver: %+v, %v", i, st, err)
		}
	}
	// All four deliveries hang at once: none holds the one job slot.
	for hanging.Load() < 4 && ctx.Err() == nil {
		time.Sleep(10 * time.Millisecond)
	}
	if n := hanging.Load(); n < 4 {
		t.Fatalf("%d deliveries hanging at once, want all 4", n)
	}
}

func TestVerifyNotificationRefusesReplays(t *testing.T) {
	body := []byte(`{"event":"job"}`)
	old := time.Now().Add(-10 * time.Minute)
	sig := jobs.SignNotification(webhookSecret, old, body)
	if err := jobs.VerifyNotification(webhookSecret, formatUnix(old), sig, body, 5*time.Minute); err == nil {
		t.Fatal("a ten-minute-old delivery verifies with a five-minute window")
	}
	if err := jobs.VerifyNotification(webhookSecret, formatUnix(old), sig, body, time.Hour); err != nil {
		t.Fatalf("within the window: %v", err)
	}
	if err := jobs.VerifyNotification(webhookSecret, "yesterday", sig, body, time.Hour); err == nil {
		t.Fatal("a non-numeric timestamp verifies")
	}
}

func formatUnix(t time.Time) string { return strconv.FormatInt(t.Unix(), 10) }
