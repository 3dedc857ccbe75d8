package worker

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/formfill/formfill/jobs"
)

// runGroup runs a fill_group's payloads one after another, each within its
// share of the job's timeout, reporting each document as the job's phase. A
// payload that fails on its input, panics or runs past its share gets its error
// in its own result and the others go on, as separate fill jobs would: one slow
// document must not take its group's finished work down with it. A transient
// failure (Redis, a cancel, the whole job's deadline) fails the group so that
// asynq retries it: fills are idempotent, so running the finished ones again
// costs time, never correctness.
func (w *Worker) runGroup(ctx context.Context, id string, group []jobs.Payload, log *slog.Logger) (*jobs.Result, jobs.Outputs, error) {
	res := &jobs.Result{Kind: jobs.KindFillGroup, Group: make([]*jobs.Result, len(group))}
	outs := jobs.Outputs{Items: make([][]byte, len(group))}
	share := shareOf(ctx, len(group))
	for i, p := range group {
		w.reportPhase(ctx, id, jobs.Phase{Step: stepOf(p.Kind), Doc: i + 1, Docs: len(group)})
		r, out, err := w.runShare(ctx, p, share)
		var pe *PanicError
		switch {
		case err == nil:
		case errors.As(err, &pe):
			log.Error("fill in group panicked", "payload", i, "panic", fmt.Sprint(pe.Value), "stack", string(pe.Stack))
			r = &jobs.Result{Kind: p.Kind, Error: &jobs.Error{Kind: jobs.ErrorInternal, Message: pe.Error()}}
		case isPermanent(err):
			r = &jobs.Result{Kind: p.Kind, Error: jobs.ErrorOf(err)}
		case errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil:
			r = &jobs.Result{Kind: p.Kind, Error: &jobs.Error{Kind: jobs.ErrorTimeout,
				Message: fmt.Sprintf("document %d of %d: %v", i+1, len(group), err)}}
		default:
			return nil, jobs.Outputs{}, fmt.Errorf("payload %d of %d: %w", i+1, len(group), err)
		}
		res.Group[i], outs.Items[i] = r, out
	}
	return res, outs, nil
}

// shareOf is each of n payloads' part of the time ctx has left: the job's
// timeout is the per-document timeout times n (see jobs.Submit). Zero means
// no deadline.
func shareOf(ctx context.Context, n int) time.Duration {
	dl, ok := ctx.Deadline()
	if !ok || n == 0 {
		return 0
	}
	return time.Until(dl) / time.Duration(n)
}

// runShare runs one payload of a group within share (no limit if zero).
func (w *Worker) runShare(ctx context.Context, p jobs.Payload, share time.Duration) (*jobs.Result, []byte, error) {
	if share <= 0 {
		return w.runOne(ctx, p)
	}
	ctx, cancel := context.WithTimeout(ctx, share)
	defer cancel()
	return w.runOne(ctx, p)
}
