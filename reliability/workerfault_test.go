package reliability

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
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
	conn, err := jobs.ParseRedisURL(rs.url())
	if err != nil {
		t.Fatal(err)
	}
	c := jobs.NewClient(conn)
	defer c.Close()
	ctx := context.Background()
	docID, err := c.PutBlob(ctx, fixtures.LargeQuestionnaire())
	if err != nil {
		t.Fatal(err)
	}
	a := startWorkerProc(t, bin, rs.url(), "worker-a", 2)
	var ids []string
	for i := 0; i < 30; i++ {
		id, err := c.Submit(ctx, jobs.Payload{Kind: jobs.KindExtractCompact, DocID: docID, FileType: formats.Word}, jobs.Queue(jobs.QueueBulk))
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	var orphans []string
	if !waitFor(30*time.Second, func() bool {
		orphans = orphans[:0]
		sts, err := c.Jobs(ctx, ids)
		if err != nil {
			return false
		}
		for _, st := range sts {
			if st.State == jobs.StateActive {
				orphans = append(orphans, st.ID)
			}
		}
		return len(orphans) > 0
	}) {
		t.Fatalf("worker-a never ran a job:\n%s", a.output())
	}
	a.kill()
	killedAt := time.Now()
	b := startWorkerProc(t, bin, rs.url(), "worker-b", 2)

	wctx, cancel := context.WithTimeout(ctx, 150*time.Second)
	defer cancel()
	var recovery time.Duration
	for _, id := range ids {
		st, err := c.Wait(wctx, id, 200*time.Millisecond)
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
	// A job seen active may have finished on worker-a between the poll and
	// the kill: only those worker-a never finished are orphans.
	var real []string
	for _, o := range orphans {
		if len(ranA[o]) == 0 {
			real = append(real, o)
		}
	}
	if len(real) == 0 {
		t.Fatalf("every job seen running finished before the kill landed: nothing was orphaned (rerun)")
	}
	orphans = real
	for _, o := range orphans {
		if len(ranB[o]) == 0 {
			t.Errorf("orphan %s was not run by worker-b (a: %v)", o, ranA[o])
		}
	}
	t.Logf("%d jobs; %d running on worker-a when it was killed; all completed; the orphans completed on worker-b %v after the kill; worker-a finished %d, worker-b %d",
		len(ids), len(orphans), recovery.Round(time.Second), len(ranA), len(ranB))
}

// TestJobPastItsTimeoutIsStoppedAndReported gives a job that runs for tens
// of seconds (extract of a million-row sheet) a 3 s timeout and no retry,
// on a `formfill worker` process: the job must end failed within seconds,
// saying it was stopped — or, if the engine learns to refuse such sheets,
// failed with a typed too-large error. The worker must go on serving.
func TestJobPastItsTimeoutIsStoppedAndReported(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a million-row workbook: skipped with -short")
	}
	bin := formfillBinary(t)
	rs := startRedis(t, "")
	conn, err := jobs.ParseRedisURL(rs.url())
	if err != nil {
		t.Fatal(err)
	}
	c := jobs.NewClient(conn)
	defer c.Close()
	ctx := context.Background()
	w := startWorkerProc(t, bin, rs.url(), "worker", 2)
	big, err := c.PutBlob(ctx, millionRowXLSX(t))
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	id, err := c.Submit(ctx, jobs.Payload{Kind: jobs.KindExtractCompact, DocID: big, FileType: formats.Excel},
		jobs.Timeout(3*time.Second), jobs.MaxRetry(0))
	if err != nil {
		t.Fatal(err)
	}
	wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	st, err := c.Wait(wctx, id, 100*time.Millisecond)
	if err != nil {
		t.Fatalf("the job was not stopped: %v\n%s", err, w.output())
	}
	took := time.Since(start)
	rss := w.rss()
	t.Logf("ended %s after %v: %q / %s; worker RSS just after: %s", st.State, took.Round(100*time.Millisecond), st.LastError, errMsg(st), mib(uint64(rss)))
	msg := strings.ToLower(st.LastError + " " + errMsg(st))
	switch {
	case st.State != jobs.StateFailed:
		t.Errorf("state %s, want failed", st.State)
	case !strings.Contains(msg, "deadline") && !strings.Contains(msg, "stopped") && !strings.Contains(msg, "too large"):
		t.Errorf("the failure does not say the job was stopped: %q", msg)
	case took > 15*time.Second:
		t.Errorf("stopping took %v for a 3 s timeout", took)
	}

	// The worker goes on serving.
	small, _ := c.PutBlob(ctx, fixtures.TwoColumn())
	id, err = c.Submit(ctx, jobs.Payload{Kind: jobs.KindExtractText, DocID: small, FileType: formats.Word})
	if err != nil {
		t.Fatal(err)
	}
	st, err = c.Wait(wctx, id, 50*time.Millisecond)
	if err != nil || st.State != jobs.StateCompleted {
		t.Errorf("the next job: %v %+v", err, st)
	}
}
