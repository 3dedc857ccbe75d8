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
// announcement can end it within the test's time. It returns once Await
// has read the job's first state (it listens before that first look), so
// that what the test does next happens while Await waits.
func awaitInBackground(t *testing.T, c *jobs.Client, id string) <-chan *jobs.Status {
	t.Helper()
	done := make(chan *jobs.Status, 1)
	looked := make(chan struct{})
	var once sync.Once
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		st, _ := c.Await(ctx, id, jobs.PollEvery(time.Hour), jobs.WaitAtMost(30*time.Second),
			jobs.OnStateChange(func(*jobs.Status) { once.Do(func() { close(looked) }) }))
		once.Do(func() { close(looked) }) // Await failed before its first look
		done <- st
	}()
	select {
	case <-looked:
	case <-time.After(30 * time.Second):
		t.Fatal("Await did not look at the job within 30 s")
	}
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
	done := awaitInBackground(t, c, id)
	startWorker(t, asynq.RedisClientOpt{Addr: redistest.Addr(), DB: clientTestDB}, 1)
	st := <-done
	if st == nil || st.State != jobs.StateCompleted || st.Result == nil || st.Result.Text == "" {
		t.Fatalf("Await: %+v; want the completed job with its text", st)
	}
	// Announced once asynq has settled it, not merely when its result was
	// stored: asynq itself holds the task completed.
	insp := asynq.NewInspector(asynq.RedisClientOpt{Addr: redistest.Addr(), DB: clientTestDB})
	defer insp.Close()
	if info, err := insp.GetTaskInfo(jobs.QueueInteractive, id); err != nil || info.State != asynq.TaskStateCompleted {
		t.Fatalf("asynq's state when Await returned: %+v, %v", info, err)
	}
}

// A job that fails is announced when asynq archives it.
func TestAwaitIsToldWhenTheJobFails(t *testing.T) {
	c := setup(t, 1)
	ctx := context.Background()
	time.Sleep(100 * time.Millisecond) // the worker is idle
	docID, _ := c.PutBlob(ctx, []byte("PK\x03\x04 corrupt"))
	id, err := c.Submit(ctx, jobs.Payload{Kind: jobs.KindExtractText, DocID: docID, FileType: formats.Word})
	if err != nil {
		t.Fatal(err)
	}
	st := <-awaitInBackground(t, c, id)
	if st == nil || st.State != jobs.StateFailed || st.Result == nil || st.Result.Error == nil || st.Result.Error.Kind != jobs.ErrorInvalidDocument {
		t.Fatalf("Await of a job on a corrupt document: %+v", st)
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
	done := awaitInBackground(t, c, id)
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
