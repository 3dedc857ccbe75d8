package worker

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/ctxtest"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/jobstest"
	"github.com/formfill/formfill/jobs"
)

// Jobs that end before their work does: timeouts, cancels, and the engine
// stopping with its job's context.

func TestTimeoutStopsAndReportsTheJob(t *testing.T) {
	// The fake ignores its context and runs far longer than the job may:
	// the job must end at its 1 s timeout, whatever the machine's load
	// adds to that, not when the fake does.
	const fakeRun = time.Minute
	fake := executeFunc(func(ctx context.Context, p jobs.Payload, doc []byte) (*jobs.Result, []byte, error) {
		time.Sleep(fakeRun)
		return &jobs.Result{Kind: p.Kind}, nil, nil
	})
	c, _ := setup(t, Concurrency(1), withExecute(fake))
	docID, _ := c.PutBlob(context.Background(), []byte("x"))
	start := time.Now()
	st := runJob(t, c, jobs.Payload{Kind: jobs.KindExtractText, DocID: docID, FileType: formats.Word}, jobs.Timeout(time.Second), jobs.MaxRetry(0))
	if st.State != jobs.StateFailed || !strings.Contains(st.LastError, "deadline") || !strings.Contains(st.LastError, "stopped at its 1s timeout") {
		t.Fatalf("timed-out job: state %s, last error %q", st.State, st.LastError)
	}
	if took := time.Since(start); took > fakeRun/2 {
		t.Fatalf("the job was not stopped at its timeout: took %s", took)
	}
}

func TestCancelRunningJob(t *testing.T) {
	started := make(chan struct{}, 1)
	fake := executeFunc(func(ctx context.Context, p jobs.Payload, doc []byte) (*jobs.Result, []byte, error) {
		started <- struct{}{}
		time.Sleep(10 * time.Second)
		return &jobs.Result{Kind: p.Kind}, nil, nil
	})
	c, _ := setup(t, Concurrency(1), withExecute(fake))
	ctx := context.Background()
	docID, _ := c.PutBlob(ctx, []byte("x"))
	id, _ := c.Submit(ctx, jobs.Payload{Kind: jobs.KindExtractText, DocID: docID, FileType: formats.Word})
	select {
	case <-started:
	case <-time.After(10 * time.Second):
		t.Fatal("job never started")
	}
	if err := c.Cancel(ctx, id); err != nil {
		t.Fatal(err)
	}
	wctx, cancel := context.WithTimeout(ctx, 8*time.Second)
	defer cancel()
	st, err := jobstest.Settled(wctx, c, id, 50*time.Millisecond)
	if err != nil || st.State != jobs.StateCanceled {
		t.Fatalf("canceled running job: %+v, %v", st, err)
	}
}

func TestExecuteStopsTheEngineWhenTheJobsContextEnds(t *testing.T) {
	doc := fixture(t, fixtures.WordLarge)
	e, err := formats.Lookup(formats.Word)
	if err != nil {
		t.Fatal(err)
	}
	fields, err := e.ListFields(doc)
	if err != nil {
		t.Fatal(err)
	}
	var answers []formats.Answer
	for _, f := range fields {
		answers = append(answers, formats.Answer{PairID: f.FieldID, AnswerText: "stopped part-way"})
	}
	// Let the parse and a few answers through, then end the context: the
	// fill must stop there rather than finish the document.
	ctx := ctxtest.NewCountdown(10)
	res, out, err := Execute(ctx, jobs.Payload{Kind: jobs.KindFill, FileType: formats.Word, Answers: answers}, doc)
	if !errors.Is(err, formats.ErrStopped) || !errors.Is(err, context.Canceled) || res != nil || out != nil {
		t.Fatalf("Execute = %v, %d bytes, %v; want no result and an error wrapping formats.ErrStopped", res, len(out), err)
	}
	if isPermanent(err) {
		t.Fatalf("a stopped job counts as bad input and would not be retried: %v", err)
	}
	if ctx.Asked() != 11 {
		t.Fatalf("the context was asked %d times, want 11 (the engine must stop at the first check that sees the end)", ctx.Asked())
	}
}
