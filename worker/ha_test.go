package worker

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/jobstest"
	"github.com/formfill/formfill/internal/redisha"
	"github.com/formfill/formfill/jobs"
)

// haSlot is the worker package's port slot of internal/redisha.
const haSlot = 0

// TestJobsRunOnSentinelAndCluster runs formfill's whole job life on a
// Sentinel-watched master and on a three-master Redis Cluster, through the
// URLs an operator gives --redis: jobs complete with their outputs, an
// input error fails with its record, a canceled job says so, and a failed
// job resubmitted under its idempotency key runs again. The last runs
// forgetGone, a script over asynq's task and formfill's own records: on a
// Cluster it works only because they share the queue's hash tag.
func TestJobsRunOnSentinelAndCluster(t *testing.T) {
	for _, tt := range []struct {
		name string
		url  func(t *testing.T) string
	}{
		{"sentinel", func(t *testing.T) string { return redisha.StartSentinel(t, haSlot).URL(0) }},
		{"cluster", func(t *testing.T) string { return redisha.StartCluster(t, haSlot).URL() }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			conn, err := jobs.ParseRedisURL(tt.url(t))
			if err != nil {
				t.Fatal(err)
			}
			c := jobs.NewClient(conn, jobs.WithTimeout(30*time.Second))
			t.Cleanup(func() { c.Close() })
			startWorker(t, conn, Concurrency(2))
			jobLife(t, c)
		})
	}
}

func jobLife(t *testing.T, c *jobs.Client) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	word, err := c.PutBlob(ctx, fixture(t, fixtures.WordTwoColumn))
	if err != nil {
		t.Fatal(err)
	}
	fill := jobs.Payload{Kind: jobs.KindFill, DocID: word, FileType: formats.Word,
		Answers: []formats.Answer{{PairID: "T1-R2-C2", AnswerText: "yes"}}}
	st := runJob(t, c, fill)
	if st.State != jobs.StateCompleted || st.Result.OutputDocID == "" {
		t.Fatalf("fill: %s %+v", st.State, st.Result)
	}
	if _, err := c.GetBlob(ctx, st.Result.OutputDocID); err != nil {
		t.Fatalf("filled document: %v", err)
	}
	group := runJob(t, c, jobs.Payload{Kind: jobs.KindFillGroup, Group: []jobs.Payload{fill, fill}}, jobs.Queue(jobs.QueueBulk))
	if group.State != jobs.StateCompleted || len(group.Result.Group) != 2 {
		t.Fatalf("fill_group: %s %+v", group.State, group.Result)
	}

	bad := jobs.Payload{Kind: jobs.KindWrite, DocID: word, FileType: formats.Word, Answers: []formats.Answer{{PairID: "T99-R1-C1", AnswerText: "x"}}}
	failed := runJob(t, c, bad, jobs.IdempotencyKey("bad-then-fixed"))
	if failed.State != jobs.StateFailed || failed.Result.Error == nil || failed.Result.Error.Kind != jobs.ErrorInvalidArgument {
		t.Fatalf("bad write: %s %+v", failed.State, failed.Result)
	}
	// The same key again: the failed run is removed (forgetGone, resubmit)
	// and the job runs afresh, failing again on its own.
	again := runJob(t, c, bad, jobs.IdempotencyKey("bad-then-fixed"))
	if again.ID != failed.ID || again.State != jobs.StateFailed {
		t.Fatalf("resubmitted: %s %s, want %s failed again", again.ID, again.State, failed.ID)
	}

	pending, err := c.Submit(ctx, fill, jobs.Queue(jobs.QueueBulk), jobs.IdempotencyKey("to-cancel"), jobs.Timeout(time.Second))
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Cancel(ctx, pending); err != nil && !errors.Is(err, jobs.ErrJobNotFound) {
		// It may already have finished: Cancel refuses a finished job.
		if st, _ := c.Status(ctx, pending); st == nil || !st.State.Final() {
			t.Fatalf("cancel: %v", err)
		}
	}
	if st, err := jobstest.Settled(ctx, c, pending, 20*time.Millisecond); err != nil || !st.State.Final() {
		t.Fatalf("canceled job: %+v %v", st, err)
	}
	if _, err := c.Queues(ctx); err != nil {
		t.Fatalf("queues: %v", err)
	}
}
