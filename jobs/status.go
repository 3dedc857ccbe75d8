package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/hibiken/asynq"
)

func canceledKey(id string) string { return jobKey("canceled", id) }

// isCanceled reports whether the job was canceled by a client.
func (c *Client) isCanceled(ctx context.Context, id string) bool {
	n, err := c.rdb.Exists(ctx, canceledKey(id)).Result()
	return err == nil && n > 0
}

// Status describes the job with ID id; its Result is set once the job has
// finished.
func (c *Client) Status(ctx context.Context, id string) (*Status, error) {
	queue, err := queueOfID(id)
	if err != nil {
		return nil, err
	}
	info, err := c.insp.GetTaskInfo(queue, id)
	if errors.Is(err, asynq.ErrTaskNotFound) || errors.Is(err, asynq.ErrQueueNotFound) {
		if c.isCanceled(ctx, id) {
			return &Status{ID: id, Queue: queue, State: StateCanceled}, nil
		}
		if st, ferr := c.failedStatus(ctx, queue, id); st != nil || ferr != nil {
			return st, ferr
		}
		return nil, fmt.Errorf("job %s: %w", id, ErrJobNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("job %s: %w", id, c.connErr(err))
	}
	return c.statusOf(ctx, info)
}

func (c *Client) statusOf(ctx context.Context, info *asynq.TaskInfo) (*Status, error) {
	kind, _ := KindOfTask(info.Type)
	st := &Status{ID: info.ID, Kind: kind, Queue: info.Queue, Retried: info.Retried, MaxRetry: info.MaxRetry,
		LastError: info.LastErr, CompletedAt: info.CompletedAt}
	switch info.State {
	case asynq.TaskStateActive:
		st.State = StateActive
	case asynq.TaskStateRetry:
		st.State = StateRetry
	case asynq.TaskStateCompleted:
		st.State = StateCompleted
	case asynq.TaskStateArchived:
		st.State = StateFailed
		if c.isCanceled(ctx, info.ID) {
			st.State = StateCanceled
		}
		if st.CompletedAt.IsZero() {
			st.CompletedAt = info.LastFailedAt
		}
	default:
		st.State = StatePending
	}
	if !st.State.Final() && c.isCanceled(ctx, info.ID) {
		// Canceled while running: asynq hands it back for a retry that
		// the worker will end at once; for the client it is over.
		st.State = StateCanceled
	}
	if len(info.Result) > 0 && st.State.Final() {
		var r Result
		data, err := c.open("result:"+info.ID, info.Result)
		if err != nil {
			return nil, fmt.Errorf("job %s: result: %w", info.ID, err)
		}
		if err := json.Unmarshal(data, &r); err != nil {
			return nil, fmt.Errorf("job %s: decode result: %w", info.ID, err)
		}
		st.Result = &r
	}
	if st.State == StateFailed && st.Result == nil {
		// The worker recorded why the job's last attempt failed. asynq's
		// own record may say less: when a job's deadline passes as its
		// handler returns, asynq keeps the bare deadline error. Its archive
		// trim can also leave a task without its result.
		if f, _ := c.failureOf(ctx, info.ID); f != nil {
			st.Result, st.LastError = f.Result, f.Result.Error.Message
			return st, nil
		}
		st.Result = &Result{Kind: kind, Error: &Error{Kind: ErrorFailed, Message: info.LastErr}}
	}
	return st, nil
}

// Result returns the result of a finished job, or ErrNotFinished.
func (c *Client) Result(ctx context.Context, id string) (*Result, error) {
	st, err := c.Status(ctx, id)
	if err != nil {
		return nil, err
	}
	if !st.State.Final() {
		return nil, fmt.Errorf("job %s is %s: %w", id, st.State, ErrNotFinished)
	}
	if st.Result == nil {
		kind := ErrorFailed
		if st.State == StateCanceled {
			kind = ErrorCanceled
		}
		return &Result{Kind: st.Kind, Error: &Error{Kind: kind, Message: "job " + string(st.State)}}, nil
	}
	return st.Result, nil
}

// Jobs returns the status of each job in ids; jobs no longer known come back
// with State "unknown".
func (c *Client) Jobs(ctx context.Context, ids []string) ([]*Status, error) {
	out := make([]*Status, 0, len(ids))
	for _, id := range ids {
		st, err := c.Status(ctx, id)
		if errors.Is(err, ErrJobNotFound) {
			st = &Status{ID: id, State: StateUnknown, LastError: err.Error()}
		} else if err != nil {
			return nil, err
		}
		out = append(out, st)
	}
	return out, nil
}

// Cancel stops a job: a pending one is removed, a running one is
// interrupted. Canceling a finished job is an error.
func (c *Client) Cancel(ctx context.Context, id string) error {
	st, err := c.Status(ctx, id)
	if err != nil {
		return err
	}
	if st.State.Final() {
		return fmt.Errorf("job %s has already %s; nothing to cancel", id, st.State)
	}
	// From the mark on, Status says canceled: waiters can be told at once.
	pipe := c.rdb.Pipeline()
	pipe.Set(ctx, canceledKey(id), "1", c.retention)
	c.announceDone(ctx, pipe, id)
	if _, err := pipe.Exec(ctx); err != nil {
		return fmt.Errorf("job %s: mark canceled: %w", id, c.connErr(err))
	}
	if st.State == StateActive {
		if err := c.insp.CancelProcessing(id); err != nil {
			return fmt.Errorf("job %s: cancel running job: %w", id, err)
		}
		return nil
	}
	if err := c.insp.DeleteTask(st.Queue, id); err != nil && !errors.Is(err, asynq.ErrTaskNotFound) {
		// It may have started meanwhile: interrupt it instead.
		if cerr := c.insp.CancelProcessing(id); cerr != nil {
			return fmt.Errorf("job %s: cancel: %w", id, err)
		}
	}
	return nil
}
