package worker

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/formfill/formfill/jobs"
	"github.com/hibiken/asynq"
)

// KeepFailures sets how long the jobs that fail for good are kept in the
// failure store (jobs.Backend.KeepFailure; default
// jobs.DefaultKeepFailures; 0: not kept).
func KeepFailures(d time.Duration) Option { return func(w *Worker) { w.keepFailures = d } }

// keepFailure copies a job that failed for good to the failure store, and
// notes that it did, so the archive that follows is not copied again.
func (w *Worker) keepFailure(ctx context.Context, t *asynq.Task, id string, kind jobs.Kind, cause error, log *slog.Logger) {
	if w.keepFailures <= 0 || cause == nil {
		return
	}
	queue, _ := asynq.GetQueueName(ctx)
	retried, _ := asynq.GetRetryCount(ctx)
	e := jobs.ErrorOf(cause)
	f := jobs.FailureEntry{JobID: id, Queue: queue, Kind: kind, FailedAt: time.Now().UTC(), Retried: retried,
		Error: *e, Payload: jobs.SummarizePayload(t.Payload()), Source: "worker"}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	w.kept.Store(id, true)
	if err := w.client.KeepFailure(ctx, f, w.keepFailures); err != nil {
		w.kept.Delete(id)
		log.Warn("failed job not kept in the failure store", "error", err)
	}
}

// archived copies a job asynq archived to the failure store, unless this
// worker's handler did when the job failed: asynq's recoverer archives a
// job whose worker died on its last attempt, and no handler sees it end.
func (w *Worker) archived(ctx context.Context, id string) {
	if _, ok := w.kept.LoadAndDelete(id); ok || w.keepFailures <= 0 {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		f, err := w.client.ArchivedFailure(ctx, id)
		if err == nil {
			err = w.client.KeepFailure(ctx, f, w.keepFailures)
		}
		if err != nil {
			w.log.Warn("archived job not kept in the failure store", "job_id", id, "error", err)
		}
	}()
}

// keptSet is the jobs whose failure a handler kept, until asynq archives
// them.
type keptSet = sync.Map
