package jobs_test

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/redistest"
	"github.com/formfill/formfill/jobs"
	"github.com/hibiken/asynq"
)

// awaitInBackground starts Await with an hour between polls: only an
// announcement can end it within the test's time.
func awaitInBackground(c *jobs.Client, id string) <-chan *jobs.Status {
	done := make(chan *jobs.Status, 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		st, _ := c.Await(ctx, id, jobs.PollEvery(time.Hour), jobs.WaitAtMost(30*time.Second))
		done <- st
	}()
	return done
}

// A waiting client learns of a job's end from the worker's announcement,
// not from polls: with an hour between polls, the job started after Await
// began still comes back completed, with its result.
func TestAwaitIsToldWhenTheJobEnds(t *testing.T) {
	c := setup(t, 0)
	ctx := context.Background()
	docID, _ := c.PutBlob(ctx, twoColumn(t))
	id, err := c.Submit(ctx, jobs.Payload{Kind: jobs.KindExtractText, DocID: docID, FileType: formats.Word})
	if err != nil {
		t.Fatal(err)
	}
	done := awaitInBackground(c, id)
	time.Sleep(100 * time.Millisecond) // Await has read the pending job and waits
	startWorker(t, asynq.RedisClientOpt{Addr: redistest.Addr(), DB: clientTestDB}, 1)
	st := <-done
	if st == nil || st.State != jobs.StateCompleted || st.Result == nil || st.Result.Text == "" {
		t.Fatalf("Await: %+v; want the completed job with its text", st)
	}
}

// Canceling a pending job is announced too.
func TestAwaitIsToldWhenTheJobIsCanceled(t *testing.T) {
	c := setup(t, 0)
	ctx := context.Background()
	docID, _ := c.PutBlob(ctx, []byte("x"))
	id, err := c.Submit(ctx, jobs.Payload{Kind: jobs.KindExtractText, DocID: docID, FileType: formats.Word})
	if err != nil {
		t.Fatal(err)
	}
	done := awaitInBackground(c, id)
	time.Sleep(100 * time.Millisecond)
	if err := c.Cancel(ctx, id); err != nil {
		t.Fatal(err)
	}
	if st := <-done; st == nil || st.State != jobs.StateCanceled {
		t.Fatalf("Await: %+v; want the job canceled", st)
	}
}

// A worker of the previous version stores results without announcing
// them: Await still sees the job end, through its fallback poll.
func TestAwaitSeesJobsOfWorkersThatDoNotAnnounce(t *testing.T) {
	c := setup(t, 0)
	ctx := context.Background()
	conn := asynq.RedisClientOpt{Addr: redistest.Addr(), DB: clientTestDB}
	old := asynq.NewServer(conn, asynq.Config{Concurrency: 1, Queues: map[string]int{jobs.QueueInteractive: 1},
		TaskCheckInterval: 10 * time.Millisecond, LogLevel: asynq.FatalLevel})
	var mu sync.Mutex
	ran := 0
	err := old.Start(asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
		mu.Lock()
		ran++
		mu.Unlock()
		res, _ := json.Marshal(jobs.Result{Kind: jobs.KindExtractText, Text: "from an old worker"})
		_, err := t.ResultWriter().Write(res)
		return err
	}))
	if err != nil {
		t.Fatal(err)
	}
	defer old.Shutdown()
	docID, _ := c.PutBlob(ctx, []byte("x"))
	wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	st, err := c.Run(wctx, jobs.Payload{Kind: jobs.KindExtractText, DocID: docID, FileType: formats.Word}, jobs.PollEvery(5*time.Millisecond))
	if err != nil || st.State != jobs.StateCompleted || st.Result.Text != "from an old worker" {
		t.Fatalf("Run with an old worker: %+v, %v", st, err)
	}
	mu.Lock()
	defer mu.Unlock()
	if ran != 1 {
		t.Fatalf("the old worker ran %d jobs, want 1", ran)
	}
}

// Once a worker has stored a job's outcome (and announced it), the job is
// over for its clients, even while asynq still holds the task as active:
// Await returns and Status reports it completed, with its result, before
// the handler has returned.
func TestStoredResultEndsTheJobBeforeAsynqDoes(t *testing.T) {
	c := setup(t, 0)
	ctx := context.Background()
	conn := asynq.RedisClientOpt{Addr: redistest.Addr(), DB: clientTestDB}
	release := make(chan struct{})
	srv := asynq.NewServer(conn, asynq.Config{Concurrency: 1, Queues: map[string]int{jobs.QueueInteractive: 1},
		TaskCheckInterval: 10 * time.Millisecond, LogLevel: asynq.FatalLevel})
	err := srv.Start(asynq.HandlerFunc(func(ctx context.Context, task *asynq.Task) error {
		id := task.ResultWriter().TaskID()
		if err := c.StoreResult(ctx, jobs.QueueInteractive, id, &jobs.Result{Kind: jobs.KindExtractText, Text: "stored"}, jobs.Outputs{}); err != nil {
			return err
		}
		<-release // asynq keeps the task active until the handler returns
		return nil
	}))
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown()
	defer close(release) // before Shutdown, which waits for the handler
	docID, _ := c.PutBlob(ctx, []byte("x"))
	id, err := c.Submit(ctx, jobs.Payload{Kind: jobs.KindExtractText, DocID: docID, FileType: formats.Word})
	if err != nil {
		t.Fatal(err)
	}
	st := <-awaitInBackground(c, id)
	if st == nil || st.State != jobs.StateCompleted || st.Result == nil || st.Result.Text != "stored" {
		t.Fatalf("Await while the handler holds the task: %+v", st)
	}
	insp := asynq.NewInspector(conn)
	defer insp.Close()
	info, err := insp.GetTaskInfo(jobs.QueueInteractive, id)
	if err != nil || info.State != asynq.TaskStateActive {
		t.Fatalf("asynq's state %v (%v); the test needs the task still active", info, err)
	}
	if st, err := c.Status(ctx, id); err != nil || st.State != jobs.StateCompleted || st.Result.Text != "stored" {
		t.Fatalf("Status of the active task with a stored result: %+v, %v", st, err)
	}
}
