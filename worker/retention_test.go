package worker

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/queue"
	"github.com/formfill/formfill/jobs"
	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"
)

// asynqArchiveSize is how many failed tasks asynq keeps per queue
// (maxArchiveSize in its internal/rdb); past it, archiving a task deletes
// the oldest archived ones.
const asynqArchiveSize = 10000

// A bulk run with more than 10,000 bad documents pushes its early failures
// out of asynq's archive. Their results must still be there: a job never
// silently turns into "not found" before its retention.
func TestFailedResultOutlivesAsynqArchiveTrim(t *testing.T) {
	c, conn := setup(t, Concurrency(1))
	ctx := context.Background()
	bad, _ := c.PutBlob(ctx, []byte("PK\x03\x04 corrupt"))
	p := jobs.Payload{Kind: jobs.KindExtractText, DocID: bad, FileType: formats.Word}
	first := runJob(t, c, p, jobs.Queue(jobs.QueueBulk))
	if first.State != jobs.StateFailed {
		t.Fatalf("first job: %s, want failed", first.State)
	}

	// Fill the archive with newer failures than the first job's, then fail
	// one more job: asynq's archive script trims the oldest, ours.
	rdb := conn.MakeRedisClient().(redis.UniversalClient)
	defer rdb.Close()
	archived := queue.StateKey(jobs.QueueBulk, queue.TaskArchived)
	later := float64(time.Now().Add(time.Hour).Unix())
	members := make([]redis.Z, asynqArchiveSize)
	for i := range members {
		members[i] = redis.Z{Score: later, Member: fmt.Sprintf("filler-%05d", i)}
	}
	if err := rdb.ZAdd(ctx, archived, members...).Err(); err != nil {
		t.Fatal(err)
	}
	second := runJob(t, c, p, jobs.Queue(jobs.QueueBulk))
	if n := rdb.Exists(ctx, queue.TaskKey(jobs.QueueBulk, first.ID)).Val(); n != 0 {
		t.Fatalf("asynq kept the first job's task: the archive was not trimmed, so this test proves nothing")
	}
	if _, err := asynq.NewInspector(conn).GetTaskInfo(jobs.QueueBulk, first.ID); !errors.Is(err, asynq.ErrTaskNotFound) {
		t.Fatalf("asynq still knows the first job (%v): the archive was not trimmed", err)
	}

	for _, id := range []string{first.ID, second.ID} {
		st, err := c.Status(ctx, id)
		if err != nil {
			t.Fatalf("job %s after the archive trim: %v", id, err)
		}
		e := st.Result.Error
		if st.State != jobs.StateFailed || e == nil || e.Kind != "invalid_document" || !strings.Contains(e.Message, "zip") {
			t.Fatalf("job %s after the archive trim: state %s, error %+v; want failed, invalid_document naming the zip", id, st.State, e)
		}
		if st.CompletedAt.IsZero() {
			t.Errorf("job %s: no time of failure", id)
		}
	}
	listed, err := c.Jobs(ctx, []string{first.ID})
	if err != nil || listed[0].State != jobs.StateFailed {
		t.Fatalf("list_jobs after the trim: %+v, %v", listed, err)
	}
}

// A job whose last retry fails transiently is archived by asynq without a
// result of the worker's: its failure must be recorded too.
func TestJobOutOfRetriesKeepsItsFailure(t *testing.T) {
	fake := executeFunc(func(context.Context, jobs.Payload, []byte) (*jobs.Result, []byte, error) {
		return nil, nil, errors.New("storage hiccup")
	})
	c, conn := setup(t, Concurrency(1), withExecute(fake))
	ctx := context.Background()
	st := runJob(t, c, jobs.Payload{Kind: jobs.KindBuildInsertion, Insertion: &formats.BuildInsertionRequest{}}, jobs.MaxRetry(0))
	if st.State != jobs.StateFailed || !strings.Contains(st.Result.Error.Message, "storage hiccup") {
		t.Fatalf("state %s, result %+v; want failed naming the error", st.State, st.Result.Error)
	}
	// Take the task out of asynq as its archive trim would.
	rdb := conn.MakeRedisClient().(redis.UniversalClient)
	defer rdb.Close()
	rdb.Del(ctx, queue.TaskKey(st.Queue, st.ID))
	rdb.ZRem(ctx, queue.StateKey(st.Queue, queue.TaskArchived), st.ID)
	after, err := c.Status(ctx, st.ID)
	if err != nil || after.State != jobs.StateFailed || !strings.Contains(after.Result.Error.Message, "storage hiccup") {
		t.Fatalf("after the archive forgot it: %+v, %v", after, err)
	}
}

// A job resubmitted under its idempotency key after asynq has forgotten
// its earlier run starts clean: the old run's failure record or cancel mark
// must not speak for the new one.
func TestResubmitAfterTheOldRunIsGoneStartsClean(t *testing.T) {
	c, conn := setup(t) // no worker yet: jobs stay pending until one starts
	ctx := context.Background()
	rdb := conn.MakeRedisClient().(redis.UniversalClient)
	defer rdb.Close()
	good, _ := c.PutBlob(ctx, fixture(t, fixtures.WordTwoColumn))
	p := jobs.Payload{Kind: jobs.KindExtractText, DocID: good, FileType: formats.Word}

	canceled, err := c.Submit(ctx, p, jobs.IdempotencyKey("canceled-then-again"))
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Cancel(ctx, canceled); err != nil {
		t.Fatal(err)
	}
	failedAgain, err := c.Submit(ctx, p, jobs.IdempotencyKey("failed-then-again"))
	if err != nil {
		t.Fatal(err)
	}
	// A failure record left by a run asynq has since forgotten.
	if err := backendOf(t, conn).RecordFailure(ctx, failedAgain, &jobs.Result{Kind: p.Kind, Error: &jobs.Error{Kind: jobs.ErrorInvalidDocument, Message: "old run"}}); err != nil {
		t.Fatal(err)
	}
	rdb.Del(ctx, queue.TaskKey(jobs.QueueInteractive, failedAgain))
	rdb.LRem(ctx, queue.StateKey(jobs.QueueInteractive, "pending"), 0, failedAgain)

	for _, key := range []string{"canceled-then-again", "failed-then-again"} {
		id, err := c.Submit(ctx, p, jobs.IdempotencyKey(key))
		if err != nil {
			t.Fatal(err)
		}
		if st, err := c.Status(ctx, id); err != nil || st.State != jobs.StatePending {
			t.Fatalf("%s resubmitted: %+v, %v; want pending, not the old run's state", key, st, err)
		}
	}
	startWorker(t, conn, Concurrency(1))
	for _, key := range []string{"canceled-then-again", "failed-then-again"} {
		st := runJob(t, c, p, jobs.IdempotencyKey(key))
		if st.State != jobs.StateCompleted || st.Result.Error != nil {
			t.Fatalf("%s: %s, %+v; want the new run completed", key, st.State, st.Result)
		}
		// Once the completed task is past its retention, the job is unknown,
		// not failed by a stale record.
		rdb.Del(ctx, queue.TaskKey(st.Queue, st.ID))
		if _, err := c.Status(ctx, st.ID); !errors.Is(err, jobs.ErrJobNotFound) {
			t.Fatalf("%s after its retention: %v; want job not found", key, err)
		}
	}
}
