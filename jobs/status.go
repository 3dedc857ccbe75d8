package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"
)

const canceledPrefix = "formfill:canceled:"

func canceledKey(id string) string { return canceledPrefix + id }

// IsCanceled reports whether the job was canceled by a client. Workers use it
// to tell a cancellation from a transient failure.
func (c *Client) IsCanceled(ctx context.Context, id string) bool {
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
		if c.IsCanceled(ctx, id) {
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
		if c.IsCanceled(ctx, info.ID) {
			st.State = StateCanceled
		}
		if st.CompletedAt.IsZero() {
			st.CompletedAt = info.LastFailedAt
		}
	default:
		st.State = StatePending
	}
	if !st.State.Final() && c.IsCanceled(ctx, info.ID) {
		// Canceled while running: asynq hands it back for a retry that
		// the worker will end at once; for the client it is over.
		st.State = StateCanceled
	}
	if len(info.Result) > 0 && st.State.Final() {
		var r Result
		if err := json.Unmarshal(info.Result, &r); err != nil {
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
		st.Result = &Result{Kind: kind, Error: &JobError{Kind: "failed", Message: info.LastErr}}
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
		return &Result{Kind: st.Kind, Error: &JobError{Kind: string(st.State), Message: "job " + string(st.State)}}, nil
	}
	return st.Result, nil
}

// maxWaitPoll bounds how far Wait stretches its poll interval.
const maxWaitPoll = time.Second

// Wait polls the job until it has finished or ctx is done, and returns its
// last status. It polls every poll interval at first (50 ms if poll is not
// positive); once it has waited longer it polls every tenth of the time
// waited so far, up to once a second, so that a batch of long jobs does not
// keep Redis busy answering status polls while the latency a client sees
// stays within about a tenth of the job's.
func (c *Client) Wait(ctx context.Context, id string, poll time.Duration) (*Status, error) {
	if poll <= 0 {
		poll = 50 * time.Millisecond
	}
	st, err := c.Status(ctx, id)
	if err != nil || st.State.Final() {
		return st, err
	}
	start := time.Now()
	t := time.NewTimer(poll)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return st, fmt.Errorf("job %s still %s: %w", id, st.State, ctx.Err())
		case <-t.C:
		}
		settled, err := c.settled(ctx, st.Queue, id)
		if err != nil {
			return nil, err
		}
		if settled {
			if st, err = c.Status(ctx, id); err != nil || st.State.Final() {
				return st, err
			}
		}
		t.Reset(nextPoll(poll, time.Since(start)))
	}
}

// settled tells, in one light round trip, whether the job may have
// finished: asynq's task hash says completed or archived, the task is gone,
// or the job was canceled. Only then does Wait read the full status, which
// runs a Lua script and fetches the task's payload and result; a batch of
// waiting clients polls far more often than its jobs finish.
func (c *Client) settled(ctx context.Context, queue, id string) (bool, error) {
	pipe := c.rdb.Pipeline()
	state := pipe.HGet(ctx, taskKey(queue, id), "state")
	canceled := pipe.Exists(ctx, canceledKey(id))
	if _, err := pipe.Exec(ctx); err != nil && !errors.Is(err, redis.Nil) {
		return false, fmt.Errorf("job %s: %w", id, c.connErr(err))
	}
	s, err := state.Result()
	switch {
	case errors.Is(err, redis.Nil):
		return true, nil // gone: Status says why
	case err != nil:
		return false, fmt.Errorf("job %s: %w", id, c.connErr(err))
	case s == "completed" || s == "archived":
		return true, nil
	}
	return canceled.Val() > 0, nil
}

// nextPoll is the interval before the next status poll, after waiting
// waited with a base interval of poll.
func nextPoll(poll, waited time.Duration) time.Duration {
	return max(poll, min(waited/10, maxWaitPoll))
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
	if err := c.rdb.Set(ctx, canceledKey(id), "1", c.retention).Err(); err != nil {
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
