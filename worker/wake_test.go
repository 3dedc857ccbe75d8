package worker

import (
	"context"
	"encoding/json"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/queue"
	"github.com/formfill/formfill/jobs"
	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"
)

// dequeues counts the dequeue scripts a worker runs, through a hook on
// its own Redis client (added after the waker's, so it sees each one as
// it reaches Redis).
func dequeues(w *Worker) *atomic.Int64 {
	n := new(atomic.Int64)
	w.rdb.AddHook(countHook{n})
	return n
}

type countHook struct{ n *atomic.Int64 }

func (h countHook) DialHook(next redis.DialHook) redis.DialHook { return next }
func (h countHook) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return next
}
func (h countHook) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		if _, ok := queue.DequeueQueue(cmd); ok {
			h.n.Add(1)
		}
		return next(ctx, cmd)
	}
}

// An idle worker waits for work instead of polling: with an hour between
// fallback polls, it looks at its queues a handful of times in a second
// (asynq polling at the worker's 1 ms check interval would look about a
// thousand times), and a job submitted through a client still starts at
// once: the run finishes long before any fallback poll.
func TestIdleWorkerWaitsForAnnouncedJobs(t *testing.T) {
	c, conn := setup(t)
	w, err := New(conn, Logger(quiet), ShutdownTimeout(2*time.Second), PollInterval(time.Hour), Concurrency(2))
	if err != nil {
		t.Fatal(err)
	}
	n := dequeues(w)
	if err := w.Start(); err != nil {
		t.Fatal(err)
	}
	defer w.Shutdown()
	// The first round (one dequeue per queue) finds nothing: from then on
	// the worker is idle. Waited for, not slept for, as a loaded machine
	// may start asynq's processor late; the pause after it lets a second
	// round, after a script Redis had to be sent again, pass.
	for deadline := time.Now().Add(30 * time.Second); n.Load() < int64(len(w.queues)); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the worker ran %d dequeues in 30 s; want a first round over its %d queues", n.Load(), len(w.queues))
		}
	}
	time.Sleep(200 * time.Millisecond)
	before := n.Load()
	time.Sleep(time.Second)
	if idle := n.Load() - before; idle > 4 {
		t.Fatalf("an idle worker ran %d dequeues in a second; want it to wait for announcements", idle)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	docID, err := c.PutBlob(ctx, fixture(t, fixtures.WordTwoColumn))
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 { // each after the worker went idle again
		st, err := c.Run(ctx, jobs.Payload{Kind: jobs.KindExtractText, DocID: docID, FileType: formats.Word})
		if err != nil || st.State != jobs.StateCompleted {
			t.Fatalf("job %d: %+v, %v", i, st, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// A job nobody announced — submitted by a client of an older version — is
// found by the fallback poll.
func TestUnannouncedJobRunsAtTheFallbackPoll(t *testing.T) {
	c, conn := setup(t)
	startWorker(t, conn, PollInterval(100*time.Millisecond))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	docID, err := c.PutBlob(ctx, fixture(t, fixtures.WordTwoColumn))
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(100 * time.Millisecond)
	payload, _ := json.Marshal(jobs.Payload{Kind: jobs.KindExtractText, DocID: docID, FileType: formats.Word})
	aq := asynq.NewClient(conn) // asynq directly: no announcement
	defer aq.Close()
	info, err := aq.EnqueueContext(ctx, asynq.NewTask(jobs.KindExtractText.TaskType(), payload),
		asynq.TaskID("i-old-client-job"), asynq.Queue(jobs.QueueInteractive), asynq.Retention(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	st, err := c.Await(ctx, info.ID)
	if err != nil || st.State != jobs.StateCompleted || st.Result == nil || st.Result.Text == "" {
		t.Fatalf("an unannounced job: %+v, %v", st, err)
	}
}

// Shutting down an idle worker releases the dequeue it is waiting in, long
// before the fallback poll would.
func TestShutdownOfAnIdleWorkerDoesNotWaitForTheFallbackPoll(t *testing.T) {
	_, conn := setup(t)
	w, err := New(conn, Logger(quiet), PollInterval(time.Hour), ShutdownTimeout(time.Second))
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond)
	done := make(chan struct{})
	go func() { w.Shutdown(); close(done) }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("Shutdown of an idle worker still waiting after 30 s")
	}
}

// A job that failed transiently runs again as soon as asynq's forwarder
// moves it back to its queue: the worker sees the forwarder at work and
// does not wait for its fallback poll, an hour here.
func TestRetryRunsWithoutWaitingForTheFallbackPoll(t *testing.T) {
	c, conn := setup(t)
	var runs atomic.Int32
	startWorker(t, conn, PollInterval(time.Hour), withExecute(func(ctx context.Context, p jobs.Payload, doc []byte) (*jobs.Result, []byte, error) {
		if runs.Add(1) == 1 {
			return nil, nil, errors.New("a transient failure")
		}
		return Execute(ctx, p, doc)
	}))
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	docID, err := c.PutBlob(ctx, fixture(t, fixtures.WordTwoColumn))
	if err != nil {
		t.Fatal(err)
	}
	st, err := c.Run(ctx, jobs.Payload{Kind: jobs.KindExtractText, DocID: docID, FileType: formats.Word})
	if err != nil || st.State != jobs.StateCompleted || st.Retried != 1 {
		t.Fatalf("a job retried once: %+v, %v", st, err)
	}
}
