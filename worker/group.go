package worker

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/formfill/formfill/jobs"
)

// runGroup runs a fill_group's payloads one after another. A payload that
// fails on its input, or panics, gets its error in its own result and the
// others go on, as separate fill jobs would. A transient failure (Redis,
// the job's timeout, a cancel) fails the whole group so that asynq retries
// it: fills are idempotent, so running the finished ones again costs time,
// never correctness.
func (w *Worker) runGroup(ctx context.Context, group []jobs.Payload, log *slog.Logger) (*jobs.Result, outputs, error) {
	res := &jobs.Result{Kind: jobs.KindFillGroup, Group: make([]*jobs.Result, len(group))}
	outs := outputs{items: make([][]byte, len(group))}
	for i, p := range group {
		r, out, err := w.runOne(ctx, p)
		var pe *PanicError
		switch {
		case err == nil:
		case errors.As(err, &pe):
			log.Error("fill in group panicked", "payload", i, "panic", fmt.Sprint(pe.Value), "stack", string(pe.Stack))
			r = &jobs.Result{Kind: p.Kind, Error: &jobs.JobError{Kind: "internal", Message: pe.Error()}}
		case isPermanent(err):
			r = &jobs.Result{Kind: p.Kind, Error: jobError(err)}
		default:
			return nil, outputs{}, fmt.Errorf("payload %d of %d: %w", i+1, len(group), err)
		}
		res.Group[i], outs.items[i] = r, out
	}
	return res, outs, nil
}
