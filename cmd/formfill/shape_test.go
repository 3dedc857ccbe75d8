package main

// Tests that prove the shape of a deployment with real processes: several
// `formfill worker` processes on the real Redis, jobs submitted through the
// jobs client. They skip when no Redis answers.

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/jobstest"
	"github.com/formfill/formfill/internal/redistest"
	"github.com/formfill/formfill/jobs"
	"github.com/hibiken/asynq"
)

const shapeDB = 12

// shapeJob is one submitted job and what its result must show.
type shapeJob struct {
	id     string
	kind   jobs.Kind
	answer string // fill: the text written; extract_text: a text the document holds
}

// shapeClient returns a client on the flushed shape DB and the env for
// worker processes.
func shapeClient(t *testing.T) (*jobs.Client, asynq.RedisConnOpt, []string) {
	t.Helper()
	conn := redistest.Conn(t, shapeDB)
	c := jobs.NewClient(conn)
	t.Cleanup(func() { c.Close() })
	return c, conn, []string{"FORMFILL_REDIS_URL=" + redistest.URL(shapeDB)}
}

// uploadFixtures uploads each fixture once and returns their doc IDs.
func uploadFixtures(t *testing.T, c *jobs.Client) []string {
	t.Helper()
	ids := make([]string, len(fixtureDocs))
	for i, f := range fixtureDocs {
		id, err := c.PutBlob(context.Background(), f.build())
		if err != nil {
			t.Fatal(err)
		}
		ids[i] = id
	}
	return ids
}

var fileTypes = []formats.FileType{formats.Word, formats.Excel, formats.PDF}

// submitMixed submits n jobs cycling through Word, Excel and PDF, four fills
// (each with its own answer) to one extract_text, on queue.
func submitMixed(t *testing.T, c *jobs.Client, docIDs []string, n int, queue, tag string) []shapeJob {
	t.Helper()
	out := make([]shapeJob, 0, n)
	for i := range n {
		fi := i % len(fixtureDocs)
		p := jobs.Payload{DocID: docIDs[fi], FileType: fileTypes[fi]}
		j := shapeJob{}
		if i%5 == 4 {
			p.Kind, j.answer = jobs.KindExtractText, []string{"Company legal name", "Vendor Security Assessment", "Full name"}[fi]
		} else {
			j.answer = fmt.Sprintf("%s answer %d", tag, i)
			p.Kind = jobs.KindFill
			p.Answers = []formats.Answer{{PairID: fixtureDocs[fi].answers[0].PairID, AnswerText: j.answer}}
		}
		id, err := c.Submit(context.Background(), p, jobs.Queue(queue))
		if err != nil {
			t.Fatalf("submit %d: %v", i, err)
		}
		j.id, j.kind = id, p.Kind
		out = append(out, j)
	}
	return out
}

// waitAll waits for every job and checks its result is the right one.
func waitAll(t *testing.T, c *jobs.Client, js []shapeJob, within time.Duration) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), within)
	defer cancel()
	var wg sync.WaitGroup
	errs := make(chan error, len(js))
	sem := make(chan struct{}, 16)
	for _, j := range js {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			st, err := jobstest.Settled(ctx, c, j.id, 50*time.Millisecond)
			if err == nil {
				err = checkShapeResult(j, st)
			}
			if err != nil {
				errs <- err
			}
		}()
	}
	wg.Wait()
	close(errs)
	n := 0
	for err := range errs {
		if n++; n <= 5 {
			t.Error(err)
		}
	}
	if n > 0 {
		t.Fatalf("%d of %d jobs wrong or unfinished", n, len(js))
	}
}

func checkShapeResult(j shapeJob, st *jobs.Status) error {
	if err := st.Err(); err != nil {
		return err
	}
	res := st.Result
	switch j.kind {
	case jobs.KindFill:
		if res.Report == nil || !res.Report.OK() || res.OutputDocID == "" || len(res.Write.Changes) != 1 ||
			!strings.Contains(res.Write.Changes[0].After, j.answer) {
			return fmt.Errorf("job %s: fill result does not show %q: %+v", j.id, j.answer, res.Write)
		}
	case jobs.KindExtractText:
		if !strings.Contains(res.Text, j.answer) {
			return fmt.Errorf("job %s: text lacks %q", j.id, j.answer)
		}
	}
	return nil
}

// waitRegistered waits until n worker processes have registered with Redis.
func waitRegistered(t *testing.T, conn asynq.RedisConnOpt, procs ...*proc) {
	t.Helper()
	insp := asynq.NewInspector(conn)
	defer insp.Close()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		servers, _ := insp.Servers()
		pids := map[int]bool{}
		for _, s := range servers {
			pids[s.PID] = true
		}
		all := true
		for _, p := range procs {
			all = all && pids[p.cmd.Process.Pid]
		}
		if all {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("workers did not register with Redis; log of the first:\n%s", procs[0].log.String())
}

func TestShape500MixedJobsOnTwoWorkersEachCompleteOnce(t *testing.T) {
	c, conn, env := shapeClient(t)
	w1 := startWorker(t, env, "--concurrency", "2")
	w2 := startWorker(t, env, "--concurrency", "2")
	waitRegistered(t, conn, w1, w2)
	js := submitMixed(t, c, uploadFixtures(t, c), 500, jobs.QueueBulk, "mixed")
	start := time.Now()
	waitAll(t, c, js, 2*time.Minute)
	t.Logf("500 mixed jobs on 2 workers × 2: %s (%.0f jobs/s)", time.Since(start), 500/time.Since(start).Seconds())

	w1.stop(t, syscall.SIGTERM, 30*time.Second)
	w2.stop(t, syscall.SIGTERM, 30*time.Second)
	l1, l2 := w1.log.String(), w2.log.String()
	runs := jobsFinished(l1, l2)
	for _, j := range js {
		if runs[j.id] != 1 {
			t.Errorf("job %s completed %d times, want exactly once", j.id, runs[j.id])
		}
	}
	n1 := len(jobsFinished(l1))
	if n1 == 0 || n1 == len(js) {
		t.Errorf("worker 1 ran %d of %d jobs: the work was not shared", n1, len(js))
	}
}

func TestShapeSIGTERMMidBatchLosesNothing(t *testing.T) {
	c, conn, env := shapeClient(t)
	w1 := startWorker(t, env, "--concurrency", "2")
	w2 := startWorker(t, env, "--concurrency", "2")
	waitRegistered(t, conn, w1, w2)
	js := submitMixed(t, c, uploadFixtures(t, c), 200, jobs.QueueBulk, "drain")
	// Stop worker 1 once it is busy: it drains, worker 2 takes the rest.
	deadline := time.Now().Add(30 * time.Second)
	for len(jobsFinished(w1.log.String())) < 10 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if err := w1.stop(t, syscall.SIGTERM, 30*time.Second); err != nil {
		t.Fatalf("worker 1 after SIGTERM: %v\n%s", err, w1.log.String())
	}
	waitAll(t, c, js, 2*time.Minute)
	if n := len(jobsFinished(w1.log.String())); n >= len(js) {
		t.Fatalf("worker 1 ran all %d jobs before SIGTERM: nothing was mid-batch", n)
	}
	if !strings.Contains(w1.log.String(), "worker stopped") {
		t.Errorf("worker 1 did not drain cleanly:\n%s", w1.log.String())
	}
}

func TestShapeInteractiveJobOvertakesABulkBatch(t *testing.T) {
	c, conn, env := shapeClient(t)
	w := startWorker(t, env, "--concurrency", "1")
	waitRegistered(t, conn, w)
	docIDs := uploadFixtures(t, c)
	bulk := submitMixed(t, c, docIDs, 150, jobs.QueueBulk, "bulk")
	for len(jobsFinished(w.log.String())) < 3 {
		time.Sleep(5 * time.Millisecond)
	}
	inter := submitMixed(t, c, docIDs, 1, jobs.QueueInteractive, "interactive")
	queued := time.Now()
	waitAll(t, c, inter, time.Minute)
	waitAll(t, c, bulk, 2*time.Minute)
	// Counted by the worker's own clock, not by when this process saw the
	// job end: on a loaded machine the test may learn of it late, while
	// the worker goes on with the batch. Once the job is queued, strict
	// priority makes it the next one taken; one bulk job may have been
	// taken in the same instant.
	starts := jobStarts(t, w.log.String())
	at, ok := starts[inter[0].id]
	if !ok {
		t.Fatalf("the worker's log has no start of the interactive job %s:\n%s", inter[0].id, w.log.String())
	}
	overtook := 0
	for _, b := range bulk {
		if s, ok := starts[b.id]; ok && s.After(queued) && s.Before(at) {
			overtook++
		}
	}
	t.Logf("%d bulk jobs started between the interactive job's queueing and its start", overtook)
	if overtook > 1 {
		t.Fatalf("%d bulk jobs started after the interactive job was queued and before it: priority not honoured", overtook)
	}
}

// jobStarts reads when the worker started each job, by its log's time.
func jobStarts(t *testing.T, log string) map[string]time.Time {
	t.Helper()
	out := map[string]time.Time{}
	for _, line := range strings.Split(log, "\n") {
		if !strings.Contains(line, `msg="job started"`) {
			continue
		}
		var id string
		var at time.Time
		for _, f := range strings.Fields(line) {
			if v, ok := strings.CutPrefix(f, "job_id="); ok {
				id = v
			}
			if v, ok := strings.CutPrefix(f, "time="); ok {
				var err error
				if at, err = time.Parse(time.RFC3339Nano, v); err != nil {
					t.Fatalf("log time %q: %v", v, err)
				}
			}
		}
		if id != "" && !at.IsZero() {
			out[id] = at
		}
	}
	return out
}

func TestShapeKill9MidJobCompletesOnAnotherWorker(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for asynq's lease expiry and recoverer (~65-95 s)")
	}
	c, conn, env := shapeClient(t)
	w1 := startWorker(t, env, "--concurrency", "2")
	waitRegistered(t, conn, w1)
	large, err := c.PutBlob(context.Background(), fixtures.LargeQuestionnaire())
	if err != nil {
		t.Fatal(err)
	}
	var js []shapeJob
	for i := range 40 {
		answer := fmt.Sprintf("kill answer %d", i)
		p := jobs.Payload{Kind: jobs.KindFill, DocID: large, FileType: formats.Word,
			Answers: []formats.Answer{{PairID: "T1-R2-C2", AnswerText: answer}}}
		id, err := c.Submit(context.Background(), p, jobs.Queue(jobs.QueueBulk))
		if err != nil {
			t.Fatal(err)
		}
		js = append(js, shapeJob{id: id, kind: jobs.KindFill, answer: answer})
	}
	// Kill worker 1 while it holds jobs: started but not finished.
	var inFlight []string
	deadline := time.Now().Add(60 * time.Second)
	for len(inFlight) == 0 && time.Now().Before(deadline) {
		inFlight = startedNotFinished(w1.log.String())
		time.Sleep(2 * time.Millisecond)
	}
	w1.stop(t, syscall.SIGKILL, 10*time.Second)
	inFlight = startedNotFinished(w1.log.String())
	if len(inFlight) == 0 {
		t.Skip("worker 1 held no job at the kill (jobs too fast on this machine)")
	}
	w2 := startWorker(t, env, "--concurrency", "2")
	start := time.Now()
	waitAll(t, c, js, 4*time.Minute)
	// The worker's log comes through a pipe, and clients learn of a job's
	// end as soon as asynq marks it: give the log a moment to catch up.
	runs := jobsFinished(w2.log.String())
	for logDeadline := time.Now().Add(30 * time.Second); time.Now().Before(logDeadline); runs = jobsFinished(w2.log.String()) {
		if !slices.ContainsFunc(inFlight, func(id string) bool { return runs[id] == 0 }) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	for _, id := range inFlight {
		if runs[id] != 1 {
			t.Errorf("job %s, in flight on the killed worker, completed %d times on worker 2", id, runs[id])
		}
	}
	t.Logf("%d jobs in flight at kill -9 completed on worker 2; all done %s after the restart", len(inFlight), time.Since(start))
}

// startedNotFinished lists the jobs a worker log shows started and not
// finished.
func startedNotFinished(log string) []string {
	open := map[string]bool{}
	for _, line := range strings.Split(log, "\n") {
		id := ""
		for _, f := range strings.Fields(line) {
			if v, ok := strings.CutPrefix(f, "job_id="); ok {
				id = v
			}
		}
		switch {
		case id == "":
		case strings.Contains(line, `msg="job started"`):
			open[id] = true
		case strings.Contains(line, `msg="job finished"`):
			delete(open, id)
		}
	}
	out := make([]string, 0, len(open))
	for id := range open {
		out = append(out, id)
	}
	return out
}
