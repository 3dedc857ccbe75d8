package reliability

import (
	"context"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/jobstest"
	"github.com/formfill/formfill/jobs"
)

// TestKilledWorkerJobCompletesElsewhere kills (-9) a `formfill worker`
// process while it runs jobs and starts another: every job, the orphaned
// ones included, must complete. The orphans come back only when their
// asynq lease (30 s) has expired and a recoverer (every minute) has seen
// it, so the test takes one to two minutes: skipped with -short.
func TestKilledWorkerJobCompletesElsewhere(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for asynq's lease expiry (~30-90 s): skipped with -short")
	}
	// Process-level and mostly waiting: runs alongside the other
	// process-level tests, after the in-process ones have measured heaps.
	t.Parallel()
	bin := formfillBinary(t)
	rs := startRedis(t, "")
	c := rs.client(t)
	ctx := context.Background()
	docID, err := c.PutBlob(ctx, fixtures.LargeQuestionnaire())
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for i := 0; i < 200; i++ {
		id, err := c.Submit(ctx, jobs.Payload{Kind: jobs.KindExtractCompact, DocID: docID, FileType: formats.Word}, jobs.Queue(jobs.QueueBulk))
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	// Kill worker-a as soon as it has started a job. The orphans are the
	// jobs it logged as started but never as finished (its log is read to
	// the end after the kill); if the kill landed between jobs, try again
	// with a fresh worker-a.
	var orphans []string
	var killedAt time.Time
	var a *workerProc
	for try := 0; try < 5 && len(orphans) == 0; try++ {
		a = startWorkerProc(t, bin, rs.url(), "worker-a", 2)
		if !waitFor(30*time.Second, func() bool { return len(a.started()) > 0 }) {
			t.Fatalf("worker-a never started a job:\n%s", a.output())
		}
		a.kill()
		killedAt = time.Now()
		done := a.finished()
		for _, id := range a.started() {
			if len(done[id]) == 0 {
				orphans = append(orphans, id)
			}
		}
	}
	if len(orphans) == 0 {
		t.Fatal("five kills all landed between jobs: nothing was orphaned")
	}
	b := startWorkerProc(t, bin, rs.url(), "worker-b", 2)

	wctx, cancel := context.WithTimeout(ctx, 150*time.Second)
	defer cancel()
	var recovery time.Duration
	for _, id := range ids {
		st, err := jobstest.Settled(wctx, c, id, 200*time.Millisecond)
		if err != nil {
			t.Fatalf("job %s never finished after the kill: %v\nworker-b:\n%s", id, err, b.output())
		}
		if st.State != jobs.StateCompleted {
			t.Errorf("job %s ended %s: %s", id, st.State, errMsg(st))
		}
		for _, o := range orphans {
			if o == id {
				recovery = max(recovery, time.Since(killedAt))
			}
		}
	}
	ranA, ranB := a.finished(), b.finished()
	for _, o := range orphans {
		if len(ranB[o]) == 0 {
			t.Errorf("orphan %s was not run by worker-b (a: %v)", o, ranA[o])
		}
	}
	t.Logf("%d jobs; %d running on the last worker-a when it was killed; all completed; the orphans completed on worker-b %v after the kill; worker-a finished %d, worker-b %d",
		len(ids), len(orphans), recovery.Round(time.Second), len(ranA), len(ranB))
}
