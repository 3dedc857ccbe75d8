package jobs

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/formfill/formfill/internal/queue"
	"github.com/redis/go-redis/v9"
)

// waitOptions are the Options that tune how a caller waits for a job.
type waitOptions struct {
	poll    time.Duration
	atMost  time.Duration // 0: until the job finishes or ctx ends
	onState func(*Status)
}

// PollEvery sets how often Run and Await look at the job at first when
// they cannot be told of its end (default 50 ms): when Redis refuses the
// subscription they block on, and after an announcement the job's status
// did not bear out. Otherwise they wait for the announcement, looking only
// every fallbackPoll or more. The interval widens as the wait grows longer
// (see Await).
func PollEvery(d time.Duration) Option { return func(o *options) { o.wait.poll = d } }

// WaitAtMost makes Run and Await give up waiting after d and return the
// status of the unfinished job without an error, for callers that answer
// with a job ID to poll (the MCP server's wait_seconds). 0 returns at once.
func WaitAtMost(d time.Duration) Option {
	return func(o *options) { o.wait.atMost = max(d, time.Nanosecond) }
}

// OnStateChange calls fn with the job's status each time Run or Await sees
// its state change (pending, active, retry, then a final state) or, while it
// runs, the phase its worker reports (Status.Phase), for progress reports.
// Statuses of unfinished jobs carry only ID, queue, state and phase.
func OnStateChange(fn func(*Status)) Option { return func(o *options) { o.wait.onState = fn } }

// Run submits p, waits for the job to finish and decides it: the job's
// status and Status.Err — nil when it completed, a *FailedError when it
// failed or was canceled. With WaitAtMost it may return an unfinished job's
// status and a nil error.
func (c *Client) Run(ctx context.Context, p Payload, opts ...Option) (*Status, error) {
	id, err := c.Submit(ctx, p, opts...)
	if err != nil {
		return nil, err
	}
	return c.Await(ctx, id, opts...)
}

// Await waits for job id to finish and decides it as Run does. It blocks
// until the worker that settles the job (or the client that cancels it)
// announces its end through Redis, and reads the job's status then.
// Announcements can be lost (a dropped connection, a worker of an older
// version), so it also looks at the job now and then: every fallbackPoll at
// first, or every PollEvery interval when announcements cannot be had;
// once it has waited longer, every tenth of the time waited so far, up to
// once a second. Each such look reads the job's state alone, in one light
// round trip; the full status (with the result) is read once the job has
// settled.
func (c *Client) Await(ctx context.Context, id string, opts ...Option) (*Status, error) {
	var o options
	for _, fn := range opts {
		fn(&o)
	}
	st, err := c.follow(ctx, id, o.wait)
	if err != nil || !st.State.Final() {
		return st, err
	}
	return st, st.Err()
}

// maxWaitPoll bounds how far a wait stretches its poll interval.
const maxWaitPoll = time.Second

// fallbackPoll is the first poll interval of a wait that will be told of
// the job's end: it only catches announcements that went missing.
const fallbackPoll = 100 * time.Millisecond

// follow is the loop behind Run and Await.
func (c *Client) follow(ctx context.Context, id string, o waitOptions) (*Status, error) {
	if o.poll <= 0 {
		o.poll = 50 * time.Millisecond
	}
	// Listen before the first look, so an end announced in between is heard.
	notified, stop, told := c.done.watch(id)
	defer stop()
	st, err := c.Status(ctx, id)
	if err != nil {
		return nil, err
	}
	w := waiter{report: o.onState, base: o.poll}
	if told {
		w.base = max(o.poll, fallbackPoll)
	}
	w.see(st)
	if st.State.Final() {
		return st, nil
	}
	var deadline <-chan time.Time
	if o.atMost > 0 {
		dt := time.NewTimer(o.atMost)
		defer dt.Stop()
		deadline = dt.C
	}
	start := time.Now()
	t := time.NewTimer(w.base)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return st, fmt.Errorf("job %s still %s: %w", id, st.State, ctx.Err())
		case <-deadline:
			return st, nil
		case <-notified:
			// The job was announced ended: read it. Should it not look
			// ended (an announcement meant for a job of the same ID on
			// another database of this Redis, say), look again soon.
			if st, err = c.Status(ctx, id); err != nil {
				return nil, err
			}
			if w.see(st); st.State.Final() {
				return st, nil
			}
			w.base, start = o.poll, time.Now()
			t.Reset(w.base)
			continue
		case <-t.C:
		}
		if st, err = c.look(ctx, st); err != nil {
			return nil, err
		}
		if w.see(st); st.State.Final() {
			return st, nil
		}
		t.Reset(nextPoll(w.base, time.Since(start)))
	}
}

// waiter reports each change of a followed job's state or phase.
type waiter struct {
	report    func(*Status)
	base      time.Duration // first poll interval
	last      State
	lastPhase *Phase
}

func (w *waiter) see(st *Status) {
	if (st.State != w.last || !samePhase(st.Phase, w.lastPhase)) && w.report != nil {
		w.report(st)
	}
	w.last, w.lastPhase = st.State, st.Phase
}

// look reads the state and phase of the job st describes in one light round
// trip, and its full status only when it may have settled.
func (c *Client) look(ctx context.Context, st *Status) (*Status, error) {
	state, phase, settled, err := c.lightState(ctx, st.Queue, st.ID)
	if err != nil {
		return nil, err
	}
	if settled {
		return c.Status(ctx, st.ID)
	}
	if state == st.State && samePhase(phase, st.Phase) {
		return st, nil
	}
	return &Status{ID: st.ID, Kind: st.Kind, Queue: st.Queue, State: state, Phase: phase}, nil
}

// lightState tells, in one light round trip, the job's state, its phase and
// whether it may have finished: asynq's task hash says completed or
// archived, the task is gone, or the job was canceled. Only then is the
// full status read, which runs a Lua script and fetches the task's payload
// and result; a batch of waiting clients polls far more often than its
// jobs finish.
func (c *Client) lightState(ctx context.Context, q, id string) (State, *Phase, bool, error) {
	pipe := c.rdb.Pipeline()
	state := pipe.HGet(ctx, queue.TaskKey(q, id), queue.StateField)
	canceled := pipe.Exists(ctx, canceledKey(id))
	phase := pipe.Get(ctx, phaseKey(id))
	if _, err := pipe.Exec(ctx); err != nil && !errors.Is(err, redis.Nil) {
		return "", nil, false, fmt.Errorf("job %s: %w", id, c.connErr(err))
	}
	ph, _ := phase.Bytes()
	s, err := state.Result()
	switch {
	case errors.Is(err, redis.Nil):
		return StateUnknown, nil, true, nil // gone: Status says why
	case err != nil:
		return "", nil, false, fmt.Errorf("job %s: %w", id, c.connErr(err))
	case queue.Settled(s) || canceled.Val() > 0:
		return StateUnknown, nil, true, nil
	case s == queue.TaskActive:
		return StateActive, parsePhase(ph), false, nil
	case s == queue.TaskRetry:
		return StateRetry, nil, false, nil
	}
	return StatePending, nil, false, nil
}

// nextPoll is the interval before the next status poll, after waiting
// waited with a base interval of poll.
func nextPoll(poll, waited time.Duration) time.Duration {
	return max(poll, min(waited/10, maxWaitPoll))
}
