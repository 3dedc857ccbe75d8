package jobs_test

import (
	"context"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/redistest"
	"github.com/formfill/formfill/jobs"
	"github.com/hibiken/asynq"
)

// A wait reports the phases a running job's worker records, each once, in
// order, besides its states: a client shows "document 2 of 3" while a long
// job runs.
func TestAwaitReportsPhases(t *testing.T) {
	c := setup(t, 0)
	conn := redistest.Conn(t, clientTestDB)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	phases := []jobs.Phase{{Step: "fill and verify", Doc: 1, Docs: 2}, {Step: "fill and verify", Doc: 2, Docs: 2}}
	reached, proceed := make(chan int), make(chan struct{})
	// A stand-in worker that records each phase and waits for the test
	// to see it before going on.
	srv := asynq.NewServer(conn, asynq.Config{Concurrency: 1, LogLevel: asynq.FatalLevel, Queues: map[string]int{jobs.QueueInteractive: 1}})
	mux := asynq.NewServeMux()
	mux.HandleFunc(jobs.KindExtractText.TaskType(), func(hctx context.Context, task *asynq.Task) error {
		id := task.ResultWriter().TaskID()
		for i, p := range phases {
			if err := jobs.BackendOf(c).ReportPhase(hctx, id, p); err != nil {
				return err
			}
			select {
			case reached <- i:
			case <-hctx.Done():
				return hctx.Err()
			}
			select {
			case <-proceed:
			case <-hctx.Done():
				return hctx.Err()
			}
		}
		_, err := task.ResultWriter().Write([]byte(`{"kind":"extract_text","text":"stand-in"}`))
		return err
	})
	if err := srv.Start(mux); err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown()

	doc, err := c.PutBlob(ctx, []byte("%PDF-1.4 stand-in"))
	if err != nil {
		t.Fatal(err)
	}
	id, err := c.Submit(ctx, jobs.Payload{Kind: jobs.KindExtractText, DocID: doc, FileType: formats.PDF})
	if err != nil {
		t.Fatal(err)
	}
	seen := make(chan *jobs.Status, 16)
	done := make(chan error, 1)
	go func() {
		_, err := c.Await(ctx, id, jobs.OnStateChange(func(st *jobs.Status) { seen <- st }))
		done <- err
	}()
	var got []string
	for i := range phases {
		select {
		case <-reached:
		case <-ctx.Done():
			t.Fatalf("the worker did not reach phase %d: %q", i, got)
		}
	look:
		for {
			select {
			case st := <-seen:
				got = append(got, string(st.State)+" "+phaseText(st.Phase))
				if st.Phase != nil && *st.Phase == phases[i] {
					break look
				}
			case <-ctx.Done():
				t.Fatalf("the wait did not report phase %d: %q", i, got)
			}
		}
		proceed <- struct{}{}
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	close(seen)
	for st := range seen {
		got = append(got, string(st.State)+" "+phaseText(st.Phase))
	}
	want := []string{"active document 1 of 2: fill and verify", "active document 2 of 2: fill and verify", "completed "}
	if n := len(got); n < len(want) || got[n-3] != want[0] || got[n-2] != want[1] || got[n-1] != want[2] {
		t.Fatalf("reported %q; want it to end with %q", got, want)
	}
	for i := 1; i < len(got); i++ {
		if got[i] == got[i-1] {
			t.Fatalf("reported %q twice in a row: %q", got[i], got)
		}
	}
}

func phaseText(p *jobs.Phase) string {
	if p == nil {
		return ""
	}
	return p.String()
}
