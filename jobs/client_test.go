package jobs_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/jobstest"
	"github.com/formfill/formfill/internal/redistest"
	"github.com/formfill/formfill/jobs"
	"github.com/formfill/formfill/worker"
	"github.com/hibiken/asynq"
)

// The Client's behaviour against a real Redis and, where a job must run, a
// real worker (this external test package may import worker; package jobs
// may not).

const clientTestDB = 9

// setup gives a test a client on an empty Redis db and, with concurrency
// above 0, a worker serving it.
func setup(t *testing.T, concurrency int) *jobs.Client {
	t.Helper()
	conn := redistest.Conn(t, clientTestDB)
	c := jobs.NewClient(conn, jobs.WithTimeout(30*time.Second))
	t.Cleanup(func() { c.Close() })
	if concurrency > 0 {
		startWorker(t, conn, concurrency)
	}
	return c
}

func startWorker(t *testing.T, conn asynq.RedisConnOpt, concurrency int) {
	t.Helper()
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	w, err := worker.New(conn, worker.Concurrency(concurrency), worker.Logger(quiet), worker.ShutdownTimeout(2*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Shutdown)
}

func twoColumn(t *testing.T) []byte {
	t.Helper()
	b, err := fixtures.Build(fixtures.WordTwoColumn)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func runJob(t *testing.T, c *jobs.Client, p jobs.Payload, opts ...jobs.Option) *jobs.Status {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	id, err := c.Submit(ctx, p, opts...)
	if err != nil {
		t.Fatal(err)
	}
	st, err := jobstest.Settled(ctx, c, id, 20*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// failed counts the tasks of queue that failed today, as asynq's own
// statistics say.
func failed(t *testing.T, c *jobs.Client, queue string) int {
	return queueStat(t, c, queue).FailedToday
}

func queueStat(t *testing.T, c *jobs.Client, queue string) jobs.QueueInfo {
	t.Helper()
	qs, err := c.Queues(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range qs {
		if q.Queue == queue {
			return q
		}
	}
	t.Fatalf("no queue %s", queue)
	return jobs.QueueInfo{}
}

// Run submits, waits and decides: a completed job comes back with its
// result and no error, a job that failed on its input with a FailedError
// carrying the stored kind and field.
func TestRunDecidesTheJob(t *testing.T) {
	c := setup(t, 2)
	ctx := context.Background()
	docID, _ := c.PutBlob(ctx, twoColumn(t))
	st, err := c.Run(ctx, jobs.Payload{Kind: jobs.KindExtractText, DocID: docID, FileType: formats.Word}, jobs.PollEvery(5*time.Millisecond))
	if err != nil || st.State != jobs.StateCompleted || !strings.Contains(st.Result.Text, "Company legal name") {
		t.Fatalf("Run of a good job: %+v, %v", st, err)
	}
	st, err = c.Run(ctx, jobs.Payload{Kind: jobs.KindWrite, DocID: docID, FileType: formats.Word,
		Answers: []formats.Answer{{PairID: "T9-R9-C9", AnswerText: "x"}}})
	var fe *jobs.FailedError
	if !errors.As(err, &fe) || fe.JobID != st.ID || fe.Err.Kind != jobs.ErrorInvalidArgument || !strings.Contains(fe.Error(), "T9-R9-C9") {
		t.Fatalf("Run of a bad answer: %+v, %v", st, err)
	}
}

// WaitAtMost hands back an unfinished job without an error, and
// OnStateChange reports each state it saw, ending with the final one.
func TestAwaitStopsWaitingAndReportsStates(t *testing.T) {
	c := setup(t, 0) // no worker yet: the job stays pending
	ctx := context.Background()
	docID, _ := c.PutBlob(ctx, twoColumn(t))
	id, err := c.Submit(ctx, jobs.Payload{Kind: jobs.KindListFields, DocID: docID, FileType: formats.Word})
	if err != nil {
		t.Fatal(err)
	}
	st, err := c.Await(ctx, id, jobs.WaitAtMost(0))
	if err != nil || st.State != jobs.StatePending {
		t.Fatalf("Await with no wait: %+v, %v; want the pending job and no error", st, err)
	}
	var mu sync.Mutex
	var seen []jobs.State
	onState := jobs.OnStateChange(func(s *jobs.Status) {
		mu.Lock()
		seen = append(seen, s.State)
		mu.Unlock()
	})
	done := make(chan error, 1)
	go func() {
		_, err := c.Await(ctx, id, onState, jobs.PollEvery(2*time.Millisecond), jobs.WaitAtMost(time.Minute))
		done <- err
	}()
	// The worker starts only once Await has reported the pending job: on a
	// slow machine a fixed pause could let the job end before Await's
	// first look, and the test would see no pending state.
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(time.Millisecond) {
		mu.Lock()
		n := len(seen)
		mu.Unlock()
		if n > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("Await reported no state within 30 s")
		}
	}
	startWorker(t, asynq.RedisClientOpt{Addr: redistest.Addr(), DB: clientTestDB}, 1)
	if err := <-done; err != nil {
		t.Fatalf("Await: %v", err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(seen) < 2 || seen[0] != jobs.StatePending || seen[len(seen)-1] != jobs.StateCompleted {
		t.Fatalf("states seen %v; want pending first and completed last", seen)
	}
}

func TestIdempotencyKeyRunsTheWorkOnce(t *testing.T) {
	c := setup(t, 2)
	ctx := context.Background()
	docID, _ := c.PutBlob(ctx, twoColumn(t))
	p := jobs.Payload{Kind: jobs.KindExtractText, DocID: docID, FileType: formats.Word}
	st := runJob(t, c, p, jobs.IdempotencyKey("batch-7/doc-1"))
	id2, err := c.Submit(ctx, p, jobs.IdempotencyKey("batch-7/doc-1"))
	if err != nil {
		t.Fatal(err)
	}
	if id2 != st.ID {
		t.Fatalf("same key gave IDs %s and %s", st.ID, id2)
	}
	// One read of the queue's figures: a second run, had the resubmit
	// enqueued one, would be waiting, running or counted as processed,
	// however fast or slow the worker took it.
	q := queueStat(t, c, jobs.QueueInteractive)
	if q.ProcessedToday != 1 || q.Pending+q.Active+q.Retry != 0 {
		t.Fatalf("one idempotency key: %d runs processed, %d pending, %d active, %d awaiting a retry; want the one run and nothing queued",
			q.ProcessedToday, q.Pending, q.Active, q.Retry)
	}
}

func TestFailedJobWithSameKeyRunsAgain(t *testing.T) {
	c := setup(t, 1)
	ctx := context.Background()
	bad, _ := c.PutBlob(ctx, []byte("PK\x03\x04 corrupt"))
	st := runJob(t, c, jobs.Payload{Kind: jobs.KindExtractText, DocID: bad, FileType: formats.Word}, jobs.IdempotencyKey("k"))
	if st.State != jobs.StateFailed {
		t.Fatalf("first run: %s", st.State)
	}
	id, err := c.Submit(ctx, jobs.Payload{Kind: jobs.KindExtractText, DocID: bad, FileType: formats.Word}, jobs.IdempotencyKey("k"))
	if err != nil || id != st.ID {
		t.Fatalf("resubmit: %s, %v", id, err)
	}
	st2, err := jobstest.Settled(ctx, c, id, 10*time.Millisecond)
	if err != nil || st2.State != jobs.StateFailed {
		t.Fatalf("the second run: %+v %v", st2, err)
	}
	// Both runs are counted: the second is a run of its own, not the
	// first's record read back.
	if n := failed(t, c, jobs.QueueInteractive); n != 2 {
		t.Fatalf("%d runs failed; want 2, the first and the rerun", n)
	}
}

// TestBlobsRoundTripAndExpire: a blob is stored with the blob TTL and a
// read renews it; once its TTL runs out it is gone. The expiry is set in
// the past on the key rather than waited for: with a TTL short enough to
// wait for, a slow machine could lose the blob before its first read.
func TestBlobsRoundTripAndExpire(t *testing.T) {
	conn := redistest.Conn(t, clientTestDB)
	const ttl = time.Minute
	c := jobs.NewClient(conn, jobs.WithBlobTTL(ttl))
	defer c.Close()
	ctx := context.Background()
	rdb := jobs.BackendOf(c).Redis()
	id, err := c.PutBlob(ctx, []byte("document bytes"))
	if err != nil || id != jobs.DocID([]byte("document bytes")) {
		t.Fatalf("PutBlob = %s, %v", id, err)
	}
	key := jobs.BlobPrefix + id
	if left, err := rdb.PTTL(ctx, key).Result(); err != nil || left <= 0 || left > ttl {
		t.Fatalf("stored blob's TTL = %v, %v; want at most the blob TTL %v", left, err, ttl)
	}
	if err := rdb.PExpire(ctx, key, ttl/2).Err(); err != nil {
		t.Fatal(err)
	}
	if got, err := c.GetBlob(ctx, id); err != nil || string(got) != "document bytes" {
		t.Fatalf("GetBlob = %q, %v", got, err)
	}
	if left, err := rdb.PTTL(ctx, key).Result(); err != nil || left <= ttl/2 {
		t.Fatalf("TTL after a read = %v, %v; want it renewed past %v, toward %v", left, err, ttl/2, ttl)
	}
	if _, err := c.GetBlob(ctx, "../../etc/passwd"); !errors.Is(err, jobs.ErrBlobNotFound) {
		t.Fatalf("malformed doc_id err = %v", err)
	}
	if err := rdb.PExpireAt(ctx, key, time.Now().Add(-time.Second)).Err(); err != nil {
		t.Fatal(err)
	}
	if _, err := c.GetBlob(ctx, id); !errors.Is(err, jobs.ErrBlobNotFound) {
		t.Fatalf("expired blob err = %v, want ErrBlobNotFound", err)
	}
}

func TestUnreachableRedisFailsFast(t *testing.T) {
	c := jobs.NewClient(asynq.RedisClientOpt{Addr: "127.0.0.1:1", DialTimeout: time.Second})
	defer c.Close()
	start := time.Now()
	err := c.Ping(context.Background())
	if !errors.Is(err, jobs.ErrUnreachable) || !strings.Contains(err.Error(), "127.0.0.1:1") {
		t.Fatalf("Ping err = %v, want ErrUnreachable naming the address", err)
	}
	// The dial's own error stays reachable beside the kind, so a
	// caller can tell a refused connection from a timeout.
	if _, ok := errors.AsType[*net.OpError](err); !ok {
		t.Errorf("Ping err = %v, want the dial's *net.OpError wrapped", err)
	}
	if _, err := c.Submit(context.Background(), jobs.Payload{Kind: jobs.KindExtractText, DocID: strings.Repeat("0", 64)}); err == nil {
		t.Fatal("Submit to an unreachable Redis succeeded")
	}
	if d := time.Since(start); d > 15*time.Second {
		t.Fatalf("unreachable Redis took %s to report", d)
	}
}

// (A wrong password on a protected Redis is covered by reliability's
// security tests, which start one with --requirepass.)
func TestNonRedisServerGetsAHint(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			conn.Write([]byte("HTTP/1.1 400 Bad Request\r\n\r\n"))
			conn.Close()
		}
	}()
	c2 := jobs.NewClient(asynq.RedisClientOpt{Addr: ln.Addr().String()})
	defer c2.Close()
	if err := c2.Ping(context.Background()); !errors.Is(err, jobs.ErrUnreachable) || !strings.Contains(err.Error(), "Redis server") {
		t.Fatalf("Ping an HTTP server: %v, want a hint that it is not Redis", err)
	}
}

func TestCancelPendingJob(t *testing.T) {
	c := setup(t, 0) // no worker: the job stays pending
	ctx := context.Background()
	docID, _ := c.PutBlob(ctx, []byte("x"))
	id, err := c.Submit(ctx, jobs.Payload{Kind: jobs.KindExtractText, DocID: docID, FileType: formats.Word})
	if err != nil {
		t.Fatal(err)
	}
	if st, _ := c.Status(ctx, id); st.State != jobs.StatePending {
		t.Fatalf("before cancel: %s", st.State)
	}
	if err := c.Cancel(ctx, id); err != nil {
		t.Fatal(err)
	}
	st, err := c.Status(ctx, id)
	if err != nil || st.State != jobs.StateCanceled {
		t.Fatalf("after cancel: %+v, %v", st, err)
	}
	if err := c.Cancel(ctx, id); err == nil || !strings.Contains(err.Error(), "canceled") {
		t.Fatalf("second cancel err = %v, want it to say the job is already canceled", err)
	}
}

func TestWaitEndsWhenAPendingJobIsCanceled(t *testing.T) {
	c := setup(t, 0) // no worker: the job stays pending until canceled
	ctx := context.Background()
	docID, _ := c.PutBlob(ctx, []byte("x"))
	id, err := c.Submit(ctx, jobs.Payload{Kind: jobs.KindExtractText, DocID: docID, FileType: formats.Word})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan *jobs.Status, 1)
	go func() {
		wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		st, err := jobstest.Settled(wctx, c, id, 10*time.Millisecond)
		if err != nil {
			t.Errorf("Wait: %v", err)
		}
		done <- st
	}()
	// Let Wait settle into its light polls before the cancel.
	time.Sleep(100 * time.Millisecond)
	if err := c.Cancel(ctx, id); err != nil {
		t.Fatal(err)
	}
	if st := <-done; st == nil || st.State != jobs.StateCanceled {
		t.Fatalf("Wait returned %+v, want the job canceled", st)
	}
}
