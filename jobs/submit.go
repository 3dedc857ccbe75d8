package jobs

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/queue"
	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"
)

// maxInlinePayload is the largest task payload; past it the answers,
// expectations and locations travel as a blob, so ten thousand long answers
// do not bloat asynq's queues.
const maxInlinePayload = 256 << 10

// Option tunes one job: where and how it runs (Submit, Run) and how its
// caller waits for it (Run, Await; Submit ignores those).
type Option func(*options)

type options struct {
	queue    string
	key      string
	timeout  time.Duration
	maxRetry int
	notify   string // webhook URL (Notify)
	wait     waitOptions
}

// Queue puts the job on queue q (QueueInteractive by default).
func Queue(q string) Option { return func(o *options) { o.queue = q } }

// IdempotencyKey makes the job ID a function of key: submitting the same key
// again returns the same job instead of running the work twice. A job with
// that key that failed or was canceled is run again.
func IdempotencyKey(key string) Option { return func(o *options) { o.key = key } }

// Timeout bounds how long the job may run; a fill_group job may run this
// long per payload.
func Timeout(d time.Duration) Option { return func(o *options) { o.timeout = d } }

// MaxRetry bounds how often the job is retried after a transient failure.
func MaxRetry(n int) Option { return func(o *options) { o.maxRetry = n } }

// Submit enqueues a job and returns its ID. The job's trace continues
// ctx's (see trace.go).
func (c *Client) Submit(ctx context.Context, p Payload, opts ...Option) (id string, err error) {
	ctx, span := Tracer().Start(ctx, "formfill.submit "+string(p.Kind), trace.WithSpanKind(trace.SpanKindProducer),
		trace.WithAttributes(kindAttr(p.Kind)))
	defer func() {
		span.SetAttributes(attribute.String("formfill.job_id", id))
		endSpan(span, err)
	}()
	o := options{queue: QueueInteractive, timeout: c.timeout, maxRetry: c.maxRetry}
	for _, fn := range opts {
		fn(&o)
	}
	if _, err := ParseQueue(o.queue); err != nil {
		return "", err
	}
	if p.Kind == KindFillGroup {
		if err := CheckGroup(p.Group); err != nil {
			return "", err
		}
		o.timeout *= time.Duration(len(p.Group))
	} else if _, err := ParseKind(string(p.Kind)); err != nil {
		return "", err
	}
	if p.Kind.NeedsDocument() && p.DocID == "" {
		return "", fmt.Errorf("%s job needs a document: upload it with PutBlob and set doc_id", p.Kind)
	}
	id = queuePrefix[o.queue] + jobSuffix(o.key)
	data, err := c.encodePayload(ctx, p)
	if err != nil {
		return "", err
	}
	headers := map[string]string{}
	if o.notify != "" {
		if err := CheckNotifyURL(o.notify); err != nil {
			return "", err
		}
		headers[notifyHeader] = o.notify
	}
	traceHeaders(ctx, headers)
	task := asynq.NewTask(p.Kind.TaskType(), data)
	if len(headers) > 0 {
		task = asynq.NewTaskWithHeaders(p.Kind.TaskType(), data, headers)
	}
	taskOpts := []asynq.Option{asynq.TaskID(id), asynq.Queue(o.queue), asynq.MaxRetry(o.maxRetry),
		asynq.Timeout(o.timeout), asynq.Retention(c.retention)}
	if o.key != "" {
		if err := c.forgetGone(ctx, o.queue, id); err != nil {
			return "", err
		}
	}
	_, err = c.aq.EnqueueContext(ctx, task, taskOpts...)
	if errors.Is(err, asynq.ErrTaskIDConflict) {
		err = c.resubmit(ctx, id, o.queue, task, taskOpts)
		if err == nil {
			c.announceSubmitted(ctx, o.queue)
		}
		return id, err
	}
	if err != nil {
		return "", fmt.Errorf("enqueue %s job: %w", p.Kind, c.connErr(err))
	}
	c.announceSubmitted(ctx, o.queue)
	return id, nil
}

// resubmit handles an idempotency key seen before: a job that is pending,
// running or completed is the answer; one that failed or was canceled is
// removed and enqueued again, so rerunning a batch retries its failures.
func (c *Client) resubmit(ctx context.Context, id, queue string, task *asynq.Task, opts []asynq.Option) error {
	st, err := c.Status(ctx, id)
	if err != nil && !errors.Is(err, ErrJobNotFound) {
		return err
	}
	if st != nil && st.State != StateFailed && st.State != StateCanceled {
		return nil
	}
	if err := c.awaitInactive(ctx, queue, id); err != nil {
		return err
	}
	if err := c.insp.DeleteTask(queue, id); err != nil && !errors.Is(err, asynq.ErrTaskNotFound) {
		return fmt.Errorf("job %s: remove failed run before retrying it: %w", id, err)
	}
	if err := c.rdb.Del(ctx, canceledKey(id), failedKey(id)).Err(); err != nil {
		return fmt.Errorf("job %s: clear the failed run's records: %w", id, c.connErr(err))
	}
	if _, err := c.aq.EnqueueContext(ctx, task, opts...); err != nil && !errors.Is(err, asynq.ErrTaskIDConflict) {
		return fmt.Errorf("job %s: enqueue again: %w", id, c.connErr(err))
	}
	return nil
}

// settleWait bounds how long a resubmit waits for asynq to move a canceled
// job out of active.
const settleWait = 5 * time.Second

// awaitInactive waits until asynq no longer holds job id as active: a job
// counts as canceled as soon as a client cancels it, a moment before its
// worker stops it and asynq moves it out of active, and asynq cannot
// delete an active task. Should it stay active, DeleteTask says so.
func (c *Client) awaitInactive(ctx context.Context, q, id string) error {
	deadline := time.Now().Add(settleWait)
	for {
		state, err := c.rdb.HGet(ctx, queue.TaskKey(q, id), queue.StateField).Result()
		switch {
		case errors.Is(err, redis.Nil), err == nil && state != queue.TaskActive:
			return nil
		case err != nil:
			return fmt.Errorf("job %s: %w", id, c.connErr(err))
		case time.Now().After(deadline):
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("job %s: waiting for its last run to settle: %w", id, ctx.Err())
		case <-time.After(5 * time.Millisecond):
		}
	}
}

// forgetGone deletes the failure record and cancel mark of job id when
// asynq no longer holds its task, in one step (queue.ForgetGone): the job
// is about to run afresh under the same ID, and an earlier run's record
// must not speak for it. While asynq holds the task, resubmit decides
// instead.
func (c *Client) forgetGone(ctx context.Context, q, id string) error {
	if err := queue.ForgetGone(ctx, c.rdb, q, id, failedKey(id), canceledKey(id)); err != nil {
		return fmt.Errorf("job %s: clear an earlier run's records: %w", id, c.connErr(err))
	}
	return nil
}

func jobSuffix(key string) string {
	if key == "" {
		return uuid.NewString()
	}
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:16])
}

func (c *Client) encodePayload(ctx context.Context, p Payload) ([]byte, error) {
	data, err := json.Marshal(p)
	if err != nil {
		return nil, fmt.Errorf("encode %s payload: %w", p.Kind, err)
	}
	if c.keys != nil {
		// asynq stores the task payload as it is: it travels sealed, as a
		// blob, and the task names only its kind and that blob.
		id, err := c.PutBlob(ctx, data)
		if err != nil {
			return nil, err
		}
		return json.Marshal(Payload{Kind: p.Kind, PayloadBlob: id})
	}
	if len(data) <= maxInlinePayload {
		return data, nil
	}
	bulk, err := json.Marshal(p.bulk())
	if err != nil {
		return nil, fmt.Errorf("encode %s answers: %w", p.Kind, err)
	}
	if p.AnswersBlob, err = c.PutBlob(ctx, bulk); err != nil {
		return nil, err
	}
	p = p.withBulk(bulkPart{})
	return json.Marshal(p)
}

// bulkPart is the part of a payload that may travel as a blob.
type bulkPart struct {
	Locations []formats.Location       `json:"locations,omitempty"`
	Answers   []formats.Answer         `json:"answers,omitempty"`
	Expected  []formats.ExpectedAnswer `json:"expected,omitempty"`
	Group     []Payload                `json:"group,omitempty"`
}

// bulk is the part of p that may travel as a blob.
func (p *Payload) bulk() bulkPart {
	return bulkPart{Locations: p.validateArgs().Locations, Answers: p.Answers, Expected: p.verifyArgs().Expected, Group: p.Group}
}

// withBulk is p with b as its bulk part. The argument structs are copied,
// not changed: p shares them with the payload it was copied from, the
// caller's.
func (p Payload) withBulk(b bulkPart) Payload {
	p.Answers, p.Group = b.Answers, b.Group
	if p.Validate != nil || b.Locations != nil {
		v := p.validateArgs()
		v.Locations, p.Validate = b.Locations, &v
	}
	if p.Verify != nil || b.Expected != nil {
		v := p.verifyArgs()
		v.Expected, p.Verify = b.Expected, &v
	}
	return p
}

// ResolvePayload decodes a task payload, fetching its answers blob if the
// answers travelled separately.
func (c *Backend) ResolvePayload(ctx context.Context, data []byte) (Payload, error) {
	var p Payload
	if err := json.Unmarshal(data, &p); err != nil {
		return p, fmt.Errorf("decode payload: %w", err)
	}
	if p.PayloadBlob != "" {
		raw, err := c.GetBlob(ctx, p.PayloadBlob)
		if err != nil {
			return p, fmt.Errorf("payload of the job: %w", err)
		}
		p = Payload{}
		if err := json.Unmarshal(raw, &p); err != nil {
			return p, fmt.Errorf("decode payload blob: %w", err)
		}
	}
	if p.AnswersBlob == "" {
		return p, nil
	}
	raw, err := c.GetBlob(ctx, p.AnswersBlob)
	if err != nil {
		return p, fmt.Errorf("answers of the job: %w", err)
	}
	var b bulkPart
	if err := json.Unmarshal(raw, &b); err != nil {
		return p, fmt.Errorf("decode answers blob: %w", err)
	}
	p = p.withBulk(b)
	p.AnswersBlob = ""
	return p, nil
}

// CheckGroup checks a fill_group's payloads: 1 to MaxGroup fills, each with
// its document and its answers inline (a group's answers travel as one
// blob, the group's, when they are large). Submit checks a group before it
// is queued and the worker again when it arrives, as a task in Redis may
// have been written by anyone.
func CheckGroup(group []Payload) error {
	if len(group) == 0 || len(group) > MaxGroup {
		return fmt.Errorf("%s job has %d payloads; expected 1 to %d", KindFillGroup, len(group), MaxGroup)
	}
	for i, item := range group {
		if item.Kind != KindFill {
			return fmt.Errorf("%s job: payload %d is of kind %q; expected %s", KindFillGroup, i, item.Kind, KindFill)
		}
		if item.DocID == "" {
			return fmt.Errorf("%s job: payload %d needs a document: upload it with PutBlob and set doc_id", KindFillGroup, i)
		}
		if item.AnswersBlob != "" || len(item.Group) > 0 {
			return fmt.Errorf("%s job: payload %d carries an answers blob or a group of its own; expected a plain fill", KindFillGroup, i)
		}
	}
	return nil
}
